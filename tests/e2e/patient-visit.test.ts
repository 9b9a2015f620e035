import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { useBrowserSession } from './support/browser-session';
import type { TestDoctorAccount } from '@server/testing/test-server';
import type { ApiClient } from '@shared/api/client';
import type { Patient } from '@shared/patients/patient';
import {
  fieldLabelled as field,
  newestRecordOnServer,
  openSignedInPage,
  openWorkspaceChat,
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

describe("a returning patient's visit", () => {
  it('starts from her chart, and finalising with a new allergy updates it once the doctor confirms', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    const { patient } = await api.call(patientsApi.create, {
      body: {
        name: 'Maria Aparecida Souza',
        birthDate: '1963-03-12',
        sex: 'feminino',
        allergies: ['Dipirona'],
        chronicConditions: ['Hipertensão arterial'],
        medications: ['Losartana 50 mg'],
      },
    });
    const earlier = await api.call(recordsApi.create, {
      body: {
        patientId: patient.id,
        patientInfo: { name: patient.name, age: patient.age },
        physicalExam: { vitalSigns: { bloodPressure: '150x95' } },
      },
    });
    await api.call(recordsApi.update, {
      params: { id: earlier.recordId },
      body: { status: 'finalizado' },
    });

    await page.goto(`${session.server.url}/?view=medical-record`);
    await button(page, 'Iniciar Prontuário').click();
    await stepHeading(page, 'Dados do Paciente');
    await field(page, 'Nome completo').fill('mar apar');
    const offer = page.getByRole('button', {
      name: new RegExp(
        `^Maria Aparecida Souza, ${patient.age} anos — última consulta \\d{2}/\\d{2}/\\d{4}$`,
      ),
    });
    await visible(offer);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await offer.click();

    // The step now reads her chart.
    await visible(page.getByText(/Consulta na ficha de/));
    expect(await field(page, 'Nome completo').inputValue()).toBe('Maria Aparecida Souza');
    expect(await field(page, 'Idade').inputValue()).toBe(String(patient.age));
    expect(await field(page, 'Alergias').inputValue()).toBe('Dipirona');
    expect(await field(page, 'Medicamentos em uso').inputValue()).toBe('Losartana 50 mg');
    await field(page, 'Alergias').fill('Dipirona, Penicilina');

    await button(page, 'Continuar').click();
    await stepHeading(page, 'Sintomas');
    await field(page, 'Queixa principal').fill('Cefaleia');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Exame Físico');
    await field(page, 'Exame físico').fill('BEG.');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Avaliação');
    await field(page, 'Avaliação e hipóteses diagnósticas').fill('Cefaleia tensional.');
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Prescrições e Exames');
    await page.getByRole('checkbox', { name: 'Sem prescrição nesta consulta' }).check();
    await button(page, 'Continuar').click();
    await stepHeading(page, 'Plano de Tratamento');
    await field(page, 'Plano de tratamento').fill('Retorno em 30 dias.');
    await button(page, 'Finalizar consulta').click();
    await page
      .getByRole('alertdialog', { name: 'Finalizar a consulta de Maria Aparecida Souza?' })
      .getByRole('button', { name: 'Finalizar consulta' })
      .click();

    const dialog = page.getByRole('dialog', {
      name: 'Atualizar a ficha de Maria Aparecida Souza?',
    });
    await visible(dialog);
    const changes = dialog.getByRole('list', { name: 'Mudanças na ficha' }).getByRole('listitem');
    expect(await changes.allInnerTexts()).toEqual(['Nova alergia: Penicilina']);
    // Nothing changes before the doctor confirms.
    expect(
      (await api.call(patientsApi.get, { params: { id: patient.id } })).patient.allergies,
    ).toEqual(['Dipirona']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Atualizar ficha' }).click();
    await visible(page.getByText('Ficha de Maria Aparecida Souza atualizada.'));

    const chart = (await api.call(patientsApi.get, { params: { id: patient.id } })).patient;
    expect(chart.allergies).toEqual(['Dipirona', 'Penicilina']);
    expect(chart.medications).toEqual(['Losartana 50 mg']);
    expect(chart.counts?.records).toBe(2);
    const visit = await newestRecordOnServer(session.server.url, doctor);
    expect(visit).toMatchObject({ patientId: patient.id, status: 'finalizado' });

    // Her chart shows the new allergy, and the visit at the top of her history.
    await page.goto(`${session.server.url}/?view=patients&patient=${patient.id}`);
    const allergies = page.getByRole('note', { name: 'Alergias' });
    await visible(allergies);
    expect(await allergies.innerText()).toContain('Penicilina');
    const history = page.getByRole('region', { name: 'Histórico' });
    await visible(history.getByText('Consulta — Cefaleia'));
  });
});

/** A patient of the doctor's, born on 1 January `age` years ago, with one finalised visit. */
async function returningPatient(api: ApiClient, name: string, age: number) {
  const { patient } = await api.call(patientsApi.create, {
    body: { name, birthDate: `${new Date().getFullYear() - age}-01-01` },
  });
  const earlier = await api.call(recordsApi.create, {
    body: { patientId: patient.id, patientInfo: { name, age } },
  });
  await api.call(recordsApi.update, {
    params: { id: earlier.recordId },
    body: { status: 'finalizado' },
  });
  return patient;
}

/**
 * On the patient step: her chart is offered under the name the chat or the voice extracted
 * ('Marcos Pereira, 47 anos — última consulta dd/mm/aaaa'); choosing it files the visit under her.
 */
async function chooseOffer(page: Page, doctor: TestDoctorAccount, patient: Patient) {
  const offer = page.getByRole('button', {
    name: new RegExp(
      `^${patient.name}, ${patient.age} anos — última consulta \\d{2}/\\d{2}/\\d{4}$`,
    ),
  });
  await visible(offer);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await offer.click();
  await visible(page.getByText(/Consulta na ficha de/));
  await expect
    .poll(async () => (await newestRecordOnServer(session.server.url, doctor))?.patientId, {
      timeout: 30_000,
    })
    .toBe(patient.id);
}

describe('a returning patient named in the chat or the voice consultation', () => {
  it('is offered on the record the chat starts, and the visit goes to her chart', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    const patient = await returningPatient(api, 'Marcos Pereira', 47);
    await openWorkspaceChat(page, session.server.url, 'desktop');
    const input = page.getByLabel('Mensagem para o Prontu');
    await input.fill('Atendendo Marcos Pereira, 47 anos, com dor de cabeça há 3 dias.');
    await input.press('Enter');
    const log = page.getByRole('log', { name: 'Conversa com o Prontu' });
    await visible(log.getByText('Modo offline').first());
    await input.fill('Ele nega febre e tem pressão 140/90.');
    await input.press('Enter');
    await visible(log.getByText(/Deseja iniciar um prontuário/));
    await log.getByRole('button', { name: 'Iniciar Prontuário' }).click();

    await stepHeading(page, 'Dados do Paciente');
    await chooseOffer(page, doctor, patient);
    await page.context().close();
  });

  it('is offered on the record the voice consultation opens', async () => {
    const { page, doctor } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'phone',
    );
    const { api } = doctor.browser.pointedAt(session.server.url);
    const patient = await returningPatient(api, 'Joana Prado', 38);
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    await page.getByRole('button', { name: 'Colar uma transcrição' }).click();
    await page
      .getByLabel('Transcrição')
      .fill(
        'Paciente Joana Prado, 38 anos, com dor de cabeça há 3 dias. Pressão 130 por 85, frequência cardíaca 88.',
      );
    await page.getByRole('button', { name: 'Preencher prontuário' }).click();
    const done = page.getByRole('region', { name: 'Prontuário preenchido' });
    await visible(done.getByRole('heading', { name: 'Prontuário preenchido' }));
    await done.getByRole('button', { name: 'Abrir Prontuário' }).click();
    await stepHeading(page, 'Dados do Paciente');
    await chooseOffer(page, doctor, patient);
    await page.context().close();
  });
});
