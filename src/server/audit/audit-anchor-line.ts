import { z } from 'zod';

/*
 * One line of the audit anchors file (audit-anchors.ts), on its own: the audit log checks its
 * chain against anchors, and the anchors are taken from the log's head.
 */

export const anchorSchema = z.object({
  /** When it was anchored (ISO 8601). */
  at: z.string(),
  /** The head: 0 with the genesis hash while the chain is empty. */
  position: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The first position of the keyed chain: any entry from here on must carry an HMAC. */
  keyedFrom: z.number().int().min(1),
  /** The fingerprint of the key the chain was written with (`AuditKey.id`). */
  keyId: z.string(),
});

/** One line of the anchors file. */
export type AuditAnchor = z.infer<typeof anchorSchema>;
