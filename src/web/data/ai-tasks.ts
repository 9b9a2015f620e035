import { useMutation } from '@tanstack/react-query';
import type { AiSource } from '@shared/ai/protocol';
import {
  EXAM_SUGGESTIONS_ON_ERROR,
  MEDICATION_SUGGESTIONS_ON_ERROR,
  type ExamSuggestions,
  type MedicationSuggestions,
} from '@shared/ai/tasks';
import { API_ERRORS } from '@shared/api/errors';
import { aiApi, type AiAnswer } from '@shared/api/ai';
import type { CallInput } from '@shared/api/client';
import { visitOfAiRequest, type WorkingRecord } from '@shared/records/flow';
import { generalPlanSuggestions } from '@shared/records/plan-suggestions';
import {
  assessmentEnhancementFallback,
  type AssessmentEnhancement,
  type PlanSuggestions,
} from '@shared/records/step-rules';
import { recordContentOf } from './record-from-chat';
import { aiUseOf, type AiUseRef } from './ai-use';
import { api, errorText } from './api';

/**
 * The browser's AI tasks (`/api/ai/…`) that are not the chat's conversation (`chat.ts`): the
 * record steps' help (assessment, plan, medications, exams), the item information, the chat's
 * extractions and the voice consultation's. AI answers come with who wrote them (model, offline
 * engine, fallback), so a screen never presents the offline engine's or the fallback as a model's
 * answer (docs/product.md, "Quem respondeu").
 */

/** The body of an AI task's request. */
type BodyOf<E> = CallInput<E> extends { body: infer B } ? B : never;

/**
 * The query keys of the record's AI help, in one place: answers are kept in the query cache per
 * record, and leave it with the doctor on sign-out.
 */
export const recordAiKeys = {
  planSuggestions: (recordId: string) => ['record-ai', 'plan-suggestions', recordId] as const,
};

/** Who answered, as the screens show it: nothing for a model, 'Modo offline' for the engine. */
export interface AiProvenance {
  source: AiSource;
  /** The message for the doctor when the provider failed. */
  notice?: string;
  /** The use it added to the visit's chart, to tell what the doctor did with it. */
  use?: AiUseRef;
}

/**
 * The record's patient, whose earlier visits the server adds to the model's context, and the
 * visit itself, whose chart records the use.
 */
function patientOf(record: WorkingRecord): { patientId?: string; recordId?: string } {
  return {
    ...(record.patientId ? { patientId: record.patientId } : {}),
    ...visitOfAiRequest(record),
  };
}

function withProvenance<T>(
  { answer, source, notice, useId }: AiAnswer<T>,
  visit: { recordId?: string },
): T & AiProvenance {
  const use = aiUseOf(visit, useId);
  return { ...answer, source, ...(notice ? { notice } : {}), ...(use ? { use } : {}) };
}

/** The message of a failed call, for the notice under the step. */
const noticeOf = (error: unknown) => errorText(error, API_ERRORS.unreachable.message);

/**
 * Asks for the assessment rewritten in medical language, with CID-10 suggestions
 * (`POST /api/ai/enhance-assessment`): by the model, or offline by the Prontu's rules.
 * @returns the answer, or the text unchanged with no CIDs
 *   (docs/product.md, "Tarefas e respostas padrão") when there is none
 */
export async function enhanceAssessment(
  text: string,
  record: WorkingRecord,
): Promise<AssessmentEnhancement & AiProvenance> {
  const visit = visitOfAiRequest(record);
  try {
    return withProvenance(
      await api.call(aiApi.enhanceAssessment, { body: { text, ...visit } }),
      visit,
    );
  } catch (error) {
    console.warn('Formatação da avaliação indisponível; texto mantido.', error);
    return { ...assessmentEnhancementFallback(text), source: 'fallback', notice: noticeOf(error) };
  }
}

/**
 * "Formatar com IA" of the assessment as a mutation: {@link enhanceAssessment}, which always
 * answers (a fallback when the call fails), so the step reads `isPending` while it runs.
 */
export function useAssessmentEnhancement() {
  return useMutation({
    mutationFn: (input: { text: string; record: WorkingRecord }) =>
      enhanceAssessment(input.text, input.record),
  });
}

/**
 * Asks for treatment-plan suggestions for the record (`POST /api/ai/plan-suggestions`).
 * @returns the answer, or the generic advice of docs/product.md, "Tarefas e respostas padrão"
 */
export async function suggestPlan(record: WorkingRecord): Promise<PlanSuggestions & AiProvenance> {
  const visit = patientOf(record);
  // Whether the visit is a teleconsulta decides the in-person advice (docs/product.md, "Etapa Plano").
  const teleconsulta = record.teleconsulta ? { teleconsulta: record.teleconsulta } : {};
  try {
    return withProvenance(
      await api.call(aiApi.planSuggestions, {
        body: { record: { ...recordContentOf(record), ...teleconsulta }, ...visit },
      }),
      visit,
    );
  } catch (error) {
    console.warn('Sugestões de plano indisponíveis; usando sugestões gerais.', error);
    return { ...generalPlanSuggestions(record), source: 'fallback' };
  }
}

