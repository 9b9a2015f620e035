import { z } from 'zod';
import { emptyExtraction, type ExtractionResult } from './extraction';
import { EXTRACTION_TEXT_MAX_LENGTH } from './extraction-request';
import {
  consultationFeedbackSchema,
  examSchema,
  medicationSchema,
  patientInfoSchema,
  physicalExamSchema,
  recordCreateSchema,
  structuredAnamnesisSchema,
  symptomsSchema,
  vitalSignsSchema,
  patientIdSchema,
  EXAM_PRIORITIES,
  EXAM_TYPES,
  type Exam,
  type Medication,
  type RecordContent,
} from '../records/medical-record';
import {
  ENHANCEMENT_DEFAULT_CONFIDENCE,
  PLAN_SUGGESTIONS_FALLBACK,
  type PlanSuggestions,
} from '../records/step-rules';

/**
 * The AI tasks of docs/product.md, "Tarefas e respostas padrão" as the server offers them under
 * `/api/ai/<task>`: what each one reads (request schemas, also used by the browser to build its
 * calls) and what it answers (answer schemas, used by the server to validate a model's reply and by
 * the browser to read it), with their fallbacks for a reply that could not be used.
 */

// ---------------------------------------------------------------------------------------------
// Requests

const AI_TEXT_MAX = 20_000;
/** Messages of a conversation sent for analysis: the tasks read the last 5, 10 or 20 (docs/product.md, "Tarefas e respostas padrão"). */
const CONVERSATION_MAX_MESSAGES = 50;

const aiText = (max = AI_TEXT_MAX) =>
  z
    .string({ error: 'Envie o texto como uma sequência de caracteres.' })
    .max(max, { error: `O texto pode ter no máximo ${max} caracteres.` });
const requiredText = (max = AI_TEXT_MAX) =>
  aiText(max).trim().min(1, { error: 'O texto não pode ficar vazio.' });

/** One message of a conversation sent to an AI task. */
export const conversationMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant', 'system'], {
    error: 'Cada mensagem deve ter role "user", "assistant" ou "system".',
  }),
  content: aiText(8_000),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

const conversation = z
  .array(conversationMessageSchema, { error: 'Envie a conversa como uma lista de mensagens.' })
  .min(1, { error: 'Envie ao menos uma mensagem.' })
  .max(CONVERSATION_MAX_MESSAGES, {
    error: `Envie no máximo ${CONVERSATION_MAX_MESSAGES} mensagens.`,
  });

/**
 * The open record's content as an AI task reads it: the writable parts, validated as stored,
 * with unset (null) parts left out.
 */
export const aiRecordSchema = recordCreateSchema.transform(
  ({ userId: _owner, patientId: _patient, ...parts }): RecordContent =>
    Object.fromEntries(
      Object.entries(parts).filter(([, value]) => value !== null),
    ) as RecordContent,
);
export type AiRecord = RecordContent;

export const correctTextRequestSchema = z.strictObject({
  chiefComplaint: aiText().optional(),
  additionalInfo: aiText().optional(),
  assessment: aiText().optional(),
  plan: aiText().optional(),
});

export const recordTaskRequestSchema = z.strictObject({
  record: aiRecordSchema,
  /** The doctor's free description of the case, beside the record (the assistant's text box). */
  caseDescription: aiText(4_000).optional(),
  /** The record's patient: her earlier visits and lists join the model's context (docs/product.md, "Pacientes"). */
  patientId: patientIdSchema.optional(),
});

export const enhanceAssessmentRequestSchema = z.strictObject({
  text: requiredText(),
  chiefComplaint: aiText(2_000).optional(),
  generalAppearance: aiText().optional(),
});

export const cidSearchRequestSchema = z.strictObject({ text: requiredText(2_000) });

export const PROCESSABLE_SECTIONS = ['symptoms', 'assessment'] as const;
export const processSectionRequestSchema = z.strictObject({
  text: requiredText(),
  section: z.enum(PROCESSABLE_SECTIONS, { error: 'A seção deve ser "symptoms" ou "assessment".' }),
});

export const conversationRequestSchema = z.strictObject({
  messages: conversation,
  record: aiRecordSchema.optional(),
});

export const anamnesisRequestSchema = z
  .strictObject({
    messages: conversation.optional(),
    transcript: aiText(EXTRACTION_TEXT_MAX_LENGTH).optional(),
    record: aiRecordSchema.optional(),
  })
  .refine((body) => Boolean(body.messages?.length || body.transcript?.trim() || body.record), {
    error: 'Envie a conversa, a transcrição ou o prontuário.',
  });

/** What the doctor typed after `/receita-rapida`. */
export const quickPrescriptionRequestSchema = z.strictObject({ text: requiredText(2_000) });

