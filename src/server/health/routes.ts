import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { AppEnv } from '../http/app-env';

/** `GET /api/health`: whether the database answers, which one it is, and who answers AI calls. */
export function healthRoutes(deps: { database: Database; config: Config }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const ai = deps.config.ai?.chatModel ?? 'offline';
    const db = deps.database.kind;
    try {
      await deps.database.db.execute(sql`select 1`);
      return c.json({ ok: true, db, ai });
    } catch (error) {
      c.get('log').error({ err: error }, 'health check: database unreachable');
      return c.json({ ok: false, db, ai }, 503);
    }
  });
  return routes;
}
