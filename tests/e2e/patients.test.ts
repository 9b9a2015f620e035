import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Bundle, Condition } from '@medplum/fhirtypes';
import { CID10_SYSTEM } from '@clinical/fhir/patient-bundle';
import { fhirIssuesOf } from '@clinical/fhir/testing/fhir-validator';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { recordsApi } from '@shared/api/records';
import type { Patient } from '@shared/patients/patient';
import { PASSPORT_INVALID } from '@shared/patients/identifiers';
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

const MARIA = 'Maria Aparecida da Silva';

/** The doctor's API client, over her own session. */
const apiOf = (doctor: TestDoctorAccount): ApiClient =>
  doctor.browser.pointedAt(session.server.url).api;

/** A visit of `patient` with the vital signs taken. */
async function visit(
  api: ApiClient,
  patient: Patient,
  complaint: string,
  vitalSigns: { bloodPressure?: string; heartRate?: number; weight?: number; temperature?: number },
) {
  const { record } = await api.call(recordsApi.create, {
    body: {
      patientId: patient.id,
      patientInfo: { name: patient.name, allergies: patient.allergies },
      symptoms: { chiefComplaint: complaint },
      physicalExam: { vitalSigns },
    },
  });
  return record;
}

/**
 * A returning patient with two visits (150x95 then 140/90) and a receita, and two patients
 * whose names are close to hers.
 */
async function seedPatients(doctor: TestDoctorAccount) {
  const api = apiOf(doctor);
  const { patient: maria } = await api.call(patientsApi.create, {
    body: {
      name: MARIA,
      birthDate: '12/03/1961',
      sex: 'feminino',
      cpf: '529.982.247-25',
      allergies: ['Dipirona'],
      chronicConditions: ['Hipertensão arterial'],
      medications: ['Losartana 50 mg'],
    },
  });
  await api.call(patientsApi.create, { body: { name: 'Mariana Souza', sex: 'feminino' } });
  await api.call(patientsApi.create, { body: { name: 'José Aparecido Lima', sex: 'masculino' } });
  await visit(api, maria, 'Cefaleia', { bloodPressure: '150x95', heartRate: 88, weight: 72.5 });
  await visit(api, maria, 'Retorno', { bloodPressure: '140/90', heartRate: 80, weight: 71 });
  await api.call(prescriptionsApi.create, {
    body: {
      patientId: maria.id,
      patientName: MARIA,
      patientAge: '65 anos',
      date: '2026-03-01',
      medications: [{ name: 'Losartana', dosage: '50 mg', frequency: '1 vez ao dia' }],
      isFinalized: true,
    },
  });
  return { api, maria };
}

