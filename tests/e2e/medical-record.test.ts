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

/** Waits until the quiet save status reads `text` ('Salvo', 'Sem conexão — …'). */
const saveStatus = (page: Page, text: string) =>
  page
    .locator('[data-save-state]')
    .filter({ hasText: text })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });

async function openRecordView(viewport: ViewportName, name = 'Dra. Helena Prado') {
  const opened = await openSignedInPage(session.browser, problems, session.server.url, viewport, {
    name,
  });
  await opened.page.goto(`${session.server.url}/?view=medical-record`);
  await visible(button(opened.page, 'Iniciar Prontuário'));
  return opened;
}

/** The record as the server has it, read with the doctor's own session. */
async function recordOnServer(doctor: TestDoctorAccount): Promise<MedicalRecord> {
  const record = await newestRecordOnServer(session.server.url, doctor);
  if (!record) throw new Error('no record on the server');
  return record;
}

async function startRecord(page: Page) {
  await button(page, 'Iniciar Prontuário').click();
  await stepHeading(page, 'Dados do Paciente');
  await saveStatus(page, 'Salvo');
}

async function fillPatientInfo(page: Page) {
  await field(page, 'Nome completo').fill('Maria Souza');
  await field(page, 'Idade').fill('45');
  await field(page, 'Sexo').selectOption('feminino');
  await field(page, 'Alergias').fill('dipirona, penicilina');
}

async function fillSymptoms(page: Page) {
  await field(page, 'Queixa principal').fill('Cefaleia holocraniana');
  await field(page, 'Duração').fill('3 dias');
  const intensity = field(page, 'Intensidade');
  const colour = () =>
    page.locator('[data-intensity-colour]').first().getAttribute('data-intensity-colour');
  expect(await colour()).toBe('none');
  await intensity.selectOption('moderada');
  expect(await colour()).toBe('yellow');
  await intensity.selectOption('intensa');
  expect(await colour()).toBe('red');
  await intensity.selectOption('moderada');
}

async function fillPhysicalExam(page: Page) {
  await field(page, 'Pressão arterial').fill('140/90');
  await field(page, 'Peso').fill('70');
  await field(page, 'Altura').fill('175');
  await page.waitForFunction(
    () => (document.querySelector<HTMLInputElement>('input[readonly]')?.value ?? '') === '22,9',
  );
  await field(page, 'Exame físico').fill('BEG, corada, hidratada, afebril.');
  // Text areas are written in the app's font, not a typewriter one.
  const fonts = await page.evaluate(() => {
    const area = document.querySelector('textarea');
    return [getComputedStyle(document.body).fontFamily, area && getComputedStyle(area).fontFamily];
  });
  expect(fonts[1]).toBe(fonts[0]);
}

