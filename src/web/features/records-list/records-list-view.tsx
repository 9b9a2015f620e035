import { FilePlus2, FileText, LogIn } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { MedicalRecord } from '../../../shared/medical-record';
import { hasMoreRecords, recordCountText } from '../../../shared/record-list-rules';
import { ApiError, CONNECTION_ERROR } from '../../api-request';
import { browserRecordsClient, useCurrentRecordStore } from '../../current-record/current-record';
import { Button } from '../../ui/button';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import { ViewHeader } from '../../ui/view-header';
import { ChatModeButtons } from '../../ui/chat/chat-mode-buttons';
import { useChatConversationStore } from '../../chat-conversation/chat-conversation';
import type { WorkspaceViewProps } from '../../workspace-views';
import { RecordCard } from './record-card';
import { useRecordsList, useRemoveFromRecordsList } from './records-list-query';

/** Spec §8 alerts when a record can't be read fresh before showing it. */
const LOAD_FAILED = {
  report: 'Erro ao carregar prontuário. Tente novamente.',
  form: 'Erro ao carregar prontuário para edição. Tente novamente.',
} as const;

/** A failure of the records service, in the spec's red box (spec §2). */
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

/** A 401 means the session ended while the workspace stayed on screen. */
const RECORD_CHANGED_NOT_DELETED =
  'Este prontuário foi alterado em outra aba ou dispositivo e não foi excluído. A lista foi atualizada: confira antes de excluir.';

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The doctor's records (spec §2 'Prontuários Médicos'): newest first, 20 at a time. */
export default function RecordsListView({ doctor, openView, preloadView }: WorkspaceViewProps) {
  const store = useCurrentRecordStore();
  const list = useRecordsList(doctor.id);
  const removeFromList = useRemoveFromRecordsList(doctor.id);
  const [busyId, setBusyId] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const preloadRecordView = () => preloadView('medical-record');
  const chat = useChatConversationStore();
  const backToChat = (mode: 'general' | 'specialist') => {
    if (mode !== chat.getSnapshot().mode) chat.setMode(mode);
    openView('chat');
  };

  const createRecord = async () => {
    if (creating) return;
    setCreating(true);
    try {
      // Never fails: without the server the store starts a local record and sends it later.
      await store.create();
      openView('medical-record');
    } finally {
      setCreating(false);
    }
  };

  /** Reads the record fresh (another tab may have changed it) and shows it as asked. */
  const openRecord = async (record: MedicalRecord, mode: 'report' | 'form') => {
    if (busyId) return;
    setBusyId(record.id);
    try {
      const answer = await browserRecordsClient.get(record.id).catch(() => undefined);
      if (!answer?.success) {
        // Deleted elsewhere: it should not stay in the list to fail again.
        if (answer?.status === 404) removeFromList(record.id);
        window.alert(LOAD_FAILED[mode]);
        return;
      }
      store.open(answer.record);
      openView('medical-record', mode);
    } finally {
      setBusyId(undefined);
    }
  };

  const deleteRecord = async (record: MedicalRecord) => {
    if (busyId) return;
    setBusyId(record.id);
    setDeleteError(undefined);
    try {
      const failure = await store.delete(record.id, record.version);
      if (failure?.code === 'record_changed') {
        // Changed in another tab since the list was read: kept, and the list shows it as it is.
        setDeleteError(RECORD_CHANGED_NOT_DELETED);
        void list.refetch();
      } else if (failure) setDeleteError(failure.error);
      else removeFromList(record.id);
    } catch {
      // The store reports network failures as an answer; this is only a safety net.
      setDeleteError(CONNECTION_ERROR);
    } finally {
      setBusyId(undefined);
    }
  };

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const lastPage = list.data?.pages.at(-1);

  let body: ReactNode;
  if (isSignedOut(list.error)) {
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
                onOpen={(chosen) => void openRecord(chosen, 'report')}
                onEdit={(chosen) => void openRecord(chosen, 'form')}
                onDelete={(chosen) => void deleteRecord(chosen)}
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
