import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrescriptionExtraction } from '@shared/ai/tasks';
import { createApiClient } from '@shared/api/client';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import { defaultBatchName } from '@shared/prescriptions/prescription';
import { patientDocumentRefusal } from '@shared/prescriptions/receita-class';
import { localDay } from '@shared/lib/local-day';
import type { PrescriptionResult } from '@shared/prescriptions/draft';
import type { RunningServer } from '@server/server';
import { createMigratedTestStorage, type TestStorage } from '@server/testing/test-storage';
import {
  restartTestServer,
  signUpDoctor,
  startTestServer,
  type TestDoctorAccount,
} from '@server/testing/test-server';
import { stubLocalStorage } from '../testing/memory-local-storage';
import { TestPages, openTab, until, type TestTab } from './browser-tab.testing';
import { forgetDoctorEntries } from './local-entries';

const DOCTOR = { name: 'Dra. Helena Prado', crm: 'CRM/SP 123456' };

const PRESCRIPTION_CHANGED =
  'Esta receita foi alterada em outra aba ou dispositivo. Confira a versão atual antes de continuar.';
const BATCH_CHANGED =
  'Este lote foi alterado em outra aba ou dispositivo. Confira a versão atual antes de continuar.';
const NO_PRESCRIPTION = {
  ok: false,
  error: 'Nenhuma receita ativa. Use /iniciar-receita para começar.',
};
const NO_BATCH = { ok: false, error: 'Nenhum lote ativo. Use /iniciar-lote primeiro.' };

/** What was read from the doctor's text. */
function extraction(fields: Partial<PrescriptionExtraction> = {}): PrescriptionExtraction {
  return {
    patientName: 'Maria Silva',
    patientAge: '45',
    diagnosis: 'Sinusite bacteriana',
    medications: [{ name: 'Paracetamol', dosage: '500mg', frequency: '6/6h', duration: '3 dias' }],
    notes: '',
    confidence: 0.9,
    extractedSections: [],
    ...fields,
  };
}

/** The value of a successful result; fails the test otherwise. */
function valueOf<T>(result: PrescriptionResult<T>): T {
  if (!result.ok) throw new Error(`Expected success, got: ${result.error}`);
  return result.value;
}

const nothingQueued = (tab: TestTab) => () => tab.queue.getState().writes.length === 0;
const SERVER_ID = /^(prescription|batch)-(?!local)/;

