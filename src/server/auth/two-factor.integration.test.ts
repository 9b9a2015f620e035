import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, twoFactors } from '../db/schema';
import { nextLoopbackAddress } from '../testing/loopback-fetch';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { computeTotpCode, decodeBase32, secretOfTotpUri, TOTP_STEP_MS } from '../testing/totp';
import { TWO_FACTOR_ERRORS } from '@shared/account/two-factor';
import { TWO_FACTOR_CODE_ATTEMPTS_PER_MINUTE } from './two-factor';

/** The TOTP time-step: codes change every 30 s. */

interface AuthAnswer {
  success?: boolean;
  code?: string;
  message?: string;
  error?: string;
  twoFactorRedirect?: boolean;
  twoFactorMethods?: string[];
}

interface Enrolled {
  doctor: TestDoctorAccount;
  secret: string;
  recoveryCodes: string[];
}

/** Enrols as the Settings page does: password → URI and recovery codes → first code → enabled. */
async function enrolDoctor(baseUrl: string): Promise<Enrolled> {
  const doctor = await signUpDoctor(baseUrl);
  const enable = await doctor.browser.postJson('/api/auth/two-factor/enable', {
    password: doctor.password,
  });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Prontu:/);
  expect(new URL(totpURI).searchParams.get('issuer')).toBe('Prontu');
  const secret = secretOfTotpUri(totpURI);
  const verify = await doctor.browser.postJson('/api/auth/two-factor/verify-totp', {
    code: computeTotpCode(secret),
  });
  expect(verify.status).toBe(200);
  return { doctor, secret, recoveryCodes: backupCodes };
}

async function sessionUser(browser: TestBrowser) {
  const response = await browser.fetch('/api/auth/get-session');
  return ((await response.json()) as { user: { twoFactorEnabled?: boolean } } | null)?.user;
}

/**
 * @param localAddress - a loopback address of its own, for a test that signs in more often than
 *   the per-address limits allow one client
 */
async function signInWithPassword(
  baseUrl: string,
  doctor: TestDoctorAccount,
  localAddress?: string,
) {
  const browser = new TestBrowser(baseUrl, localAddress);
  const response = await browser.postJson('/api/auth/sign-in/email', {
    email: doctor.email,
    password: doctor.password,
  });
  return { browser, response, answer: (await response.json()) as AuthAnswer };
}

async function medicalRecordsStatus(browser: TestBrowser) {
  return (await browser.fetch('/api/medical-records')).status;
}

