import { agreeWithVisit, generalPlanSuggestions } from '@shared/records/plan-suggestions';
import { searchCid10 } from '@clinical/cid10/search';
import { buildConsultationFeedback } from '@clinical/anamnesis/consultation-feedback';
import { buildStructuredAnamnesis } from '@clinical/anamnesis/structured-anamnesis';
import {
  evidenceFromQuotes,
  evidenceOfOwnValues,
  type ValueQuotes,
} from '@clinical/evidence/quoted-evidence';
import {
  extractMedicalData,
  extractWithRuleSpans,
} from '@clinical/extraction/extract-medical-data';
import { findDosingHint } from '@clinical/medications/dosing';
import { withDispenseQuantity } from '@clinical/prescriptions/dispense-plan';
import { parseQuickPrescription } from '@clinical/prescriptions/quick-prescription';
import { cleanUpTranscript, containsMedicalTerms } from '@clinical/transcript/clean-up';
import {
  EMPTY_PRESCRIPTION_EXTRACTION,
  EXAM_SUGGESTIONS_FALLBACK,
  EXAM_SUGGESTIONS_ON_ERROR,
  ITEM_INFO_ERROR,
  MEDICATION_SUGGESTIONS_FALLBACK,
  MEDICATION_SUGGESTIONS_ON_ERROR,
  PLAN_SUGGESTIONS_FALLBACK,
  anamnesisRequestSchema,
  assessmentEnhancementAnswerSchema,
  cidSearchAnswerSchema,
  cidSearchRequestSchema,
  consultationFeedbackAnswerSchema,
  conversationRequestSchema,
  correctTextRequestSchema,
  correctedTextAnswerSchema,
  enhanceAssessmentRequestSchema,
  examSuggestionsAnswerSchema,
  extractionResultSchema,
  itemInfoAnswerSchema,
  itemInfoRequestSchema,
  medicationSuggestionsAnswerSchema,
  planSuggestionsAnswerSchema,
  prescriptionDetectionAnswerSchema,
  prescriptionExtractionAnswerSchema,
  processSectionRequestSchema,
  processedTextAnswerSchema,
  quickPrescriptionRequestSchema,
  recordTaskRequestSchema,
  shouldCreateRecordAnswerSchema,
  structuredAnamnesisAnswerSchema,
  type AiRecord,
  type CidSuggestion,
  type ConversationMessage,
  type CorrectedText,
} from '@shared/ai/tasks';
import {
  isAffirmativeAnswer,
  lastMessages,
  RECENT_MESSAGES_FOR_DETECTION,
} from '@shared/chat/rules';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import {
  doctorMessagesText,
  evidenceWithoutValues,
  withoutValues,
  type EvidencedExtraction,
} from '@shared/ai/extraction-evidence';
import { assessmentToText, planToText } from '@shared/ai/extraction-paragraphs';
import { extractionRequestSchema } from '@shared/ai/extraction-request';
import type { Medication } from '@shared/records/medical-record';
import { z } from 'zod';
import { recordChatContext } from '@shared/records/chat-context';
import { assessmentEnhancementFallback } from '@shared/records/step-rules';
import { defineAiTask, type AiTask, type OfflineEngine } from './ai-task';
import { parseModelJson } from './model-json';

/**
 * The AI tasks of docs/product.md, "Tarefas e respostas padrão", one per route under `/api/ai/`:
 * the model's instructions, the offline engine's answer and the fallback (resposta padrão) for
 * each. The chat itself streams and lives in `chat-routes.ts`.
 */

/** Every structured task asks for JSON only, in Brazilian Portuguese clinical language. */
const JSON_ONLY =
  'Responda somente com um objeto JSON válido, sem texto antes ou depois, sem blocos de código. ' +
  'Escreva em português do Brasil, em linguagem médica. Use apenas o que está no texto: não ' +
  'invente dados do paciente.';

const system = (task: string, shape: string) => `${task}\n${JSON_ONLY}\nFormato: ${shape}`;

/** A conversation as the prompt shows it: 'Médico:' for the doctor, 'Assistente:' for replies. */
function conversationText(messages: readonly ConversationMessage[]): string {
  return messages
    .filter((message) => message.role !== 'system')
    .map((message) => `${message.role === 'user' ? 'Médico' : 'Assistente'}: ${message.content}`)
    .join('\n');
}

