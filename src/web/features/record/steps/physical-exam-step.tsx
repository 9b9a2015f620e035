import { useId, useState } from 'react';
import { RECORD_LIMITS, type PhysicalExam } from '@shared/records/medical-record';
import { computeBmi, withComputedBmi, type WorkingRecord } from '@shared/records/flow';
import {
  NUMERIC_VITALS,
  compactVitals,
  formatBmi,
  formatMeasurement,
  parseVital,
  vitalError,
  type NumericVital,
} from '@shared/records/step-rules';
import { CONTROL_CLASSES, Field } from '../../../ui/field';
import { TextAreaField } from '../../../ui/text-field';
import { BackButton, ContinueButton, StepLayout, usePartWriter } from './step-layout';
import { useDraft } from '../../../ui/use-draft';

/**
 * docs/product.md, "Etapa Exame Físico": a physical-exam change reaches the record 300 ms after the
 * last keystroke.
 */
const PHYSICAL_EXAM_DEBOUNCE_MS = 300;

type DraftField = NumericVital | 'bloodPressure' | 'generalAppearance';
type ExamDraft = Record<DraftField, string>;

const VITAL_FIELDS: {
  field: NumericVital | 'bloodPressure';
  label: string;
  unit: string;
  placeholder?: string;
}[] = [
  { field: 'bloodPressure', label: 'Pressão arterial', unit: 'mmHg', placeholder: '120/80' },
  { field: 'heartRate', label: 'Frequência cardíaca', unit: 'bpm' },
  { field: 'respiratoryRate', label: 'Frequência respiratória', unit: 'irpm' },
  { field: 'temperature', label: 'Temperatura', unit: '°C', placeholder: '36,5' },
  { field: 'oxygenSaturation', label: 'Saturação de O₂', unit: '%' },
  { field: 'height', label: 'Altura', unit: 'cm' },
  { field: 'weight', label: 'Peso', unit: 'kg', placeholder: '70,5' },
];

/**
 * The system fields the form no longer shows: it blanks them
 * (docs/product.md, "Etapa Exame Físico").
 */
const BLANKED_SYSTEMS = {
  head: '',
  neck: '',
  chest: '',
  heart: '',
  abdomen: '',
  extremities: '',
  neurological: '',
  skin: '',
} as const;

function draftOf(exam: PhysicalExam | undefined): ExamDraft {
  const vitals = exam?.vitalSigns ?? {};
  const draft = {
    bloodPressure: vitals.bloodPressure ?? '',
    generalAppearance: exam?.generalAppearance ?? '',
  } as ExamDraft;
  for (const field of NUMERIC_VITALS) draft[field] = formatMeasurement(vitals[field]);
  return draft;
}

function draftMatches(draft: ExamDraft, exam: PhysicalExam | undefined): boolean {
  const vitals = exam?.vitalSigns ?? {};
  return (
    draft.bloodPressure.trim() === (vitals.bloodPressure ?? '') &&
    draft.generalAppearance === (exam?.generalAppearance ?? '') &&
    NUMERIC_VITALS.every((field) => parseVital(field, draft[field]) === vitals[field])
  );
}

function examOf(draft: ExamDraft, previous: PhysicalExam | undefined): PhysicalExam {
  const numbers = Object.fromEntries(
    NUMERIC_VITALS.map((field) => [field, parseVital(field, draft[field])]),
  );
  const vitalSigns = withComputedBmi(
    compactVitals({ ...numbers, bloodPressure: draft.bloodPressure.trim() }),
  );
  return {
    ...previous,
    vitalSigns,
    generalAppearance: draft.generalAppearance,
    ...BLANKED_SYSTEMS,
  };
}

/**
 * docs/product.md, "Etapa Exame Físico": vital signs and one free-text exam. Typing goes to a local
 * draft that reaches the record 300 ms after the last change, on leaving a field, and on leaving
 * the step.
 */
export function PhysicalExamStep({ record }: { record: WorkingRecord }) {
  const write = usePartWriter(record, 'physicalExam');
  const exam = useDraft({
    value: record.physicalExam,
    toDraft: draftOf,
    matches: draftMatches,
    commit: (draft: ExamDraft) => write((current) => examOf(draft, current)),
    delayMs: PHYSICAL_EXAM_DEBOUNCE_MS,
  });
  // Range errors wait until the doctor leaves the field: '3' is on its way to '36,5'.
  const [visited, setVisited] = useState<ReadonlySet<DraftField>>(new Set());
  const draft = exam.draft;
  const set = (field: DraftField, value: string) => exam.change({ ...draft, [field]: value });
  const bmi = computeBmi(parseVital('weight', draft.weight), parseVital('height', draft.height));

  return (
    <StepLayout
      title="Exame Físico"
      footer={
        <>
          <BackButton />
          <ContinueButton />
        </>
      }
    >
      <div className="flex flex-col gap-6" onBlur={exam.flush}>
        <fieldset className="rounded-md border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-fg">Sinais vitais</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VITAL_FIELDS.map(({ field, label, unit, placeholder }) => (
              <VitalInput
                key={field}
                label={label}
                unit={unit}
                placeholder={placeholder}
                numeric={field !== 'bloodPressure'}
                maxLength={field === 'bloodPressure' ? 20 : 8}
                value={draft[field]}
                error={
                  field !== 'bloodPressure' && visited.has(field)
                    ? vitalError(field, draft[field])
                    : undefined
                }
                onChange={(value) => set(field, value)}
                onBlur={() => setVisited((previous) => new Set(previous).add(field))}
              />
            ))}
            <VitalInput label="IMC" unit="kg/m²" readOnly value={formatBmi(bmi)} />
          </div>
        </fieldset>
        <TextAreaField
          label="Exame físico"
          rows={12}
          maxLength={RECORD_LIMITS.longText}
          placeholder="Estado geral, cabeça e pescoço, tórax, coração, abdome, extremidades, neurológico, pele…"
          value={draft.generalAppearance}
          onChange={(event) => set('generalAppearance', event.target.value)}
        />
      </div>
    </StepLayout>
  );
}

/** A vital sign: its label, the input and its unit beside it (announced with the field). */
function VitalInput(props: {
  label: string;
  unit: string;
  value: string;
  placeholder?: string | undefined;
  numeric?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  error?: string | undefined;
  onChange?: (value: string) => void;
  onBlur?: () => void;
}) {
  const unitId = useId();
  return (
    <Field label={props.label} error={props.error}>
      {(control) => (
        <div className="flex items-stretch">
          <input
            {...control}
            aria-describedby={[control['aria-describedby'], unitId].filter(Boolean).join(' ')}
            type="text"
            inputMode={props.numeric ? 'decimal' : 'text'}
            autoComplete="off"
            className={`${CONTROL_CLASSES} rounded-r-none ${props.readOnly ? 'bg-surface-muted' : ''}`}
            value={props.value}
            placeholder={props.placeholder}
            readOnly={props.readOnly}
            maxLength={props.maxLength}
            onChange={(event) => props.onChange?.(event.target.value)}
            onBlur={props.onBlur}
          />
          <span
            id={unitId}
            className="flex min-w-14 items-center justify-center rounded-r-md border border-l-0 border-line bg-surface-muted px-2 text-sm text-fg-muted"
          >
            {props.unit}
          </span>
        </div>
      )}
    </Field>
  );
}
