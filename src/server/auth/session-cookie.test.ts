import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedSessionCookie, tokenOfSignedCookie } from './session-cookie';

const SECRET = 'um-segredo-de-teste-com-mais-de-32-caracteres';

/** A cookie value signed the way Better Auth signs it (`token.base64(HMAC-SHA256)`, URL-encoded). */
function signed(token: string, secret = SECRET): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/** The token of a Cookie header's session cookie, as the session verifier reads it. */
function readSignedSessionToken(header: string | undefined, secret: string): string | undefined {
  const value = signedSessionCookie(header);
  return value === undefined ? undefined : tokenOfSignedCookie(value, secret);
}

describe('the session cookie', () => {
  it('reads a correctly signed session cookie among others', () => {
    const header = `theme=dark; better-auth.session_token=${signed('abc123')}; other=1`;
    expect(readSignedSessionToken(header, SECRET)).toBe('abc123');
  });

  it('reads the __Secure- cookie used over HTTPS', () => {
    expect(
      readSignedSessionToken(`__Secure-better-auth.session_token=${signed('tok')}`, SECRET),
    ).toBe('tok');
  });

  it.each([
    ['no header', undefined],
    ['no session cookie', 'theme=dark'],
    [
      'signed with another secret',
      `better-auth.session_token=${signed('abc', 'outro-segredo-outro-segredo-outro-segredo')}`,
    ],
    ['a changed token', `better-auth.session_token=${signed('abc').replace('abc', 'abd')}`],
    ['no signature', 'better-auth.session_token=abc'],
    ['an empty signature', 'better-auth.session_token=abc.'],
    ['a truncated signature', `better-auth.session_token=${signed('abc').slice(0, -6)}`],
    ['broken URL encoding', 'better-auth.session_token=%E0%A4%A.x'],
  ])('refuses %s', (_case, header) => {
    expect(readSignedSessionToken(header, SECRET)).toBeUndefined();
  });
});
