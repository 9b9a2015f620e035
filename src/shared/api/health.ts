import { z } from 'zod';
import { validationAddressSchema } from '../documents/validation-address';
import { endpoint } from './client';

/**
 * `GET /api/health`'s answer. `ok` is for anyone (a load balancer, a monitor); the rest only for
 * a signed-in doctor or a client on the server's machine: which database and which model run,
 * and the origin the QR codes carry (never a secret: every printed document shows it).
 */
export const healthAnswerSchema = z.object({
  ok: z.boolean(),
  db: z.enum(['pglite', 'postgres']).optional(),
  /** The chat model, or 'offline'. */
  ai: z.string().optional(),
  validation: validationAddressSchema.optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** `/api/health`: whether the server and its database answer (503 while the database does not). */
export const healthApi = {
  get: endpoint({ method: 'GET', path: '/api/health', answer: healthAnswerSchema }),
};
