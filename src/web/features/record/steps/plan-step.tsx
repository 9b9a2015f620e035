import { Plus, RefreshCw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { RECORD_LIMITS } from '@shared/records/medical-record';
import type { WorkingRecord } from '@shared/records/flow';
import { URGENCY_LABELS, appendPlanBullet } from '@shared/records/step-rules';
import { useOpenRecordActions } from '../../../data/open-record';
import { reportAiOutcome, useAiBlock } from '../../../data/ai-use';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-field';
import { recordAiKeys, suggestPlan } from '../../../data/ai-tasks';
import { FinishVisitButton, useFinalizationMessage } from './finish-visit';
import { BackButton, StepLayout, usePartWriter } from './step-layout';

/**
 * docs/product.md, "Etapa Plano": the plan (the record's one place for it), suggestions to append
 * to it, and 'Finalizar consulta'.
 */
export function PlanStep(props: { record: WorkingRecord }) {
  const { record } = props;
  const write = usePartWriter(record, 'plan');
  const plan = record.plan ?? '';
  const missing = useFinalizationMessage('plan');

  return (
    <StepLayout
      title="Plano de Tratamento"
      footer={
        <>
          <BackButton />
          <FinishVisitButton record={record} />
        </>
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <TextAreaField
            label="Plano de tratamento"
            hint="Condutas, orientações ao paciente e seguimento."
            rows={12}
            className="min-h-[300px]"
            maxLength={RECORD_LIMITS.longText}
            value={plan}
            error={missing}
            data-finalization-field="plan"
            onChange={(event) => write(() => event.target.value)}
          />
        </div>
        <PlanSuggestionsPanel
          record={record}
          onAdd={(suggestion) => write((current) => appendPlanBullet(current, suggestion))}
        />
      </div>
    </StepLayout>
  );
}

function PlanSuggestionsPanel(props: {
  record: WorkingRecord;
  onAdd: (suggestion: string) => void;
}) {
  const { record } = props;
  const actions = useOpenRecordActions();
  const aiBlock = useAiBlock(record.patientId);
  // Once per record, on entry, with the record as it is then; coming back to the plan does not
  // ask again ('Atualizar' does, with the record as it is by then). Never when AI may not help.
  const suggestions = useQuery({
    queryKey: recordAiKeys.planSuggestions(record.id),
    queryFn: () => suggestPlan(actions.record?.id === record.id ? actions.record : record),
    staleTime: Infinity,
    enabled: aiBlock.known && aiBlock.reason === undefined,
  });
  const loaded = suggestions.data;
  const loading = suggestions.isFetching;

  return (
    <aside
      aria-labelledby="plan-suggestions-title"
      className="flex flex-col gap-3 rounded-md border border-line bg-surface-muted p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="plan-suggestions-title" className="text-sm font-semibold text-fg">
          Sugestões
        </h3>
        <Button
          variant="secondary"
          className="px-3 py-1"
          disabled={loading || aiBlock.reason !== undefined}
          onClick={() => {
            // Suggestions replaced unused were discarded (one used stays accepted).
            reportAiOutcome(loaded?.use, 'discarded');
            void suggestions.refetch();
          }}
        >
          <RefreshCw aria-hidden className="size-4" />
          Atualizar
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col gap-3">
        {aiBlock.reason ? (
          <p className="text-sm text-fg-muted">{aiBlock.reason}: o plano é escrito sem IA.</p>
        ) : loading || !loaded ? (
          <p className="text-sm text-fg-muted">Gerando sugestões...</p>
        ) : loaded.suggestions.length === 0 ? (
          <p className="text-sm text-fg-muted">
            Nenhuma sugestão disponível. Clique em "Atualizar" para gerar.
          </p>
        ) : (
          <>
            {loaded.source !== 'model' && (
              <p className="text-xs font-medium text-fg-muted">
                {loaded.source === 'offline'
                  ? 'Sugestões gerais (Modo offline)'
                  : `Sugestões gerais (IA indisponível)${loaded.notice ? `: ${loaded.notice}` : ''}`}
              </p>
            )}
            <ul className="flex flex-col gap-2">
              {loaded.suggestions.map((suggestion) => (
                <li
                  key={suggestion}
                  className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3"
                >
                  <span className="text-sm text-fg">{suggestion}</span>
                  <Button
                    variant="secondary"
                    className="self-start px-3 py-1"
                    onClick={() => {
                      reportAiOutcome(loaded.use, 'accepted');
                      props.onAdd(suggestion);
                    }}
                  >
                    <Plus aria-hidden className="size-4" />
                    Adicionar ao Plano
                  </Button>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-xs text-fg-muted">
              <dt className="font-medium">Urgência:</dt>
              <dd>{URGENCY_LABELS[loaded.urgencyLevel]}</dd>
              {loaded.followUpRecommendation && (
                <>
                  <dt className="font-medium">Seguimento:</dt>
                  <dd>{loaded.followUpRecommendation}</dd>
                </>
              )}
            </dl>
            {loaded.source === 'model' && loaded.reasoning && (
              <p className="text-xs text-fg-muted">{loaded.reasoning}</p>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
