import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, Copy, Download, MoreVertical, Pencil, Printer, type LucideIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDateTime } from '@shared/lib/pt-br-format';
import { recordViewTitle } from '@shared/records/display';
import { computeProgress, type WorkingRecord } from '@shared/records/flow';
import { buildRecordDocument, recordFileName } from '@shared/records/narrative';
import type { TemplateSettings } from '@shared/records/templates';
import type { SaveStatus } from '../../data/open-record';
import { RecordSaveStatus } from './record-save-status';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { StatusTone } from '../../ui/status-toast';
import { ViewHeader } from '../../ui/view-header';
import type { RecordDisplayMode } from '../../data/workspace-views';
import { printRecord } from './print-record';
import { downloadFile } from '../../ui/download-file';

export const CANCEL_RECORD_QUESTION =
  'Tem certeza que deseja cancelar este prontuário? Todos os dados serão perdidos.';
const CANCEL_RECORD_LABEL = 'Cancelar Prontuário';
export const COPIED_NOTICE = 'Prontuário copiado para a área de transferência!';
export const COPY_FAILED_NOTICE = 'Não foi possível copiar.';

/** One of the title bar's actions, with its visible name. */
interface RecordAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
}

/** A title bar action from `sm` up: icon and visible name. */
function HeaderAction(props: { action: RecordAction }) {
  const { action } = props;
  return (
    <Button variant="secondary" onClick={action.onSelect} className="px-3">
      <action.icon aria-hidden="true" size={18} />
      {action.label}
    </Button>
  );
}

const MENU_ITEM_CLASSES =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm select-none data-highlighted:bg-surface-muted';

/**
 * On a phone, the actions in one labelled menu ('Ações'): five icons in a row were unnamed on
 * sight, and the destructive cancel sits apart at the end, named, after a separator.
 */
function PhoneActionsMenu(props: { actions: readonly RecordAction[]; onCancel?: () => void }) {
  return (
    // Not modal: the cancel item opens a dialog of its own, which takes the focus from here.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" className="px-3">
          <MoreVertical aria-hidden="true" size={18} />
          Ações
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-20 flex w-64 flex-col rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          {props.actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              onSelect={action.onSelect}
              className={`${MENU_ITEM_CLASSES} text-fg`}
            >
              <action.icon aria-hidden="true" size={16} /> {action.label}
            </DropdownMenu.Item>
          ))}
          {props.onCancel && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
              <DropdownMenu.Item
                onSelect={props.onCancel}
                className={`${MENU_ITEM_CLASSES} text-danger-fg`}
              >
                <Ban aria-hidden="true" size={16} /> {CANCEL_RECORD_LABEL}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The open record's title bar (docs/product.md, "Tela do prontuário"): patient, creation date,
 * status, where the edits are, the actions (edit, copy, download, print, cancel) and, while the
 * visit is open, the progress bar.
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
  /** The phone menu's cancel asks in a dialog of its own (the menu closes first). */
  const [cancelling, setCancelling] = useState(false);

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

  const actions: RecordAction[] = [
    { label: 'Editar', icon: Pencil, onSelect: props.onEdit },
    { label: 'Copiar', icon: Copy, onSelect: () => void copy() },
    { label: 'Baixar', icon: Download, onSelect: download },
    { label: 'Imprimir Prontuário Completo', icon: Printer, onSelect: () => printRecord() },
  ];
  const cancelDialog = {
    title: CANCEL_RECORD_LABEL,
    question: CANCEL_RECORD_QUESTION,
    confirmLabel: CANCEL_RECORD_LABEL,
    cancelLabel: 'Manter prontuário',
    onConfirm: props.onCancel,
  };

  return (
    <>
      <ViewHeader title={recordViewTitle(record)}>
        {/* From `sm` up, every action is a named button; below, one 'Ações' menu. Only one of
            the two is displayed, so a screen reader meets each action once. */}
        <div className="hidden flex-wrap gap-2 sm:flex">
          {actions.map((action) => (
            <HeaderAction key={action.label} action={action} />
          ))}
          {!finalized && (
            <ConfirmDialog
              trigger={
                // A plain Button: the dialog's trigger hands it a ref and handlers to keep.
                <Button variant="danger" className="px-3">
                  <Ban aria-hidden="true" size={18} />
                  {CANCEL_RECORD_LABEL}
                </Button>
              }
              {...cancelDialog}
            />
          )}
        </div>
        <div className="sm:hidden">
          <PhoneActionsMenu
            actions={actions}
            {...(finalized ? {} : { onCancel: () => setCancelling(true) })}
          />
          {!finalized && (
            <ConfirmDialog open={cancelling} onOpenChange={setCancelling} {...cancelDialog} />
          )}
        </div>
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
          {/* Progress measures a visit still being written; a finalised one is done whatever
              steps it left empty, and the badge and the banner say so. */}
          {!finalized && (
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
          )}
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
