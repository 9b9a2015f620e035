import { Ban, Copy, Download, Pencil, Printer } from 'lucide-react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { formatDateTime } from '../../../shared/pt-br-format';
import { recordViewTitle } from '../../../shared/record-display';
import { computeProgress, type WorkingRecord } from '../../../shared/record-flow';
import { buildRecordDocument, recordFileName } from '../../../shared/record-narrative';
import type { TemplateSettings } from '../../../shared/templates';
import type { SaveStatus } from '../../data/open-record';
import { RecordSaveStatus } from './record-save-status';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { StatusTone } from '../../ui/status-toast';
import { ViewHeader } from '../../ui/view-header';
import type { RecordDisplayMode } from '../../workspace-views';
import { printRecord } from './print-record';
import { downloadFile } from '../../ui/download-file';

export const CANCEL_RECORD_QUESTION =
  'Tem certeza que deseja cancelar este prontuário? Todos os dados serão perdidos.';
export const COPIED_NOTICE = 'Prontuário copiado para a área de transferência!';
export const COPY_FAILED_NOTICE = 'Não foi possível copiar.';

/** An action as an icon on narrow screens and icon plus text from `sm`; the name is always there. */
function HeaderAction(props: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className="px-3"
    >
      {props.icon}
      <span className="hidden sm:inline">{props.label}</span>
    </Button>
  );
}

/**
 * The open record's title bar (docs/product.md, "Tela do prontuário"): patient, creation date,
 * status, where the edits are, the actions (edit, copy, download, print, cancel) and the progress
 * bar.
 */
export function RecordHeader(props: {
  record: WorkingRecord;
  save: SaveStatus;
  settings: TemplateSettings;
  onEdit: () => void;
  onCancel: () => void;
  notify: (text: string, tone?: StatusTone) => void;
}) {
  const { record, settings, notify } = props;
  const progress = computeProgress(record);
  const finalized = record.status === 'finalizado';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(buildRecordDocument(record, settings, new Date()));
      notify(COPIED_NOTICE);
    } catch (error) {
      // docs/product.md, "Copiar, baixar e imprimir o prontuário": clipboard failures are logged;
      // the doctor still learns nothing was copied.
      console.error('Falha ao copiar o prontuário:', error);
      notify(COPY_FAILED_NOTICE, 'error');
    }
  };

  const download = () => {
    const now = new Date();
    downloadFile(
      new Blob([buildRecordDocument(record, settings, now)], { type: 'text/plain;charset=utf-8' }),
      recordFileName(record, now),
    );
  };

  return (
    <>
      <ViewHeader title={recordViewTitle(record)}>
        <HeaderAction
          label="Editar"
          icon={<Pencil aria-hidden="true" size={18} />}
          onClick={props.onEdit}
        />
        <HeaderAction
          label="Copiar"
          icon={<Copy aria-hidden="true" size={18} />}
          onClick={() => void copy()}
        />
        <HeaderAction
          label="Baixar"
          icon={<Download aria-hidden="true" size={18} />}
          onClick={download}
        />
        <HeaderAction
          label="Imprimir Prontuário Completo"
          icon={<Printer aria-hidden="true" size={18} />}
          onClick={() => printRecord(true)}
        />
        {!finalized && (
          <ConfirmDialog
            trigger={
              // A plain Button: the dialog's trigger hands it a ref and handlers to keep.
              <Button
                variant="danger"
                aria-label="Cancelar Prontuário"
                title="Cancelar Prontuário"
                className="px-3"
              >
                <Ban aria-hidden="true" size={18} />
                <span className="hidden sm:inline">Cancelar Prontuário</span>
              </Button>
            }
            title="Cancelar Prontuário"
            question={CANCEL_RECORD_QUESTION}
            confirmLabel="Cancelar Prontuário"
            onConfirm={props.onCancel}
          />
        )}
      </ViewHeader>
      <div className="border-b border-line bg-surface px-4 py-3 sm:px-6">
        <div className="mx-auto flex w-full max-w-5xl flex-col gap-3">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-fg-muted">
            <span>Criado em {formatDateTime(record.createdAt)}</span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                finalized ? 'bg-success-soft text-success-fg' : 'bg-warning-soft text-warning-fg'
              }`}
            >
              {finalized ? 'Finalizado' : 'Em Andamento'}
            </span>
            <RecordSaveStatus save={props.save} />
          </div>
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label="Progresso do prontuário"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 flex-1 overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width]"
                style={{ width: `${progress}%` }}
              />
            </div>
            <span className="shrink-0 text-sm text-fg-muted">{progress}% concluído</span>
          </div>
        </div>
      </div>
    </>
  );
}

/** The record's display modes (docs/product.md, "Modos de exibição"), in tab order. */
const MODE_LABELS: Record<RecordDisplayMode, string> = {
  form: 'Formulário',
  report: 'Relatório',
  anamnesis: 'Anamnese',
  feedback: 'Feedback',
};

export const recordTabId = (mode: RecordDisplayMode) => `record-tab-${mode}`;
export const RECORD_PANEL_ID = 'record-mode-panel';

/**
 * Formulário / Relatório / Anamnese / Feedback as a tab list with arrow-key navigation (the
 * selected tab is the only one in the Tab order). Choosing a tab changes the address, so a
 * reload keeps the mode.
 */
export function RecordModeTabs(props: {
  modes: readonly RecordDisplayMode[];
  selected: RecordDisplayMode;
  onSelect: (mode: RecordDisplayMode) => void;
}) {
  const { modes, selected, onSelect } = props;
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = modes.indexOf(selected);
    const target = {
      ArrowRight: modes[(index + 1) % modes.length],
      ArrowLeft: modes[(index - 1 + modes.length) % modes.length],
      Home: modes[0],
      End: modes[modes.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    onSelect(target);
    listRef.current?.querySelector<HTMLElement>(`#${recordTabId(target)}`)?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label="Modo de exibição do prontuário"
      onKeyDown={onKeyDown}
      className="flex min-w-0 gap-1 overflow-x-auto border-b border-line"
    >
      {modes.map((mode) => {
        const active = mode === selected;
        return (
          <button
            key={mode}
            id={recordTabId(mode)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={RECORD_PANEL_ID}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(mode)}
            className={`-mb-px shrink-0 border-b-2 px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-4 ${
              active
                ? 'border-accent text-accent-fg'
                : 'border-transparent text-fg-muted hover:text-fg'
            }`}
          >
            {MODE_LABELS[mode]}
          </button>
        );
      })}
    </div>
  );
}