const recordSection = (record: AiRecord | undefined) => {
  const context = record ? recordChatContext(record) : '';
  return context ? `\n\nProntuário atual:\n${context}` : '';
};

/** The case as written in the record and the doctor's description, for the offline engine. */
function caseText(record: AiRecord, caseDescription?: string): string {
  return [caseDescription, record.symptoms?.chiefComplaint, record.assessment, record.plan]
    .filter((text): text is string => Boolean(text?.trim()))
    .join('\n');
}

const OFFLINE_NOTE = 'Modo offline: análise por regras do Prontu, sem modelo de IA configurado.';

// ---------------------------------------------------------------------------------------------

export const correctTextTask: AiTask<CorrectedText, CorrectedText> = {
  path: 'correct-text',
  request: correctTextRequestSchema,
  answer: correctedTextAnswerSchema,
  system: system(
    'Corrija ortografia, gramática e terminologia médica dos campos recebidos, sem mudar o sentido.',
    '{"chiefComplaint": "...", "additionalInfo": "...", "assessment": "...", "plan": "..."} (só os campos recebidos)',
  ),
  prompt: (input) => JSON.stringify(input),
  // Only the fields sent come back, and a blank correction keeps the doctor's text.
  finish: (input, answer) =>
    Object.fromEntries(
      Object.entries(input).map(([key, original]) => {
        const corrected = answer[key as keyof CorrectedText];
        return [key, corrected?.trim() ? corrected : original];
      }),
    ),
  offline: (input) => mapFields(input, cleanUpTranscript),
  // docs/product.md, "Tarefas e respostas padrão": text correction returns the input unchanged.
  fallback: (input) => input,
};

function mapFields(input: CorrectedText, change: (text: string) => string): CorrectedText {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, value.trim() ? change(value) : value]),
  );
}

export const planSuggestionsTask: AiTask<
  { record: AiRecord; caseDescription?: string | undefined },
  typeof PLAN_SUGGESTIONS_FALLBACK
> = {
  path: 'plan-suggestions',
  request: recordTaskRequestSchema,
  answer: planSuggestionsAnswerSchema,
  system: system(
    'Você é um médico experiente. Sugira condutas para o plano terapêutico do caso, cada uma em uma frase curta.',
    '{"suggestions": ["..."], "reasoning": "...", "urgencyLevel": "low|medium|high", "followUpRecommendation": "..."}',
  ),
  prompt: ({ record, caseDescription }) =>
    `${caseDescription ?? ''}${recordSection(record)}`.trim() || 'Caso sem dados.',
  // What the doctor already wrote wins: no in-person advice in a face-to-face visit, her return
  // interval, nothing the plan already says (docs/product.md, "Etapa Plano").
  offline: ({ record }) => {
    const medications = record.prescriptions?.medications ?? [];
    const exams = record.prescriptions?.exams ?? [];
    return agreeWithVisit(
      {
        ...PLAN_SUGGESTIONS_FALLBACK,
        suggestions: [
          ...medications.map((item) => `Orientar uso de ${item.name} conforme prescrição`),
          ...exams.map((exam) => `Reavaliar com o resultado de ${exam.name}`),
          ...PLAN_SUGGESTIONS_FALLBACK.suggestions,
        ],
        reasoning: OFFLINE_NOTE,
      },
      record,
    );
  },
  fallback: ({ record }) => generalPlanSuggestions(record),
};

export const medicationSuggestionsTask: AiTask<
  { record: AiRecord; caseDescription?: string | undefined },
  typeof MEDICATION_SUGGESTIONS_FALLBACK
