import { z } from 'zod';
import { clinicalDocumentSchema } from '../documents/clinical-document';
import {
  signingProviderSchema,
  signingSessionSchema,
  type signingBatchSchema,
  type signingSessionStartSchema,
} from '../documents/signing-certificate';
import { endpoint, jsonBody } from './client';
import { presentedPrescriptionSchema } from './prescriptions';

const sessionAnswer = z.object({ session: signingSessionSchema });

/**
 * Signing with a cloud certificate (docs/api.md, "Assinatura com certificado em nuvem"): the
 * providers offered, a session the doctor authorises at one of them, and a visit's papers signed
 * with it together.
 */
export const signingSessionsApi = {
  /** The PSCs this server offers, and how each authorises (`otp`, `push`). */
  providers: endpoint({
    method: 'GET',
    path: '/api/signing-providers',
    answer: z.object({ providers: z.array(signingProviderSchema) }),
  }),
  /** With `otp`: authorised at once (201); without: `pending` until approved in her app. */
  start: endpoint({
    method: 'POST',
    path: '/api/signing-sessions',
    body: jsonBody<z.input<typeof signingSessionStartSchema>>(),
    answer: sessionAnswer,
  }),
  /** Where the session stands; a pending push is asked of the PSC again. */
  get: endpoint({ method: 'GET', path: '/api/signing-sessions/:id', answer: sessionAnswer }),
  /** Ends the session now. */
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/signing-sessions/:id',
    answer: z.object({ success: z.literal(true) }),
  }),
  /** A visit's papers signed with one authorisation; nothing is saved when the PSC fails. */
  sign: endpoint({
    method: 'POST',
    path: '/api/signing-sessions/:id/sign',
    body: jsonBody<z.input<typeof signingBatchSchema>>(),
    answer: z.object({
      documents: z.array(clinicalDocumentSchema),
      prescriptions: z.array(presentedPrescriptionSchema),
    }),
  }),
};
