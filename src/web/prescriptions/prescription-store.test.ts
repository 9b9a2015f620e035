import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrescriptionExtraction } from '../../shared/ai-tasks';
import {
  batchCreateSchema,
  batchUpdateSchema,
  defaultBatchName,
  prescriptionCreateSchema,
  prescriptionUpdateSchema,
  type BatchCreateInput,
  type PrescriptionBatch,
  type PrescriptionCreateInput,
} from '../../shared/prescription';
import { ApiError, CONNECTION_ERROR } from '../api-request';
import type {
  BatchUpdateInput,
  ListPage,
  PresentedPrescription,
  PrescriptionBackend,
  PrescriptionUpdateInput,
} from './prescription-api';
import {
  PRESCRIPTION_MESSAGES,
  PrescriptionStore,
  type PrescriptionStorage,
  type PrescriptionStorageKey,
} from './prescription-store';

const DOCTOR_ID = 'doctor-1';
const DOCTOR = { name: 'Dra. Ana Souza', crm: 'CRM/SP 123456' };
const NOW = new Date('2026-03-10T12:00:00.000Z');
const CONTROL = {
  list: 'C1',
  document: 'Receituário de Controle Especial',
  copies: ['1ª via — Farmácia', '2ª via — Paciente'],
};

/** The three local-storage entries, in memory. */
class MemoryStorage implements PrescriptionStorage {
  readonly values = new Map<PrescriptionStorageKey, string>();
  read = (key: PrescriptionStorageKey): string | null => this.values.get(key) ?? null;
  write = (key: PrescriptionStorageKey, value: string): void => {
    this.values.set(key, value);
  };
  remove = (key: PrescriptionStorageKey): void => {
    this.values.delete(key);
  };
  stored(key: PrescriptionStorageKey): unknown {
    const raw = this.values.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
}

/**
 * The server, played in memory with the contract's rules: bodies checked with the shared schemas
 * (strict: a `control` sent back is refused), ids and times its own, finalised receitas and lotes
 * refused with 409, a medicine under control marked on every answer.
 */
class FakeServer implements PrescriptionBackend {
  online = true;
  /** Answers every call with 503 while set. */
  failing = false;
  readonly calls: { name: string; args: unknown[] }[] = [];
  readonly prescriptions = new Map<string, PresentedPrescription>();
  readonly batches = new Map<string, PrescriptionBatch>();
  private sequence = 0;
  private time = Date.parse('2026-03-10T12:00:00.000Z');

  private enter(name: string, ...args: unknown[]): void {
    this.calls.push({ name, args });
    if (!this.online) throw new ApiError(CONNECTION_ERROR);
    if (this.failing) throw new ApiError('Erro do servidor (503).', 503);
  }

  private stamp(): string {
    this.time += 1_000;
    return new Date(this.time).toISOString();
  }

  private present(prescription: PresentedPrescription): PresentedPrescription {
    return {
      ...prescription,
      medications: prescription.medications.map((medication) =>
        /carbamazepina/i.test(medication.name)
          ? { ...medication, control: CONTROL }
          : withoutControl(medication),
      ),
    };
  }

  callNames(): string[] {
    return this.calls.map((call) => call.name);
  }

  createPrescription = (input: PrescriptionCreateInput): Promise<PresentedPrescription> => {
    this.enter('createPrescription', input);
    const body = prescriptionCreateSchema.parse(input);
    const at = this.stamp();
    const prescription = this.present({
      ...body,
      id: `prescription-${++this.sequence}`,
      createdAt: at,
      updatedAt: at,
    });
    this.prescriptions.set(prescription.id, prescription);
    return Promise.resolve(prescription);
  };

  listPrescriptions = (
    page: ListPage = {},
  ): Promise<{ prescriptions: PresentedPrescription[]; lastEvaluatedKey?: string }> => {
    this.enter('listPrescriptions', page);
    const all = [...this.prescriptions.values()].reverse();
    return Promise.resolve({ prescriptions: all.slice(0, page.limit ?? 20) });
  };

  getPrescription = (id: string): Promise<PresentedPrescription> => {
    this.enter('getPrescription', id);
    const prescription = this.prescriptions.get(id);
    if (!prescription) throw new ApiError('Receita não encontrada.', 404);
    return Promise.resolve(prescription);
  };

  updatePrescription = (
    id: string,
    update: PrescriptionUpdateInput,
    _version?: number,
  ): Promise<PresentedPrescription> => {
    this.enter('updatePrescription', id, update);
    const body = prescriptionUpdateSchema.parse(update);
    const prescription = this.prescriptions.get(id);
    if (!prescription) throw new ApiError('Receita não encontrada.', 404);
    if (prescription.isFinalized) throw new ApiError('Esta receita já foi finalizada.', 409);
    const updated = this.present({ ...prescription, ...body, updatedAt: this.stamp() });
    this.prescriptions.set(id, updated);
    return Promise.resolve(updated);
  };

