import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PatientInfo } from '@shared/records/medical-record';
import { foldForMatching } from '@shared/lib/text-folding';
import { createTestStorage } from '../testing/test-storage';
import type { Database } from './database';
import { openTestDatabase, upgraded } from '../testing/older-database';
import {
  dataSteps,
  medicalRecords,
  patients,
  prescriptions,
  users,
  type StoredPrescriptionContent,
} from './schema';

/** The rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as { rows: Row[] }).rows;
}

// The older databases are filled with raw SQL naming only the columns they had: the schema in
// code is this version's (with `patient_id`), which those tables do not have yet.

async function insertOldDoctor(database: Database, id: string): Promise<void> {
  await database.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Dra. ${id}`}, ${`${id}@example.com`})`,
  );
}

/** A record as written before patients existed: its patient only in `patient_info`. */
async function insertOldRecord(
  database: Database,
  record: { id: string; userId: string; patientInfo: PatientInfo | null; createdAt: string },
): Promise<void> {
  const info = record.patientInfo === null ? null : JSON.stringify(record.patientInfo);
  await database.db.execute(sql`
    insert into medical_records
      (id, user_id, patient_info, current_step, status, steps, version, created_at, updated_at)
    values
      (${record.id}, ${record.userId}, ${info}::jsonb, 'patient-info', 'finalizado', '[]'::jsonb,
       1, ${record.createdAt}::timestamptz, ${record.createdAt}::timestamptz)`);
}

