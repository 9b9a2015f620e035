import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import { defaultBatchName } from '@shared/prescriptions/prescription';
import { refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestBrowser } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';
import { batchPath, newBatch, newPrescription } from '../prescriptions/test-fixtures';

const fixture = useTestServer();

let browser: TestBrowser;
let api: ApiClient;
beforeAll(async () => {
  browser = (await signUpDoctor(fixture.server.url)).browser;
  api = browser.api;
});

/** Adds the receita to the end of the lote (`POST /api/prescription-batches/:id/prescriptions`). */
function addToBatch(batchId: string, prescriptionId: string) {
  return api.call(batchesApi.addPrescription, {
    params: { id: batchId },
    body: { prescriptionId },
  });
}

describe('prescription batches API', () => {
  it("names a batch created without a name 'Lote' plus the date", async () => {
    const before = defaultBatchName(new Date());
    // On the wire: its 201 is no part of what the typed client answers.
    const created = await fetchAnswer(browser, 'POST', '/api/prescription-batches', { json: {} });
    const after = defaultBatchName(new Date());
    expect(created).toMatchObject({
      status: 201,
      body: { success: true, batch: { prescriptionIds: [], isFinalized: false } },
    });
    const { batch } = batchesApi.create.readAnswer(created.body, new Headers());
    expect(batch.name).toMatch(/^Lote \d{2}\/\d{2}\/\d{4}$/);
    expect([before, after]).toContain(batch.name);
    expect(batch.id).toMatch(/^batch-[0-9a-f-]{36}$/);
  });

  it('answers its prescriptions in the batch order, added one by one', async () => {
    const first = await newPrescription(api, { patientName: 'Primeira' });
    const second = await newPrescription(api, { patientName: 'Segunda', isFinalized: true });
    const third = await newPrescription(api, {
      patientName: 'Terceira',
      medications: [{ name: 'Amoxicilina', dosage: '500 mg' }],
    });
    const batch = await newBatch(api, { name: 'Manhã', prescriptionIds: [third.id] });
    expect(batch.name).toBe('Manhã');

    const added = await addToBatch(batch.id, first.id);
    expect(added.batch.prescriptionIds).toEqual([third.id, first.id]);
    // A finalized prescription can be added (a quick prescription is finalized at once).
    await addToBatch(batch.id, second.id);

    const read = await api.call(batchesApi.get, { params: { id: batch.id } });
    expect(read.batch.prescriptionIds).toEqual([third.id, first.id, second.id]);
    expect(read.prescriptions.map((each) => each.patientName)).toEqual([
      'Terceira',
      'Primeira',
      'Segunda',
    ]);
    // Prescriptions in a batch carry the control marks too.
    expect(read.prescriptions[0]?.medications[0]?.control).toMatchObject({
      list: 'antimicrobiano',
    });
    // And their life cycle, as GET /api/prescriptions/:id answers it: the finalised one is
    // issued with its validation address and code, the drafts are not.
    const alone = await api.call(prescriptionsApi.get, { params: { id: second.id } });
    expect(read.prescriptions[2]).toEqual(alone.prescription);
    expect(read.prescriptions[2]?.validation?.secretCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(read.prescriptions[0]?.validation).toBeUndefined();

    const again = await refusalOf(addToBatch(batch.id, first.id));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      code: 'already_in_batch',
      error: 'Esta receita já está no lote.',
    });
  });

  it('renames, reorders and finalizes with PUT', async () => {
    const one = await newPrescription(api, { patientName: 'Um' });
    const two = await newPrescription(api, { patientName: 'Dois' });
    const batch = await newBatch(api, { prescriptionIds: [one.id, two.id] });
    const params = { id: batch.id };

    const renamed = await api.call(batchesApi.update, {
      params,
      body: { name: 'Tarde', prescriptionIds: [two.id, one.id] },
    });
    expect(renamed.batch).toMatchObject({
      name: 'Tarde',
      prescriptionIds: [two.id, one.id],
      isFinalized: false,
    });

    const finalized = await api.call(batchesApi.update, { params, body: { isFinalized: true } });
    expect(finalized.batch).toMatchObject({ name: 'Tarde', isFinalized: true });
    const read = await api.call(batchesApi.get, { params });
    expect(read.prescriptions.map((each) => each.patientName)).toEqual(['Dois', 'Um']);
  });

  it('refuses ids that are not the doctor’s prescriptions', async () => {
    const mine = await newPrescription(api);
    const stranger = (await signUpDoctor(fixture.server.url)).browser.api;
    const theirs = await newPrescription(stranger, { patientName: 'Paciente de outro médico' });
    const batch = await newBatch(api, { name: 'Noite', prescriptionIds: [mine.id] });
    const params = { id: batch.id };

    const refusals = await Promise.all(
      [
        api.call(batchesApi.create, { body: { prescriptionIds: [mine.id, theirs.id] } }),
        api.call(batchesApi.update, { params, body: { prescriptionIds: [mine.id, theirs.id] } }),
        addToBatch(batch.id, theirs.id),
        api.call(batchesApi.update, {
          params,
          body: { prescriptionIds: ['prescription-inexistente'] },
        }),
      ].map(refusalOf),
    );
    expect(refusals.map((refusal) => refusal.body)).toEqual([
      { success: false, code: 'validation', error: `Receita não encontrada: ${theirs.id}` },
      { success: false, code: 'validation', error: `Receita não encontrada: ${theirs.id}` },
      { success: false, code: 'validation', error: `Receita não encontrada: ${theirs.id}` },
      {
        success: false,
        code: 'validation',
        error: 'Receita não encontrada: prescription-inexistente',
      },
    ]);
    expect(refusals.map((refusal) => refusal.status)).toEqual([400, 400, 400, 400]);

    const read = await api.call(batchesApi.get, { params });
    expect(read.batch.prescriptionIds).toEqual([mine.id]);
    const list = await api.call(batchesApi.list, { query: { limit: 100 } });
    expect(list.batches.some((each) => each.prescriptionIds.includes(theirs.id))).toBe(false);
  });

  it('refuses to add to a finalized batch with 409, and to reopen it or change its list', async () => {
    const prescription = await newPrescription(api);
    const batch = await newBatch(api, { name: 'Fechado', isFinalized: true });
    const params = { id: batch.id };

    const added = await refusalOf(addToBatch(batch.id, prescription.id));
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({
      success: false,
      code: 'batch_finalized',
      error: 'Este lote já foi finalizado.',
      batch: { id: batch.id, prescriptionIds: [] },
    });
    await expect(
      api.call(batchesApi.update, { params, body: { isFinalized: false } }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      api.call(batchesApi.update, { params, body: { prescriptionIds: [prescription.id] } }),
    ).rejects.toMatchObject({ status: 409 });
    // Renaming, or sending the same list back, is still fine.
    const renamed = await api.call(batchesApi.update, {
      params,
      body: { name: 'Fechado (revisado)', prescriptionIds: [] },
    });
    expect(renamed.batch).toMatchObject({ name: 'Fechado (revisado)', isFinalized: true });
  });

  it('takes a deleted prescription out of its batches', async () => {
    const kept = await newPrescription(api, { patientName: 'Fica' });
    const gone = await newPrescription(api, { patientName: 'Sai' });
    const batch = await newBatch(api, { prescriptionIds: [gone.id, kept.id] });
    await api.call(prescriptionsApi.remove, { params: { id: gone.id } });
    const read = await api.call(batchesApi.get, { params: { id: batch.id } });
    expect(read).toMatchObject({
      batch: { prescriptionIds: [kept.id] },
      prescriptions: [{ id: kept.id, patientName: 'Fica' }],
    });
  });

  it('deletes a batch and leaves its prescriptions', async () => {
    const prescription = await newPrescription(api);
    const batch = await newBatch(api, { prescriptionIds: [prescription.id] });
    expect(await fetchAnswer(browser, 'DELETE', batchPath(batch.id))).toEqual({
      status: 200,
      body: { success: true },
    });
    const gone = await refusalOf(api.call(batchesApi.get, { params: { id: batch.id } }));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, code: 'not_found', error: 'Lote não encontrado.' });
    const kept = await api.call(prescriptionsApi.get, { params: { id: prescription.id } });
    expect(kept.prescription.id).toBe(prescription.id);
  });

  it('lists batches newest first, pages them and filters by finalized', async () => {
    const doctor = (await signUpDoctor(fixture.server.url)).browser.api;
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      created.push(
        (await newBatch(doctor, { name: `Lote ${index}`, isFinalized: index === 0 })).id,
      );
    }
    const first = await doctor.call(batchesApi.list, { query: { limit: 3 } });
    const second = await doctor.call(batchesApi.list, {
      query: { limit: 3, lastEvaluatedKey: first.lastEvaluatedKey },
    });
    expect(second.lastEvaluatedKey).toBeUndefined();
    const all = [...first.batches, ...second.batches];
    expect(all.map((each) => each.id).sort()).toEqual([...created].sort());
    const newestFirst = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(all).toEqual(newestFirst);

    const finalized = await doctor.call(batchesApi.list, { query: { finalized: true } });
    expect(finalized.batches.map((each) => each.id)).toEqual([created[0]]);
  });
});
