import { aiUseSchema, type AiUse } from '../ai/use';
import {
  SAFETY_KINDS,
  SAFETY_SEVERITIES,
  type SafetyReason,
} from '../prescriptions/safety-warnings';
import { z } from 'zod';

/**
 * The seven steps of the SOAP record, in the order the doctor walks through them
 * (docs/product.md, "As sete etapas").
 */
export const RECORD_STEPS = [
  'patient-info',
  'symptoms',
  'physical-exam',
  'assessment',
  'prescriptions',
  'plan',
  'print-summary',
] as const;
export type RecordStep = (typeof RECORD_STEPS)[number];

export const RECORD_STATUSES = ['em_andamento', 'finalizado'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

export const GENDERS = ['masculino', 'feminino', 'outro'] as const;
export const INTENSITIES = ['leve', 'moderada', 'intensa'] as const;
export type Gender = (typeof GENDERS)[number];
export type Intensity = (typeof INTENSITIES)[number];
export const EXAM_TYPES = ['laboratorial', 'imagem', 'funcional', 'outro'] as const;
export const EXAM_PRIORITIES = ['rotina', 'urgente', 'eletivo'] as const;
export const MEDICATION_PRIORITIES = ['normal', 'urgente'] as const;

/** Ids the server assigns (local records, not yet saved, use `record-`). */
export const SERVER_RECORD_ID_PREFIX = 'medical-record-';

/** Caps that keep one record bounded: a record is typed by a person, not pasted from a book. */
export const RECORD_LIMITS = {
  shortText: 200,
  mediumText: 2_000,
  longText: 20_000,
  listItems: 100,
  prescriptionItems: 50,
} as const;

/**
 * Text a person typed. The NUL character has no place in it and PostgreSQL cannot store it in
 * text or JSONB, so it is refused here rather than failing in the database.
 */
export const typedText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'), { message: 'contém um caractere inválido (NUL)' });

const shortText = typedText(RECORD_LIMITS.shortText).trim();
const mediumText = typedText(RECORD_LIMITS.mediumText);
const longText = typedText(RECORD_LIMITS.longText);
const textList = z.array(shortText).max(RECORD_LIMITS.listItems);
const measurement = (min: number, max: number) => z.number().min(min).max(max);

export const patientInfoSchema = z.strictObject({
  name: shortText.optional(),
  age: z.number().int().min(0).max(150).optional(),
  gender: z.enum(GENDERS).optional(),
  allergies: textList.optional(),
  medications: textList.optional(),
  chronicConditions: textList.optional(),
  contact: shortText.optional(),
  /** Pregnant at this visit: the prescription's safety check warns of what to avoid. */
  pregnant: z.boolean().optional(),
  /** Creatinine clearance or eGFR, mL/min, as the lab reports it: kidney dose limits. */
  creatinineClearance: measurement(0, 250).optional(),
});

export const symptomsSchema = z.strictObject({
  chiefComplaint: mediumText.optional(),
  currentSymptoms: textList.optional(),
  duration: shortText.optional(),
  intensity: z.enum(INTENSITIES).optional(),
  additionalInfo: longText.optional(),
});

export const vitalSignsSchema = z.strictObject({
  bloodPressure: typedText(20).trim().optional(),
  heartRate: measurement(0, 400).optional(),
  respiratoryRate: measurement(0, 200).optional(),
  temperature: measurement(20, 46).optional(),
  oxygenSaturation: measurement(0, 100).optional(),
  height: measurement(0, 300).optional(),
  weight: measurement(0, 700).optional(),
  bmi: measurement(0, 300).optional(),
});

export const physicalExamSchema = z.strictObject({
  vitalSigns: vitalSignsSchema.optional(),
  generalAppearance: longText.optional(),
  head: mediumText.optional(),
  neck: mediumText.optional(),
  chest: mediumText.optional(),
  heart: mediumText.optional(),
  abdomen: mediumText.optional(),
  extremities: mediumText.optional(),
  neurological: mediumText.optional(),
  skin: mediumText.optional(),
  additionalFindings: longText.optional(),
});

/**
 * The quantity a pharmacy dispenses for one prescribed item, in figures and words
 * ({ amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' }). Computed by the server
 * from the item's parts (src/clinical/prescriptions/dispense-plan.ts) unless the doctor
 * wrote it (`enteredByDoctor`), in which case it is kept as written and never recomputed.
 */
export const dispenseQuantitySchema = z.strictObject({
  amount: z.number().int().min(0).max(9_999),
  unit: shortText,
  text: shortText.min(1),
  enteredByDoctor: z.boolean().optional(),
});
export type DispenseQuantity = z.output<typeof dispenseQuantitySchema>;

/** Routes of administration, each printed under its own heading on a receita (prescription.ts). */
export const MEDICATION_ROUTES = [
  'oral',
  'topica',
  'injetavel',
  'inalatoria',
  'oftalmica',
  'nasal',
  'retal',
  'vaginal',
  'sublingual',
  'otologica',
] as const;
export type MedicationRoute = (typeof MEDICATION_ROUTES)[number];

export const medicationSchema = z.strictObject({
  id: shortText.optional(),
  name: shortText.min(1),
  dosage: shortText.optional(),
  /** The dose taken each time, as written: '1 comprimido', '2 jatos', '7 mL', 'meio comprimido'. */
  dosePerIntake: shortText.optional(),
  frequency: shortText.optional(),
  duration: shortText.optional(),
  instructions: mediumText.optional(),
  explanation: mediumText.optional(),
  /**
   * Days of treatment (docs/product.md, "Receitas e lotes"); what the pharmacy dispenses is
   * `dispenseQuantity`.
   */
  quantity: shortText.optional(),
  dispenseQuantity: dispenseQuantitySchema.optional(),
  genericAllowed: z.boolean().optional(),
  priority: z.enum(MEDICATION_PRIORITIES).optional(),
  /** The route the doctor chose; without one, the receita reads it from the name and form. */
  route: z.enum(MEDICATION_ROUTES).optional(),
});

export const examSchema = z.strictObject({
  id: shortText.optional(),
  name: shortText.min(1),
  type: z.enum(EXAM_TYPES).optional(),
  priority: z.enum(EXAM_PRIORITIES).optional(),
  justification: mediumText.optional(),
  explanation: mediumText.optional(),
});

/** The doctor's reason to keep a prescription through a grave safety warning (docs/receitas.md, "Segurança da prescrição"). */
export const safetyReasonSchema = z.strictObject({
  kind: z.enum(SAFETY_KINDS),
  severity: z.enum(SAFETY_SEVERITIES),
  medications: z.array(shortText).max(10),
  message: mediumText,
  reason: mediumText,
}) satisfies z.ZodType<SafetyReason>;

export const recordPrescriptionsSchema = z.strictObject({
  medications: z.array(medicationSchema).max(RECORD_LIMITS.prescriptionItems).optional(),
  exams: z.array(examSchema).max(RECORD_LIMITS.prescriptionItems).optional(),
  additionalNotes: longText.optional(),
  /** 'Sem prescrição nesta consulta': a counselling-only visit, finalised with no item. */
  noPrescription: z.boolean().optional(),
  /**
   * Grave and contraindicated warnings of the safety check the doctor kept the prescription
   * through, each with her reason (printed in the record's narrative).
   */
  safetyReasons: z.array(safetyReasonSchema).max(RECORD_LIMITS.prescriptionItems).optional(),
});

export const recordStepStateSchema = z.strictObject({
  type: z.enum(RECORD_STEPS),
  completed: z.boolean(),
});

const stepStatesSchema = z
  .array(recordStepStateSchema)
  .max(RECORD_STEPS.length)
  .refine((steps) => new Set(steps.map((s) => s.type)).size === steps.length, {
    message: 'cada etapa pode aparecer só uma vez',
  });

const feedbackText = z.union([mediumText, z.array(mediumText).max(RECORD_LIMITS.listItems)]);

export const consultationFeedbackSchema = z.strictObject({
  mainSymptoms: feedbackText.optional(),
  relevantFindings: feedbackText.optional(),
  clinicalDiscussion: feedbackText.optional(),
  conductGuidance: feedbackText.optional(),
  humanAspects: feedbackText.optional(),
  doctorFeedback: feedbackText.optional(),
  generatedAt: z.iso.datetime({ offset: true }).optional(),
});

const anamnesisText = mediumText;

/**
 * The structured anamnesis (docs/product.md, "Anamnese estruturada"), as a record keeps it: 'Não
 * informado' where nothing was said.
 */
export const structuredAnamnesisSchema = z.strictObject({
  identificacao: z.strictObject({
    nome: anamnesisText,
    sexo: anamnesisText,
    idade: anamnesisText,
  }),
  queixaPrincipal: anamnesisText,
  historiaDoencaAtual: longText,
  antecedentesPessoais: anamnesisText,
  antecedentesFamiliares: anamnesisText,
  habitosVida: anamnesisText,
  exameFisico: longText,
  historiaSocial: anamnesisText,
  hipotesesDiagnosticas: anamnesisText,
  condutas: longText,
  orientacoes: longText,
  resumoClinico: longText,
  confidence: z.number().min(0).max(1),
});

export type PatientInfo = z.infer<typeof patientInfoSchema>;
export type Symptoms = z.infer<typeof symptomsSchema>;
export type VitalSigns = z.infer<typeof vitalSignsSchema>;
export type PhysicalExam = z.infer<typeof physicalExamSchema>;
export type Medication = z.infer<typeof medicationSchema>;
export type Exam = z.infer<typeof examSchema>;
export type RecordPrescriptions = z.infer<typeof recordPrescriptionsSchema>;
export type RecordStepState = z.infer<typeof recordStepStateSchema>;
export type ConsultationFeedback = z.infer<typeof consultationFeedbackSchema>;
export type StructuredAnamnesis = z.infer<typeof structuredAnamnesisSchema>;

/**
 * A visit held at a distance (CFM 2.314/2022): when the patient's consent to it was recorded.
 * Documents issued from the visit say it was a teleconsulta.
 */
export const teleconsultaSchema = z.strictObject({
  consentAt: z.iso.datetime({ error: 'Informe o instante do consentimento da teleconsulta.' }),
});
export type Teleconsulta = z.infer<typeof teleconsultaSchema>;

/** The free-form parts of a record, each of which may be unset. */
export const RECORD_PARTS = [
  'patientInfo',
  'symptoms',
  'physicalExam',
  'assessment',
  'prescriptions',
  'plan',
  'consultationFeedback',
  'structuredAnamnesis',
  'teleconsulta',
] as const;
export type RecordPart = (typeof RECORD_PARTS)[number];

/**
 * The parts of a record a doctor writes. Every one may be absent (unset) while the record
 * is being built; `null` in a write means "unset this part".
 */
const writableRecordShape = {
  patientInfo: patientInfoSchema.nullable().optional(),
  symptoms: symptomsSchema.nullable().optional(),
  physicalExam: physicalExamSchema.nullable().optional(),
  assessment: longText.nullable().optional(),
  prescriptions: recordPrescriptionsSchema.nullable().optional(),
  plan: longText.nullable().optional(),
  currentStep: z.enum(RECORD_STEPS).nullable().optional(),
  // Not nullable: "unset the status" has no meaning, and must never reopen a finalised record.
  status: z.enum(RECORD_STATUSES).optional(),
  steps: stepStatesSchema.nullable().optional(),
  consultationFeedback: consultationFeedbackSchema.nullable().optional(),
  structuredAnamnesis: structuredAnamnesisSchema.nullable().optional(),
  teleconsulta: teleconsultaSchema.nullable().optional(),
};

/** A record id as it may appear in a path or body. */
export const recordIdSchema = typedText(RECORD_LIMITS.shortText).min(1);

/** A patient id as it may appear in a path or body (docs/product.md, "Pacientes"). */
export const patientIdSchema = typedText(RECORD_LIMITS.shortText).min(1);

/**
 * The patient whose visit the record is: one of the doctor's (404 `patient_not_found` if not);
 * `null` in an update takes the record from its patient. Not a part of the content: moving a
 * finalised visit filed under the wrong patient changes no word of it.
 */
const patientField = { patientId: patientIdSchema.nullable().optional() };

/** A `userId` may be sent (an older client does), but only the session decides the owner. */
const ownerField = { userId: z.string().max(RECORD_LIMITS.shortText).optional() };

/**
 * Removes `null` properties below the top level: an older client sends `null` for a field it
 * means to leave unset, and inside a part that is the same as leaving the field out. Top-level
 * `null`s stay, because there they mean "unset this whole part" in an update.
 */
function dropNestedNulls(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, withoutNullProperties(value)]),
  );
}