describe('receitas and lotes, on the data layer against the real server', () => {
  let storage: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;
  let pages: TestPages;
  const tabs: TestTab[] = [];

  beforeAll(async () => {
    storage = await createMigratedTestStorage();
    server = await startTestServer(storage);
    doctor = await signUpDoctor(server.url, DOCTOR.name);
  });
  afterAll(async () => {
    await server.close();
    await storage.cleanup();
  });
  beforeEach(() => {
    // Each test is a browser of its own: its own local storage and pages.
    stubLocalStorage();
    pages = new TestPages();
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) await tab.close();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const newTab = (account: TestDoctorAccount = doctor) => {
    const tab = openTab({ userId: account.id, browser: account.browser, pages });
    tabs.push(tab);
    return tab;
  };

  /** Another tab or device of the doctor, writing straight to the server. */
  const elsewhere = () => createApiClient((path, init) => doctor.browser.fetch(path, init));
  const receitaOnServer = async (id: string) =>
    (await elsewhere().call(prescriptionsApi.get, { params: { id } })).prescription;
  const loteOnServer = (id: string) => elsewhere().call(batchesApi.get, { params: { id } });
  const statusOnServer = async (path: string) => (await doctor.browser.fetch(path, {})).status;

  /** Stops the server, runs `whileDown`, and starts it again on the same port and data. */
  async function withServerDown(whileDown: () => Promise<void> | void): Promise<void> {
    await server.close();
    try {
      await whileDown();
    } finally {
      server = await restartTestServer(storage, server);
    }
  }

  it('writes a receita on the server: started from an extraction, merged, edited, finalised', async () => {
    const tab = newTab();
    const draft = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    expect(draft.id).toMatch(SERVER_ID);
    expect(await receitaOnServer(draft.id)).toMatchObject({
      patientName: 'Maria Silva',
      date: localDay(new Date()),
      doctorName: DOCTOR.name,
      doctorCRM: DOCTOR.crm,
      isFinalized: false,
      medications: [{ name: 'Paracetamol', genericAllowed: true, priority: 'normal' }],
    });

    const updated = valueOf(
      await tab.prescriptions.update(
        extraction({
          patientName: '',
          patientAge: '46',
          notes: 'Retornar em 7 dias',
          medications: [
            { name: 'paracetamol ', dosage: '750mg' },
            { name: 'Loratadina', dosage: '10mg' },
          ],
        }),
      ),
    );
    expect(updated).toMatchObject({ patientName: 'Maria Silva', patientAge: '46' });
    valueOf(await tab.prescriptions.addMedication({ name: 'ibuprofeno', dosage: '400mg' }));
    valueOf(await tab.prescriptions.removeMedication(1));
    expect(await tab.prescriptions.removeMedication(9)).toEqual({
      ok: false,
      error: 'Medicamento não encontrado na receita.',
    });
    const written = await receitaOnServer(draft.id);
    expect(written.medications.map((m) => [m.name, m.dosage])).toEqual([
      ['Paracetamol', '750mg'],
      ['Ibuprofeno', '400mg'],
    ]);
    expect(written.notes).toBe('Retornar em 7 dias');
    expect(tab.prescriptions.state.current).toEqual(written);

    const final = valueOf(await tab.prescriptions.finalize());
    expect(final).toMatchObject({ id: draft.id, isFinalized: true });
    expect(await receitaOnServer(draft.id)).toEqual(final);
    expect(tab.prescriptions.state.current).toBeUndefined();
    expect(tab.prescriptions.state.saved).toEqual([final]);
  });

  it('needs an active receita for every edit, and edits no finalised one', async () => {
    const tab = newTab();
    expect(await tab.prescriptions.update(extraction())).toEqual(NO_PRESCRIPTION);
    expect(await tab.prescriptions.addMedication({ name: 'Dipirona' })).toEqual(NO_PRESCRIPTION);
    expect(await tab.prescriptions.removeMedication(0)).toEqual(NO_PRESCRIPTION);
    expect(await tab.prescriptions.finalize()).toEqual(NO_PRESCRIPTION);
    expect(await tab.prescriptions.cancel()).toEqual(NO_PRESCRIPTION);
    expect(tab.queue.getState().writes).toEqual([]);

    valueOf(await tab.prescriptions.quick(extraction(), DOCTOR));
    expect(await tab.prescriptions.update(extraction())).toEqual({
      ok: false,
      error: 'Esta receita já foi finalizada.',
    });
  });

  it('keeps the special-control marks the server gives, and never sends them back', async () => {
    const tab = newTab();
    const draft = valueOf(
      await tab.prescriptions.start(
        extraction({ medications: [{ name: 'Carbamazepina', dosage: '200mg' }] }),
        DOCTOR,
      ),
    );
    const control = draft.medications[0]?.control;
    expect(control).toMatchObject({ document: 'Receituário de Controle Especial' });
    // The server's schema is strict: a mark sent back would be refused.
    const updated = valueOf(await tab.prescriptions.addMedication({ name: 'Dipirona' }));
    expect(updated.medications[0]?.control).toEqual(control);
    expect(updated.receitaClass).toBe('controle_especial');
    // A controlled receita for a name with no chart is not issued (RDC 1.000/2025); the draft
    // stays, marks and all.
    expect(await tab.prescriptions.finalize()).toEqual({
      ok: false,
      code: 'patient_document_required',
      error: patientDocumentRefusal('controle_especial', false),
    });
    expect(tab.prescriptions.state.current?.medications[0]?.control).toEqual(control);
  });

  it('refuses what the server would refuse, with its message, online or not, and opens nothing', async () => {
    const tab = newTab();
    const tooLong = extraction({ patientName: 'x'.repeat(300) });
    const refusal = await doctor.browser.fetch('/api/prescriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ patientName: 'x'.repeat(300), date: '2026-03-10' }),
    });
    const { error } = (await refusal.json()) as { error: string };
    expect(await tab.prescriptions.start(tooLong, DOCTOR)).toEqual({ ok: false, error });
    await withServerDown(async () => {
      expect(await tab.prescriptions.start(tooLong, DOCTOR)).toEqual({ ok: false, error });
    });
    expect(tab.prescriptions.state.current).toBeUndefined();
    expect(tab.queue.getState().writes).toEqual([]);
  });

  it('cancels a draft: deleted on the server; a quick receita stays saved', async () => {
    const tab = newTab();
    const draft = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    expect(await tab.prescriptions.cancel()).toEqual({ ok: true, value: undefined });
    expect(tab.prescriptions.state.current).toBeUndefined();
    expect(await statusOnServer(`/api/prescriptions/${draft.id}`)).toBe(404);

    const quick = valueOf(await tab.prescriptions.quick(extraction(), DOCTOR));
    expect(await tab.prescriptions.cancel()).toEqual({ ok: true, value: undefined });
    expect(tab.prescriptions.state.saved).toEqual([quick]);
    expect(await receitaOnServer(quick.id)).toEqual(quick);
  });

  it('makes a quick receita with one request: current, saved, in the active lote; a draft stays', async () => {
    const tab = newTab();
    const batch = valueOf(await tab.prescriptions.startBatch('  Manhã '));
    expect(batch).toMatchObject({ name: 'Manhã', prescriptionIds: [] });
    expect(batch.id).toMatch(SERVER_ID);

    const draft = valueOf(
      await tab.prescriptions.start(extraction({ patientName: 'Rascunho' }), DOCTOR),
    );
    const maria = valueOf(
      await tab.prescriptions.quick(extraction({ patientName: 'Maria' }), DOCTOR),
    );
    expect(maria.isFinalized).toBe(true);
    expect(tab.prescriptions.state.current).toEqual(draft);
    await tab.prescriptions.cancel();

    const joao = valueOf(
      await tab.prescriptions.quick(extraction({ patientName: 'João' }), DOCTOR),
    );
    expect(tab.prescriptions.state.current).toEqual(joao);
    expect(tab.prescriptions.state.saved.map((p) => p.patientName)).toEqual(['João', 'Maria']);
    // '/adicionar-ao-lote' right after adds nothing twice; the receita is no longer current.
    const full = valueOf(await tab.prescriptions.addCurrentToBatch());
    expect(full.prescriptionIds).toEqual([maria.id, joao.id]);
    expect(tab.prescriptions.state.current).toBeUndefined();
    expect((await loteOnServer(batch.id)).batch.prescriptionIds).toEqual([maria.id, joao.id]);
    expect(tab.prescriptions.latestBatchWithPrescriptions()).toMatchObject({
      batch: { name: 'Manhã' },
      prescriptions: [{ patientName: 'Maria' }, { patientName: 'João' }],
    });
  });

  it('fills a lote: named by the server without a name, a draft finalised first, then finalised or cancelled', async () => {
    const tab = newTab();
    expect(await tab.prescriptions.addCurrentToBatch()).toEqual(NO_BATCH);
    valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    expect(await tab.prescriptions.addCurrentToBatch()).toEqual(NO_BATCH);
    await tab.prescriptions.cancel();
    const batch = valueOf(await tab.prescriptions.startBatch());
    expect(batch.name).toBe(defaultBatchName(new Date(batch.createdAt)));
    expect(await tab.prescriptions.addCurrentToBatch()).toEqual(NO_PRESCRIPTION);

    const draft = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    const added = valueOf(await tab.prescriptions.addCurrentToBatch());
    expect(added.prescriptionIds).toEqual([draft.id]);
    expect((await receitaOnServer(draft.id)).isFinalized).toBe(true);
    expect(tab.prescriptions.state).toMatchObject({
      current: undefined,
      batch: added,
      saved: [{ id: draft.id, isFinalized: true }],
    });

    const final = valueOf(await tab.prescriptions.finalizeBatch());
    expect(final.isFinalized).toBe(true);
    expect((await loteOnServer(batch.id)).batch).toEqual(final);
    expect(tab.prescriptions.state).toMatchObject({ batch: undefined, batches: [final] });
    expect(await tab.prescriptions.finalizeBatch()).toEqual(NO_BATCH);

    const other = valueOf(await tab.prescriptions.startBatch('Tarde'));
    const quick = valueOf(await tab.prescriptions.quick(extraction(), DOCTOR));
    expect(await tab.prescriptions.cancelBatch()).toEqual({ ok: true, value: undefined });
    expect(await statusOnServer(`/api/prescription-batches/${other.id}`)).toBe(404);
    expect(tab.prescriptions.state.batch).toBeUndefined();
    expect((await receitaOnServer(quick.id)).isFinalized).toBe(true);
    expect(await tab.prescriptions.cancelBatch()).toEqual(NO_BATCH);
  });

  it('runs a whole lote while the server is down, with local ids, and sends it in order when it is back', async () => {
    const tab = newTab();
    await withServerDown(async () => {
      const batch = valueOf(await tab.prescriptions.startBatch('Manhã'));
      expect(batch.id).toMatch(/^batch-local-\d+/);
      const maria = valueOf(
        await tab.prescriptions.start(extraction({ patientName: 'Maria' }), DOCTOR),
      );
      expect(maria.id).toMatch(/^prescription-local-\d+/);
      valueOf(await tab.prescriptions.addCurrentToBatch());
      valueOf(await tab.prescriptions.quick(extraction({ patientName: 'João' }), DOCTOR));
      const final = valueOf(await tab.prescriptions.finalizeBatch());
      expect(final).toMatchObject({ id: batch.id, name: 'Manhã', isFinalized: true });
      expect(final.prescriptionIds).toEqual(
        tab.prescriptions.state.saved.map((p) => p.id).reverse(),
      );
      expect(tab.queue.saveStateOf('batch', batch.id)).toBe('offline');
    });
    await until(nothingQueued(tab), 'the lote and its receitas sent');

    const [held] = tab.prescriptions.state.batches;
    expect(held?.id).toMatch(SERVER_ID);
    const onServer = await loteOnServer(held?.id ?? '');
    expect(onServer.batch).toEqual(held);
    expect(onServer.batch).toMatchObject({ name: 'Manhã', isFinalized: true });
    expect(onServer.prescriptions.map((p) => [p.patientName, p.isFinalized])).toEqual([
      ['Maria', true],
      ['João', true],
    ]);
    // Every local id was renamed to the server's, in the lote too.
    expect(tab.prescriptions.state.saved.map((p) => p.id)).toEqual(
      [...onServer.batch.prescriptionIds].reverse(),
    );
  });

  it('keeps edits made while the server is down and sends them in order; a cancel waits too', async () => {
    const tab = newTab();
    const draft = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    await withServerDown(async () => {
      // Not awaited one by one: they still go in order.
      const [first, second] = await Promise.all([
        tab.prescriptions.addMedication({ name: 'Dipirona' }),
        tab.prescriptions.addMedication({ name: 'Loratadina' }),
      ]);
      expect(first.ok && second.ok).toBe(true);
      expect(tab.queue.saveStateOf('prescription', draft.id)).toBe('offline');
    });
    await until(nothingQueued(tab), 'the edits sent');
    expect((await receitaOnServer(draft.id)).medications.map((m) => m.name)).toEqual([
      'Paracetamol',
      'Dipirona',
      'Loratadina',
    ]);

    await withServerDown(async () => {
      expect(await tab.prescriptions.cancel()).toEqual({ ok: true, value: undefined });
      expect(tab.prescriptions.state.current).toBeUndefined();
      // One the server never had is never sent.
      const local = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
      expect(await tab.prescriptions.cancel()).toEqual({ ok: true, value: undefined });
      expect(tab.queue.pendingFor('prescription', local.id)).toEqual([]);
    });
    await until(nothingQueued(tab), 'the cancel sent');
    expect(await statusOnServer(`/api/prescriptions/${draft.id}`)).toBe(404);
    const { prescriptions } = await elsewhere().call(prescriptionsApi.list, {
      query: { limit: 100 },
    });
    expect(prescriptions.map((p) => p.id)).not.toContain(draft.id);
  });

  it('takes the server’s receita when another tab changed it, says so, and writes on from its version', async () => {
    const tab = newTab();
    const draft = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    const { prescription: changed } = await elsewhere().call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { diagnosis: 'Faringite (outra aba)' },
      ifMatch: draft.version,
    });
    expect(await tab.prescriptions.update(extraction({ notes: 'Repouso' }))).toEqual({
      ok: false,
      error: PRESCRIPTION_CHANGED,
      code: 'prescription_changed',
    });
    expect(tab.prescriptions.state.current).toEqual(changed);
    const final = valueOf(await tab.prescriptions.finalize());
    expect(final).toMatchObject({ diagnosis: 'Faringite (outra aba)', isFinalized: true });

    // A cancel of a version changed since keeps the receita, as it now is.
    const other = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    const { prescription: edited } = await elsewhere().call(prescriptionsApi.update, {
      params: { id: other.id },
      body: { notes: 'Editada em outra aba' },
    });
    expect(await tab.prescriptions.cancel()).toEqual({ ok: false, error: PRESCRIPTION_CHANGED });
    expect(tab.prescriptions.state.current).toEqual(edited);
    expect(await receitaOnServer(other.id)).toEqual(edited);
  });

  it('takes the server’s lote when another tab changed or finalised it, and says so', async () => {
    const tab = newTab();
    const batch = valueOf(await tab.prescriptions.startBatch('Manhã'));
    const { batch: renamed } = await elsewhere().call(batchesApi.update, {
      params: { id: batch.id },
      body: { name: 'Renomeado em outra aba' },
    });
    expect(await tab.prescriptions.finalizeBatch()).toEqual({ ok: false, error: BATCH_CHANGED });
    expect(tab.prescriptions.state.batch).toEqual(renamed);

    const { batch: finalized } = await elsewhere().call(batchesApi.update, {
      params: { id: batch.id },
      body: { isFinalized: true },
    });
    valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    expect(await tab.prescriptions.addCurrentToBatch()).toEqual({
      ok: false,
      error: BATCH_CHANGED,
    });
    expect(tab.prescriptions.state.batch).toBeUndefined();
    expect(tab.prescriptions.state.batches).toEqual([finalized]);
  });

  it('reads the finalised receitas and lotes from the server, keeping what it has not got yet', async () => {
    const first = newTab();
    valueOf(await first.prescriptions.quick(extraction({ patientName: 'Do servidor' }), DOCTOR));
    valueOf(await first.prescriptions.start(extraction({ patientName: 'Rascunho' }), DOCTOR));
    const batch = valueOf(await first.prescriptions.startBatch('Ontem'));
    valueOf(await first.prescriptions.addCurrentToBatch());
    valueOf(await first.prescriptions.finalizeBatch());
    const open = valueOf(await first.prescriptions.startBatch('Aberto'));
    await first.close();

    // Another browser: the same doctor, nothing kept, a receita made offline.
    stubLocalStorage();
    const other = newTab();
    await withServerDown(async () => {
      valueOf(await other.prescriptions.quick(extraction({ patientName: 'Offline' }), DOCTOR));
    });
    await other.readPrescriptions();
    expect(other.prescriptions.state.saved.map((p) => p.patientName).slice(0, 3)).toEqual([
      'Offline',
      'Rascunho',
      'Do servidor',
    ]);
    expect(other.prescriptions.state.batches.map((b) => b.id)).toContain(batch.id);
    expect(other.prescriptions.state.batches.map((b) => b.id)).not.toContain(open.id);

    // The active lote, finalised elsewhere, is no longer active here.
    const active = valueOf(await other.prescriptions.startBatch('Ativo'));
    await elsewhere().call(batchesApi.update, {
      params: { id: active.id },
      body: { isFinalized: true },
    });
    await other.readPrescriptions();
    expect(other.prescriptions.state.batch).toBeUndefined();
    expect(other.prescriptions.state.batches[0]).toMatchObject({
      id: active.id,
      isFinalized: true,
    });

    // Without the server, what is held stays.
    const held = other.prescriptions.state;
    await withServerDown(async () => {
      await expect(other.readPrescriptions()).rejects.toMatchObject({ code: 'unreachable' });
    });
    expect(other.prescriptions.state.saved).toEqual(held.saved);
  });

  it('shows what a closed page left at once, takes over its unsent writes and sends them', async () => {
    const first = newTab();
    await withServerDown(async () => {
      valueOf(await first.prescriptions.startBatch('Manhã'));
      valueOf(await first.prescriptions.quick(extraction({ patientName: 'Offline' }), DOCTOR));
      valueOf(await first.prescriptions.start(extraction({ patientName: 'Rascunho' }), DOCTOR));
      await first.close(); // closed (or reloaded) before the server is back
    });
    const second = newTab();
    expect(second.prescriptions.state).toMatchObject({
      current: { patientName: 'Rascunho' },
      batch: { name: 'Manhã', prescriptionIds: [expect.stringMatching(/^prescription-local-/)] },
      saved: [{ patientName: 'Offline' }],
    });
    await second.queue.adoptOrphans();
    expect(second.queue.getState().writes.length).toBeGreaterThan(0);
    await until(nothingQueued(second), 'the adopted writes');
    const { current, batch, saved } = second.prescriptions.state;
    expect(current?.id).toMatch(SERVER_ID);
    expect(batch?.prescriptionIds).toEqual([saved[0]?.id]);
    expect((await loteOnServer(batch?.id ?? '')).prescriptions).toMatchObject([
      { patientName: 'Offline', isFinalized: true },
    ]);
  });

  it('never shows the receitas to another doctor, and signing out takes them from the device', async () => {
    const tab = newTab();
    valueOf(await tab.prescriptions.quick(extraction(), DOCTOR));
    valueOf(await tab.prescriptions.startBatch('Manhã'));
    await tab.close();
    const otherDoctor = await signUpDoctor(server.url, 'Dr. Outro');
    expect(newTab(otherDoctor).prescriptions.state).toMatchObject({
      current: undefined,
      batch: undefined,
      saved: [],
      batches: [],
    });
    expect(newTab().prescriptions.state.saved).toHaveLength(1);
    forgetDoctorEntries();
    expect(newTab().prescriptions.state.saved).toEqual([]);
  });

  it('saves the doctor’s own quantity to dispense as theirs, on a draft, never on an issued one', async () => {
    const tab = newTab();
    const draft = valueOf(await tab.prescriptions.start(extraction(), DOCTOR));
    const edited = valueOf(await tab.prescriptions.setDispenseQuantity(draft.id, 0, '2 caixas'));
    expect(edited.medications[0]?.dispenseQuantity).toMatchObject({
      text: '2 (duas) caixas',
      enteredByDoctor: true,
    });
    expect(await receitaOnServer(draft.id)).toEqual(edited);
    expect(tab.prescriptions.state.current).toEqual(edited);
    expect(await tab.prescriptions.setDispenseQuantity(draft.id, 0, 'muitas')).toEqual({
      ok: false,
      error:
        'Escreva a quantidade a dispensar com um número inteiro e a unidade, por exemplo: 21 cápsulas.',
    });
    expect(await tab.prescriptions.setDispenseQuantity(draft.id, 4, '1 caixa')).toEqual({
      ok: false,
      error: 'Medicamento não encontrado na receita.',
    });
    expect(await tab.prescriptions.setDispenseQuantity('prescription-x', 0, '1 caixa')).toEqual(
      NO_PRESCRIPTION,
    );

    const issued = valueOf(await tab.prescriptions.finalize());
    expect(issued.medications[0]?.dispenseQuantity?.text).toBe('2 (duas) caixas');
    expect(await tab.prescriptions.setDispenseQuantity(issued.id, 0, '3 caixas')).toMatchObject({
      ok: false,
      code: 'prescription_finalized',
    });
    expect(await receitaOnServer(issued.id)).toEqual(issued);
  });
});