export const ITEM_KINDS = ['medication', 'exam'] as const;
export const itemInfoRequestSchema = z.strictObject({
  item: z.strictObject({
    kind: z.enum(ITEM_KINDS, { error: 'O item deve ser "medication" ou "exam".' }),
    name: requiredText(200),
    details: aiText(1_000).optional(),
  }),
  question: requiredText(500),
  /** The earlier questions and answers of this little chat. */
  history: z
    .array(conversationMessageSchema)
    .max(20, { error: 'Envie no máximo 20 mensagens.' })
    .default([]),
});

// ---------------------------------------------------------------------------------------------
// Answers: what a model's reply must hold to be used (anything missing gets its spec default)

/** A text field of a model's answer: absent or of the wrong type, it is left out. */
const answerText = z.string().trim().optional().catch(undefined);
const answerTextList = z
  .array(z.unknown())
  .transform((items) =>
    items
      .map((item) => (typeof item === 'string' ? item.trim() : ''))
      .filter((item) => item !== ''),
  )
  .catch([]);
const confidence = (fallback: number) => z.coerce.number().min(0).max(1).catch(fallback);

export const correctedTextAnswerSchema = z.object({
  chiefComplaint: answerText,
  additionalInfo: answerText,
  assessment: answerText,
  plan: answerText,
});
export type CorrectedText = z.infer<typeof correctedTextAnswerSchema>;

export const planSuggestionsAnswerSchema = z.object({
  suggestions: answerTextList.pipe(z.array(z.string()).min(1)),
  reasoning: z.string().catch(''),
  urgencyLevel: z.enum(['low', 'medium', 'high']).catch('medium'),
  followUpRecommendation: z.string().catch(''),
}) satisfies z.ZodType<PlanSuggestions>;

/** A medicine as a model suggests it: a name at least; other fields only when they are text. */
const suggestedMedication = z
  .object({
    name: z.string().trim().min(1).max(200),
    dosage: answerText,
    dosePerIntake: answerText,
    frequency: answerText,
    duration: answerText,
    quantity: answerText,
    instructions: answerText,
    explanation: answerText,
  })
  .transform((item) => withoutUndefined(item) as Medication);

const suggestedExam = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.enum(EXAM_TYPES).optional().catch(undefined),
    priority: z.enum(EXAM_PRIORITIES).optional().catch(undefined),
    justification: answerText,
    explanation: answerText,
  })
  .transform((item) => withoutUndefined(item) as Exam);

/** Keeps the items that are valid and drops the rest, rather than refusing the whole answer. */
function validItems<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items) =>
    items.flatMap((candidate) => {
      const parsed = item.safeParse(candidate);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

export const medicationSuggestionsAnswerSchema = z.object({
  medications: validItems(suggestedMedication),
  warnings: answerTextList,
  reasoning: z.string().catch(''),
});
export type MedicationSuggestions = z.infer<typeof medicationSuggestionsAnswerSchema>;

export const examSuggestionsAnswerSchema = z.object({
  exams: validItems(suggestedExam),
  reasoning: z.string().catch(''),
  priority: z.enum(['routine', 'urgent']).catch('routine'),
});
export type ExamSuggestions = z.infer<typeof examSuggestionsAnswerSchema>;

export const cidSuggestionSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][0-9]{2}(\.?[0-9X])?$/),
  description: z.string().trim().catch(''),
  category: z.string().trim().catch(''),
  confidence: confidence(0),
});
export type CidSuggestion = z.infer<typeof cidSuggestionSchema>;

export const assessmentEnhancementAnswerSchema = z.object({
  improvedText: z.string().trim().min(1),
  suggestedCIDs: validItems(cidSuggestionSchema).catch([]),
  confidence: confidence(ENHANCEMENT_DEFAULT_CONFIDENCE),
});

export const cidSearchAnswerSchema = z.object({
  results: validItems(cidSuggestionSchema),
});
export type CidSearchAnswer = z.infer<typeof cidSearchAnswerSchema>;

export const processedTextAnswerSchema = z.object({ processedText: z.string().trim().min(1) });

export const shouldCreateRecordAnswerSchema = z.object({ shouldCreate: z.boolean() });

export const prescriptionDetectionAnswerSchema = z.object({
  hasPrescription: z.boolean(),
  confidence: confidence(0.5),
});
export type PrescriptionDetection = z.infer<typeof prescriptionDetectionAnswerSchema>;

export const prescriptionExtractionAnswerSchema = z.object({
  patientName: z.string().trim().catch(''),
  patientAge: z
    .union([z.number(), z.string()])
    .transform((value) => String(value).trim())
    .catch(''),
  diagnosis: z.string().trim().catch(''),
  medications: validItems(suggestedMedication),
  notes: z.string().trim().catch(''),
  confidence: confidence(0),
  extractedSections: answerTextList,
});
export type PrescriptionExtraction = z.infer<typeof prescriptionExtractionAnswerSchema>;

