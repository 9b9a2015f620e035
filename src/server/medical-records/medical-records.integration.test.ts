import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MedicalRecord } from '../../shared/medical-record';
import type { RecordsClient } from '../../shared/records-client';
import { medicalRecords } from '../db/schema';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

/** Creates a record and returns it, failing the test if the API refuses. */
async function createRecord(records: RecordsClient, name: string): Promise<MedicalRecord> {
  const created = await records.create({ patientInfo: { name } });
  if (!created.success) throw new Error(created.error);
  return created.record;
}

/** Walks every page of a doctor's list and returns the ids in the order received. */
async function listAllIds(
  records: RecordsClient,
  query: { limit?: number; status?: 'em_andamento' | 'finalizado' } = {},
): Promise<{ ids: string[]; pageSizes: number[] }> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let lastEvaluatedKey: string | undefined;
  do {
    const page = await records.list({ ...query, lastEvaluatedKey });
    if (!page.success) throw new Error(page.error);
    ids.push(...page.records.map((record) => record.id));
    pageSizes.push(page.records.length);
    lastEvaluatedKey = page.lastEvaluatedKey;
  } while (lastEvaluatedKey);
  return { ids, pageSizes };
}

describe('medical records API without a session', () => {
  it('answers 401 on every call', async () => {
    const anonymous = new TestBrowser(fixture.server.url).records;
    const answers = await Promise.all([
      anonymous.list(),
      anonymous.create({ patientInfo: { name: 'Maria' } }),
      anonymous.get('medical-record-x'),
      anonymous.update('medical-record-x', { plan: 'x' }),
      anonymous.remove('medical-record-x'),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ success: false, status: 401 });
      expect(answer.success || answer.error).toMatch(/Faça login/);
    }
  });
});

