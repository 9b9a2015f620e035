import { z } from 'zod';
import type { Cid10SearchResult } from '../../../shared/cid10-search';
import type { Medication } from '../../../shared/medical-record';
import type { WorkingRecord } from '../../../shared/record-flow';
import {
  ENHANCEMENT_DEFAULT_CONFIDENCE,
  PLAN_SUGGESTIONS_FALLBACK,
  assessmentEnhancementFallback,
  type AssessmentEnhancement,
  type PlanSuggestions,
} from '../../../shared/record-step-rules';
import { requestJson } from '../../api-request';

/**
 * The record steps' calls to the server: AI help (assessment, plan), the CID-10 search and the
 * medication check. AI answers are validated; when there is none, the spec's fallback (§8) is
 * returned and marked `fromModel: false`, so the screen never presents it as a model's answer.
 */

const cidSuggestionSchema = z.object({
  code: z.string().min(1),
  description: z.string(),
  category: z.string().default(''),
  confidence: z.number().min(0).max(1).default(0),
});

const enhancementAnswerSchema = z.object({
  improvedText: z.string(),
  suggestedCIDs: z.array(cidSuggestionSchema).default([]),
  confidence: z.number().min(0).max(1).default(ENHANCEMENT_DEFAULT_CONFIDENCE),
});

/**
 * Asks for the assessment rewritten in medical language, with CID-10 suggestions
 * (`POST /api/ai/enhance-assessment`).
 * @param text - the assessment as written
 * @returns the answer, or the text unchanged with no CIDs (spec §8) when there is no valid answer
 */
export async function enhanceAssessment(
  text: string,
): Promise<AssessmentEnhancement & { fromModel: boolean }> {
  try {
    const answer = enhancementAnswerSchema.parse(
      await requestJson('/api/ai/enhance-assessment', {
        method: 'POST',
        body: JSON.stringify({ text }),
      }),
    );
    // An empty rewrite would erase the doctor's text: treat it as no answer.
    if (!answer.improvedText.trim()) throw new Error('empty improvedText');
    return { ...answer, fromModel: true };
  } catch (error) {
    console.warn('Formatação da avaliação indisponível; texto mantido.', error);
    return { ...assessmentEnhancementFallback(text), fromModel: false };
  }
}

const planAnswerSchema = z.object({
  suggestions: z.array(z.string().trim().min(1)).min(1),
  reasoning: z.string().default(''),
  urgencyLevel: z.enum(['low', 'medium', 'high']).default('medium'),
  followUpRecommendation: z.string().default(''),
});

/**
 * Asks for treatment-plan suggestions for the record (`POST /api/ai/plan-suggestions`).
 * @param record - the record as it stands
 * @returns the answer, or the generic advice of spec §8 marked `fromModel: false`
 */
export async function suggestPlan(
  record: WorkingRecord,
): Promise<PlanSuggestions & { fromModel: boolean }> {
  try {
    const answer = planAnswerSchema.parse(
      await requestJson('/api/ai/plan-suggestions', {
        method: 'POST',
        body: JSON.stringify({ record }),
      }),
    );
    return { ...answer, fromModel: true };
  } catch (error) {
    console.warn('Sugestões de plano indisponíveis; usando sugestões gerais.', error);
    return { ...PLAN_SUGGESTIONS_FALLBACK, fromModel: false };
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
