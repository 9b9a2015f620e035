import { z } from 'zod';
import type { AiSource } from '../../../shared/ai-protocol';
import {
  EXAM_SUGGESTIONS_ON_ERROR,
  MEDICATION_SUGGESTIONS_ON_ERROR,
  assessmentEnhancementAnswerSchema,
  examSuggestionsAnswerSchema,
  medicationSuggestionsAnswerSchema,
  planSuggestionsAnswerSchema,
  type ExamSuggestions,
  type MedicationSuggestions,
} from '../../../shared/ai-tasks';
import { CID10_PATIENT_SEXES, type Cid10SearchResult } from '../../../shared/cid10-search';
import type { Gender, Medication } from '../../../shared/medical-record';
import type { DosingHintAnswer } from '../../../shared/prescription-suggestions';
import type { WorkingRecord } from '../../../shared/record-flow';
import {
  PLAN_SUGGESTIONS_FALLBACK,
  assessmentEnhancementFallback,
  type AssessmentEnhancement,
  type PlanSuggestions,
} from '../../../shared/record-step-rules';
import { requestAiTask } from '../../ai-client';
import { recordContentOf } from '../../chat-conversation/record-from-chat';
import { CONNECTION_ERROR, requestJson } from '../../api-request';

/**
 * The record steps' calls to the server: AI help (assessment, plan, medications, exams), the
 * CID-10 search and the medicine catalogue (search, detection, dosing table, check). AI answers come with who wrote them (model, offline engine, fallback), so a
 * screen never presents the offline engine's or the spec's fallback as a model's answer.
 */

/** Who answered, as the screens show it: nothing for a model, 'Modo offline' for the engine. */
export interface AiProvenance {
  source: AiSource;
  /** Spec §8's message when the provider failed. */
  notice?: string;
}

/**
 * Asks for the assessment rewritten in medical language, with CID-10 suggestions
 * (`POST /api/ai/enhance-assessment`): by the model, or offline by the Prontu's rules.
 * @returns the answer, or the text unchanged with no CIDs (spec §8) when there is none
 */
export async function enhanceAssessment(
  text: string,
): Promise<AssessmentEnhancement & AiProvenance> {
  try {
    const { answer, source, notice } = await requestAiTask(
      'enhance-assessment',
      { text },
      assessmentEnhancementAnswerSchema,
    );
    return { ...answer, source, ...(notice ? { notice } : {}) };
  } catch (error) {
    console.warn('Formatação da avaliação indisponível; texto mantido.', error);
    return {
      ...assessmentEnhancementFallback(text),
      source: 'fallback',
      notice: error instanceof Error ? error.message : CONNECTION_ERROR,
    };
  }
}

/**
 * Asks for treatment-plan suggestions for the record (`POST /api/ai/plan-suggestions`).
 * @returns the answer, or the generic advice of spec §8
 */
export async function suggestPlan(record: WorkingRecord): Promise<PlanSuggestions & AiProvenance> {
  try {
    const { answer, source, notice } = await requestAiTask(
      'plan-suggestions',
      { record: recordContentOf(record) },
      planSuggestionsAnswerSchema,
    );
    return { ...answer, source, ...(notice ? { notice } : {}) };
  } catch (error) {
    console.warn('Sugestões de plano indisponíveis; usando sugestões gerais.', error);
    return { ...PLAN_SUGGESTIONS_FALLBACK, source: 'fallback' };
  }
}

/**
 * Asks for medication suggestions for the record and the doctor's case description
 * (`POST /api/ai/medication-suggestions`).
 * @returns the answer, or spec §8's empty list with its warning when the call failed
 */
export async function suggestMedications(
  record: WorkingRecord,
  caseDescription: string,
): Promise<MedicationSuggestions & AiProvenance> {
  try {
    const { answer, source, notice } = await requestAiTask(
      'medication-suggestions',
      { record: recordContentOf(record), caseDescription },
      medicationSuggestionsAnswerSchema,
    );
    return { ...answer, source, ...(notice ? { notice } : {}) };
  } catch (error) {
    console.warn('Sugestões de medicamentos indisponíveis.', error);
    return {
      ...MEDICATION_SUGGESTIONS_ON_ERROR,
      source: 'fallback',
      notice: error instanceof Error ? error.message : CONNECTION_ERROR,
    };
  }
}

/**
 * Asks for exam suggestions for the record and the doctor's case description
 * (`POST /api/ai/exam-suggestions`).
 * @returns the answer, or an empty list (spec §8) when the call failed
 */
export async function suggestExams(
  record: WorkingRecord,
  caseDescription: string,
): Promise<ExamSuggestions & AiProvenance> {
  try {
    const { answer, source, notice } = await requestAiTask(
      'exam-suggestions',
      { record: recordContentOf(record), caseDescription },
      examSuggestionsAnswerSchema,
    );
    return { ...answer, source, ...(notice ? { notice } : {}) };
  } catch (error) {
    console.warn('Sugestões de exames indisponíveis.', error);
    return {
      ...EXAM_SUGGESTIONS_ON_ERROR,
      source: 'fallback',
      notice: error instanceof Error ? error.message : CONNECTION_ERROR,
    };
  }
}