/**
 * No part of a record nests deeper than this; below it the value is left as it came, for the
 * schema to refuse, so that no input (10,000 nested arrays, say) can overflow the stack here.
 */
const MAX_NULL_STRIPPING_DEPTH = 16;

function withoutNullProperties(value: unknown, depth = 1): unknown {
  if (depth > MAX_NULL_STRIPPING_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => withoutNullProperties(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, inner]) => inner !== null)
      .map(([key, inner]) => [key, withoutNullProperties(inner, depth + 1)]),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A schema that first drops nested nulls. Its input is typed as what it accepts once they are
 * gone (`z.preprocess` alone would type it `unknown`), so callers of the typed client are
 * checked against the record's real shape.
 */
function withoutNestedNulls<S extends z.ZodType>(schema: S) {
  return z.preprocess(dropNestedNulls, schema) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

/** Body of `POST /api/medical-records`. */
export const recordCreateSchema = withoutNestedNulls(
  z.strictObject({ ...writableRecordShape, ...ownerField, ...patientField }),
);

/** Body of `PUT /api/medical-records/:id`: any subset of the writable parts. */
export const recordUpdateSchema = withoutNestedNulls(
  z.strictObject({
    ...writableRecordShape,
    ...ownerField,
    ...patientField,
    id: recordIdSchema.optional(),
  }),
);

export type RecordCreateInput = z.infer<typeof recordCreateSchema>;
export type RecordUpdateInput = z.infer<typeof recordUpdateSchema>;

/** The writable parts of a record, as stored (unset parts are absent). */
export type RecordContent = {
  [K in keyof typeof writableRecordShape]?: Exclude<
    z.infer<(typeof writableRecordShape)[K]>,
    null | undefined
  >;
};

/** Longest addendum: a correction or a late finding, not a second record. */
export const ADDENDUM_MAX_LENGTH = 5_000;

/** Body of `POST /api/medical-records/:id/addenda`. */
export const addendumCreateSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1)
    .max(ADDENDUM_MAX_LENGTH)
    .refine((text) => !text.includes('\u0000'), {
      message: 'contém um caractere inválido (NUL)',
    }),
});

