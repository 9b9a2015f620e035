import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import {
  PASSWORD_FROM_COMMON_WORD,
  PASSWORD_FROM_PERSONAL_DATA,
} from '@shared/account/password-strength';
import { AUTH_ATTEMPTS_PER_MINUTE, passwordWork } from './auth';
import { nextLoopbackAddress } from '../testing/loopback-fetch';
import { isSignedIn } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { TEST_PASSWORD, TestBrowser, signUpDoctor } from '../testing/test-server';

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

  it('signs up into an HttpOnly session, signs out and signs in again', async () => {
    const browser = new TestBrowser(fixture.server.url);
    const email = 'dra.helena@prontu.test';
    const signUp = await browser.postJson('/api/auth/sign-up/email', {
      name: 'Dra. Helena',
      email,
      password: TEST_PASSWORD,
    });
    expect(signUp.status).toBe(200);
    expect(await signUp.json()).not.toHaveProperty('token');
    const cookie = signUp.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await sessionOf(browser))?.user.name).toBe('Dra. Helena');
    expect(await isSignedIn(browser)).toBe(true);

    const signOut = await browser.postJson('/api/auth/sign-out', {});
    expect(signOut.status).toBe(200);
    expect(await sessionOf(browser)).toBeNull();
    expect(await isSignedIn(browser)).toBe(false);

    const signIn = await browser.postJson('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    expect((await sessionOf(browser))?.user.name).toBe('Dra. Helena');
    const session = (await (await browser.fetch('/api/auth/get-session')).json()) as {
      session: Record<string, unknown>;
    };
    expect(session.session).not.toHaveProperty('token');
  });

  it('signs out on a POST with no body and no content type, as some clients send it', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const { db } = fixture.server.database;
    const rowsOf = () => db.select().from(sessions).where(eq(sessions.userId, doctor.id));
    expect(await rowsOf()).toHaveLength(1);
    expect(await isSignedIn(doctor.browser)).toBe(true);

    const signOut = await doctor.browser.fetch('/api/auth/sign-out', { method: 'POST' });
    expect(signOut.status).toBe(200);
    const cleared = signOut.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await rowsOf()).toEqual([]);
    expect(await isSignedIn(doctor.browser)).toBe(false);
  });

  it('still refuses a sign-out without a body from another site', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const cookie = doctor.browser.cookieHeader ?? '';
    const crossSite: Record<string, string>[] = [
      { cookie, origin: 'https://outro.example' },
      { cookie, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await fetch(`${fixture.server.url}/api/auth/sign-out`, {
        method: 'POST',
        headers,
      });
      expect(response.status).toBe(403);
    }
    expect(await isSignedIn(doctor.browser)).toBe(true);
  });

  it.each([
    [
      { name: 'A', email: 'a@b.com', password: '12345678' },
      400,
      'A senha deve ter pelo menos 12 caracteres.',
    ],
    [{ name: 'A', email: 'a@b.com', password: 'password1234' }, 400, PASSWORD_FROM_COMMON_WORD],
    [{ name: 'A', email: 'nao-e-email', password: TEST_PASSWORD }, 400, 'E-mail inválido.'],
    [{ name: '', email: 'c@d.com', password: TEST_PASSWORD }, 400, 'Informe seu nome.'],
    [{ email: 'c@d.com', password: TEST_PASSWORD }, 400, 'Informe seu nome.'],
  ])('refuses sign-up %j in Portuguese', async (body, status, message) => {
    const response = await new TestBrowser(fixture.server.url).postJson(
      '/api/auth/sign-up/email',
      body,
    );
    expect(response.status).toBe(status);
    const answer = (await response.json()) as AccountAnswer;
    expect(answer).toMatchObject({ success: false, error: message, message });
  });

  it('answers a sign-up with a taken e-mail like one with a new e-mail, with the same work, but signs in only the account it created', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const signUp = (email: string) =>
      new TestBrowser(fixture.server.url, nextLoopbackAddress()).postJson(
        '/api/auth/sign-up/email',
        { name: 'Outra Pessoa', email, password: `${TEST_PASSWORD} outra` },
      );
    const hashesBefore = passwordWork.hashes;
    const verificationsBefore = passwordWork.verifications;
    const taken = await signUp(doctor.email);
    expect(passwordWork.hashes - hashesBefore).toBe(1);
    // Never tried against the existing account: the taken answer verifies against a decoy.
    expect(passwordWork.verifications - verificationsBefore).toBe(0);
    const fresh = await signUp('nova.pessoa@prontu.test');
    expect(passwordWork.hashes - hashesBefore).toBe(2);
    // The new account is signed in with the password it was just given.
    expect(passwordWork.verifications - verificationsBefore).toBe(1);

    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(200);
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(true);
    const [takenBody, freshBody] = (await Promise.all([taken.json(), fresh.json()])) as {
      user: Record<string, unknown>;
    }[];
    expect(Object.keys(takenBody ?? {}).sort()).toEqual(Object.keys(freshBody ?? {}).sort());
    expect(Object.keys(takenBody?.user ?? {}).sort()).toEqual(
      Object.keys(freshBody?.user ?? {}).sort(),
    );
    // The account that exists keeps its own password and id.
    expect(takenBody?.user.id).not.toBe(doctor.id);
    const signIn = await new TestBrowser(fixture.server.url).postJson('/api/auth/sign-in/email', {
      email: doctor.email,
      password: doctor.password,
    });
    expect(signIn.status).toBe(200);
  });

  it('checks one password either way at sign-in: unknown e-mail or wrong password', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const browser = new TestBrowser(fixture.server.url, nextLoopbackAddress());
    const work = () => passwordWork.hashes + passwordWork.verifications;
    let before = work();
    await browser.postJson('/api/auth/sign-in/email', {
      email: doctor.email,
      password: 'senha-errada-1',
    });
    expect(work() - before).toBe(1);
    before = work();
    await browser.postJson('/api/auth/sign-in/email', {
      email: 'ninguem-aqui@prontu.test',
      password: 'senha-errada-1',
    });
    expect(work() - before).toBe(1);
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
      password: TEST_PASSWORD,
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

describe('one password policy for sign-up and change of password', () => {
  const fixture = useTestServer();
  const name = 'Dra. Ana Souza';
  const weak: [string, string][] = [
    ['Senha@123456', PASSWORD_FROM_COMMON_WORD],
    ['brasil2026!!', PASSWORD_FROM_COMMON_WORD],
    ['AnaSouza2026!', PASSWORD_FROM_PERSONAL_DATA],
  ];

  it.each(weak)('refuses %j at sign-up, saying why', async (password, message) => {
    const response = await new TestBrowser(fixture.server.url, nextLoopbackAddress()).postJson(
      '/api/auth/sign-up/email',
      { name, email: `ana-${password.length}@prontu.test`, password },
    );
    expect(response.status).toBe(400);
    expect((await response.json()) as AccountAnswer).toMatchObject({
      code: 'VALIDATION_ERROR',
      message,
    });
  });

  it('refuses the same passwords on a change, and accepts a good passphrase', async () => {
    const doctor = await signUpDoctor(fixture.server.url, name);
    for (const [newPassword, message] of [...weak]) {
      const response = await doctor.browser.postJson('/api/auth/change-password', {
        currentPassword: doctor.password,
        newPassword,
      });
      expect(response.status, newPassword).toBe(400);
      expect(((await response.json()) as AccountAnswer).message, newPassword).toBe(message);
    }
    const good = await doctor.browser.postJson('/api/auth/change-password', {
      currentPassword: doctor.password,
      newPassword: 'Jabuticaba madura no quintal da avó',
    });
    expect(good.status).toBe(200);
  });

  it('accepts a good passphrase at sign-up', async () => {
    const response = await new TestBrowser(fixture.server.url, nextLoopbackAddress()).postJson(
      '/api/auth/sign-up/email',
      { name, email: 'ana.souza@prontu.test', password: 'Jabuticaba madura no quintal da avó' },
    );
    expect(response.status).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  const fixture = useTestServer();

  it(`allows ${AUTH_ATTEMPTS_PER_MINUTE} attempts a minute per address, then answers 429 in Portuguese`, async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const browser = new TestBrowser(fixture.server.url);
    // Each attempt with another e-mail: this is the per-address limit, not the per-account one.
    let attempts = 0;
    const attempt = (headers: Record<string, string> = {}) =>
      browser.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          email: `${(attempts += 1)}-${doctor.email}`,
          password: 'senha-errada-1',
        }),
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