const cidSearchAnswerSchema = z.object({
  results: z.array(
    z.object({
      code: z.string(),
      description: z.string(),
      category: z.string(),
      categoryCode: z.string(),
      chapter: z.object({ number: z.number(), title: z.string() }),
      relevance: z.number(),
      restrictedTo: z.enum(CID10_PATIENT_SEXES).optional(),
    }),
  ),
});

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
  const params = new URLSearchParams({ q: query.trim(), limit: String(limit) });
  if (patient.sex === 'masculino' || patient.sex === 'feminino') params.set('sex', patient.sex);
  if (patient.age !== undefined) params.set('age', String(patient.age));
  const answer = await requestJson(`/api/cid10/search?${params.toString()}`);
  return cidSearchAnswerSchema.parse(answer).results;
}

const medicationCheckAnswerSchema = z.object({ warnings: z.array(z.string()) });

/**
 * Checks one prescribed medication against the patient's allergies and the dosing rules
 * (`POST /api/medications/check`).
 * @returns the warnings; none when the check could not be made (it only advises)
 */
export async function checkMedication(
  medication: Pick<Medication, 'name' | 'dosage' | 'frequency'>,
  allergies: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  try {
    const answer = await requestJson('/api/medications/check', {
      method: 'POST',
      body: JSON.stringify({
        medication: {
          name: medication.name,
          ...(medication.dosage ? { dosage: medication.dosage } : {}),
          ...(medication.frequency ? { frequency: medication.frequency } : {}),
        },
        allergies,
      }),
      ...(signal ? { signal } : {}),
    });
    return medicationCheckAnswerSchema.parse(answer).warnings;
  } catch (error) {
    if (!signal?.aborted) console.warn('Verificação do medicamento indisponível.', error);
    return [];
  }
}

const catalogueAnswerSchema = z.object({
  results: z.array(z.object({ name: z.string(), strengths: z.array(z.string()) })),
});

/** A medicine of the built-in catalogue: its (lower-case) name and the strengths it comes in. */
export type CatalogueMedication = z.infer<typeof catalogueAnswerSchema>['results'][number];

const writtenText = z.string().optional();
const detectionAnswerSchema = z.object({
  results: z.array(
    z.object({
      name: z.string(),
      strengths: z.array(z.string()),
      written: z
        .object({
          dosage: writtenText,
          dosePerIntake: writtenText,
          frequency: writtenText,
          duration: writtenText,
          instructions: writtenText,
        })
        .default({}),
    }),
  ),
});

/** A medicine named in the case description, with what the text says of its regimen. */
export type DetectedMedication = z.infer<typeof detectionAnswerSchema>['results'][number];

/**
 * The medicine autocomplete (`GET /api/medications/search`): prefix matches first, then
 * alphabetical, at most 8 (spec §9); nothing under 2 characters.
 * @throws ApiError when the search fails (or the AbortError of `signal`)
 */
export async function searchMedicationCatalogue(
  query: string,
  signal?: AbortSignal,
): Promise<CatalogueMedication[]> {
  const params = new URLSearchParams({ q: query.trim() });
  const answer = await requestJson(`/api/medications/search?${params.toString()}`, {
    ...(signal ? { signal } : {}),
  });
  return catalogueAnswerSchema.parse(answer).results;
}

/**
 * The medicines named in a free case description (`POST /api/medications/detect`, spec §5): at
 * most 5, in order of appearance; none for a text of 10 characters or less.
 * @throws ApiError when the call fails (or the AbortError of `signal`)
 */
export async function detectMedications(
  text: string,
  signal?: AbortSignal,
): Promise<DetectedMedication[]> {
  const answer = await requestJson('/api/medications/detect', {
    method: 'POST',
    body: JSON.stringify({ text }),
    ...(signal ? { signal } : {}),
  });
  return detectionAnswerSchema.parse(answer).results;
}

const dosingHintAnswerSchema = z.object({
  hint: z
    .object({
      name: z.string(),
      dosage: z.string(),
      frequency: z.string(),
      duration: z.string(),
      instructions: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<{ hint: DosingHintAnswer | null }>;

/**
 * The dosing table's usual adult regimen for a medicine, by generic or brand name
 * (`GET /api/medications/dosing-hint`, spec §4 'Sugerir posologia').
 * @returns the regimen, or null when the table has none for it
 * @throws ApiError when the call fails
 */
export async function fetchDosingHint(name: string): Promise<DosingHintAnswer | null> {
  const params = new URLSearchParams({ name: name.trim() });
  const answer = await requestJson(`/api/medications/dosing-hint?${params.toString()}`);
  return dosingHintAnswerSchema.parse(answer).hint;
}
