import { z } from 'zod';

/** Ids the server assigns; the browser's own unsaved ones use other prefixes. */
export const PRESCRIPTION_ID_PREFIX = 'prescription-';
export const BATCH_ID_PREFIX = 'batch-';

export const PRESCRIPTION_LIST_DEFAULT_LIMIT = 20;
export const PRESCRIPTION_LIST_MAX_LIMIT = 100;

/**
 * `GET /api/prescriptions` and `GET /api/prescription-batches`: newest first, keyset paging,
 * optionally only the finalized (`finalized=true`) or only the open ones (`finalized=false`).
 */
export const prescriptionListQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRESCRIPTION_LIST_MAX_LIMIT)
    .default(PRESCRIPTION_LIST_DEFAULT_LIMIT),
  lastEvaluatedKey: z.string().min(1).max(500).optional(),
  finalized: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
