import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { signingCertificateApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi, type PresentedPrescription } from '@shared/api/prescriptions';
import { recordsApi } from '@shared/api/records';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import type { Medication } from '@shared/records/medical-record';
import { PAPER_RECEITA_NOTICE } from '@shared/prescriptions/receita-class';
import { pdfPagesText } from '@server/testing/pdf-text';
import {
  extractPdfSignature,
  verifyWithPdfsig,
  verifyWithPkijs,
} from '@server/testing/pdf-signature';
import { createTestPki, doctorPfx } from '@server/testing/test-pki';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';
import { occurrences, oneLine } from './support/receita-preview';

/**
 * The visit's receita (docs/receitas.md, "A receita da consulta"): one per visit however often
 * its print is opened, issued only when it leaves, never past a grave safety warning without the
 * doctor's reason — on screen or on the server — and, once signed, handed over as the signed file.
 */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const PASSWORD = 'senha-do-certificado';
const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  cpf: '529.982.247-25',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

/**
 * A doctor with her settings, a patient, and a visit of the patient prescribing `medications`,
 * open on the visit's 'Resumo e Impressão' step.
 */
async function openVisitSummary(visit: {
  patient: { name: string; birthDate: string; sex: 'feminino' | 'masculino'; cpf?: string };
  age: number;
  weight?: number;
  medications: Medication[];
}): Promise<{ page: Page; api: ApiClient; recordId: string; patientId: string }> {
  const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
  const { api } = doctor.browser.pointedAt(session.server.url);
  await api.call(settingsApi.replace, { body: PROFILE });
  const { patient } = await api.call(patientsApi.create, { body: visit.patient });
  const { recordId } = await api.call(recordsApi.create, {
    body: {
      patientId: patient.id,
      patientInfo: { name: visit.patient.name, age: visit.age, gender: visit.patient.sex },
      ...(visit.weight ? { physicalExam: { vitalSigns: { weight: visit.weight } } } : {}),
      prescriptions: { medications: visit.medications },
    },
  });
  await page.goto(`${session.server.url}/?view=medical-records-menu`);
  await page
    .getByRole('button', { name: /Editar/ })
    .first()
    .click();
  await page
    .getByRole('navigation', { name: 'Etapas do prontuário' })
    .getByRole('button', { name: /Resumo/ })
    .click();
  await visible(page.getByRole('heading', { name: 'Resumo e Impressão' }));
  return { page, api, recordId, patientId: patient.id };
}

/** Opens the visit's receita from the summary: the print dialog. */
async function openVisitReceita(page: Page): Promise<Locator> {
  await button(page, 'Imprimir Todas as Prescrições').click();
  const dialog = page.getByRole('dialog', { name: 'Receitas para Impressão' });
  await visible(dialog);
  return dialog;
}

/** Every receita of the visit on the server. */
async function receitasOfVisit(api: ApiClient, recordId: string): Promise<PresentedPrescription[]> {
  const { prescriptions } = await api.call(prescriptionsApi.list, { query: { limit: 100 } });
  return prescriptions.filter((prescription) => prescription.recordId === recordId);
}