> = {
  path: 'medication-suggestions',
  request: recordTaskRequestSchema,
  answer: medicationSuggestionsAnswerSchema,
  system: system(
    'Você é um médico experiente. Sugira medicamentos para o caso, com dose usual de adulto, considerando alergias e medicamentos em uso. Explique brevemente cada um.',
    '{"medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "...", "instructions": "...", "explanation": "..."}], "warnings": ["..."], "reasoning": "..."}',
  ),
  prompt: ({ record, caseDescription }) =>
    `${caseDescription ?? ''}${recordSection(record)}`.trim() || 'Caso sem dados.',
  offline: ({ record, caseDescription }) => {
    const mentioned = extractMedicalData(caseText(record, caseDescription)).prescriptions
      .medications;
    if (mentioned === undefined || mentioned.length === 0) {
      return {
        medications: [],
        warnings: [
          'Modo offline: sugestões de medicamentos para o caso precisam de um modelo de IA configurado.',
        ],
        reasoning: OFFLINE_NOTE,
      };
    }
    return {
      medications: mentioned.map(withDosingHint),
      warnings: ['Verificar alergias antes da prescrição'],
      reasoning: `${OFFLINE_NOTE} Medicamentos citados no caso, com a posologia usual da tabela.`,
    };
  },
  fallback: () => MEDICATION_SUGGESTIONS_FALLBACK,
  onError: () => MEDICATION_SUGGESTIONS_ON_ERROR,
};

/**
 * Prescribed medicines as the server answers them: each one's quantity to dispense computed here
 * from its parts (docs/receitas.md). A model's own number, whatever it claims, is dropped first.
 */
function withComputedQuantities(medications: readonly Medication[]): Medication[] {
  return medications.map(({ dispenseQuantity: _untrusted, ...medication }) =>
    withDispenseQuantity(medication),
  );
}

/** An extraction whose prescribed medicines carry their computed quantities to dispense. */
function extractionWithQuantities(extraction: ExtractionResult): ExtractionResult {
  const medications = extraction.prescriptions.medications;
  if (!medications) return extraction;
  return {
    ...extraction,
    prescriptions: {
      ...extraction.prescriptions,
      medications: withComputedQuantities(medications),
    },
  };
}

/** A mentioned medicine with the dosing table's usual dose where the text said nothing. */
function withDosingHint(medication: Medication): Medication {
  const hint = findDosingHint(medication.name);
  if (!hint) return medication;
  return {
    ...medication,
    dosage: medication.dosage ?? hint.dosage,
    frequency: medication.frequency ?? hint.frequency,
    duration: medication.duration ?? hint.duration,
    instructions: medication.instructions ?? hint.instructions,
  };
}

export const examSuggestionsTask: AiTask<
  { record: AiRecord; caseDescription?: string | undefined },
  typeof EXAM_SUGGESTIONS_FALLBACK
> = {
  path: 'exam-suggestions',
  request: recordTaskRequestSchema,
  answer: examSuggestionsAnswerSchema,
  system: system(
    'Você é um médico experiente. Sugira exames complementares pertinentes ao caso, com justificativa.',
    '{"exams": [{"name": "...", "type": "laboratorial|imagem|funcional|outro", "priority": "rotina|urgente|eletivo", "justification": "..."}], "reasoning": "...", "priority": "routine|urgent"}',
  ),
  prompt: ({ record, caseDescription }) =>
    `${caseDescription ?? ''}${recordSection(record)}`.trim() || 'Caso sem dados.',
  offline: ({ record, caseDescription }) => {
    const exams = extractMedicalData(caseText(record, caseDescription)).prescriptions.exams ?? [];
    return exams.length > 0
      ? { exams, reasoning: `${OFFLINE_NOTE} Exames citados no caso.`, priority: 'routine' }
      : { ...EXAM_SUGGESTIONS_FALLBACK, reasoning: `${OFFLINE_NOTE} Exames gerais.` };
  },
  fallback: () => EXAM_SUGGESTIONS_FALLBACK,
  onError: () => EXAM_SUGGESTIONS_ON_ERROR,
};

/** The catalogue's best matches as CID suggestions, relevance (0–100) as confidence (0–1). */
function cidSuggestions(engine: OfflineEngine, text: string, limit: number): CidSuggestion[] {
  return searchCid10(engine.cid10, text.slice(0, 2_000), limit).map((result) => ({
    code: result.code,
    description: result.description,
    category: result.category,
    confidence: Math.round(result.relevance) / 100,
  }));
}

export const enhanceAssessmentTask: AiTask<
  { text: string; chiefComplaint?: string | undefined; generalAppearance?: string | undefined },
  ReturnType<typeof assessmentEnhancementFallback>
