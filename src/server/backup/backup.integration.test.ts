import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { symmetricDecrypt } from 'better-auth/crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { AUDIT_ANCHORS_FILE } from '../audit/audit-anchors';
import { AUTH_SECRET_FILE } from '../auth/auth-secret';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { sessions, twoFactors, users } from '../db/schema';
import { createLogger } from '../logger';
import type { RunningServer } from '../server';
import {
  signUpDoctor,
  startTestServer,
  TestBrowser,
  type TestDoctorAccount,
} from '../testing/test-server';
import { createTestStorage, type TestStorage } from '../testing/test-storage';
import { computeTotpCode, decodeBase32, secretOfTotpUri, TOTP_STEP_MS } from '../testing/totp';
import { fetchAnswer } from '../testing/wire';
import { decodeBackupFile, encodeBackupFile, isSealedBackupFile } from './backup-file';
import { restoreBackup, writeBackup } from './backup-service';
import { snapshotSchema, TABLES_OF_KEYS, takeSnapshot } from './snapshot';

const logger = createLogger('silent');
const PASSPHRASE = 'frase longa do backup da clínica';
const PATIENT_NAME = 'José da Silva';

const configFor = (storage: TestStorage) =>
  loadConfig({ DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, LOG_LEVEL: 'silent' });

/**
 * Every table's rows in a stable order, to compare two databases; the tables whose rows are keys
 * (sessions) differ by design and are compared apart.
 */
async function contentsOf(database: Database) {
  const snapshot = await takeSnapshot(database.db, database.kind);
  return {
    migrations: snapshot.migrations,
    sequences: snapshot.sequences,
    tables: snapshot.tables
      .filter((table) => !TABLES_OF_KEYS.has(table.name))
      .map((table) => ({
        name: table.name,
        columns: table.columns,
        rows: table.rows.map((row) => JSON.stringify(row)).sort(),
      })),
  };
}

async function sessionCount(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(sessions);
  return row?.n ?? -1;
}

/** The backup file's content once opened: the JSON text a restore reads. */
async function openedBackup(file: string, passphrase?: string): Promise<string> {
  return JSON.stringify(decodeBackupFile(await readFile(file), passphrase));
}

/**
 * The secrets kept in files of DATA_DIR beside the database (the auth secret, the backup
 * endpoint's secret, and any a later feature adds): none may be in a backup.
 */
async function secretsOfDataDir(dataDir: string): Promise<string[]> {
  const secrets: string[] = [];
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    // The anchors are evidence of the chain's head, which the backup holds anyway: no secret.
    if (!entry.isFile() || entry.name === AUDIT_ANCHORS_FILE) continue;
    const text = (await readFile(path.join(dataDir, entry.name), 'utf8')).trim();
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') {
        for (const value of Object.values(parsed))
          if (typeof value === 'string') secrets.push(value);
        continue;
      }
    } catch {
      // Not JSON: the whole file is the secret.
    }
    secrets.push(text);
  }
  return secrets.filter((secret) => secret.length >= 16);
}

/** Answers a request with this tab's cookies, on this server: 200 signed in, 401 not. */
async function recordsStatus(browser: TestBrowser, baseUrl: string): Promise<number> {
  return (await browser.pointedAt(baseUrl).fetch('/api/medical-records')).status;
}

interface EnrolledDoctor {
  doctor: TestDoctorAccount;
  /** The TOTP secret in base32, as the authenticator app got it. */
  totpSecret: string;
}

/** A doctor who enrols in two-factor as the Settings page does, and stays signed in. */
async function enrolledDoctor(baseUrl: string): Promise<EnrolledDoctor> {
  const doctor = await signUpDoctor(baseUrl, 'Dr. Dois Fatores');
  const enable = await doctor.browser.postJson('/api/auth/two-factor/enable', {
    password: doctor.password,
  });
  if (!enable.ok) throw new Error(`two-factor enable failed: ${enable.status}`);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const totpSecret = secretOfTotpUri(totpURI);
  const verify = await doctor.browser.postJson('/api/auth/two-factor/verify-totp', {
    code: computeTotpCode(totpSecret),
  });
  if (!verify.ok) throw new Error(`two-factor verify failed: ${verify.status}`);
  return { doctor, totpSecret };
}

