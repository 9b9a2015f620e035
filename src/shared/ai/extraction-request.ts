import { z } from 'zod';

/** Longest consultation text `POST /api/ai/extract` reads: an hour of transcribed talk fits. */
export const EXTRACTION_TEXT_MAX_LENGTH = 100_000;

/**
 * Body of `POST /api/ai/extract`: the consultation text and, optionally, the record it will be
 * merged into (a model may use it as context; the offline engine reads the text alone).
 */
export const extractionRequestSchema = z.strictObject({
  // Kept as sent, spaces included: the answer's evidence are offsets into this very text.
  text: z
    .string()
    .max(EXTRACTION_TEXT_MAX_LENGTH)
    .refine((text) => text.trim() !== '', { error: 'não pode ficar vazio' }),
  record: z.looseObject({}).optional(),
});

export type ExtractionRequest = z.infer<typeof extractionRequestSchema>;