> = {
  path: 'enhance-assessment',
  request: enhanceAssessmentRequestSchema,
  answer: assessmentEnhancementAnswerSchema,
  system: system(
    'Reescreva a avaliação clínica em linguagem médica formal e sugira os códigos CID-10 mais prováveis (com ponto, ex.: M54.5).',
    '{"improvedText": "...", "suggestedCIDs": [{"code": "...", "description": "...", "category": "...", "confidence": 0.0}], "confidence": 0.0}',
  ),
  prompt: ({ text, chiefComplaint, generalAppearance }) =>
    [
      `Avaliação: ${text}`,
      chiefComplaint && `Queixa principal: ${chiefComplaint}`,
      generalAppearance && `Exame físico: ${generalAppearance}`,
    ]
      .filter(Boolean)
      .join('\n'),
  offline: ({ text }, engine) => ({
    improvedText: cleanUpTranscript(text),
    suggestedCIDs: cidSuggestions(engine, text, 3),
    confidence: 0.5,
  }),
  fallback: ({ text }) => assessmentEnhancementFallback(text),
};

export const cidSearchTask: AiTask<{ text: string }, { results: CidSuggestion[] }> = {
  path: 'cid-search',
  request: cidSearchRequestSchema,
  answer: cidSearchAnswerSchema,
  system: system(
    'Liste os códigos CID-10 (com ponto, ex.: J45.9) que correspondem ao texto, do mais ao menos provável, no máximo 10.',
    '{"results": [{"code": "...", "description": "...", "category": "...", "confidence": 0.0}]}',
  ),
  prompt: ({ text }) => text,
  offline: ({ text }, engine) => ({ results: cidSuggestions(engine, text, 10) }),
  fallback: () => ({ results: [] }),
};

export const processSectionTask: AiTask<
  { text: string; section: 'symptoms' | 'assessment' },
  { processedText: string }
> = {
  path: 'process-section',
  request: processSectionRequestSchema,
  answer: processedTextAnswerSchema,
  system: system(
    'Reescreva o texto da seção do prontuário em linguagem médica clara, mantendo todas as informações.',
    '{"processedText": "..."}',
  ),
  prompt: ({ text, section }) =>
    `Seção: ${section === 'symptoms' ? 'sintomas' : 'avaliação'}\nTexto: ${text}`,
  offline: ({ text }) => ({ processedText: cleanUpTranscript(text) }),
  fallback: ({ text }) => ({ processedText: text }),
};

const EXTRACTION_FORMAT =
  '{"patientInfo": {"name": "...", "age": 0, "gender": "masculino|feminino|outro", "allergies": [], "medications": [], "chronicConditions": []}, ' +
  '"symptoms": {"chiefComplaint": "...", "currentSymptoms": [], "duration": "...", "intensity": "leve|moderada|intensa", "additionalInfo": "..."}, ' +
  '"physicalExam": {"vitalSigns": {"bloodPressure": "120/80", "heartRate": 0, "respiratoryRate": 0, "temperature": 0, "oxygenSaturation": 0, "height": 0, "weight": 0}, "generalAppearance": "..."}, ' +
  '"assessment": "...", "plan": "...", "prescriptions": {"medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "..."}], "exams": [{"name": "..."}]}, ' +
  '"confidence": 0.0, "extractedSections": ["patientInfo", "symptoms", "physicalExam", "assessment", "plan", "prescriptions"]} ' +
  '(omita o que não foi dito)';

/**
 * A model's extraction as the record reads it: object-shaped assessment and plan become the
 * labelled paragraphs of docs/product.md, "Mescla de dados extraídos", then each field is validated
 * on its own.
 */
export function readExtractionReply(reply: string): unknown {
  const raw = parseModelJson(reply);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const fields = raw as Record<string, unknown>;
  return {
    ...fields,
    assessment: assessmentToText(fields.assessment),
    plan: planToText(fields.plan),
  };
}

/**
 * The verbatim quotes a model gives for its values (docs/api.md, "Motor offline"): the server finds each in the text
 * itself; what is missing or wrong is dropped here and the value becomes unsupported.
 */
const valueQuotesSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .catch({});

/**
 * The instruction to quote each value, verbatim, from where it must come.
 * @param source - 'da consulta', 'das mensagens do médico'
 */
const quotesInstruction = (source: string) =>
  `Para cada valor extraído, copie em "quotes" o trecho literal ${source} que o sustenta, ` +
  'palavra por palavra, com o caminho do campo como chave: "patientInfo.name", ' +
  '"patientInfo.allergies[0]", "physicalExam.vitalSigns.bloodPressure", ' +
  `"prescriptions.medications[1]", "assessment". Um valor sem trecho literal ${source} não deve ` +
  'ser extraído. Exemplo: {"patientInfo": {"allergies": ["dipirona"]}, "quotes": ' +
  '{"patientInfo.allergies[0]": "tenho alergia a dipirona"}}';

