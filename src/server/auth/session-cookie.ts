import { createHmac, timingSafeEqual } from 'node:crypto';

/** Better Auth's session cookie, with the `__Secure-` prefix it uses over HTTPS. */
const SESSION_COOKIE_NAMES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

/** The session cookie's value as sent (still URL-encoded and unchecked), if there is one. */
export function signedSessionCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const name of SESSION_COOKIE_NAMES) {
    const raw = cookieValue(cookieHeader, name);
    if (raw !== undefined) return raw;
  }
  return undefined;
}

/**
 * The token a session cookie's value carries, if its signature is valid. Better Auth signs the
 * cookie as `<token>.<base64 HMAC-SHA256 of token>` (URL-encoded); this checks it the same way
 * without going through Better Auth's request pipeline.
 * @param signed - the value as {@link signedSessionCookie} found it
 * @param secret - the session-signing secret Better Auth was configured with
 */
export function tokenOfSignedCookie(signed: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(signed);
  } catch {
    return undefined;
  }
  const separator = value.lastIndexOf('.');
  if (separator < 1) return undefined;
  const token = value.slice(0, separator);
  const signature = Buffer.from(value.slice(separator + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : undefined;
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}
