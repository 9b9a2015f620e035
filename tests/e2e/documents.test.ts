import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import type { PatientWrite } from '@shared/patients/patient';
import { documentsApi, signingCertificateApi } from '@shared/api/documents';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { patientsApi } from '@shared/api/patients';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { extractPdfSignature, verifyWithPkijs } from '@server/testing/pdf-signature';
import { createTestPki, doctorPfx } from '@server/testing/test-pki';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
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

const PASSWORD = 'senha-do-certificado';
/** Her settings: what a signed paper prints, and the name and CPF her certificate must match. */
const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  cpf: '529.982.247-25',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/**
 * Registers a patient with a draft receita of one medicine, opens her chart and the receita
 * from her timeline: the print dialog.
 */
async function openReceitaFromChart(
  page: Page,
  api: ApiClient,
  patient: PatientWrite,
  receita: { patientAge: string; medication: string; dosage: string },
) {
  const { patient: created } = await api.call(patientsApi.create, { body: patient });
  const { prescription } = await api.call(prescriptionsApi.create, {
    body: {
      patientName: patient.name,
      patientAge: receita.patientAge,
      patientId: created.id,
      date: '2026-11-27',
      medications: [
        { name: receita.medication, dosage: receita.dosage, frequency: 'de 8 em 8 horas' },
      ],
      // A draft: it is issued when it leaves (the server checks it first).
      isFinalized: false,
    },
  });
  await page.goto(`${session.server.url}/?view=patients&patient=${created.id}`);
  await page
    .getByRole('region', { name: 'Histórico' })
    .getByRole('button', { name: new RegExp(`Receita — ${receita.medication}`) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Receitas para Impressão' });
  await visible(dialog);
  return { dialog, prescription };
}

describe('clinical documents', () => {
  it('issues an atestado from a visit, signs it, and opens its validation page with the code', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    await api.call(settingsApi.replace, { body: PROFILE });
    const pki = createTestPki();
    const pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: '52998224725', password: PASSWORD });

    // The certificate goes in through Settings.
    await page.goto(`${session.server.url}/settings`);
    await field(page, 'Arquivo do certificado (.pfx ou .p12)').setInputFiles({
      name: 'helena.pfx',
      mimeType: 'application/x-pkcs12',
      buffer: Buffer.from(pfx),
    });
    await field(page, 'Senha do certificado').fill(PASSWORD);
    await button(page, 'Enviar certificado').click();
    await visible(page.getByText('Certificado digital enviado.'));
    await visible(page.getByText('HELENA PRADO', { exact: true }));
    expect(await field(page, 'Senha do certificado').inputValue()).toBe('');

    // A visit of hers, at its last step.
    const { patient } = await api.call(patientsApi.create, {
      body: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
    });
    await page.goto(`${session.server.url}/?view=patients&patient=${patient.id}`);
    await button(page, 'Nova consulta').click();
    await visible(page.getByRole('heading', { level: 2, name: 'Dados do Paciente' }));
    // The visit prescribes losartana: its receita is signed with the visit's papers.
    const steps = page.getByRole('navigation', { name: 'Etapas do prontuário' });
    await steps.getByRole('button', { name: /Prescrições/ }).click();
    await visible(page.getByRole('heading', { name: 'Prescrições e Exames' }));
    await page.getByLabel('Nome do medicamento').fill('Losartana');
    await page.getByLabel('Nome do medicamento').press('Escape');
    await page.getByLabel('Dosagem').first().fill('50 mg');
    await page.getByLabel('Frequência').first().fill('1x ao dia');
    await button(page, 'Adicionar medicamento').click();
    await steps.getByRole('button', { name: /Resumo/ }).click();
    await visible(page.getByRole('heading', { name: 'Resumo e Impressão' }));

    await button(page, 'Novo documento').click();
    const create = page.getByRole('dialog', { name: 'Novo documento' });
    await visible(create);
    expect(await create.getByLabel('Tipo de documento').inputValue()).toBe('atestado');
    await create.getByLabel('Dias de afastamento').fill('2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Emitir', exact: true }).click();
    await visible(page.getByText('Atestado médico emitido.'));
    await visible(page.getByText('Emitido', { exact: true }));

    // And a request for blood tests.
    await button(page, 'Novo documento').click();
    await visible(create);
    await create.getByLabel('Tipo de documento').selectOption('exames');
    await create.getByLabel('Exames').fill('Hemograma completo\nGlicemia de jejum');
    await create.getByLabel('Indicação clínica').fill('Rastreamento anual.');
    await create.getByRole('button', { name: 'Emitir', exact: true }).click();
    await visible(page.getByText('Solicitação de exames emitida.'));

    // One password signs the receita, the atestado and the exam request.
    const signAll = button(page, 'Assinar todos (3)');
    await visible(signAll);
    await signAll.click();
    const sign = page.getByRole('dialog', { name: 'Assinar digitalmente' });
    await visible(sign.getByText(/^Receita — .* Losartana 50 mg$/));
    await visible(sign.getByText('Atestado médico', { exact: true }));
    await visible(sign.getByText('Solicitação de exames', { exact: true }));
    await sign.getByLabel('Senha do certificado').fill('senha errada');
    await sign.getByRole('button', { name: 'Assinar', exact: true }).click();
    await visible(sign.getByText('Senha do certificado incorreta.'));
    await sign.getByLabel('Senha do certificado').fill(PASSWORD);
    await sign.getByRole('button', { name: 'Assinar', exact: true }).click();
    await visible(page.getByText('3 assinados: receitas e documentos.'));
    const { prescriptions } = await api.call(prescriptionsApi.list, { query: { limit: 10 } });
    const visitReceitas = prescriptions.filter((receita) => receita.patientId === patient.id);
    expect(visitReceitas).toHaveLength(1);
    expect(visitReceitas[0]).toMatchObject({ isFinalized: true });
    expect(visitReceitas[0]?.signedAt).toBeDefined();
    await expect
      .poll(() => page.getByText('Assinado digitalmente', { exact: true }).count())
      .toBe(2);
    await visible(page.getByRole('link', { name: 'Baixar PDF assinado' }).first());
    await visible(page.getByRole('link', { name: 'Enviar por WhatsApp' }).first());
    expect(await seriousA11yViolations(page)).toEqual([]);

    const { documents } = await api.call(documentsApi.list, { query: { patientId: patient.id } });
    expect(
      documents
        .map(({ kind, status }) => ({ kind, status }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'atestado', status: 'assinado' },
      { kind: 'exames', status: 'assinado' },
    ]);
    const document = documents.find((each) => each.kind === 'atestado');
    expect(document).toMatchObject({ kind: 'atestado', status: 'assinado', content: { days: 2 } });
    expect(documents.find((each) => each.kind === 'exames')?.content).toMatchObject({
      exams: [{ name: 'Hemograma completo' }, { name: 'Glicemia de jejum' }],
    });
    const validation = document?.validation;
    if (!validation) throw new Error('the signed atestado has no validation address');
    const pdf = new Uint8Array(
      await (
        await doctor.browser
          .pointedAt(session.server.url)
          .fetch(`/api/documents/${document.id}/pdf`)
      ).arrayBuffer(),
    );
    expect((await verifyWithPkijs(extractPdfSignature(pdf), pki.rootDer)).signatureVerified).toBe(
      true,
    );

    // The patient's link: the page asks for the code, then shows the document as valid.
    await page.goto(validation.url);
    await page.getByLabel('Código de validação').fill(validation.secretCode);
    await page.getByRole('button', { name: 'Validar' }).click();
    await visible(page.getByRole('heading', { name: 'Atestado médico' }));
    await visible(page.getByText(/Documento válido, emitido em .* e assinado digitalmente\./));
    await visible(page.getByText('Maria Aparecida Souza', { exact: true }));
  });

  it("checks a receita against her chart's medicines in use, and signs it only with a reason", async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    await api.call(settingsApi.replace, { body: PROFILE });
    const { dialog } = await openReceitaFromChart(
      page,
      api,
      { name: 'Joana Prado', birthDate: '1958-05-02', medications: ['Varfarina 5 mg'] },
      { patientAge: '68', medication: 'Ibuprofeno', dosage: '400 mg' },
    );
    // The receita holds only ibuprofeno: the varfarina is in her chart.
    const warnings = dialog.getByRole('region', { name: 'Avisos de segurança da prescrição' });
    await visible(warnings.getByText('Ibuprofeno + Varfarina 5 mg', { exact: true }));
    const sign = dialog.getByRole('button', { name: 'Assinar digitalmente (1)' });
    expect(await sign.isDisabled()).toBe(true);
    await warnings
      .getByLabel(/^Justificativa para manter/)
      .fill('Dor aguda, 3 dias; INR na sexta.');
    await warnings.getByLabel(/^Justificativa para manter/).blur();
    await expect.poll(() => sign.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.context().close();
  });

  it('signs a receita from the chart with one password, then offers the signed PDF and its link', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const { api } = doctor.browser.pointedAt(session.server.url);
    await api.call(settingsApi.replace, { body: PROFILE });
    const pki = createTestPki();
    const form = new FormData();
    const pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: '52998224725', password: PASSWORD });
    form.set('certificate', new Blob([pfx], { type: 'application/x-pkcs12' }), 'helena.pfx');
    form.set('password', PASSWORD);
    await api.call(signingCertificateApi.upload, { body: form });
    const { dialog, prescription } = await openReceitaFromChart(
      page,
      api,
      { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
      { patientAge: '63', medication: 'Dipirona', dosage: '500 mg' },
    );
    await dialog.getByRole('button', { name: 'Assinar digitalmente (1)' }).click();
    const sign = page.getByRole('dialog', { name: 'Assinar digitalmente' });
    await visible(sign.getByText(/Dipirona 500 mg/));
    await sign.getByLabel('Senha do certificado').fill(PASSWORD);
    await sign.getByRole('button', { name: 'Assinar', exact: true }).click();
    await sign.waitFor({ state: 'hidden' });
    await visible(dialog.getByRole('heading', { name: 'Receitas assinadas digitalmente' }));
    await visible(dialog.getByRole('link', { name: 'Baixar PDF assinado' }));
    await visible(dialog.getByRole('link', { name: 'Enviar por WhatsApp' }));
    expect(await dialog.getByRole('button', { name: /Assinar digitalmente/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const pdf = new Uint8Array(
      await (
        await doctor.browser
          .pointedAt(session.server.url)
          .fetch(`/api/prescriptions/${prescription.id}/pdf`)
      ).arrayBuffer(),
    );
    expect((await verifyWithPkijs(extractPdfSignature(pdf), pki.rootDer)).signatureVerified).toBe(
      true,
    );
  });
});