/** A model's extraction with the quotes it gives for its values. */
type QuotedExtraction = ExtractionResult & { quotes: ValueQuotes };

const quotedExtractionSchema: z.ZodType<QuotedExtraction> = z
  .intersection(extractionResultSchema, z.object({ quotes: valueQuotesSchema.default({}) }))
  .transform(({ quotes, ...extraction }) => ({ ...extraction, quotes }));

const noEvidence = (extraction: ExtractionResult): EvidencedExtraction => ({
  ...extraction,
  evidence: {},
  unsupported: [],
});

/** The offline engine's extraction of a text, with the words each value came from. */
function offlineEvidencedExtraction(text: string): EvidencedExtraction {
  const { result, ruleSpans } = extractWithRuleSpans(text);
  const extraction = extractionWithQuantities(result);
  return { ...noEvidence(extraction), evidence: evidenceOfOwnValues(text, extraction, ruleSpans) };
}

export const extractTask: AiTask<
  { text: string; record?: Record<string, unknown> | undefined },
  EvidencedExtraction,
  QuotedExtraction
> = {
  path: 'extract',
  request: extractionRequestSchema,
  answer: quotedExtractionSchema,
  readReply: readExtractionReply,
  system: system(
    `Extraia os dados clínicos da consulta para o prontuário. O prontuário atual, se houver, é só contexto.\n${quotesInstruction('da consulta')}`,
    EXTRACTION_FORMAT,
  ),
  prompt: ({ text, record }) =>
    `Consulta:\n${text}${record ? `\n\nProntuário atual (JSON):\n${JSON.stringify(record)}` : ''}`,
  finish: ({ text }, { quotes, ...reply }) => {
    const extraction = extractionWithQuantities(reply);
    return { ...extraction, ...evidenceFromQuotes(text, extraction, quotes) };
  },
  offline: ({ text }) => offlineEvidencedExtraction(text),
  // docs/product.md, "Tarefas e respostas padrão": a failed extraction answers an empty one.
  fallback: () => noEvidence(emptyExtraction()),
};

/**
 * From the chat, with a model: only what the doctor's own messages hold reaches the record. A
 * value without a quote found in them (the assistant's replies do not count: a model cannot
 * vouch for itself) is left out of the answer and named in `unsupported`; the chat has no review
 * where the doctor could tick it.
 */
export const extractChatInfoTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  EvidencedExtraction,
  QuotedExtraction
> = {
  path: 'extract-chat-info',
  request: conversationRequestSchema,
  answer: quotedExtractionSchema,
  readReply: readExtractionReply,
  system: system(
    `Extraia da conversa entre o médico e o assistente os dados clínicos do paciente para o prontuário.\n${quotesInstruction('das mensagens do médico')}`,
    EXTRACTION_FORMAT,
  ),
  prompt: ({ messages, record }) => `${conversationText(messages)}${recordSection(record)}`,
  finish: ({ messages }, { quotes, ...reply }) => {
    const extraction = extractionWithQuantities(reply);
    const { evidence, unsupported } = evidenceFromQuotes(
      doctorMessagesText(messages),
      extraction,
      quotes,
    );
    return {
      ...withoutValues(extraction, unsupported),
      evidence: evidenceWithoutValues(evidence, unsupported),
      unsupported,
    };
  },
  offline: ({ messages }) => offlineEvidencedExtraction(doctorMessagesText(messages)),
  fallback: () => noEvidence(emptyExtraction()),
};

export const shouldCreateRecordTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  { shouldCreate: boolean }
> = {
  path: 'should-create-record',
  request: conversationRequestSchema,
  answer: shouldCreateRecordAnswerSchema,
  system:
    'Você decide se a conversa entre um médico e o assistente descreve o atendimento de um ' +
    'paciente específico, que deveria ter um prontuário. Responda apenas SIM ou NÃO.',
  prompt: ({ messages }) => conversationText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION)),
  readReply: (reply) => ({ shouldCreate: isAffirmativeAnswer(reply) }),
  model: 'chat',
  offline: ({ messages }) => {
    const text = doctorMessagesText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION));
    const found = extractMedicalData(text);
    const aboutAPatient =
      Boolean(found.patientInfo.name) ||
      found.patientInfo.age !== undefined ||
      Boolean(found.symptoms.chiefComplaint);
    return { shouldCreate: aboutAPatient && containsMedicalTerms(text) };
  },
  fallback: () => ({ shouldCreate: false }),
};