describe('two-factor enrolment and sign-in', () => {
  const fixture = useTestServer();
  let enrolled: Enrolled;

  it('enrols with a code computed from the otpauth:// URI, storing no secret in clear', async () => {
    enrolled = await enrolDoctor(fixture.server.url);
    expect((await sessionUser(enrolled.doctor.browser))?.twoFactorEnabled).toBe(true);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    // The session that enrolled keeps working.
    expect(await medicalRecordsStatus(enrolled.doctor.browser)).toBe(200);

    const [row] = await fixture.server.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, enrolled.doctor.id));
    expect(row?.verified).toBe(true);
    const stored = `${row?.secret} ${row?.backupCodes}`;
    // The URI carries the secret base32-encoded; neither form may be in the row.
    expect(stored).not.toContain(decodeBase32(enrolled.secret).toString('utf8'));
    expect(stored).not.toContain(enrolled.secret);
    for (const code of enrolled.recoveryCodes) expect(stored).not.toContain(code);
  });

  it('opens nothing with the password alone', async () => {
    const { browser, response, answer } = await signInWithPassword(
      fixture.server.url,
      enrolled.doctor,
    );
    expect(response.status).toBe(200);
    expect(answer).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.cookieHeader ?? '').not.toContain('session_token');
    expect(await medicalRecordsStatus(browser)).toBe(401);
    expect(await sessionUser(browser)).toBeUndefined();
  });

  it('refuses a wrong code in Portuguese and opens the session with the right one', async () => {
    const { browser } = await signInWithPassword(fixture.server.url, enrolled.doctor);
    // The enrolment spent the current step's code: the app shows the next one soon after.
    const rightCode = computeTotpCode(enrolled.secret, Date.now() + TOTP_STEP_MS);
    const wrongCode = rightCode === '000000' ? '111111' : '000000';
    const wrong = await browser.postJson('/api/auth/two-factor/verify-totp', { code: wrongCode });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()) as AuthAnswer).toMatchObject({
      success: false,
      code: 'INVALID_CODE',
      error: TWO_FACTOR_ERRORS.INVALID_CODE?.message,
    });
    expect(await medicalRecordsStatus(browser)).toBe(401);

    const right = await browser.postJson('/api/auth/two-factor/verify-totp', { code: rightCode });
    expect(right.status).toBe(200);
    expect(await medicalRecordsStatus(browser)).toBe(200);
  });

  it('opens the session with a recovery code once, and refuses the same code again', async () => {
    const [recoveryCode] = enrolled.recoveryCodes;
    const first = await signInWithPassword(fixture.server.url, enrolled.doctor);
    const used = await first.browser.postJson('/api/auth/two-factor/verify-backup-code', {
      code: recoveryCode,
    });
    expect(used.status).toBe(200);
    expect(await medicalRecordsStatus(first.browser)).toBe(200);

    const second = await signInWithPassword(fixture.server.url, enrolled.doctor);
    const reused = await second.browser.postJson('/api/auth/two-factor/verify-backup-code', {
      code: recoveryCode,
    });
    expect(reused.status).toBe(401);
    expect((await reused.json()) as AuthAnswer).toMatchObject({
      code: 'INVALID_BACKUP_CODE',
      error: 'Código de recuperação inválido ou já usado.',
    });
    expect(await medicalRecordsStatus(second.browser)).toBe(401);
  });
});

