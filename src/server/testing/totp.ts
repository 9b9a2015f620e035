import { createHmac } from 'node:crypto';

/** How long an authenticator code lasts (RFC 6238's default). */
export const TOTP_STEP_MS = 30_000;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Bytes of an RFC 4648 base32 text (the `secret` of an otpauth:// URI), padding and case ignored. */
export function decodeBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[=\s]/g, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of clean) {
    const value = BASE32_ALPHABET.indexOf(character);
    if (value < 0) throw new Error(`not base32: ${character}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows now (RFC 6238 over RFC 4226: HMAC-SHA1, 30 s, 6 digits),
 * computed independently of Better Auth so the tests check its codes rather than reuse them.
 * @param base32Secret - the secret as an otpauth:// URI or the settings page shows it
 * @param at - the moment, in milliseconds since the epoch
 */
export function computeTotpCode(base32Secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / TOTP_STEP_MS)));
  const digest = createHmac('sha1', decodeBase32(base32Secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The base32 secret of an otpauth:// URI. */
export function secretOfTotpUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
