import { z } from 'zod';
import { CID10_PATIENT_SEXES } from '../records/cid10-search';
import type { DosingHintAnswer } from '../prescriptions/suggestions';
import { SAFETY_KINDS, SAFETY_SEVERITIES } from '../prescriptions/safety-warnings';
import { endpoint, jsonBody, queryOf } from './client';

const cid10ResultSchema = z.object({
  code: z.string(),
  description: z.string(),
  category: z.string(),
  categoryCode: z.string(),
  chapter: z.object({ number: z.number(), title: z.string() }),
  relevance: z.number(),
  restrictedTo: z.enum(CID10_PATIENT_SEXES).optional(),
});

const catalogueMedicationSchema = z.object({
  name: z.string(),
  strengths: z.array(z.string()),
  /** The brand or abbreviation a search matched ('Amoxil' for 'amoxil'). */
  brand: z.string().optional(),
});
/**
 * A medicine of the built-in catalogue: its (lower-case) name, the strengths it comes in and, in
 * a search, the brand the query matched.
 */
export type CatalogueMedication = z.infer<typeof catalogueMedicationSchema>;

const writtenText = z.string().optional();
const detectedMedicationSchema = catalogueMedicationSchema.extend({
  written: z
    .object({
      dosage: writtenText,
      dosePerIntake: writtenText,
      frequency: writtenText,
      duration: writtenText,
      instructions: writtenText,
    })
    .default({}),
});
/** A medicine named in the case description, with what the text says of its regimen. */
export type DetectedMedication = z.infer<typeof detectedMedicationSchema>;

const dosingHintSchema = z.object({
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  duration: z.string(),
  instructions: z.string(),
}) satisfies z.ZodType<DosingHintAnswer>;

/** What the prescribing safety check looks at: the medicines prescribed, and the patient. */
export interface SafetyCheckRequest {
  medications: readonly { name: string; dosage?: string; frequency?: string }[];
  patient?: {
    age?: number;
    sex?: string;
    weightKg?: number;
    pregnant?: boolean;
    allergies?: readonly string[];
    medicationsInUse?: readonly string[];
    creatinineClearance?: number;
  };
}

export const safetyWarningSchema = z.object({
  kind: z.enum(SAFETY_KINDS),
  severity: z.enum(SAFETY_SEVERITIES),
  medications: z.array(z.string()),
  message: z.string(),
  reference: z.string(),
});

/** `/api/cid10`: the CID-10 catalogue's search (docs/api.md, "Busca CID-10"). */
export const cid10Api = {
  search: endpoint({
    method: 'GET',
    path: '/api/cid10/search',
    query: queryOf<{ q: string; limit?: number; sex?: string; age?: number }>(),
    answer: z.object({ results: z.array(cid10ResultSchema) }),
  }),
};

/** `/api/medications`: the built-in medicine catalogue and its checks (docs/api.md, "Motor offline"). */
export const medicationsApi = {
  /** The autocomplete: prefix matches first, then alphabetical. */
  search: endpoint({
    method: 'GET',
    path: '/api/medications/search',
    query: queryOf<{ q: string; limit?: number }>(),
    answer: z.object({ results: z.array(catalogueMedicationSchema) }),
  }),
  /** The medicines named in a free case description, in order of appearance. */
  detect: endpoint({
    method: 'POST',
    path: '/api/medications/detect',
    body: jsonBody<{ text: string }>(),
    answer: z.object({ results: z.array(detectedMedicationSchema) }),
  }),
  /** The dosing table's usual adult regimen, or null. */
  dosingHint: endpoint({
    method: 'GET',
    path: '/api/medications/dosing-hint',
    query: queryOf<{ name: string }>(),
    answer: z.object({ hint: dosingHintSchema.nullable() }),
  }),
  /** Warnings for one prescribed medicine: maximum daily dose, allergies. */
  check: endpoint({
    method: 'POST',
    path: '/api/medications/check',
    body: jsonBody<{
      medication: { name: string; dosage?: string; frequency?: string };
      allergies: readonly string[];
    }>(),
    answer: z.object({ warnings: z.array(z.string()) }),
  }),
  /**
   * The prescribing safety check over a whole prescription and the patient: interactions,
   * duplication, pregnancy, kidneys, children's doses, allergies; gravest first.
   */
  safetyCheck: endpoint({
    method: 'POST',
    path: '/api/medications/safety-check',
    body: jsonBody<SafetyCheckRequest>(),
    answer: z.object({ warnings: z.array(safetyWarningSchema) }),
  }),
};
