import { describe, expect, it } from 'vitest';
import type { DoctorSessionView } from './doctor-sessions';
import { isSignedIn } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { TEST_PASSWORD, TestBrowser, signUpDoctor } from '../testing/test-server';

const fixture = useTestServer();
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NEW_PASSWORD = `${TEST_PASSWORD} trocada`;

/** The same doctor signed in again from another device. */
async function secondDevice(email: string, password: string): Promise<TestBrowser> {
  const browser = new TestBrowser(fixture.server.url);
  const signIn = await browser.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': CHROME_ON_LINUX },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  return browser;
}

async function listSessions(browser: TestBrowser): Promise<DoctorSessionView[]> {
  const response = await browser.fetch('/api/auth/list-sessions');
  expect(response.status).toBe(200);
  return (await response.json()) as DoctorSessionView[];
}

describe('changing the password', () => {
  it('ends every other session, even when the client asks to keep them', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const other = await secondDevice(doctor.email, doctor.password);
    expect(await isSignedIn(other)).toBe(true);

    const change = await doctor.browser.postJson('/api/auth/change-password', {
      currentPassword: doctor.password,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(change.status).toBe(200);
    expect(await change.json()).not.toHaveProperty('token');

    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(doctor.browser)).toBe(true);
    expect(await listSessions(doctor.browser)).toHaveLength(1);
  });

  it('refuses a new password that is easy to guess, in Portuguese', async () => {
    const doctor = await signUpDoctor(fixture.server.url, 'Dra. Beatriz Nogueira');
    const change = await doctor.browser.postJson('/api/auth/change-password', {
      currentPassword: doctor.password,
      newPassword: 'beatriznogueira',
    });
    expect(change.status).toBe(400);
    expect(((await change.json()) as { error: string }).error).toMatch(
      /^Senha fácil de adivinhar: /,
    );
  });
});

describe('the session list', () => {
  it('shows device, address, sign-in and last use of each session, never a token', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    await secondDevice(doctor.email, doctor.password);
    const response = await doctor.browser.fetch('/api/auth/list-sessions');
    const text = await response.text();
    const sessions = JSON.parse(text) as DoctorSessionView[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.device)).toContain('Chrome no Linux');
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual([
        'address',
        'createdAt',
        'current',
        'device',
        'id',
        'lastUsedAt',
      ]);
      expect(session.address).toMatch(/127\.0\.|::1/);
    }
    expect(text).not.toMatch(/token/i);
  });

  it('ends another session by its id, at once on this server, and not another doctor’s', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const other = await secondDevice(doctor.email, doctor.password);
    expect(await isSignedIn(other)).toBe(true);
    const otherId = (await listSessions(doctor.browser)).find((session) => !session.current)?.id;

    const stranger = await signUpDoctor(fixture.server.url);
    const refused = await stranger.browser.postJson('/api/auth/revoke-session', { id: otherId });
    expect(refused.status).toBe(404);
    expect(await isSignedIn(other)).toBe(true);

    const ended = await doctor.browser.postJson('/api/auth/revoke-session', { id: otherId });
    expect(ended.status).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(doctor.browser)).toBe(true);
  });

  it('ends all the other sessions, keeping this one', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const other = await secondDevice(doctor.email, doctor.password);
    expect(await isSignedIn(other)).toBe(true);
    const ended = await doctor.browser.postJson('/api/auth/revoke-other-sessions', {});
    expect(ended.status).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await listSessions(doctor.browser)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const response = await new TestBrowser(fixture.server.url).fetch('/api/auth/list-sessions');
    expect(response.status).toBe(401);
  });
});
