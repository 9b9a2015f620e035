import type { ExtractionResult } from '../ai/extraction';
import {
  RECORD_STEPS,
  type Intensity,
  type MedicalRecord,
  type PatientInfo,
  type PhysicalExam,
  type RecordContent,
  type RecordStep,
  type RecordStepState,
  type Symptoms,
  type VitalSigns,
} from './medical-record';
import { normalizeSteps } from './write';

/**
 * The record as the doctor's browser holds it: a server record (`medical-record-…`, with the
 * version last seen) or a local one (`record-<timestamp>`) not yet saved on the server.
 */
export type WorkingRecord = Omit<MedicalRecord, 'userId' | 'version'> & { version?: number };

/**
 * docs/product.md, "Criar, abrir, sair e cancelar": a record the browser made itself when the
 * server could not be reached.
 */
export const LOCAL_RECORD_ID_PREFIX = 'record-';

export function isLocalRecordId(id: string): boolean {
  return id.startsWith(LOCAL_RECORD_ID_PREFIX);
}

/**
 * What an AI request adds to name the visit it helps with, so the visit's chart records the use
 * (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026"): nothing for a record the server has
 * not got yet.
 */
export function visitOfAiRequest(record: { id: string } | undefined): { recordId?: string } {
  return record && !isLocalRecordId(record.id) ? { recordId: record.id } : {};
}

