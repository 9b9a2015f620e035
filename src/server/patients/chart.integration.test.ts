import { addYears } from 'date-fns';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import { recordsApi } from '@shared/api/records';
import type { MedicalRecord, RecordCreateInput } from '@shared/records/medical-record';
import type { Patient, PatientWrite } from '@shared/patients/patient';
import type { TimelineItem } from '@shared/patients/chart';
import { foldForMatching } from '@shared/lib/text-folding';
import { newBatch, newPrescription } from '../prescriptions/test-fixtures';
import { refusalOf } from '../testing/api-calls';
import { fetchAnswer } from '../testing/wire';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let doctor: TestDoctorAccount;
beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url, 'Dra. Helena Prado');
});

async function createPatient(api: ApiClient, body: PatientWrite): Promise<Patient> {
  return (await api.call(patientsApi.create, { body })).patient;
}

async function createRecord(api: ApiClient, body: RecordCreateInput): Promise<MedicalRecord> {
  return (await api.call(recordsApi.create, { body })).record;
}

/** A record with `body`, finalised; a refusal fails the test. */
async function finalisedRecord(api: ApiClient, body: RecordCreateInput): Promise<MedicalRecord> {
  const created = await createRecord(api, body);
  const finalised = await api.call(recordsApi.update, {
    params: { id: created.id },
    body: { status: 'finalizado' },
  });
  return finalised.record;
}

/** Every page of a patient's timeline, with the size of each. */
async function walkTimeline(
  api: ApiClient,
  patientId: string,
): Promise<{ items: TimelineItem[]; pageSizes: number[] }> {
  const items: TimelineItem[] = [];
  const pageSizes: number[] = [];
  // The first page as the chart opens (with her header), the next ones as 'Carregar mais' asks.
  let page = (await api.call(patientsApi.chart, { params: { id: patientId } })).timeline;
  for (;;) {
    items.push(...page.items);
    pageSizes.push(page.items.length);
    const cursor = page.nextCursor;
    if (!cursor) break;
    page = await api.call(patientsApi.timeline, { params: { id: patientId }, query: { cursor } });
  }
  return { items, pageSizes };
}

/** Newest first, as the timeline orders: entries of the same millisecond by id, descending. */
function newestFirst<T extends { id: string; createdAt: string }>(entries: readonly T[]): T[] {
  return [...entries].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
}

/** A timeline entry as expected for a record or receita, with its `createdAt` to sort by. */
function shownAs(
  kind: TimelineItem['kind'],
  entry: { id: string; createdAt: string },
  title: string,
  finalized: boolean,
): Omit<TimelineItem, 'date'> & { createdAt: string } {
  return { kind, id: entry.id, createdAt: entry.createdAt, title, finalized };
}

/** The rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await fixture.server.database.db.execute(query)) as { rows: Row[] }).rows;
}

/**
 * Every table of the public schema, read from the catalogue: a table added later is searched
 * too.
 */
async function publicTables(): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(sql`
    select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
     order by table_name`);
  return rows.map((row) => row.table_name);
}

/**
 * Each table's rows, cast whole to text, that hold any of `needles` (case aside); tables
 * holding none are left out.
 */
