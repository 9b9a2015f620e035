import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import type { RecordStep } from '@shared/records/medical-record';
import type { TestDoctorAccount } from '@server/testing/test-server';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  VIEWPORTS,
  type ViewportName,
} from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const PATIENT = 'Maria Aparecida dos Santos';
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page, name: string) =>
  visible(page.getByRole('heading', { level: 2, name }));
const FINALIZED_BANNER = /^Prontuário finalizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/**
 * A visit of a patient on her chart, everything written but the plan, open at `step`: a
 * signed-in page on `viewport`, and the visit's id.
 */
async function visitAwaitingItsEnd(viewport: ViewportName, step: RecordStep) {
  const { page, doctor } = await openSignedInPage(
    session.browser,
    problems,
    session.server.url,
    viewport,
  );
  const { api } = doctor.browser.pointedAt(session.server.url);
  const { patient } = await api.call(patientsApi.create, {
    body: { name: PATIENT, birthDate: '1958-06-02', sex: 'feminino' },
  });
  const created = await api.call(recordsApi.create, {
    body: {
      patientId: patient.id,
      patientInfo: { name: PATIENT, age: patient.age, gender: 'feminino' },
      symptoms: { chiefComplaint: 'Dor lombar há 5 dias' },
      physicalExam: { generalAppearance: 'BEG, Lasègue negativo.' },
      assessment: 'Lombalgia mecânica.',
      prescriptions: {
        medications: [
          { name: 'Dipirona', dosage: '500 mg', frequency: '6/6h', duration: '3 dias' },
        ],
      },
      currentStep: step,
    },
  });
  await page.goto(`${session.server.url}/?view=medical-records-menu`);
  await page.getByRole('button', { name: `Editar prontuário de ${PATIENT}` }).click();
  return { page, doctor, recordId: created.recordId };
}