/** A new, empty record as docs/product.md, "Criar, abrir, sair e cancelar" starts it: em_andamento, at patient-info. */
export function newWorkingRecord(id: string, now: Date): WorkingRecord {
  const timestamp = now.toISOString();
  return {
    id,
    status: 'em_andamento',
    currentStep: 'patient-info',
    steps: normalizeSteps(undefined),
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

/** The step bar's short names, in step order. */
export const STEP_LABELS: Record<RecordStep, string> = {
  'patient-info': 'Paciente',
  symptoms: 'Sintomas',
  'physical-exam': 'Exame Físico',
  assessment: 'Avaliação',
  prescriptions: 'Prescrições',
  plan: 'Plano',
  'print-summary': 'Resumo',
};

/** docs/product.md, "As sete etapas": what the chat reports the doctor is doing on each step. */
export const STEP_STATUS_TEXT: Record<RecordStep, string> = {
  'patient-info': 'Coletando dados do paciente',
  symptoms: 'Coletando sintomas',
  'physical-exam': 'Realizando exame físico',
  assessment: 'Em avaliação médica',
  prescriptions: 'Definindo medicamentos e exames',
  plan: 'Definindo plano de tratamento',
  'print-summary': 'Preparando documentos',
};

/** The status text for a step; anything else (no record, an unknown step) is 'Em andamento'. */
export function stepStatusText(step: string | undefined): string {
  return (RECORD_STEPS as readonly string[]).includes(step ?? '')
    ? STEP_STATUS_TEXT[step as RecordStep]
    : 'Em andamento';
}

/** The step after `step`; the last step stays where it is. */
export function nextStep(step: RecordStep): RecordStep {
  const index = RECORD_STEPS.indexOf(step);
  return RECORD_STEPS[Math.min(index + 1, RECORD_STEPS.length - 1)] ?? step;
}

/** The step before `step`; the first step stays where it is. */
export function previousStep(step: RecordStep): RecordStep {
  const index = RECORD_STEPS.indexOf(step);
  return RECORD_STEPS[Math.max(index - 1, 0)] ?? step;
}

const hasText = (text: string | undefined): boolean => Boolean(text?.trim());

/**
 * The completion rules of docs/product.md, "Conclusão das etapas e progresso", from what the record
 * holds: patient name, chief complaint, general appearance, assessment, at least one prescribed
 * item (or 'Sem prescrição nesta consulta'), plan; print-summary only once the record says so
 * (finalising completes it).
 */
export function isStepComplete(record: WorkingRecord, step: RecordStep): boolean {
  switch (step) {
    case 'patient-info':
      return hasText(record.patientInfo?.name);
    case 'symptoms':
      return hasText(record.symptoms?.chiefComplaint);
    case 'physical-exam':
      return hasText(record.physicalExam?.generalAppearance);
    case 'assessment':
      return hasText(record.assessment);
    case 'prescriptions':
      return prescriptionsDecided(record);
    case 'plan':
      return hasText(record.plan);
    case 'print-summary':
      return record.steps.some((state) => state.type === step && state.completed);
  }
}

/** Medications plus exams prescribed in the record. */
export function prescribedItemCount(record: RecordContent): number {
  return (
    (record.prescriptions?.medications?.length ?? 0) + (record.prescriptions?.exams?.length ?? 0)
  );
}

/**
 * Whether the prescriptions step is done: something prescribed, or the doctor said this visit
 * prescribes nothing ('Sem prescrição nesta consulta', a counselling-only visit).
 */
export function prescriptionsDecided(record: RecordContent): boolean {
  return prescribedItemCount(record) > 0 || record.prescriptions?.noPrescription === true;
}

/** A part the visit cannot be finalised without, named by the field that holds it. */
export type FinalizationField = 'patient-name' | 'prescriptions' | 'plan';

/** What a record lacks to be finalised: the step and field that hold it, and what to say there. */
export interface FinalizationGap {
  step: RecordStep;
  field: FinalizationField;
  message: string;
}

/**
 * docs/product.md, "Finalização do prontuário": what finalising needs and the record lacks, in
 * step order — the patient's name (the record names whom it is about), the prescriptions decided
 * (something prescribed, or 'Sem prescrição nesta consulta') and the plan. Empty when the visit
 * may be finalised.
 */
export function finalizationGaps(record: RecordContent): FinalizationGap[] {
  const gaps: FinalizationGap[] = [];
  if (!hasText(record.patientInfo?.name)) {
    gaps.push({
      step: 'patient-info',
      field: 'patient-name',
      message: 'Informe o nome do paciente para finalizar a consulta.',
    });
  }
  if (!prescriptionsDecided(record)) {
    gaps.push({
      step: 'prescriptions',
      field: 'prescriptions',
      message:
        'Adicione pelo menos um medicamento ou exame, ou marque “Sem prescrição nesta consulta”, para finalizar a consulta.',
    });
  }
  if (!hasText(record.plan)) {
    gaps.push({
      step: 'plan',
      field: 'plan',
      message: 'Escreva o plano de tratamento para finalizar a consulta.',
    });
  }
  return gaps;
}

/**
 * Share of complete steps, as a whole percentage
 * (docs/product.md, "Conclusão das etapas e progresso").
 */
export function computeProgress(record: WorkingRecord): number {
  const complete = RECORD_STEPS.filter((step) => isStepComplete(record, step)).length;
  return Math.round((complete / RECORD_STEPS.length) * 100);
}

/** The step list with `step` marked complete (or not); the other steps unchanged. */
export function markStep(
  steps: readonly RecordStepState[],
  step: RecordStep,
  completed = true,
): RecordStepState[] {
  return normalizeSteps(steps).map((state) =>
    state.type === step ? { ...state, completed } : state,
  );
}

/** The parts each data step edits; print-summary edits nothing. */
export const STEP_OF_PART = {
  patientInfo: 'patient-info',
  teleconsulta: 'patient-info',
  symptoms: 'symptoms',
  physicalExam: 'physical-exam',
  assessment: 'assessment',
  prescriptions: 'prescriptions',
  plan: 'plan',
} as const satisfies Partial<Record<keyof RecordContent, RecordStep>>;
export type EditablePart = keyof typeof STEP_OF_PART;

/**
 * docs/product.md, "Etapa Exame Físico": BMI = weight / (height in m)², one decimal; only when both
 * are set and positive.
 */
export function computeBmi(weightKg: number | undefined, heightCm: number | undefined) {
  if (!weightKg || !heightCm || weightKg <= 0 || heightCm <= 0) return undefined;
  const heightM = heightCm / 100;
  return Math.round((weightKg / (heightM * heightM)) * 10) / 10;
}

/** The vital signs with the BMI recomputed from weight and height (removed when either is unset). */
export function withComputedBmi(vitals: VitalSigns): VitalSigns {
  const { bmi: _previous, ...rest } = vitals;
  const bmi = computeBmi(vitals.weight, vitals.height);
  return bmi === undefined ? rest : { ...rest, bmi };
}

/**
 * docs/product.md, "Etapa Paciente": an age as typed; whole numbers 0–150, anything else is no age.
 */
export function parseAge(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const age = Number(trimmed);
  return age <= 150 ? age : undefined;
}

/**
 * docs/product.md, "Etapa Paciente": a comma-separated list as typed: split, trimmed, empty entries
 * dropped.
 */
export function parseCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A vital sign as typed: a number (comma or dot as decimal mark), or unset when blank/invalid. */
export function parseMeasurement(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!normalised) return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}

/** docs/product.md, "Etapa Sintomas": the intensity scale, with the colour each level shows in. */
export const INTENSITY_SCALE: readonly {
  value: Intensity;
  label: string;
  range: string;
  colour: 'green' | 'yellow' | 'red';
}[] = [
  { value: 'leve', label: 'Leve', range: '1-3', colour: 'green' },
  { value: 'moderada', label: 'Moderada', range: '4-6', colour: 'yellow' },
  { value: 'intensa', label: 'Intensa', range: '7-10', colour: 'red' },
];

/**
 * Green for leve, yellow for moderada, red for intensa (docs/product.md, "Etapa Sintomas"); no
 * colour for an intensity nobody rated, so an unrated symptom never looks mild.
 */
export function intensityColour(
  intensity: Intensity | undefined,
): 'green' | 'yellow' | 'red' | undefined {
  if (intensity === undefined) return undefined;
  if (intensity === 'leve') return 'green';
  return intensity === 'moderada' ? 'yellow' : 'red';
}

// ---------------------------------------------------------------------------------------------
// Merging extracted data (docs/product.md, "Mescla de dados extraídos")

/** Copies the non-empty values of `update` over `base`: blank text and unset numbers never erase. */
function overrideNonEmpty<T extends object>(base: T | undefined, update: Partial<T>): T {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && !value.trim()) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    merged[key] = value;
  }
  return merged as T;
}

