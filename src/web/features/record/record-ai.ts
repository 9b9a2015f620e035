import type { AiSource } from '@shared/ai/protocol';
import {
  EXAM_SUGGESTIONS_ON_ERROR,
  MEDICATION_SUGGESTIONS_ON_ERROR,
  type ExamSuggestions,
  type MedicationSuggestions,
} from '@shared/ai/tasks';
import { API_ERRORS } from '@shared/api/errors';
import { aiApi, type AiAnswer } from '@shared/api/ai';
import {
  cid10Api,
  medicationsApi,
  type CatalogueMedication,
  type DetectedMedication,
} from '@shared/api/catalogues';
import type { Cid10SearchResult } from '@shared/records/cid10-search';
import type { Gender } from '@shared/records/medical-record';
import type { DosingHintAnswer } from '@shared/prescriptions/suggestions';
import { visitOfAiRequest, type WorkingRecord } from '@shared/records/flow';
import { generalPlanSuggestions } from '@shared/records/plan-suggestions';
import {
  assessmentEnhancementFallback,
  type AssessmentEnhancement,
  type PlanSuggestions,
} from '@shared/records/step-rules';
import { recordContentOf } from '../../data/record-from-chat';
import { aiUseOf, type AiUseRef } from '../../data/ai-use';
import { api, errorText } from '../../data/api';

export type { CatalogueMedication, DetectedMedication };

/**
 * The record steps' calls to the server: AI help (assessment, plan, medications, exams), the
 * CID-10 search and the medicine catalogue (search, detection, dosing table, check). AI answers
 * come with who wrote them (model, offline engine, fallback), so a screen never presents the
 * offline engine's or the fallback as a model's answer (docs/product.md, "Quem respondeu").
 */

/**
 * The query keys of the record's AI help and catalogue lookups, in one place: answers are kept
 * in the query cache per record (or per question), and leave it with the doctor on sign-out.
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

/**
 * Searches the CID-10 catalogue (`GET /api/cid10/search`), best match first.
 * @param query - a code or words of a description; must not be blank
 * @param patient - the patient's sex and age when known: codes for the other sex, and pregnancy
 *   codes past the age of one, are left out unless typed ('outro' narrows nothing)
 * @throws ApiError (or a validation error) when the search fails; the panel says so
 */
export async function searchCid10(
  query: string,
  patient: { sex?: Gender | undefined; age?: number | undefined } = {},
  limit = 10,
): Promise<Cid10SearchResult[]> {
  const sex = patient.sex === 'masculino' || patient.sex === 'feminino' ? patient.sex : undefined;
  const answer = await api.call(cid10Api.search, {
    query: { q: query.trim(), limit, sex, age: patient.age },
  });
  return answer.results;
}

/**
 * The medicine autocomplete (`GET /api/medications/search`): prefix matches first, then
 * alphabetical, at most 8 (docs/product.md, "Medicamentos e verificações"); nothing under 2
 * characters.
 * @throws ApiError when the search fails (or the AbortError of `signal`)
 */
export async function searchMedicationCatalogue(
  query: string,
  signal?: AbortSignal,
): Promise<CatalogueMedication[]> {
  return (await api.call(medicationsApi.search, { query: { q: query.trim() }, signal })).results;
}

/**
 * The medicines named in a free case description (`POST /api/medications/detect`,
 * docs/product.md, "Medicamentos e verificações"): at most 5, in order of appearance; none for a
 * text of 10 characters or less.
 * @throws ApiError when the call fails (or the AbortError of `signal`)
 */
export async function detectMedications(
  text: string,
  signal?: AbortSignal,
): Promise<DetectedMedication[]> {
  return (await api.call(medicationsApi.detect, { body: { text }, signal })).results;
}

/**
 * The dosing table's usual adult regimen for a medicine, by generic or brand name
 * (`GET /api/medications/dosing-hint`, 'Sugerir posologia' in
 * docs/product.md, "Etapa Prescrições e Exames").
 * @returns the regimen, or null when the table has none for it
 * @throws ApiError when the call fails
 */
export async function fetchDosingHint(name: string): Promise<DosingHintAnswer | null> {
  return (await api.call(medicationsApi.dosingHint, { query: { name: name.trim() } })).hint;
}