/**
 * Asks for medication suggestions for the record and the doctor's case description
 * (`POST /api/ai/medication-suggestions`).
 * @returns the answer, or the empty list with its warning when the call failed
 *   (docs/product.md, "Tarefas e respostas padrão")
 */
export async function suggestMedications(
  record: WorkingRecord,
  caseDescription: string,
): Promise<MedicationSuggestions & AiProvenance> {
  const visit = patientOf(record);
  try {
    return withProvenance(
      await api.call(aiApi.medicationSuggestions, {
        body: { record: recordContentOf(record), caseDescription, ...visit },
      }),
      visit,
    );
  } catch (error) {
    console.warn('Sugestões de medicamentos indisponíveis.', error);
    return { ...MEDICATION_SUGGESTIONS_ON_ERROR, source: 'fallback', notice: noticeOf(error) };
  }
}

/**
 * Asks for exam suggestions for the record and the doctor's case description
 * (`POST /api/ai/exam-suggestions`).
 * @returns the answer, or an empty list (docs/product.md, "Tarefas e respostas padrão") when
 *   the call failed
 */
export async function suggestExams(
  record: WorkingRecord,
  caseDescription: string,
): Promise<ExamSuggestions & AiProvenance> {
  const visit = patientOf(record);
  try {
    return withProvenance(
      await api.call(aiApi.examSuggestions, {
        body: { record: recordContentOf(record), caseDescription, ...visit },
      }),
      visit,
    );
  } catch (error) {
    console.warn('Sugestões de exames indisponíveis.', error);
    return { ...EXAM_SUGGESTIONS_ON_ERROR, source: 'fallback', notice: noticeOf(error) };
  }
}

/** The prescription assistant's suggestions for one case description. */
export interface CaseSuggestions {
  caseText: string;
  medications: MedicationSuggestions & AiProvenance;
  exams: ExamSuggestions & AiProvenance;
}

/**
 * 'Gerar Sugestões' of the prescription assistant (docs/product.md, "Assistente de prescrição"):
 * medication and exam suggestions for the record and the case, asked together. Neither call
 * fails: each falls back to its empty answer.
 */
export function useCaseSuggestions() {
  return useMutation({
    mutationFn: async (input: {
      record: WorkingRecord;
      caseText: string;
    }): Promise<CaseSuggestions> => {
      const [medications, exams] = await Promise.all([
        suggestMedications(input.record, input.caseText),
        suggestExams(input.record, input.caseText),
      ]);
      return { caseText: input.caseText, medications, exams };
    },
  });
}

/**
 * One question about a prescribed item (`POST /api/ai/item-info`).
 * @throws ApiError when the call fails (or the AbortError of `signal`)
 */
export function askItemInfo(body: BodyOf<typeof aiApi.itemInfo>, signal: AbortSignal) {
  return api.call(aiApi.itemInfo, { body, signal });
}

/**
 * What the doctor's messages say for the record (`POST /api/ai/extract-chat-info`).
 * @throws ApiError when the call fails (or the AbortError of `signal`)
 */
export function extractChatInfo(body: BodyOf<typeof aiApi.extractChatInfo>, signal?: AbortSignal) {
  return api.call(aiApi.extractChatInfo, { body, ...(signal ? { signal } : {}) });
}

/**
 * The receita the conversation describes (`POST /api/ai/extract-prescription`).
 * @throws ApiError when the call fails
 */
export function extractPrescription(
  messages: BodyOf<typeof aiApi.extractPrescription>['messages'],
) {
  return api.call(aiApi.extractPrescription, { body: { messages } });
}

/**
 * The receita a quick free text describes (`POST /api/ai/quick-prescription`).
 * @throws ApiError when the call fails
 */
export function extractQuickPrescription(text: string) {
  return api.call(aiApi.quickPrescription, { body: { text } });
}

/**
 * A transcript in medical language, and whether it holds medical terms
 * (`POST /api/transcripts/clean-up`).
 * @throws ApiError when the call fails
 */
export function cleanUpTranscript(text: string) {
  return api.call(aiApi.cleanUpTranscript, { body: { text } });
}

/**
 * The record's values a transcript holds, with their evidence (`POST /api/ai/extract`).
 * @throws ApiError when the call fails
 */
export function extractFromTranscript(body: BodyOf<typeof aiApi.extract>) {
  return api.call(aiApi.extract, { body });
}

/**
 * The structured anamnesis of a transcript (`POST /api/ai/structured-anamnesis`).
 * @throws ApiError when the call fails
 */
export function structuredAnamnesisOf(body: BodyOf<typeof aiApi.structuredAnamnesis>) {
  return api.call(aiApi.structuredAnamnesis, { body });
}

/**
 * Uploads one recorded audio file for transcription (`POST /api/ai/transcribe`).
 * @throws ApiError when the call fails
 */
export function uploadForTranscription(form: FormData, visit: { recordId?: string }) {
  return api.call(aiApi.transcribe, { query: visit, body: form });
}

/**
 * Whether the server has a transcription service (`GET /api/ai/transcribe/status`).
 * @throws ApiError when the call fails
 */
export function fetchTranscriptionStatus() {
  return api.call(aiApi.transcriptionStatus);
}
