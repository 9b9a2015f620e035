import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { settingsApi } from '@shared/api/settings';
import { pdfPagesText } from '@server/testing/pdf-text';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';

// docs/documentos.md, "Orientações ao paciente": drafted by the offline engine (no model here),
// said to be so, edited by the doctor and approved by issuing — before which nothing prints.

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

/** Words as read, whatever the line breaks. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim().normalize('NFKC');

const EDITED_RETURN = 'Volte daqui a 30 dias e traga a pressão anotada no caderninho.';

describe('orientações ao paciente', () => {
  it('are drafted offline, edited and approved before they can be printed, as edited', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    await api.call(settingsApi.replace, { body: PROFILE });
    const { patient } = await api.call(patientsApi.create, {
      body: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
    });
    const { recordId } = await api.call(recordsApi.create, {
      body: {
        patientId: patient.id,
        patientInfo: { name: 'Maria Aparecida Souza', age: 63 },
        symptoms: { chiefComplaint: 'Dor de cabeça' },
        assessment: 'Hipertensão arterial sistêmica descompensada.',
        plan: 'Dieta hipossódica. Retorno em 30 dias.',
        prescriptions: {
          medications: [
            {
              name: 'Losartana',
              dosage: '50 mg',
              dosePerIntake: '1 comprimido',
              frequency: '1x ao dia',
              duration: 'uso contínuo',
            },
          ],
        },
      },
    });

    // Her visit, at its last step.
    await page.goto(`${session.server.url}/?view=patients&patient=${patient.id}`);
    await page
      .getByRole('region', { name: 'Histórico' })
      .getByRole('button', { name: /Consulta — Dor de cabeça/ })
      .click();
    const steps = page.getByRole('navigation', { name: 'Etapas do prontuário' });
    await visible(steps);
    await steps.getByRole('button', { name: /Resumo/ }).click();
    await visible(page.getByRole('heading', { name: 'Resumo e Impressão' }));

    await page.getByRole('button', { name: 'Novo documento', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo documento' });
    await visible(dialog);
    await dialog.getByLabel('Tipo de documento').selectOption('orientacoes');
    await dialog.getByRole('button', { name: 'Redigir rascunho' }).click();

    // Said to be the offline engine's, never a model's, and hers to review.
    const drafted = dialog.getByRole('status').filter({ hasText: 'Modo offline' });
    await visible(drafted);
    expect(await drafted.innerText()).toContain('sem modelo de IA');
    expect(await drafted.innerText()).toContain('Revise e edite cada parte antes de aprovar.');
    expect(await dialog.getByLabel('O que você tem').inputValue()).toContain('pressão alta');
    const followUp = dialog.getByLabel('Quando voltar');
    expect(await followUp.inputValue()).toContain('30 dias');
    // The medicine is the prescription's, as the receita prints it.
    await visible(dialog.getByText('Losartana 50 mg', { exact: true }));

    await followUp.fill(EDITED_RETURN);
    const preview = dialog.getByRole('article', { name: 'Orientações ao paciente' });
    await visible(preview.getByText(EDITED_RETURN));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar rascunho', exact: true }).click();
    await visible(page.getByText('Orientações ao paciente salvas como rascunho.'));

    // The draft: readable, but neither printed, signed nor sent before approval.
    const item = page.getByRole('listitem').filter({ hasText: 'Orientações ao paciente' });
    await visible(item.getByText('Rascunho', { exact: true }));
    expect(await item.getByRole('link', { name: /Visualizar/ }).count()).toBe(0);
    expect(await item.getByRole('button', { name: /Assinar digitalmente/ }).count()).toBe(0);
    expect(await item.getByRole('link', { name: /WhatsApp/ }).count()).toBe(0);
    await item.getByText(/Ler o rascunho/).click();
    await visible(item.getByText(EDITED_RETURN));

    // Her choice is told to the visit's record of AI use: she edited the draft.
    await expect
      .poll(async () => {
        const { record } = await api.call(recordsApi.get, { params: { id: recordId } });
        return record.aiUse?.map(({ task, outcome }) => ({ task, outcome }));
      })
      .toEqual([{ task: 'patient-instructions', outcome: 'edited' }]);

    await item.getByRole('button', { name: 'Aprovar e emitir', exact: true }).click();
    await visible(page.getByText('Orientações ao paciente emitidas.'));
    const print = item.getByRole('link', { name: 'Visualizar e imprimir' });
    await visible(print);

    // What prints is what she wrote.
    const href = await print.getAttribute('href');
    if (!href) throw new Error('the issued orientações have no PDF link');
    const response = await doctor.browser
      .pointedAt(session.server.url)
      .fetch(new URL(href, session.server.url).pathname);
    expect(response.status).toBe(200);
    const printed = words(
      (await pdfPagesText(new Uint8Array(await response.arrayBuffer()))).join(' '),
    );
    expect(printed).toContain('ORIENTAÇÕES AO PACIENTE');
    expect(printed).toContain(words(EDITED_RETURN));
    expect(printed).toContain('Losartana 50 mg');

    const { documents } = await api.call(documentsApi.list, { query: { patientId: patient.id } });
    expect(documents.map(({ kind, status }) => ({ kind, status }))).toEqual([
      { kind: 'orientacoes', status: 'emitido' },
    ]);
    await page.context().close();
  });
});
