import { ChevronDown, LogOut, RefreshCw, Stethoscope } from 'lucide-react';
import { useId, useState } from 'react';
import { treatmentCardSummary } from '@shared/chat/rules';
import type { RecordContent } from '@shared/records/medical-record';
import { PHONE_SCREEN_QUERY, useMediaQuery } from '../../ui/use-media-query';
import { Button } from '../../ui/button';
import type { AutoUpdateControls } from './use-conversation-auto-update';

interface TreatmentCardProps {
  record: RecordContent;
  onLeave: () => void;
  autoUpdate: AutoUpdateControls;
}

/**
 * docs/product.md, "Cartão Atendimento em Andamento": with a record open, the 'Atendimento em
 * Andamento' card — who the patient is, the complaint, 'Prontuário ativo' — with 'Sair do
 * Atendimento', and the record's auto-update from the conversation. On a phone it is one line that
 * opens to all of that, so the conversation keeps the screen.
 */
export function TreatmentCard(props: TreatmentCardProps) {
  const phone = useMediaQuery(PHONE_SCREEN_QUERY);
  return phone ? <FoldedTreatmentCard {...props} /> : <FullTreatmentCard {...props} />;
}

/** A phone's card: one line (a disclosure button, for touch and keyboard alike). */
function FoldedTreatmentCard(props: TreatmentCardProps) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const summary = treatmentCardSummary(props.record);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-accent bg-accent-soft/40 px-3 py-2"
    >
      <h2 className="text-sm">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          onClick={() => setExpanded((current) => !current)}
          className="flex w-full items-center gap-2 text-left"
        >
          <Stethoscope aria-hidden="true" className="shrink-0 text-accent-fg" size={16} />
          <span id={titleId} className="shrink-0 font-semibold text-fg">
            Atendimento em Andamento
          </span>
          <span className="min-w-0 truncate text-fg">
            · {summary.name} · {summary.age}
          </span>
          <ChevronDown
            aria-hidden="true"
            size={16}
            className={`ml-auto shrink-0 text-fg-muted transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      {expanded && (
        <div id={detailsId} className="flex flex-col gap-3">
          <div className="flex flex-col gap-0.5">
            <PatientLines summary={summary} />
          </div>
          <Button variant="secondary" className="self-start" onClick={props.onLeave}>
            <LogOut aria-hidden="true" size={16} /> Sair do Atendimento
          </Button>
          <AutoUpdateRow autoUpdate={props.autoUpdate} />
        </div>
      )}
    </section>
  );
}

function PatientLines({ summary }: { summary: ReturnType<typeof treatmentCardSummary> }) {
  return (
    <>
      <p className="text-fg">
        <span className="font-medium">{summary.name}</span> · {summary.age}
      </p>
      <p className="text-sm text-fg-muted">{summary.complaint}</p>
      <p className="flex items-center gap-1 text-xs font-medium text-success-fg">
        <span aria-hidden="true" className="size-2 rounded-full bg-success-fg" />
        Prontuário ativo
      </p>
    </>
  );
}

function FullTreatmentCard(props: TreatmentCardProps) {
  const summary = treatmentCardSummary(props.record);
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
            <PatientLines summary={summary} />
          </div>
        </div>
        <Button variant="secondary" onClick={props.onLeave}>
          <LogOut aria-hidden="true" size={16} /> Sair do Atendimento
        </Button>
      </div>
      <AutoUpdateRow autoUpdate={props.autoUpdate} />
    </section>
  );
}

/** 'Atualizar o prontuário com a conversa', 'Atualizar agora' and what the last update did. */
function AutoUpdateRow({ autoUpdate }: { autoUpdate: AutoUpdateControls }) {
  const result = autoUpdate.lastResult;
  return (
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
  );
}