describe('medical records API', () => {
  let doctor: TestDoctorAccount;
  beforeAll(async () => {
    doctor = await signUpDoctor(fixture.server.url);
  });

  it('creates, reads, updates and deletes a record', async () => {
    const { records } = doctor.browser;
    const created = await records.create({
      userId: doctor.id,
      patientInfo: { name: 'Maria Souza', age: 45, gender: 'feminino', allergies: ['dipirona'] },
      symptoms: { chiefComplaint: 'Cefaleia há 3 dias', intensity: 'moderada' },
    });
    expect(created).toMatchObject({ success: true, status: 201 });
    if (!created.success) return;
    expect(created.recordId).toMatch(/^medical-record-/);

    const read = await records.get(created.recordId);
    expect(read.success && read.record).toMatchObject({
      id: created.recordId,
      userId: doctor.id,
      status: 'em_andamento',
      currentStep: 'patient-info',
      version: 1,
      patientInfo: { name: 'Maria Souza', age: 45, gender: 'feminino', allergies: ['dipirona'] },
    });
    if (!read.success) return;
    expect(read.record.steps).toHaveLength(7);
    expect(read.record.steps.every((step) => !step.completed)).toBe(true);
    expect(Date.parse(read.record.createdAt)).not.toBeNaN();

    const updated = await records.update(created.recordId, {
      id: created.recordId,
      assessment: 'Cefaleia tensional (G44.2)',
      currentStep: 'assessment',
      symptoms: null,
    });
    expect(updated.success && updated.record).toMatchObject({
      assessment: 'Cefaleia tensional (G44.2)',
      currentStep: 'assessment',
      patientInfo: { name: 'Maria Souza' },
      version: 2,
    });
    expect(updated.success && 'symptoms' in updated.record).toBe(false);

    const removed = await records.remove(created.recordId);
    expect(removed).toMatchObject({ success: true, status: 200 });
    expect(await records.get(created.recordId)).toMatchObject({ success: false, status: 404 });
    expect(await records.remove(created.recordId)).toMatchObject({ success: false, status: 404 });
  });

  it('treats null inside a part as an unset field', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'João');
    const updated = await records.update(record.id, {
      patientInfo: { name: 'João', age: null, gender: null } as never,
    });
    expect(updated.success && updated.record.patientInfo).toEqual({ name: 'João' });
  });

  it('finalises with { status: "finalizado" } alone and does not reopen', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'Ana');
    const finalised = await records.update(record.id, { status: 'finalizado' });
    expect(finalised.success && finalised.record.status).toBe('finalizado');
    expect(
      finalised.success &&
        finalised.record.steps.find((step) => step.type === 'print-summary')?.completed,
    ).toBe(true);
    expect(finalised.success && finalised.record.patientInfo).toEqual({ name: 'Ana' });

    const reopened = await records.update(record.id, { status: 'em_andamento' });
    expect(reopened).toMatchObject({ success: false, status: 400 });
    expect((await records.get(record.id)).success && (await records.get(record.id))).toMatchObject({
      record: { status: 'finalizado', version: 2 },
    });
  });

  it('answers 409 with the current record when If-Match is stale', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'Pedro');
    const firstTab = await records.update(record.id, { plan: 'Plano da aba 1' }, 1);
    expect(firstTab.success && firstTab.record.version).toBe(2);

    const secondTab = await records.update(record.id, { plan: 'Plano da aba 2' }, 1);
    expect(secondTab).toMatchObject({ success: false, status: 409 });
    expect(!secondTab.success && secondTab.record).toMatchObject({
      plan: 'Plano da aba 1',
      version: 2,
    });

    const current = await records.get(record.id);
    expect(current.success && current.record).toMatchObject({ plan: 'Plano da aba 1', version: 2 });

    const withoutIfMatch = await records.update(record.id, { plan: 'Última gravação vence' });
    expect(withoutIfMatch.success && withoutIfMatch.record).toMatchObject({
      plan: 'Última gravação vence',
      version: 3,
    });
  });

  it('loses no update when several land at once without If-Match', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'Concorrência');
    const answers = await Promise.all([
      records.update(record.id, { assessment: 'Avaliação da aba 1' }),
      records.update(record.id, { plan: 'Plano da aba 2' }),
      records.update(record.id, { symptoms: { chiefComplaint: 'Tosse' } }),
      records.update(record.id, { currentStep: 'plan' }),
      records.update(record.id, { prescriptions: { medications: [{ name: 'Dipirona' }] } }),
      records.update(record.id, { physicalExam: { generalAppearance: 'BEG' } }),
    ]);
    expect(answers.every((answer) => answer.success)).toBe(true);
    const final = await records.get(record.id);
    expect(final.success && final.record).toMatchObject({
      version: 7,
      patientInfo: { name: 'Concorrência' },
      assessment: 'Avaliação da aba 1',
      plan: 'Plano da aba 2',
      symptoms: { chiefComplaint: 'Tosse' },
      currentStep: 'plan',
      prescriptions: { medications: [{ name: 'Dipirona' }] },
      physicalExam: { generalAppearance: 'BEG' },
    });
  });

  it('lets exactly one of several writes with the same If-Match win', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'Duas abas');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((tab) => records.update(record.id, { plan: `Plano da aba ${tab}` }, 1)),
    );
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.success && answer.status === 409)).toHaveLength(3);
    const final = await records.get(record.id);
    expect(final.success && final.record.version).toBe(2);
  });

  it('keeps a record changed since it was read: DELETE with a stale If-Match is 409 with it', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'Excluir depois');
    expect((await records.update(record.id, { plan: 'Plano novo' }, 1)).success).toBe(true);

    const stale = await records.remove(record.id, 1);
    expect(stale).toMatchObject({ success: false, status: 409, code: 'record_changed' });
    expect(!stale.success && stale.record).toMatchObject({ plan: 'Plano novo', version: 2 });
    expect((await records.get(record.id)).success).toBe(true);

    expect(await records.remove(record.id, 2)).toMatchObject({ success: true });
    expect(await records.get(record.id)).toMatchObject({ success: false, status: 404 });
    expect(await records.remove(record.id, 2)).toMatchObject({ success: false, status: 404 });
  });

  it('lets exactly one of a DELETE and an update with the same If-Match win', async () => {
    const { records } = doctor.browser;
    const record = await createRecord(records, 'Corrida de exclusão');
    const answers = await Promise.all([
      records.remove(record.id, 1),
      records.update(record.id, { plan: 'Plano' }, 1),
      records.remove(record.id, 1),
    ]);
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    // The losers find the record changed (409), or gone when a DELETE won (404).
    for (const answer of answers.filter((each) => !each.success)) {
      expect([404, 409]).toContain(answer.status);
    }
  });

  it('sends the version as ETag', async () => {
    const record = await createRecord(doctor.browser.records, 'Etag');
    const response = await doctor.browser.fetch(`/api/medical-records/${record.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
  });
});

describe('ownership', () => {
  it("hides one doctor's records from another exactly like missing ones", async () => {
    const owner = await signUpDoctor(fixture.server.url, 'Dra. Dona');
    const other = await signUpDoctor(fixture.server.url, 'Dr. Outro');
    const record = await createRecord(owner.browser.records, 'Paciente da Dra. Dona');
    await createRecord(other.browser.records, 'Paciente do Dr. Outro');

    const missing = await other.browser.records.get('medical-record-does-not-exist');
    const foreign = await other.browser.records.get(record.id);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ success: false, status: 404 });
    expect(await other.browser.records.update(record.id, { plan: 'invasão' })).toMatchObject({
      status: 404,
    });
    expect(await other.browser.records.remove(record.id)).toMatchObject({ status: 404 });

    const otherList = await listAllIds(other.browser.records);
    expect(otherList.ids).not.toContain(record.id);
    expect(otherList.ids).toHaveLength(1);

    const untouched = await owner.browser.records.get(record.id);
    expect(untouched.success && untouched.record).toMatchObject({ version: 1 });
    expect(untouched.success && 'plan' in untouched.record).toBe(false);
  });

  it("refuses a userId that is not the session's with 403", async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const other = await signUpDoctor(fixture.server.url);
    const record = await createRecord(doctor.browser.records, 'Carla');

    expect(
      await doctor.browser.records.create({ userId: other.id, patientInfo: { name: 'x' } }),
    ).toMatchObject({ success: false, status: 403 });
    expect(await doctor.browser.records.update(record.id, { userId: other.id })).toMatchObject({
      status: 403,
    });
    const listAsOther = await doctor.browser.fetch(`/api/medical-records?userId=${other.id}`);
    expect(listAsOther.status).toBe(403);
    const listAsSelf = await doctor.browser.fetch(`/api/medical-records?userId=${doctor.id}`);
    expect(listAsSelf.status).toBe(200);
    const recordUrl = `/api/medical-records/${record.id}`;
    expect((await doctor.browser.fetch(`${recordUrl}?userId=${other.id}`)).status).toBe(403);
    expect((await doctor.browser.fetch(`${recordUrl}?userId=${doctor.id}`)).status).toBe(200);
    const putAsOther = await doctor.browser.fetch(`${recordUrl}?userId=${other.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'x' }),
    });
    expect(putAsOther.status).toBe(403);
    const deleteAsOther = await doctor.browser.fetch(`${recordUrl}?userId=${other.id}`, {
      method: 'DELETE',
    });
    expect(deleteAsOther.status).toBe(403);
    const untouched = await doctor.browser.records.get(record.id);
    expect(untouched.success && untouched.record.version).toBe(1);
    expect((await listAllIds(doctor.browser.records)).ids).toEqual([record.id]);
  });
});

