import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { recordsApi } from '@shared/api/records';
import type { MedicalRecord } from '@shared/records/medical-record';
import { medicalRecords } from '../db/schema';
import { outcomesOf, refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';

const fixture = useTestServer();

/** Creates a record and returns it; the API refusing fails the test. */
async function createRecord(api: ApiClient, name: string): Promise<MedicalRecord> {
  return (await api.call(recordsApi.create, { body: { patientInfo: { name } } })).record;
}

/** The record as the server has it now. */
async function readRecord(api: ApiClient, id: string): Promise<MedicalRecord> {
  return (await api.call(recordsApi.get, { params: { id } })).record;
}

/** Walks every page of a doctor's list and returns the ids in the order received. */
async function listAllIds(
  api: ApiClient,
  query: { limit?: number; status?: 'em_andamento' | 'finalizado' } = {},
): Promise<{ ids: string[]; pageSizes: number[] }> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let lastEvaluatedKey: string | undefined;
  do {
    const page = await api.call(recordsApi.list, { query: { ...query, lastEvaluatedKey } });
    ids.push(...page.records.map((record) => record.id));
    pageSizes.push(page.records.length);
    lastEvaluatedKey = page.lastEvaluatedKey;
  } while (lastEvaluatedKey);
  return { ids, pageSizes };
}

describe('medical records API without a session', () => {
  it('answers 401 on every call', async () => {
    const anonymous = new TestBrowser(fixture.server.url).api;
    const params = { id: 'medical-record-x' };
    const refusals = await Promise.all([
      refusalOf(anonymous.call(recordsApi.list)),
      refusalOf(anonymous.call(recordsApi.create, { body: { patientInfo: { name: 'Maria' } } })),
      refusalOf(anonymous.call(recordsApi.get, { params })),
      refusalOf(anonymous.call(recordsApi.update, { params, body: { plan: 'x' } })),
      refusalOf(anonymous.call(recordsApi.remove, { params })),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        status: 401,
        code: 'unauthorized',
        body: { success: false },
      });
      expect(refusal.message).toMatch(/Faça login/);
    }
  });
});

