import { describe, expect, it } from 'vitest';
import { AUTH_ATTEMPTS_PER_MINUTE } from './auth';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor } from '../testing/test-server';

interface AccountAnswer {
  success?: boolean;
  error?: string;
  code?: string;
  message?: string;
}

async function sessionOf(browser: TestBrowser) {
  const response = await browser.fetch('/api/auth/get-session');
  return (await response.json()) as { user: { id: string; name: string } } | null;
}

describe('accounts', () => {
  const fixture = useTestServer();

  it('signs up with an HttpOnly session cookie, signs out and signs in again', async () => {
    const browser = new TestBrowser(fixture.server.url);
    const email = 'dra.helena@prontu.test';
    const signUp = await browser.postJson('/api/auth/sign-up/email', {
      name: 'Dra. Helena',
      email,
      password: 'senha-segura-1',
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await sessionOf(browser))?.user.name).toBe('Dra. Helena');
    expect((await browser.records.list()).success).toBe(true);

    const signOut = await browser.postJson('/api/auth/sign-out', {});
    expect(signOut.status).toBe(200);
    expect(await sessionOf(browser)).toBeNull();
    expect(await browser.records.list()).toMatchObject({ success: false, status: 401 });

    const signIn = await browser.postJson('/api/auth/sign-in/email', {
      email,
      password: 'senha-segura-1',
    });
    expect(signIn.status).toBe(200);
    expect((await sessionOf(browser))?.user.name).toBe('Dra. Helena');
  });

  it.each([
    [
      { name: 'A', email: 'a@b.com', password: 'curta' },
      400,
      'A senha deve ter pelo menos 8 caracteres.',
    ],
    [{ name: 'A', email: 'nao-e-email', password: 'senha-segura-1' }, 400, 'E-mail inválido.'],
    [{ name: '', email: 'c@d.com', password: 'senha-segura-1' }, 400, 'Informe seu nome.'],
    [{ email: 'c@d.com', password: 'senha-segura-1' }, 400, 'Informe seu nome.'],
  ])('refuses sign-up %j in Portuguese', async (body, status, message) => {
    const response = await new TestBrowser(fixture.server.url).postJson(
      '/api/auth/sign-up/email',
      body,
    );
    expect(response.status).toBe(status);
    const answer = (await response.json()) as AccountAnswer;
    expect(answer).toMatchObject({ success: false, error: message, message });
  });

  it('refuses an e-mail already used', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const response = await new TestBrowser(fixture.server.url).postJson('/api/auth/sign-up/email', {
      name: 'Outra pessoa',
      email: doctor.email,
      password: 'outra-senha-123',
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as AccountAnswer).message).toBe(
      'Este e-mail já está cadastrado. Entre com ele ou use outro e-mail.',
    );
  });

  it('refuses a wrong password without telling whether the e-mail exists', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const browser = new TestBrowser(fixture.server.url);
    const wrongPassword = await browser.postJson('/api/auth/sign-in/email', {
      email: doctor.email,
      password: 'senha-errada-1',
    });
    const unknownEmail = await browser.postJson('/api/auth/sign-in/email', {
      email: 'ninguem@prontu.test',
      password: 'senha-errada-1',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [a, b] = (await Promise.all([
      wrongPassword.json(),
      unknownEmail.json(),
    ])) as AccountAnswer[];
    expect(a).toEqual(b);
    expect(a?.message).toBe('E-mail ou senha incorretos.');
  });

  it('refuses an oversized sign-up body with its limit in the message', async () => {
    const response = await new TestBrowser(fixture.server.url).postJson('/api/auth/sign-up/email', {
      name: 'x'.repeat(20_000),
      email: 'grande@prontu.test',
      password: 'senha-segura-1',
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as AccountAnswer).message).toBe(
      'Requisição grande demais. O máximo é 16 KB.',
    );
  });

  it('refuses a sign-up body that is not JSON', async () => {
    const response = await new TestBrowser(fixture.server.url).fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
    });
    expect(response.status).toBe(415);
  });
});

describe('sign-in rate limit', () => {
  const fixture = useTestServer();

  it(`allows ${AUTH_ATTEMPTS_PER_MINUTE} attempts a minute per address, then answers 429 in Portuguese`, async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const browser = new TestBrowser(fixture.server.url);
    const attempt = (headers: Record<string, string> = {}) =>
      browser.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: doctor.email, password: 'senha-errada-1' }),
      });
    for (let index = 0; index < AUTH_ATTEMPTS_PER_MINUTE; index += 1) {
      expect((await attempt()).status).toBe(401);
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as AccountAnswer).message).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    // The client cannot pick another bucket by claiming another address.
    expect((await attempt({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await attempt({ 'x-prontu-client-ip': '203.0.113.9' })).status).toBe(429);
  });
});