/** Clicks 'Finalizar consulta' with everything there: exactly one confirmation, confirmed. */
async function finalizeConfirmingOnce(page: Page) {
  await button(page, 'Finalizar consulta').click();
  const dialog = page.getByRole('alertdialog', { name: `Finalizar a consulta de ${PATIENT}?` });
  await visible(dialog);
  expect(await page.getByRole('alertdialog').count()).toBe(1);
  await visible(
    dialog.getByText(
      'O prontuário será finalizado e não poderá mais ser alterado. Correções e informações posteriores serão registradas como adendos datados.',
    ),
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Finalizar consulta' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The state both ends lead to: finalised on the server, the summary with receita and documents. */
async function expectFinishedOnItsSummary(page: Page, doctor: TestDoctorAccount, id: string) {
  await stepHeading(page, 'Resumo e Impressão');
  await visible(page.getByText(FINALIZED_BANNER));
  await visible(page.getByText('Finalizado', { exact: true }));
  await visible(page.getByRole('heading', { name: 'Prescrições' }));
  await visible(page.getByText(/^Receita da consulta:/));
  await visible(page.getByRole('heading', { name: 'Documentos' }));
  expect(await page.getByText('Em Andamento', { exact: true }).count()).toBe(0);
  expect(await page.getByText(/Consulta em andamento/).count()).toBe(0);
  expect(await button(page, 'Finalizar consulta').count()).toBe(0);
  // No second question after the one confirmation.
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const { api } = doctor.browser.pointedAt(session.server.url);
  await expect
    .poll(async () => (await api.call(recordsApi.get, { params: { id } })).record.status, {
      timeout: 15_000,
    })
    .toBe('finalizado');
  const { record } = await api.call(recordsApi.get, { params: { id } });
  expect(record).toMatchObject({
    status: 'finalizado',
    currentStep: 'print-summary',
    plan: 'Dipirona se dor. Retorno em 15 dias.',
  });
  expect(record.steps.find((state) => state.type === 'print-summary')?.completed).toBe(true);
}

describe.each<ViewportName>(['desktop', 'phone'])("the visit's one end on %s", (viewport) => {
  it('from the plan step: a missing plan is said next to it, then one confirmation ends the visit', async () => {
    const { page, doctor, recordId } = await visitAwaitingItsEnd(viewport, 'plan');
    await stepHeading(page, 'Plano de Tratamento');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Never silently disabled: with no plan, it says so under the plan and goes there.
    await button(page, 'Finalizar consulta').click();
    const plan = field(page, 'Plano de tratamento');
    await visible(page.getByText('Escreva o plano de tratamento para finalizar a consulta.'));
    expect(await plan.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await plan.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await plan.fill('Dipirona se dor. Retorno em 15 dias.');
    await finalizeConfirmingOnce(page);
    await expectFinishedOnItsSummary(page, doctor, recordId);
    await page.context().close();
  });

  it('from the summary: an open visit says it is not finalised, and ends the same way', async () => {
    const { page, doctor, recordId } = await visitAwaitingItsEnd(viewport, 'print-summary');
    await stepHeading(page, 'Resumo e Impressão');
    // An open visit's summary never reads as finished.
    await visible(page.getByText(/^Consulta em andamento: o prontuário ainda não foi finalizado/));
    await visible(page.getByText('Em Andamento', { exact: true }));
    expect(await page.getByText(FINALIZED_BANNER).count()).toBe(0);

    // The plan lacks: finalising goes to the plan step and says so there.
    await button(page, 'Finalizar consulta').click();
    await stepHeading(page, 'Plano de Tratamento');
    await visible(page.getByText('Escreva o plano de tratamento para finalizar a consulta.'));
    await field(page, 'Plano de tratamento').fill('Dipirona se dor. Retorno em 15 dias.');
    await page
      .getByRole('navigation', { name: 'Etapas do prontuário' })
      .getByRole('button', { name: /Resumo/ })
      .click();
    await stepHeading(page, 'Resumo e Impressão');

    await finalizeConfirmingOnce(page);
    await expectFinishedOnItsSummary(page, doctor, recordId);
    await page.context().close();
  });

  it('names every action of the toolbar and every step of the bar in full, the cancel apart', async () => {
    const { page } = await visitAwaitingItsEnd(viewport, 'physical-exam');
    await stepHeading(page, 'Exame Físico');
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    if (viewport === 'phone') {
      // One labelled menu; the destructive cancel sits apart, after a separator.
      const menuButton = header.getByRole('button', { name: 'Ações', exact: true });
      expect(await menuButton.innerText()).toBe('Ações');
      await menuButton.click();
      const menu = page.getByRole('menu');
      await visible(menu);
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
        'Editar',
        'Copiar',
        'Baixar',
        'Imprimir Prontuário Completo',
        'Cancelar Prontuário',
      ]);
      expect(await menu.getByRole('separator').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await menu.getByRole('menuitem', { name: 'Cancelar Prontuário' }).click();
    } else {
      const names = await header.getByRole('button').allInnerTexts();
      expect(names.map((name) => name.trim())).toEqual([
        'Editar',
        'Copiar',
        'Baixar',
        'Imprimir Prontuário Completo',
        'Cancelar Prontuário',
      ]);
      await button(page, 'Cancelar Prontuário').click();
    }
    const cancelling = page.getByRole('alertdialog', { name: 'Cancelar Prontuário' });
    await visible(cancelling);
    await cancelling.getByRole('button', { name: 'Manter prontuário' }).click();
    await cancelling.waitFor({ state: 'detached' });
    await stepHeading(page, 'Exame Físico');

    // The step bar wraps instead of cutting a name: nothing overflows, and the current step
    // shows its whole name.
    const bar = page.getByRole('navigation', { name: 'Etapas do prontuário' });
    const overflowing = await bar.evaluate((nav) =>
      [nav, ...nav.querySelectorAll('ol, button')]
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent),
    );
    expect(overflowing).toEqual([]);
    const current = bar.locator('[aria-current="step"]');
    expect(await current.innerText()).toContain('Exame Físico');
    const box = await bar.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    await page.context().close();
  });
});
