import { useQuery } from '@tanstack/react-query';
import { AI_USE_SUMMARY_DAYS, AI_USE_TASK_LABELS } from '@shared/ai/use';
import { settingsApi } from '@shared/api/settings';
import { api } from '../../data/api';

/**
 * Her own last 30 days of AI (docs/ia-riscos.md, "Monitoramento"): per feature, how often it was
 * used and how often she accepted, edited or discarded what it gave. 'Sem registro' counts the
 * uses whose fate the app could not know (a transcript, an answer left on screen).
 */
export function AiUseSummary() {
  const summary = useQuery({
    queryKey: ['settings', 'ai-use'],
    queryFn: ({ signal }) => api.call(settingsApi.aiUse, { signal }),
    // Read again each time Settings opens: the uses of the day count.
    refetchOnMount: 'always',
  });

  return (
    <div className="flex flex-col gap-2 text-sm">
      <h3 id="ai-use-summary-title" className="font-semibold text-fg">
        Seu uso de IA nos últimos {AI_USE_SUMMARY_DAYS} dias
      </h3>
      {summary.isPending ? (
        <p className="text-fg-muted">Carregando...</p>
      ) : summary.isError ? (
        <p role="alert" className="text-danger-fg">
          Não foi possível carregar o seu uso de IA: {summary.error.message}
        </p>
      ) : summary.data.features.length === 0 ? (
        <p className="text-fg-muted">Nenhum uso de IA em prontuários neste período.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-labelledby="ai-use-summary-title" className="w-full text-left">
            <thead className="text-fg-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Recurso
                </th>
                {['Usos', 'Aceitos', 'Editados', 'Descartados', 'Sem registro'].map((heading) => (
                  <th key={heading} scope="col" className="px-2 py-1 text-right font-medium">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {summary.data.features.map((feature) => (
                <tr key={feature.task} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal text-fg">
                    {AI_USE_TASK_LABELS[feature.task]}
                  </th>
                  {[
                    feature.total,
                    feature.accepted,
                    feature.edited,
                    feature.discarded,
                    feature.total - feature.accepted - feature.edited - feature.discarded,
                  ].map((count, index) => (
                    <td key={index} className="px-2 py-1 text-right tabular-nums text-fg">
                      {count}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