describe("the visit's receita", () => {
  it('is one however often its print is opened, keeps what was typed, is issued when printed and can be cancelled', async () => {
    const { page, api, recordId } = await openVisitSummary({
      patient: {
        name: 'Maria Aparecida Souza',
        birthDate: '1963-03-12',
        sex: 'feminino',
        cpf: '529.982.247-25',
      },
      age: 63,
      medications: [
        { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
        { name: 'Própolis em spray', dosage: '2 jatos', frequency: '3x ao dia' },
      ],
    });

    for (let opening = 0; opening < 3; opening++) {
      const dialog = await openVisitReceita(page);
      await visible(dialog.getByText('Rascunho', { exact: true }));
      if (opening === 0) {
        const quantity = dialog.getByLabel(/Quantidade a dispensar de Própolis em spray/);
        await quantity.fill('1 frasco');
        await quantity.press('Enter');
        await visible(dialog.getByText('Quantidade salva.'));
      } else {
        expect(
          await dialog.getByLabel(/Quantidade a dispensar de Própolis em spray/).inputValue(),
        ).toBe('1 (um) frasco');
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await expect.poll(async () => (await receitasOfVisit(api, recordId)).length).toBe(1);
    const [draft] = await receitasOfVisit(api, recordId);
    expect(draft).toMatchObject({ isFinalized: false });
    expect(draft?.validation).toBeUndefined();
    expect(draft?.medications[1]?.dispenseQuantity).toMatchObject({ text: '1 (um) frasco' });

    // Printing issues it: its validation code, once, on the receita that was there.
    const dialog = await openVisitReceita(page);
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    // An antimicrobial: printed for her handwritten signature (RDC 1.000/2025).
    const print = dialog.getByRole('button', { name: 'Imprimir para assinatura (1)' });
    await expect.poll(() => print.isEnabled(), { timeout: 20_000 }).toBe(true);
    await print.click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.printing), {
        timeout: 20_000,
      })
      .toBe('receitas');
    const [issued] = await receitasOfVisit(api, recordId);
    expect(issued).toMatchObject({ id: draft?.id, isFinalized: true });
    expect(issued?.validation).toBeDefined();
    await visible(dialog.getByText('Emitida', { exact: true }));
    // Issued, its quantities no longer change: a correction is a new version.
    expect(await dialog.getByLabel(/Quantidade a dispensar/).count()).toBe(0);
    await visible(button(dialog, 'Corrigir receita'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await button(dialog, 'Cancelar receita').click();
    await dialog.getByLabel('Motivo do cancelamento').fill('Paciente trocou de conduta.');
    await button(dialog, 'Confirmar cancelamento').click();
    await visible(dialog.getByText(/Cancelada em .*: Paciente trocou de conduta\./));
    const [cancelled] = await receitasOfVisit(api, recordId);
    expect(cancelled?.cancellation?.reason).toBe('Paciente trocou de conduta.');
    await page.context().close();
  });

  it("holds a child's overdose from every way out until the doctor's reason, and the server refuses it too", async () => {
    const { page, api, recordId } = await openVisitSummary({
      patient: { name: 'Pedro Alves', birthDate: '2022-05-10', sex: 'masculino' },
      age: 4,
      weight: 16,
      medications: [
        { name: 'Paracetamol', dosage: '2000 mg', frequency: '6/6h', duration: '3 dias' },
      ],
    });
    const dialog = await openVisitReceita(page);
    const warnings = dialog.getByRole('region', { name: 'Avisos de segurança da prescrição' });
    await visible(warnings.getByText('Grave', { exact: true }));
    await visible(
      dialog.getByText(
        'Escreva a justificativa de cada aviso grave ou contraindicado para imprimir, baixar ou assinar.',
      ),
    );
    for (const name of [
      'Imprimir (1)',
      'Baixar PDF',
      'Assinar digitalmente (1)',
      'Copiar texto da receita',
    ]) {
      expect(await button(dialog, name).isDisabled(), name).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // 'Assinar todos' of the visit's documents leaves it out, and says why.
    await visible(page.getByText(/aviso de segurança grave sem justificativa/));

    // Nor does the server issue or sign it, whatever a client sends.
    const [draft] = await receitasOfVisit(api, recordId);
    if (!draft) throw new Error("no visit's receita on the server");
    for (const attempt of [
      api.call(prescriptionsApi.update, { params: { id: draft.id }, body: { isFinalized: true } }),
      api.call(prescriptionsApi.sign, { params: { id: draft.id }, body: { password: PASSWORD } }),
    ]) {
      await expect(attempt).rejects.toMatchObject({ status: 409, code: 'safety_reason_required' });
    }

    const reopened = await openVisitReceita(page);
    const reason = reopened
      .getByRole('region', { name: 'Avisos de segurança da prescrição' })
      .getByLabel(/^Justificativa para manter/);
    await reason.fill('Dose conferida com a pediatra: 200 mg/mL, 10 gotas.');
    await reason.blur();
    await expect
      .poll(() => button(reopened, 'Imprimir (1)').isEnabled(), { timeout: 20_000 })
      .toBe(true);
    const [reasoned] = await receitasOfVisit(api, recordId);
    expect(reasoned?.safetyReasons?.[0]?.reason).toBe(
      'Dose conferida com a pediatra: 200 mg/mL, 10 gotas.',
    );
    await page.context().close();
  });

  it('takes a suspension chosen by its concentration, its dose in mL checked by the weight', async () => {
    const { page, api, recordId } = await openVisitSummary({
      patient: { name: 'Lia Campos', birthDate: '2024-06-01', sex: 'feminino' },
      age: 2,
      weight: 10,
      medications: [],
    });
    const steps = page.getByRole('navigation', { name: 'Etapas do prontuário' });
    await steps.getByRole('button', { name: /Prescrições/ }).click();
    await visible(page.getByRole('heading', { name: 'Prescrições e Exames' }));
    await page.getByLabel('Nome do medicamento').fill('amoxicilina');
    await page
      .getByRole('listbox', { name: 'Medicamentos encontrados' })
      .getByRole('option', { name: /^Amoxicilina/ })
      .first()
      .click();
    await page.getByLabel('Apresentação').selectOption('250 mg/5 mL');
    expect(await page.getByLabel('Dosagem').first().inputValue()).toBe('250 mg/5 mL');
    await page.getByLabel('Dose por tomada').first().fill('15 mL');
    await page.getByLabel('Frequência').first().fill('8/8h');
    await page.getByLabel('Duração').first().fill('7 dias');
    await button(page, 'Adicionar medicamento').click();

    // 15 mL of 250 mg/5 mL is 750 mg a dose: 225 mg/kg a day for 10 kg.
    const warnings = page.getByRole('region', { name: 'Avisos de segurança da prescrição' });
    await visible(warnings.getByText('Grave', { exact: true }));
    await visible(warnings.getByText(/mL/).first());

    await steps.getByRole('button', { name: /Resumo/ }).click();
    const dialog = await openVisitReceita(page);
    await visible(
      dialog
        .getByRole('region', { name: 'Avisos de segurança da prescrição' })
        .getByText('Grave', { exact: true }),
    );
    expect(await button(dialog, 'Imprimir para assinatura (1)').isDisabled()).toBe(true);
    const [receita] = await receitasOfVisit(api, recordId);
    expect(receita?.medications[0]).toMatchObject({
      dosage: '250 mg/5 mL',
      dosePerIntake: '15 mL',
    });
    await page.context().close();
  });

  it('sends an amoxicilina receita to paper, to be signed by hand, and only with her CPF', async () => {
    const { page, api, recordId, patientId } = await openVisitSummary({
      patient: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
      age: 63,
      medications: [
        { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
      ],
    });
    // A certificate the doctor could sign with: the receita still offers no digital signature.
    const pki = createTestPki();
    const form = new FormData();
    const pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: '52998224725', password: PASSWORD });
    form.set('certificate', new Blob([pfx], { type: 'application/x-pkcs12' }), 'helena.pfx');
    form.set('password', PASSWORD);
    await api.call(signingCertificateApi.upload, { body: form });
    await page.evaluate(() => {
      window.print = () => undefined;
    });

    let dialog = await openVisitReceita(page);
    await visible(dialog.getByRole('note').getByText(PAPER_RECEITA_NOTICE));
    const print = button(dialog, 'Imprimir para assinatura (1)');
    await expect.poll(() => print.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Assinar digitalmente/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Her chart has no CPF: it is not issued, and the dialog says what is missing.
    await print.click();
    await visible(
      dialog.getByText(/o CPF do paciente \(ou o passaporte, se estrangeiro\) é obrigatório/),
    );
    expect((await receitasOfVisit(api, recordId))[0]?.isFinalized).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const { patient } = await api.call(patientsApi.get, { params: { id: patientId } });
    await api.call(patientsApi.update, {
      params: { id: patientId },
      body: {
        name: patient.name,
        birthDate: patient.birthDate,
        sex: patient.sex,
        cpf: '529.982.247-25',
      },
      ifMatch: patient.version,
    });
    dialog = await openVisitReceita(page);
    await expect.poll(() => print.isEnabled(), { timeout: 20_000 }).toBe(true);
    await button(dialog, 'Imprimir para assinatura (1)').click();
    await visible(dialog.getByText('Emitida', { exact: true }));
    const [issued] = await receitasOfVisit(api, recordId);
    if (!issued) throw new Error("no visit's receita on the server");
    expect(issued).toMatchObject({ isFinalized: true, receitaClass: 'retencao' });
    // Nor does the server sign it, whatever a client sends; its PDF is the form for the pen.
    await expect(
      api.call(prescriptionsApi.sign, { params: { id: issued.id }, body: { password: PASSWORD } }),
    ).rejects.toMatchObject({ status: 409, code: 'sncr_required' });
    const paper = await api.file(prescriptionsApi.storedPdf, { params: { id: issued.id } });
    const text = oneLine(
      (await pdfPagesText(new Uint8Array(await paper.blob.arrayBuffer()))).join(' '),
    );
    expect(occurrences(text, 'CPF: 529.982.247-25')).toBe(2);
    expect(text).not.toMatch(/assinad[oa] digitalmente/i);
    await page.context().close();
  });

  it('once signed, is downloaded as the signed file, which pdfsig verifies', async () => {
    const { page, api, recordId } = await openVisitSummary({
      patient: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
      age: 63,
      medications: [
        { name: 'Losartana', dosage: '50 mg', frequency: '1x ao dia', duration: 'uso contínuo' },
      ],
    });
    const pki = createTestPki();
    const form = new FormData();
    const pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: '52998224725', password: PASSWORD });
    form.set('certificate', new Blob([pfx], { type: 'application/x-pkcs12' }), 'helena.pfx');
    form.set('password', PASSWORD);
    await api.call(signingCertificateApi.upload, { body: form });

    const dialog = await openVisitReceita(page);
    const signButton = button(dialog, 'Assinar digitalmente (1)');
    await expect.poll(() => signButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await signButton.click();
    const sign = page.getByRole('dialog', { name: 'Assinar digitalmente' });
    await sign.getByLabel('Senha do certificado').fill(PASSWORD);
    await button(sign, 'Assinar').click();
    await sign.waitFor({ state: 'hidden' });
    await visible(dialog.getByText('Assinada', { exact: true }));

    const download = button(dialog, 'Baixar PDF');
    await expect.poll(() => download.isEnabled(), { timeout: 20_000 }).toBe(true);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = new Uint8Array(await readFile(path));
    const [signed] = await receitasOfVisit(api, recordId);
    if (!signed) throw new Error("no visit's receita on the server");
    const served = new Uint8Array(
      await (
        await api.file(prescriptionsApi.storedPdf, { params: { id: signed.id } })
      ).blob.arrayBuffer(),
    );
    // Byte for byte the file the server keeps as signed.
    expect(Buffer.from(bytes).equals(Buffer.from(served))).toBe(true);
    expect((await verifyWithPkijs(extractPdfSignature(bytes), pki.rootDer)).signatureVerified).toBe(
      true,
    );
    const pdfsig = verifyWithPdfsig(bytes);
    if (pdfsig) expect(pdfsig).toMatchObject({ valid: true, wholeDocument: true });
    else if (process.env.CI) throw new Error('pdfsig is required in CI');
    await page.context().close();
  });
});
