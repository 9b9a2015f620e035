import { z } from 'zod';
import { MEDICATION_SUGGESTIONS_SHOWN } from '@clinical/medications/search';
import { RECORD_LIMITS } from '@shared/records/medical-record';

/** Most suggestions one search may ask for. */
export const MEDICATION_SEARCH_MAX_LIMIT = 20;
/** Longest query accepted; no medicine name comes close. */
export const MEDICATION_QUERY_MAX_CHARS = 100;

/** `GET /api/medications/search?q=&limit=`: a missing or short `q` simply finds nothing. */
export const medicationSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(MEDICATION_QUERY_MAX_CHARS).default(''),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEDICATION_SEARCH_MAX_LIMIT)
    .default(MEDICATION_SUGGESTIONS_SHOWN),
});

const shortText = z.string().trim().max(200);

/**
 * `POST /api/medications/check`. `medication` takes a prescribed item as the record holds it;
 * its other fields (duration, instructions…) are accepted and ignored.
 */
export const medicationCheckSchema = z.strictObject({
  medication: z.object({
    name: shortText.min(1),
    dosage: shortText.optional(),
    frequency: shortText.optional(),
  }),
  allergies: z.array(shortText).max(100).default([]),
});

export type MedicationCheckInput = z.infer<typeof medicationCheckSchema>;

/** `GET /api/medications/dosing-hint?name=`: the prescribed name, as the doctor wrote it. */
export const dosingHintQuerySchema = z.strictObject({
  name: z.string().trim().min(1).max(MEDICATION_QUERY_MAX_CHARS),
});

/** Longest case description the detection reads: the record's long texts go no further. */
export const DETECTION_TEXT_MAX_CHARS = RECORD_LIMITS.longText;

/** `POST /api/medications/detect`: the free case description the chips are drawn from. */
export const medicationDetectionSchema = z.strictObject({
  text: z.string().max(DETECTION_TEXT_MAX_CHARS),
});

/** Most medicines one safety check reads: a prescription and what the patient already takes. */
export const SAFETY_CHECK_MAX_MEDICATIONS = 50;

const prescribedItem = z.object({
  name: shortText.min(1),
  dosage: shortText.optional(),
  frequency: shortText.optional(),
});

/**
 * `POST /api/medications/safety-check` (docs/receitas.md, "Segurança da prescrição"): the whole prescription and the patient. A
 * prescribed item's other fields (duration, instructions…) are accepted and ignored, so the
 * record's items go in as they are; the patient's fields are each optional.
 */
export const safetyCheckSchema = z.strictObject({
  medications: z.array(prescribedItem).max(SAFETY_CHECK_MAX_MEDICATIONS),
  patient: z
    .strictObject({
      // As wide as the record's patient step, whose data goes in as it is.
      age: z.number().min(0).max(150).optional(),
      sex: shortText.optional(),
      weightKg: z.number().positive().max(400).optional(),
      pregnant: z.boolean().optional(),
      allergies: z.array(shortText).max(RECORD_LIMITS.listItems).optional(),
      medicationsInUse: z.array(shortText).max(RECORD_LIMITS.listItems).optional(),
      creatinineClearance: z.number().min(0).max(300).optional(),
    })
    .default({}),
});
