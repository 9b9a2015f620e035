import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionLifetime } from '../config';
import type { AppDatabase } from '../db/database';
import { sessions, users } from '../db/schema';
import type { Doctor } from '../http/app-env';
import { signedSessionCookie, tokenOfSignedCookie } from './session-cookie';

/**
 * How long a verified session is trusted without asking the database again. A session revoked
 * elsewhere (another app server) stops working within this time; on this server, signing out
 * takes effect at once.
 */
export const SESSION_RECHECK_MS = 10_000;
/**
 * A session's last use is written at most this often, and never less often than a quarter of
 * the idle timeout ({@link sessionUseRecordMs}): the idle timeout then runs from a moment up to
 * this much (plus {@link SESSION_RECHECK_MS}) before the real last request, not later.
 */
export const SESSION_USE_RECORD_MS = 60_000;

/**
 * How often a session's last use is written: once a minute at most, to spare the database, but
 * at most a quarter of the idle timeout. A fixed minute ended a session kept in use every 20 s
 * under `SESSION_IDLE_MINUTES=1` at 60 s: its end was never moved. With a quarter, a session used
 * more often than every three quarters of the idle timeout always has its end moved in time.
 */
export function sessionUseRecordMs(lifetime: SessionLifetime): number {
  return Math.min(SESSION_USE_RECORD_MS, Math.floor(lifetime.idleMs / 4));
}
const MAX_CACHED_SESSIONS = 10_000;

interface CachedSession {
  doctor: Doctor;
  sessionId: string;
  token: string;
  expiresAt: number;
  checkedAt: number;
}

/** The signed-in doctor and which of their sessions the request carries. */
export interface VerifiedSession {
  doctor: Doctor;
  sessionId: string;
  token: string;
}

/**
 * When a session used at `lastUse` ends: after the idle timeout, but never later than the
 * lifetime allows from its sign-in.
 */
export function sessionExpiry(createdAt: number, lastUse: number, lifetime: SessionLifetime) {
  return Math.min(lastUse + lifetime.idleMs, createdAt + lifetime.maxMs);
}

/**
 * Finds the doctor of a request from Better Auth's signed session cookie and session table.
 *
 * Better Auth's own `getSession` does this through its request pipeline at three times the CPU
 * cost (measured), which every API call would pay; and a doctor's tab calls the API every few
 * seconds while typing, so a verified session is kept for {@link SESSION_RECHECK_MS}. It is kept
 * under the cookie's signed value: only a value whose signature was checked is ever stored, so a
 * request carrying it again skips the HMAC.
 */
export function createSessionVerifier(options: {
  db: AppDatabase;
  secret: string;
  lifetime: SessionLifetime;
  now?: () => number;
}) {
  const { db, lifetime } = options;
  const now = options.now ?? Date.now;
  const recordEveryMs = sessionUseRecordMs(lifetime);
  /** Verified sessions, by the signed cookie value they came with. */
  const cache = new Map<string, CachedSession>();
  const findDoctor = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.updatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.token, sql.placeholder('token')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('session_doctor');

  /**
   * The session row is the authority every server and Better Auth's own endpoints read: using
   * it moves its end (`expires_at`) forward, up to the lifetime from sign-in.
   */
  async function recordUse(token: string, createdAt: number, time: number): Promise<number> {
    const expiresAt = sessionExpiry(createdAt, time, lifetime);
    await db
      .update(sessions)
      .set({ updatedAt: new Date(time), expiresAt: new Date(expiresAt) })
      .where(eq(sessions.token, token));
    return expiresAt;
  }

  function remember(signedCookie: string, entry: CachedSession) {
    if (cache.size >= MAX_CACHED_SESSIONS) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(signedCookie, entry);
  }

  return {
    /** The signed-in doctor of a Cookie header, or undefined when there is no valid session. */
    async doctorFor(cookieHeader: string | undefined): Promise<Doctor | undefined> {
      return (await this.sessionFor(cookieHeader))?.doctor;
    },

    /**
     * The session of a Cookie header, counting this request as a use of it; undefined when there
     * is none, or it ended (idle too long, past its lifetime, signed out, revoked).
     */
    async sessionFor(cookieHeader: string | undefined): Promise<VerifiedSession | undefined> {
      const signed = signedSessionCookie(cookieHeader);
      if (signed === undefined) return undefined;
      const cached = cache.get(signed);
      const time = now();
      if (cached && time - cached.checkedAt < SESSION_RECHECK_MS && time < cached.expiresAt) {
        return { doctor: cached.doctor, sessionId: cached.sessionId, token: cached.token };
      }
      cache.delete(signed);
      const token = tokenOfSignedCookie(signed, options.secret);
      if (!token) return undefined;
      const [row] = await findDoctor.execute({ token, now: new Date(time).toISOString() });
      if (!row) return undefined;
      const createdAt = row.createdAt.getTime();
      if (time >= createdAt + lifetime.maxMs) return undefined;
      const expiresAt =
        time - row.lastUsedAt.getTime() >= recordEveryMs
          ? await recordUse(token, createdAt, time)
          : row.expiresAt.getTime();
      const doctor = { id: row.id, name: row.name, email: row.email };
      remember(signed, { doctor, sessionId: row.sessionId, token, expiresAt, checkedAt: time });
      return { doctor, sessionId: row.sessionId, token };
    },

    /**
     * Drops every cached session of the doctor signed in with this cookie (sign-out, revocation).
     * @param knownUserId - the doctor, when a previous call already found out
     * @returns the doctor's id, when known
     */
    forgetSessionsOf(cookieHeader: string | undefined, knownUserId?: string): string | undefined {
      const signed = signedSessionCookie(cookieHeader);
      const userId =
        knownUserId ?? (signed === undefined ? undefined : cache.get(signed)?.doctor.id);
      if (signed !== undefined) cache.delete(signed);
      if (!userId) return undefined;
      for (const [cachedCookie, entry] of cache) {
        if (entry.doctor.id === userId) cache.delete(cachedCookie);
      }
      return userId;
    },
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