/** A receita as written before patients existed: its patient only by name. */
async function insertOldReceita(
  database: Database,
  receita: { id: string; userId: string; patientName: string },
): Promise<void> {
  const content: StoredPrescriptionContent = {
    patientName: receita.patientName,
    patientAge: '',
    diagnosis: '',
    medications: [],
    notes: '',
    date: '2026-01-15',
    doctorName: '',
    doctorCRM: '',
  };
  const now = new Date().toISOString();
  await database.db.execute(sql`
    insert into prescriptions (id, user_id, content, is_finalized, version, created_at, updated_at)
    values (${receita.id}, ${receita.userId}, ${JSON.stringify(content)}::jsonb, true, 1,
            ${now}::timestamptz, ${now}::timestamptz)`);
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

/** The records grouped by the patient they were given, each group's ids sorted; unlinked apart. */
async function recordsByPatient(
  database: Database,
): Promise<{ groups: string[][]; unlinked: string[]; patientOf: Map<string, string> }> {
  const rows = await database.db
    .select({ id: medicalRecords.id, patientId: medicalRecords.patientId })
    .from(medicalRecords)
    .orderBy(asc(medicalRecords.id));
  const byPatient = new Map<string, string[]>();
  const patientOf = new Map<string, string>();
  const unlinked: string[] = [];
  for (const row of rows) {
    if (row.patientId === null) {
      unlinked.push(row.id);
      continue;
    }
    patientOf.set(row.id, row.patientId);
    byPatient.set(row.patientId, [...(byPatient.get(row.patientId) ?? []), row.id]);
  }
  const groups = [...byPatient.values()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return { groups, unlinked, patientOf };
}

// Each test opens the database two or three times, and on PGlite each open replays the
// migrations: well past the default 30 s when the two-core machine is busy.
describe('the patients migration', { timeout: 90_000 }, () => {
  it('brings a database from before the patients up, keeping its records, now with a patient', async () => {
    await upgraded(
      '0006_patients',
      async (older) => {
        await insertOldDoctor(older, 'doctor-1');
        await insertOldRecord(older, {
          id: 'medical-record-1',
          userId: 'doctor-1',
          patientInfo: { name: 'Maria Aparecida' },
          createdAt: '2025-03-10T12:00:00.000Z',
        });
      },
      async (_storage, after) => {
        const [record] = await after.db
          .select()
          .from(medicalRecords)
          .where(eq(medicalRecords.id, 'medical-record-1'));
        expect(record?.patientInfo).toEqual({ name: 'Maria Aparecida' });
        // The data step gave her record a patient of its own.
        const [given] = await after.db.select().from(patients);
        expect(given).toMatchObject({
          id: record?.patientId,
          userId: 'doctor-1',
          name: 'Maria Aparecida',
          searchName: 'maria aparecida',
          allergies: [],
          chronicConditions: [],
          medications: [],
        });
        // A patient written with only her name has the lists' defaults.
        await insertPatient(after, 'doctor-1', 'Helena Prado');
        const [helena] = await after.db
          .select()
          .from(patients)
          .where(eq(patients.name, 'Helena Prado'));
        expect(helena).toMatchObject({ allergies: [], chronicConditions: [], medications: [] });
        // The account's patients go with it, as its records do.
        await after.db.delete(users).where(eq(users.id, 'doctor-1'));
        expect(await after.db.select().from(patients)).toEqual([]);
        expect(await after.db.select().from(medicalRecords)).toEqual([]);
      },
    );
  });

  it('gives the records of a database from before 0007 patients, grouped by name and age, once', async () => {
    await upgraded(
      '0007_record_patients',
      async (older) => {
        for (const doctor of ['doctor-ana', 'doctor-bia']) await insertOldDoctor(older, doctor);
        const ana = (id: string, createdAt: string, patientInfo: PatientInfo | null) =>
          insertOldRecord(older, { id, userId: 'doctor-ana', patientInfo, createdAt });
        // One woman, her name written three ways, her ages agreeing with the visits' dates.
        await ana('maria-1', '2025-03-10T12:00:00.000Z', {
          name: 'Maria Aparecida',
          age: 62,
          gender: 'feminino',
          allergies: ['dipirona'],
          chronicConditions: ['hipertensão'],
          medications: ['losartana 50 mg', 'AAS 100 mg'],
        });
        await ana('maria-2', '2026-01-15T12:00:00.000Z', {
          name: 'María Aparecida',
          age: 63,
          medications: ['losartana 100 mg'],
        });
        // The latest visit lists no medicines: "not asked", so the previous list stands.
        await ana('maria-3', '2026-10-12T12:00:00.000Z', {
          name: 'MARIA  APARECIDA',
          age: 63,
          allergies: ['Penicilina', 'DIPIRONA'],
          chronicConditions: ['diabetes tipo 2'],
        });
        await ana('jose-1', '2025-05-01T12:00:00.000Z', { name: 'José Silva', age: 45 });
        await ana('jose-2', '2026-01-20T12:00:00.000Z', { name: 'Jose  Silva', age: 46 });
        // Homonyms: one of 30 and one of 63 in the same year cannot be one person.
        await ana('ana-30', '2025-06-01T12:00:00.000Z', { name: 'Ana Souza', age: 30 });
        await ana('ana-63', '2025-07-01T12:00:00.000Z', { name: 'Ana Souza', age: 63 });
        // Records that name nobody.
        await ana('nameless-1', '2025-08-01T12:00:00.000Z', { age: 40 });
        await ana('nameless-2', '2025-08-02T12:00:00.000Z', { name: '   ' });
        await ana('nameless-3', '2025-08-03T12:00:00.000Z', null);
        // Another doctor's Maria Aparecida, of the same age on the same day: hers alone.
        await insertOldRecord(older, {
          id: 'bia-maria',
          userId: 'doctor-bia',
          patientInfo: { name: 'Maria Aparecida', age: 62 },
          createdAt: '2025-03-10T12:00:00.000Z',
        });
        await insertOldReceita(older, {
          id: 'receita-maria',
          userId: 'doctor-ana',
          patientName: 'maria aparecida',
        });
        await insertOldReceita(older, {
          id: 'receita-ana',
          userId: 'doctor-ana',
          patientName: 'Ana Souza',
        });
        await insertOldReceita(older, {
          id: 'receita-nobody',
          userId: 'doctor-ana',
          patientName: 'Fulano de Tal',
        });
        await insertOldReceita(older, {
          id: 'receita-bia',
          userId: 'doctor-bia',
          patientName: 'MARIA APARECIDA',
        });
      },
      async (storage, after) => {
        const { groups, unlinked, patientOf } = await recordsByPatient(after);
        expect(groups).toEqual([
          ['ana-30'],
          ['ana-63'],
          ['bia-maria'],
          ['jose-1', 'jose-2'],
          ['maria-1', 'maria-2', 'maria-3'],
        ]);
        expect(unlinked).toEqual(['nameless-1', 'nameless-2', 'nameless-3']);

        const rows = await after.db.select().from(patients).orderBy(asc(patients.id));
        expect(rows).toHaveLength(5);
        const patientById = new Map(rows.map((row) => [row.id, row]));
        const patientOfRecord = (recordId: string) =>
          patientById.get(patientOf.get(recordId) ?? '');
        // Each patient is her records' doctor's: never shared across doctors.
        for (const [recordId, patientId] of patientOf) {
          const expectedDoctor = recordId.startsWith('bia-') ? 'doctor-bia' : 'doctor-ana';
          expect(patientById.get(patientId)?.userId, recordId).toBe(expectedDoctor);
        }
        expect(patientOf.get('bia-maria')).not.toBe(patientOf.get('maria-1'));

        const maria = patientOfRecord('maria-1');
        expect(maria).toMatchObject({
          userId: 'doctor-ana',
          name: 'MARIA APARECIDA',
          searchName: 'maria aparecida',
          sex: 'feminino',
          // The medicines of the latest visit listing any.
          medications: ['losartana 100 mg'],
          version: 1,
        });
        // Every allergy and condition of any visit, each once.
        expect([...(maria?.allergies ?? [])].map(foldForMatching).sort()).toEqual([
          'dipirona',
          'penicilina',
        ]);
        expect([...(maria?.chronicConditions ?? [])].sort()).toEqual([
          'diabetes tipo 2',
          'hipertensão',
        ]);
        expect(patientOfRecord('jose-2')).toMatchObject({
          name: 'Jose Silva',
          searchName: 'jose silva',
        });
        expect(patientOfRecord('bia-maria')).toMatchObject({
          userId: 'doctor-bia',
          name: 'Maria Aparecida',
          allergies: [],
        });

        // A receita goes to the doctor's one patient of that name; none when two or none have it.
        const receitas = await after.db
          .select({ id: prescriptions.id, patientId: prescriptions.patientId })
          .from(prescriptions)
          .orderBy(asc(prescriptions.id));
        expect(receitas).toEqual([
          { id: 'receita-ana', patientId: null },
          { id: 'receita-bia', patientId: patientOf.get('bia-maria') },
          { id: 'receita-maria', patientId: patientOf.get('maria-1') },
          { id: 'receita-nobody', patientId: null },
        ]);
        expect(await after.db.select({ name: dataSteps.name }).from(dataSteps)).toEqual([
          { name: '0007-patients-from-records' },
          { name: '0011-earlier-receitas-issued' },
        ]);

        // Done once: a record left without a patient afterwards stays so when the database is
        // opened again, and no patient is made twice.
        const now = new Date('2026-11-01T12:00:00.000Z');
        await after.db.insert(medicalRecords).values({
          id: 'maria-later',
          userId: 'doctor-ana',
          patientInfo: { name: 'Maria Aparecida', age: 63 },
          currentStep: 'patient-info',
          status: 'em_andamento',
          steps: [],
          createdAt: now,
          updatedAt: now,
        });
        await after.close();
        const again = await openTestDatabase(storage);
        try {
          const reopened = await recordsByPatient(again);
          expect(reopened.groups).toEqual(groups);
          expect(reopened.unlinked).toEqual([...unlinked, 'maria-later'].sort());
          expect(await again.db.select().from(patients).orderBy(asc(patients.id))).toEqual(rows);
          expect(await again.db.select({ name: dataSteps.name }).from(dataSteps)).toHaveLength(2);
        } finally {
          await again.close();
        }
      },
    );
  });

  it('builds a fresh database with pg_trgm and the name index, and runs again as a no-op', async () => {
    const storage = await createTestStorage();
    try {
      const first = await openTestDatabase(storage);
      await first.close();
      const again = await openTestDatabase(storage);
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
