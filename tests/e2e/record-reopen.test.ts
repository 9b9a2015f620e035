import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import type { MedicalRecord } from '@shared/records/medical-record';
import type { TestDoctorAccount } from '@server/testing/test-server';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
  newestRecordOnServer,
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

/**
 * The doctor closes the browser in the middle of a visit and opens the record again
 * (docs/durabilidade.md, "Fechar o navegador no meio da consulta"): no 'alterado em outra aba'
 * with no other tab, nothing typed lost, the medicine still there.
 */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page, name: string) =>
  visible(page.getByRole('heading', { level: 2, name }));
const stepBar = (page: Page, step: RegExp) =>
  page
    .getByRole('navigation', { name: 'Etapas do prontuário' })
    .getByRole('button', { name: step });
const saveStatus = (page: Page, text: string) =>
  page
    .locator('[data-save-state]')
    .filter({ hasText: text })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });

/** A doctor signed up, with a page of the given screen size. */
async function openDoctorPage(viewport: ViewportName) {
  return openSignedInPage(session.browser, problems, session.server.url, viewport);
}

/** A new page of the same browser (same device storage), the size of `page`. */
async function pageOfTheSameBrowser(page: Page): Promise<Page> {
  const again = await page.context().newPage();
  problems.watch(again);
  const size = page.viewportSize();
  if (size) await again.setViewportSize(size);
  return again;
}

async function recordOnServer(doctor: TestDoctorAccount): Promise<MedicalRecord> {
  const record = await newestRecordOnServer(session.server.url, doctor);
  if (!record) throw new Error('no record on the server');
  return record;
}

/** Steps 1 to 6 as the doctor fills them: a patient, a medicine on step 5, the plan typed. */
async function fillVisitUpToPlan(page: Page) {
  await page.goto(`${session.server.url}/?view=medical-record`);
  await button(page, 'Iniciar Prontuário').click();
  await stepHeading(page, 'Dados do Paciente');
  await field(page, 'Nome completo').fill('Maria Souza');
  await field(page, 'Idade').fill('45');
  await button(page, 'Continuar').click();
  await stepHeading(page, 'Sintomas');
  await field(page, 'Queixa principal').fill('Cefaleia holocraniana');
  await saveStatus(page, 'Salvo');
  await stepBar(page, /Prescrições/).click();
  await stepHeading(page, 'Prescrições e Exames');
  await page.getByLabel('Nome do medicamento').fill('Paracetamol');
  await page.getByLabel('Dosagem').first().fill('750 mg');
  await page.getByLabel('Frequência').first().fill('6/6h');
  await button(page, 'Adicionar medicamento').click();
  await visible(page.getByText('Paracetamol').first());
  await stepBar(page, /Plano/).click();
  await stepHeading(page, 'Plano de Tratamento');
  await field(page, 'Plano de tratamento').fill('- Analgesia');
}

/** The browser is opened again (same device storage) and the doctor opens the record. */
async function reopenFromTheList(page: Page): Promise<Page> {
  const again = await pageOfTheSameBrowser(page);
  await again.goto(`${session.server.url}/?view=medical-records-menu`);
  await again.getByRole('button', { name: 'Editar prontuário de Maria Souza' }).click();
  await visible(stepBar(again, /Plano/));
  return again;
}

/**
 * As {@link reopenFromTheList}, with the answers crossing as on a busy network: the record is
 * read before the save the closed page left lands, and that read arrives after the save's answer.
 */
async function reopenWithCrossingAnswers(page: Page): Promise<Page> {
  const again = await pageOfTheSameBrowser(page);
  let readDone: () => void = () => undefined;
  const read = new Promise<void>((resolve) => (readDone = resolve));
  let saveAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (saveAnswered = resolve));
  await again.route('**/api/medical-records/*', async (route: Route) => {
    const method = route.request().method();
    if (method === 'PUT') {
      await read;
      await route.continue();
    } else if (method === 'GET') {
      const response = await route.fetch();
      readDone();
      await answered;
      await route.fulfill({ response });
    } else {
      await route.continue();
    }
  });
  again.on('response', (response) => {
    if (response.request().method() === 'PUT') saveAnswered();
  });
  await again.goto(`${session.server.url}/?view=medical-records-menu`);
  await again.getByRole('button', { name: 'Editar prontuário de Maria Souza' }).click();
  await visible(stepBar(again, /Plano/));
  await again.unrouteAll({ behavior: 'wait' });
  return again;
}