/**
 * Appends `addition` after a blank line; either may be empty. A paragraph the text already holds
 * is not added again, so processing the same consultation twice does not repeat it.
 */
export function appendParagraph(existing: string | undefined, addition: string): string {
  const before = existing?.trim() ?? '';
  const after = addition.trim();
  if (!after) return existing ?? '';
  if (before.split(/\n\s*\n/).some((paragraph) => paragraph.trim() === after)) return before;
  return before ? `${before}\n\n${after}` : after;
}

/**
 * Merges extracted data into a record (docs/product.md, "Mescla de dados extraídos"): new non-empty
 * values override old ones for patient info, symptoms and vitals; lists default to empty;
 * assessment and plan are appended after a blank line; a step is marked complete only when the
 * merged part holds content.
 */
export function mergeExtraction(
  record: WorkingRecord,
  extraction: Pick<
    ExtractionResult,
    'patientInfo' | 'symptoms' | 'physicalExam' | 'assessment' | 'plan'
  > &
    Partial<Pick<ExtractionResult, 'prescriptions'>>,
): WorkingRecord {
  const patientInfo: PatientInfo = {
    allergies: [],
    medications: [],
    chronicConditions: [],
    ...overrideNonEmpty(record.patientInfo, extraction.patientInfo),
  };
  const symptoms: Symptoms = {
    currentSymptoms: [],
    ...overrideNonEmpty(record.symptoms, extraction.symptoms),
  };
  const { vitalSigns: extractedVitals, ...extractedExam } = extraction.physicalExam;
  const vitalSigns = withComputedBmi(
    overrideNonEmpty(record.physicalExam?.vitalSigns, extractedVitals ?? {}),
  );
  const physicalExam: PhysicalExam = {
    ...overrideNonEmpty(record.physicalExam, extractedExam),
    vitalSigns,
  };
  const assessment = appendParagraph(record.assessment, extraction.assessment);
  const plan = appendParagraph(record.plan, extraction.plan);
  const medications = [
    ...(record.prescriptions?.medications ?? []),
    ...(extraction.prescriptions?.medications ?? []).filter(
      (added) =>
        !record.prescriptions?.medications?.some(
          (present) => present.name.toLowerCase() === added.name.toLowerCase(),
        ),
    ),
  ];
  const merged: WorkingRecord = {
    ...record,
    patientInfo,
    symptoms,
    physicalExam,
    ...(assessment ? { assessment } : {}),
    ...(plan ? { plan } : {}),
    prescriptions: { ...record.prescriptions, medications },
  };

  let steps = record.steps;
  const holdsContent: [RecordStep, boolean][] = [
    ['patient-info', hasText(patientInfo.name) || patientInfo.age !== undefined],
    ['symptoms', hasText(symptoms.chiefComplaint)],
    [
      'physical-exam',
      Object.keys(vitalSigns).length > 0 || hasText(physicalExam.generalAppearance),
    ],
    ['assessment', hasText(assessment)],
    ['plan', hasText(plan)],
  ];
  for (const [step, filled] of holdsContent) if (filled) steps = markStep(steps, step);
  return { ...merged, steps };
}
