import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { recordsApi } from '@shared/api/records';
import { localDay } from '@shared/lib/local-day';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
} from './support/pages';
import { oneLine, previewPages } from './support/receita-preview';

/**
 * A medicine started 'uso contínuo' at one visit follows the patient: it joins her chart once the
 * doctor confirms, the next visit starts with it among her medicines in use, and 'Renovar
 * receita' in her chart issues it again with its posology.
 */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepHeading = (page: Page, name: string) =>
  visible(page.getByRole('heading', { level: 2, name }));

/** Her chart, opened from its address. */
async function openChart(page: Page, patientId: string) {
  await page.goto(`${session.server.url}/?view=patients&patient=${patientId}`);
  await visible(page.getByRole('region', { name: 'Histórico' }));
}

describe('a medicine for continuous use', () => {
  it('joins her chart at the visit that starts it, starts the next visit, and is renewed', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    const { patient } = await api.call(patientsApi.create, {
      body: {
        name: 'Rosa Maria Teixeira',
        birthDate: '1958-07-21',
        sex: 'feminino',
        chronicConditions: ['Hipertensão arterial'],
      },
    });

    // The first visit, from her chart: losartana 50 mg once a day, for continuous use.
    await openChart(page, patient.id);
    expect(await page.getByRole('button', { name: 'Renovar receita' }).count()).toBe(0);
    await button(page, 'Nova consulta').click();
    await stepHeading(page, 'Dados do Paciente');
    expect(await field(page, 'Medicamentos em uso').inputValue()).toBe('');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Sintomas');
    await field(page, 'Queixa principal').fill('Pressão alta no posto de saúde');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Exame Físico');
    await field(page, 'Exame físico').fill('BEG. PA 160x100 mmHg.');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Avaliação');
    await field(page, 'Avaliação e hipóteses diagnósticas').fill('Hipertensão arterial estágio 2.');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Prescrições e Exames');
    await page.getByLabel('Nome do medicamento').fill('Losartana');
    await page.getByLabel('Nome do medicamento').press('Escape');
    await page.getByLabel('Dosagem').first().fill('50 mg');
    await page.getByLabel('Frequência').first().fill('1x ao dia');
    await page.getByLabel('Duração').first().fill('uso contínuo');
    await button(page, 'Adicionar medicamento').click();
    await visible(page.getByRole('button', { name: 'Remover Losartana', exact: true }));
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Plano de Tratamento');
    await field(page, 'Plano de tratamento').fill('Dieta hipossódica. Retorno em 30 dias.');
    await button(page, 'Finalizar consulta').click();
    await page
      .getByRole('alertdialog', { name: 'Finalizar a consulta de Rosa Maria Teixeira?' })
      .getByRole('button', { name: 'Finalizar consulta' })
      .click();

    // Finalising lists what changes in her chart: the new medicine, for the doctor to confirm.
    const dialog = page.getByRole('dialog', { name: 'Atualizar a ficha de Rosa Maria Teixeira?' });
    await visible(dialog);
    const changes = dialog.getByRole('list', { name: 'Mudanças na ficha' }).getByRole('listitem');
    expect(await changes.allInnerTexts()).toEqual(['Passa a usar: Losartana 50 mg']);
    expect(
      (await api.call(patientsApi.get, { params: { id: patient.id } })).patient.medications,
    ).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Atualizar ficha' }).click();
    await visible(page.getByText('Ficha de Rosa Maria Teixeira atualizada.'));
    expect(
      (await api.call(patientsApi.get, { params: { id: patient.id } })).patient.medications,
    ).toEqual(['Losartana 50 mg']);

    // The next visit starts with it among her medicines in use.
    await openChart(page, patient.id);
    const inUse = page.getByRole('heading', { name: 'Medicamentos em uso' }).locator('..');
    await visible(inUse.getByText('Losartana 50 mg', { exact: true }));
    await button(page, 'Nova consulta').click();
    await stepHeading(page, 'Dados do Paciente');
    expect(await field(page, 'Medicamentos em uso').inputValue()).toBe('Losartana 50 mg');

    // 'Renovar receita' in her chart: losartana with its posology, for continuous use.
    await openChart(page, patient.id);
    await button(page, 'Renovar receita').click();
    const renewal = page.getByRole('dialog', { name: 'Renovar receita' });
    const renewed = renewal.getByRole('list', { name: 'Medicamentos a renovar' });
    await visible(renewed);
    const [line = ''] = await renewed.getByRole('listitem').allInnerTexts();
    expect(oneLine(line)).toMatch(
      /^Losartana 50 mg Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo\. Última prescrição: consulta de \d{2}\/\d{2}\/\d{4}$/,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await renewal.getByRole('button', { name: 'Emitir receita' }).click();

    // It opens in the print dialog: a receita for 30 days, printable once checked and drawn.
    const print = page.getByRole('dialog', { name: 'Receitas para Impressão' });
    await visible(print);
    const [text = ''] = (await previewPages(print)).map(oneLine);
    expect(text).toContain('Paciente: Rosa Maria Teixeira');
    expect(text).toContain('Uso oral 1. Losartana 50 mg 30 (trinta) comprimidos');
    expect(text).toContain('Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.');
    await expect
      .poll(() => print.getByRole('button', { name: 'Imprimir (1)' }).isEnabled(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Kept as her receita, dated today.
    const { prescriptions } = await api.call(prescriptionsApi.list, { query: { limit: 1 } });
    const [receita] = prescriptions;
    expect(receita).toMatchObject({
      patientId: patient.id,
      patientName: 'Rosa Maria Teixeira',
      date: localDay(new Date()),
      isFinalized: true,
    });
    expect(receita?.medications).toHaveLength(1);
    expect(receita?.medications[0]).toMatchObject({
      name: 'Losartana',
      dosage: '50 mg',
      frequency: '1x ao dia',
      duration: 'uso contínuo',
      dispenseQuantity: { amount: 30, unit: 'comprimidos' },
    });
    await page.context().close();
  });

  it('renews a pair that warns gravely only once the doctor gives her reason', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    const { patient } = await api.call(patientsApi.create, {
      body: {
        name: 'Olga Benário Prestes',
        birthDate: '1950-02-12',
        sex: 'feminino',
        medications: ['Varfarina 5 mg', 'AAS 100 mg'],
      },
    });
    const visit = await api.call(recordsApi.create, {
      body: {
        patientId: patient.id,
        patientInfo: { name: patient.name, age: patient.age },
        prescriptions: {
          medications: [
            { name: 'Varfarina', dosage: '5 mg', frequency: '1x ao dia', duration: 'uso contínuo' },
            { name: 'AAS', dosage: '100 mg', frequency: '1x ao dia', duration: 'uso contínuo' },
          ],
        },
      },
    });
    await api.call(recordsApi.update, {
      params: { id: visit.recordId },
      body: { status: 'finalizado' },
    });

    await openChart(page, patient.id);
    await button(page, 'Renovar receita').click();
    const renewal = page.getByRole('dialog', { name: 'Renovar receita' });
    await visible(renewal.getByRole('list', { name: 'Medicamentos a renovar' }));
    await renewal.getByRole('button', { name: 'Emitir receita' }).click();

    const print = page.getByRole('dialog', { name: 'Receitas para Impressão' });
    const warnings = print.getByRole('region', { name: 'Avisos de segurança da prescrição' });
    await visible(warnings.getByText('Grave', { exact: true }));
    await visible(warnings.getByText(/sangramento/));
    const printButton = print.getByRole('button', { name: 'Imprimir (1)' });
    expect(await printButton.isDisabled()).toBe(true);
    const reason = warnings.getByLabel(/^Justificativa para manter/);
    await reason.fill('Stent coronariano recente: associação indicada pelo cardiologista.');
    await reason.blur();
    await expect.poll(() => printButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.context().close();
  });
});
