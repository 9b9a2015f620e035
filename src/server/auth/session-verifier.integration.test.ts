import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { isSignedIn } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { loadConfig } from '../config';
import { signedSessionCookie, tokenOfSignedCookie } from './session-cookie';
import {
  SESSION_RECHECK_MS,
  SESSION_USE_RECORD_MS,
  createSessionVerifier,
  sessionUseRecordMs,
} from './session-verifier';

const lifetime = loadConfig({}).session;
const MINUTE = 60_000;

const fixture = useTestServer();
let secret: string;

beforeAll(async () => {
  secret = (await readFile(path.join(fixture.server.dataDir, 'auth-secret'), 'utf8')).trim();
});

/** A verifier over the running server's database, with a clock the test moves. */
function verifierWithClock() {
  const clock = { now: Date.now() };
  const verifier = createSessionVerifier({
    db: fixture.server.database.db,
    secret,
    lifetime,
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

  it('refuses a known session token under another signature, even while it is cached', async () => {
    const doctor = await doctorWithCookie();
    const { verifier } = verifierWithClock();
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    const signed = signedSessionCookie(doctor.cookie) ?? '';
    const token = tokenOfSignedCookie(signed, secret);
    expect(token).toBeDefined();
    const forged = encodeURIComponent(`${token ?? ''}.${Buffer.alloc(32, 7).toString('base64')}`);
    const forgedCookie = doctor.cookie.replace(signed, forged);
    expect(forgedCookie).not.toBe(doctor.cookie);
    expect(await verifier.doctorFor(forgedCookie)).toBeUndefined();
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
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

describe('session lifetime', () => {
  it('has the documented defaults: 30 minutes idle, 12 hours in all', () => {
    expect(lifetime).toEqual({ idleMs: 30 * MINUTE, maxMs: 12 * 60 * MINUTE });
  });

  it('ends a session left idle for the idle timeout, in the verifier and in Better Auth', async () => {
    const doctor = await doctorWithCookie();
    const { verifier, clock } = verifierWithClock();
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();

    clock.now += lifetime.idleMs + 1;
    expect(await verifier.doctorFor(doctor.cookie)).toBeUndefined();
    // The row's end is the one every server and Better Auth's own endpoints read.
    const [row] = await fixture.server.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    expect(row?.expiresAt.getTime()).toBeLessThan(clock.now);
  });

  it('keeps a session in use alive past the idle timeout, recording its last use', async () => {
    const doctor = await doctorWithCookie();
    const { verifier, clock } = verifierWithClock();
    const signedInAt = clock.now;
    for (let minutes = 20; minutes <= 120; minutes += 20) {
      clock.now = signedInAt + minutes * MINUTE;
      expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    }
    const [row] = await fixture.server.database.db
      .select({ lastUsedAt: sessions.updatedAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    expect(row?.lastUsedAt.getTime()).toBe(clock.now);
    expect(row?.expiresAt.getTime()).toBe(clock.now + lifetime.idleMs);

    // Better Auth's own session endpoint reads the same row.
    const session = await doctor.browser.fetch('/api/auth/get-session');
    expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBe(doctor.id);
  });

  it('does not record every request: one write per minute at most', async () => {
    const doctor = await doctorWithCookie();
    const { verifier, clock } = verifierWithClock();
    clock.now += SESSION_USE_RECORD_MS;
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    const recorded = clock.now;
    clock.now += SESSION_RECHECK_MS + 1;
    expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    const [row] = await fixture.server.database.db
      .select({ lastUsedAt: sessions.updatedAt })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    expect(row?.lastUsedAt.getTime()).toBe(recorded);
  });

  it('keeps a session used every 20 s alive under a 1-minute idle timeout, and ends it once idle', async () => {
    const doctor = await doctorWithCookie();
    const oneMinute = loadConfig({ SESSION_IDLE_MINUTES: '1' }).session;
    expect(sessionUseRecordMs(oneMinute)).toBe(15_000);
    const clock = { now: Date.now() };
    const verifier = createSessionVerifier({
      db: fixture.server.database.db,
      secret,
      lifetime: oneMinute,
      now: () => clock.now,
    });
    // The row was made with the server's 30-minute idle timeout: start it as a 1-minute one.
    await fixture.server.database.db
      .update(sessions)
      .set({ updatedAt: new Date(clock.now), expiresAt: new Date(clock.now + MINUTE) })
      .where(eq(sessions.userId, doctor.id));
    const signedInAt = clock.now;
    for (let seconds = 20; seconds <= 180; seconds += 20) {
      clock.now = signedInAt + seconds * 1000;
      expect(await verifier.doctorFor(doctor.cookie), `${seconds} s`).toBeDefined();
    }
    clock.now += MINUTE + 1;
    expect(await verifier.doctorFor(doctor.cookie)).toBeUndefined();
  });

  it('ends a session used all along once its lifetime is over', async () => {
    const doctor = await doctorWithCookie();
    const { verifier, clock } = verifierWithClock();
    const [created] = await fixture.server.database.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    const signedInAt = created?.createdAt.getTime() ?? 0;
    for (
      let time = signedInAt + 10 * MINUTE;
      time < signedInAt + lifetime.maxMs;
      time += 10 * MINUTE
    ) {
      clock.now = time;
      expect(await verifier.doctorFor(doctor.cookie)).toBeDefined();
    }
    const [row] = await fixture.server.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    expect(row?.expiresAt.getTime()).toBe(signedInAt + lifetime.maxMs);
    clock.now = signedInAt + lifetime.maxMs;
    expect(await verifier.doctorFor(doctor.cookie)).toBeUndefined();
  });

  it('makes Better Auth answer no session once the idle timeout passed', async () => {
    const doctor = await doctorWithCookie();
    // As if the doctor had stopped 31 minutes ago: the row says when the session ended.
    const idleSince = Date.now() - lifetime.idleMs - MINUTE;
    await fixture.server.database.db
      .update(sessions)
      .set({ updatedAt: new Date(idleSince), expiresAt: new Date(idleSince + lifetime.idleMs) })
      .where(eq(sessions.userId, doctor.id));
    const session = await doctor.browser.fetch('/api/auth/get-session');
    expect(await session.json()).toBeNull();
    expect(await isSignedIn(doctor.browser)).toBe(false);
  });

  it('starts a session with the idle timeout as its end, not a week', async () => {
    const before = Date.now();
    const doctor = await doctorWithCookie();
    const [row] = await fixture.server.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, doctor.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + lifetime.idleMs);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + lifetime.idleMs);
  });
});

describe('signing out through the API', () => {
  it('stops a copy of the session that was in use a moment before', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const otherTab = doctor.browser.pointedAt(fixture.server.url);
    expect(await isSignedIn(otherTab)).toBe(true);
    await doctor.browser.postJson('/api/auth/sign-out', {});
    expect(await isSignedIn(otherTab)).toBe(false);
  });
});
