import { badRequest } from './errors';

/**
 * Versions and `If-Match` (RFC 9110 §13.1.1): every resource a doctor can edit from two tabs has
 * a version number that each write raises. A write that names the version it read is done only
 * if the resource is still at it; otherwise the answer is 409 with the current state, so no edit
 * silently replaces one the writer never saw.
 */

/** The `ETag` of a version: `"3"`. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * Reads the version a client last saw: `3`, `"3"` and `W/"3"` are accepted.
 * @param header - the `If-Match` header, if sent
 * @param invalidMessage - the Portuguese message of the 400 `invalid_if_match` for a header that
 *   is not a version
 * @returns the version, or undefined when the header was not sent (the write is unconditional)
 */
export function parseIfMatch(
  header: string | undefined,
  invalidMessage: string,
): number | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match?.[1]) throw badRequest(invalidMessage, 'invalid_if_match');
  return Number(match[1]);
}
