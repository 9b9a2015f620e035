import * as Dialog from '@radix-ui/react-dialog';
import { FilePlus2, Lock, X } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { ADDENDUM_MAX_LENGTH } from '@shared/records/medical-record';
import { formatDateTime } from '@shared/lib/pt-br-format';
import type { WorkingRecord } from '@shared/records/flow';
import { useAddAddendum, type OpenRecordActions } from '../../data/open-record';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-field';

/** The banner's texts, shared with the tests that look for them. */
export const FINALIZED_RECORD_TEXT = {
  addAddendum: 'Adicionar adendo',
  saveAddendum: 'Salvar adendo',
  addendumLabel: 'Texto do adendo',
  addendumSaved: 'Adendo registrado.',
  addendumKept:
    'Sem conexão: o adendo ficou guardado neste dispositivo e será registrado assim que o servidor responder.',
  close: 'Fechar prontuário',
} as const;

/** 'Prontuário finalizado em 21/11/2026 14:30'. */
export function finalizedOnText(record: Pick<WorkingRecord, 'updatedAt'>): string {
  // A finalised record's content never changes again, so its last change is the finalisation.
  return `Prontuário finalizado em ${formatDateTime(record.updatedAt)}`;
}

/**
 * Above a finalised record: when it was finalised, that its content is locked, and the way to
 * correct it — a dated addendum, appended to the record and shown in its report and print.
 */
export function FinalizedRecordBanner(props: {
  record: WorkingRecord;
  actions: OpenRecordActions;
  /** Leaves the record (the doctor goes on to the next patient). */
  onClose: () => void;
  notify: (text: string) => void;
}) {
  const { record, actions } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const addendum = useAddAddendum(actions);
  const sending = addendum.isPending;
  const addenda = record.addenda?.length ?? 0;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setError(undefined);
    const result = await addendum.mutateAsync(text);
    if (result.status === 'refused') {
      setError(result.error.message);
      return;
    }
    setText('');
    setOpen(false);
    props.notify(
      result.status === 'sent'
        ? FINALIZED_RECORD_TEXT.addendumSaved
        : FINALIZED_RECORD_TEXT.addendumKept,
    );
  };

  return (
    <section
      aria-labelledby="finalized-record-title"
      className="flex flex-col gap-3 rounded-md border border-line bg-success-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-success-fg" />
        <div>
          <h2 id="finalized-record-title" className="font-semibold text-success-fg">
            {finalizedOnText(record)}
          </h2>
          <p className="text-sm text-fg">
            O conteúdo não pode mais ser alterado. Correções e informações posteriores são
            registradas como adendos datados
            {addenda > 0 ? ` (${addenda} ${addenda === 1 ? 'adendo' : 'adendos'} até agora)` : ''}.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Dialog.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setError(undefined);
          }}
        >
          <Dialog.Trigger asChild>
            <Button>
              <FilePlus2 aria-hidden className="size-4" />
              {FINALIZED_RECORD_TEXT.addAddendum}
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-xl">
              <div className="flex items-start justify-between gap-2">
                <Dialog.Title className="text-lg font-semibold text-fg">
                  {FINALIZED_RECORD_TEXT.addAddendum}
                </Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" className="shrink-0 px-2" aria-label="Fechar">
                    <X aria-hidden className="size-4" />
                  </Button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="mt-1 text-sm text-fg-muted">
                O adendo é registrado com a data, a hora e o seu nome, e não pode ser editado nem
                excluído depois.
              </Dialog.Description>
              <form className="mt-4 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
                <TextAreaField
                  label={FINALIZED_RECORD_TEXT.addendumLabel}
                  rows={6}
                  maxLength={ADDENDUM_MAX_LENGTH}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  error={error}
                />
                <div className="flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">Cancelar</Button>
                  </Dialog.Close>
                  <Button type="submit" disabled={!text.trim() || sending}>
                    {FINALIZED_RECORD_TEXT.saveAddendum}
                  </Button>
                </div>
              </form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <Button variant="secondary" onClick={props.onClose}>
          {FINALIZED_RECORD_TEXT.close}
        </Button>
      </div>
    </section>
  );
}
