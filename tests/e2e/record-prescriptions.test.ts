import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import type { MedicalRecord } from '@shared/records/medical-record';
import type { TestDoctorAccount } from '@server/testing/test-server';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';
import { occurrences, oneLine, patientsOf, previewPages } from './support/receita-preview';

/** The record's prescriptions step with no model configured (offline): search, assistant, edit. */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/**
 * A doctor with a record that prescribes nothing yet, open on its prescriptions step.
 * @param medicationsInUse - what the patient's step says she already takes
 * @param withChart - whether the visit is of a registered patient with her CPF, as a controlled
 *   receita needs (RDC 1.000/2025)
 */
async function openPrescriptions(
  medicationsInUse: string[] = [],
  withChart = false,
): Promise<{ page: Page; doctor: TestDoctorAccount }> {
  const { page, doctor } = await openSignedInPage(
    session.browser,
    problems,
    session.server.url,
    'desktop',
  );
  const { api } = doctor.browser.pointedAt(session.server.url);
  const chart = withChart
    ? (
        await api.call(patientsApi.create, {
          body: { name: 'Maria Souza', birthDate: '1981-05-20', cpf: '529.982.247-25' },
        })
      ).patient
    : undefined;
  await api.call(recordsApi.create, {
    body: {
      ...(chart ? { patientId: chart.id } : {}),
      patientInfo: {
        name: 'Maria Souza',
        age: 45,
        allergies: [],
        medications: medicationsInUse,
        chronicConditions: [],
      },
      symptoms: { chiefComplaint: 'Tosse e febre', duration: '3 dias', currentSymptoms: [] },
    },
  });
  await page.goto(`${session.server.url}/?view=medical-records-menu`);
  await page
    .getByRole('button', { name: /Editar/ })
    .first()
    .click();
  await visible(page.getByRole('heading', { name: 'Dados do Paciente' }));
  await page
    .getByRole('navigation', { name: 'Etapas do prontuário' })
    .getByRole('button', { name: /Prescrições/ })
    .click();
  await visible(page.getByRole('heading', { name: 'Prescrições e Exames' }));
  return { page, doctor };
}

/** Goes to 'Resumo e Impressão' and prints all the prescriptions: the print dialog. */
async function printAllFromSummary(page: Page) {
  await page
    .getByRole('navigation', { name: 'Etapas do prontuário' })
    .getByRole('button', { name: /Resumo/ })
    .click();
  await visible(page.getByRole('heading', { name: 'Resumo e Impressão' }));
  await button(page, 'Imprimir Todas as Prescrições').click();
  const dialog = page.getByRole('dialog', { name: 'Receitas para Impressão' });
  await visible(dialog);
  return dialog;
}

/** The record as the server has it, read with the doctor's own session. */
async function recordOnServer(doctor: TestDoctorAccount): Promise<MedicalRecord> {
  const listed = await doctor.browser
    .pointedAt(session.server.url)
    .api.call(recordsApi.list, { query: { limit: 1 } });
  const [record] = listed.records;
  if (!record) throw new Error('no record on the server');
  return record;
}

