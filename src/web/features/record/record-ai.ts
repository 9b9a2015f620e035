import { z } from 'zod';
import type { AiSource } from '../../../shared/ai-protocol';
import {
  assessmentEnhancementAnswerSchema,
  planSuggestionsAnswerSchema,
} from '../../../shared/ai-tasks';
import type { Cid10SearchResult } from '../../../shared/cid10-search';
import type { Medication } from '../../../shared/medical-record';
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
 * The record steps' calls to the server: AI help (assessment, plan), the CID-10 search and the
 * medication check. AI answers come with who wrote them (model, offline engine, fallback), so a
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

const cidSearchAnswerSchema = z.object({
  results: z.array(
    z.object({
      code: z.string(),
      description: z.string(),
      category: z.string(),
      categoryCode: z.string(),
      chapter: z.object({ number: z.number(), title: z.string() }),
      relevance: z.number(),
    }),
  ),
});

/**
 * Searches the CID-10 catalogue (`GET /api/cid10/search`), best match first.
 * @param query - a code or words of a description; must not be blank
 * @throws ApiError (or a validation error) when the search fails; the panel says so
 */
export async function searchCid10(query: string, limit = 10): Promise<Cid10SearchResult[]> {
  const params = new URLSearchParams({ q: query.trim(), limit: String(limit) });
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