describe('list', () => {
  it('pages 45 records as 20, 20, 5, newest first, with no gap or repeat', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const created: MedicalRecord[] = [];
    for (let index = 0; index < 45; index += 1) {
      created.push(await createRecord(doctor.browser.records, `Paciente ${index}`));
    }
    const { ids, pageSizes } = await listAllIds(doctor.browser.records, { limit: 20 });
    expect(pageSizes).toEqual([20, 20, 5]);
    // Newest first; records created in the same millisecond are ordered by id.
    const newestFirst = [...created].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(ids).toEqual(newestFirst.map((record) => record.id));
  });

  it('pages correctly when records share a created_at', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    for (let index = 0; index < 45; index += 1) {
      await createRecord(doctor.browser.records, `Empate ${index}`);
    }
    const sharedInstant = new Date('2026-03-01T12:00:00.000Z');
    await fixture.server.database.db
      .update(medicalRecords)
      .set({ createdAt: sharedInstant })
      .where(eq(medicalRecords.userId, doctor.id));

    for (const limit of [1, 7, 20, 44, 45, 100]) {
      const { ids, pageSizes } = await listAllIds(doctor.browser.records, { limit });
      expect(new Set(ids).size, `limit ${limit}`).toBe(45);
      expect(ids, `limit ${limit}`).toHaveLength(45);
      expect(pageSizes.slice(0, -1).every((size) => size === limit)).toBe(true);
    }
  });

  it('answers an exactly full last page without a lastEvaluatedKey', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    for (let index = 0; index < 20; index += 1) {
      await createRecord(doctor.browser.records, `Cheio ${index}`);
    }
    const page = await doctor.browser.records.list({ limit: 20 });
    expect(page.success && page.records).toHaveLength(20);
    expect(page.success && page.lastEvaluatedKey).toBeUndefined();
  });

  it('filters by status', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const finalised: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const record = await createRecord(doctor.browser.records, `Status ${index}`);
      if (index % 2 === 0) {
        await doctor.browser.records.update(record.id, { status: 'finalizado' });
        finalised.push(record.id);
      }
    }
    const done = await listAllIds(doctor.browser.records, { status: 'finalizado', limit: 2 });
    expect(new Set(done.ids)).toEqual(new Set(finalised));
    const ongoing = await listAllIds(doctor.browser.records, { status: 'em_andamento' });
    expect(ongoing.ids).toHaveLength(3);
    expect(ongoing.ids.some((id) => finalised.includes(id))).toBe(false);
  });
});