/** The fields of a record part, each kept when valid and dropped (undefined) when not. */
function lenientFields(shape: z.ZodRawShape): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      (field as z.ZodType).optional().catch(undefined),
    ]),
  );
}

/** A part of the record a model fills: its known fields when valid, unknown ones dropped. */
function lenientPart(shape: z.ZodRawShape) {
  return z
    .object(lenientFields(shape))
    .catch({})
    .transform((part) => withoutUndefined(part));
}

/**
 * A model's extraction (docs/product.md, "Leitura das respostas dos modelos"). Each field is kept
 * when valid and dropped when not, so one wrong field does not throw away a whole consultation.
 * Assessment and plan may come as objects: `extraction-paragraphs.ts` turns those into text before
 * this schema runs.
 */
export const extractionAnswerSchema = z.object({
  patientInfo: lenientPart(patientInfoSchema.shape),
  symptoms: lenientPart(symptomsSchema.shape),
  physicalExam: z
    .object({
      ...lenientFields(physicalExamSchema.omit({ vitalSigns: true }).shape),
      vitalSigns: lenientPart(vitalSignsSchema.shape),
    })
    .catch({ vitalSigns: {} })
    .transform((part) => withoutUndefined(part)),
  assessment: z.string().catch(''),
  plan: z.string().catch(''),
  prescriptions: z
    .object({
      medications: validItems(medicationSchema).catch([]),
      exams: validItems(examSchema).catch([]),
      additionalNotes: answerText,
    })
    .catch({ medications: [], exams: [] })
    .transform((part) => withoutUndefined(part)),
  confidence: confidence(0.5),
  extractedSections: answerTextList,
});

/** A model's (or the server's) extraction, completed into a whole ExtractionResult. */
export const extractionResultSchema = extractionAnswerSchema.transform(
  (answer): ExtractionResult => {
    // Every field was validated by the record's own schema above.
    const base = emptyExtraction();
    const parsed = answer as Partial<ExtractionResult>;
    return {
      ...base,
      ...parsed,
      patientInfo: { ...base.patientInfo, ...parsed.patientInfo },
      symptoms: { ...base.symptoms, ...parsed.symptoms },
      physicalExam: { ...base.physicalExam, ...parsed.physicalExam },
      prescriptions: { ...base.prescriptions, ...parsed.prescriptions },
    };
  },
);

export const structuredAnamnesisAnswerSchema = structuredAnamnesisSchema;
export const consultationFeedbackAnswerSchema = consultationFeedbackSchema;

export const itemInfoAnswerSchema = z.object({ answer: z.string().trim().min(1) });

// ---------------------------------------------------------------------------------------------
// Fallbacks (docs/product.md, "Tarefas e respostas padrão")

/** An unreadable medication answer falls back to paracetamol with two warnings. */
export const MEDICATION_SUGGESTIONS_FALLBACK: MedicationSuggestions = {
  medications: [
    {
      name: 'Paracetamol',
      dosage: '750mg',
      frequency: '3x ao dia',
      duration: '5 dias',
      instructions: 'Tomar com água, se dor ou febre.',
    },
  ],
  warnings: [
    'Verificar alergias antes da prescrição',
    'Consulta médica necessária para prescrição oficial',
  ],
  reasoning: 'Sugestão genérica, sem análise do caso.',
};

/** When the medication analysis itself fails, nothing is suggested. */
export const MEDICATION_SUGGESTIONS_ON_ERROR: MedicationSuggestions = {
  medications: [],
  warnings: ['Erro na análise automática — consulta médica necessária'],
  reasoning: '',
};

/** An unreadable exam answer falls back to a complete blood count and fasting glucose. */
export const EXAM_SUGGESTIONS_FALLBACK: ExamSuggestions = {
  exams: [
    {
      name: 'Hemograma completo',
      type: 'laboratorial',
      priority: 'rotina',
      justification: 'Avaliação geral',
    },
    {
      name: 'Glicemia de jejum',
      type: 'laboratorial',
      priority: 'rotina',
      justification: 'Rastreamento metabólico',
    },
  ],
  reasoning: 'Sugestão genérica, sem análise do caso.',
  priority: 'routine',
};

export const EXAM_SUGGESTIONS_ON_ERROR: ExamSuggestions = {
  exams: [],
  reasoning: '',
  priority: 'routine',
};

export { PLAN_SUGGESTIONS_FALLBACK };

/** The item-info chat's error text (docs/product.md, "Erros do chat e do provedor de IA"). */
export const ITEM_INFO_ERROR =
  'Desculpe, ocorreu um erro ao buscar as informações. Tente novamente ou consulte seu médico.';

export const EMPTY_PRESCRIPTION_EXTRACTION: PrescriptionExtraction = {
  patientName: '',
  patientAge: '',
  diagnosis: '',
  medications: [],
  notes: '',
  confidence: 0,
  extractedSections: [],
};

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