describe.each<ViewportName>(['desktop', 'phone'])('the record on %s', (viewport) => {
  it('goes from empty to finalizado through every step, surviving a reload', async () => {
    const { page, doctor } = await openRecordView(viewport);
    await startRecord(page);

    await fillPatientInfo(page);
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Sintomas');
    await fillSymptoms(page);

    // A reload in the middle finds every word, on this step and the one before.
    await page.reload();
    await stepHeading(page, 'Sintomas');
    expect(await field(page, 'Queixa principal').inputValue()).toBe('Cefaleia holocraniana');
    expect(await field(page, 'Intensidade').inputValue()).toBe('moderada');
    await button(page, 'Voltar').click();
    await stepHeading(page, 'Dados do Paciente');
    expect(await field(page, 'Nome completo').inputValue()).toBe('Maria Souza');
    expect(await field(page, 'Alergias').inputValue()).toBe('dipirona, penicilina');
    await button(page, 'Continuar').click();
    await button(page, 'Continuar').click();

    await stepHeading(page, 'Exame Físico');
    await fillPhysicalExam(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await button(page, 'Continuar').click();

    await stepHeading(page, 'Avaliação');
    await field(page, 'Avaliação e hipóteses diagnósticas').fill('Cefaleia tensional provável.');
    await button(page, 'Adicionar CIDs').click();
    const search = page.getByRole('searchbox').or(page.getByLabel('Buscar CID'));
    await search.first().fill('cefaleia tensional');
    await search.first().press('Enter');
    const add = page.getByRole('button', { name: /Adicionar/ }).filter({ hasText: /^Adicionar$/ });
    await visible(add.first());
    await add.first().click();
    const assessment = await field(page, 'Avaliação e hipóteses diagnósticas').inputValue();
    const code = /([A-Z]\d{2}(\.\d)?)/.exec(assessment.split('\n')[1] ?? '')?.[1];
    expect(code).toBeDefined();
    // The same code is not added twice.
    const again = page.getByRole('button', { name: /Adicionad/ }).first();
    if (await again.isEnabled()) await again.click();
    const after = await field(page, 'Avaliação e hipóteses diagnósticas').inputValue();
    expect(after.split(code ?? '').length - 1).toBe(1);
    // Maria is a woman: a male-only code is not offered, unless typed, and then it says so.
    await search.first().fill('próstata');
    await search.first().press('Enter');
    await visible(page.getByText('Nenhum CID encontrado para "próstata"'));
    await search.first().fill('N40');
    await search.first().press('Enter');
    await visible(page.getByText('Exclusivo do sexo masculino (paciente do sexo feminino)'));
    await button(page, 'Continuar').click();

    await stepHeading(page, 'Prescrições e Exames');
    expect(await button(page, 'Continuar').isDisabled()).toBe(true);
    await page.getByLabel('Nome do medicamento').fill('Paracetamol');
    await page.getByLabel('Dosagem').first().fill('750 mg');
    await page.getByLabel('Frequência').first().fill('6/6h');
    await button(page, 'Adicionar medicamento').click();
    await visible(page.getByText('Paracetamol').first());
    expect(await button(page, 'Continuar').isEnabled()).toBe(true);
    await button(page, 'Continuar').click();

    await stepHeading(page, 'Plano de Tratamento');
    await visible(button(page, 'Adicionar ao Plano').first());
    await button(page, 'Adicionar ao Plano').first().click();
    expect(await field(page, 'Plano de tratamento').inputValue()).toMatch(/^- /);
    await field(page, 'Plano de tratamento').fill('- Analgesia\n- Retorno em 15 dias');

    await page
      .getByRole('button', { name: /Resumo/ })
      .first()
      .click();
    await stepHeading(page, 'Resumo e Impressão');
    await visible(page.getByText('Maria Souza').first());
    await page.getByRole('button', { name: /Plano/ }).first().click();
    await stepHeading(page, 'Plano de Tratamento');
    await button(page, 'Finalizar consulta').click();
    await page
      .getByRole('alertdialog', { name: 'Finalizar a consulta de Maria Souza?' })
      .getByRole('button', { name: 'Finalizar consulta' })
      .click();
    // Finalised, the record stays open on its summary, where its documents are printed.
    await stepHeading(page, 'Resumo e Impressão');
    await visible(page.getByText(/^Prontuário finalizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/));
    await visible(button(page, 'Imprimir Todas as Prescrições'));

    await expect
      .poll(async () => (await recordOnServer(doctor)).status, { timeout: 15_000 })
      .toBe('finalizado');
    const record = await recordOnServer(doctor);
    expect(record.status).toBe('finalizado');
    expect(record.patientInfo).toMatchObject({
      name: 'Maria Souza',
      age: 45,
      gender: 'feminino',
      allergies: ['dipirona', 'penicilina'],
    });
    expect(record.symptoms).toMatchObject({
      chiefComplaint: 'Cefaleia holocraniana',
      intensity: 'moderada',
    });
    expect(record.physicalExam?.vitalSigns).toMatchObject({ weight: 70, height: 175, bmi: 22.9 });
    expect(record.physicalExam?.generalAppearance).toBe('BEG, corada, hidratada, afebril.');
    expect(record.prescriptions?.medications?.[0]).toMatchObject({
      name: 'Paracetamol',
      dosage: '750 mg',
    });
    expect(record.plan).toBe('- Analgesia\n- Retorno em 15 dias');
    expect(record.steps.every((step) => step.completed)).toBe(true);
  });
});

describe('the records list', () => {
  it('pages with Carregar Mais and deletes after confirming', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    for (let index = 1; index <= 23; index += 1) {
      await api.call(recordsApi.create, {
        body: {
          patientInfo: { name: `Paciente ${String(index).padStart(2, '0')}`, age: 30 + index },
          symptoms: { chiefComplaint: `Queixa número ${index} ${'muito longa '.repeat(10)}` },
        },
      });
    }
    await page.goto(`${session.server.url}/?view=medical-records-menu`);
    await visible(page.getByRole('heading', { name: 'Prontuários Médicos' }));
    const cards = page.getByRole('listitem').filter({ hasText: /Paciente \d\d/ });
    await visible(cards.first());
    expect(await cards.count()).toBe(20);
    await visible(page.getByText('Paciente 23'));
    await button(page, 'Carregar Mais').click();
    await visible(page.getByText('Paciente 01'));
    expect(await cards.count()).toBe(23);
    expect(await button(page, 'Carregar Mais').count()).toBe(0);

    const card = cards.filter({ hasText: 'Paciente 05' });
    await card.getByRole('button', { name: /Excluir/ }).click();
    const deleting = page.getByRole('alertdialog', { name: 'Excluir prontuário' });
    await visible(
      deleting.getByText(
        'O prontuário em andamento de Paciente 05 será excluído, com tudo o que foi registrado nele. Esta ação não pode ser desfeita.',
      ),
    );
    await visible(deleting.getByRole('button', { name: 'Manter' }));
    await deleting.getByRole('button', { name: 'Excluir prontuário' }).click();
    await page.getByText('Paciente 05').waitFor({ state: 'detached' });
    const left = await api.call(recordsApi.list, { query: { limit: 100 } });
    expect(left.records).toHaveLength(22);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('auto-save', () => {
  it('keeps every word typed during a server outage and saves it when the server is back', async () => {
    const { page, doctor } = await openRecordView('desktop');
    await startRecord(page);
    await session.stopServer();
    try {
      await field(page, 'Nome completo').fill('Carlos Andrade');
      await button(page, 'Continuar').click();
      await field(page, 'Queixa principal').fill('Dor torácica ao esforço');
      await button(page, 'Continuar').click();
      await field(page, 'Exame físico').fill('Ausculta cardíaca com sopro sistólico.');
      await saveStatus(page, 'Sem conexão');
    } finally {
      await session.startServer();
    }
    await saveStatus(page, 'Salvo');
    const record = await recordOnServer(doctor);
    expect(record.patientInfo?.name).toBe('Carlos Andrade');
    expect(record.symptoms?.chiefComplaint).toBe('Dor torácica ao esforço');
    expect(record.physicalExam?.generalAppearance).toBe('Ausculta cardíaca com sopro sistólico.');
  });

  it('asks which version to keep when two tabs edit the same record', async () => {
    const { page: tabA, doctor } = await openRecordView('desktop');
    await startRecord(tabA);
    await field(tabA, 'Nome completo').fill('Paula Reis');
    await saveStatus(tabA, 'Salvo');

    const tabB = await tabA.context().newPage();
    problems.watch(tabB);
    await tabB.goto(`${session.server.url}/?view=medical-record`);
    await stepHeading(tabB, 'Dados do Paciente');
    expect(await field(tabB, 'Nome completo').inputValue()).toBe('Paula Reis');

    await field(tabA, 'Nome completo').fill('Paula Reis da Silva');
    await saveStatus(tabA, 'Salvo');
    await field(tabB, 'Nome completo').fill('Paula R.');
    const dialog = tabB.getByRole('alertdialog');
    await visible(dialog.getByText('Este prontuário foi alterado em outra aba'));
    // It says whose record it is and what each version holds.
    await visible(dialog.getByText('Paula Reis da Silva').first());
    const nameDifference = dialog.getByRole('definition').filter({ hasText: 'Neste dispositivo:' });
    await visible(nameDifference.filter({ hasText: 'Paula R.' }));
    await visible(
      dialog.getByRole('definition').filter({ hasText: /^Salvo: Paula Reis da Silva$/ }),
    );
    await visible(dialog.getByRole('term').filter({ hasText: 'Paciente — Nome' }));
    expect((await recordOnServer(doctor)).patientInfo?.name).toBe('Paula Reis da Silva');
    await dialog.getByRole('button', { name: 'Manter a minha versão' }).click();
    await saveStatus(tabB, 'Salvo');
    expect((await recordOnServer(doctor)).patientInfo?.name).toBe('Paula R.');
  });
});

describe('the record’s other views', () => {
  it('shows the narrative report, prints it alone, downloads the text and shows feedback and anamnesis', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    await doctor.browser.pointedAt(session.server.url).api.call(recordsApi.create, {
      body: {
        patientInfo: { name: 'Rita Lobo' },
        symptoms: { chiefComplaint: 'Tosse seca', duration: '2 semanas' },
        assessment: 'J20.9 - Bronquite aguda',
        structuredAnamnesis: {
          identificacao: { nome: 'Rita Lobo', sexo: 'Não informado', idade: 'Não informado' },
          queixaPrincipal: 'Tosse seca há 2 semanas',
          historiaDoencaAtual: 'Tosse seca sem febre.',
          antecedentesPessoais: 'Não informado',
          antecedentesFamiliares: 'Não informado',
          habitosVida: 'Tabagista',
          exameFisico: 'Não avaliado',
          historiaSocial: 'Não informado',
          hipotesesDiagnosticas: 'Bronquite aguda',
          condutas: 'Não informado',
          orientacoes: 'Não informado',
          resumoClinico: 'Tosse seca em tabagista.',
          confidence: 0.65,
        },
      },
    });

    await page.goto(`${session.server.url}/?view=medical-records-menu`);
    await page.getByRole('button', { name: /Abrir prontuário de Rita Lobo/ }).click();
    await page.waitForURL((url) => url.searchParams.get('mode') === 'report');
    const report = page.getByRole('main');
    await visible(report.getByText('PRONTUÁRIO MÉDICO', { exact: true }));
    await visible(report.getByText('Nega alergias conhecidas').first());
    await visible(report.getByText(/idade não informada/).first());
    await visible(report.getByText('Tosse seca há 2 semanas').first());
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Printing shows only the record, without the app around it.
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => (document.documentElement.dataset.printing = 'record'));
    const printed = page.locator('body > [data-print-area="record"]');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.innerText()).toContain('PRONTUÁRIO MÉDICO');
    expect(await page.locator('#root').isVisible()).toBe(false);
    await page.evaluate(() => delete document.documentElement.dataset.printing);
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /Baixar/ })
      .first()
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prontuario-rita-lobo-\d{4}-\d{2}-\d{2}\.txt$/);

    await page.getByRole('tab', { name: 'Feedback' }).click();
    await visible(page.getByText('Nenhum feedback disponível'));

    await page.getByRole('tab', { name: 'Anamnese' }).click();
    await visible(report.getByText('Tabagista', { exact: true }));
    expect(await report.getByText('Antecedentes Familiares').count()).toBe(0);
    expect(
      await page.locator('[data-confidence-colour]').first().getAttribute('data-confidence-colour'),
    ).toBe('yellow');

    // Nothing prescribed: the notice, in the toast, instead of an empty receita.
    await page.getByRole('tab', { name: 'Formulário' }).click();
    await page
      .getByRole('button', { name: /Resumo/ })
      .first()
      .click();
    await stepHeading(page, 'Resumo e Impressão');
    await button(page, 'Imprimir Todas as Prescrições').click();
    await visible(page.getByRole('status').getByText('Nenhuma prescrição para imprimir!'));
  });
});
