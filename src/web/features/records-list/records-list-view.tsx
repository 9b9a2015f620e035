import { FilePlus2, FileText, LogIn } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { isApiError } from '@shared/api/client';
import type { MedicalRecord } from '@shared/records/medical-record';
import { hasMoreRecords, recordCountText } from '@shared/records/list-rules';
import { useOpenRecordActions, useRecordsListActions } from '../../data/open-record';
import { useRecordsList } from '../../data/records';
import { Button } from '../../ui/button';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import { ViewHeader } from '../../ui/view-header';
import { ChatModeButtons } from '../../ui/chat/chat-mode-buttons';
import { useChatConversationActions } from '../../data/chat';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import { RecordCard } from './record-card';

/**
 * Said above the list when a record can't be read fresh before showing it (docs/product.md,
 * "Lista de prontuários"): a load error, shown in place.
 */
const LOAD_FAILED = {
  report: 'Erro ao carregar prontuário. Tente novamente.',
  form: 'Erro ao carregar prontuário para edição. Tente novamente.',
} as const;

/** A failure of the records service, in a red box. */
function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-danger-fg bg-danger-soft p-4 text-sm text-danger-fg"
    >
      {children}
    </div>
  );
}

const RECORD_CHANGED_NOT_DELETED =
  'Este prontuário foi alterado em outra aba ou dispositivo e não foi excluído. A lista foi atualizada: confira antes de excluir.';

/** The doctor's records ('Prontuários Médicos'): newest first, 20 at a time. */
export default function RecordsListView({ openView, preloadView }: WorkspaceViewProps) {
  const recordActions = useOpenRecordActions();
  const list = useRecordsList();
  const { read, remove: deletion } = useRecordsListActions();
  const [creating, setCreating] = useState(false);
  const [openError, setOpenError] = useState<string>();
  const preloadRecordView = () => preloadView('medical-record');
  const chat = useChatConversationActions();
  const backToChat = (mode: 'general' | 'specialist') => {
    if (mode !== chat.current().mode) chat.setMode(mode);
    openView('chat');
  };
  // The row being opened or deleted; one at a time.
  const busyId = read.isPending
    ? read.variables.id
    : deletion.isPending
      ? deletion.variables.id
      : undefined;
  const deleteError = isApiError(deletion.error, 'record_changed')
    ? RECORD_CHANGED_NOT_DELETED
    : deletion.error?.message;

  const createRecord = async () => {
    if (creating) return;
    setCreating(true);
    try {
      // Never fails: without the server a local record starts, sent once it answers.
      await recordActions.create();
      openView('medical-record');
    } finally {
      setCreating(false);
    }
  };

  /** Reads the record fresh (another tab may have changed it) and shows it as asked. */
  const openRecord = (record: MedicalRecord, mode: 'report' | 'form') => {
    if (busyId) return;
    setOpenError(undefined);
    read.mutate(record, {
      onSuccess: (fresh) => {
        recordActions.open(fresh);
        openView('medical-record', mode);
      },
      onError: () => setOpenError(LOAD_FAILED[mode]),
    });
  };

  const deleteRecord = (record: MedicalRecord) => {
    if (busyId) return;
    deletion.mutate(record);
  };

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const lastPage = list.data?.pages.at(-1);

  let body: ReactNode;
  if (isApiError(list.error, 'unauthorized')) {
    body = (
      <p className="flex items-center gap-2 rounded-md border border-line bg-surface p-4 text-fg">
        <LogIn aria-hidden="true" size={18} /> Faça login para ver seus prontuários
      </p>
    );
  } else if (list.isPending) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-16">
        <span
          aria-hidden="true"
          className="h-8 w-8 animate-spin rounded-full border-4 border-line border-t-accent"
        />
        <p className="text-fg-muted">Carregando prontuários...</p>
      </div>
    );
  } else {
    body = (
      <>
        {list.isError && (
          <ErrorBox>
            <p>{list.error.message}</p>
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() =>
                void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch())
              }
            >
              Tentar novamente
            </Button>
          </ErrorBox>
        )}
        {deleteError && <ErrorBox>{deleteError}</ErrorBox>}
        {openError && <ErrorBox>{openError}</ErrorBox>}
        {list.data && (
          <p className="text-sm text-fg-muted" aria-live="polite">
            {recordCountText(records.length)}
          </p>
        )}
        {list.data && records.length === 0 && (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line bg-surface px-6 py-12 text-center">
            <FileText aria-hidden="true" size={32} className="text-fg-muted" />
            <p className="font-medium text-fg">Nenhum prontuário ainda.</p>
            <p className="text-sm text-fg-muted">
              Clique em “Novo Prontuário” para começar o primeiro atendimento.
            </p>
          </div>
        )}
        {records.length > 0 && (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {records.map((record) => (
              <RecordCard
                key={record.id}
                record={record}
                busy={busyId === record.id}
                onOpen={(chosen) => openRecord(chosen, 'report')}
                onEdit={(chosen) => openRecord(chosen, 'form')}
                onDelete={deleteRecord}
                onIntent={preloadRecordView}
              />
            ))}
          </ul>
        )}
        {hasMoreRecords(lastPage) && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Carregando...' : 'Carregar Mais'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="flex min-h-full flex-col">
      <ViewHeader title="Prontuários Médicos">
        <ChatModeButtons
          onGeneral={() => backToChat('general')}
          onSpecialists={() => backToChat('specialist')}
        />
        <Button
          disabled={creating}
          onClick={() => void createRecord()}
          {...preloadOnIntent(preloadRecordView)}
        >
          <FilePlus2 aria-hidden="true" size={18} /> Novo Prontuário
        </Button>
      </ViewHeader>
      <section
        aria-label="Lista de prontuários"
        className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 sm:px-6"
      >
        {body}
      </section>
    </div>
  );
}
