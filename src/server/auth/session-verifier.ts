import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { sessions, users } from '../db/schema';
import type { Doctor } from '../http/app-env';
import { readSignedSessionToken } from './session-cookie';

/**
 * How long a verified session is trusted without asking the database again. A session revoked
 * elsewhere (another app server) stops working within this time; on this server, signing out
 * takes effect at once.
 */
export const SESSION_RECHECK_MS = 10_000;
const MAX_CACHED_SESSIONS = 10_000;

interface CachedSession {
  doctor: Doctor;
  expiresAt: number;
  checkedAt: number;
}

/**
 * Finds the doctor of a request from Better Auth's signed session cookie and session table.
 *
 * Better Auth's own `getSession` does this through its request pipeline at three times the CPU
 * cost (measured), which every API call would pay; and a doctor's tab calls the API every few
 * seconds while typing, so a verified session is kept for {@link SESSION_RECHECK_MS}.
 */
export function createSessionVerifier(options: {
  db: AppDatabase;
  secret: string;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const cache = new Map<string, CachedSession>();
  const findDoctor = options.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_doctor');

  function remember(token: string, entry: CachedSession) {
    if (cache.size >= MAX_CACHED_SESSIONS) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(token, entry);
  }

  return {
    /** The signed-in doctor of a Cookie header, or undefined when there is no valid session. */
    async doctorFor(cookieHeader: string | undefined): Promise<Doctor | undefined> {
      const token = readSignedSessionToken(cookieHeader, options.secret);
      if (!token) return undefined;
      const cached = cache.get(token);
      const time = now();
      if (cached && time - cached.checkedAt < SESSION_RECHECK_MS && time < cached.expiresAt) {
        return cached.doctor;
      }
      cache.delete(token);
      const [row] = await findDoctor.execute({ token });
      if (!row) return undefined;
      const doctor = { id: row.id, name: row.name, email: row.email };
      remember(token, { doctor, expiresAt: row.expiresAt.getTime(), checkedAt: time });
      return doctor;
    },

    /**
     * Drops every cached session of the doctor signed in with this cookie (sign-out, revocation).
     * @param knownUserId - the doctor, when a previous call already found out
     * @returns the doctor's id, when known
     */
    forgetSessionsOf(cookieHeader: string | undefined, knownUserId?: string): string | undefined {
      const token = readSignedSessionToken(cookieHeader, options.secret);
      const userId = knownUserId ?? (token ? cache.get(token)?.doctor.id : undefined);
      if (token) cache.delete(token);
      if (!userId) return undefined;
      for (const [cachedToken, entry] of cache) {
        if (entry.doctor.id === userId) cache.delete(cachedToken);
      }
      return userId;
    },
  };
}

export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
