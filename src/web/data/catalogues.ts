import {
  cid10Api,
  medicationsApi,
  type CatalogueMedication,
  type DetectedMedication,
} from '@shared/api/catalogues';
import type { Cid10SearchResult } from '@shared/records/cid10-search';
import type { Gender } from '@shared/records/medical-record';
import type { DosingHintAnswer } from '@shared/prescriptions/suggestions';
import { api } from './api';

export type { CatalogueMedication, DetectedMedication };

/**
 * The record steps' catalogue lookups: the CID-10 search and the medicine catalogue (search,
 * detection, dosing table). Their AI help is in `src/web/data/ai-tasks.ts`.
 */

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
