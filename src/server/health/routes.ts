import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { SessionVerifier } from '../auth/session-verifier';
import type { Config } from '../config';
import { API_ERRORS, type ApiErrorBody } from '@shared/api/errors';
import type { Database } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/errors';
import { CLIENT_IP_HEADER } from '../http/security';
import { validationBaseOf } from '../documents/presenter';
import type { HealthAnswer } from '@shared/api/health';

/**
 * `GET /api/health`: whether the server and its database answer. Anyone may ask (a load
 * balancer, a monitor), but only `ok` is public: which database and which model run, and the
 * origin this request's documents would carry in their QR codes (PUBLIC_URL or the request's
 * own, for Settings and the signing screens to say so), are for a signed-in doctor or a client
 * on this machine (the administrator, the tests). 503 with Retry-After while the database is
 * unreachable, the API's error fields beside `ok: false`.
 */
export function healthRoutes(deps: {
  database: Database;
  config: Config;
  sessions: SessionVerifier;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    let ok = true;
    try {
      await deps.database.db.execute(sql`select 1`);
    } catch (error) {
      c.get('log').error({ err: error }, 'health check: database unreachable');
      ok = false;
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    }
    c.header('Cache-Control', 'no-store');
    const status = ok ? 200 : 503;
    // Monitors read `ok`; the API's clients read an error answer as they read any other.
    const failure: ApiErrorBody | undefined = ok
      ? undefined
      : {
          success: false,
          code: 'database_unavailable',
          error: API_ERRORS.database_unavailable.message,
        };
    if (!(await mayReadDetails(c, deps.sessions))) return c.json({ ok, ...failure }, status);
    const details = {
      db: deps.database.kind,
      ai: deps.config.ai?.chatModel ?? 'offline',
      validation: {
        origin: validationBaseOf(deps.config.publicOrigin, c.req.url),
        fromPublicUrl: deps.config.publicOrigin !== undefined,
      },
    } satisfies Omit<HealthAnswer, 'ok'>;
    return c.json({ ok, ...failure, ...details }, status);
  });
  return routes;
}

async function mayReadDetails(c: Context<AppEnv>, sessions: SessionVerifier): Promise<boolean> {
  if (isLoopback(c.req.header(CLIENT_IP_HEADER))) return true;
  try {
    return (await sessions.doctorFor(c.req.header('cookie'))) !== undefined;
  } catch {
    // The database is down: the session cannot be checked, so only the public answer.
    return false;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}