/** Signs the doctor in again on another server, by the same e-mail and password. */
async function signInWithPassword(baseUrl: string, doctor: TestDoctorAccount) {
  const browser = new TestBrowser(baseUrl);
  const response = await browser.postJson('/api/auth/sign-in/email', {
    email: doctor.email,
    password: doctor.password,
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const answer = (await response.json()) as { twoFactorRedirect?: boolean };
  return { browser, twoFactorRedirect: answer.twoFactorRedirect === true };
}

/** Restoring opens the database twice and a server starts on it: slow on a busy machine. */
const SLOW_TEST_MS = 240_000;

describe('backup and restore', () => {
  let source: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;
  let enrolled: EnrolledDoctor;
  let recordId: string;
  let backups: string;
  let sourceAuthSecret: string;
  /** The backups the tests below restore: one in clear (asked for), one encrypted. */
  let plainFile: string;
  let sealedFile: string;
  const storages: TestStorage[] = [];
  const newTarget = async () => {
    const storage = await createTestStorage();
    storages.push(storage);
    return storage;
  };

  beforeAll(async () => {
    backups = await mkdtemp(path.join(os.tmpdir(), 'prontu-backups-'));
    plainFile = path.join(backups, 'plain.backup');
    sealedFile = path.join(backups, 'sealed.backup');
    source = await newTarget();
    server = await startTestServer(source);
    sourceAuthSecret = (await readFile(path.join(source.dataDir, AUTH_SECRET_FILE), 'utf8')).trim();
    // Two doctors signed in, one of them with two-factor.
    doctor = await signUpDoctor(server.url, 'Dra. Backup');
    enrolled = await enrolledDoctor(server.url);
    const { api } = doctor.browser;
    const created = await api.call(recordsApi.create, {
      body: { patientInfo: { name: PATIENT_NAME, allergies: ['dipirona'], age: 61 } },
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

  it('refuses to write a backup without a passphrase unless a file in clear is asked for', async () => {
    const file = path.join(backups, 'refused.backup');
    const refused = writeBackup({ config: configFor(source), file, passphrase: undefined, logger });
    await expect(refused).rejects.toMatchObject({ code: 'backup_needs_passphrase' });
    await expect(refused).rejects.toThrow(/--passphrase-file .*--sem-criptografia/);
    expect(existsSync(file)).toBe(false);
  });

  it(
    'keeps sessions, their tokens and the secrets of DATA_DIR out of a backup',
    async () => {
      const signedIn = await server.database.db
        .select({ token: sessions.token, userId: sessions.userId })
        .from(sessions);
      expect(new Set(signedIn.map((session) => session.userId))).toEqual(
        new Set([doctor.id, enrolled.doctor.id]),
      );
      const secrets = await secretsOfDataDir(source.dataDir);
      expect(secrets).toContain(sourceAuthSecret);

      const written = await writeBackup({
        config: configFor(source),
        file: plainFile,
        passphrase: undefined,
        unencrypted: true,
        logger,
      });
      // The embedded database is busy with the running server: the server takes the snapshot.
      expect(written.source).toBe(source.kind === 'pglite' ? 'server' : 'database');
      await writeBackup({
        config: configFor(source),
        file: sealedFile,
        passphrase: PASSPHRASE,
        logger,
      });

      for (const opened of [
        await openedBackup(plainFile),
        await openedBackup(sealedFile, PASSPHRASE),
      ]) {
        // The search does see what the backup holds.
        expect(opened).toContain(PATIENT_NAME);
        expect(opened).toContain(doctor.email);
        for (const { token } of signedIn) expect(opened.includes(token)).toBe(false);
        for (const secret of secrets) expect(opened.includes(secret)).toBe(false);
        const snapshot = snapshotSchema.parse(JSON.parse(opened));
        expect(snapshot.authSecret).toBeUndefined();
        const sessionTable = snapshot.tables.find((table) => table.name === 'sessions');
        expect(sessionTable?.columns).toContain('token');
        expect(sessionTable?.rows).toEqual([]);
      }
    },
    SLOW_TEST_MS,
  );

  it('encrypts a backup unless asked not to: its bytes hold no patient data', async () => {
    const sealed = await readFile(sealedFile);
    expect(isSealedBackupFile(sealed)).toBe(true);
    expect(sealed.includes(Buffer.from(PATIENT_NAME))).toBe(false);
    expect(() => gunzipSync(sealed)).toThrow();
    // Asked for in clear: compressed only, opened without any passphrase.
    const plain = await readFile(plainFile);
    expect(isSealedBackupFile(plain)).toBe(false);
    expect(gunzipSync(plain).includes(Buffer.from(PATIENT_NAME))).toBe(true);
  });

  it(
    'restores with the auth secret kept apart: the same data, no session, two-factor intact',
    async () => {
      const target = await newTarget();
      // What the operations docs tell the operator: the secret kept apart goes in first.
      await writeFile(path.join(target.dataDir, AUTH_SECRET_FILE), `${sourceAuthSecret}\n`, {
        mode: 0o600,
      });
      const result = await restoreBackup({
        config: configFor(target),
        file: plainFile,
        passphrase: undefined,
        logger,
      });
      expect(result).toMatchObject({ twoFactorReset: [], authSecretFromOldBackup: false });

      const restored = await startTestServer(target);
      try {
        expect(await contentsOf(restored.database)).toEqual(await contentsOf(server.database));
        expect(await sessionCount(restored.database)).toBe(0);
        // The cookies signed in before the backup: still good on the source, refused here, though
        // the restored server signs with the same secret.
        for (const browser of [doctor.browser, enrolled.doctor.browser]) {
          expect(await recordsStatus(browser, server.url)).toBe(200);
          expect(await recordsStatus(browser, restored.url)).toBe(401);
        }
        // The same doctor signs in with the same password.
        const again = await signInWithPassword(restored.url, doctor);
        expect(again.twoFactorRedirect).toBe(false);
        // Read on the wire: the consultation feedback set behind the API's back above is no
        // shape the typed client's reader accepts.
        const read = await fetchAnswer(again.browser, 'GET', `/api/medical-records/${recordId}`);
        expect(read).toMatchObject({
          status: 200,
          body: {
            record: {
              plan: 'Retorno em 15 dias — “aspas”, ção, 😀',
              patientInfo: { allergies: ['dipirona'] },
            },
          },
        });
        // Two-factor as before: password, then the authenticator's code.
        const second = await signInWithPassword(restored.url, enrolled.doctor);
        expect(second.twoFactorRedirect).toBe(true);
        const verify = await second.browser.postJson('/api/auth/two-factor/verify-totp', {
          // The step after the one spent on enrolling, which the backup remembers as used.
          code: computeTotpCode(enrolled.totpSecret, Date.now() + TOTP_STEP_MS),
        });
        expect(verify.status).toBe(200);
        expect(await recordsStatus(second.browser, restored.url)).toBe(200);
      } finally {
        await restored.close();
      }

      await expect(
        restoreBackup({
          config: configFor(target),
          file: plainFile,
          passphrase: undefined,
          logger,
        }),
      ).rejects.toMatchObject({ code: 'restore_target_not_empty' });
    },
    SLOW_TEST_MS,
  );

  it(
    'refuses a wrong passphrase and a missing auth secret before touching the target',
    async () => {
      const target = await newTarget();
      const config = configFor(target);
      await expect(
        restoreBackup({ config, file: sealedFile, passphrase: 'outra frase', logger }),
      ).rejects.toThrow('Senha do backup incorreta, ou o arquivo foi alterado depois de criado.');
      await expect(
        restoreBackup({ config, file: sealedFile, passphrase: undefined, logger }),
      ).rejects.toThrow(/Este backup é criptografado/);
      const withoutSecret = restoreBackup({
        config,
        file: sealedFile,
        passphrase: PASSPHRASE,
        logger,
      });
      await expect(withoutSecret).rejects.toMatchObject({ code: 'restore_needs_auth_secret' });
      await expect(withoutSecret).rejects.toThrow(
        /não tem o segredo de autenticação .*Copie o arquivo auth-secret .*--redefinir-dois-fatores/,
      );
      await writeFile(path.join(target.dataDir, AUTH_SECRET_FILE), `${'x'.repeat(43)}\n`);
      await expect(
        restoreBackup({ config, file: sealedFile, passphrase: PASSPHRASE, logger }),
      ).rejects.toThrow(/não é o do servidor de onde o backup veio/);

      // Nothing was written: the same target takes the restore once the operator decides.
      const result = await restoreBackup({
        config,
        file: sealedFile,
        passphrase: PASSPHRASE,
        resetTwoFactor: true,
        logger,
      });
      expect(result.twoFactorReset).toEqual([enrolled.doctor.email]);
      const restored = await startTestServer(target);
      try {
        const database = restored.database.db;
        expect(await sessionCount(restored.database)).toBe(0);
        expect(await database.select().from(twoFactors)).toEqual([]);
        const [user] = await database
          .select({ twoFactorEnabled: users.twoFactorEnabled })
          .from(users)
          .where(eq(users.id, enrolled.doctor.id));
        expect(user?.twoFactorEnabled).toBe(false);
        // That doctor signs in with the password and enrols again from Settings.
        const signedIn = await signInWithPassword(restored.url, enrolled.doctor);
        expect(signedIn.twoFactorRedirect).toBe(false);
        expect(await recordsStatus(signedIn.browser, restored.url)).toBe(200);

        const tables = (await contentsOf(restored.database)).tables;
        const probe = tables.find((table) => table.name === 'rate_limits');
        expect(probe?.rows).toContain(
          JSON.stringify(['backup-probe', 'backup-probe', '3', '9007199254740993']),
        );
        const answer: unknown = await database.execute(sql`
        select consultation_feedback::text as feedback,
               extract(epoch from updated_at) * 1000 as ms,
               (select email_verified from users where email = ${doctor.email}) as verified
        from medical_records where id = ${recordId}`);
        const rows = (
          answer as {
            rows: { feedback: string; ms: string | number; verified: boolean }[];
          }
        ).rows;
        expect(rows[0]?.feedback).toBe('{"a": [1, 2.50, null], "b": "ç"}');
        expect(Number(rows[0]?.ms)).toBe(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
        expect(rows[0]?.verified).toBe(false);
      } finally {
        await restored.close();
      }
    },
    SLOW_TEST_MS,
  );

  it(
    'restores a backup of an earlier version, sessions and secret inside, signing everyone out',
    async () => {
      // What earlier versions wrote: every session row, and the generated auth secret.
      const current = snapshotSchema.parse(decodeBackupFile(await readFile(plainFile)));
      const sessionTable = current.tables.find((table) => table.name === 'sessions');
      if (!sessionTable) throw new Error('no sessions table in the backup');
      const values = sessionTable.columns.map((column) => `"${column}"::text`).join(', ');
      const answer: unknown = await server.database.db.execute(
        sql.raw(`select to_json(array[${values}]::text[])::text as row from sessions`),
      );
      const sessionRows = (answer as { rows: { row: string }[] }).rows.map(
        (each) => JSON.parse(each.row) as (string | null)[],
      );
      expect(sessionRows.length).toBeGreaterThanOrEqual(2);
      const old = {
        ...current,
        authSecret: sourceAuthSecret,
        tables: current.tables.map((table) =>
          table === sessionTable ? { ...table, rows: sessionRows } : table,
        ),
      };
      const oldFile = path.join(backups, 'old-version.backup');
      await writeFile(oldFile, encodeBackupFile(old));

      const target = await newTarget();
      const result = await restoreBackup({
        config: configFor(target),
        file: oldFile,
        passphrase: undefined,
        logger,
      });
      expect(result).toMatchObject({ authSecretFromOldBackup: true, twoFactorReset: [] });
      expect((await readFile(path.join(target.dataDir, AUTH_SECRET_FILE), 'utf8')).trim()).toBe(
        sourceAuthSecret,
      );
      const restored = await startTestServer(target);
      try {
        expect(await sessionCount(restored.database)).toBe(0);
        for (const browser of [doctor.browser, enrolled.doctor.browser]) {
          expect(await recordsStatus(browser, restored.url)).toBe(401);
        }
        const second = await signInWithPassword(restored.url, enrolled.doctor);
        expect(second.twoFactorRedirect).toBe(true);
        const verify = await second.browser.postJson('/api/auth/two-factor/verify-totp', {
          // The step after the one spent on enrolling, which the backup remembers as used.
          code: computeTotpCode(enrolled.totpSecret, Date.now() + TOTP_STEP_MS),
        });
        expect(verify.status).toBe(200);
      } finally {
        await restored.close();
      }
    },
    SLOW_TEST_MS,
  );

  it('gives a leaked backup no way through two-factor: its TOTP secret opens with nothing in it', async () => {
    const opened = await openedBackup(plainFile);
    const snapshot = snapshotSchema.parse(JSON.parse(opened));
    const table = snapshot.tables.find((each) => each.name === 'two_factors');
    const row = table?.rows.find(
      (each) => each[table.columns.indexOf('user_id')] === enrolled.doctor.id,
    );
    const encrypted = row?.[table?.columns.indexOf('secret') ?? -1] ?? '';
    // With the live server's secret, the backup's ciphertext is the doctor's TOTP secret.
    expect(await symmetricDecrypt({ key: sourceAuthSecret, data: encrypted })).toBe(
      decodeBase32(enrolled.totpSecret).toString('utf8'),
    );
    // Every text the backup holds, tried as that secret: none opens it.
    const candidates = new Set<string>();
    JSON.parse(opened, (_key, value: unknown) => {
      if (typeof value === 'string') candidates.add(value);
      return value;
    });
    expect(candidates.size).toBeGreaterThan(100);
    let opens = 0;
    for (const candidate of candidates) {
      try {
        await symmetricDecrypt({ key: candidate, data: encrypted });
        opens += 1;
      } catch {
        // Expected: the wrong key.
      }
    }
    expect(opens).toBe(0);
    // And the live server still asks that doctor for a code after the password.
    const { browser, twoFactorRedirect } = await signInWithPassword(server.url, enrolled.doctor);
    expect(twoFactorRedirect).toBe(true);
    expect(await recordsStatus(browser, server.url)).toBe(401);
  });
});
