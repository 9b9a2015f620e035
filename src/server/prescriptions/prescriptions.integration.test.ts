import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { prescriptionsApi, type PresentedPrescription } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import { outcomesOf, refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';
import type { SafetyReason } from '@shared/prescriptions/safety-warnings';
import { newBatch, newPrescription, prescriptionInput, prescriptionPath } from './test-fixtures';

const fixture = useTestServer();

/** Walks every page of a doctor's prescriptions; the ids in the order received, page sizes. */
async function listAllPrescriptionIds(
  api: ApiClient,
  query: { limit?: number; finalized?: boolean } = {},
): Promise<{ ids: string[]; pageSizes: number[] }> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let lastEvaluatedKey: string | undefined;
  do {
    const page = await api.call(prescriptionsApi.list, { query: { ...query, lastEvaluatedKey } });
    ids.push(...page.prescriptions.map((prescription) => prescription.id));
    pageSizes.push(page.prescriptions.length);
    lastEvaluatedKey = page.lastEvaluatedKey;
  } while (lastEvaluatedKey);
  return { ids, pageSizes };
}

/** A new doctor's typed client. */
async function newDoctorApi(name?: string): Promise<ApiClient> {
  return (await signUpDoctor(fixture.server.url, name)).browser.api;
}

describe('prescriptions and batches without a session', () => {
  it('answer 401 on every call', async () => {
    const anonymous = new TestBrowser(fixture.server.url).api;
    const prescription = { id: 'prescription-x' };
    const batch = { id: 'batch-x' };
    const refusals = await Promise.all(
      [
        anonymous.call(prescriptionsApi.create, { body: prescriptionInput() }),
        anonymous.call(prescriptionsApi.list),
        anonymous.call(prescriptionsApi.get, { params: prescription }),
        anonymous.call(prescriptionsApi.update, { params: prescription, body: { notes: 'x' } }),
        anonymous.call(prescriptionsApi.remove, { params: prescription }),
        anonymous.call(batchesApi.create, { body: {} }),
        anonymous.call(batchesApi.list),
        anonymous.call(batchesApi.get, { params: batch }),
        anonymous.call(batchesApi.update, { params: batch, body: { name: 'x' } }),
        anonymous.call(batchesApi.addPrescription, {
          params: batch,
          body: { prescriptionId: prescription.id },
        }),
        anonymous.call(batchesApi.remove, { params: batch }),
      ].map(refusalOf),
    );
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

describe('prescriptions API', () => {
  let browser: TestBrowser;
  let api: ApiClient;
  beforeAll(async () => {
    browser = (await signUpDoctor(fixture.server.url)).browser;
    api = browser.api;
  });

  it('creates, reads, updates, finalizes and deletes a prescription', async () => {
    // Created and read on the wire: the exact status, ETag and fields as the server sends them
    // (the typed client's reader would fill in defaults and drop what it does not know).
    const created = await fetchAnswer(browser, 'POST', '/api/prescriptions', {
      json: prescriptionInput({
        patientAddress: 'Rua das Flores, 10',
        doctorName: 'Dra. Ana Lima',
        doctorCRM: '123456/SP',
      }),
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        success: true,
        prescription: {
          patientName: 'Maria Souza',
          patientAge: '45 anos',
          patientAddress: 'Rua das Flores, 10',
          diagnosis: 'Cefaleia tensional',
          notes: '',
          date: '2026-03-01',
          doctorName: 'Dra. Ana Lima',
          doctorCRM: '123456/SP',
          isFinalized: false,
          medications: [
            { name: 'Dipirona', dosage: '500 mg', genericAllowed: true, priority: 'normal' },
          ],
          receitaClass: 'simples',
        },
      },
    });
    const { prescription } = created.body as { prescription: PresentedPrescription };
    expect(prescription.id).toMatch(/^prescription-[0-9a-f-]{36}$/);
    expect(Date.parse(prescription.createdAt)).not.toBeNaN();
    expect(prescription.updatedAt).toBe(prescription.createdAt);
    expect(prescription).not.toHaveProperty('userId');
    expect(prescription).not.toHaveProperty('content');

    const read = await fetchAnswer(browser, 'GET', prescriptionPath(prescription.id));
    expect(read).toEqual({ status: 200, etag: '"1"', body: { success: true, prescription } });

    const params = { id: prescription.id };
    const updated = await api.call(prescriptionsApi.update, {
      params,
      body: {
        notes: 'Retornar em 7 dias',
        medications: [{ name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' }],
      },
    });
    expect(updated.prescription).toMatchObject({
      patientName: 'Maria Souza',
      patientAddress: 'Rua das Flores, 10',
      notes: 'Retornar em 7 dias',
      medications: [{ name: 'Paracetamol', dosage: '750 mg' }],
      isFinalized: false,
    });

    const finalized = await api.call(prescriptionsApi.update, {
      params,
      body: { isFinalized: true },
    });
    expect(finalized.prescription).toMatchObject({
      isFinalized: true,
      notes: 'Retornar em 7 dias',
    });

    // Issued, it may be at a pharmacy: it is cancelled with a reason, never deleted.
    expect(await fetchAnswer(browser, 'DELETE', prescriptionPath(prescription.id))).toMatchObject({
      status: 409,
      body: { success: false, code: 'prescription_finalized' },
    });
    const draft = await newPrescription(api);
    expect(await fetchAnswer(browser, 'DELETE', prescriptionPath(draft.id))).toEqual({
      status: 200,
      body: { success: true },
    });
    const gone = await refusalOf(api.call(prescriptionsApi.get, { params: { id: draft.id } }));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      success: false,
      code: 'not_found',
      error: 'Receita não encontrada.',
    });
    await expect(
      api.call(prescriptionsApi.remove, { params: { id: draft.id } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('never changes an issued receita: a correction is a new version that replaces it when issued', async () => {
    const prescription = await newPrescription(api, { isFinalized: true });
    expect(prescription.isFinalized).toBe(true);
    const params = { id: prescription.id };
    for (const body of [{ isFinalized: false }, { patientName: 'Maria S.' }]) {
      const refused = await refusalOf(api.call(prescriptionsApi.update, { params, body }));
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'prescription_finalized',
        error:
          'Esta receita já foi emitida e não muda mais: para corrigi-la, emita uma nova versão.',
        prescription: { id: prescription.id, isFinalized: true, patientName: 'Maria Souza' },
      });
    }

    const correction = await newPrescription(api, {
      patientName: 'Maria S. Souza',
      replacesId: prescription.id,
    });
    expect(correction).toMatchObject({ isFinalized: false, replacesId: prescription.id });
    // One open correction at a time: a second answers the first.
    const second = await refusalOf(
      api.call(prescriptionsApi.create, {
        body: prescriptionInput({ replacesId: prescription.id }),
      }),
    );
    expect(second.body).toMatchObject({
      code: 'prescription_exists',
      prescription: { id: correction.id },
    });
    // Until the correction is issued, the receita stands.
    expect((await api.call(prescriptionsApi.get, { params })).prescription.cancellation).toBe(
      undefined,
    );

    await api.call(prescriptionsApi.update, {
      params: { id: correction.id },
      body: { isFinalized: true },
    });
    const replaced = (await api.call(prescriptionsApi.get, { params })).prescription;
    expect(replaced.cancellation).toMatchObject({ reason: 'Substituída por nova versão.' });
    // A cancelled receita is no longer one to correct.
    const late = await refusalOf(
      api.call(prescriptionsApi.create, {
        body: prescriptionInput({ replacesId: prescription.id }),
      }),
    );
    expect(late).toMatchObject({ status: 409, code: 'prescription_draft' });
    const unknown = await refusalOf(
      api.call(prescriptionsApi.create, {
        body: prescriptionInput({ replacesId: 'prescription-nenhuma' }),
      }),
    );
    expect(unknown).toMatchObject({ status: 404 });
  });

  it("keeps the doctor's reasons to issue through grave safety warnings with the receita", async () => {
    const reason: SafetyReason = {
      kind: 'interacao',
      severity: 'grave',
      medications: ['Ibuprofeno', 'Varfarina'],
      message: 'Risco aumentado de sangramento.',
      reason: 'Dor aguda: 2 dias, INR na sexta-feira.',
    };
    const plain = await newPrescription(api);
    expect(plain.safetyReasons).toBeUndefined();
    const params = { id: plain.id };
    const kept = await api.call(prescriptionsApi.update, {
      params,
      body: { safetyReasons: [reason] },
    });
    expect(kept.prescription).toMatchObject({ isFinalized: false, safetyReasons: [reason] });
    expect((await api.call(prescriptionsApi.get, { params })).prescription.safetyReasons).toEqual([
      reason,
    ]);
    const created = await newPrescription(api, { isFinalized: true, safetyReasons: [reason] });
    expect(created.safetyReasons).toEqual([reason]);

    const refused = await fetchAnswer(browser, 'PUT', prescriptionPath(plain.id), {
      json: { safetyReasons: [{ ...reason, kind: 'palpite' }] },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        success: false,
        code: 'validation',
        error:
          'Tipo do aviso de segurança (safetyReasons.0.kind): valor inválido; use um destes: interacao, duplicidade, dose, alergia, gestacao, renal',
      },
    });
  });

  it('computes the quantity to dispense of each medicine, and keeps a doctor-overwritten one', async () => {
    const prescription = await newPrescription(api, {
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          frequency: 'de 8 em 8 horas',
          duration: '7 dias',
          quantity: '7',
          // A stale or made-up figure is replaced by the computed one.
          dispenseQuantity: { amount: 7, unit: '', text: '7 (sete)' },
        },
        { name: 'Ibuprofeno', dosage: '600 mg', frequency: '8/8h' },
      ],
    });
    expect(prescription.medications).toEqual([
      expect.objectContaining({
        quantity: '7',
        dosePerIntake: '1 cápsula',
        dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
      }),
      // No duration: nothing invented, left to the doctor.
      expect.not.objectContaining({ dispenseQuantity: expect.anything() as unknown }),
    ]);

    const params = { id: prescription.id };
    const doctors = { amount: 2, unit: 'caixas', text: '2 (duas) caixas', enteredByDoctor: true };
    await api.call(prescriptionsApi.update, {
      params,
      body: {
        medications: prescription.medications.map((medication, index) => {
          const { control: _control, ...rest } = medication;
          return index === 0 ? { ...rest, dispenseQuantity: doctors } : rest;
        }),
      },
    });
    const read = await api.call(prescriptionsApi.get, { params });
    expect(read.prescription.medications[0]?.dispenseQuantity).toEqual(doctors);
    // Still kept, not recomputed, after another change to the same medicine.
    const [first] = read.prescription.medications;
    if (!first) throw new Error('no medicine');
    const { control: _control, ...firstWithoutControl } = first;
    await api.call(prescriptionsApi.update, {
      params,
      body: { medications: [{ ...firstWithoutControl, duration: '10 dias' }] },
    });
    const again = await api.call(prescriptionsApi.get, { params });
    expect(again.prescription.medications[0]?.dispenseQuantity).toEqual(doctors);
  });

  it('loses no field when several partial updates land at once', async () => {
    const prescription = await newPrescription(api);
    const params = { id: prescription.id };
    const { refusals } = await outcomesOf([
      api.call(prescriptionsApi.update, { params, body: { notes: 'Nota da aba 1' } }),
      api.call(prescriptionsApi.update, { params, body: { diagnosis: 'Faringite' } }),
      api.call(prescriptionsApi.update, { params, body: { patientAge: '46 anos' } }),
      api.call(prescriptionsApi.update, { params, body: { doctorCRM: '999/RJ' } }),
    ]);
    expect(refusals).toEqual([]);
    const read = await api.call(prescriptionsApi.get, { params });
    expect(read.prescription).toMatchObject({
      notes: 'Nota da aba 1',
      diagnosis: 'Faringite',
      patientAge: '46 anos',
      doctorCRM: '999/RJ',
    });
  });

  it('marks each medicine with the special-control document it needs', async () => {
    const prescription = await newPrescription(api, {
      medications: [
        { name: 'Sertralina', dosage: '50 mg' },
        { name: 'Amoxicilina', dosage: '500 mg' },
        { name: 'Clonazepam', dosage: '2 mg' },
        { name: 'Paracetamol', dosage: '750 mg' },
      ],
    });
    const params = { id: prescription.id };
    const read = await api.call(prescriptionsApi.get, { params });
    const [sertralina, amoxicilina, clonazepam, paracetamol] = read.prescription.medications;
    expect(sertralina?.control).toEqual({
      list: 'C1',
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      validDays: 30,
    });
    expect(amoxicilina?.control).toEqual({
      list: 'antimicrobiano',
      document: 'Receita de Antimicrobiano',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      validDays: 10,
    });
    expect(clonazepam?.control).toEqual({
      list: 'B1',
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      validDays: 30,
      alsoRequires: 'Notificação de Receita B',
    });
    expect(paracetamol).toBeDefined();
    expect(paracetamol).not.toHaveProperty('control');

    // The marks are worked out on the way out, never stored: lists and updates carry them too.
    const list = await api.call(prescriptionsApi.list, { query: { limit: 100 } });
    const listed = list.prescriptions.find((each) => each.id === prescription.id);
    expect(listed?.medications.map((medication) => medication.control?.list)).toEqual([
      'C1',
      'antimicrobiano',
      'B1',
      undefined,
    ]);
    const updated = await api.call(prescriptionsApi.update, {
      params,
      body: { medications: [{ name: 'Rivotril', dosage: '2 mg' }] },
    });
    expect(updated.prescription.medications[0]?.control).toMatchObject({
      list: 'B1',
      alsoRequires: 'Notificação de Receita B',
    });
    // A brand is marked with its generic name too; a generic name is not.
    expect(updated.prescription.medications[0]?.genericName).toBe('clonazepam');
    expect(sertralina).not.toHaveProperty('genericName');
  });
});

describe('prescription list', () => {
  it('pages 25 prescriptions as 20 and a key, then 5, newest first', async () => {
    const api = await newDoctorApi();
    const created: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      created.push((await newPrescription(api, { patientName: `Paciente ${index}` })).id);
    }
    const first = await api.call(prescriptionsApi.list);
    expect(first.prescriptions).toHaveLength(20);
    expect(typeof first.lastEvaluatedKey).toBe('string');
    const second = await api.call(prescriptionsApi.list, {
      query: { lastEvaluatedKey: first.lastEvaluatedKey },
    });
    expect(second.prescriptions).toHaveLength(5);
    expect(second.lastEvaluatedKey).toBeUndefined();

    const all = [...first.prescriptions, ...second.prescriptions];
    const ids = all.map((each) => each.id);
    expect(new Set(ids)).toEqual(new Set(created));
    const newestFirst = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(ids).toEqual(newestFirst.map((each) => each.id));
  });

  it('filters by finalized', async () => {
    const api = await newDoctorApi();
    const finalized: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const prescription = await newPrescription(api, { isFinalized: index % 2 === 0 });
      if (prescription.isFinalized) finalized.push(prescription.id);
    }
    const done = await listAllPrescriptionIds(api, { finalized: true, limit: 2 });
    expect(new Set(done.ids)).toEqual(new Set(finalized));
    expect(done.pageSizes).toEqual([2, 1]);
    const open = await listAllPrescriptionIds(api, { finalized: false });
    expect(open.ids).toHaveLength(2);
    expect(open.ids.some((id) => finalized.includes(id))).toBe(false);
  });
});

describe('ownership', () => {
  it("answers 404 to another doctor on every route and never lists the first doctor's items", async () => {
    const owner = await newDoctorApi('Dra. Dona');
    const other = await newDoctorApi('Dr. Outro');
    const prescription = await newPrescription(owner, { patientName: 'Paciente da Dra. Dona' });
    const batch = await newBatch(owner, { name: 'Manhã', prescriptionIds: [prescription.id] });
    const ownPrescription = await newPrescription(other, { patientName: 'Paciente do Dr. Outro' });
    const ownBatch = await newBatch(other, { name: 'Tarde' });

    const ofPrescription = { params: { id: prescription.id } };
    const prescriptionRefusals = await Promise.all(
      [
        other.call(prescriptionsApi.get, ofPrescription),
        other.call(prescriptionsApi.update, { ...ofPrescription, body: { notes: 'invasão' } }),
        other.call(prescriptionsApi.update, { ...ofPrescription, body: { isFinalized: true } }),
        other.call(prescriptionsApi.remove, ofPrescription),
      ].map(refusalOf),
    );
    for (const refusal of prescriptionRefusals) {
      expect(refusal.status).toBe(404);
      expect(refusal.body).toEqual({
        success: false,
        code: 'not_found',
        error: 'Receita não encontrada.',
      });
    }
    const ofBatch = { params: { id: batch.id } };
    const batchRefusals = await Promise.all(
      [
        other.call(batchesApi.get, ofBatch),
        other.call(batchesApi.update, { ...ofBatch, body: { name: 'invasão' } }),
        other.call(batchesApi.addPrescription, {
          ...ofBatch,
          body: { prescriptionId: ownPrescription.id },
        }),
        other.call(batchesApi.remove, ofBatch),
      ].map(refusalOf),
    );
    for (const refusal of batchRefusals) {
      expect(refusal.status).toBe(404);
      expect(refusal.body).toEqual({
        success: false,
        code: 'not_found',
        error: 'Lote não encontrado.',
      });
    }
    // A missing id answers exactly the same.
    const missingPrescription = await refusalOf(
      other.call(prescriptionsApi.get, { params: { id: 'prescription-does-not-exist' } }),
    );
    expect([missingPrescription.status, missingPrescription.body]).toEqual([
      prescriptionRefusals[0]?.status,
      prescriptionRefusals[0]?.body,
    ]);
    const missingBatch = await refusalOf(
      other.call(batchesApi.get, { params: { id: 'batch-does-not-exist' } }),
    );
    expect([missingBatch.status, missingBatch.body]).toEqual([
      batchRefusals[0]?.status,
      batchRefusals[0]?.body,
    ]);

    // Nor can the first doctor's prescription be put in the other's batch.
    const foreignAdded = await refusalOf(
      other.call(batchesApi.addPrescription, {
        params: { id: ownBatch.id },
        body: { prescriptionId: prescription.id },
      }),
    );
    expect(foreignAdded.status).toBe(400);
    expect(foreignAdded.body).toEqual({
      success: false,
      code: 'validation',
      error: `Receita não encontrada: ${prescription.id}`,
    });

    const otherPrescriptions = await other.call(prescriptionsApi.list, { query: { limit: 100 } });
    expect(otherPrescriptions.prescriptions.map((each) => each.id)).toEqual([ownPrescription.id]);
    const otherBatches = await other.call(batchesApi.list, { query: { limit: 100 } });
    expect(otherBatches.batches.map((each) => each.id)).toEqual([ownBatch.id]);

    const untouched = await owner.call(batchesApi.get, ofBatch);
    expect(untouched).toMatchObject({
      batch: { name: 'Manhã', prescriptionIds: [prescription.id], isFinalized: false },
      prescriptions: [{ id: prescription.id, notes: '', isFinalized: false }],
    });
  });
});
