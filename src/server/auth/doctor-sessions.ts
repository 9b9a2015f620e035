import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { describeDevice } from '@shared/account/device-name';
import type { AppDatabase } from '../db/database';
import { sessions } from '../db/schema';

/** One open session as the doctor sees it in Settings: never its token. */
export interface DoctorSessionView {
  id: string;
  /** "Chrome no Linux", from the User-Agent the session was opened with. */
  device: string;
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** The session this request came with. */
  current: boolean;
}

/**
 * The doctor's open sessions, most recently used first.
 * @param currentSessionId - the session of the request asking
 */
export async function listDoctorSessions(
  db: AppDatabase,
  userId: string,
  currentSessionId: string,
  now: Date = new Date(),
): Promise<DoctorSessionView[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    address: row.ipAddress || null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends one of the doctor's sessions by its id.
 * @returns whether there was such a session of this doctor
 */
export async function endDoctorSession(
  db: AppDatabase,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * Ends every session of a doctor but the one with `keepToken` (after a password change, or when
 * a second factor is turned off). Other app servers stop accepting them within
 * `SESSION_RECHECK_MS`; on this one, requests under `/api/auth` that change state already drop
 * the doctor's cached sessions.
 * @returns how many sessions ended
 */
export async function endOtherSessions(
  db: AppDatabase,
  userId: string,
  keepToken: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.token, keepToken)))
    .returning({ id: sessions.id });
  return ended.length;
}
