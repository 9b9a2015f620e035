import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * A keyset page's position as the opaque string a client sends back as is (base64url JSON):
 * the client never builds one, and one it altered is a 400, not a query on a made-up position.
 * @param schema - the position as stored in the cursor
 * @param invalidMessage - the Portuguese 400 message for a cursor this codec did not write
 */
export function opaqueCursor<Stored>(schema: z.ZodType<Stored>, invalidMessage: string) {
  return {
    encode(position: Stored): string {
      return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
    },
    /** @throws HttpError 400 when the cursor was not produced by `encode` */
    decode(cursor: string): Stored {
      try {
        return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
      } catch {
        throw badRequest(invalidMessage);
      }
    },
  };
}
