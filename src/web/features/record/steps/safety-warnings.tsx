import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { WorkingRecord } from '../../../../shared/record-flow';
import {
  needsReason,
  SAFETY_SEVERITY_LABELS,
  safetyWarningKey,
  type SafetyReason,
  type SafetySeverity,
  type SafetyWarning,
} from '../../../../shared/prescription-safety';
import { TextField } from '../../../ui/text-field';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { checkPrescriptionSafety, recordAiKeys, type SafetyCheckInput } from '../record-ai';
import { useDraft } from './use-draft';

/** The check runs this long after the last change to the prescription. */
const SAFETY_DEBOUNCE_MS = 600;

/** What the check reads of the record: the medicines, and the patient's step and weight. */
function safetyCheckInput(record: WorkingRecord): SafetyCheckInput {
  const info = record.patientInfo;
  const weight = record.physicalExam?.vitalSigns?.weight;
  return {
    medications: (record.prescriptions?.medications ?? []).map(({ name, dosage, frequency }) => ({
      name,
      ...(dosage ? { dosage } : {}),
      ...(frequency ? { frequency } : {}),
    })),
    patient: {
      ...(info?.age !== undefined ? { age: info.age } : {}),
      ...(info?.gender ? { sex: info.gender } : {}),
      ...(weight ? { weightKg: weight } : {}),
      ...(info?.allergies?.length ? { allergies: info.allergies } : {}),
      ...(info?.medications?.length ? { medicationsInUse: info.medications } : {}),
      ...(info?.pregnant ? { pregnant: true } : {}),
      ...(info?.creatinineClearance !== undefined
        ? { creatinineClearance: info.creatinineClearance }
        : {}),
    },
  };
}

/**
 * The prescribing safety check of the record's prescription (debounced): its warnings, gravest
 * first; the last ones stay while the next check runs, and none with nothing prescribed.
 */
export function usePrescriptionSafety(record: WorkingRecord): SafetyWarning[] {
  const check = useDebouncedValue(safetyCheckInput(record), SAFETY_DEBOUNCE_MS);
  const checked = useQuery({
    queryKey: recordAiKeys.safetyCheck(check),
    queryFn: ({ signal }) => checkPrescriptionSafety(check, signal),
    enabled: check.medications.length > 0,
    placeholderData: keepPreviousData,
  });
  const prescribed = (record.prescriptions?.medications?.length ?? 0) > 0;
  return prescribed ? (checked.data ?? []) : [];
}

const SEVERITY_CLASSES: Readonly<Record<SafetySeverity, string>> = {
  contraindicado: 'border border-danger-fg bg-danger-soft text-danger-fg',
  grave: 'bg-danger-soft text-danger-fg',
  moderado: 'bg-warning-soft text-warning-fg',
};

/**
 * 'Avisos de segurança': each warning with its severity, what to do and its source; a grave or
 * contraindicated one asks for the doctor's reason to keep the prescription, kept with it.
 */
export function SafetyWarnings(props: {
  warnings: readonly SafetyWarning[];
  reasons: readonly SafetyReason[];
  onReason: (warning: SafetyWarning, reason: string) => void;
}) {
  if (props.warnings.length === 0) return null;
  const reasonOf = new Map(props.reasons.map((reason) => [safetyWarningKey(reason), reason]));
  return (
    <section
      aria-labelledby="safety-warnings-heading"
      className="rounded-md border border-warning-fg bg-warning-soft p-4 text-fg"
    >
      <h3
        id="safety-warnings-heading"
        className="flex items-center gap-2 text-sm font-semibold text-warning-fg"
      >
        <AlertTriangle aria-hidden className="size-4" />
        Avisos de segurança da prescrição
      </h3>
      <ul className="mt-3 flex flex-col gap-3">
        {props.warnings.map((warning) => (
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
            {needsReason(warning) && (
              <ReasonField
                warning={warning}
                reason={reasonOf.get(safetyWarningKey(warning))?.reason ?? ''}
                onReason={props.onReason}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReasonField(props: {
  warning: SafetyWarning;
  reason: string;
  onReason: (warning: SafetyWarning, reason: string) => void;
}) {
  const draft = useDraft({
    value: props.reason,
    toDraft: (value: string) => value,
    matches: (text: string, value: string) => text === value,
    // At once: the reason counts for 'Continuar' as soon as it is typed.
    commit: (text: string) => props.onReason(props.warning, text),
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