describe('medical records API', () => {
  let doctor: TestDoctorAccount;
  beforeAll(async () => {
    doctor = await signUpDoctor(fixture.server.url);
  });

  it('creates, reads, updates and deletes a record', async () => {
    const { api } = doctor.browser;
    // The create on the wire: its 201 is no part of what the typed client answers.
    const created = await fetchAnswer(doctor.browser, 'POST', '/api/medical-records', {
      json: {
        userId: doctor.id,
        patientInfo: { name: 'Maria Souza', age: 45, gender: 'feminino', allergies: ['dipirona'] },
        symptoms: { chiefComplaint: 'Cefaleia há 3 dias', intensity: 'moderada' },
      },
    });
    expect(created).toMatchObject({ status: 201, body: { success: true } });
    const { recordId } = recordsApi.create.readAnswer(created.body, new Headers());
    expect(recordId).toMatch(/^medical-record-/);

    const read = await readRecord(api, recordId);
    expect(read).toMatchObject({
      id: recordId,
      userId: doctor.id,
      status: 'em_andamento',
      currentStep: 'patient-info',
      version: 1,
      patientInfo: { name: 'Maria Souza', age: 45, gender: 'feminino', allergies: ['dipirona'] },
    });
    expect(read.steps).toHaveLength(7);
    expect(read.steps.every((step) => !step.completed)).toBe(true);
    expect(Date.parse(read.createdAt)).not.toBeNaN();

    const params = { id: recordId };
    const { record: updated } = await api.call(recordsApi.update, {
      params,
      body: {
        id: recordId,
        assessment: 'Cefaleia tensional (G44.2)',
        currentStep: 'assessment',
        symptoms: null,
      },
    });
    expect(updated).toMatchObject({
      assessment: 'Cefaleia tensional (G44.2)',
      currentStep: 'assessment',
      patientInfo: { name: 'Maria Souza' },
      version: 2,
    });
    expect('symptoms' in updated).toBe(false);

    const removed = await fetchAnswer(doctor.browser, 'DELETE', `/api/medical-records/${recordId}`);
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
    await expect(api.call(recordsApi.get, { params })).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await expect(api.call(recordsApi.remove, { params })).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('treats null inside a part as an unset field', async () => {
    const { api } = doctor.browser;
    const record = await createRecord(api, 'João');
    const updated = await api.call(recordsApi.update, {
      params: { id: record.id },
      body: { patientInfo: { name: 'João', age: null, gender: null } as never },
    });
    expect(updated.record.patientInfo).toEqual({ name: 'João' });
  });

  it('finalises with { status: "finalizado" } alone and does not reopen', async () => {
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Ana');
    const params = { id: record.id };
    const { record: finalised } = await api.call(recordsApi.update, {
      params,
      body: { status: 'finalizado' },
    });
    expect(finalised.status).toBe('finalizado');
    expect(finalised.steps.find((step) => step.type === 'print-summary')?.completed).toBe(true);
    expect(finalised.patientInfo).toEqual({ name: 'Ana' });

    const reopened = api.call(recordsApi.update, { params, body: { status: 'em_andamento' } });
    await expect(reopened).rejects.toMatchObject({ status: 400 });
    expect(await readRecord(api, record.id)).toMatchObject({ status: 'finalizado', version: 2 });
  });

  it('answers 409 with the current record when If-Match is stale', async () => {
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Pedro');
    const params = { id: record.id };
    const firstTab = await api.call(recordsApi.update, {
      params,
      body: { plan: 'Plano da aba 1' },
      ifMatch: 1,
    });
    expect(firstTab.record.version).toBe(2);

    const secondTab = await refusalOf(
      api.call(recordsApi.update, { params, body: { plan: 'Plano da aba 2' }, ifMatch: 1 }),
    );
    expect(secondTab).toMatchObject({
      status: 409,
      body: { record: { plan: 'Plano da aba 1', version: 2 } },
    });

    expect(await readRecord(api, record.id)).toMatchObject({ plan: 'Plano da aba 1', version: 2 });

    const withoutIfMatch = await api.call(recordsApi.update, {
      params,
      body: { plan: 'Última gravação vence' },
    });
    expect(withoutIfMatch.record).toMatchObject({ plan: 'Última gravação vence', version: 3 });
  });

  it('loses no update when several land at once without If-Match', async () => {
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Concorrência');
    const params = { id: record.id };
    const { refusals } = await outcomesOf([
      api.call(recordsApi.update, { params, body: { assessment: 'Avaliação da aba 1' } }),
      api.call(recordsApi.update, { params, body: { plan: 'Plano da aba 2' } }),
      api.call(recordsApi.update, { params, body: { symptoms: { chiefComplaint: 'Tosse' } } }),
      api.call(recordsApi.update, { params, body: { currentStep: 'plan' } }),
      api.call(recordsApi.update, {
        params,
        body: { prescriptions: { medications: [{ name: 'Dipirona' }] } },
      }),
      api.call(recordsApi.update, {
        params,
        body: { physicalExam: { generalAppearance: 'BEG' } },
      }),
    ]);
    expect(refusals).toEqual([]);
    expect(await readRecord(api, record.id)).toMatchObject({
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
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Duas abas');
    const { answers, refusals } = await outcomesOf(
      [1, 2, 3, 4].map((tab) =>
        api.call(recordsApi.update, {
          params: { id: record.id },
          body: { plan: `Plano da aba ${tab}` },
          ifMatch: 1,
        }),
      ),
    );
    expect(answers).toHaveLength(1);
    expect(refusals.map((refusal) => refusal.status)).toEqual([409, 409, 409]);
    expect((await readRecord(api, record.id)).version).toBe(2);
  });

  it('keeps a record changed since it was read: DELETE with a stale If-Match is 409 with it', async () => {
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Excluir depois');
    const params = { id: record.id };
    await api.call(recordsApi.update, { params, body: { plan: 'Plano novo' }, ifMatch: 1 });

    const stale = await refusalOf(api.call(recordsApi.remove, { params, ifMatch: 1 }));
    expect(stale).toMatchObject({
      status: 409,
      code: 'record_changed',
      body: { record: { plan: 'Plano novo', version: 2 } },
    });
    // Still there, as the refused DELETE found it.
    expect(await readRecord(api, record.id)).toMatchObject({ plan: 'Plano novo', version: 2 });

    expect(await api.call(recordsApi.remove, { params, ifMatch: 2 })).toEqual({ success: true });
    await expect(api.call(recordsApi.get, { params })).rejects.toMatchObject({ status: 404 });
    await expect(api.call(recordsApi.remove, { params, ifMatch: 2 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('lets exactly one of a DELETE and an update with the same If-Match win', async () => {
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Corrida de exclusão');
    const params = { id: record.id };
    const { answers, refusals } = await outcomesOf<unknown>([
      api.call(recordsApi.remove, { params, ifMatch: 1 }),
      api.call(recordsApi.update, { params, body: { plan: 'Plano' }, ifMatch: 1 }),
      api.call(recordsApi.remove, { params, ifMatch: 1 }),
    ]);
    expect(answers).toHaveLength(1);
    // The losers find the record changed (409), or gone when a DELETE won (404).
    expect(refusals).toHaveLength(2);
    for (const refusal of refusals) expect([404, 409]).toContain(refusal.status);
  });

  it('sends the version as ETag', async () => {
    const record = await createRecord(doctor.browser.api, 'Etag');
    const response = await doctor.browser.fetch(`/api/medical-records/${record.id}`);
    expect(response.headers.get('etag')).toBe('"1"');
  });
});

describe('ownership', () => {
  it("hides one doctor's records from another exactly like missing ones", async () => {
    const owner = await signUpDoctor(fixture.server.url, 'Dra. Dona');
    const other = await signUpDoctor(fixture.server.url, 'Dr. Outro');
    const record = await createRecord(owner.browser.api, 'Paciente da Dra. Dona');
    await createRecord(other.browser.api, 'Paciente do Dr. Outro');

    const { api } = other.browser;
    const params = { id: record.id };
    const missing = await refusalOf(
      api.call(recordsApi.get, { params: { id: 'medical-record-does-not-exist' } }),
    );
    const foreign = await refusalOf(api.call(recordsApi.get, { params }));
    expect(foreign).toMatchObject({ status: 404, code: 'not_found', body: { success: false } });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    await expect(
      api.call(recordsApi.update, { params, body: { plan: 'invasão' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(api.call(recordsApi.remove, { params })).rejects.toMatchObject({ status: 404 });

    const otherList = await listAllIds(api);
    expect(otherList.ids).not.toContain(record.id);
    expect(otherList.ids).toHaveLength(1);

    const untouched = await readRecord(owner.browser.api, record.id);
    expect(untouched).toMatchObject({ version: 1 });
    expect('plan' in untouched).toBe(false);
  });

  it("refuses a userId that is not the session's with 403", async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const other = await signUpDoctor(fixture.server.url);
    const { api } = doctor.browser;
    const record = await createRecord(api, 'Carla');

    await expect(
      api.call(recordsApi.create, { body: { userId: other.id, patientInfo: { name: 'x' } } }),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(
      api.call(recordsApi.update, { params: { id: record.id }, body: { userId: other.id } }),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden' });
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
    expect((await readRecord(api, record.id)).version).toBe(1);
    expect((await listAllIds(api)).ids).toEqual([record.id]);
  });
});

describe('list', () => {
  it('pages 45 records as 20, 20, 5, newest first, with no gap or repeat', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const created: MedicalRecord[] = [];
    for (let index = 0; index < 45; index += 1) {
      created.push(await createRecord(doctor.browser.api, `Paciente ${index}`));
    }
    const { ids, pageSizes } = await listAllIds(doctor.browser.api, { limit: 20 });
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
      await createRecord(doctor.browser.api, `Empate ${index}`);
    }
    const sharedInstant = new Date('2026-03-01T12:00:00.000Z');
    await fixture.server.database.db
      .update(medicalRecords)
      .set({ createdAt: sharedInstant })
      .where(eq(medicalRecords.userId, doctor.id));

    for (const limit of [1, 7, 20, 44, 45, 100]) {
      const { ids, pageSizes } = await listAllIds(doctor.browser.api, { limit });
      expect(new Set(ids).size, `limit ${limit}`).toBe(45);
      expect(ids, `limit ${limit}`).toHaveLength(45);
      expect(pageSizes.slice(0, -1).every((size) => size === limit)).toBe(true);
    }
  });

  it('answers an exactly full last page without a lastEvaluatedKey', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    for (let index = 0; index < 20; index += 1) {
      await createRecord(doctor.browser.api, `Cheio ${index}`);
    }
    const page = await doctor.browser.api.call(recordsApi.list, { query: { limit: 20 } });
    expect(page.records).toHaveLength(20);
    expect(page.lastEvaluatedKey).toBeUndefined();
  });

  it('filters by status', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const finalised: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const record = await createRecord(doctor.browser.api, `Status ${index}`);
      if (index % 2 === 0) {
        await doctor.browser.api.call(recordsApi.update, {
          params: { id: record.id },
          body: { status: 'finalizado' },
        });
        finalised.push(record.id);
      }
    }
    const done = await listAllIds(doctor.browser.api, { status: 'finalizado', limit: 2 });
    expect(new Set(done.ids)).toEqual(new Set(finalised));
    const ongoing = await listAllIds(doctor.browser.api, { status: 'em_andamento' });
    expect(ongoing.ids).toHaveLength(3);
    expect(ongoing.ids.some((id) => finalised.includes(id))).toBe(false);
  });
});
