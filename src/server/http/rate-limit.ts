import { randomUUID } from 'node:crypto';
import { and, like, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDatabase } from '../db/database';
import { rateLimits } from '../db/schema';
import type { AppEnv } from './app-env';
import { tooManyRequests } from './errors';

export interface RateLimitOptions {
  db: AppDatabase;
  /** Names the limit and prefixes its keys (`demo-chat:<ip>`), apart from Better Auth's keys. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /** Whose requests are counted together: a client address, a doctor's id. */
  keyOf: (c: Context<AppEnv>) => string;
  /** The Portuguese answer once the limit is reached. */
  message: string;
}

export interface RateLimitCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window started (ms since the epoch). */
  windowStart: number;
}

/**
 * Counts one request for `key` in a fixed window, in the `rate_limits` table so every app server
 * sharing the database shares the counts. One atomic statement: concurrent requests, on one
 * server or many, each get their own count. Our rows keep the window's start in `last_request`.
 * @param key - already prefixed with the limit's name
 * @param now - the current time in ms (a parameter so tests need no fake clock)
 */
export async function countRequest(
  db: AppDatabase,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitCount> {
  const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** Deletes this limit's counts whose window ended before `endedBefore` (ms since the epoch). */
export async function forgetExpiredCounts(
  db: AppDatabase,
  name: string,
  endedBefore: number,
): Promise<void> {
  await db
    .delete(rateLimits)
    .where(and(like(rateLimits.key, `${name}:%`), lt(rateLimits.lastRequest, endedBefore)));
}

/**
 * Refuses a client's requests past `max` per window with 429, the given message and a
 * Retry-After header (seconds until the window ends).
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  let lastSweep = 0;
  return async (c, next) => {
    const now = Date.now();
    // Once per window and server, rows of clients gone quiet are dropped, so the table stays
    // the size of the current visitors rather than of every address ever seen.
    if (now - lastSweep >= options.windowMs) {
      lastSweep = now;
      await forgetExpiredCounts(options.db, options.name, now - options.windowMs);
    }
    const key = `${options.name}:${options.keyOf(c)}`;
    const { count, windowStart } = await countRequest(options.db, key, options.windowMs, now);
    if (count > options.max) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((windowStart + options.windowMs - now) / 1000),
      );
      c.get('log').warn({ limit: options.name, count }, 'rate limit reached');
      throw tooManyRequests(options.message, retryAfterSeconds);
    }
    await next();
  };
}