  deletePrescription = (id: string): Promise<void> => {
    this.enter('deletePrescription', id);
    if (!this.prescriptions.delete(id)) throw new ApiError('Receita não encontrada.', 404);
    return Promise.resolve();
  };

  createBatch = (input: BatchCreateInput): Promise<PrescriptionBatch> => {
    this.enter('createBatch', input);
    const body = batchCreateSchema.parse(input);
    const unknown = body.prescriptionIds.find((id) => !this.prescriptions.has(id));
    if (unknown) throw new ApiError(`Receita não encontrada: ${unknown}`, 400);
    const at = this.stamp();
    const batch: PrescriptionBatch = {
      id: `batch-${++this.sequence}`,
      name: body.name ?? defaultBatchName(new Date(at)),
      prescriptionIds: body.prescriptionIds,
      isFinalized: body.isFinalized,
      createdAt: at,
      updatedAt: at,
    };
    this.batches.set(batch.id, batch);
    return Promise.resolve(batch);
  };

  listBatches = (
    page: ListPage = {},
  ): Promise<{ batches: PrescriptionBatch[]; lastEvaluatedKey?: string }> => {
    this.enter('listBatches', page);
    return Promise.resolve({ batches: [...this.batches.values()].reverse() });
  };

  getBatch = (
    id: string,
  ): Promise<{ batch: PrescriptionBatch; prescriptions: PresentedPrescription[] }> => {
    this.enter('getBatch', id);
    const batch = this.batches.get(id);
    if (!batch) throw new ApiError('Lote não encontrado.', 404);
    return Promise.resolve({ batch, prescriptions: [] });
  };

  updateBatch = (id: string, update: BatchUpdateInput): Promise<PrescriptionBatch> => {
    this.enter('updateBatch', id, update);
    const body = batchUpdateSchema.parse(update);
    const batch = this.batches.get(id);
    if (!batch) throw new ApiError('Lote não encontrado.', 404);
    if (batch.isFinalized) throw new ApiError('Este lote já foi finalizado.', 409);
    const updated = { ...batch, ...body, updatedAt: this.stamp() };
    this.batches.set(id, updated);
    return Promise.resolve(updated);
  };

  addToBatch = (batchId: string, prescriptionId: string): Promise<PrescriptionBatch> => {
    this.enter('addToBatch', batchId, prescriptionId);
    const batch = this.batches.get(batchId);
    if (!batch) throw new ApiError('Lote não encontrado.', 404);
    if (batch.isFinalized) throw new ApiError('Este lote já foi finalizado.', 409);
    if (!this.prescriptions.has(prescriptionId)) {
      throw new ApiError(`Receita não encontrada: ${prescriptionId}`, 400);
    }
    if (batch.prescriptionIds.includes(prescriptionId)) {
      throw new ApiError('Esta receita já está no lote.', 409);
    }
    const updated = {
      ...batch,
      prescriptionIds: [...batch.prescriptionIds, prescriptionId],
      updatedAt: this.stamp(),
    };
    this.batches.set(batchId, updated);
    return Promise.resolve(updated);
  };