/** The consultation text a task reads: the transcript, else what the doctor wrote in the chat. */
function consultationOf(input: {
  messages?: ConversationMessage[] | undefined;
  transcript?: string | undefined;
}) {
  return input.transcript?.trim() || doctorMessagesText(input.messages ?? []);
}

/** What the offline engine knows of the consultation: the text's extraction over the record's. */
function offlineExtraction(text: string, record: AiRecord | undefined): ExtractionResult {
  const fromText = text ? extractMedicalData(text) : emptyExtraction();
  if (!record) return fromText;
  const base = emptyExtraction();
  return {
    ...fromText,
    patientInfo: {
      ...base.patientInfo,
      ...record.patientInfo,
      ...definedFields(fromText.patientInfo),
    },
    symptoms: { ...base.symptoms, ...record.symptoms, ...definedFields(fromText.symptoms) },
    physicalExam: {
      ...record.physicalExam,
      ...definedFields(fromText.physicalExam),
      vitalSigns: { ...record.physicalExam?.vitalSigns, ...fromText.physicalExam.vitalSigns },
    },
    assessment: [record.assessment, fromText.assessment].filter(Boolean).join('\n\n'),
    plan: [record.plan, fromText.plan].filter(Boolean).join('\n\n'),
    prescriptions: {
      medications: [
        ...(record.prescriptions?.medications ?? []),
        ...(fromText.prescriptions.medications ?? []),
      ],
      exams: [...(record.prescriptions?.exams ?? []), ...(fromText.prescriptions.exams ?? [])],
    },
  };
}

/** The fields holding something: an empty list or text from the text does not erase the record's. */
function definedFields<T extends object>(part: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(part).filter(([, value]) =>
      Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '',
    ),
  ) as Partial<T>;
}

type ConsultationInput = {
  messages?: ConversationMessage[] | undefined;
  transcript?: string | undefined;
  record?: AiRecord | undefined;
};

const consultationPrompt = (input: ConsultationInput) =>
  [
    input.transcript?.trim() && `Transcrição da consulta:\n${input.transcript}`,
    input.messages?.length && `Conversa:\n${conversationText(input.messages)}`,
    recordSection(input.record).trim(),
  ]
    .filter(Boolean)
    .join('\n\n');

export const structuredAnamnesisTask: AiTask<
  ConsultationInput,
  ReturnType<typeof buildStructuredAnamnesis>
> = {
  path: 'structured-anamnesis',
  request: anamnesisRequestSchema,
  answer: structuredAnamnesisAnswerSchema,
  system: system(
    'Você é um médico experiente. Escreva a anamnese estruturada da consulta. Use "Não informado" quando o dado não foi dito e "Não avaliado" para exame não realizado.',
    '{"identificacao": {"nome": "...", "sexo": "...", "idade": "..."}, "queixaPrincipal": "...", "historiaDoencaAtual": "...", "antecedentesPessoais": "...", "antecedentesFamiliares": "...", "habitosVida": "...", "exameFisico": "...", "historiaSocial": "...", "hipotesesDiagnosticas": "...", "condutas": "...", "orientacoes": "...", "resumoClinico": "...", "confidence": 0.0}',
  ),
  prompt: consultationPrompt,
  offline: (input) => {
    const text = consultationOf(input);
    return buildStructuredAnamnesis(offlineExtraction(text, input.record), text || undefined);
  },
  // docs/product.md, "Tarefas e respostas padrão": a failed anamnesis is swallowed; the offline
  // engine's is the honest empty-ish one.
  fallback: (input) => {
    const text = consultationOf(input);
    return buildStructuredAnamnesis(offlineExtraction(text, input.record), text || undefined);
  },
};

export const consultationFeedbackTask: AiTask<
  ConsultationInput,
  ReturnType<typeof buildConsultationFeedback>
