import { ArrowRightLeft, FileText, Pill, ScrollText } from 'lucide-react';
import type { TimelineItem } from '@shared/patients/chart';
import { formatDate } from '@shared/lib/pt-br-format';
import type { PatientTimelineQuery } from '../../data/patients';
import { Button } from '../../ui/button';

const KIND_ICONS = { record: FileText, prescription: Pill, document: ScrollText } as const;

/** How an entry stands, in words (never by colour alone). */
function statusText(item: TimelineItem): string {
  if (item.kind === 'record') return item.finalized ? 'Finalizada' : 'Em andamento';
  if (item.kind === 'prescription') {
    if (item.receitaLife === 'cancelada') return 'Cancelada';
    if (item.receitaLife === 'assinada') return 'Assinada';
    return item.finalized ? 'Emitida' : 'Rascunho';
  }
  return '';
}

/**
 * What was done for her, newest first, 20 at a time: each visit opens in the record view, each
 * receita in the receitas dialog, each document as its PDF.
 */
export function PatientTimeline(props: {
  /** Asked for by the chart together with her header (patient-chart.tsx). */
  timeline: PatientTimelineQuery;
  /** The entry being opened: its button waits. */
  busyId: string | undefined;
  onOpen: (item: TimelineItem) => void;
  /** 'Mover' on a finalised visit: to file it under another patient. */
  onMove: (item: TimelineItem) => void;
}) {
  const { timeline } = props;
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];

  if (timeline.isPending) return <p className="text-sm text-fg-muted">Carregando histórico...</p>;
  if (timeline.isError && items.length === 0) {
    return (
      <div role="alert" className="text-sm text-danger-fg">
        <p>{timeline.error.message}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void timeline.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        Nenhuma consulta nem receita ainda. “Nova consulta” começa a primeira.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface">
        {items.map((item) => {
          const Icon = KIND_ICONS[item.kind];
          const status = statusText(item);
          const content = (
            <>
              <Icon aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-fg-muted" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium break-words text-fg">{item.title}</span>
                <span className="text-sm text-fg-muted">
                  <time dateTime={item.date}>{formatDate(item.date)}</time>
                  {status && ` · ${status}`}
                </span>
              </span>
            </>
          );
          const movable = item.kind === 'record' && item.finalized;
          return (
            <li key={`${item.kind}-${item.id}`} className="flex items-start">
              <button
                type="button"
                disabled={props.busyId !== undefined}
                aria-busy={props.busyId === item.id}
                onClick={() => props.onOpen(item)}
                className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-surface-muted focus-visible:bg-surface-muted disabled:cursor-wait"
              >
                {content}
              </button>
              {movable && (
                <Button
                  variant="ghost"
                  className="m-2 shrink-0 px-2 text-sm"
                  aria-label={`Mover a consulta de ${formatDate(item.date)} para outro paciente`}
                  onClick={() => props.onMove(item)}
                >
                  <ArrowRightLeft aria-hidden="true" size={16} /> Mover
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {timeline.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            disabled={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {timeline.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
          </Button>
        </div>
      )}
      {timeline.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-danger-fg">
          {timeline.error.message}
        </p>
      )}
    </div>
  );
}
