import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import type { TestDoctorAccount } from '@server/testing/test-server';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled,
  openSignedInPage,
  openWorkspaceChat,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

/**
 * `/iniciar-prontuario <nome>, …` on a server with no language model: the name typed first is the
 * record's patient, filed under her chart (docs/product.md, "Comandos do prontuário").
 */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const COMMAND = '/iniciar-prontuario Ana Lúcia Martins, 34 anos, dor de cabeça há 3 dias';

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversa com o Prontu' });

async function openChatAs(viewport: ViewportName) {
  const signedIn = await openSignedInPage(session.browser, problems, session.server.url, viewport);
  await openWorkspaceChat(signedIn.page, session.server.url, viewport);
  return signedIn;
}

async function ask(page: Page, text: string) {
  const input = page.getByLabel('Mensagem para o Prontu');
  await input.fill(text);
  await input.press('Enter');
}

/** The doctor's newest record once the server holds it with a patient (edits save after 2 s). */
async function newestRecordWithPatient(doctor: TestDoctorAccount) {
  const { api } = doctor.browser.pointedAt(session.server.url);
  await expect
    .poll(
      async () =>
        (await api.call(recordsApi.list, { query: { limit: 1 } })).records[0]?.patientId ?? '',
      { timeout: 15_000, interval: 250 },
    )
    .not.toBe('');
  const [record] = (await api.call(recordsApi.list, { query: { limit: 1 } })).records;
  if (!record) throw new Error('no record on the server');
  return record;
}

async function patientsOf(doctor: TestDoctorAccount) {
  const { api } = doctor.browser.pointedAt(session.server.url);
  return (await api.call(patientsApi.list, { query: {} })).patients;
}

/** The record opened from the chat shows her name and the chart it is filed under. */
async function expectRecordOpenFor(page: Page) {
  await ask(page, '/mostrar-prontuario');
  await visible(page.getByRole('heading', { name: 'Dados do Paciente' }));
  await expect
    .poll(() => fieldLabelled(page, 'Nome completo').inputValue())
    .toBe('Ana Lúcia Martins');
  await visible(page.getByText('Consulta na ficha de'));
}

describe.each<ViewportName>(['desktop', 'phone'])('/iniciar-prontuario on %s', (viewport) => {
  it('starts the record for the patient named first, as a new patient of the doctor', async () => {
    const { page, doctor } = await openChatAs(viewport);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await ask(page, COMMAND);
    const log = conversation(page);
    await visible(log.getByText(/Prontuário iniciado para Ana Lúcia Martins/));
    await visible(log.getByText(/Paciente novo cadastrado: Ana Lúcia Martins\./));
    expect(await seriousA11yViolations(page)).toEqual([]);

    const record = await newestRecordWithPatient(doctor);
    expect(record.patientInfo?.name).toBe('Ana Lúcia Martins');
    const patients = await patientsOf(doctor);
    expect(patients.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: record.patientId, name: 'Ana Lúcia Martins' },
    ]);

    await expectRecordOpenFor(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('files the record under her chart when the doctor already has her, creating no other', async () => {
    const { page, doctor } = await openChatAs(viewport);
    const { api } = doctor.browser.pointedAt(session.server.url);
    const { patient } = await api.call(patientsApi.create, {
      body: { name: 'Ana Lúcia Martins', sex: 'feminino' },
    });
    await api.call(patientsApi.create, { body: { name: 'Ana Lúcia Martins Souza' } });

    await ask(page, COMMAND);
    await visible(conversation(page).getByText(/Consulta na ficha de Ana Lúcia Martins\./));
    const record = await newestRecordWithPatient(doctor);
    expect(record.patientId).toBe(patient.id);
    expect(record.patientInfo?.name).toBe('Ana Lúcia Martins');
    expect((await patientsOf(doctor)).map(({ name }) => name).sort()).toEqual([
      'Ana Lúcia Martins',
      'Ana Lúcia Martins Souza',
    ]);

    await expectRecordOpenFor(page);
    await page.context().close();
  });
});