> = {
  path: 'consultation-feedback',
  request: anamnesisRequestSchema,
  answer: consultationFeedbackAnswerSchema,
  system: system(
    'Você é um preceptor médico. Resuma a consulta e dê um retorno construtivo ao médico.',
    '{"mainSymptoms": "...", "relevantFindings": "...", "clinicalDiscussion": "...", "conductGuidance": "...", "humanAspects": "...", "doctorFeedback": "...", "generatedAt": "<data ISO>"}',
  ),
  prompt: consultationPrompt,
  offline: (input, engine) => {
    const text = consultationOf(input);
    return buildConsultationFeedback(
      offlineExtraction(text, input.record),
      engine.now(),
      text || undefined,
    );
  },
  fallback: (input) => {
    const text = consultationOf(input);
    return buildConsultationFeedback(
      offlineExtraction(text, input.record),
      new Date(),
      text || undefined,
    );
  },
};

const PRESCRIBING = /\b(receit|prescrev|prescri|tomar|tome|posologia)/i;

export const detectPrescriptionTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  { hasPrescription: boolean; confidence: number }
> = {
  path: 'detect-prescription',
  request: conversationRequestSchema,
  answer: prescriptionDetectionAnswerSchema,
  system: system(
    'Decida se a conversa contém a prescrição de medicamentos para um paciente.',
    '{"hasPrescription": true, "confidence": 0.0}',
  ),
  prompt: ({ messages }) => conversationText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION)),
  offline: ({ messages }) => {
    const text = doctorMessagesText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION));
    const medicines = extractMedicalData(text).prescriptions.medications?.length ?? 0;
    const hasPrescription = medicines > 0 && PRESCRIBING.test(text);
    return { hasPrescription, confidence: hasPrescription ? 0.7 : medicines > 0 ? 0.4 : 0.1 };
  },
  fallback: () => ({ hasPrescription: false, confidence: 0 }),
};

/**
 * docs/product.md, "Limiares de confiança": the confidence of a prescription extraction — name 0.2,
 * medicines up to 0.7, diagnosis 0.1.
 */
function prescriptionConfidence(
  hasName: boolean,
  medicines: number,
  hasDiagnosis: boolean,
): number {
  const score = (hasName ? 0.2 : 0) + Math.min(0.7, medicines * 0.35) + (hasDiagnosis ? 0.1 : 0);
  return Math.round(score * 100) / 100;
}

export const extractPrescriptionTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  typeof EMPTY_PRESCRIPTION_EXTRACTION
> = {
  path: 'extract-prescription',
  request: conversationRequestSchema,
  answer: prescriptionExtractionAnswerSchema,
  system: system(
    'Extraia da conversa a receita médica: paciente, idade, diagnóstico e cada medicamento com dose, frequência, duração e instruções.',
    '{"patientName": "...", "patientAge": "...", "diagnosis": "...", "medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "...", "instructions": "..."}], "notes": "...", "confidence": 0.0, "extractedSections": ["patientName", "medications"]}',
  ),
  prompt: ({ messages, record }) => `${conversationText(messages)}${recordSection(record)}`,
  finish: (_input, answer) => ({
    ...answer,
    medications: withComputedQuantities(answer.medications),
  }),
  offline: ({ messages, record }) => {
    const found = extractMedicalData(doctorMessagesText(messages));
    const patientName = found.patientInfo.name ?? record?.patientInfo?.name ?? '';
    const age = found.patientInfo.age ?? record?.patientInfo?.age;
    const diagnosis = found.assessment || record?.assessment || '';
    const medications = withComputedQuantities(
      (found.prescriptions.medications ?? []).map(withDosingHint),
    );
    return {
      patientName,
      patientAge: age === undefined ? '' : String(age),
      diagnosis,
      medications,
      notes: '',
      confidence: prescriptionConfidence(
        Boolean(patientName),
        medications.length,
        Boolean(diagnosis),
      ),
      extractedSections: [
        ...(patientName ? ['patientName'] : []),
        ...(age !== undefined ? ['patientAge'] : []),
        ...(diagnosis ? ['diagnosis'] : []),
        ...(medications.length ? ['medications'] : []),
      ],
    };
  },
  fallback: () => EMPTY_PRESCRIPTION_EXTRACTION,
};