async function rowsHolding(needles: readonly string[]): Promise<Record<string, string[]>> {
  const folded = needles.map((needle) => needle.toLowerCase());
  const found: Record<string, string[]> = {};
  for (const table of await publicTables()) {
    const rows = await rowsOf<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(table)} t`,
    );
    const holding = rows
      .map((row) => row.row)
      .filter((row) => folded.some((needle) => row.toLowerCase().includes(needle)));
    if (holding.length > 0) found[table] = holding;
  }
  return found;
}

describe("a patient's chart, for another doctor", () => {
  it('answers 404 on every chart route and to a write naming her, and changes nothing', async () => {
    const [mine, theirs] = await Promise.all([
      signUpDoctor(fixture.server.url),
      signUpDoctor(fixture.server.url),
    ]);
    const myApi = mine.browser.api;
    const theirApi = theirs.browser.api;
    const patient = await createPatient(myApi, { name: 'Cecília Meireles' });
    const myRecord = await createRecord(myApi, {
      patientId: patient.id,
      patientInfo: { name: 'Cecília Meireles', age: 70 },
      physicalExam: { vitalSigns: { bloodPressure: '140x90' } },
    });
    const myReceita = await newPrescription(myApi, {
      patientId: patient.id,
      patientName: 'Cecília Meireles',
    });
    const theirPatient = await createPatient(theirApi, { name: 'Cora Coralina' });
    const theirRecord = await createRecord(theirApi, { patientId: theirPatient.id });
    const theirReceita = await newPrescription(theirApi, { patientName: 'Cora Coralina' });

    const params = { id: patient.id };
    const chartBefore = await myApi.call(patientsApi.get, { params });
    const timelineBefore = await myApi.call(patientsApi.timeline, { params });
    const refusals = {
      chart: await refusalOf(theirApi.call(patientsApi.chart, { params })),
      timeline: await refusalOf(theirApi.call(patientsApi.timeline, { params })),
      vitals: await refusalOf(theirApi.call(patientsApi.vitals, { params })),
      renewal: await refusalOf(theirApi.call(patientsApi.renewal, { params })),
      erase: await refusalOf(theirApi.call(patientsApi.erase, { params })),
      eraseIfMatch: await refusalOf(theirApi.call(patientsApi.erase, { params, ifMatch: 1 })),
      // Merging mine into theirs, and theirs into mine, from either doctor.
      theirMergeIntoMine: await refusalOf(
        theirApi.call(patientsApi.merge, { params, body: { otherId: theirPatient.id } }),
      ),
      theirMergeMineIn: await refusalOf(
        theirApi.call(patientsApi.merge, {
          params: { id: theirPatient.id },
          body: { otherId: patient.id },
        }),
      ),
      myMergeTheirsIn: await refusalOf(
        myApi.call(patientsApi.merge, { params, body: { otherId: theirPatient.id } }),
      ),
      myMergeIntoTheirs: await refusalOf(
        myApi.call(patientsApi.merge, {
          params: { id: theirPatient.id },
          body: { otherId: patient.id },
        }),
      ),
      // Their visits and receitas cannot be filed under her, nor mine under theirs.
      recordCreate: await refusalOf(
        theirApi.call(recordsApi.create, { body: { patientId: patient.id } }),
      ),
      recordMove: await refusalOf(
        theirApi.call(recordsApi.update, {
          params: { id: theirRecord.id },
          body: { patientId: patient.id },
        }),
      ),
      myRecordToTheirs: await refusalOf(
        myApi.call(recordsApi.update, {
          params: { id: myRecord.id },
          body: { patientId: theirPatient.id },
        }),
      ),
      receitaCreate: await refusalOf(
        theirApi.call(prescriptionsApi.create, {
          body: {
            patientId: patient.id,
            patientName: 'Cecília Meireles',
            date: '2026-03-01',
          },
        }),
      ),
      receitaMove: await refusalOf(
        theirApi.call(prescriptionsApi.update, {
          params: { id: theirReceita.id },
          body: { patientId: patient.id },
        }),
      ),
      myReceitaToTheirs: await refusalOf(
        myApi.call(prescriptionsApi.update, {
          params: { id: myReceita.id },
          body: { patientId: theirPatient.id },
        }),
      ),
      myReceitaCreateForTheirs: await refusalOf(
        myApi.call(prescriptionsApi.create, {
          body: { patientId: theirPatient.id, patientName: 'Cora Coralina', date: '2026-03-01' },
        }),
      ),
    };
    for (const [call, refusal] of Object.entries(refusals)) {
      expect(refusal, call).toMatchObject({
        status: 404,
        code: 'not_found',
        body: { success: false, code: 'not_found', error: 'Paciente não encontrado.' },
      });
    }

    // Nothing written anywhere: both charts, the records and the receitas are as they were.
    expect(await myApi.call(patientsApi.get, { params })).toEqual(chartBefore);
    expect(chartBefore.patient.counts).toEqual({ records: 1, prescriptions: 1, documents: 0 });
    expect(await myApi.call(patientsApi.timeline, { params })).toEqual(timelineBefore);
    const theirChart = await theirApi.call(patientsApi.get, { params: { id: theirPatient.id } });
    expect(theirChart.patient).toMatchObject({
      version: 1,
      counts: { records: 1, prescriptions: 0, documents: 0 },
    });
    expect((await myApi.call(recordsApi.get, { params: { id: myRecord.id } })).record).toEqual(
      myRecord,
    );
    expect(
      (await theirApi.call(recordsApi.get, { params: { id: theirRecord.id } })).record,
    ).toEqual(theirRecord);
    const myReceitaNow = await myApi.call(prescriptionsApi.get, { params: { id: myReceita.id } });
    expect(myReceitaNow.prescription).toEqual(myReceita);
    const theirRecords = await theirApi.call(recordsApi.list, { query: { limit: 100 } });
    expect(theirRecords.records.map((record) => record.id)).toEqual([theirRecord.id]);
    const theirReceitas = await theirApi.call(prescriptionsApi.list, { query: { limit: 100 } });
    expect(theirReceitas.prescriptions).toEqual([theirReceita]);
    const myReceitas = await myApi.call(prescriptionsApi.list, { query: { limit: 100 } });
    expect(myReceitas.prescriptions.map((receita) => receita.id)).toEqual([myReceita.id]);
  });
});

describe("a patient's timeline", () => {
  it('shows her visits and receitas, newest first, titled, with whether each is final', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Joana Darc Lima' });
    const someoneElse = await createPatient(api, { name: 'Lia Torres' });
    const headache = await finalisedRecord(api, {
      patientId: patient.id,
      patientInfo: { name: 'Joana Darc Lima', age: 52 },
      symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
      plan: 'Analgesia',
    });
    expect(headache.patientId).toBe(patient.id);
    const threeMedicines = await newPrescription(api, {
      patientId: patient.id,
      patientName: 'Joana Darc Lima',
      isFinalized: true,
      medications: [
        { name: 'Losartana', dosage: '50 mg', frequency: '1 vez ao dia' },
        { name: 'Hidroclorotiazida', dosage: '25 mg', frequency: '1 vez ao dia' },
        { name: 'Anlodipino', dosage: '5 mg', frequency: '1 vez ao dia' },
      ],
    });
    expect(threeMedicines.patientId).toBe(patient.id);
    // Written first without a patient, then filed under her (a draft, by PUT).
    const assessed = await createRecord(api, {
      assessment: 'Hipertensão arterial sistêmica\nEstágio 2, sem lesão de órgão-alvo',
    });
    expect(assessed.patientId).toBeUndefined();
    const filed = await api.call(recordsApi.update, {
      params: { id: assessed.id },
      body: { patientId: patient.id },
    });
    expect(filed.record.patientId).toBe(patient.id);
    const draftReceita = await newPrescription(api, { patientName: 'Joana Darc Lima' });
    expect(draftReceita.patientId).toBeUndefined();
    const filedReceita = await api.call(prescriptionsApi.update, {
      params: { id: draftReceita.id },
      body: { patientId: patient.id },
    });
    expect(filedReceita.prescription.patientId).toBe(patient.id);
    const blank = await createRecord(api, { patientId: patient.id });
    // Not hers: another patient's, and one that names nobody.
    await createRecord(api, { patientId: someoneElse.id, symptoms: { chiefComplaint: 'Tosse' } });
    await createRecord(api, { symptoms: { chiefComplaint: 'Sem paciente' } });

    const expected = newestFirst([
      shownAs('record', headache, 'Consulta — Cefaleia há 3 dias', true),
      shownAs('prescription', threeMedicines, 'Receita — Losartana e mais 2', true),
      shownAs('record', assessed, 'Consulta — Hipertensão arterial sistêmica', false),
      shownAs('prescription', draftReceita, 'Receita — Dipirona', false),
      shownAs('record', blank, 'Consulta', false),
    ]).map(({ createdAt, ...item }) => ({ ...item, date: createdAt }));
    const page = await api.call(patientsApi.timeline, { params: { id: patient.id } });
    expect(page).toEqual({ items: expected });
    expect(page.items.map((item) => item.id).at(-1)).toBe(headache.id);
    // A patient registered today has an empty chart, not a missing one.
    const newcomer = await createPatient(api, { name: 'Nina Alves' });
    expect(await api.call(patientsApi.timeline, { params: { id: newcomer.id } })).toEqual({
      items: [],
    });

    const header = (await api.call(patientsApi.get, { params: { id: patient.id } })).patient;
    expect(header).toEqual({
      ...patient,
      lastVisit: { date: blank.createdAt },
      counts: { records: 3, prescriptions: 2, documents: 0 },
    });
    // The chart as it opens: the same header and the same first page, in one call.
    expect(await api.call(patientsApi.chart, { params: { id: patient.id } })).toEqual({
      patient: header,
      timeline: page,
    });
    expect((await api.call(patientsApi.chart, { params: { id: newcomer.id } })).timeline).toEqual({
      items: [],
    });
  });

  it('pages a long timeline 20 at a time, nothing skipped or repeated, ties included', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Olga Benário' });
    const entries: { id: string; createdAt: string }[] = [];
    for (let index = 0; index < 14; index += 1) {
      entries.push(
        await createRecord(api, {
          patientId: patient.id,
          symptoms: { chiefComplaint: `Retorno ${index}` },
        }),
      );
      if (index < 13) {
        entries.push(await newPrescription(api, { patientId: patient.id }));
      }
    }
    expect(entries).toHaveLength(27);

    const walked = await walkTimeline(api, patient.id);
    expect(walked.pageSizes).toEqual([20, 7]);
    expect(walked.items.map((item) => item.id)).toEqual(
      newestFirst(entries).map((entry) => entry.id),
    );

    // All at one instant: the id alone orders them, across both tables.
    const sameInstant = '2026-03-01T12:00:00.000Z';
    await rowsOf(sql`update medical_records set created_at = ${sameInstant}::timestamptz
                      where patient_id = ${patient.id}`);
    await rowsOf(sql`update prescriptions set created_at = ${sameInstant}::timestamptz
                      where patient_id = ${patient.id}`);
    const tied = await walkTimeline(api, patient.id);
    expect(tied.pageSizes).toEqual([20, 7]);
    const tiedIds = tied.items.map((item) => item.id);
    expect(new Set(tiedIds).size).toBe(27);
    expect(tiedIds).toEqual(
      newestFirst(entries.map((entry) => ({ ...entry, createdAt: sameInstant }))).map(
        (entry) => entry.id,
      ),
    );
  });

  it('refuses a cursor it did not write with 400 validation', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Nise da Silveira' });
    for (let index = 0; index < 21; index += 1) {
      await createRecord(api, { patientId: patient.id });
    }
    const params = { id: patient.id };
    const first = await api.call(patientsApi.timeline, { params });
    expect(first.items).toHaveLength(20);
    const cursor = first.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as object;
    const encode = (value: unknown) =>
      Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    const tampered = [
      'nope',
      `${cursor}x`,
      encode({ ...position, t: 'ontem' }),
      encode({ ...position, extra: 1 }),
      encode({ t: '2026-03-01T12:00:00.000Z' }),
    ];
    for (const bad of tampered) {
      const refusal = await refusalOf(
        api.call(patientsApi.timeline, { params, query: { cursor: bad } }),
      );
      expect(refusal, bad).toMatchObject({ status: 400, code: 'validation' });
    }
    const rest = await api.call(patientsApi.timeline, { params, query: { cursor } });
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeUndefined();
  });
});

describe("'Renovar receita' of a patient's medicines in use", () => {
  it('gives each the posology of its latest finalised prescription, scoped and audited', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, {
      name: 'Adélia Prado',
      medications: ['Losartana 50 mg', 'Sinvastatina 20 mg', 'Metformina 850 mg', 'AAS 100 mg'],
    });
    const other = await createPatient(api, { name: 'Hilda Hilst' });
    const losartana = { name: 'Losartana', dosage: '50 mg', duration: 'uso contínuo' };
    const visit = await finalisedRecord(api, {
      patientId: patient.id,
      prescriptions: {
        medications: [
          { ...losartana, frequency: '1x ao dia', instructions: 'pela manhã' },
          { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
        ],
      },
    });
    // Newer, but not what she was prescribed: a visit still open, another patient's receita, a
    // draft, and a receita cancelled.
    await createRecord(api, {
      patientId: patient.id,
      prescriptions: { medications: [{ ...losartana, frequency: '12/12h' }] },
    });
    const metforminaTwiceADay = [
      { name: 'Metformina', dosage: '850 mg', frequency: '2x ao dia', duration: 'uso contínuo' },
    ];
    await newPrescription(api, {
      patientId: other.id,
      patientName: other.name,
      isFinalized: true,
      medications: [{ name: 'AAS', dosage: '100 mg', frequency: '1x ao dia' }],
    });
    await newPrescription(api, {
      patientId: patient.id,
      patientName: patient.name,
      medications: metforminaTwiceADay,
    });
    const cancelled = await newPrescription(api, {
      patientId: patient.id,
      patientName: patient.name,
      isFinalized: true,
      medications: metforminaTwiceADay,
    });
    await api.call(prescriptionsApi.cancel, {
      params: { id: cancelled.id },
      body: { reason: 'Emitida por engano' },
    });
    const receita = await newPrescription(api, {
      patientId: patient.id,
      patientName: patient.name,
      isFinalized: true,
      medications: [
        { name: 'Sinvastatina', dosage: '20 mg', frequency: 'à noite', genericAllowed: false },
      ],
    });

    const { items } = await api.call(patientsApi.renewal, { params: { id: patient.id } });
    expect(items).toEqual([
      {
        inUse: 'Losartana 50 mg',
        medication: {
          name: 'Losartana',
          dosage: '50 mg',
          // The server wrote the dose when it stored the visit: one 50 mg comprimido.
          dosePerIntake: '1 comprimido',
          frequency: '1x ao dia',
          instructions: 'pela manhã',
          duration: 'uso contínuo',
        },
        lastPrescribed: { kind: 'record', id: visit.id, date: visit.createdAt },
      },
      {
        inUse: 'Sinvastatina 20 mg',
        medication: {
          name: 'Sinvastatina',
          dosage: '20 mg',
          dosePerIntake: '1 comprimido',
          frequency: 'à noite',
          duration: 'uso contínuo',
          genericAllowed: false,
        },
        lastPrescribed: { kind: 'prescription', id: receita.id, date: receita.createdAt },
      },
      // No finalised prescription of hers says how to take these: the doctor completes them.
      {
        inUse: 'Metformina 850 mg',
        medication: { name: 'Metformina', dosage: '850 mg', duration: 'uso contínuo' },
      },
      {
        inUse: 'AAS 100 mg',
        medication: { name: 'AAS', dosage: '100 mg', duration: 'uso contínuo' },
      },
    ]);

    // A patient with nothing in use answers an empty list, not 404.
    const empty = await api.call(patientsApi.renewal, { params: { id: other.id } });
    expect(empty.items).toEqual([]);

    // Her renewal read is in the trail, by her id, after her creation.
    const audit = await fetchAnswer(doctor.browser, 'GET', `/api/audit?entityId=${patient.id}`);
    expect(audit).toMatchObject({
      status: 200,
      body: {
        entries: [
          { entityType: 'patient', action: 'read', entityId: patient.id, status: 200 },
          { entityType: 'patient', action: 'create', entityId: patient.id },
        ],
      },
    });
  });
});

describe("a patient's vital signs", () => {
  it('are read from the visits that measured them, oldest first; the others are left out', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Dandara Palmares' });
    const someoneElse = await createPatient(api, { name: 'Luiza Mahin' });
    const first = await createRecord(api, {
      patientId: patient.id,
      physicalExam: {
        vitalSigns: {
          bloodPressure: '150x95',
          heartRate: 88,
          temperature: 37.8,
          weight: 82.5,
          bmi: 29.2,
          respiratoryRate: 18,
        },
      },
    });
    await createRecord(api, { patientId: patient.id, symptoms: { chiefComplaint: 'Tontura' } });
    await createRecord(api, { patientId: patient.id, physicalExam: { generalAppearance: 'BEG' } });
    const second = await createRecord(api, {
      patientId: patient.id,
      physicalExam: { vitalSigns: { bloodPressure: '130/85 mmHg', weight: 80 } },
    });
    // Measured, but nothing the charts draw.
    await createRecord(api, {
      patientId: patient.id,
      physicalExam: { vitalSigns: { respiratoryRate: 16, oxygenSaturation: 97 } },
    });
    // A pressure that is no pressure is left out; the pulse stays.
    const third = await createRecord(api, {
      patientId: patient.id,
      physicalExam: { vitalSigns: { bloodPressure: 'não aferida', heartRate: 72 } },
    });
    await createRecord(api, {
      patientId: someoneElse.id,
      physicalExam: { vitalSigns: { bloodPressure: '200x120', heartRate: 120 } },
    });

    const vitals = await api.call(patientsApi.vitals, { params: { id: patient.id } });
    expect(vitals).toEqual({
      points: [
        {
          recordId: first.id,
          date: first.createdAt,
          systolic: 150,
          diastolic: 95,
          heartRate: 88,
          temperature: 37.8,
          weight: 82.5,
          bmi: 29.2,
        },
        {
          recordId: second.id,
          date: second.createdAt,
          systolic: 130,
          diastolic: 85,
          weight: 80,
        },
        { recordId: third.id, date: third.createdAt, heartRate: 72 },
      ],
    });
    const none = await api.call(patientsApi.vitals, {
      params: { id: (await createPatient(api, { name: 'Sem Consultas' })).id },
    });
    expect(none).toEqual({ points: [] });
  });
});

describe('a finalised record filed under the wrong patient', () => {
  it('moves to another patient with a PUT of patientId alone; a content change stays 409', async () => {
    const { api } = doctor.browser;
    const wrong = await createPatient(api, { name: 'Tarsila Amaral' });
    const right = await createPatient(api, { name: 'Tarsila do Amaral' });
    const record = await finalisedRecord(api, {
      patientId: wrong.id,
      patientInfo: { name: 'Tarsila do Amaral', age: 40 },
      symptoms: { chiefComplaint: 'Lombalgia' },
      plan: 'Fisioterapia',
    });
    const params = { id: record.id };

    const moved = await api.call(recordsApi.update, {
      params,
      body: { patientId: right.id },
      ifMatch: record.version,
    });
    // The same visit, word for word, under the right patient; a new version.
    expect(moved.record).toEqual({
      ...record,
      patientId: right.id,
      version: record.version + 1,
      updatedAt: moved.record.updatedAt,
    });
    const wrongTimeline = await api.call(patientsApi.timeline, { params: { id: wrong.id } });
    expect(wrongTimeline.items).toEqual([]);
    const rightTimeline = await api.call(patientsApi.timeline, { params: { id: right.id } });
    expect(rightTimeline.items).toEqual([
      {
        kind: 'record',
        id: record.id,
        date: record.createdAt,
        title: 'Consulta — Lombalgia',
        finalized: true,
      },
    ]);

    const changes = [
      { patientId: wrong.id, plan: 'Outro plano' },
      { symptoms: { chiefComplaint: 'Lombociatalgia' } },
      { patientId: wrong.id, assessment: 'Acrescentado depois' },
    ];
    for (const body of changes) {
      const refusal = await refusalOf(api.call(recordsApi.update, { params, body }));
      expect(refusal, JSON.stringify(body)).toMatchObject({
        status: 409,
        code: 'record_finalized',
      });
    }
    expect((await api.call(recordsApi.get, { params })).record).toEqual(moved.record);
  });
});

describe('merging two patients', () => {
  it("moves the other's visits and receitas, unions the lists, fills empty fields, deletes her", async () => {
    const { api } = doctor.browser;
    const kept = await createPatient(api, {
      name: 'Benedita Ramos',
      phone: '(11) 3333-4444',
      allergies: ['dipirona'],
      chronicConditions: ['hipertensão'],
      medications: ['losartana 50 mg'],
      notes: 'Prefere consultas à tarde.',
    });
    const other = await createPatient(api, {
      name: 'Benedita R.',
      birthDate: '1950-04-02',
      sex: 'feminino',
      cpf: '529.982.247-25',
      phone: '(11) 98888-7777',
      allergies: ['Dipirona', 'penicilina', 'látex'],
      chronicConditions: ['diabetes tipo 2'],
      medications: ['metformina 850 mg'],
      notes: 'Veio encaminhada da UBS.',
    });
    const keptRecord = await createRecord(api, { patientId: kept.id });
    const keptReceita = await newPrescription(api, { patientId: kept.id });
    const otherRecords = [
      await createRecord(api, { patientId: other.id }),
      await finalisedRecord(api, {
        patientId: other.id,
        patientInfo: { name: 'Benedita R.', age: 76 },
        symptoms: { chiefComplaint: 'Poliúria' },
      }),
    ];
    // Issued: of a medicine her allergy (penicilina) does not forbid.
    const otherReceita = await newPrescription(api, {
      patientId: other.id,
      isFinalized: true,
      medications: [{ name: 'Losartana', dosage: '50 mg', frequency: '1x ao dia' }],
    });

    const merged = await api.call(patientsApi.merge, {
      params: { id: kept.id },
      body: { otherId: other.id },
    });
    const latest = otherRecords[1];
    expect(merged.patient).toEqual({
      ...kept,
      // Hers kept; what she lacked taken from the other.
      phone: '(11) 3333-4444',
      birthDate: '1950-04-02',
      age: other.age,
      sex: 'feminino',
      cpf: '52998224725',
      allergies: ['dipirona', 'penicilina', 'látex'],
      chronicConditions: ['hipertensão', 'diabetes tipo 2'],
      medications: ['losartana 50 mg', 'metformina 850 mg'],
      notes: 'Prefere consultas à tarde.\n\nVeio encaminhada da UBS.',
      version: kept.version + 1,
      updatedAt: merged.patient.updatedAt,
      lastVisit: { date: latest?.createdAt, age: 76 },
      counts: { records: 3, prescriptions: 2, documents: 0 },
    });
    // No allergy of either is lost.
    const allergies = new Set(merged.patient.allergies.map(foldForMatching));
    for (const allergy of [...kept.allergies, ...other.allergies]) {
      expect(allergies.has(foldForMatching(allergy)), allergy).toBe(true);
    }

    const { items } = await walkTimeline(api, kept.id);
    expect(items.map((item) => item.id).sort()).toEqual(
      [keptRecord.id, keptReceita.id, otherReceita.id, ...otherRecords.map((r) => r.id)].sort(),
    );
    for (const record of otherRecords) {
      const read = await api.call(recordsApi.get, { params: { id: record.id } });
      expect(read.record.patientId).toBe(kept.id);
    }
    const readReceita = await api.call(prescriptionsApi.get, { params: { id: otherReceita.id } });
    expect(readReceita.prescription.patientId).toBe(kept.id);

    // The other is gone, and her CPF now finds the patient kept.
    const params = { id: other.id };
    for (const refusal of [
      await refusalOf(api.call(patientsApi.get, { params })),
      await refusalOf(api.call(patientsApi.timeline, { params })),
      await refusalOf(
        api.call(patientsApi.merge, { params: { id: kept.id }, body: { otherId: other.id } }),
      ),
    ]) {
      expect(refusal).toMatchObject({ status: 404, code: 'not_found' });
    }
    const sameCpf = await refusalOf(
      api.call(patientsApi.create, { body: { name: 'Benedita', cpf: '529.982.247-25' } }),
    );
    expect(sameCpf).toMatchObject({ status: 409, body: { field: 'cpf', patientId: kept.id } });
  });

  it('refuses to merge a patient with herself: 400, and nothing changes', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Anita Garibaldi' });
    await createRecord(api, { patientId: patient.id });
    const params = { id: patient.id };
    const before = await api.call(patientsApi.get, { params });
    const refusal = await refusalOf(
      api.call(patientsApi.merge, { params, body: { otherId: patient.id } }),
    );
    expect(refusal).toMatchObject({ status: 400, code: 'validation' });
    expect(refusal.message).toBe(
      'Escolha outro paciente: não é possível unir um paciente a ele mesmo.',
    );
    expect(await api.call(patientsApi.get, { params })).toEqual(before);
  });
});

describe('erasing a patient', () => {
  /** A name found nowhere else, to search every table for. */
  const NAME = 'Zuleica Quaresma Bittencourt';

  it('keeps her while the law asks; then leaves nothing of her, and the rest intact', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, {
      name: NAME,
      cpf: '111.444.777-35',
      allergies: ['sulfametoxazol'],
      notes: 'Cuidadora: filha Quitéria.',
    });
    const finalised = await finalisedRecord(api, {
      patientId: patient.id,
      patientInfo: { name: NAME, age: 58, allergies: ['sulfametoxazol'] },
      symptoms: { chiefComplaint: 'Dor torácica atípica' },
    });
    const addendum = await api.call(recordsApi.addAddendum, {
      params: { id: finalised.id },
      body: { text: `Resultado do ECG de ${NAME}: normal.` },
    });
    const draft = await createRecord(api, {
      patientId: patient.id,
      patientInfo: { name: NAME },
      physicalExam: { vitalSigns: { bloodPressure: '120x80' } },
    });
    const receitas = [
      await newPrescription(api, { patientId: patient.id, patientName: NAME, isFinalized: true }),
      await newPrescription(api, { patientId: patient.id, patientName: NAME }),
    ];
    const [issued, pending] = receitas;
    if (!issued || !pending) throw new Error('two receitas expected');
    const { document: report } = await api.call(documentsApi.create, {
      body: {
        kind: 'relatorio',
        patientId: patient.id,
        recordId: finalised.id,
        content: { text: `${NAME} em acompanhamento por dor torácica atípica.` },
      },
    });

    // Another patient of the same doctor, sharing the lote.
    const neighbour = await createPatient(api, { name: 'Vizinha Intacta' });
    const neighbourRecord = await finalisedRecord(api, {
      patientId: neighbour.id,
      symptoms: { chiefComplaint: 'Rinite' },
    });
    const neighbourReceita = await newPrescription(api, {
      patientId: neighbour.id,
      patientName: 'Vizinha Intacta',
    });
    const lote = await newBatch(api, {
      name: 'Lote da manhã',
      prescriptionIds: [issued.id, neighbourReceita.id, pending.id],
    });

    const params = { id: patient.id };
    const neighbourBefore = {
      chart: await api.call(patientsApi.get, { params: { id: neighbour.id } }),
      timeline: await api.call(patientsApi.timeline, { params: { id: neighbour.id } }),
      record: await api.call(recordsApi.get, { params: { id: neighbourRecord.id } }),
      receita: await api.call(prescriptionsApi.get, { params: { id: neighbourReceita.id } }),
    };

    // Another tab changed her since: a stale If-Match erases nothing.
    const updated = await api.call(patientsApi.update, {
      params,
      body: {
        name: NAME,
        cpf: '111.444.777-35',
        allergies: ['sulfametoxazol', 'AAS'],
        notes: 'Cuidadora: filha Quitéria.',
      },
      ifMatch: 1,
    });
    const stale = await refusalOf(api.call(patientsApi.erase, { params, ifMatch: 1 }));
    expect(stale).toMatchObject({
      status: 409,
      code: 'patient_changed',
      body: { patient: { id: patient.id, version: 2 } },
    });
    const chart = await api.call(patientsApi.get, { params });
    expect(chart.patient).toEqual({
      ...updated.patient,
      lastVisit: { date: draft.createdAt },
      counts: { records: 2, prescriptions: 2, documents: 1 },
    });
    expect((await walkTimeline(api, patient.id)).items).toHaveLength(5);
    const loteAfterStale = await api.call(batchesApi.get, { params: { id: lote.id } });
    expect(loteAfterStale.batch.prescriptionIds).toEqual([
      issued.id,
      neighbourReceita.id,
      pending.id,
    ]);

    // Before: the search finds her in every table that keeps something of hers.
    const herIds = [
      patient.id,
      finalised.id,
      draft.id,
      addendum.addendum.id,
      ...receitas.map((receita) => receita.id),
      report.id,
    ];
    const herText = [NAME, 'Zuleica', 'Quaresma', '11144477735', 'sulfametoxazol', 'Quitéria'];
    expect(Object.keys(await rowsHolding([...herIds, ...herText])).sort()).toEqual([
      'audit_log',
      'clinical_documents',
      'medical_record_addenda',
      'medical_records',
      'patients',
      'prescription_batches',
      'prescriptions',
    ]);

    // Her record is kept 20 years from its last entry, the report written a moment ago.
    const retained = await refusalOf(api.call(patientsApi.erase, { params, ifMatch: 2 }));
    expect(retained).toMatchObject({ status: 409, code: 'retention_required' });
    expect(retained.message).toContain('Lei 13.787/2018');
    const keptUntil = new Date(String((retained.body as { keepUntil?: unknown }).keepUntil));
    const inTwentyYears = (date: Date) => addYears(date, 20).getTime();
    expect(keptUntil.getTime()).toBeGreaterThanOrEqual(inTwentyYears(new Date(report.updatedAt)));
    expect(keptUntil.getTime()).toBeLessThanOrEqual(inTwentyYears(new Date()));
    expect(await api.call(patientsApi.get, { params })).toEqual(chart);
    expect(Object.keys(await rowsHolding([...herIds, ...herText])).sort()).toHaveLength(7);
    // The request is in the audit trail, refused.
    const [refusedRequest] = await rowsOf<{ status: number }>(sql`
      select status from audit_log
      where entity_id = ${patient.id} and action = 'delete' order by position desc limit 1`);
    expect(refusedRequest?.status).toBe(409);

    // Twenty years and a day later (her entries moved back), the erase is lawful.
    const longAgo = sql`now() - interval '20 years 1 day'`;
    await rowsOf(sql`
      update medical_records set updated_at = ${longAgo}, created_at = ${longAgo}
      where patient_id = ${patient.id}`);
    await rowsOf(sql`
      update medical_record_addenda set created_at = ${longAgo}
      where record_id in (select id from medical_records where patient_id = ${patient.id})`);
    for (const table of [sql.raw('prescriptions'), sql.raw('clinical_documents')]) {
      await rowsOf(sql`
        update ${table} set updated_at = ${longAgo}, created_at = ${longAgo},
          signed_at = case when signed_at is null then null else ${longAgo} end,
          cancelled_at = case when cancelled_at is null then null else ${longAgo} end
        where patient_id = ${patient.id}`);
    }

    // What the app names before asking is what goes.
    const erased = await api.call(patientsApi.erase, { params, ifMatch: 2 });
    expect(erased).toEqual({
      success: true,
      erased: { records: chart.patient.counts?.records, prescriptions: 2, documents: 1 },
    });
    expect(erased.erased.prescriptions).toBe(chart.patient.counts?.prescriptions);
    expect(erased.erased.documents).toBe(chart.patient.counts?.documents);

    const { audit_log: auditRows, ...elsewhere } = await rowsHolding([...herIds, ...herText]);
    expect(elsewhere).toEqual({});
    // The audit trail keeps who accessed which id, by design (CFM), and never her data.
    expect(auditRows?.some((row) => row.includes(patient.id))).toBe(true);
    const withHerText = (row: string) =>
      herText.some((text) => row.toLowerCase().includes(text.toLowerCase()));
    expect(auditRows?.filter(withHerText)).toEqual([]);

    for (const refusal of [
      await refusalOf(api.call(patientsApi.get, { params })),
      await refusalOf(api.call(patientsApi.timeline, { params })),
      await refusalOf(api.call(patientsApi.vitals, { params })),
      await refusalOf(api.call(patientsApi.erase, { params })),
      await refusalOf(api.call(recordsApi.get, { params: { id: finalised.id } })),
      await refusalOf(api.call(recordsApi.get, { params: { id: draft.id } })),
      await refusalOf(api.call(prescriptionsApi.get, { params: { id: issued.id } })),
      await refusalOf(api.call(prescriptionsApi.get, { params: { id: pending.id } })),
      await refusalOf(api.call(documentsApi.get, { params: { id: report.id } })),
    ]) {
      expect(refusal).toMatchObject({ status: 404, code: 'not_found' });
    }

    // The neighbour is untouched; the lote keeps her receita only.
    expect({
      chart: await api.call(patientsApi.get, { params: { id: neighbour.id } }),
      timeline: await api.call(patientsApi.timeline, { params: { id: neighbour.id } }),
      record: await api.call(recordsApi.get, { params: { id: neighbourRecord.id } }),
      receita: await api.call(prescriptionsApi.get, { params: { id: neighbourReceita.id } }),
    }).toEqual(neighbourBefore);
    const loteAfter = await api.call(batchesApi.get, { params: { id: lote.id } });
    expect(loteAfter.batch).toMatchObject({ name: 'Lote da manhã', isFinalized: false });
    expect(loteAfter.batch.prescriptionIds).toEqual([neighbourReceita.id]);
    expect(loteAfter.prescriptions).toEqual([neighbourBefore.receita.prescription]);
  });
});
