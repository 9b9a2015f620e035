import { expect } from 'vitest';
import { runDataSteps } from '../db/data-steps';
import { openDatabase, type Database } from '../db/database';
import { migrationsFolderOfFirst, readMigrationJournal } from '../db/migrations-folder';
import { createLogger } from '../logger';
import { createTestStorage, type TestStorage } from './test-storage';

/*
 * Databases as an older Prontu left them, for the tests of migrations and data steps: migrated
 * only up to a point, filled, then opened by this version.
 */

const logger = createLogger('silent');

/**
 * The migrations before `tag` (not including it): a database as an older Prontu left it.
 * @param tag - a migration's tag in the journal, e.g. '0007_record_patients'
 */
async function migrationsBefore(tag: string): Promise<{ folder: string; remove(): Promise<void> }> {
  const journal = await readMigrationJournal();
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(upTo).toBeGreaterThan(0);
  return migrationsFolderOfFirst(journal, upTo, 'prontu-migrations-');
}

/**
 * Opens the test's database as the server would: migrated up to `migrationsFolder` or, without
 * it, with every migration and then the data steps of this version.
 */
export async function openTestDatabase(
  storage: TestStorage,
  migrationsFolder?: string,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    logger,
    durableWrites: false,
    ...(migrationsFolder ? { migrationsFolder } : {}),
  });
  if (migrationsFolder) return database;
  try {
    await runDataSteps(database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Fills a database migrated only up to `beforeTag` with `fill`, then opens it with every
 * migration (the data steps run then) and hands it to `check`.
 */
export async function upgraded(
  beforeTag: string,
  fill: (older: Database) => Promise<void>,
  check: (storage: TestStorage, upgraded: Database) => Promise<void>,
): Promise<void> {
  const storage = await createTestStorage();
  const earlier = await migrationsBefore(beforeTag);
  try {
    const older = await openTestDatabase(storage, earlier.folder);
    try {
      await fill(older);
    } finally {
      await older.close();
    }
    const after = await openTestDatabase(storage);
    try {
      await check(storage, after);
    } finally {
      await after.close();
    }
  } finally {
    await earlier.remove();
    await storage.cleanup();
  }
}
