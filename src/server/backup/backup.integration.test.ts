import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApi } from '../../shared/api/records';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import type { RunningServer } from '../server';
import {
  signUpDoctor,
  startTestServer,
  TestBrowser,
  type TestDoctorAccount,
} from '../testing/test-server';
import { createTestStorage, type TestStorage } from '../testing/test-storage';
import { fetchAnswer } from '../testing/wire';
import { restoreBackup, writeBackup } from './backup-service';
import { takeSnapshot } from './snapshot';

const logger = createLogger('silent');
const PASSPHRASE = 'frase longa do backup da clínica';

const configFor = (storage: TestStorage) =>
  loadConfig({ DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, LOG_LEVEL: 'silent' });

/** Every table's rows in a stable order, to compare two databases. */
async function contentsOf(database: Database) {
  const snapshot = await takeSnapshot(database.db, database.kind, undefined);
  return {
    migrations: snapshot.migrations,
    sequences: snapshot.sequences,
    tables: snapshot.tables.map((table) => ({
      name: table.name,
      columns: table.columns,
      rows: table.rows.map((row) => JSON.stringify(row)).sort(),
    })),
  };
}

/** Restoring opens the database twice and a server starts on it: slow on a busy machine. */
const SLOW_TEST_MS = 240_000;

describe('backup and restore', () => {
  let source: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;
  let recordId: string;
  const storages: TestStorage[] = [];
  const newTarget = async () => {
    const storage = await createTestStorage();
    storages.push(storage);
    return storage;
  };

  beforeAll(async () => {
    source = await newTarget();
    server = await startTestServer(source);
    doctor = await signUpDoctor(server.url, 'Dra. Backup');
    const { api } = doctor.browser;
    const created = await api.call(recordsApi.create, {
      body: { patientInfo: { name: 'José da Silva', allergies: ['dipirona'], age: 61 } },
    });
    recordId = created.recordId;
    await api.call(recordsApi.update, {
      params: { id: recordId },
      body: { plan: 'Retorno em 15 dias — “aspas”, ção, 😀', currentStep: 'plan' },
      ifMatch: created.record.version,
    });
    // Values that lose precision most easily: a bigint past 2^53, jsonb numbers with their
    // scale, timestamps to the millisecond.
    await server.database.db.execute(sql`
      insert into rate_limits (id, key, count, last_request)
      values ('backup-probe', 'backup-probe', 3, 9007199254740993)`);
    await server.database.db.execute(sql`
      update medical_records
      set consultation_feedback = '{"a": [1, 2.50, null], "b": "ç"}',
          updated_at = '2026-01-02 03:04:05.678+00'
      where id = ${recordId}`);
  }, SLOW_TEST_MS);
  afterAll(async () => {
    await server.close();
    for (const storage of storages) await storage.cleanup();
  });

  it(
    'restores a backup taken while the server runs, exactly, into an empty target',
    async () => {
      const file = path.join(source.dataDir, 'plain.backup');
      const written = await writeBackup({
        config: configFor(source),
        file,
        passphrase: undefined,
        logger,
      });
      // The embedded database is busy with the running server: the server takes the snapshot.
      expect(written.source).toBe(source.kind === 'pglite' ? 'server' : 'database');

      const target = await newTarget();
      await restoreBackup({ config: configFor(target), file, passphrase: undefined, logger });

      const restored = await startTestServer(target);
      try {
        expect(await contentsOf(restored.database)).toEqual(await contentsOf(server.database));
        // The restored database serves the same doctor, signed in with the same password.
        const again = await signInAgain(restored.url, doctor);
        // Read on the wire: the consultation feedback set behind the API's back above is no
        // shape the typed client's reader accepts.
        const read = await fetchAnswer(again, 'GET', `/api/medical-records/${recordId}`);
        expect(read).toMatchObject({
          status: 200,
          body: {
            record: {
              plan: 'Retorno em 15 dias — “aspas”, ção, 😀',
              patientInfo: { allergies: ['dipirona'] },
            },
          },
        });
      } finally {
        await restored.close();
      }

      await expect(
        restoreBackup({ config: configFor(target), file, passphrase: undefined, logger }),
      ).rejects.toMatchObject({ code: 'restore_target_not_empty' });
    },
    SLOW_TEST_MS,
  );

  it(
    'encrypts with a passphrase and refuses a wrong one before touching the target',
    async () => {
      const file = path.join(source.dataDir, 'sealed.backup');
      await writeBackup({ config: configFor(source), file, passphrase: PASSPHRASE, logger });
      const target = await newTarget();
      await expect(
        restoreBackup({ config: configFor(target), file, passphrase: 'outra frase', logger }),
      ).rejects.toThrow('Senha do backup incorreta, ou o arquivo foi alterado depois de criado.');
      await expect(
        restoreBackup({ config: configFor(target), file, passphrase: undefined, logger }),
      ).rejects.toThrow(/Este backup é criptografado/);
      const result = await restoreBackup({
        config: configFor(target),
        file,
        passphrase: PASSPHRASE,
        logger,
      });
      expect(result.rows).toBeGreaterThan(0);
      const restored = await startTestServer(target);
      try {
        const tables = (await contentsOf(restored.database)).tables;
        const probe = tables.find((table) => table.name === 'rate_limits');
        expect(probe?.rows).toContain(
          JSON.stringify(['backup-probe', 'backup-probe', '3', '9007199254740993']),
        );
        const database = restored.database.db;
        const answer: unknown = await database.execute(sql`
        select consultation_feedback::text as feedback,
               extract(epoch from updated_at) * 1000 as ms,
               (select email_verified from users where email = ${doctor.email}) as verified
        from medical_records where id = ${recordId}`);
        const result = answer as {
          rows: { feedback: string; ms: string | number; verified: boolean }[];
        };
        expect(result.rows[0]?.feedback).toBe('{"a": [1, 2.50, null], "b": "ç"}');
        expect(Number(result.rows[0]?.ms)).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
        expect(result.rows[0]?.verified).toBe(false);
      } finally {
        await restored.close();
      }
    },
    SLOW_TEST_MS,
  );
});

/** Signs the doctor in again on another server, by the same e-mail and password. */
async function signInAgain(baseUrl: string, doctor: TestDoctorAccount): Promise<TestBrowser> {
  const browser = new TestBrowser(baseUrl);
  const response = await browser.postJson('/api/auth/sign-in/email', {
    email: doctor.email,
    password: doctor.password,
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return browser;
}