export type AddendumCreateInput = z.infer<typeof addendumCreateSchema>;

/**
 * A dated note added to a finalised record (CFM 1.821/2007: a record is kept as signed, and
 * corrections are written beside it). Appended only: never edited, never deleted.
 */
export interface RecordAddendum {
  id: string;
  /** The doctor's name, as the session knew it when the addendum was written. */
  author: string;
  /** ISO 8601 date and time. */
  createdAt: string;
  text: string;
}

/** A record as the API answers it. Dates are ISO 8601 strings. */
export interface MedicalRecord extends RecordContent {
  id: string;
  userId: string;
  /** The patient whose visit this is; absent while the record names nobody. */
  patientId?: string;
  status: RecordStatus;
  currentStep: RecordStep;
  steps: RecordStepState[];
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Addenda of a finalised record, oldest first; the server always sends them (maybe empty). */
  addenda?: RecordAddendum[];
  /**
   * The uses of AI in the visit, oldest first (docs/conformidade.md, "Uso de IA sob a CFM
   * 2.454/2026"); the server always sends them (maybe empty).
   */
  aiUse?: AiUse[];
}

const storedPart = <S extends z.ZodType>(schema: S) => schema.optional();

/**
 * A record as the API answers it, checked by the typed client and when read back from the
 * browser's storage: the same part schemas as the writes, so what was accepted reads back.
 */