  deleteBatch = (id: string): Promise<void> => {
    this.enter('deleteBatch', id);
    if (!this.batches.delete(id)) throw new ApiError('Lote não encontrado.', 404);
    return Promise.resolve();
  };
}

function withoutControl<M extends { control?: unknown }>(medication: M): Omit<M, 'control'> {
  const { control: _control, ...rest } = medication;
  return rest;
}

function extraction(fields: Partial<PrescriptionExtraction> = {}): PrescriptionExtraction {
  return {
    patientName: 'Maria Silva',
    patientAge: '45',
    diagnosis: 'Sinusite bacteriana',
    medications: [{ name: 'Amoxicilina', dosage: '500mg', frequency: '8/8h', duration: '7 dias' }],
    notes: '',
    confidence: 0.9,
    extractedSections: [],
    ...fields,
  };
}

function setUp(
  options: { userId?: string; storage?: MemoryStorage; server?: FakeServer; now?: Date } = {},
) {
  const storage = options.storage ?? new MemoryStorage();
  const server = options.server ?? new FakeServer();
  const now = options.now ?? NOW;
  const store = new PrescriptionStore(options.userId ?? DOCTOR_ID, storage, server, () => now);
  store.restore();
  return { store, storage, server };
}

/** The value of a successful result; fails the test otherwise. */
function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(`Expected success, got: ${result.error}`);
  return result.value;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('start', () => {
  it('creates the draft on the server from the extraction, dated today, signed by the doctor', async () => {
    const { store, server } = setUp();
    const draft = valueOf(await store.start(extraction(), DOCTOR));
    expect(draft.id).toBe('prescription-1');
    expect(server.calls[0]).toEqual({
      name: 'createPrescription',
      args: [
        {
          patientName: 'Maria Silva',
          patientAge: '45',
          diagnosis: 'Sinusite bacteriana',
          medications: [
            {
              name: 'Amoxicilina',
              dosage: '500mg',
              frequency: '8/8h',
              duration: '7 dias',
              genericAllowed: true,
              priority: 'normal',
            },
          ],
          notes: '',
          date: '2026-03-10',
          doctorName: 'Dra. Ana Souza',
          doctorCRM: 'CRM/SP 123456',
          isFinalized: false,
        },
      ],
    });
    expect(store.getSnapshot()).toMatchObject({ current: draft, status: 'idle' });
  });

  it("names the patient 'Paciente' when the text named nobody", async () => {
    const { store } = setUp();
    const draft = valueOf(await store.start(extraction({ patientName: '  ' }), DOCTOR));
    expect(draft.patientName).toBe('Paciente');
  });

  it('keeps a local draft when the server cannot be reached, and sends it once it answers', async () => {
    const { store, server } = setUp();
    server.online = false;
    const draft = valueOf(await store.start(extraction(), DOCTOR));
    expect(draft.id).toBe(`prescription-local-${NOW.getTime()}`);
    expect(draft.medications[0]).toMatchObject({ genericAllowed: true, priority: 'normal' });
    expect(store.getSnapshot().status).toBe('offline');

    server.online = true;
    expect(await store.sync()).toBe(true);
    const current = store.getSnapshot().current;
    expect(current?.id).toBe('prescription-1');
    expect(server.prescriptions.get('prescription-1')?.patientName).toBe('Maria Silva');
    expect(store.getSnapshot().status).toBe('idle');
  });

  it('takes a 5xx answer as the server being unreachable', async () => {
    const { store, server } = setUp();
    server.failing = true;
    const draft = valueOf(await store.start(extraction(), DOCTOR));
    expect(draft.id.startsWith('prescription-local-')).toBe(true);
  });

  it("passes on the server's refusal and opens nothing", async () => {
    const { store, server } = setUp();
    server.createPrescription = () =>
      Promise.reject(new ApiError('Informe o nome do paciente.', 400));
    expect(await store.start(extraction(), DOCTOR)).toEqual({
      ok: false,
      error: 'Informe o nome do paciente.',
    });
    expect(store.getSnapshot().current).toBeUndefined();
  });

  it('refuses offline what the server would refuse, with the shared message', async () => {
    const { store, server } = setUp();
    server.online = false;
    const result = await store.start(extraction({ patientName: 'x'.repeat(300) }), DOCTOR);
    expect(result).toEqual({
      ok: false,
      error: 'Nome do paciente: no máximo 200 caracteres.',
    });
  });
});

describe('update, addMedication, removeMedication', () => {
  it('merges a new extraction: non-empty fields override, same medicine replaced, new appended', async () => {
    const { store, server } = setUp();
    await store.start(
      extraction({
        medications: [
          { name: 'Amoxicilina', dosage: '500mg', frequency: '8/8h', quantity: '21 cápsulas' },
          { name: 'Dipirona', dosage: '1g' },
        ],
      }),
      DOCTOR,
    );
    const updated = valueOf(
      await store.update(
        extraction({
          patientName: '',
          patientAge: '46',
          diagnosis: '',
          notes: 'Retornar em 7 dias',
          medications: [
            { name: 'amoxicilina ', dosage: '875mg', frequency: '12/12h' },
            { name: 'Loratadina', dosage: '10mg' },
          ],
        }),
      ),
    );
    expect(updated).toMatchObject({
      patientName: 'Maria Silva',
      patientAge: '46',
      diagnosis: 'Sinusite bacteriana',
      notes: 'Retornar em 7 dias',
    });
    expect(updated.medications.map((m) => [m.name, m.dosage, m.frequency, m.quantity])).toEqual([
      ['Amoxicilina', '875mg', '12/12h', '21 cápsulas'],
      ['Dipirona', '1g', undefined, undefined],
      ['Loratadina', '10mg', undefined, undefined],
    ]);
    const put = server.calls.find((call) => call.name === 'updatePrescription');
    expect(put?.args[0]).toBe('prescription-1');
    expect(put?.args[1]).not.toHaveProperty('isFinalized');
    expect(store.getSnapshot().current).toEqual(updated);
  });

  it('adds and removes medicines', async () => {
    const { store } = setUp();
    await store.start(extraction(), DOCTOR);
    const added = valueOf(await store.addMedication({ name: 'Ibuprofeno', dosage: '400mg' }));
    expect(added.medications.map((m) => m.name)).toEqual(['Amoxicilina', 'Ibuprofeno']);
    expect(added.medications[1]).toMatchObject({ genericAllowed: true, priority: 'normal' });
    const removed = valueOf(await store.removeMedication(0));
    expect(removed.medications.map((m) => m.name)).toEqual(['Ibuprofeno']);
    expect(await store.removeMedication(5)).toEqual({
      ok: false,
      error: 'Medicamento não encontrado na receita.',
    });
  });

  it('needs an active prescription', async () => {
    const { store, server } = setUp();
    const noPrescription = {
      ok: false,
      error: 'Nenhuma receita ativa. Use /iniciar-receita para começar.',
    };
    expect(await store.update(extraction())).toEqual(noPrescription);
    expect(await store.addMedication({ name: 'Dipirona' })).toEqual(noPrescription);
    expect(await store.removeMedication(0)).toEqual(noPrescription);
    expect(await store.finalize()).toEqual(noPrescription);
    expect(await store.cancel()).toEqual(noPrescription);
    expect(server.calls).toEqual([]);
  });

  it('keeps the medicines under control as the server marks them, and never sends the mark back', async () => {
    const { store, server } = setUp();
    const draft = valueOf(
      await store.start(
        extraction({ medications: [{ name: 'Carbamazepina', dosage: '200mg' }] }),
        DOCTOR,
      ),
    );
    expect(draft.medications[0]?.control).toEqual(CONTROL);
    // The fake server parses with the strict shared schema: a `control` sent back would throw.
    const updated = valueOf(await store.addMedication({ name: 'Dipirona' }));
    expect(updated.medications[0]?.control).toEqual(CONTROL);
    const final = valueOf(await store.finalize());
    expect(store.getSnapshot().saved[0]?.medications[0]?.control).toEqual(CONTROL);
    expect(final.isFinalized).toBe(true);
    expect(server.callNames()).toEqual([
      'createPrescription',
      'updatePrescription',
      'updatePrescription',
    ]);
  });

  it('keeps edits made offline and sends them, in order, when the server answers', async () => {
    const { store, server } = setUp();
    await store.start(extraction(), DOCTOR);
    server.online = false;
    // Not awaited one by one: the store still runs them in order.
    const first = store.addMedication({ name: 'Dipirona' });
    const second = store.addMedication({ name: 'Loratadina' });
    await Promise.all([first, second]);
    expect(store.getSnapshot().status).toBe('offline');
    server.online = true;
    expect(await store.sync()).toBe(true);
    expect(server.prescriptions.get('prescription-1')?.medications.map((m) => m.name)).toEqual([
      'Amoxicilina',
      'Dipirona',
      'Loratadina',
    ]);
  });
});

describe('finalize and cancel', () => {
  it('finalizes on the server, moves the receita to saved (newest first) and clears current', async () => {
    const { store, server } = setUp();
    await store.start(extraction({ patientName: 'Primeira' }), DOCTOR);
    await store.finalize();
    await store.start(extraction({ patientName: 'Segunda' }), DOCTOR);
    const final = valueOf(await store.finalize());
    expect(final).toMatchObject({ patientName: 'Segunda', isFinalized: true });
    expect(server.calls.at(-1)).toEqual({
      name: 'updatePrescription',
      args: ['prescription-2', { isFinalized: true }],
    });
    const snapshot = store.getSnapshot();
    expect(snapshot.current).toBeUndefined();
    expect(snapshot.saved.map((p) => p.patientName)).toEqual(['Segunda', 'Primeira']);
  });

  it('finalizes a draft offline and creates it finalized later', async () => {
    const { store, server } = setUp();
    server.online = false;
    await store.start(extraction(), DOCTOR);
    const final = valueOf(await store.finalize());
    expect(final.isFinalized).toBe(true);
    expect(store.getSnapshot().saved).toEqual([final]);
    server.online = true;
    await store.sync();
    expect(server.prescriptions.get('prescription-1')?.isFinalized).toBe(true);
    expect(store.getSnapshot().saved[0]?.id).toBe('prescription-1');
  });

  it("passes on the server's refusal to finalize", async () => {
    const { store, server } = setUp();
    await store.start(extraction(), DOCTOR);
    const stored = server.prescriptions.get('prescription-1');
    if (stored) server.prescriptions.set(stored.id, { ...stored, isFinalized: true });
    expect(await store.finalize()).toEqual({
      ok: false,
      error: 'Esta receita já foi finalizada.',
    });
    expect(store.getSnapshot().current?.id).toBe('prescription-1');
  });

  it('cancels: the draft is deleted on the server and no longer current', async () => {
    const { store, server } = setUp();
    await store.start(extraction(), DOCTOR);
    expect(await store.cancel()).toEqual({ ok: true, value: undefined });
    expect(server.prescriptions.size).toBe(0);
    expect(store.getSnapshot().current).toBeUndefined();
    expect(store.getSnapshot().saved).toEqual([]);
  });

  it('cancels offline and deletes on the server once it answers', async () => {
    const { store, server } = setUp();
    await store.start(extraction(), DOCTOR);
    server.online = false;
    await store.cancel();
    expect(store.getSnapshot()).toMatchObject({ current: undefined, status: 'offline' });
    server.online = true;
    expect(await store.sync()).toBe(true);
    expect(server.prescriptions.size).toBe(0);
  });

  it('cancels a draft the server never had without calling it', async () => {
    const { store, server } = setUp();
    server.online = false;
    await store.start(extraction(), DOCTOR);
    await store.cancel();
    server.calls.length = 0;
    server.online = true;
    expect(await store.sync()).toBe(true);
    expect(server.callNames()).toEqual([]);
    expect(server.prescriptions.size).toBe(0);
  });
});

describe('quick', () => {
  it('creates and finalizes at once, with one request', async () => {
    const { store, server } = setUp();
    const quick = valueOf(await store.quick(extraction(), DOCTOR));
    expect(server.callNames()).toEqual(['createPrescription']);
    expect(server.calls[0]?.args[0]).toMatchObject({ isFinalized: true });
    expect(quick.isFinalized).toBe(true);
    expect(store.getSnapshot().saved).toEqual([quick]);
    expect(store.getSnapshot().current).toEqual(quick);
    // Finalized: it can no longer be edited.
    expect(await store.update(extraction())).toEqual({
      ok: false,
      error: 'Esta receita já foi finalizada.',
    });
  });

  it('never pushes aside a draft being written', async () => {
    const { store } = setUp();
    const draft = valueOf(await store.start(extraction({ patientName: 'Rascunho' }), DOCTOR));
    await store.quick(extraction({ patientName: 'Rápida' }), DOCTOR);
    expect(store.getSnapshot().current).toEqual(draft);
    expect(store.getSnapshot().saved.map((p) => p.patientName)).toEqual(['Rápida']);
  });

  it('is kept finalized offline and created later', async () => {
    const { store, server } = setUp();
    server.online = false;
    const quick = valueOf(await store.quick(extraction(), DOCTOR));
    expect(quick).toMatchObject({ isFinalized: true });
    expect(quick.id.startsWith('prescription-local-')).toBe(true);
    server.online = true;
    await store.sync();
    expect(server.prescriptions.get('prescription-1')?.isFinalized).toBe(true);
  });

  it('joins the active batch', async () => {
    const { store } = setUp();
    await store.startBatch('Manhã');
    const first = valueOf(await store.quick(extraction({ patientName: 'Maria' }), DOCTOR));
    const second = valueOf(await store.quick(extraction({ patientName: 'João' }), DOCTOR));
    expect(store.getSnapshot().batch?.prescriptionIds).toEqual([first.id, second.id]);
    // '/adicionar-ao-lote' right after adds nothing twice.
    const batch = valueOf(await store.addCurrentToBatch());
    expect(batch.prescriptionIds).toEqual([first.id, second.id]);
    expect(store.latestBatchWithPrescriptions()?.prescriptions.map((p) => p.patientName)).toEqual([
      'Maria',
      'João',
    ]);
  });
});

describe('batches', () => {
  it("starts a batch with the doctor's name, or the server's 'Lote dd/MM/yyyy'", async () => {
    const { store, server } = setUp();
    const named = valueOf(await store.startBatch('  Manhã '));
    expect(named.name).toBe('Manhã');
    expect(server.calls[0]?.args[0]).toEqual({ name: 'Manhã' });
    const unnamed = valueOf(await store.startBatch());
    expect(server.calls[1]?.args[0]).toEqual({});
    expect(unnamed.name).toBe(defaultBatchName(new Date(unnamed.createdAt)));
    expect(store.getSnapshot().batch).toEqual(unnamed);
  });

  it("starts a local batch named 'Lote' and today's date when the server cannot be reached", async () => {
    const { store, server } = setUp();
    server.online = false;
    const batch = valueOf(await store.startBatch());
    expect(batch).toMatchObject({
      id: `batch-local-${NOW.getTime()}`,
      name: defaultBatchName(NOW),
      prescriptionIds: [],
      isFinalized: false,
    });
  });

  it('adding needs an active batch first, then an active prescription', async () => {
    const { store, server } = setUp();
    expect(await store.addCurrentToBatch()).toEqual({
      ok: false,
      error: 'Nenhum lote ativo. Use /iniciar-lote primeiro.',
    });
    await store.start(extraction(), DOCTOR);
    expect(await store.addCurrentToBatch()).toEqual({
      ok: false,
      error: 'Nenhum lote ativo. Use /iniciar-lote primeiro.',
    });
    await store.cancel();
    await store.startBatch('Tarde');
    expect(await store.addCurrentToBatch()).toEqual({
      ok: false,
      error: 'Nenhuma receita ativa. Use /iniciar-receita para começar.',
    });
    expect(server.callNames()).not.toContain('addToBatch');
  });

  it('finalizes a draft before adding it, then it is no longer current', async () => {
    const { store, server } = setUp();
    await store.startBatch('Manhã');
    await store.start(extraction(), DOCTOR);
    const batch = valueOf(await store.addCurrentToBatch());
    expect(server.callNames().slice(-2)).toEqual(['updatePrescription', 'addToBatch']);
    expect(batch.prescriptionIds).toEqual(['prescription-2']);
    expect(server.prescriptions.get('prescription-2')?.isFinalized).toBe(true);
    const snapshot = store.getSnapshot();
    expect(snapshot.current).toBeUndefined();
    expect(snapshot.batch).toEqual(batch);
    expect(snapshot.saved.map((p) => p.id)).toEqual(['prescription-2']);
  });

  it("says so in Portuguese when the server's batch was finalized meanwhile", async () => {
    const { store, server } = setUp();
    const batch = valueOf(await store.startBatch('Manhã'));
    server.batches.set(batch.id, { ...batch, isFinalized: true });
    await store.start(extraction(), DOCTOR);
    expect(await store.addCurrentToBatch()).toEqual({
      ok: false,
      error: 'Este lote já foi finalizado.',
    });
  });

  it('finalizes the batch: it joins the saved batches and is no longer active', async () => {
    const { store, server } = setUp();
    await store.startBatch('Manhã');
    await store.quick(extraction(), DOCTOR);
    const final = valueOf(await store.finalizeBatch());
    expect(final.isFinalized).toBe(true);
    expect(server.calls.at(-1)).toEqual({
      name: 'updateBatch',
      args: ['batch-1', { isFinalized: true }],
    });
    expect(store.getSnapshot()).toMatchObject({ batch: undefined, batches: [final] });
    expect(await store.finalizeBatch()).toEqual({
      ok: false,
      error: 'Nenhum lote ativo. Use /iniciar-lote primeiro.',
    });
  });

  it('cancels the batch: deleted on the server, its receitas stay saved', async () => {
    const { store, server } = setUp();
    await store.startBatch('Manhã');
    await store.quick(extraction(), DOCTOR);
    expect(await store.cancelBatch()).toEqual({ ok: true, value: undefined });
    expect(server.batches.size).toBe(0);
    expect(store.getSnapshot().batch).toBeUndefined();
    expect(store.getSnapshot().saved).toHaveLength(1);
    expect(await store.cancelBatch()).toEqual({
      ok: false,
      error: 'Nenhum lote ativo. Use /iniciar-lote primeiro.',
    });
  });

  it('runs a whole batch offline and sends it, receitas first, when the server answers', async () => {
    const { store, server } = setUp();
    server.online = false;
    await store.startBatch('Manhã');
    await store.start(extraction({ patientName: 'Maria' }), DOCTOR);
    await store.addCurrentToBatch();
    await store.quick(extraction({ patientName: 'João' }), DOCTOR);
    await store.finalizeBatch();
    const offline = store.getSnapshot();
    expect(offline.status).toBe('offline');
    expect(offline.batches[0]?.prescriptionIds).toHaveLength(2);

    server.online = true;
    expect(await store.sync()).toBe(true);
    const [stored] = [...server.batches.values()];
    expect(stored).toMatchObject({ name: 'Manhã', isFinalized: true });
    expect(stored?.prescriptionIds.map((id) => server.prescriptions.get(id)?.patientName)).toEqual([
      'Maria',
      'João',
    ]);
    expect(store.getSnapshot().batches[0]).toEqual(stored);
    expect(store.getSnapshot().status).toBe('idle');
  });
});

describe('load and the print dialog', () => {
  it('reads the finalized receitas and batches, keeping what the server has not got yet', async () => {
    const { store, server } = setUp();
    await store.quick(extraction({ patientName: 'Do servidor' }), DOCTOR);
    await store.start(extraction({ patientName: 'Rascunho' }), DOCTOR);
    const batch = valueOf(await store.startBatch('Ontem'));
    await store.addCurrentToBatch();
    await store.finalizeBatch();

    // Another browser: the same doctor, nothing cached, one receita kept offline.
    const other = setUp({ server, now: new Date('2026-03-10T13:00:00.000Z') });
    server.online = false;
    await other.store.quick(extraction({ patientName: 'Offline' }), DOCTOR);
    server.online = true;
    server.createPrescription = () => Promise.reject(new ApiError(CONNECTION_ERROR));
    expect(await other.store.load()).toEqual({ ok: true, value: undefined });
    const snapshot = other.store.getSnapshot();
    expect(snapshot.saved.map((p) => p.patientName)).toEqual([
      'Offline',
      'Rascunho',
      'Do servidor',
    ]);
    expect(snapshot.batches.map((b) => b.id)).toEqual([batch.id]);
    expect(snapshot.status).toBe('offline');
  });

  it('drops the active batch when it was finalized elsewhere', async () => {
    const { store, server } = setUp();
    const batch = valueOf(await store.startBatch('Manhã'));
    server.batches.set(batch.id, { ...batch, isFinalized: true });
    await store.load();
    expect(store.getSnapshot().batch).toBeUndefined();
    expect(store.getSnapshot().batches.map((b) => b.id)).toEqual([batch.id]);
  });

  it('keeps the cache when the server cannot be reached', async () => {
    const { store, server } = setUp();
    await store.quick(extraction(), DOCTOR);
    server.online = false;
    expect(await store.load()).toEqual({ ok: false, error: CONNECTION_ERROR });
    expect(store.getSnapshot().saved).toHaveLength(1);
  });

  it('gives the print dialog the active batch, else the newest finalized one with receitas', async () => {
    const { store } = setUp();
    expect(store.latestBatchWithPrescriptions()).toBeUndefined();
    await store.startBatch('Vazio');
    await store.finalizeBatch();
    expect(store.latestBatchWithPrescriptions()).toBeUndefined();
    await store.startBatch('Manhã');
    await store.quick(extraction({ patientName: 'Maria' }), DOCTOR);
    await store.finalizeBatch();
    expect(store.latestBatchWithPrescriptions()).toMatchObject({
      batch: { name: 'Manhã' },
      prescriptions: [{ patientName: 'Maria' }],
    });
    await store.startBatch('Tarde');
    await store.quick(extraction({ patientName: 'João' }), DOCTOR);
    expect(store.latestBatchWithPrescriptions()).toMatchObject({
      batch: { name: 'Tarde' },
      prescriptions: [{ patientName: 'João' }],
    });
  });
});

describe('local storage', () => {
  it("tags the entries with the doctor's id", async () => {
    const { store, storage } = setUp();
    await store.startBatch('Manhã');
    await store.start(extraction(), DOCTOR);
    expect(storage.stored('active')).toMatchObject({
      userId: DOCTOR_ID,
      current: { id: 'prescription-2' },
      batch: { id: 'batch-1' },
      unsynced: [],
      deletions: [],
    });
    expect(storage.stored('saved')).toEqual({ userId: DOCTOR_ID, prescriptions: [] });
    expect(storage.stored('batches')).toEqual({ userId: DOCTOR_ID, batches: [] });
  });

  it('restores the same doctor’s work, and sends later what the server missed', async () => {
    const storage = new MemoryStorage();
    const server = new FakeServer();
    const first = setUp({ storage, server });
    await first.store.quick(extraction({ patientName: 'Salva' }), DOCTOR);
    await first.store.startBatch('Manhã');
    server.online = false;
    await first.store.start(extraction({ patientName: 'Offline' }), DOCTOR);

    const reloaded = setUp({ storage, server });
    const snapshot = reloaded.store.getSnapshot();
    expect(snapshot).toMatchObject({
      current: { patientName: 'Offline' },
      batch: { name: 'Manhã' },
      saved: [{ patientName: 'Salva' }],
      status: 'offline',
    });
    server.online = true;
    expect(await reloaded.store.sync()).toBe(true);
    expect(reloaded.store.getSnapshot().current?.id).toBe('prescription-3');
  });

  it("drops another doctor's cache", async () => {
    const storage = new MemoryStorage();
    const first = setUp({ storage });
    await first.store.quick(extraction(), DOCTOR);
    await first.store.startBatch('Manhã');
    const other = setUp({ storage, userId: 'doctor-2' });
    expect(other.store.getSnapshot()).toMatchObject({
      current: undefined,
      batch: undefined,
      saved: [],
      batches: [],
    });
    expect(storage.values.size).toBe(0);
  });

  it('ignores a damaged entry with a console error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    storage.write('saved', '{not json');
    storage.write('active', JSON.stringify({ userId: DOCTOR_ID, current: { id: 3 } }));
    const { store } = setUp({ storage });
    expect(store.getSnapshot().saved).toEqual([]);
    expect(store.getSnapshot().current).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe('forget', () => {
  it('clears everything, here and in storage', async () => {
    const { store, storage } = setUp();
    await store.quick(extraction(), DOCTOR);
    await store.startBatch('Manhã');
    store.forget();
    expect(store.getSnapshot()).toEqual({
      current: undefined,
      batch: undefined,
      saved: [],
      batches: [],
      status: 'idle',
    });
    expect(storage.values.size).toBe(0);
  });

  it('drops an action still running when the doctor signs out', async () => {
    const { store, server, storage } = setUp();
    let answer: (value: PresentedPrescription) => void = () => undefined;
    const create = server.createPrescription;
    server.createPrescription = (input) =>
      new Promise((resolve) => {
        answer = resolve;
        void create(input);
      });
    const starting = store.start(extraction(), DOCTOR);
    await Promise.resolve();
    await Promise.resolve();
    store.forget();
    const created = server.prescriptions.get('prescription-1');
    if (created) answer(created);
    expect(await starting).toEqual({ ok: false, error: PRESCRIPTION_MESSAGES.signedOut });
    expect(store.getSnapshot().current).toBeUndefined();
    expect(storage.values.size).toBe(0);
  });
});

describe('status', () => {
  it("is 'saving' while a call is under way", async () => {
    const { store } = setUp();
    const statuses: string[] = [];
    store.subscribe(() => statuses.push(store.getSnapshot().status));
    await store.start(extraction(), DOCTOR);
    expect(statuses[0]).toBe('saving');
    expect(statuses.at(-1)).toBe('idle');
  });

  it('treats an answer of an unknown shape as a refusal', async () => {
    const { store, server } = setUp();
    server.createPrescription = () => Promise.reject(new Error('Resposta inesperada do servidor.'));
    expect(await store.start(extraction(), DOCTOR)).toEqual({
      ok: false,
      error: 'Resposta inesperada do servidor.',
    });
  });
});

describe('a receita or lote changed in another tab (409 with the current state)', () => {
  const CHANGED = 'Esta receita foi alterada em outra aba ou dispositivo.';

  it('sends the version it read, and on 409 adopts the server receita and says so', async () => {
    const { store, server } = setUp();
    const draft = valueOf(await store.start(extraction(), DOCTOR));
    const elsewhere = { ...draft, version: 3, diagnosis: 'Faringite (outra aba)' };
    const sentVersions: (number | undefined)[] = [];
    server.updatePrescription = (_id: string, _update: unknown, version?: number) => {
      sentVersions.push(version);
      throw new ApiError(CHANGED, 409, {
        success: false,
        error: CHANGED,
        code: 'prescription_changed',
        prescription: elsewhere,
      });
    };
    expect(await store.update(extraction({ notes: 'Repouso' }))).toEqual({
      ok: false,
      error: CHANGED,
    });
    expect(store.getSnapshot().current).toEqual(elsewhere);
    // The next write names the version adopted.
    await store.finalize();
    expect(sentVersions).toEqual([undefined, 3]);
    expect(store.getSnapshot().current).toEqual(elsewhere);
  });

  it('on a stale cancel keeps the receita as it now is, and says so', async () => {
    const { store, server } = setUp();
    const draft = valueOf(await store.start(extraction(), DOCTOR));
    const elsewhere = { ...draft, version: 2, notes: 'Editada em outra aba' };
    server.deletePrescription = () => {
      throw new ApiError(CHANGED, 409, { code: 'prescription_changed', prescription: elsewhere });
    };
    expect(await store.cancel()).toEqual({ ok: false, error: CHANGED });
    expect(store.getSnapshot().current).toEqual(elsewhere);
  });

  it('on a stale lote write adopts the server lote and says so', async () => {
    const { store, server } = setUp();
    const batch = valueOf(await store.startBatch());
    const elsewhere = { ...batch, version: 2, name: 'Renomeado em outra aba' };
    const message = 'Este lote foi alterado em outra aba ou dispositivo.';
    server.updateBatch = () => {
      throw new ApiError(message, 409, { code: 'batch_changed', batch: elsewhere });
    };
    expect(await store.finalizeBatch()).toEqual({ ok: false, error: message });
    expect(store.getSnapshot().batch).toEqual(elsewhere);
  });
});
