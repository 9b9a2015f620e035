import { z } from 'zod';
import { AI_ERROR_HEADER, readAiSource, type AiSource } from '../ai/protocol';
import { AI_USE_HEADER } from '../ai/use';
import * as tasks from '../ai/tasks';
import { CHAT_ERROR_MESSAGES, type ChatErrorKind } from '../chat/errors';
import type { ChatRequest } from '../chat/request';
import { extractionEvidenceSchema } from '../ai/extraction-evidence';
import { extractionRequestSchema } from '../ai/extraction-request';
import {
  patientInstructionsAnswerSchema,
  patientInstructionsRequestSchema,
} from '../documents/patient-instructions';
import {
  transcriptCleanUpResultSchema,
  transcriptionResultSchema,
  transcriptionStatusSchema,
  type transcriptCleanUpRequestSchema,
} from '../ai/transcription';
import { endpoint, formBody, jsonBody, queryOf, type AnswerReader } from './client';

/** An AI task's answer, with who wrote it (docs/architecture.md, "IA"). */
export interface AiAnswer<T> {
  answer: T;
  /** A model, the offline engine, or the fallback (the model failed). */
  source: AiSource;
  /** The message for the doctor when the provider failed and the answer is the fallback. */
  notice?: string;
  /** The use of AI it added to its visit's chart, when the request named the visit. */
  useId?: string;
}

/** What every task's body may add: the visit it helps with, to attribute its use. */
type ForVisit = { recordId?: string };

const ERROR_KINDS = new Set<string>(Object.keys(CHAT_ERROR_MESSAGES));

/** An extraction as the server answers it, with its evidence and unsupported values. */
const evidencedExtractionSchema = z.intersection(
  tasks.extractionResultSchema,
  extractionEvidenceSchema,
);

/** Reads an AI answer: the body by `schema`, who wrote it from the headers. */
function aiAnswer<S extends z.ZodType>(schema: S): AnswerReader<AiAnswer<z.output<S>>> {
  return (body, headers) => {
    const kind = headers.get(AI_ERROR_HEADER);
    const notice =
      kind && ERROR_KINDS.has(kind) ? CHAT_ERROR_MESSAGES[kind as ChatErrorKind] : undefined;
    const useId = headers.get(AI_USE_HEADER);
    return {
      answer: schema.parse(body),
      source: readAiSource(headers),
      ...(notice ? { notice } : {}),
      ...(useId ? { useId } : {}),
    };
  };
}

/**
 * `POST /api/ai/<path>`: one AI task.
 * @param path - the task's path
 * @param _request - the schema the server reads the body with (for its type)
 * @param answer - the schema of the answer
 */
function aiTask<Path extends string, R extends z.ZodType, S extends z.ZodType>(
  path: Path,
  _request: R,
  answer: S,
) {
  return endpoint<`/api/ai/${Path}`, AiAnswer<z.output<S>>, z.input<R> & ForVisit>({
    method: 'POST',
    path: `/api/ai/${path}`,
    body: jsonBody<z.input<R> & ForVisit>(),
    answer: aiAnswer(answer),
  });
}

/** `/api/ai/*`: the AI tasks, the chat, the transcription (docs/api.md, "API de IA"). */
export const aiApi = {
  /** The chat reply, streamed as text; the answer is who writes it. */
  chat: endpoint({
    method: 'POST',
    path: '/api/ai/chat',
    body: jsonBody<ChatRequest>(),
    answer: (_body, headers): AiSource => readAiSource(headers),
  }),
  correctText: aiTask(
    'correct-text',
    tasks.correctTextRequestSchema,
    tasks.correctedTextAnswerSchema,
  ),
  planSuggestions: aiTask(
    'plan-suggestions',
    tasks.recordTaskRequestSchema,
    tasks.planSuggestionsAnswerSchema,
  ),
  medicationSuggestions: aiTask(
    'medication-suggestions',
    tasks.recordTaskRequestSchema,
    tasks.medicationSuggestionsAnswerSchema,
  ),
  examSuggestions: aiTask(
    'exam-suggestions',
    tasks.recordTaskRequestSchema,
    tasks.examSuggestionsAnswerSchema,
  ),
  enhanceAssessment: aiTask(
    'enhance-assessment',
    tasks.enhanceAssessmentRequestSchema,
    tasks.assessmentEnhancementAnswerSchema,
  ),
  cidSearch: aiTask('cid-search', tasks.cidSearchRequestSchema, tasks.cidSearchAnswerSchema),
  processSection: aiTask(
    'process-section',
    tasks.processSectionRequestSchema,
    tasks.processedTextAnswerSchema,
  ),
  /** The extraction with, beside it, the words of each value and what the text does not hold. */
  extract: aiTask('extract', extractionRequestSchema, evidencedExtractionSchema),
  /** From the chat: only what the doctor's messages hold; `unsupported` names what was left out. */
  extractChatInfo: aiTask(
    'extract-chat-info',
    tasks.conversationRequestSchema,
    evidencedExtractionSchema,
  ),
  shouldCreateRecord: aiTask(
    'should-create-record',
    tasks.conversationRequestSchema,
    tasks.shouldCreateRecordAnswerSchema,
  ),
  structuredAnamnesis: aiTask(
    'structured-anamnesis',
    tasks.anamnesisRequestSchema,
    tasks.structuredAnamnesisAnswerSchema,
  ),
  consultationFeedback: aiTask(
    'consultation-feedback',
    tasks.anamnesisRequestSchema,
    tasks.consultationFeedbackAnswerSchema,
  ),
  detectPrescription: aiTask(
    'detect-prescription',
    tasks.conversationRequestSchema,
    tasks.prescriptionDetectionAnswerSchema,
  ),
  extractPrescription: aiTask(
    'extract-prescription',
    tasks.conversationRequestSchema,
    tasks.prescriptionExtractionAnswerSchema,
  ),
  quickPrescription: aiTask(
    'quick-prescription',
    tasks.quickPrescriptionRequestSchema,
    tasks.prescriptionExtractionAnswerSchema,
  ),
  itemInfo: aiTask('item-info', tasks.itemInfoRequestSchema, tasks.itemInfoAnswerSchema),
  /** The draft of the orientações ao paciente: its words, and the prescription's medicines. */
  patientInstructions: aiTask(
    'patient-instructions',
    patientInstructionsRequestSchema,
    patientInstructionsAnswerSchema,
  ),
  /** One recorded audio file (or segment of a long visit) → the transcription. */
  /** With `recordId`, the visit recorded: its chart gains the use. */
  transcribe: endpoint({
    method: 'POST',
    path: '/api/ai/transcribe',
    query: queryOf<{ recordId?: string }>(),
    body: formBody(),
    answer: transcriptionResultSchema,
  }),
  /** Whether the server has a transcription service, and the segment length it wants. */
  transcriptionStatus: endpoint({
    method: 'GET',
    path: '/api/ai/transcribe/status',
    answer: transcriptionStatusSchema,
  }),
  /** The medical-language clean-up of a transcript, and whether it holds medical terms. */
  cleanUpTranscript: endpoint({
    method: 'POST',
    path: '/api/transcripts/clean-up',
    body: jsonBody<z.input<typeof transcriptCleanUpRequestSchema>>(),
    answer: transcriptCleanUpResultSchema,
  }),
};