describe('the prescriptions step, offline', () => {
  it('searches the catalogue, suggests from the case, and fills the dosing table', async () => {
    const { page, doctor } = await openPrescriptions();

    // Autocomplete: Escape closes the list; arrows and Enter choose.
    const name = page.getByRole('combobox', { name: 'Nome do medicamento' });
    const list = page.getByRole('listbox', { name: 'Medicamentos encontrados' });
    await name.fill('dipi');
    await visible(list.getByRole('option').first());
    expect(await name.getAttribute('aria-expanded')).toBe('true');
    await name.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe('dipi');

    await name.fill('amox');
    await visible(list.getByRole('option').first());
    expect(await list.getByRole('option').first().innerText()).toMatch(/^Amoxicilina\n/);
    expect(await list.getByRole('option').count()).toBeLessThanOrEqual(8);
    await name.press('ArrowDown');
    expect(await list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await name.press('Enter');
    await list.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe('Amoxicilina');
    expect(await name.getAttribute('aria-expanded')).toBe('false');
    await button(page, 'Adicionar medicamento').click();
    const medicationItem = (medication: string) =>
      page.getByRole('listitem').filter({
        has: page.getByRole('button', { name: `Remover ${medication}`, exact: true }),
      });
    await visible(medicationItem('Amoxicilina'));
    expect(await name.inputValue()).toBe('');

    // The assistant: a 100 px case description, 'Gerar Sugestões' only with text.
    await button(page, 'Escrever para IA').click();
    await visible(button(page, 'Fechar IA'));
    const caseText = page.getByLabel('Descrição do caso');
    await visible(caseText);
    expect(await caseText.evaluate((area) => area.getBoundingClientRect().height)).toBe(100);
    const generate = button(page, 'Gerar Sugestões');
    expect(await generate.isDisabled()).toBe(true);
    await caseText.fill('   ');
    expect(await generate.isDisabled()).toBe(true);
    await caseText.fill('Paciente com pneumonia aguda, prescrevo amoxicilina 500mg e dipirona.');
    expect(await generate.isDisabled()).toBe(false);

    // Detected medicines: the one prescribed reads as added; a click prescribes the other.
    const chips = page.getByRole('list', { name: 'Medicamentos detectados' });
    await visible(chips.getByRole('button', { name: 'Dipirona' }));
    expect(await chips.getByRole('button', { name: /Amoxicilina/ }).isDisabled()).toBe(true);
    await chips.getByRole('button', { name: 'Dipirona' }).click();
    await visible(medicationItem('Dipirona'));
    expect(await medicationItem('Dipirona').innerText()).toContain(
      'Dipirona 500 mg a 1 g — de 6/6h, se dor ou febre — por 3 a 5 dias',
    );
    // Nothing of its dose was written: the table filled it, and the doctor is asked to check.
    await visible(page.getByText('Dipirona: Posologia sugerida pela tabela — confira.'));
    await expect
      .poll(() => chips.getByRole('button', { name: /Dipirona/ }).isDisabled())
      .toBe(true);

    // Suggestions for an urgent case, labelled offline; both medicines are already prescribed.
    await generate.click();
    const medicationSuggestions = page.getByRole('region', { name: 'Medicamentos sugeridos' });
    await visible(medicationSuggestions);
    await visible(medicationSuggestions.getByText('Modo offline', { exact: true }));
    // The items with a button: the warnings are a list too.
    const suggested = medicationSuggestions
      .getByRole('listitem')
      .filter({ has: page.getByRole('button') });
    expect(await suggested.count()).toBe(2);
    expect(await suggested.first().innerText()).toContain('Amoxicilina 500 mg — de 8/8h');
    for (const item of await suggested.all()) {
      expect(await item.getByRole('button', { name: 'Adicionado' }).isDisabled()).toBe(true);
    }
    await visible(medicationSuggestions.getByText('Verificar alergias antes da prescrição'));

    // Exam suggestions are not filtered, and add like a manual exam.
    const examSuggestions = page.getByRole('region', { name: 'Exames sugeridos' });
    await visible(examSuggestions.getByText('Modo offline', { exact: true }));
    await examSuggestions.getByRole('button', { name: 'Adicionar Hemograma completo' }).click();
    await visible(
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Remover Hemograma completo' }) }),
    );
    await visible(
      examSuggestions
        .getByRole('listitem')
        .filter({ hasText: 'Hemograma completo' })
        .getByRole('button', { name: 'Adicionado' }),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Inline edit: 'Sugerir posologia' fills the fields from the dosing table.
    await button(page, 'Editar Amoxicilina').click();
    const form = page.getByRole('form', { name: 'Editar Amoxicilina' });
    await button(page, 'Sugerir posologia').click();
    await expect.poll(() => form.getByLabel('Dosagem').inputValue()).toBe('500 mg');
    expect(await form.getByLabel('Frequência').inputValue()).toBe('de 8/8h');
    expect(await form.getByLabel('Duração').inputValue()).toBe('7 dias');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await visible(medicationItem('Amoxicilina').getByText(/Amoxicilina 500 mg — de 8\/8h/));

    // A medicine the table does not know says so and changes nothing.
    await name.fill('Chá de camomila');
    await button(page, 'Adicionar medicamento').click();
    await button(page, 'Editar Chá de camomila').click();
    await button(page, 'Sugerir posologia').click();
    await visible(page.getByText('Sem posologia de referência para Chá de camomila'));
    expect(
      await page
        .getByRole('form', { name: 'Editar Chá de camomila' })
        .getByLabel('Dosagem')
        .inputValue(),
    ).toBe('');
    await button(page, 'Cancelar').click();

    // Closing the assistant hides the case description; the prescriptions were saved.
    await button(page, 'Fechar IA').click();
    await caseText.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () => {
          const record = await recordOnServer(doctor);
          return {
            medications: record.prescriptions?.medications?.map((item) => [item.name, item.dosage]),
            exams: record.prescriptions?.exams?.map((item) => item.name),
          };
        },
        { timeout: 30_000 },
      )
      .toEqual({
        medications: [
          ['Amoxicilina', '500 mg'],
          ['Dipirona', '500 mg a 1 g'],
          ['Chá de camomila', undefined],
        ],
        exams: ['Hemograma completo'],
      });
    await page.context().close();
  });

  it('warns of ibuprofeno for a patient on varfarina and goes on only with a reason, kept in the record', async () => {
    const { page, doctor } = await openPrescriptions(['Varfarina 5 mg']);
    await page.getByLabel('Nome do medicamento').fill('Ibuprofeno');
    await page.getByLabel('Nome do medicamento').press('Escape');
    await page.getByLabel('Dosagem').first().fill('400 mg');
    await page.getByLabel('Frequência').first().fill('8/8h');
    await button(page, 'Adicionar medicamento').click();

    const warnings = page.getByRole('region', { name: 'Avisos de segurança da prescrição' });
    await visible(warnings.getByText('Grave', { exact: true }));
    await visible(warnings.getByText('Ibuprofeno + Varfarina 5 mg', { exact: true }));
    await visible(warnings.getByText(/sangramento/));
    const continueButton = button(page, 'Continuar');
    expect(await continueButton.isDisabled()).toBe(true);
    await visible(
      page.getByText(
        'Escreva a justificativa de cada aviso grave ou contraindicado para continuar.',
      ),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    const reason = warnings.getByLabel('Justificativa para manter (Ibuprofeno + Varfarina 5 mg)');
    await reason.fill('Dor aguda: 2 dias, com omeprazol e INR na sexta-feira.');
    await reason.blur();
    await expect.poll(() => continueButton.isEnabled()).toBe(true);
    await expect
      .poll(async () => (await recordOnServer(doctor)).prescriptions?.safetyReasons, {
        timeout: 10_000,
      })
      .toEqual([
        expect.objectContaining({
          kind: 'interacao',
          severity: 'grave',
          medications: ['Ibuprofeno', 'Varfarina 5 mg'],
          reason: 'Dor aguda: 2 dias, com omeprazol e INR na sexta-feira.',
        }),
      ]);

    // The receita issued from the record carries the reason: nothing is asked again.
    const dialog = await printAllFromSummary(page);
    const receitas = await doctor.browser
      .pointedAt(session.server.url)
      .api.call(prescriptionsApi.list, { query: { limit: 1 } });
    expect(receitas.prescriptions[0]?.safetyReasons).toEqual([
      expect.objectContaining({
        medications: ['Ibuprofeno', 'Varfarina 5 mg'],
        reason: 'Dor aguda: 2 dias, com omeprazol e INR na sexta-feira.',
      }),
    ]);
    // Printable once its PDF is drawn (the first one of a fresh server takes a few seconds).
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Imprimir (1)' }).isEnabled(), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.context().close();
  });

  it('hides medication suggestions for a routine case, and keeps the exam suggestions', async () => {
    const { page } = await openPrescriptions();
    await button(page, 'Escrever para IA').click();
    await page
      .getByLabel('Descrição do caso')
      .fill('Consulta de rotina; paciente pede dipirona para cefaleia ocasional.');
    await button(page, 'Gerar Sugestões').click();
    const medicationSuggestions = page.getByRole('region', { name: 'Medicamentos sugeridos' });
    await visible(
      medicationSuggestions.getByText('Nenhuma sugestão de medicamento para este caso.'),
    );
    expect(await medicationSuggestions.getByRole('button').count()).toBe(0);
    const examSuggestions = page.getByRole('region', { name: 'Exames sugeridos' });
    await visible(examSuggestions.getByRole('button', { name: 'Adicionar Glicemia de jejum' }));
    await page.context().close();
  });

  it("prints the record's prescriptions as a receita a pharmacy accepts, controlled ones in two vias", async () => {
    const { page, doctor } = await openPrescriptions([], true);
    const settings = await doctor.browser.pointedAt(session.server.url).fetch('/api/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...DEFAULT_DOCTOR_SETTINGS,
        name: 'Dr. Paulo Mendes',
        crm: '654321',
        crmState: 'RJ',
      }),
    });
    expect(settings.status).toBe(200);
    // The page read the settings when it opened: a reload reads the new ones (the record stays).
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Prescrições e Exames' }));
    await page.getByLabel('Nome do medicamento').fill('Sertralina');
    await page.getByLabel('Nome do medicamento').press('Escape');
    await page.getByLabel('Dosagem').first().fill('50mg');
    await page.getByLabel('Frequência').first().fill('1x ao dia');
    await page.getByLabel('Duração').first().fill('30 dias');
    await button(page, 'Adicionar medicamento').click();
    const dialog = await printAllFromSummary(page);
    const pages = (await previewPages(dialog)).map(oneLine);
    // Controle especial: its two vias, the two halves of one page.
    expect(pages).toHaveLength(1);
    const [text = ''] = pages;
    expect(patientsOf(text)).toEqual(['Maria Souza']);
    expect(occurrences(text, 'Receituário de Controle Especial')).toBe(2);
    expect(text).toContain('1ª via — Farmácia');
    expect(text).toContain('2ª via — Paciente');
    expect(text).toContain('Dr. Paulo Mendes');
    expect(text).toContain('CRM/RJ 654321');
    expect(text).toContain('Sertralina 50mg');
    // RDC 1.000/2025: her CPF, and the form goes to the pharmacy signed by hand.
    expect(occurrences(text, 'CPF: 529.982.247-25')).toBe(2);
    await visible(dialog.getByRole('button', { name: 'Imprimir para assinatura (1)' }));
    expect(await dialog.getByRole('button', { name: 'Assinar digitalmente' }).count()).toBe(0);
    // The receita from the record carries the quantity to dispense, in figures and words.
    expect(text).toContain('30 (trinta) comprimidos');
    expect(text).toContain('Tomar 1 comprimido por via oral uma vez ao dia, por 30 dias.');
    await page.context().close();
  });
});
