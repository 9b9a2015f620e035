import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { accountApi, type ActiveSession } from '@shared/api/account';
import { formatDateTime } from '@shared/lib/pt-br-format';
import { describeSessionAddress } from '@shared/account/device-name';
import { api } from '../../data/api';
import { Button } from '../../ui/button';

/** The doctor's sessions, in the query cache. */
const SESSIONS_KEY = ['account', 'sessions'] as const;

/**
 * Settings' "Sessões ativas": where the doctor is signed in (device, address, last use), with a
 * way to end one session or all the others. Sessions are named by id; no token reaches the page.
 */
export function ActiveSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => api.call(accountApi.listSessions, { signal }),
  });
  const end = useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? api.call(accountApi.revokeOtherSessions, { body: {} })
        : api.call(accountApi.revokeSession, { body: { id: which.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <section
      aria-labelledby="active-sessions-title"
      className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-6 pb-8"
    >
      <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5">
        <h2 id="active-sessions-title" className="text-base font-semibold text-fg">
          Sessões ativas
        </h2>
        <p className="text-sm text-fg-muted">
          Onde sua conta está conectada. Uma sessão termina sozinha depois de um tempo sem uso;
          encerre agora as que você não reconhece.
        </p>
        {sessions.isPending && <p className="text-sm text-fg-muted">Carregando...</p>}
        {sessions.isError && (
          <p role="alert" className="text-sm text-danger-fg">
            Não foi possível carregar as sessões: {sessions.error.message}
          </p>
        )}
        {end.isError && (
          <p role="alert" className="text-sm text-danger-fg">
            {end.error.message}
          </p>
        )}
        {sessions.data && (
          <ul className="flex flex-col divide-y divide-line">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={end.isPending}
                onEnd={() => end.mutate({ id: session.id })}
              />
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <div>
            <Button variant="danger" disabled={end.isPending} onClick={() => end.mutate('others')}>
              <LogOut aria-hidden="true" size={18} /> Encerrar as outras sessões
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

function SessionRow(props: { session: ActiveSession; busy: boolean; onEnd: () => void }) {
  const { session } = props;
  const address = describeSessionAddress(session.address);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex flex-col">
        <span className="font-medium text-fg">
          {session.device}
          {/* A space in the text, not only a margin: read aloud or copied, it stays two words. */}
          {session.current && <span className="text-sm text-accent-fg"> (esta sessão)</span>}
        </span>
        <span className="text-sm text-fg-muted">
          {address ? `Endereço: ${address} · ` : ''}
          Entrou em {formatDateTime(session.createdAt)} · Último uso em{' '}
          {formatDateTime(session.lastUsedAt)}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          disabled={props.busy}
          aria-label={`Encerrar a sessão ${session.device}`}
          onClick={props.onEnd}
        >
          Encerrar
        </Button>
      )}
    </li>
  );
}