/** Nothing lost, no dialog: the plan and the medicine as typed, and typing on saves. */
async function expectVisitIntact(page: Page, doctor: TestDoctorAccount) {
  // The doctor goes on where she stopped: the plan, through the step bar.
  await stepBar(page, /Plano/).click();
  await stepHeading(page, 'Plano de Tratamento');
  const planOnReopening = await field(page, 'Plano de tratamento').inputValue();
  await field(page, 'Plano de tratamento').fill('- Analgesia\n- Retorno em 15 dias');
  await page
    .locator('[data-save-state="saved"], [data-save-state="conflict"]')
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  expect(await page.getByRole('alertdialog').allInnerTexts()).toEqual([]);
  expect(planOnReopening).toBe('- Analgesia');
  await saveStatus(page, 'Salvo');
  await stepBar(page, /Prescrições/).click();
  await stepHeading(page, 'Prescrições e Exames');
  await visible(page.getByText('Paracetamol').first());
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  const saved = await recordOnServer(doctor);
  expect(saved.plan).toBe('- Analgesia\n- Retorno em 15 dias');
  expect(saved.prescriptions?.medications?.map((medication) => medication.name)).toEqual([
    'Paracetamol',
  ]);
  expect(saved.patientInfo?.name).toBe('Maria Souza');
}

describe.each<ViewportName>(['desktop', 'phone'])('reopening a record on %s', (viewport) => {
  it('after the browser closed before the last edits were sent', async () => {
    const { page, doctor } = await openDoctorPage(viewport);
    await fillVisitUpToPlan(page);
    // Closed at once: the save waits for 2 s of quiet, so it is still on the device.
    await page.close({ runBeforeUnload: false });

    const again = await reopenFromTheList(page);
    await expectVisitIntact(again, doctor);
    expect(await seriousA11yViolations(again)).toEqual([]);
  });

  it('after the browser closed, when the reopened page’s answers cross', async () => {
    const { page, doctor } = await openDoctorPage(viewport);
    await fillVisitUpToPlan(page);
    await page.close({ runBeforeUnload: false });

    const again = await reopenWithCrossingAnswers(page);
    await expectVisitIntact(again, doctor);
  });

  it('still asks when another device really changed the record, highlighting the choice that loses nothing', async () => {
    const { page, doctor } = await openDoctorPage(viewport);
    await fillVisitUpToPlan(page);
    await saveStatus(page, 'Salvo');
    // Another device adds a medicine to the same record.
    const elsewhere = await recordOnServer(doctor);
    await doctor.browser.pointedAt(session.server.url).api.call(recordsApi.update, {
      params: { id: elsewhere.id },
      body: {
        prescriptions: {
          ...elsewhere.prescriptions,
          medications: [
            ...(elsewhere.prescriptions?.medications ?? []),
            { id: 'other-device', name: 'Dipirona', dosage: '500 mg', frequency: '6/6h' },
          ],
        },
      },
      ifMatch: elsewhere.version,
    });

    await field(page, 'Plano de tratamento').fill('- Analgesia\n- Retorno em 15 dias');
    const dialog = page.getByRole('alertdialog');
    await visible(dialog.getByText('Este prontuário foi alterado em outra aba'));
    const join = dialog.getByRole('button', { name: 'Juntar as versões' });
    // The focused, highlighted choice keeps everything saved; the others say what they discard.
    expect(await join.evaluate((button) => button === document.activeElement)).toBe(true);
    await visible(dialog.getByText('Descarta o que foi salvo em Prescrições — Medicamentos.'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await join.click();
    await saveStatus(page, 'Salvo');
    const saved = await recordOnServer(doctor);
    expect(saved.prescriptions?.medications?.map((medication) => medication.name)).toEqual([
      'Paracetamol',
      'Dipirona',
    ]);
    expect(saved.plan).toBe('- Analgesia\n- Retorno em 15 dias');
    expect(await field(page, 'Plano de tratamento').inputValue()).toBe(
      '- Analgesia\n- Retorno em 15 dias',
    );
  });

  it('after the browser closed while a save was on its way (the server took it)', async () => {
    const { page, doctor } = await openDoctorPage(viewport);
    await fillVisitUpToPlan(page);
    // The save reaches the server, which writes it; the browser is gone before the answer.
    const reached = new Promise<void>((resolve) => {
      void page.route('**/api/medical-records/*', async (route: Route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        await route.fetch();
        resolve();
      });
    });
    await reached;
    expect((await recordOnServer(doctor)).plan).toBe('- Analgesia');
    await page.close({ runBeforeUnload: false });

    const again = await reopenFromTheList(page);
    await expectVisitIntact(again, doctor);
  });
});
