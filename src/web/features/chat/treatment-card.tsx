import { LogOut, RefreshCw, Stethoscope } from 'lucide-react';
import { treatmentCardSummary } from '../../../shared/chat-rules';
import type { RecordContent } from '../../../shared/medical-record';
import { Button } from '../../ui/button';
import type { AutoUpdateControls } from './use-conversation-auto-update';

/**
 * Spec §2: with a record open, the 'Atendimento em Andamento' card — who the patient is, the
 * complaint, 'Prontuário ativo' — with 'Sair do Atendimento', and the record's auto-update from
 * the conversation.
 */
export function TreatmentCard(props: {
  record: RecordContent;
  onLeave: () => void;
  autoUpdate: AutoUpdateControls;
}) {
  const summary = treatmentCardSummary(props.record);
  const { autoUpdate } = props;
  const result = autoUpdate.lastResult;
  return (
    <section
      aria-labelledby="treatment-card-title"
      className="flex flex-col gap-3 rounded-lg border border-accent bg-accent-soft/40 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <Stethoscope aria-hidden="true" className="mt-1 text-accent-fg" size={20} />
          <div className="flex flex-col gap-0.5">
            <h2 id="treatment-card-title" className="font-semibold text-fg">
              Atendimento em Andamento
            </h2>
            <p className="text-fg">
              <span className="font-medium">{summary.name}</span> · {summary.age}
            </p>
            <p className="text-sm text-fg-muted">{summary.complaint}</p>
            <p className="flex items-center gap-1 text-xs font-medium text-success-fg">
              <span aria-hidden="true" className="size-2 rounded-full bg-success-fg" />
              Prontuário ativo
            </p>
          </div>
        </div>
        <Button variant="secondary" onClick={props.onLeave}>
          <LogOut aria-hidden="true" size={16} /> Sair do Atendimento
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-3 text-sm">
        <label className="flex items-center gap-2 text-fg">
          <input
            type="checkbox"
            checked={autoUpdate.enabled}
            onChange={(event) => (event.target.checked ? autoUpdate.start() : autoUpdate.stop())}
            className="size-4 accent-[var(--accent)]"
          />
          Atualizar o prontuário com a conversa
        </label>
        <Button
          variant="ghost"
          className="px-2 py-1"
          disabled={!autoUpdate.enabled || autoUpdate.running}
          onClick={autoUpdate.force}
        >
          <RefreshCw
            aria-hidden="true"
            size={14}
            className={autoUpdate.running ? 'animate-spin' : ''}
          />
          Atualizar agora
        </Button>
        <span role="status" className="text-xs text-fg-muted">
          {autoUpdate.running
            ? 'Atualizando o prontuário...'
            : result
              ? result.success
                ? `Prontuário atualizado pela conversa (confiança ${Math.round(result.confidence * 100)}%).`
                : result.error
              : ''}
        </span>
      </div>
    </section>
  );
}
