import type { Page } from 'playwright-core';
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
} from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page, name: string) =>
  visible(page.getByRole('heading', { level: 2, name }));
const FINALIZED_BANNER = /^Prontuário finalizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

async function recordOnServer(doctor: TestDoctorAccount): Promise<MedicalRecord> {
  const record = await newestRecordOnServer(session.server.url, doctor);
  if (!record) throw new Error('no record on the server');
  return record;
}

describe('a counselling-only visit', () => {
  it("finalises with 'Sem prescrição nesta consulta' and lands on the summary step", async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    await page.goto(`${session.server.url}/?view=medical-record`);
    await button(page, 'Iniciar Prontuário').click();
    await stepHeading(page, 'Dados do Paciente');
    await field(page, 'Nome completo').fill('Beatriz Lima');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Sintomas');
    await field(page, 'Queixa principal').fill('Dúvidas sobre alimentação na gestação');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Exame Físico');
    await field(page, 'Exame físico').fill('BEG, sem alterações.');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Avaliação');
    await field(page, 'Avaliação e hipóteses diagnósticas').fill('Orientação nutricional.');
    await button(page, 'Continuar').click();

    await stepHeading(page, 'Prescrições e Exames');
    expect(await button(page, 'Continuar').isDisabled()).toBe(true);
    const noPrescription = page.getByRole('checkbox', { name: 'Sem prescrição nesta consulta' });
    await noPrescription.check();
    expect(await button(page, 'Continuar').isEnabled()).toBe(true);
    // Stored in the record: a reload keeps it.
    await expect
      .poll(async () => (await recordOnServer(doctor)).prescriptions?.noPrescription, {
        timeout: 15_000,
      })
      .toBe(true);
    await page.reload();
    await stepHeading(page, 'Prescrições e Exames');
    expect(await noPrescription.isChecked()).toBe(true);
    expect(await button(page, 'Continuar').isEnabled()).toBe(true);
    await button(page, 'Continuar').click();

    await stepHeading(page, 'Plano de Tratamento');
    await field(page, 'Plano de tratamento').fill('- Dieta fracionada\n- Retorno em 30 dias');
    await button(page, 'Finalizar consulta').click();
    await page
      .getByRole('alertdialog', { name: 'Finalizar a consulta de Beatriz Lima?' })
      .getByRole('button', { name: 'Finalizar consulta' })
      .click();
    await stepHeading(page, 'Resumo e Impressão');
    await visible(page.getByText(FINALIZED_BANNER));
    await visible(page.getByText('Nenhum medicamento prescrito.'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await expect
      .poll(async () => (await recordOnServer(doctor)).status, { timeout: 15_000 })
      .toBe('finalizado');
    const record = await recordOnServer(doctor);
    expect(record.prescriptions).toMatchObject({ noPrescription: true });
    expect(record.prescriptions?.medications ?? []).toEqual([]);
    expect(record.currentStep).toBe('print-summary');

    await page.getByRole('tab', { name: 'Relatório' }).click();
    await visible(page.getByRole('main').getByText('Sem prescrição nesta consulta'));
  });
});

describe('a finalised record', () => {
  it('opens read-only and takes an addendum that shows in the report', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    const created = await api.call(recordsApi.create, {
      body: {
        patientInfo: { name: 'Otávio Reis', age: 52 },
        symptoms: { chiefComplaint: 'Lombalgia' },
        plan: 'Analgesia e alongamento.',
      },
    });
    const finalised = await api.call(recordsApi.update, {
      params: { id: created.recordId },
      body: { status: 'finalizado' },
    });

    await page.goto(`${session.server.url}/?view=medical-records-menu`);
    await page.getByRole('button', { name: /Editar prontuário de Otávio Reis/ }).click();
    await visible(page.getByText(FINALIZED_BANNER));
    await page
      .getByRole('button', { name: /Sintomas/ })
      .first()
      .click();
    await stepHeading(page, 'Sintomas');
    const complaint = field(page, 'Queixa principal');
    expect(await complaint.inputValue()).toBe('Lombalgia');
    expect(await complaint.isDisabled()).toBe(true);
    // Only navigation is left.
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Exame Físico');
    expect(await field(page, 'Exame físico').isDisabled()).toBe(true);
    await page.getByRole('button', { name: /Plano/ }).first().click();
    await stepHeading(page, 'Plano de Tratamento');
    expect(await button(page, 'Finalizar consulta').count()).toBe(0);
    expect(await field(page, 'Plano de tratamento').isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await button(page, 'Adicionar adendo').click();
    const dialog = page.getByRole('dialog');
    await field(page, 'Texto do adendo').fill('Paciente relatou alergia a AAS após a consulta.');
    await dialog.getByRole('button', { name: 'Salvar adendo' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Relatório' }).click();
    const report = page.getByRole('main');
    await visible(report.getByRole('heading', { name: 'Adendos' }));
    await visible(
      report.getByRole('heading', {
        name: /^Adendo de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} — Dra\. Helena Prado$/,
      }),
    );
    await visible(report.getByText('Paciente relatou alergia a AAS após a consulta.'));
    // The printout carries it too.
    const printed = page.locator('[data-print-area="record"]');
    expect(await printed.innerText()).toContain('Paciente relatou alergia a AAS após a consulta.');

    const onServer = await recordOnServer(doctor);
    expect(onServer.addenda).toMatchObject([
      { author: 'Dra. Helena Prado', text: 'Paciente relatou alergia a AAS após a consulta.' },
    ]);
    expect(onServer.symptoms).toEqual({ chiefComplaint: 'Lombalgia' });
    expect(onServer.plan).toBe('Analgesia e alongamento.');
    expect(onServer.updatedAt).toBe(finalised.record.updatedAt);
  });
});
