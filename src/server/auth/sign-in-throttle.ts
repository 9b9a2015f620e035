import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { signInKnownAddresses, signInThrottles } from '../db/schema';

/** Attempts per e-mail and lane before any wait: room for a few typos. */
export const FREE_SIGN_IN_ATTEMPTS = 3;
/** The first wait; each further failure doubles it… */
export const FIRST_SIGN_IN_LOCK_SECONDS = 60;
/** …up to this. With these three, an attacker gets 9 guesses in the first hour, then 1 an hour. */
export const MAX_SIGN_IN_LOCK_SECONDS = 60 * 60;
/** Failures older than this are forgotten: the count starts again. */
const FAILURES_FORGOTTEN_AFTER = '24 hours';
/** An address counts as the doctor's own for this long after a successful sign-in from it. */
const KNOWN_ADDRESS_DAYS = 90;

export type SignInLane = 'known' | 'other';

export type SignInClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Per-account throttling of sign-ins, in the database so every app server shares it.
 *
 * Every attempt is counted before its password is checked (one atomic upsert, so concurrent
 * guesses from many addresses cannot slip through together) and the count is cleared when the
 * password proves right. After {@link FREE_SIGN_IN_ATTEMPTS} attempts each one locks the e-mail
 * for a wait that doubles up to {@link MAX_SIGN_IN_LOCK_SECONDS}. Unknown e-mails are throttled
 * exactly like real ones. Attempts from an address the account signed in from before count in
 * their own lane, so an attacker elsewhere cannot lock the doctor out of the clinic.
 */
export function createSignInThrottle(options: { db: AppDatabase; now?: () => number }) {
  const { db } = options;
  const now = options.now ?? Date.now;

  return {
    /** Whether `address` is one this e-mail has signed in from lately. */
    async laneOf(email: string, address: string): Promise<SignInLane> {
      const since = new Date(now() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000);
      const [known] = await db
        .select({ address: signInKnownAddresses.address })
        .from(signInKnownAddresses)
        .where(
          and(
            eq(signInKnownAddresses.email, normalized(email)),
            eq(signInKnownAddresses.address, address),
            gt(signInKnownAddresses.lastSuccessAt, since),
          ),
        );
      return known ? 'known' : 'other';
    },

    /** Counts one attempt, or refuses it while the e-mail is locked in this lane. */
    async claimAttempt(email: string, lane: SignInLane): Promise<SignInClaim> {
      const time = new Date(now());
      const failures = sql`case when ${signInThrottles.lastAttemptAt} < ${time.toISOString()}::timestamptz - interval '${sql.raw(FAILURES_FORGOTTEN_AFTER)}' then 1 else ${signInThrottles.failures} + 1 end`;
      const claimed = await db
        .insert(signInThrottles)
        .values({
          email: normalized(email),
          lane,
          failures: 1,
          lockedUntil: lockedUntilAfter(sql`1`, time),
          lastAttemptAt: time,
        })
        .onConflictDoUpdate({
          target: [signInThrottles.email, signInThrottles.lane],
          set: {
            failures,
            lockedUntil: lockedUntilAfter(failures, time),
            lastAttemptAt: time,
          },
          setWhere: sql`${signInThrottles.lockedUntil} <= ${time.toISOString()}::timestamptz`,
        })
        .returning({ failures: signInThrottles.failures });
      if (claimed.length > 0) return { allowed: true };
      const [row] = await db
        .select({ lockedUntil: signInThrottles.lockedUntil })
        .from(signInThrottles)
        .where(and(eq(signInThrottles.email, normalized(email)), eq(signInThrottles.lane, lane)));
      // Counted from now, not from this attempt's start: a concurrent attempt that began later
      // may have set the lock meanwhile, and the wait never exceeds the lock it set.
      const readAt = Math.max(now(), time.getTime());
      const waitMs = (row?.lockedUntil.getTime() ?? readAt) - readAt;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },

    /** The password was right: clear the lane's count and remember the address as the doctor's. */
    async recordSuccess(email: string, lane: SignInLane, address: string): Promise<void> {
      const time = new Date(now());
      await db
        .delete(signInThrottles)
        .where(and(eq(signInThrottles.email, normalized(email)), eq(signInThrottles.lane, lane)));
      await db
        .insert(signInKnownAddresses)
        .values({ email: normalized(email), address, lastSuccessAt: time })
        .onConflictDoUpdate({
          target: [signInKnownAddresses.email, signInKnownAddresses.address],
          set: { lastSuccessAt: time },
        });
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** Better Auth stores e-mails in lower case; so does the throttle. */
function normalized(email: string): string {
  return email.trim().toLowerCase();
}

/** `time` plus the wait after the `failures`-th attempt: none for the free ones, then doubling. */
function lockedUntilAfter(failures: SQL, time: Date): SQL {
  const free = sql.raw(String(FREE_SIGN_IN_ATTEMPTS));
  const first = sql.raw(String(FIRST_SIGN_IN_LOCK_SECONDS));
  const max = sql.raw(String(MAX_SIGN_IN_LOCK_SECONDS));
  return sql`${time.toISOString()}::timestamptz + make_interval(secs => case when ${failures} <= ${free} then 0 else least(${first} * power(2, ${failures} - ${free} - 1), ${max}) end)`;
}
