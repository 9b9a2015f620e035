/**
 * The record states only what the doctor assessed (docs/product.md, "Etapa Sintomas", "Etapa
 * Paciente", "Relatório", "Etapa Avaliação"): no intensity nobody chose, no 'Gestante' where it
 * cannot apply, and a CID search that answers as she types — on a desktop and on a phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
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

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page, name: string) =>
  visible(page.getByRole('heading', { level: 2, name }));
const saved = (page: Page) =>
  page
    .locator('[data-save-state]')
    .filter({ hasText: 'Salvo' })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
const goToStep = (page: Page, name: RegExp) =>
  page
    .getByRole('navigation', { name: 'Etapas do prontuário' })
    .getByRole('button', { name })
    .click();

async function recordOnServer(doctor: TestDoctorAccount): Promise<MedicalRecord> {
  const record = await newestRecordOnServer(session.server.url, doctor);
  if (!record) throw new Error('no record on the server');
  return record;
}

/** Whether the element's box lies inside the page's viewport. */
async function inViewport(page: Page, selectorText: string): Promise<boolean> {
  const box = await page.getByLabel(selectorText, { exact: true }).boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.y + box.height <= size.height;
}

describe.each<ViewportName>(['desktop', 'phone'])('a record on %s', (viewport) => {
  it('records no intensity nobody chose, asks pregnancy only when it applies, and finds CIDs as typed', async () => {
    const { page, doctor } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      viewport,
    );
    await page.goto(`${session.server.url}/?view=medical-record`);
    await button(page, 'Iniciar Prontuário').click();
    await stepHeading(page, 'Dados do Paciente');
    await saved(page);

    // 'Gestante' is asked of a woman of 30, not of a man nor of a woman of 67.
    const pregnant = page.getByLabel('Gestante', { exact: true });
    await field(page, 'Nome completo').fill('Maria Souza');
    await field(page, 'Sexo').selectOption('feminino');
    await field(page, 'Idade').fill('30');
    await visible(pregnant);
    await field(page, 'Idade').fill('67');
    await pregnant.waitFor({ state: 'detached' });
    await field(page, 'Sexo').selectOption('masculino');
    await field(page, 'Idade').fill('30');
    expect(await pregnant.count()).toBe(0);
    await field(page, 'Sexo').selectOption('feminino');
    await field(page, 'Idade').fill('67');
    expect(await pregnant.count()).toBe(0);
    await button(page, 'Continuar').click();

    // A symptom with its location and duration, its intensity never chosen.
    await stepHeading(page, 'Sintomas');
    expect(
      await field(page, 'Intensidade').evaluate(
        (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent,
      ),
    ).toBe('Não avaliada');
    await field(page, 'Queixa principal').fill('Dor no joelho à direita');
    await field(page, 'Duração').fill('4 dias');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saved(page);

    await expect
      .poll(async () => (await recordOnServer(doctor)).symptoms, { timeout: 15_000 })
      .toEqual({ chiefComplaint: 'Dor no joelho à direita', duration: '4 dias' });
    const record = await recordOnServer(doctor);
    expect(record.symptoms?.intensity).toBeUndefined();
    expect(record.patientInfo).toMatchObject({ age: 67, gender: 'feminino' });
    expect(record.patientInfo?.pregnant).toBeUndefined();

    // The report says the complaint once, and nothing of an intensity or a pregnancy.
    await page.getByRole('tab', { name: 'Relatório' }).click();
    const report = page.getByRole('article', { name: 'Prontuário narrativo' });
    await visible(report.getByText('A paciente refere dor no joelho à direita há 4 dias.'));
    const reportText = (await report.textContent()) ?? '';
    expect(reportText).not.toMatch(/\bleve\b|intensidade|Gestante/i);
    expect(reportText.match(/há 4 dias/g)).toHaveLength(2); // once in QP, once in HDA

    // The CID panel comes into view and searches as she types, titling each result by its code.
    await page.getByRole('tab', { name: 'Formulário' }).click();
    await goToStep(page, /Avaliação/);
    await stepHeading(page, 'Avaliação');
    await button(page, 'Adicionar CIDs').click();
    const panel = page.getByRole('region', { name: 'Adicionar CIDs' });
    await visible(panel);
    await expect.poll(() => inViewport(page, 'Buscar CID')).toBe(true);
    await panel.getByLabel('Buscar CID').pressSequentially('pneumonia');
    await visible(panel.getByText('J18.9 Pneumonia não especificada'));
    await visible(
      panel.getByText('Categoria J18 — Pneumonia por microorganismo não especificada').first(),
    );
    expect(await panel.getByText(/Relevância|%/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
