import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor } from '../testing/test-server';
import { prescriptionInput, prescriptionsApi, type PrescriptionsApi } from './test-client';

const fixture = useTestServer();

/** Walks every page of a doctor's prescriptions; the ids in the order received, page sizes. */
async function listAllPrescriptionIds(
  api: PrescriptionsApi,
  params: { limit?: number; finalized?: boolean } = {},
): Promise<{ ids: string[]; pageSizes: number[] }> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let lastEvaluatedKey: string | undefined;
  do {
    const page = await api.listPrescriptions({ ...params, lastEvaluatedKey });
    if (!page.body.success) throw new Error(page.body.error);
    ids.push(...page.body.prescriptions.map((prescription) => prescription.id));
    pageSizes.push(page.body.prescriptions.length);
    lastEvaluatedKey = page.body.lastEvaluatedKey;
  } while (lastEvaluatedKey);
  return { ids, pageSizes };
}

describe('prescriptions and batches without a session', () => {
  it('answer 401 on every call', async () => {
    const anonymous = prescriptionsApi(new TestBrowser(fixture.server.url));
    const answers = await Promise.all([
      anonymous.createPrescription(prescriptionInput()),
      anonymous.listPrescriptions(),
      anonymous.getPrescription('prescription-x'),
      anonymous.updatePrescription('prescription-x', { notes: 'x' }),
      anonymous.deletePrescription('prescription-x'),
      anonymous.createBatch({}),
      anonymous.listBatches(),
      anonymous.getBatch('batch-x'),
      anonymous.updateBatch('batch-x', { name: 'x' }),
      anonymous.addToBatch('batch-x', 'prescription-x'),
      anonymous.deleteBatch('batch-x'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body.success).toBe(false);
      expect(!answer.body.success && answer.body.error).toMatch(/Faça login/);
    }
  });
});

describe('prescriptions API', () => {
  let api: PrescriptionsApi;
  beforeAll(async () => {
    api = prescriptionsApi((await signUpDoctor(fixture.server.url)).browser);
  });

  it('creates, reads, updates, finalizes and deletes a prescription', async () => {
    const created = await api.createPrescription(
      prescriptionInput({
        patientAddress: 'Rua das Flores, 10',
        doctorName: 'Dra. Ana Lima',
        doctorCRM: '123456/SP',
      }),
    );
    expect(created.status).toBe(201);
    if (!created.body.success) throw new Error(created.body.error);
    const { prescription } = created.body;
    expect(prescription).toMatchObject({
      patientName: 'Maria Souza',
      patientAge: '45 anos',
      patientAddress: 'Rua das Flores, 10',
      diagnosis: 'Amigdalite bacteriana',
      notes: '',
      date: '2026-03-01',
      doctorName: 'Dra. Ana Lima',
      doctorCRM: '123456/SP',
      isFinalized: false,
      medications: [
        { name: 'Amoxicilina', dosage: '500 mg', genericAllowed: true, priority: 'normal' },
      ],
    });
    expect(prescription.id).toMatch(/^prescription-[0-9a-f-]{36}$/);
    expect(Date.parse(prescription.createdAt)).not.toBeNaN();
    expect(prescription.updatedAt).toBe(prescription.createdAt);
    expect(prescription).not.toHaveProperty('userId');
    expect(prescription).not.toHaveProperty('content');

    const read = await api.getPrescription(prescription.id);
    expect(read).toEqual({ status: 200, etag: '"1"', body: { success: true, prescription } });

    const updated = await api.updatePrescription(prescription.id, {
      notes: 'Retornar em 7 dias',
      medications: [{ name: 'Azitromicina', dosage: '500 mg', frequency: '1x ao dia' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.success && updated.body.prescription).toMatchObject({
      patientName: 'Maria Souza',
      patientAddress: 'Rua das Flores, 10',
      notes: 'Retornar em 7 dias',
      medications: [{ name: 'Azitromicina', dosage: '500 mg' }],
      isFinalized: false,
    });

    const finalized = await api.updatePrescription(prescription.id, { isFinalized: true });
    expect(finalized.body.success && finalized.body.prescription).toMatchObject({
      isFinalized: true,
      notes: 'Retornar em 7 dias',
    });

    expect(await api.deletePrescription(prescription.id)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await api.getPrescription(prescription.id)).toEqual({
      status: 404,
      body: { success: false, code: 'not_found', error: 'Receita não encontrada.' },
    });
    expect((await api.deletePrescription(prescription.id)).status).toBe(404);
  });

  it('keeps a finalized prescription finalized (409) and still lets its text be corrected', async () => {
    const prescription = await api.newPrescription({ isFinalized: true });
    expect(prescription.isFinalized).toBe(true);
    const reopened = await api.updatePrescription(prescription.id, { isFinalized: false });
    expect(reopened.status).toBe(409);
    expect(reopened.body).toMatchObject({
      success: false,
      code: 'prescription_finalized',
      error: 'Esta receita já foi finalizada.',
      prescription: { id: prescription.id, isFinalized: true },
    });
    const corrected = await api.updatePrescription(prescription.id, { patientName: 'Maria S.' });
    expect(corrected.body.success && corrected.body.prescription).toMatchObject({
      patientName: 'Maria S.',
      isFinalized: true,
    });
  });

  it('computes the quantity to dispense of each medicine, and keeps a doctor-overwritten one', async () => {
    const prescription = await api.newPrescription({
      isFinalized: true,
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

    const doctors = { amount: 2, unit: 'caixas', text: '2 (duas) caixas', enteredByDoctor: true };
    const overwritten = await api.updatePrescription(prescription.id, {
      medications: prescription.medications.map((medication, index) => {
        const { control: _control, ...rest } = medication;
        return index === 0 ? { ...rest, dispenseQuantity: doctors } : rest;
      }),
    });
    expect(overwritten.status).toBe(200);
    const read = await api.getPrescription(prescription.id);
    if (!read.body.success) throw new Error(read.body.error);
    expect(read.body.prescription.medications[0]?.dispenseQuantity).toEqual(doctors);
    // Still kept, not recomputed, after another change to the same medicine.
    const [first] = read.body.prescription.medications;
    if (!first) throw new Error('no medicine');
    const { control: _control, ...firstWithoutControl } = first;
    await api.updatePrescription(prescription.id, {
      medications: [{ ...firstWithoutControl, duration: '10 dias' }],
    });
    const again = await api.getPrescription(prescription.id);
    expect(again.body.success && again.body.prescription.medications[0]?.dispenseQuantity).toEqual(
      doctors,
    );
  });

  it('loses no field when several partial updates land at once', async () => {
    const prescription = await api.newPrescription();
    const answers = await Promise.all([
      api.updatePrescription(prescription.id, { notes: 'Nota da aba 1' }),
      api.updatePrescription(prescription.id, { diagnosis: 'Faringite' }),
      api.updatePrescription(prescription.id, { patientAge: '46 anos' }),
      api.updatePrescription(prescription.id, { doctorCRM: '999/RJ' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const read = await api.getPrescription(prescription.id);
    expect(read.body.success && read.body.prescription).toMatchObject({
      notes: 'Nota da aba 1',
      diagnosis: 'Faringite',
      patientAge: '46 anos',
      doctorCRM: '999/RJ',
    });
  });

  it('marks each medicine with the special-control document it needs', async () => {
    const prescription = await api.newPrescription({
      medications: [
        { name: 'Sertralina', dosage: '50 mg' },
        { name: 'Amoxicilina', dosage: '500 mg' },
        { name: 'Clonazepam', dosage: '2 mg' },
        { name: 'Paracetamol', dosage: '750 mg' },
      ],
    });
    const read = await api.getPrescription(prescription.id);
    if (!read.body.success) throw new Error(read.body.error);
    const [sertralina, amoxicilina, clonazepam, paracetamol] = read.body.prescription.medications;
    expect(sertralina?.control).toEqual({
      list: 'C1',
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
    });
    expect(amoxicilina?.control).toEqual({
      list: 'antimicrobiano',
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
    });
    expect(clonazepam?.control).toEqual({
      list: 'B1',
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      alsoRequires: 'Notificação de Receita B',
    });
    expect(paracetamol).toBeDefined();
    expect(paracetamol).not.toHaveProperty('control');

    // The marks are worked out on the way out, never stored: lists and updates carry them too.
    const list = await api.listPrescriptions({ limit: 100 });
    const listed =
      list.body.success && list.body.prescriptions.find((each) => each.id === prescription.id);
    expect(listed && listed.medications.map((medication) => medication.control?.list)).toEqual([
      'C1',
      'antimicrobiano',
      'B1',
      undefined,
    ]);
    const updated = await api.updatePrescription(prescription.id, {
      medications: [{ name: 'Rivotril', dosage: '2 mg' }],
    });
    expect(updated.body.success && updated.body.prescription.medications[0]?.control).toMatchObject(
      { list: 'B1', alsoRequires: 'Notificação de Receita B' },
    );
  });
});

describe('prescription list', () => {
  it('pages 25 prescriptions as 20 and a key, then 5, newest first', async () => {
    const api = prescriptionsApi((await signUpDoctor(fixture.server.url)).browser);
    const created: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      created.push((await api.newPrescription({ patientName: `Paciente ${index}` })).id);
    }
    const first = await api.listPrescriptions();
    if (!first.body.success) throw new Error(first.body.error);
    expect(first.body.prescriptions).toHaveLength(20);
    expect(typeof first.body.lastEvaluatedKey).toBe('string');
    const second = await api.listPrescriptions({ lastEvaluatedKey: first.body.lastEvaluatedKey });
    if (!second.body.success) throw new Error(second.body.error);
    expect(second.body.prescriptions).toHaveLength(5);
    expect(second.body.lastEvaluatedKey).toBeUndefined();

    const ids = [...first.body.prescriptions, ...second.body.prescriptions].map((each) => each.id);
    expect(new Set(ids)).toEqual(new Set(created));
    const all = [...first.body.prescriptions, ...second.body.prescriptions];
    const newestFirst = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    expect(ids).toEqual(newestFirst.map((each) => each.id));
  });

  it('filters by finalized', async () => {
    const api = prescriptionsApi((await signUpDoctor(fixture.server.url)).browser);
    const finalized: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const prescription = await api.newPrescription({ isFinalized: index % 2 === 0 });
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
    const owner = prescriptionsApi((await signUpDoctor(fixture.server.url, 'Dra. Dona')).browser);
    const other = prescriptionsApi((await signUpDoctor(fixture.server.url, 'Dr. Outro')).browser);
    const prescription = await owner.newPrescription({ patientName: 'Paciente da Dra. Dona' });
    const batch = await owner.newBatch({ name: 'Manhã', prescriptionIds: [prescription.id] });
    const ownPrescription = await other.newPrescription({ patientName: 'Paciente do Dr. Outro' });
    const ownBatch = await other.newBatch({ name: 'Tarde' });

    const prescriptionAnswers = await Promise.all([
      other.getPrescription(prescription.id),
      other.updatePrescription(prescription.id, { notes: 'invasão' }),
      other.updatePrescription(prescription.id, { isFinalized: true }),
      other.deletePrescription(prescription.id),
    ]);
    for (const answer of prescriptionAnswers) {
      expect(answer).toEqual({
        status: 404,
        body: { success: false, code: 'not_found', error: 'Receita não encontrada.' },
      });
    }
    const batchAnswers = await Promise.all([
      other.getBatch(batch.id),
      other.updateBatch(batch.id, { name: 'invasão' }),
      other.addToBatch(batch.id, ownPrescription.id),
      other.deleteBatch(batch.id),
    ]);
    for (const answer of batchAnswers) {
      expect(answer).toEqual({
        status: 404,
        body: { success: false, code: 'not_found', error: 'Lote não encontrado.' },
      });
    }
    // A missing id answers exactly the same.
    expect(await other.getPrescription('prescription-does-not-exist')).toEqual(
      prescriptionAnswers[0],
    );
    expect(await other.getBatch('batch-does-not-exist')).toEqual(batchAnswers[0]);

    // Nor can the first doctor's prescription be put in the other's batch.
    expect(await other.addToBatch(ownBatch.id, prescription.id)).toEqual({
      status: 400,
      body: {
        success: false,
        code: 'validation',
        error: `Receita não encontrada: ${prescription.id}`,
      },
    });

    const otherPrescriptions = await other.listPrescriptions({ limit: 100 });
    expect(
      otherPrescriptions.body.success &&
        otherPrescriptions.body.prescriptions.map((each) => each.id),
    ).toEqual([ownPrescription.id]);
    const otherBatches = await other.listBatches({ limit: 100 });
    expect(otherBatches.body.success && otherBatches.body.batches.map((each) => each.id)).toEqual([
      ownBatch.id,
    ]);

    const untouched = await owner.getBatch(batch.id);
    expect(untouched.body).toMatchObject({
      success: true,
      batch: { name: 'Manhã', prescriptionIds: [prescription.id], isFinalized: false },
      prescriptions: [{ id: prescription.id, notes: '', isFinalized: false }],
    });
  });
});
