import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { SESSION_RECHECK_MS, createSessionVerifier } from './session-verifier';

const fixture = useTestServer();
let secret: string;

beforeAll(async () => {
  secret = (await readFile(path.join(fixture.server.dataDir, 'auth-secret'), 'utf8')).trim();
});

/** A verifier over the running server's database, with a clock the test moves. */
function verifierWithClock() {
  const clock = { now: 1_000_000 };
  const verifier = createSessionVerifier({
    db: fixture.server.database.db,
    secret,
    now: () => clock.now,
  });
  return { verifier, clock };
}

async function doctorWithCookie(): Promise<TestDoctorAccount & { cookie: string }> {
  const doctor = await signUpDoctor(fixture.server.url);
  const cookie = doctor.browser.cookieHeader;
  if (!cookie) throw new Error('no cookie');
  return { ...doctor, cookie };
}

describe('session verifier', () => {
  it('finds the doctor of a Better Auth session cookie', async () => {
    const doctor = await doctorWithCookie();
    const { verifier } = verifierWithClock();
    expect(await verifier.doctorFor(doctor.cookie)).toEqual({
      id: doctor.id,
      name: doctor.name,
      email: doctor.email,
    });
    expect(await verifier.doctorFor(undefined)).toBeUndefined();
  });

  it('notices a session revoked elsewhere within the recheck window', async () => {
    const doctor = await doctorWithCookie();
    const { verifier, clock } = verifierWithClock();
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();

    await fixture.server.database.db.delete(sessions).where(eq(sessions.userId, doctor.id));
    clock.now += SESSION_RECHECK_MS - 1;
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    clock.now += 2;
    expect(await verifier.doctorFor(doctor.cookie)).toBeUndefined();
  });

  it('forgets a doctor’s sessions at once when told to', async () => {
    const doctor = await doctorWithCookie();
    const { verifier } = verifierWithClock();
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    await fixture.server.database.db.delete(sessions).where(eq(sessions.userId, doctor.id));
    verifier.forgetSessionsOf(doctor.cookie);
    expect(await verifier.doctorFor(doctor.cookie)).toBeUndefined();
  });

  it('refuses an expired session', async () => {
    const doctor = await doctorWithCookie();
    await fixture.server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, doctor.id));
    const { verifier } = verifierWithClock();
    expect(await verifier.doctorFor(doctor.cookie)).toBeUndefined();
  });
});

describe('signing out through the API', () => {
  it('stops a copy of the session that was in use a moment before', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const otherTab = doctor.browser.pointedAt(fixture.server.url);
    expect((await otherTab.records.list()).success).toBe(true);
    await doctor.browser.postJson('/api/auth/sign-out', {});
    expect(await otherTab.records.list()).toMatchObject({ success: false, status: 401 });
  });
});