describe('one sign-in per authenticator code', () => {
  const fixture = useTestServer();

  /** The stored time-step of the last code accepted for the doctor. */
  async function lastStepOf(userId: string) {
    const [row] = await fixture.server.database.db
      .select({ step: twoFactors.lastTotpStep })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    return row?.step;
  }

  it('refuses a code already used, and any code of an earlier step, in Portuguese', async () => {
    const { doctor, secret } = await enrolDoctor(fixture.server.url);
    expect(await lastStepOf(doctor.id)).toBeLessThanOrEqual(Math.floor(Date.now() / TOTP_STEP_MS));

    const now = Date.now();
    const next = computeTotpCode(secret, now + TOTP_STEP_MS);
    const first = await signInWithPassword(fixture.server.url, doctor, nextLoopbackAddress());
    const accepted = await first.browser.postJson('/api/auth/two-factor/verify-totp', {
      code: next,
    });
    expect(accepted.status).toBe(200);
    expect(await medicalRecordsStatus(first.browser)).toBe(200);
    expect(await lastStepOf(doctor.id)).toBe(Math.floor(now / TOTP_STEP_MS) + 1);

    // Each code is computed just before it is sent: a sign-in takes a while on a loaded machine,
    // and a code of the step before, computed earlier, may have left the window meanwhile.
    for (const codeNow of [
      () => next,
      () => computeTotpCode(secret),
      () => computeTotpCode(secret, Date.now() - TOTP_STEP_MS),
    ]) {
      const again = await signInWithPassword(fixture.server.url, doctor, nextLoopbackAddress());
      const code = codeNow();
      const replayed = await again.browser.postJson('/api/auth/two-factor/verify-totp', { code });
      expect(replayed.status).toBe(401);
      expect((await replayed.json()) as AuthAnswer).toMatchObject({
        success: false,
        code: 'TOTP_CODE_ALREADY_USED',
        error: TWO_FACTOR_ERRORS.TOTP_CODE_ALREADY_USED?.message,
      });
      expect(again.browser.cookieHeader ?? '').not.toContain('session_token');
      expect(await medicalRecordsStatus(again.browser)).toBe(401);
    }
  });

  it('lets exactly one of two simultaneous sign-ins with the same code through', async () => {
    const { doctor, secret } = await enrolDoctor(fixture.server.url);
    const [a, b] = await Promise.all([
      signInWithPassword(fixture.server.url, doctor, nextLoopbackAddress()),
      signInWithPassword(fixture.server.url, doctor, nextLoopbackAddress()),
    ]);
    const code = computeTotpCode(secret, Date.now() + TOTP_STEP_MS);
    const answers = await Promise.all(
      [a, b].map(({ browser }) => browser.postJson('/api/auth/two-factor/verify-totp', { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const statuses = await Promise.all([a, b].map(({ browser }) => medicalRecordsStatus(browser)));
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('still refuses the used code after a restart of the server', async () => {
    const { doctor, secret } = await enrolDoctor(fixture.server.url);
    const code = computeTotpCode(secret, Date.now() + TOTP_STEP_MS);
    const first = await signInWithPassword(fixture.server.url, doctor, nextLoopbackAddress());
    expect(
      (await first.browser.postJson('/api/auth/two-factor/verify-totp', { code })).status,
    ).toBe(200);

    await fixture.stop();
    await fixture.start();
    const again = await signInWithPassword(fixture.server.url, doctor, nextLoopbackAddress());
    const replayed = await again.browser.postJson('/api/auth/two-factor/verify-totp', { code });
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as AuthAnswer).code).toBe('TOTP_CODE_ALREADY_USED');
  });
});

describe('two-factor code attempts', () => {
  const fixture = useTestServer();

  it('limits code attempts per address and ends a sign-in challenge after 5 wrong codes', async () => {
    const doctor = await enrolDoctor(fixture.server.url);
    const { browser } = await signInWithPassword(fixture.server.url, doctor.doctor);
    const wrong = { code: 'zzzzz-zzzzz' };
    for (let attempt = 0; attempt < TWO_FACTOR_CODE_ATTEMPTS_PER_MINUTE; attempt += 1) {
      const answer = await browser.postJson('/api/auth/two-factor/verify-backup-code', wrong);
      expect(answer.status).toBe(401);
    }
    const limited = await browser.postJson('/api/auth/two-factor/verify-backup-code', wrong);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as AuthAnswer).error).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    // The challenge itself is spent: even the right code (another route, another bucket) fails.
    const late = await browser.postJson('/api/auth/two-factor/verify-totp', {
      code: computeTotpCode(doctor.secret, Date.now() + TOTP_STEP_MS),
    });
    expect(late.status).toBe(400);
    expect((await late.json()) as AuthAnswer).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
      error: 'Muitas tentativas com códigos incorretos. Entre com a senha novamente.',
    });
    expect(await medicalRecordsStatus(browser)).toBe(401);
  });
});

describe('disabling two-factor', () => {
  const fixture = useTestServer();

  it('needs the password, then ends every other session of the doctor', async () => {
    const { doctor, secret } = await enrolDoctor(fixture.server.url);
    const other = await signInWithPassword(fixture.server.url, doctor);
    const verified = await other.browser.postJson('/api/auth/two-factor/verify-totp', {
      code: computeTotpCode(secret, Date.now() + TOTP_STEP_MS),
    });
    expect(verified.status).toBe(200);
    expect(await medicalRecordsStatus(other.browser)).toBe(200);

    const wrongPassword = await doctor.browser.postJson('/api/auth/two-factor/disable', {
      password: 'nao-e-a-senha-1',
    });
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as AuthAnswer).error).toBe('Senha incorreta.');

    const disable = await doctor.browser.postJson('/api/auth/two-factor/disable', {
      password: doctor.password,
    });
    expect(disable.status).toBe(200);
    expect(await medicalRecordsStatus(doctor.browser)).toBe(200);
    expect((await sessionUser(doctor.browser))?.twoFactorEnabled).toBe(false);
    expect(await medicalRecordsStatus(other.browser)).toBe(401);
    const remaining = await fixture.server.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    expect(remaining).toHaveLength(1);

    // The password alone is enough again.
    const again = await signInWithPassword(fixture.server.url, doctor);
    expect(again.answer.twoFactorRedirect).toBeUndefined();
    expect(await medicalRecordsStatus(again.browser)).toBe(200);
  });
});
