import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { startFakePscServer, type FakePscServer } from '@server/testing/fake-psc-server';
import { extractPdfSignature, verifyWithPkijs } from '@server/testing/pdf-signature';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, visible } from './support/pages';

/**
 * Signing with a cloud certificate in a real Chromium (docs/assinatura-nuvem.md): the server
 * offers VIDaaS, played by the fake PSC; the doctor approves one push and the visit's receita
 * and atestado are signed by one request to the PSC.
 */

let psc: FakePscServer | undefined;
const fakePsc = (): FakePscServer => {
  if (!psc) throw new Error('The fake PSC is not running (beforeAll failed?)');
  return psc;
};

// Registered before the session, so the server starts with the fake PSC's address.
beforeAll(async () => {
  psc = await startFakePscServer({ holder: { name: 'HELENA MARIA PRADO', cpf: '52998224725' } });
});
afterAll(async () => {
  await psc?.close();
});

const session = useBrowserSession({
  env: () => ({
    PSC_VIDAAS_URL: fakePsc().baseUrl,
    PSC_VIDAAS_CLIENT_ID: 'prontu',
    PSC_VIDAAS_CLIENT_SECRET: 'segredo-do-cliente',
  }),
});
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

/** Her settings: the name and CPF of the fake PSC's certificate holder. */
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

describe('cloud-certificate signing', () => {
  it("signs a visit's receita and atestado with one approval and one request to the PSC", async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    const browser = doctor.browser.pointedAt(session.server.url);
    const { api } = browser;
    await api.call(settingsApi.replace, { body: PROFILE });

    // Settings offer the cloud certificate, with her CPF.
    await page.goto(`${session.server.url}/settings`);
    const cloud = page.getByRole('group', { name: 'Certificado em nuvem' });
    await visible(cloud);
    await visible(cloud.getByText('529.982.247-25'));

    // A visit of hers, at its last step, with a receita and an atestado.
    const { patient } = await api.call(patientsApi.create, {
      body: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
    });
    await page.goto(`${session.server.url}/?view=patients&patient=${patient.id}`);
    await button(page, 'Nova consulta').click();
    await visible(page.getByRole('heading', { level: 2, name: 'Dados do Paciente' }));
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
    await create.getByLabel('Dias de afastamento').fill('2');
    await create.getByRole('button', { name: 'Emitir', exact: true }).click();
    await visible(page.getByText('Atestado médico emitido.'));

    // One approval in her VIDaaS app signs both.
    await button(page, 'Assinar todos (2)').click();
    const sign = page.getByRole('dialog', { name: 'Assinar digitalmente' });
    await sign.getByRole('radio', { name: 'Certificado em nuvem (VIDaaS)' }).check();
    await sign.getByRole('button', { name: 'Assinar', exact: true }).click();
    await visible(sign.getByText('Aprove no aplicativo VIDaaS'));
    await expect.poll(() => fakePsc().pendingPushes().length).toBe(1);
    fakePsc().approvePush();
    await visible(page.getByText('2 assinados: receitas e documentos.'));
    expect(fakePsc().signatureRequests()).toBe(1);
    expect(fakePsc().hashesSigned()).toBe(2);
    // The atestado's card says so (the receita is checked below, through the API).
    await expect
      .poll(() => page.getByText('Assinado digitalmente', { exact: true }).count())
      .toBe(1);

    // Both papers are signed, and their PDFs verify against the PSC's chain.
    const { documents } = await api.call(documentsApi.list, { query: { patientId: patient.id } });
    const atestado = documents.find((each) => each.kind === 'atestado');
    expect(atestado?.status).toBe('assinado');
    const { prescriptions } = await api.call(prescriptionsApi.list, { query: { limit: 10 } });
    const receitas = prescriptions.filter((receita) => receita.patientId === patient.id);
    expect(receitas).toHaveLength(1);
    expect(receitas[0]?.signedAt).toBeDefined();
    for (const path of [
      `/api/documents/${atestado?.id ?? ''}/pdf`,
      `/api/prescriptions/${receitas[0]?.id ?? ''}/pdf`,
    ]) {
      const response = await browser.fetch(path);
      expect(response.status).toBe(200);
      const pdf = new Uint8Array(await response.arrayBuffer());
      const verified = await verifyWithPkijs(extractPdfSignature(pdf), fakePsc().rootDer);
      expect(verified.signatureVerified).toBe(true);
    }
  });
});
