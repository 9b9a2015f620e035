import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createTestStorage, type TestStorage } from '../testing/test-storage';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from './database';
import { medicalRecords, patients, users } from './schema';

const logger = createLogger('silent');

/** The migrations up to (not including) the patients' one: a database from before issue 19. */
async function migrationsBeforePatients(): Promise<{ folder: string; remove(): Promise<void> }> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag === '0006_patients');
  expect(upTo).toBeGreaterThan(0);
  const taken = journal.entries.slice(0, upTo);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'prontu-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: taken }),
  );
  for (const entry of taken) {
    await copyFile(
      path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

function open(storage: TestStorage, migrationsFolder?: string): Promise<Database> {
  return openDatabase({
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    logger,
    durableWrites: false,
    ...(migrationsFolder ? { migrationsFolder } : {}),
  });
}

/** The rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as { rows: Row[] }).rows;
}

/** Inserts a patient straight into the table: the migration is under test, not the API. */
async function insertPatient(database: Database, userId: string, name: string): Promise<void> {
  const now = new Date();
  await database.db.insert(patients).values({
    id: `patient-${name}`,
    userId,
    name,
    searchName: name.toLowerCase(),
    version: 1,
    createdAt: now,
    updatedAt: now,
  });
}

describe('the patients migration', () => {
  it('brings a database that already ran the earlier migrations up, keeping its records', async () => {
    const storage = await createTestStorage();
    const earlier = await migrationsBeforePatients();
    try {
      const before = await open(storage, earlier.folder);
      const now = new Date();
      try {
        await before.db
          .insert(users)
          .values({ id: 'doctor-1', name: 'Dra. Ana', email: 'ana@example.com' });
        await before.db.insert(medicalRecords).values({
          id: 'medical-record-1',
          userId: 'doctor-1',
          patientInfo: { name: 'Maria Aparecida' },
          currentStep: 'patient-info',
          status: 'em_andamento',
          steps: [],
          createdAt: now,
          updatedAt: now,
        });
      } finally {
        await before.close();
      }

      const after = await open(storage);
      try {
        const [record] = await after.db
          .select()
          .from(medicalRecords)
          .where(eq(medicalRecords.id, 'medical-record-1'));
        expect(record?.patientInfo).toEqual({ name: 'Maria Aparecida' });
        await insertPatient(after, 'doctor-1', 'Maria Aparecida');
        const rows = await after.db.select().from(patients);
        expect(rows).toMatchObject([
          { name: 'Maria Aparecida', allergies: [], chronicConditions: [], medications: [] },
        ]);
        // The account's patients go with it, as its records do.
        await after.db.delete(users).where(eq(users.id, 'doctor-1'));
        expect(await after.db.select().from(patients)).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      await earlier.remove();
      await storage.cleanup();
    }
  });

  it('builds a fresh database with pg_trgm and the name index, and runs again as a no-op', async () => {
    const storage = await createTestStorage();
    try {
      const first = await open(storage);
      await first.close();
      const again = await open(storage);
      try {
        const extensions = await rowsOf<{ extname: string }>(
          again,
          sql`select extname from pg_extension where extname = 'pg_trgm'`,
        );
        expect(extensions).toEqual([{ extname: 'pg_trgm' }]);
        const indexes = await rowsOf<{ indexname: string }>(
          again,
          sql`select indexname from pg_indexes where tablename = 'patients' order by indexname`,
        );
        expect(indexes.map((row) => row.indexname)).toEqual([
          'patients_pkey',
          'patients_search_name_trgm_idx',
          'patients_user_birth_date_idx',
          'patients_user_cns_idx',
          'patients_user_cpf_idx',
          'patients_user_search_name_idx',
        ]);
      } finally {
        await again.close();
      }
    } finally {
      await storage.cleanup();
    }
  });
});
