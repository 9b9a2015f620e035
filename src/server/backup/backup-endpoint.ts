import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import type { Database } from '../db/database';
import { forbidden } from '../http/errors';
import type { AppEnv } from '../http/app-env';
import { encodeBackupFile } from './backup-file';
import { takeSnapshot } from './snapshot';

/**
 * While the server runs, no other process may open the embedded database's files, so
 * `npm run backup` asks the server itself for the snapshot. The server writes where it listens
 * and a fresh secret to this file in DATA_DIR, readable by its owner only (the same person who
 * can read the database files); the route answers only on loopback and only with that secret.
 */
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';

export interface BackupEndpoint {
  url: string;
  secret: string;
}

export const newBackupSecret = () => randomBytes(32).toString('base64url');

/** Tells `npm run backup` where this server answers; removed again when the server stops. */
export async function publishBackupEndpoint(
  dataDir: string,
  endpoint: BackupEndpoint,
): Promise<() => Promise<void>> {
  const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  await writeFile(file, JSON.stringify(endpoint), { mode: 0o600 });
  return () => rm(file, { force: true });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const backupForbidden = () =>
  forbidden('Backup só pelo próprio servidor, com o segredo do DATA_DIR.');

/**
 * `GET /api/backup/snapshot`: the database's data as an (unsealed) backup file; sealing, if any,
 * is the caller's, which reads it over loopback.
 */
export function backupRoutes(deps: { database: Database; backupSecret: string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const expected = Buffer.from(`Bearer ${deps.backupSecret}`);
  routes.get('/snapshot', async (c) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    const fromLoopback = LOOPBACK.has(getConnInfo(c).remote.address ?? '');
    if (!fromLoopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw backupForbidden();
    }
    const snapshot = await takeSnapshot(deps.database.db, deps.database.kind);
    return c.body(new Uint8Array(encodeBackupFile(snapshot)), 200, {
      'content-type': 'application/octet-stream',
      'cache-control': 'no-store',
    });
  });
  return routes;
}
