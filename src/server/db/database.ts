import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../logger';
import { openPgliteClient } from './durable-pglite';
import * as schema from './schema';

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction` hands its callback: the same queries, inside the transaction. */
export type AppTransaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: AppDatabase;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number: it only has to be the same for every Prontu server sharing the database. */
export const MIGRATION_LOCK_ID = 7_370_001;

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given, otherwise
 * the embedded PGlite under `dataDir`. The same schema and migrations serve both. The data steps
 * of this version are the caller's to run next (`runDataSteps` in data-steps.ts): they use the
 * server's own code on patients and receitas, which depends on this file.
 */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  logger: Logger;
  /** PGlite only: fsync each commit before it is acknowledged (default true; docs/durabilidade.md). */
  durableWrites?: boolean;
  /**
   * The migrations to bring the schema to (default: all of this version); `null` opens the
   * database as it is, for a backup that must not change it.
   */
  migrationsFolder?: string | null;
}): Promise<Database> {
  const migrationsFolder =
    options.migrationsFolder === undefined ? MIGRATIONS_FOLDER : options.migrationsFolder;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.logger, migrationsFolder)
    : openPglite(pgliteDirectory(options.dataDir), options.durableWrites ?? true, migrationsFolder);
}

/** Where the embedded database keeps its files inside DATA_DIR. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(
  directory: string,
  durable: boolean,
  migrationsFolder: string | null,
): Promise<Database> {
  await mkdir(directory, { recursive: true });
  const client = await openPgliteClient(directory, { durable });
  const db = drizzlePglite({ client, schema });
  if (migrationsFolder) {
    await migratePglite(db, { migrationsFolder });
  }
  return { db, kind: 'pglite', close: once(() => client.close()) };
}

async function openPostgres(
  url: string,
  logger: Logger,
  migrationsFolder: string | null,
): Promise<Database> {
  // A database that does not answer fails the request after 5 s (503) instead of holding it.
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the database drops (restart, failover) is replaced on the next query;
  // without this listener the error would end the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost'));
  try {
    const db = drizzlePostgres({ client: pool, schema });
    if (migrationsFolder) {
      await withAdvisoryLock(pool, () => migratePostgres(db, { migrationsFolder }));
    }
    return { db, kind: 'postgres', close: once(() => pool.end()) };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Several app servers may start at once against one database; only one migrates at a time. */
async function withAdvisoryLock(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await work();
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockHolder.release();
  }
}

/** Closing twice (a failed start, then shutdown) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