export const medicalRecordSchema = z.object({
  id: recordIdSchema,
  userId: z.string(),
  patientId: z.string().optional(),
  status: z.enum(RECORD_STATUSES),
  currentStep: z.enum(RECORD_STEPS),
  steps: stepStatesSchema,
  version: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  addenda: z
    .array(
      z.object({ id: z.string(), author: z.string(), createdAt: z.string(), text: z.string() }),
    )
    .optional(),
  aiUse: z.array(aiUseSchema).optional(),
  patientInfo: storedPart(patientInfoSchema),
  symptoms: storedPart(symptomsSchema),
  physicalExam: storedPart(physicalExamSchema),
  assessment: storedPart(longText),
  prescriptions: storedPart(recordPrescriptionsSchema),
  plan: storedPart(longText),
  consultationFeedback: storedPart(consultationFeedbackSchema),
  structuredAnamnesis: storedPart(structuredAnamnesisSchema),
  teleconsulta: storedPart(teleconsultaSchema),
}) satisfies z.ZodType<MedicalRecord>;

export const RECORD_LIST_MAX_LIMIT = 100;
export const RECORD_LIST_DEFAULT_LIMIT = 20;

/** Query of `GET /api/medical-records`. */
export const recordListQuerySchema = z.strictObject({
  status: z.enum(RECORD_STATUSES).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECORD_LIST_MAX_LIMIT)
    .default(RECORD_LIST_DEFAULT_LIMIT),
  lastEvaluatedKey: z.string().min(1).max(500).optional(),
  userId: z.string().max(RECORD_LIMITS.shortText).optional(),
});

export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

/**
 * Whether a record may move from one status to another. A finalised record stays finalised:
 * docs/product.md, "Finalização do prontuário": only em_andamento → finalizado.
 */
export function canChangeStatus(from: RecordStatus, to: RecordStatus): boolean {
  return from === to || (from === 'em_andamento' && to === 'finalizado');
}