export const quickPrescriptionTask: AiTask<{ text: string }, typeof EMPTY_PRESCRIPTION_EXTRACTION> =
  {
    path: 'quick-prescription',
    request: quickPrescriptionRequestSchema,
    answer: prescriptionExtractionAnswerSchema,
    system: system(
      'Transforme o pedido do médico numa receita: paciente, idade, diagnóstico e cada medicamento com dose (dosage, ex.: "500mg"), dose por tomada como escrita (dosePerIntake, ex.: "1 comprimido", "10 gotas"), frequência por extenso (ex.: "A cada 8 horas"), duração, dias de tratamento e instruções, sem abreviações.',
      '{"patientName": "...", "patientAge": "...", "diagnosis": "...", "medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "...", "quantity": "<dias de tratamento>", "instructions": "..."}], "notes": "...", "confidence": 0.0, "extractedSections": ["patientName", "medications"]}',
    ),
    prompt: ({ text }) => text,
    // The quantity to dispense is computed here from the parts, never a model's number.
    finish: (_input, answer) => ({
      ...answer,
      medications: withComputedQuantities(answer.medications),
    }),
    // docs/product.md, "Receita rápida": when the model fails, the rule parser answers, silently.
    offline: ({ text }) => parseQuickPrescription(text),
    fallback: ({ text }) => parseQuickPrescription(text),
  };

export const itemInfoTask: AiTask<
  {
    item: { kind: 'medication' | 'exam'; name: string; details?: string | undefined };
    question: string;
    history: ConversationMessage[];
  },
  { answer: string }
> = {
  path: 'item-info',
  request: itemInfoRequestSchema,
  answer: itemInfoAnswerSchema,
  model: 'chat',
  system:
    'Você responde a um médico, em português do Brasil e em poucas frases, perguntas sobre um ' +
    'medicamento ou exame: indicação, posologia usual, contraindicações, interações, preparo. ' +
    'As informações são apenas informativas e não substituem a bula nem o julgamento clínico.',
  prompt: ({ item, question, history }) =>
    [
      `${item.kind === 'medication' ? 'Medicamento' : 'Exame'}: ${item.name}${item.details ? ` (${item.details})` : ''}`,
      conversationText(history),
      `Médico: ${question}`,
    ]
      .filter(Boolean)
      .join('\n'),
  readReply: (reply) => ({ answer: reply }),
  offline: ({ item }) => ({ answer: offlineItemInfo(item) }),
  fallback: () => ({ answer: ITEM_INFO_ERROR }),
};

function offlineItemInfo(item: { kind: 'medication' | 'exam'; name: string }): string {
  const needsModel =
    'Perguntas abertas sobre este item precisam de um modelo de IA configurado no servidor (modo offline).';
  if (item.kind === 'exam') {
    return `Modo offline: não tenho uma descrição de "${item.name}" na base local. ${needsModel}`;
  }
  const hint = findDosingHint(item.name);
  if (!hint) {
    return `Modo offline: "${item.name}" não está na tabela de posologia do Prontu. ${needsModel}`;
  }
  return [
    `Modo offline — posologia usual de adulto de ${hint.name}, pela tabela do Prontu:`,
    `- Dose: ${hint.dosage}`,
    `- Frequência: ${hint.frequency}`,
    `- Duração usual: ${hint.duration}`,
    `- Orientações: ${hint.instructions}`,
    'Ajuste ao paciente (peso, função renal e hepática, alergias). ' + needsModel,
  ].join('\n');
}

/** Every structured task (the table of docs/product.md, "Tarefas e respostas padrão"). */
export const AI_TASKS = [
  defineAiTask(correctTextTask),
  defineAiTask(planSuggestionsTask),
  defineAiTask(medicationSuggestionsTask),
  defineAiTask(examSuggestionsTask),
  defineAiTask(enhanceAssessmentTask),
  defineAiTask(cidSearchTask),
  defineAiTask(processSectionTask),
  defineAiTask(extractTask),
  defineAiTask(extractChatInfoTask),
  defineAiTask(shouldCreateRecordTask),
  defineAiTask(structuredAnamnesisTask),
  defineAiTask(consultationFeedbackTask),
  defineAiTask(detectPrescriptionTask),
  defineAiTask(extractPrescriptionTask),
  defineAiTask(itemInfoTask),
  defineAiTask(quickPrescriptionTask),
];
