import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { medicationsApi, type SafetyCheckRequest } from '@shared/api/catalogues';
import {
  needsReason,
  SAFETY_SEVERITY_LABELS,
  safetyWarningKey,
  type SafetyReason,
  type SafetySeverity,
  type SafetyWarning,
} from '@shared/prescriptions/safety-warnings';
import { api } from '../../data/api';
import { TextField } from '../../ui/text-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useDraft } from '../../ui/use-draft';

/** A prescription being written is checked this long after its last change. */
const SAFETY_DEBOUNCE_MS = 600;

/**
 * How a prescription is checked (`POST /api/medications/safety-check`): interactions,
 * duplication, pregnancy, kidneys, children's doses, allergies, gravest first. Answers are kept
 * per check; none when the check could not be made (it only advises).
 */
export function safetyCheckQuery(check: SafetyCheckRequest) {
  return queryOptions({
    queryKey: ['prescription-safety', check] as const,
    queryFn: async ({ signal }): Promise<SafetyWarning[]> => {
      try {
        return (await api.call(medicationsApi.safetyCheck, { body: check, signal })).warnings;
      } catch (error) {
        if (!signal.aborted) console.warn('Verificação de segurança indisponível.', error);
        return [];
      }
    },
    enabled: check.medications.length > 0,
  });
}

/**
 * The safety check of a prescription as it is being written (debounced): its warnings; the last
 * ones stay while the next check runs, and none with nothing prescribed.
 */
export function useSafetyCheck(check: SafetyCheckRequest): SafetyWarning[] {
  const settled = useDebouncedValue(check, SAFETY_DEBOUNCE_MS);
  const checked = useQuery({ ...safetyCheckQuery(settled), placeholderData: keepPreviousData });
  return check.medications.length > 0 ? (checked.data ?? []) : [];
}

const SEVERITY_CLASSES: Readonly<Record<SafetySeverity, string>> = {
  contraindicado: 'border border-danger-fg bg-danger-soft text-danger-fg',
  grave: 'bg-danger-soft text-danger-fg',
  moderado: 'bg-warning-soft text-warning-fg',
};

/** The section's title; a receita's names its patient when several are shown. */
export const SAFETY_WARNINGS_TITLE = 'Avisos de segurança da prescrição';

/**
 * 'Avisos de segurança': each warning with its severity, what to do and its source; a grave or
 * contraindicated one asks for the doctor's reason to keep the prescription, kept with it. Without
 * `onReason` (a signed receita) the reasons given are shown, and none is asked for.
 */
export function SafetyWarnings(props: {
  warnings: readonly SafetyWarning[];
  reasons: readonly SafetyReason[];
  onReason?: ((warning: SafetyWarning, reason: string) => void) | undefined;
  /** Who the prescription is for, when the screen shows several. */
  patientName?: string | undefined;
  /**
   * How long after the last keystroke a reason is handed to `onReason` (and on leaving the
   * field): 0 where a write costs nothing (the record's draft), more where each is a request.
   */
  reasonDelayMs?: number;
}) {
  const headingId = useId();
  if (props.warnings.length === 0) return null;
  const reasonOf = new Map(props.reasons.map((reason) => [safetyWarningKey(reason), reason]));
  const { onReason } = props;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-warning-fg bg-warning-soft p-4 text-fg"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-warning-fg">
        <AlertTriangle aria-hidden className="size-4" />
        {props.patientName
          ? `${SAFETY_WARNINGS_TITLE} — ${props.patientName}`
          : SAFETY_WARNINGS_TITLE}
      </h3>
      <ul className="mt-3 flex flex-col gap-3">
        {props.warnings.map((warning) => {
          const given = reasonOf.get(safetyWarningKey(warning))?.reason ?? '';
          return (
            <li
              key={safetyWarningKey(warning)}
              className="flex flex-col gap-1 rounded-md bg-surface p-3 text-sm"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_CLASSES[warning.severity]}`}
                >
                  {SAFETY_SEVERITY_LABELS[warning.severity]}
                </span>
                <span className="font-medium">{warning.medications.join(' + ')}</span>
              </p>
              <p>{warning.message}</p>
              <p className="text-xs text-fg-muted">Fonte: {warning.reference}</p>
              {needsReason(warning) &&
                (onReason ? (
                  <ReasonField
                    warning={warning}
                    reason={given}
                    onReason={onReason}
                    delayMs={props.reasonDelayMs ?? 0}
                  />
                ) : (
                  given && <p className="text-sm">Justificativa: {given}</p>
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ReasonField(props: {
  warning: SafetyWarning;
  reason: string;
  onReason: (warning: SafetyWarning, reason: string) => void;
  delayMs: number;
}) {
  const draft = useDraft({
    value: props.reason,
    toDraft: (value: string) => value,
    matches: (text: string, value: string) => text === value,
    commit: (text: string) => props.onReason(props.warning, text),
    delayMs: props.delayMs,
  });
  const missing = props.reason.trim() === '' && draft.draft.trim() === '';
  return (
    <TextField
      label={`Justificativa para manter (${props.warning.medications.join(' + ')})`}
      value={draft.draft}
      maxLength={1000}
      onChange={(event) => draft.change(event.target.value)}
      onBlur={draft.flush}
      {...(missing ? { hint: 'Obrigatória para continuar com esta prescrição.' } : {})}
    />
  );
}
