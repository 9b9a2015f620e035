import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { pgliteDirectory, type DatabaseKind } from '../db/database';

/** The database this run of the server suites is for (set per Vitest project). */
export function testDatabaseKind(): DatabaseKind {
  const kind = process.env.PRONTU_TEST_DB;
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error('PRONTU_TEST_DB must be pglite or postgres (set by vitest.config.ts)');
  }
  return kind;
}

export interface TestStorage {
  kind: DatabaseKind;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Removes the data folder and drops the PostgreSQL database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, empty place to keep data: a temporary DATA_DIR, plus on PostgreSQL a new database of
 * its own. A missing PostgreSQL fails the suite; it is never skipped.
 * @param kind - the database; by default the one of the suite's Vitest project
 * @param postgresUrl - a PostgreSQL whose user may create databases; in a Vitest run, by default
 *   the one the server-postgres global setup provides (TEST_DATABASE_URL or a throwaway server)
 */
export async function createTestStorage(
  kind = testDatabaseKind(),
  postgresUrl?: string,
): Promise<TestStorage> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prontu-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return { kind, dataDir, databaseUrl: undefined, cleanup: removeDataDir };
  }
  const adminUrl = postgresUrl ?? inject('testPostgresUrl');
  const name = `prontu_t_${randomBytes(6).toString('hex')}`;
  try {
    await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  } catch (error) {
    // An unreachable PostgreSQL leaves no temporary folder behind either.
    await removeDataDir();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    cleanup: async () => {
      await dropDatabase(adminUrl, name);
      await removeDataDir();
    },
  };
}

/**
 * Gives PGlite storage the run's migrated database (global-setup/pglite-template.ts) when the
 * project made one, so a server starts on it without migrating an empty database again. Other
 * storage, and a project without the template, stay as they are: empty.
 */
async function seedMigratedPglite(storage: TestStorage): Promise<void> {
  if (storage.kind !== 'pglite') return;
  const template = inject('migratedPgliteDataDir');
  if (!template) return;
  await cp(pgliteDirectory(template), pgliteDirectory(storage.dataDir), { recursive: true });
}

/** PostgreSQL's insufficient_privilege: here, a backend of another role still on the database. */
const INSUFFICIENT_PRIVILEGE = '42501';
const DROP_ATTEMPTS = 20;

/**
 * Drops a test database, closing the test's own connections. An autovacuum worker may still be
 * on it, and the test role may not end that backend ('must be a member of the role whose process
 * is being terminated'); it finishes within moments, so the drop is tried again.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== INSUFFICIENT_PRIVILEGE || attempt >= DROP_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Storage whose database is ready for a server, as after an install: on PGlite a copy of the
 * run's migrated database (seconds of WebAssembly saved per server), on PostgreSQL a new empty
 * database the server migrates. Suites about the first start itself take {@link createTestStorage}.
 * @param kind - the database; by default the one of the suite's Vitest project
 */
export async function createMigratedTestStorage(kind = testDatabaseKind()): Promise<TestStorage> {
  const storage = await createTestStorage(kind);
  await seedMigratedPglite(storage);
  return storage;
}

/** Runs `work` on migrated storage and removes it afterwards, whatever happens. */
export async function withTestStorage<T>(work: (storage: TestStorage) => Promise<T>): Promise<T> {
  const storage = await createMigratedTestStorage();
  try {
    return await work(storage);
  } finally {
    await storage.cleanup();
  }
}

async function withAdminClient(
  adminUrl: string,
  work: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Test PostgreSQL unreachable at ${new URL(adminUrl).host} (${String(error)}).`,
      { cause: error },
    );
  }
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
