import { z } from 'zod';
import { PRESCRIPTION_LIMITS } from '@shared/prescriptions/prescription';

/** Body of `POST /api/prescription-batches/:id/prescriptions`: the prescription to add. */
export const batchAddPrescriptionSchema = z.strictObject({
  prescriptionId: z
    .string()
    .trim()
    .min(1)
    .max(PRESCRIPTION_LIMITS.shortText)
    .refine((id) => !id.includes('\u0000'), { error: 'contém caracteres inválidos' }),
});
