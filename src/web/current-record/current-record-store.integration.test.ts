import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/server';
import { createTestStorage, type TestStorage } from '../../server/testing/test-storage';
import {
  restartTestServer,
  signUpDoctor,
  startTestServer,
  TestBrowser,
  type TestDoctorAccount,
} from '../../server/testing/test-server';
import {
  CurrentRecordStore,
  MAX_RECORD_BACKUPS,
  type RecordStorage,
  type RecordStoreTimings,
} from './current-record-store';

/** The browser's local storage, for a store running in Node. */
function memoryStorage(): RecordStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    read: (key) => entries.get(key) ?? null,
    write: (key, value) => entries.set(key, value),
    remove: (key) => entries.delete(key),
  };
}

/** Short delays, so retries happen within a test; the order of events is what is tested. */
const FAST: RecordStoreTimings = { localSaveMs: 5, serverSaveMs: 10, retryDelaysMs: [30, 60] };

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const saved = (store: CurrentRecordStore) => () => store.getSnapshot().save.state === 'saved';

describe('the open record, saved against the real server', () => {
  let storage: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;

  beforeAll(async () => {
    storage = await createTestStorage();
    server = await startTestServer(storage);
    doctor = await signUpDoctor(server.url, 'Dra. Helena Prado');
  });
  afterAll(async () => {
    await server.close();
    await storage.cleanup();
  });

  /** Stops the server, runs `whileDown`, and starts it again on the same port and data. */
  async function withServerDown(whileDown: () => Promise<void> | void): Promise<void> {
    await server.close();
    try {
      await whileDown();
    } finally {
      server = await restartTestServer(storage, server);
    }
  }

  const newStore = (local = memoryStorage(), browser: TestBrowser = doctor.browser) =>
    new CurrentRecordStore(doctor.id, browser.records, local, FAST);

  it('creates the record on the server and saves each edit there, marking its step', async () => {
    const store = newStore();
    const record = await store.create();
    expect(record.id).toMatch(/^medical-record-/);
    store.updatePart('patientInfo', { name: 'Maria Souza', age: 45 });
    store.updatePart('symptoms', { chiefComplaint: 'Cefaleia há 3 dias', intensity: 'moderada' });
    await until(saved(store), 'the save');

    const answer = await doctor.browser.records.get(record.id);
    if (!answer.success) throw new Error(answer.error);
    expect(answer.record.patientInfo).toEqual({ name: 'Maria Souza', age: 45 });
    expect(answer.record.symptoms?.chiefComplaint).toBe('Cefaleia há 3 dias');
    expect(answer.record.steps.filter((step) => step.completed).map((step) => step.type)).toEqual([
      'patient-info',
      'symptoms',
    ]);
    expect(store.record?.version).toBe(answer.record.version);
    store.dispose();
  });

  it('keeps every word typed while the server is down and sends it when it is back', async () => {
    const local = memoryStorage();
    const store = newStore(local);
    const { id } = await store.create();
    await withServerDown(async () => {
      store.updatePart('patientInfo', { name: 'João Lima' });
      store.updatePart('assessment', 'Hipertensão arterial sistêmica');
      await until(() => store.getSnapshot().save.state === 'offline', 'the offline state');
      // A reload now would find the words in local storage, marked as not yet on the server.
      store.flushLocal();
      expect(JSON.parse(local.entries.get('current') ?? '{}')).toMatchObject({
        unsynced: true,
        record: { assessment: 'Hipertensão arterial sistêmica' },
      });
    });
    await until(saved(store), 'the retried save');
    const answer = await doctor.browser.records.get(id);
    if (!answer.success) throw new Error(answer.error);
    expect(answer.record.patientInfo?.name).toBe('João Lima');
    expect(answer.record.assessment).toBe('Hipertensão arterial sistêmica');
    store.dispose();
  });

  it('creates a local record-<timestamp> when the server is down and syncs it later', async () => {
    const store = newStore();
    await withServerDown(async () => {
      const record = await store.create();
      expect(record.id).toMatch(/^record-\d+$/);
      store.updatePart('plan', 'Retorno em 7 dias');
    });
    await until(
      () => saved(store)() && Boolean(store.record?.id.startsWith('medical-record-')),
      'the synced record',
    );
    const id = store.record?.id ?? '';
    const answer = await doctor.browser.records.get(id);
    if (!answer.success) throw new Error(answer.error);
    expect(answer.record.plan).toBe('Retorno em 7 dias');
    store.dispose();
  });

  it('reopens the record on the next start, and sends edits a reload interrupted', async () => {
    const local = memoryStorage();
    const first = newStore(local);
    const { id } = await first.create();
    await withServerDown(() => {
      first.updatePart('plan', 'Dieta hipossódica');
      first.dispose(); // the tab is closed before the server is back
    });
    const second = newStore(local);
    await second.restore();
    await until(saved(second), 'the save after the restart');
    expect(second.record?.plan).toBe('Dieta hipossódica');
    const answer = await doctor.browser.records.get(id);
    expect(answer.success && answer.record.plan).toBe('Dieta hipossódica');
    second.dispose();
  });

  it('does not reopen a record the doctor left on purpose, nor another doctor’s', async () => {
    const local = memoryStorage();
    const store = newStore(local);
    await store.create();
    store.updatePart('patientInfo', { name: 'Ana' });
    await until(saved(store), 'the save');
    store.flushLocal();

    const otherDoctor = await signUpDoctor(server.url, 'Dr. Outro');
    const foreign = new CurrentRecordStore(
      otherDoctor.id,
      otherDoctor.browser.records,
      local,
      FAST,
    );
    await foreign.restore();
    expect(foreign.record).toBeUndefined();

    store.clear({ explicitExit: true });
    const next = newStore(local);
    await next.restore();
    expect(next.record).toBeUndefined();
    store.dispose();
  });

  it('asks instead of overwriting when another tab saved a newer version', async () => {
    const tabA = newStore();
    const record = await tabA.create();
    const opened = await doctor.browser.records.get(record.id);
    if (!opened.success) throw new Error(opened.error);
    const tabB = newStore();
    tabB.open(opened.record);

    tabA.updatePart('assessment', 'Versão da aba A');
    await until(saved(tabA), 'tab A’s save');
    tabB.updatePart('assessment', 'Versão da aba B');
    await until(() => tabB.getSnapshot().save.state === 'conflict', 'the conflict');
    expect(tabB.getSnapshot().save.serverRecord?.assessment).toBe('Versão da aba A');
    let onServer = await doctor.browser.records.get(record.id);
    expect(onServer.success && onServer.record.assessment).toBe('Versão da aba A');

    await tabB.resolveConflict('mine');
    await until(saved(tabB), 'tab B’s save');
    onServer = await doctor.browser.records.get(record.id);
    expect(onServer.success && onServer.record.assessment).toBe('Versão da aba B');

    // Tab A now holds the older version: it is asked too, and may take B's.
    tabA.updatePart('plan', 'Plano da aba A');
    await until(() => tabA.getSnapshot().save.state === 'conflict', 'tab A’s conflict');
    await tabA.resolveConflict('theirs');
    expect(tabA.record?.assessment).toBe('Versão da aba B');
    expect(tabA.record?.plan).toBeUndefined();
    tabA.dispose();
    tabB.dispose();
  });

  it('keeps the newest three backups, and deleting the open record forgets it', async () => {
    const local = memoryStorage();
    const store = newStore(local);
    for (const name of ['Primeira', 'Segunda', 'Terceira', 'Quarta']) {
      await store.create();
      store.updatePart('patientInfo', { name });
      store.clear({ backup: true });
    }
    expect(store.backups().map((backup) => backup.patientName)).toEqual([
      'Quarta',
      'Terceira',
      'Segunda',
    ]);
    expect(store.backups()).toHaveLength(MAX_RECORD_BACKUPS);

    const { id } = await store.create();
    store.flushLocal();
    expect(await store.delete(id)).toBeUndefined();
    expect(store.record).toBeUndefined();
    expect(local.entries.has('current')).toBe(false);
    expect((await doctor.browser.records.get(id)).status).toBe(404);
    store.dispose();
  });

  it('finalises on the server and completes the print-summary step', async () => {
    const store = newStore();
    const { id } = await store.create();
    store.updatePart('plan', 'Repouso');
    expect(await store.finalize()).toBe(true);
    const answer = await doctor.browser.records.get(id);
    if (!answer.success) throw new Error(answer.error);
    expect(answer.record.status).toBe('finalizado');
    expect(answer.record.steps.find((step) => step.type === 'print-summary')?.completed).toBe(true);
    expect(answer.record.currentStep).toBe('print-summary');
    expect(store.record?.currentStep).toBe('print-summary');
    store.dispose();
  });

  it('keeps a finalised record as it is: edits ignored, steps only browsed, addenda appended', async () => {
    const store = newStore();
    const { id } = await store.create();
    store.updatePart('plan', 'Repouso');
    expect(await store.finalize()).toBe(true);
    const finalised = await doctor.browser.records.get(id);
    if (!finalised.success) throw new Error(finalised.error);

    store.updatePart('plan', 'Trocado depois');
    store.setPart('structuredAnamnesis', undefined);
    store.goToStep('symptoms');
    expect(store.record?.plan).toBe('Repouso');
    expect(store.record?.currentStep).toBe('symptoms');
    expect(store.getSnapshot().save.state).toBe('saved');
    expect(await store.saveAll()).toBe(true);

    expect(await store.addAddendum('Paciente relatou alergia a AAS.')).toBeUndefined();
    expect(store.record?.addenda).toMatchObject([
      { author: 'Dra. Helena Prado', text: 'Paciente relatou alergia a AAS.' },
    ]);
    const after = await doctor.browser.records.get(id);
    if (!after.success) throw new Error(after.error);
    expect(after.record.plan).toBe('Repouso');
    expect(after.record.currentStep).toBe('print-summary');
    expect(after.record.addenda).toEqual(store.record?.addenda);
    expect(store.record?.version).toBe(after.record.version);
    store.dispose();
  });

  it('shows the finalised version when another device finalised the record meanwhile', async () => {
    const local = memoryStorage();
    const tabA = newStore(local);
    const record = await tabA.create();
    const opened = await doctor.browser.records.get(record.id);
    if (!opened.success) throw new Error(opened.error);
    const tabB = newStore();
    tabB.open(opened.record);
    tabB.updatePart('plan', 'Plano final');
    expect(await tabB.finalize()).toBe(true);

    tabA.updatePart('assessment', 'Escrita depois da finalização');
    await until(() => tabA.getSnapshot().save.state === 'failed', 'the refusal');
    expect(tabA.getSnapshot().save.error).toMatch(/finalizado.*adendo/);
    expect(tabA.record?.status).toBe('finalizado');
    expect(tabA.record?.plan).toBe('Plano final');
    expect(tabA.record?.assessment).toBeUndefined();
    expect(tabA.backups()[0]?.record.assessment).toBe('Escrita depois da finalização');
    const onServer = await doctor.browser.records.get(record.id);
    expect(onServer.success && onServer.record.assessment).toBeUndefined();
    tabA.dispose();
    tabB.dispose();
  });
});
