import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MedicalRecord } from '@shared/records/medical-record';
import type { RunningServer } from '@server/server';
import { createMigratedTestStorage, type TestStorage } from '@server/testing/test-storage';
import {
  restartTestServer,
  signUpDoctor,
  startTestServer,
  type TestDoctorAccount,
} from '@server/testing/test-server';
import { stubLocalStorage, type MemoryStorage } from '../testing/memory-local-storage';
import { TestPages, openTab, until, type TestTab } from './browser-tab.testing';
import { MAX_RECORD_BACKUPS, recordKeys } from './records';

/** The record as the server has it now. */
async function onServer(doctor: TestDoctorAccount, id: string): Promise<MedicalRecord> {
  const response = await doctor.browser.fetch(`/api/medical-records/${id}`);
  if (!response.ok) throw new Error(`record ${id}: ${response.status}`);
  return ((await response.json()) as { record: MedicalRecord }).record;
}

const saved = (tab: TestTab) => () => {
  const id = tab.record.record?.id;
  return id !== undefined && tab.queue.saveStateOf('record', id) === 'saved';
};
const stateOf = (tab: TestTab) => tab.queue.saveStateOf('record', tab.record.record?.id ?? '');

describe('the open record, on the data layer against the real server', () => {
  let storage: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;
  let pages: TestPages;
  let localStorage: MemoryStorage;
  const tabs: TestTab[] = [];

  beforeAll(async () => {
    storage = await createMigratedTestStorage();
    server = await startTestServer(storage);
    doctor = await signUpDoctor(server.url, 'Dra. Helena Prado');
  });
  afterAll(async () => {
    await server.close();
    await storage.cleanup();
  });
  beforeEach(() => {
    // Each test is a browser of its own: its own local storage and pages.
    localStorage = stubLocalStorage();
    pages = new TestPages();
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) await tab.close();
    vi.unstubAllGlobals();
  });

  const newTab = (account: TestDoctorAccount = doctor) => {
    const tab = openTab({ userId: account.id, browser: account.browser, pages });
    tabs.push(tab);
    return tab;
  };

  /** Stops the server, runs `whileDown`, and starts it again on the same port and data. */
  async function withServerDown(whileDown: () => Promise<void> | void): Promise<void> {
    await server.close();
    try {
      await whileDown();
    } finally {
      server = await restartTestServer(storage, server);
    }
  }

  it('creates the record on the server and saves each edit there, marking its step', async () => {
    const tab = newTab();
    const record = await tab.record.create();
    expect(record.id).toMatch(/^medical-record-/);
    tab.record.updatePart('patientInfo', { name: 'Maria Souza', age: 45 });
    tab.record.updatePart('symptoms', {
      chiefComplaint: 'Cefaleia há 3 dias',
      intensity: 'moderada',
    });
    await until(saved(tab), 'the save');

    const answer = await onServer(doctor, record.id);
    expect(answer.patientInfo).toEqual({ name: 'Maria Souza', age: 45 });
    expect(answer.symptoms?.chiefComplaint).toBe('Cefaleia há 3 dias');
    expect(answer.steps.filter((step) => step.completed).map((step) => step.type)).toEqual([
      'patient-info',
      'symptoms',
    ]);
    expect(tab.record.record?.version).toBe(answer.version);
  });

  it('keeps every word typed while the server is down and sends it when it is back', async () => {
    const tab = newTab();
    const { id } = await tab.record.create();
    await withServerDown(async () => {
      tab.record.updatePart('patientInfo', { name: 'João Lima' });
      tab.record.updatePart('assessment', 'Hipertensão arterial sistêmica');
      await until(() => stateOf(tab) === 'offline', 'the offline state');
      // A reload now would find the words in local storage, in the queue of unsent writes.
      const kept = [...Array(localStorage.length).keys()]
        .map((index) => localStorage.getItem(localStorage.key(index) ?? '') ?? '')
        .find((value) => value.includes('"record.save"'));
      expect(kept).toContain('Hipertensão arterial sistêmica');
    });
    await until(saved(tab), 'the retried save');
    const answer = await onServer(doctor, id);
    expect(answer.patientInfo?.name).toBe('João Lima');
    expect(answer.assessment).toBe('Hipertensão arterial sistêmica');
  });

  it('creates a local record-<timestamp> when the server is down and creates it later', async () => {
    const tab = newTab();
    await withServerDown(async () => {
      const record = await tab.record.create();
      expect(record.id).toMatch(/^record-\d+$/);
      tab.record.updatePart('plan', 'Retorno em 7 dias');
    });
    await until(
      () => saved(tab)() && Boolean(tab.record.record?.id.startsWith('medical-record-')),
      'the created record',
    );
    const answer = await onServer(doctor, tab.record.record?.id ?? '');
    expect(answer.plan).toBe('Retorno em 7 dias');
  });

  it('reopens the record on the next start, and sends edits a closed tab left', async () => {
    const first = newTab();
    const { id } = await first.record.create();
    await withServerDown(async () => {
      first.record.updatePart('plan', 'Dieta hipossódica');
      await first.close(); // the tab is closed (or reloaded) before the server is back
    });
    const second = newTab();
    expect(second.record.record?.plan).toBe('Dieta hipossódica');
    await second.queue.adoptOrphans();
    expect(second.queue.getState().writes).toHaveLength(1);
    await until(() => second.queue.getState().writes.length === 0, 'the adopted save');
    expect((await onServer(doctor, id)).plan).toBe('Dieta hipossódica');
  });

  it('opening the record from the list after a closed tab keeps that tab’s edits, without a conflict', async () => {
    const first = newTab();
    const { id } = await first.record.create();
    first.record.updatePart('prescriptions', {
      medications: [{ id: 'med-1', name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' }],
    });
    await until(saved(first), 'the medicine’s save');
    await withServerDown(async () => {
      first.record.updatePart('plan', '- Analgesia');
      await first.close(); // the browser is closed before the plan is sent
    });
    // The list is read before the plan lands: this copy of the record has no plan yet.
    const listed = await onServer(doctor, id);
    expect(listed.plan).toBeUndefined();

    const second = newTab();
    await second.queue.adoptOrphans();
    second.record.open(listed);
    expect(second.record.record?.plan).toBe('- Analgesia');
    await until(saved(second), 'the adopted save');
    // A read that left before the save landed, answered after it, changes nothing either.
    second.record.open(listed);
    expect(second.record.record?.plan).toBe('- Analgesia');

    second.record.updatePart('plan', '- Analgesia\n- Retorno em 15 dias');
    await until(() => stateOf(second) !== 'saving', 'the next save');
    expect(stateOf(second)).toBe('saved');
    const answer = await onServer(doctor, id);
    expect(answer.plan).toBe('- Analgesia\n- Retorno em 15 dias');
    expect(answer.prescriptions?.medications?.map((medication) => medication.name)).toEqual([
      'Paracetamol',
    ]);
  });

  it('a save the server took, whose answer never came, is sent again as it was: no conflict', async () => {
    let loseSaveAnswer = false;
    // Answers are lost on the way back (a dropped connection) until the page is closed.
    const losingAnswers = {
      fetch: async (path: string, init: RequestInit) => {
        const response = await doctor.browser.fetch(path, init);
        if (loseSaveAnswer && init.method === 'PUT') {
          throw new TypeError('Failed to fetch');
        }
        return response;
      },
    };
    const first = openTab({ userId: doctor.id, browser: losingAnswers, pages });
    tabs.push(first);
    const { id } = await first.record.create();
    loseSaveAnswer = true;
    first.record.updatePart('plan', '- Analgesia');
    await until(() => stateOf(first) === 'offline', 'the lost answer');
    expect((await onServer(doctor, id)).plan).toBe('- Analgesia');
    await first.close();
    loseSaveAnswer = false;

    let second = first;
    await withServerDown(async () => {
      second = newTab();
      await second.queue.adoptOrphans();
      await until(() => stateOf(second) === 'offline', 'the adopted save, kept');
      second.record.updatePart('plan', '- Analgesia\n- Retorno em 15 dias');
    });
    await until(() => !['saving', 'offline'].includes(stateOf(second)), 'both saves');
    expect(stateOf(second)).toBe('saved');
    expect((await onServer(doctor, id)).plan).toBe('- Analgesia\n- Retorno em 15 dias');
  });

  it('two tabs keep their unsent edits apart, and a live tab’s are never taken', async () => {
    const tabA = newTab();
    const tabB = newTab();
    await withServerDown(async () => {
      await tabA.record.create({ plan: 'Plano da aba A' });
      await tabB.record.create({ plan: 'Plano da aba B' });
      await tabA.queue.adoptOrphans();
      expect(tabA.queue.getState().writes).toHaveLength(1);
      expect(tabB.queue.getState().writes).toHaveLength(1);
    });
    await until(
      () => tabA.queue.getState().writes.length + tabB.queue.getState().writes.length === 0,
      'both creates',
    );
    expect(tabA.record.record?.id).not.toBe(tabB.record.record?.id);
  });

  it('does not reopen a record the doctor left on purpose, nor another doctor’s', async () => {
    const tab = newTab();
    await tab.record.create();
    tab.record.updatePart('patientInfo', { name: 'Ana' });
    await until(saved(tab), 'the save');
    await tab.close();

    const otherDoctor = await signUpDoctor(server.url, 'Dr. Outro');
    expect(newTab(otherDoctor).record.record).toBeUndefined();

    const again = newTab();
    expect(again.record.record?.patientInfo?.name).toBe('Ana');
    again.record.clear();
    await again.close();
    expect(newTab().record.record).toBeUndefined();
  });

  it('asks instead of overwriting when another tab saved a newer version', async () => {
    const tabA = newTab();
    const record = await tabA.record.create();
    const tabB = newTab();
    tabB.record.open(await onServer(doctor, record.id));

    tabA.record.updatePart('assessment', 'Versão da aba A');
    await until(saved(tabA), 'tab A’s save');
    tabB.record.updatePart('assessment', 'Versão da aba B');
    await until(() => stateOf(tabB) === 'conflict', 'the conflict');
    expect(tabB.queue.conflictOf('record', record.id)).toMatchObject({
      assessment: 'Versão da aba A',
    });
    expect((await onServer(doctor, record.id)).assessment).toBe('Versão da aba A');

    tabB.record.resolveConflict('mine');
    await until(saved(tabB), 'tab B’s save');
    expect((await onServer(doctor, record.id)).assessment).toBe('Versão da aba B');

    // Tab A now holds the older version: it is asked too, and may take B's.
    tabA.record.updatePart('plan', 'Plano da aba A');
    await until(() => stateOf(tabA) === 'conflict', 'tab A’s conflict');
    tabA.record.resolveConflict('theirs');
    expect(tabA.record.record?.assessment).toBe('Versão da aba B');
    expect(tabA.record.record?.plan).toBeUndefined();
    expect(tabA.queue.getState().writes).toEqual([]);
  });

  it('joins both versions after a real conflict, keeping everything saved', async () => {
    const tabA = newTab();
    const record = await tabA.record.create();
    const tabB = newTab();
    tabB.record.open(await onServer(doctor, record.id));

    tabA.record.updatePart('assessment', 'Cefaleia tensional');
    await until(saved(tabA), 'tab A’s save');
    tabB.record.updatePart('plan', 'Retorno em 15 dias');
    await until(() => stateOf(tabB) === 'conflict', 'the conflict');
    tabB.record.resolveConflict('both');
    await until(saved(tabB), 'the joined save');
    const joined = await onServer(doctor, record.id);
    expect(joined.assessment).toBe('Cefaleia tensional');
    expect(joined.plan).toBe('Retorno em 15 dias');
    expect(tabB.record.record?.assessment).toBe('Cefaleia tensional');
  });

  it('keeps the newest three cancelled records aside, and deleting the open one closes it', async () => {
    const tab = newTab();
    for (const name of ['Primeira', 'Segunda', 'Terceira', 'Quarta']) {
      await tab.record.create();
      tab.record.updatePart('patientInfo', { name });
      await tab.record.cancel();
    }
    const backups = tab.cache.getQueryData<{ backups: { patientName: string }[] }>(
      recordKeys.backups,
    );
    expect(backups?.backups.map((backup) => backup.patientName)).toEqual([
      'Quarta',
      'Terceira',
      'Segunda',
    ]);
    expect(backups?.backups).toHaveLength(MAX_RECORD_BACKUPS);

    const { id } = await tab.record.create();
    expect(await tab.record.delete(id)).toBeUndefined();
    expect(tab.record.record).toBeUndefined();
    expect((await doctor.browser.fetch(`/api/medical-records/${id}`)).status).toBe(404);
  });

  it('finalises on the server and completes the print-summary step', async () => {
    const tab = newTab();
    const { id } = await tab.record.create();
    tab.record.updatePart('plan', 'Repouso');
    expect(await tab.record.finalize()).toBe('sent');
    const answer = await onServer(doctor, id);
    expect(answer.status).toBe('finalizado');
    expect(answer.steps.find((step) => step.type === 'print-summary')?.completed).toBe(true);
    expect(answer.currentStep).toBe('print-summary');
    expect(tab.record.record?.currentStep).toBe('print-summary');
  });

  it('keeps a finalised record as it is: edits ignored, steps only browsed, addenda appended', async () => {
    const tab = newTab();
    const { id } = await tab.record.create();
    tab.record.updatePart('plan', 'Repouso');
    expect(await tab.record.finalize()).toBe('sent');

    tab.record.updatePart('plan', 'Trocado depois');
    tab.record.setPart('structuredAnamnesis', undefined);
    tab.record.goToStep('symptoms');
    expect(tab.record.record?.plan).toBe('Repouso');
    expect(tab.record.record?.currentStep).toBe('symptoms');
    expect(stateOf(tab)).toBe('saved');
    expect(await tab.record.saveAll()).toBe(true);

    const added = await tab.record.addAddendum('Paciente relatou alergia a AAS.');
    expect(added.status).toBe('sent');
    expect(tab.record.record?.addenda).toMatchObject([
      { author: 'Dra. Helena Prado', text: 'Paciente relatou alergia a AAS.' },
    ]);
    const after = await onServer(doctor, id);
    expect(after.plan).toBe('Repouso');
    expect(after.currentStep).toBe('print-summary');
    expect(after.addenda).toEqual(tab.record.record?.addenda);
    expect(tab.record.record?.version).toBe(after.version);
  });

  it('shows the finalised version when another device finalised the record meanwhile', async () => {
    const tabA = newTab();
    const record = await tabA.record.create();
    const tabB = newTab();
    tabB.record.open(await onServer(doctor, record.id));
    tabB.record.updatePart('plan', 'Plano final');
    expect(await tabB.record.finalize()).toBe('sent');

    tabA.record.updatePart('assessment', 'Escrita depois da finalização');
    await until(() => stateOf(tabA) === 'failed', 'the refusal');
    expect(tabA.queue.refusalOf('record', record.id)).toMatch(/finalizado.*adendo/);
    expect(tabA.record.record?.status).toBe('finalizado');
    expect(tabA.record.record?.plan).toBe('Plano final');
    expect(tabA.record.record?.assessment).toBeUndefined();
    const backups = tabA.cache.getQueryData<{ backups: { record: MedicalRecord }[] }>(
      recordKeys.backups,
    );
    expect(backups?.backups[0]?.record.assessment).toBe('Escrita depois da finalização');
    expect((await onServer(doctor, record.id)).assessment).toBeUndefined();
  });
});