async function openPatients(viewport: ViewportName = 'desktop') {
  const opened = await openSignedInPage(session.browser, problems, session.server.url, viewport, {
    name: 'Dra. Beatriz Nunes',
    // What a Chromium started under LANG=C reports, a tag Intl refuses: the chart library reads
    // the browser's language as it loads, and the charts must still draw.
    locale: 'en-US@posix',
  });
  const seeded = await seedPatients(opened.doctor);
  await opened.page.goto(`${session.server.url}/?view=patients`);
  await visible(opened.page.getByRole('heading', { name: 'Pacientes', level: 1 }));
  return { ...opened, ...seeded };
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar paciente' });
const patientButton = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Lista de pacientes' }).getByRole('button', { name });

async function openChart(page: Page, search: string, name = MARIA) {
  await searchBox(page).fill(search);
  await patientButton(page, name).click();
  await visible(page.getByRole('heading', { name, level: 1 }));
}

describe('patients', () => {
  it('finds a returning patient by a partial name and shows her chart', async () => {
    const { page } = await openPatients();
    // Reached from the sidebar too.
    await page.goto(session.server.url);
    await page.getByRole('link', { name: 'Pacientes' }).click();
    await visible(page.getByRole('heading', { name: 'Pacientes', level: 1 }));
    await visible(patientButton(page, 'Mariana Souza'));

    await searchBox(page).fill('mar apar');
    await expect
      .poll(() => page.getByRole('region', { name: 'Lista de pacientes' }).innerText())
      .not.toContain('Mariana Souza');
    const row = patientButton(page, MARIA);
    const rowText = await row.innerText();
    expect(rowText).toMatch(/\d+ anos · Feminino · última consulta \d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByText('José Aparecido Lima').count()).toBe(0);

    // The chart opens in one call for her data and her timeline, the vital signs beside it.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/patients/'))
        asked.push(pathname.replace(/patient-[^/]+/, ':id'));
    });
    await row.click();
    await visible(page.getByRole('heading', { name: MARIA, level: 1 }));
    expect(new URL(page.url()).searchParams.get('patient')).toMatch(/^patient-/);
    const allergies = page.getByRole('note', { name: 'Alergias' });
    expect(await allergies.innerText()).toContain('Dipirona');
    await visible(page.getByText('•••.•••.•47-25'));
    await visible(page.getByText('Hipertensão arterial'));

    // The blood pressure chart draws both visits, and says them in words.
    const pressure = page.getByRole('img', { name: /^Pressão arterial \(mmHg\):/ });
    await visible(pressure);
    const summary = (await pressure.getAttribute('aria-label')) ?? '';
    expect(summary).toMatch(/\d{2}\/\d{2} 150\/95; \d{2}\/\d{2} 140\/90\.$/);
    await visible(pressure.locator('[data-chart="pressure"] canvas'));
    await visible(page.getByRole('img', { name: /^Frequência cardíaca \(bpm\):.* 88;.* 80\.$/ }));
    await visible(page.getByRole('img', { name: /^Peso \(kg\) e IMC:.*72,5 kg/ }));
    // The values as a table, on request.
    const figure = page.getByRole('figure', { name: 'Pressão arterial (mmHg)' });
    await figure.getByRole('button', { name: 'Mostrar valores' }).click();
    expect(await figure.getByRole('table').innerText()).toContain('150/95');

    // The timeline, newest first: the receita, the return, the first visit.
    const timeline = page.getByRole('region', { name: 'Histórico' });
    const entries = timeline.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.nth(1).innerText()).toContain('Consulta — Retorno');
    expect(await entries.nth(2).innerText()).toContain('Consulta — Cefaleia');
    expect(asked.sort()).toEqual(['/api/patients/:id/chart', '/api/patients/:id/vitals']);

    expect(await seriousA11yViolations(page)).toEqual([]);

    // A receita opens in the receitas dialog.
    await timeline.getByRole('button', { name: /Receita — Losartana/ }).click();
    const receita = page.getByRole('dialog', { name: 'Receitas para Impressão' });
    await visible(receita);
    await receita.getByRole('button', { name: 'Fechar' }).first().click();

    // A visit opens in the record view.
    await timeline.getByRole('button', { name: /Consulta — Retorno/ }).click();
    await visible(page.getByRole('heading', { name: 'Dados do Paciente', level: 2 }));
    await page.context().close();
  });

  it('starts a visit for her with her data filled in', async () => {
    const { page, doctor, maria } = await openPatients();
    await openChart(page, 'aparecida');
    await page.getByRole('button', { name: 'Nova consulta' }).click();
    await visible(page.getByRole('heading', { name: 'Dados do Paciente', level: 2 }));
    expect(await field(page, 'Nome completo').inputValue()).toBe(MARIA);
    expect(await field(page, 'Sexo').inputValue()).toBe('feminino');
    expect(await field(page, 'Alergias').inputValue()).toContain('Dipirona');
    // Created on the server as her visit.
    await expect
      .poll(async () => (await newestRecordOnServer(session.server.url, doctor))?.patientId, {
        timeout: 15_000,
      })
      .toBe(maria.id);
    await page.context().close();
  });

  it('registers a new patient, showing the schema’s errors under their field', async () => {
    const { page } = await openPatients('phone');
    await page.getByRole('button', { name: 'Novo paciente' }).click();
    const form = page.getByRole('dialog', { name: 'Novo paciente' });
    await field(page, 'Nome completo').fill('Antônio Carlos Pereira');
    await field(page, 'Sexo').selectOption('masculino');
    await field(page, 'CPF').fill('111.111.111-11');
    await field(page, 'Data de nascimento').fill('31/02/1950');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await visible(form.getByText('CPF inválido: confira os 11 dígitos.'));
    await visible(form.getByText('Data de nascimento inválida: use dd/mm/aaaa.'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The server's refusal lands under its field too: this CPF is Maria's.
    await field(page, 'CPF').fill('529.982.247-25');
    await field(page, 'Data de nascimento').fill('02/05/1950');
    await field(page, 'Alergias').fill('Penicilina\nSulfa');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await visible(form.getByText('Já existe um paciente seu com este CPF.'));

    // A foreigner without a CPF: her passport is the document her receitas name.
    await field(page, 'CPF').fill('');
    await field(page, 'Passaporte').fill('#12');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await visible(form.getByText(PASSPORT_INVALID));
    await field(page, 'Passaporte').fill('yb 123-456');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await visible(page.getByRole('heading', { name: 'Antônio Carlos Pereira', level: 1 }));
    await visible(page.getByText('YB123456', { exact: true }));
    const allergies = await page.getByRole('note', { name: 'Alergias' }).innerText();
    expect(allergies).toContain('Penicilina');
    expect(allergies).toContain('Sulfa');
    await visible(page.getByText(/\d+ anos · Masculino · Nascimento 02\/05\/1950/));
    await page.context().close();
  });

  it('edits her, and shows the current data when another tab saved first', async () => {
    const { page, api, maria } = await openPatients();
    await openChart(page, 'mar apar');
    await page.getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('dialog', { name: `Editar ${MARIA}` });
    expect(await form.getByLabel('Data de nascimento', { exact: true }).inputValue()).toBe(
      '12/03/1961',
    );
    expect(await form.getByLabel('CPF', { exact: true }).inputValue()).toBe('529.982.247-25');
    // Meanwhile another tab adds an allergy.
    await api.call(patientsApi.update, {
      params: { id: maria.id },
      body: {
        name: MARIA,
        birthDate: '1961-03-12',
        sex: 'feminino',
        allergies: ['Dipirona', 'Látex'],
      },
      ifMatch: maria.version,
    });
    await form.getByLabel('Telefone', { exact: true }).fill('(11) 98765-4321');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await visible(form.getByRole('alert').getByText(/alterado em outra aba ou dispositivo/));
    expect(await form.getByLabel('Alergias', { exact: true }).inputValue()).toBe('Dipirona\nLátex');
    expect(await form.getByLabel('Telefone', { exact: true }).inputValue()).toBe('');

    // Saved over the current version, nothing of the other tab's is lost.
    await form.getByLabel('Telefone', { exact: true }).fill('(11) 98765-4321');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await form.waitFor({ state: 'detached' });
    await visible(page.getByRole('status').getByText('Paciente atualizado.'));
    expect(await page.getByRole('note', { name: 'Alergias' }).innerText()).toContain('Látex');
    await visible(page.getByText('(11) 98765-4321'));
    await page.context().close();
  });

  it('downloads her data as a FHIR bundle and opens her summary in a new tab', async () => {
    const { page, api, maria } = await openPatients();
    // Today's visit codes its diagnosis in the doctor's own words.
    const today = await visit(api, maria, 'Cefaleia', { bloodPressure: '160x100' });
    await api.call(recordsApi.update, {
      params: { id: today.id },
      body: { assessment: 'HAS (CID-10 I10) descompensada.' },
      ifMatch: today.version,
    });
    await openChart(page, '529.982.247-25');
    // Her chronic condition gets its code only when the doctor confirms the one offered.
    await page.getByRole('button', { name: 'Sugerir CID para Hipertensão arterial' }).click();
    const offer = page.getByRole('group', { name: 'CID sugerido para Hipertensão arterial' });
    await visible(offer.getByText(/^I10 — /));
    await offer.getByRole('button', { name: 'Confirmar CID' }).click();
    await visible(page.getByText('· CID-10 I10'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar dados (FHIR)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('paciente-maria-aparecida-da-silva.fhir.json');
    const path = await download.path();
    const bundle = JSON.parse(await readFile(path, 'utf8')) as {
      resourceType: string;
      entry: { resource: { resourceType: string } }[];
    };
    expect(bundle.resourceType).toBe('Bundle');
    const types = bundle.entry.map((entry) => entry.resource.resourceType);
    expect(types).toContain('Patient');
    expect(types).toContain('Encounter');
    expect(JSON.stringify(bundle)).toContain('Maria Aparecida');
    const conditions = bundle.entry
      .map((entry) => entry.resource)
      .filter((resource) => resource.resourceType === 'Condition') as Condition[];
    const coded = conditions.map((condition) => ({
      code: condition.code?.coding?.[0]?.code,
      system: condition.code?.coding?.[0]?.system,
      text: condition.code?.text,
    }));
    expect(coded).toEqual(
      expect.arrayContaining([
        { code: 'I10', system: CID10_SYSTEM, text: 'HAS' },
        { code: 'I10', system: CID10_SYSTEM, text: 'Hipertensão arterial' },
      ]),
    );
    expect(fhirIssuesOf(bundle as Bundle)).toEqual([]);
    for (const condition of conditions) expect(fhirIssuesOf(condition)).toEqual([]);

    const [summary] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /Resumo para o paciente/ }).click(),
    ]);
    await summary.waitForLoadState();
    expect(await summary.locator('body').innerText()).toContain(MARIA);
    await page.context().close();
  });

  it('merges a duplicate registration into her', async () => {
    const { page, api, maria } = await openPatients();
    const { patient: twin } = await api.call(patientsApi.create, {
      body: { name: 'Maria A. Silva', sex: 'feminino' },
    });
    await visit(api, twin, 'Tosse', { bloodPressure: '130x85' });
    await openChart(page, 'mar apar');
    await page.getByRole('button', { name: 'Unir com outro paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unir com outro paciente' });
    await dialog.getByRole('searchbox').fill('maria a. silva');
    await dialog.getByRole('button', { name: /^Maria A\. Silva/ }).click();
    await visible(dialog.getByText('Unir Maria A. (1 consulta) a este paciente?'));
    await dialog.getByRole('button', { name: 'Unir', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByRole('status').getByText('Pacientes unidos.'));
    const timeline = page.getByRole('region', { name: 'Histórico' });
    await expect.poll(() => timeline.getByRole('listitem').count()).toBe(4);
    await visible(timeline.getByText('Consulta — Tosse'));
    await expect
      .poll(async () => {
        const { patients } = await api.call(patientsApi.list, { query: { q: 'silva' } });
        return patients.map((patient) => patient.id);
      })
      .toEqual([maria.id]);
    await page.context().close();
  });

  it('moves a finalised visit filed under the wrong patient to hers', async () => {
    const { page, api, maria } = await openPatients();
    const [jose] = (await api.call(patientsApi.list, { query: { q: 'jose apar' } })).patients;
    if (!jose) throw new Error('seeded patient missing');
    const misfiled = await visit(api, jose, 'Dor lombar', { bloodPressure: '120x80' });
    await api.call(recordsApi.update, {
      params: { id: misfiled.id },
      body: { status: 'finalizado' },
    });
    await openChart(page, 'jose apar', 'José Aparecido Lima');
    const timeline = page.getByRole('region', { name: 'Histórico' });
    await visible(timeline.getByText('Consulta — Dor lombar'));
    await timeline
      .getByRole('button', { name: /^Mover a consulta de \d{2}\/\d{2}\/\d{4}/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mover consulta para outro paciente' });
    await dialog.getByRole('searchbox').fill('mar apar');
    await dialog.getByRole('button', { name: new RegExp(`^${MARIA}`) }).click();
    await visible(dialog.getByText(new RegExp(`^Mover a consulta de .* para ${MARIA}, \\d+ anos`)));
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByRole('status').getByText(`Consulta movida para ${MARIA}.`));
    await visible(timeline.getByText('Nenhuma consulta nem receita ainda.', { exact: false }));

    const hers = await api.call(patientsApi.timeline, { params: { id: maria.id } });
    expect(hers.items.map((item) => item.id)).toContain(misfiled.id);
    const record = await api.call(recordsApi.get, { params: { id: misfiled.id } });
    expect(record.record).toMatchObject({ patientId: maria.id, status: 'finalizado' });
    expect(record.record.symptoms?.chiefComplaint).toBe('Dor lombar');
    await page.context().close();
  });

  it('keeps her record by the 20-year rule, and erases one registered by mistake', async () => {
    const { page, api } = await openPatients();
    await openChart(page, 'mar apar');
    await page.getByRole('button', { name: 'Apagar paciente' }).click();
    const rule = page.getByRole('dialog', { name: 'O prontuário é guardado por 20 anos' });
    const text = await rule.innerText();
    expect(text).toContain('20 anos a partir do último registro (Lei 13.787/2018, art. 6º)');
    expect(text).toContain('LGPD, art. 16, I');
    // No way to erase her from here: the export and 'Entendi'.
    expect(await rule.getByRole('button', { name: /Apagar/ }).count()).toBe(0);
    await visible(rule.getByRole('link', { name: 'Exportar dados (FHIR)' }));
    await rule.getByRole('button', { name: 'Entendi' }).click();
    await rule.waitFor({ state: 'detached' });
    await visible(page.getByRole('heading', { name: MARIA, level: 1 }));
    const { patients } = await api.call(patientsApi.list, { query: { q: MARIA } });
    expect(patients.map((patient) => patient.name)).toEqual([MARIA]);

    // Mariana has nothing in her record: registered by mistake, she may go, after a question.
    await page.goto(`${session.server.url}/?view=patients`);
    await openChart(page, 'mariana', 'Mariana Souza');
    await page.getByRole('button', { name: 'Apagar paciente' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Apagar paciente' });
    const question = await confirm.innerText();
    expect(question).toContain(
      'Apagar Mariana Souza e tudo o que está guardado sobre ela: nenhuma consulta nem receita? Esta ação não pode ser desfeita.',
    );
    expect(question).toContain('Só um paciente cadastrado por engano');
    await confirm.getByRole('button', { name: 'Apagar' }).click();
    await visible(page.getByRole('heading', { name: 'Pacientes', level: 1 }));
    await visible(patientButton(page, MARIA));
    await searchBox(page).fill('mariana');
    await visible(page.getByText('Nenhum paciente encontrado para “mariana”.'));
    await page.context().close();
  });
});
