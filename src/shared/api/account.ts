import { z } from 'zod';
import { endpoint, jsonBody } from './client';

const activeSessionSchema = z.object({
  id: z.string(),
  /** 'Chrome no Linux'. */
  device: z.string(),
  address: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/**
 * The session routes of `/api/auth` that the app calls itself (sign-in, sign-up and the rest go
 * through Better Auth's client, `web/data/auth-client.ts`). No answer carries a token.
 */
export const accountApi = {
  listSessions: endpoint({
    method: 'GET',
    path: '/api/auth/list-sessions',
    answer: z.array(activeSessionSchema),
  }),
  revokeSession: endpoint({
    method: 'POST',
    path: '/api/auth/revoke-session',
    body: jsonBody<{ id: string }>(),
    answer: z.unknown(),
  }),
  revokeOtherSessions: endpoint({
    method: 'POST',
    path: '/api/auth/revoke-other-sessions',
    body: jsonBody<Record<string, never>>(),
    answer: z.unknown(),
  }),
};
