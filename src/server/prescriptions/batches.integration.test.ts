import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBatchName } from '../../shared/prescription';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor } from '../testing/test-server';
import { prescriptionsApi, type PrescriptionsApi } from './test-client';

const fixture = useTestServer();

let api: PrescriptionsApi;
beforeAll(async () => {
  api = prescriptionsApi((await signUpDoctor(fixture.server.url)).browser);
});

describe('prescription batches API', () => {
  it("names a batch created without a name 'Lote' plus the date", async () => {
    const before = defaultBatchName(new Date());
    const created = await api.createBatch({});
    const after = defaultBatchName(new Date());
    expect(created.status).toBe(201);
    if (!created.body.success) throw new Error(created.body.error);
    expect(created.body.batch.name).toMatch(/^Lote \d{2}\/\d{2}\/\d{4}$/);
    expect([before, after]).toContain(created.body.batch.name);
    expect(created.body.batch).toMatchObject({ prescriptionIds: [], isFinalized: false });
    expect(created.body.batch.id).toMatch(/^batch-[0-9a-f-]{36}$/);
  });

  it('answers its prescriptions in the batch order, added one by one', async () => {
    const first = await api.newPrescription({ patientName: 'Primeira' });
    const second = await api.newPrescription({ patientName: 'Segunda', isFinalized: true });
    const third = await api.newPrescription({ patientName: 'Terceira' });
    const batch = await api.newBatch({ name: 'Manhã', prescriptionIds: [third.id] });
    expect(batch.name).toBe('Manhã');

    const added = await api.addToBatch(batch.id, first.id);
    expect(added.status).toBe(200);
    expect(added.body.success && added.body.batch.prescriptionIds).toEqual([third.id, first.id]);
    // A finalized prescription can be added (a quick prescription is finalized at once).
    await api.addToBatch(batch.id, second.id);

    const read = await api.getBatch(batch.id);
    if (!read.body.success) throw new Error(read.body.error);
    expect(read.body.batch.prescriptionIds).toEqual([third.id, first.id, second.id]);
    expect(read.body.prescriptions.map((each) => each.patientName)).toEqual([
      'Terceira',
      'Primeira',
      'Segunda',
    ]);
    // Prescriptions in a batch carry the control marks too.
    expect(read.body.prescriptions[0]?.medications[0]?.control).toMatchObject({
      list: 'antimicrobiano',
    });

    const again = await api.addToBatch(batch.id, first.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      code: 'already_in_batch',
      error: 'Esta receita já está no lote.',
    });
  });

  it('renames, reorders and finalizes with PUT', async () => {
    const one = await api.newPrescription({ patientName: 'Um' });
    const two = await api.newPrescription({ patientName: 'Dois' });
    const batch = await api.newBatch({ prescriptionIds: [one.id, two.id] });

    const renamed = await api.updateBatch(batch.id, {
      name: 'Tarde',
      prescriptionIds: [two.id, one.id],
    });
    expect(renamed.body.success && renamed.body.batch).toMatchObject({
      name: 'Tarde',
      prescriptionIds: [two.id, one.id],
      isFinalized: false,
    });

    const finalized = await api.updateBatch(batch.id, { isFinalized: true });
    expect(finalized.body.success && finalized.body.batch).toMatchObject({
      name: 'Tarde',
      isFinalized: true,
    });
    const read = await api.getBatch(batch.id);
    expect(read.body.success && read.body.prescriptions.map((each) => each.patientName)).toEqual([
      'Dois',
      'Um',
    ]);
  });

  it('refuses ids that are not the doctor’s prescriptions', async () => {
    const mine = await api.newPrescription();
    const stranger = prescriptionsApi((await signUpDoctor(fixture.server.url)).browser);
    const theirs = await stranger.newPrescription({ patientName: 'Paciente de outro médico' });
    const batch = await api.newBatch({ name: 'Noite', prescriptionIds: [mine.id] });

    const refusals = await Promise.all([
      api.createBatch({ prescriptionIds: [mine.id, theirs.id] }),
      api.updateBatch(batch.id, { prescriptionIds: [mine.id, theirs.id] }),
      api.addToBatch(batch.id, theirs.id),
      api.updateBatch(batch.id, { prescriptionIds: ['prescription-inexistente'] }),
    ]);
    expect(refusals.map((answer) => answer.body)).toEqual([
      { success: false, code: 'validation', error: `Receita não encontrada: ${theirs.id}` },
      { success: false, code: 'validation', error: `Receita não encontrada: ${theirs.id}` },
      { success: false, code: 'validation', error: `Receita não encontrada: ${theirs.id}` },
      {
        success: false,
        code: 'validation',
        error: 'Receita não encontrada: prescription-inexistente',
      },
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);

    const read = await api.getBatch(batch.id);
    expect(read.body.success && read.body.batch.prescriptionIds).toEqual([mine.id]);
    const list = await api.listBatches({ limit: 100 });
    expect(
      list.body.success &&
        list.body.batches.some((each) => each.prescriptionIds.includes(theirs.id)),
    ).toBe(false);
  });

  it('refuses to add to a finalized batch with 409, and to reopen it or change its list', async () => {
    const prescription = await api.newPrescription();
    const batch = await api.newBatch({ name: 'Fechado', isFinalized: true });

    const added = await api.addToBatch(batch.id, prescription.id);
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({
      success: false,
      code: 'batch_finalized',
      error: 'Este lote já foi finalizado.',
      batch: { id: batch.id, prescriptionIds: [] },
    });
    expect((await api.updateBatch(batch.id, { isFinalized: false })).status).toBe(409);
    expect((await api.updateBatch(batch.id, { prescriptionIds: [prescription.id] })).status).toBe(
      409,
    );
    // Renaming, or sending the same list back, is still fine.
    const renamed = await api.updateBatch(batch.id, {
      name: 'Fechado (revisado)',
      prescriptionIds: [],
    });
    expect(renamed.body.success && renamed.body.batch).toMatchObject({
      name: 'Fechado (revisado)',
      isFinalized: true,
    });
  });

  it('takes a deleted prescription out of its batches', async () => {
    const kept = await api.newPrescription({ patientName: 'Fica' });
    const gone = await api.newPrescription({ patientName: 'Sai' });
    const batch = await api.newBatch({ prescriptionIds: [gone.id, kept.id] });
    expect((await api.deletePrescription(gone.id)).status).toBe(200);
    const read = await api.getBatch(batch.id);
    expect(read.body).toMatchObject({
      success: true,
      batch: { prescriptionIds: [kept.id] },
      prescriptions: [{ id: kept.id, patientName: 'Fica' }],
    });
  });

  it('deletes a batch and leaves its prescriptions', async () => {
    const prescription = await api.newPrescription();
    const batch = await api.newBatch({ prescriptionIds: [prescription.id] });
    expect(await api.deleteBatch(batch.id)).toEqual({ status: 200, body: { success: true } });
    expect(await api.getBatch(batch.id)).toEqual({
      status: 404,
      body: { success: false, code: 'not_found', error: 'Lote não encontrado.' },
    });
    expect((await api.getPrescription(prescription.id)).status).toBe(200);
  });

  it('lists batches newest first, pages them and filters by finalized', async () => {
    const doctor = prescriptionsApi((await signUpDoctor(fixture.server.url)).browser);
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      created.push((await doctor.newBatch({ name: `Lote ${index}`, isFinalized: index === 0 })).id);
    }
    const first = await doctor.listBatches({ limit: 3 });
    if (!first.body.success) throw new Error(first.body.error);
    const second = await doctor.listBatches({
      limit: 3,
      lastEvaluatedKey: first.body.lastEvaluatedKey,
    });
    if (!second.body.success) throw new Error(second.body.error);
    expect(second.body.lastEvaluatedKey).toBeUndefined();
    const all = [...first.body.batches, ...second.body.batches];
    expect(all.map((each) => each.id).sort()).toEqual([...created].sort());
    const newestFirst = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(all).toEqual(newestFirst);

    const finalized = await doctor.listBatches({ finalized: true });
    expect(finalized.body.success && finalized.body.batches.map((each) => each.id)).toEqual([
      created[0],
    ]);
  });
});
