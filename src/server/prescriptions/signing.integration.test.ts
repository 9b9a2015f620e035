/**
 * The receita life cycle (docs/documentos.md, "Receitas") on the real server: a finalised receita is issued with its
 * validation address and code (QR code on its PDF), signed with the doctor's A1 certificate
 * (PAdES, verified by pkijs and OpenSSL, the ITI's 'prescrição' metadata), checked by VALIDAR's
 * protocol, and cancelled with a reason — never changed, and a signed one never deleted.
 */
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { signingCertificateApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { formatLongDate } from '@shared/lib/pt-br-format';
import { refusalOf } from '../testing/api-calls';
import {
  extractPdfSignature,
  pdfInfoOf,
  verifyWithOpenssl,
  verifyWithPkijs,
} from '../testing/pdf-signature';
import { pdfPagesText } from '../testing/pdf-text';
import { useTestServer } from '../testing/server-fixture';
import { createTestPki, doctorPfx, type TestPki } from '../testing/test-pki';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';
import { newPrescription, prescriptionInput } from './test-fixtures';

const fixture = useTestServer();

const PASSWORD = 'Senha-do-A1 2026';
const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  cpf: '529.982.247-25',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};
/** A simple receita's medicine: signed digitally. */
const LOSARTANA = {
  name: 'Losartana',
  dosage: '50 mg',
  frequency: '1 vez ao dia',
  duration: '30 dias',
};
/** An antimicrobial: a receita of retention, issued on paper (RDC 1.000/2025). */
const AMOXICILINA = {
  name: 'Amoxicilina',
  dosage: '500 mg',
  frequency: 'de 8 em 8 horas',
  duration: '7 dias',
};

let pki: TestPki;
let doctor: TestDoctorAccount;
let other: TestDoctorAccount;
let patientId: string;

beforeAll(async () => {
  pki = createTestPki();
  [doctor, other] = await Promise.all([
    signUpDoctor(fixture.server.url),
    signUpDoctor(fixture.server.url),
  ]);
  const { api } = doctor.browser;
  await api.call(settingsApi.replace, { body: PROFILE });
  patientId = (
    await api.call(patientsApi.create, {
      body: {
        name: 'Maria Aparecida dos Santos',
        birthDate: '12/03/1961',
        sex: 'feminino',
        cpf: '111.444.777-35',
      },
    })
  ).patient.id;
  const form = new FormData();
  const pfx = doctorPfx(pki, {
    name: 'HELENA MARIA PRADO',
    cpf: '52998224725',
    password: PASSWORD,
  });
  form.set('certificate', new Blob([pfx], { type: 'application/x-pkcs12' }), 'medica.pfx');
  form.set('password', PASSWORD);
  await api.call(signingCertificateApi.upload, { body: form });
});

const pdfOf = async (browser: TestBrowser, id: string) => {
  const response = await browser.fetch(`/api/prescriptions/${id}/pdf`);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

const newReceita = (api: ApiClient, isFinalized: boolean, medication = LOSARTANA) =>
  newPrescription(api, {
    patientName: 'Maria Aparecida dos Santos',
    patientAge: '65',
    patientId,
    medications: [medication],
    isFinalized,
  });

describe('the receita life cycle', () => {
  it('issues a finalised receita with a validation code that its PDF prints under a QR code', async () => {
    const draft = await newReceita(doctor.browser.api, false);
    expect(draft.validation).toBeUndefined();
    const { prescription } = await doctor.browser.api.call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { isFinalized: true },
    });
    const { validation } = prescription;
    expect(validation?.secretCode).toMatch(/^[A-Z2-9]{10}$/);
    expect(validation?.url).toMatch(/\/validar\/[\w-]{22}$/);
    const text = (await pdfPagesText(await pdfOf(doctor.browser, draft.id))).join('\n');
    expect(text).toContain('Código de validação:');
    expect(text).toContain(validation?.secretCode ?? '?');
    // The address wraps beside the QR code: read without the line breaks.
    expect(text.replace(/\s+/g, '')).toContain(validation?.url ?? '?');
  });

  it('signs a receita: PAdES verified by pkijs and OpenSSL, prescrição metadata, kept as signed', async () => {
    const { api } = doctor.browser;
    const draft = await newReceita(api, false);
    const wrong = await refusalOf(
      api.call(prescriptionsApi.sign, { params: { id: draft.id }, body: { password: 'errada' } }),
    );
    expect(wrong).toMatchObject({ status: 400, code: 'certificate_password' });

    const { prescription } = await api.call(prescriptionsApi.sign, {
      params: { id: draft.id },
      body: { password: PASSWORD },
    });
    expect(prescription).toMatchObject({ isFinalized: true, patientSex: 'feminino' });
    expect(prescription.signedAt).toBeDefined();
    const secretCode = prescription.validation?.secretCode ?? '';
    expect(secretCode).toMatch(/^[A-Z2-9]{10}$/);

    const pdf = await pdfOf(doctor.browser, draft.id);
    const signature = extractPdfSignature(pdf);
    const verification = await verifyWithPkijs(signature, pki.rootDer);
    expect(verification.signatureVerified).toBe(true);
    expect(verification.certificates).toBe(3);
    const openssl = verifyWithOpenssl(signature, forge.pki.certificateToPem(pki.root.certificate));
    if (openssl !== undefined) expect(openssl.verified).toBe(true);
    expect(signature.dictionary).toContain('/TransformMethod /DocMDP');
    const info = await pdfInfoOf(pdf);
    expect(info.has('2.16.76.1.12.1.1')).toBe(true);
    expect(info.get('2.16.76.1.4.2.2.1')).toBe('123456');
    expect(info.get('2.16.76.1.4.2.2.2')).toBe('SP');

    const text = (await pdfPagesText(pdf)).join('\n');
    expect(text).toContain('Receituário');
    // Dated by its signature, not by the day it was written (1 de março de 2026).
    expect(text).toContain(formatLongDate(prescription.signedAt ?? ''));
    expect(text).not.toContain('1 de março de 2026');
    expect(text).toContain('CPF: 111.444.777-35');
    expect(text).toContain(
      'Assinada digitalmente por HELENA MARIA PRADO com certificado ICP-Brasil',
    );
    expect(text).toContain('Código de validação:');
    expect(text).toContain(secretCode);
    expect(Buffer.from(await pdfOf(doctor.browser, draft.id))).toEqual(Buffer.from(pdf));

    // VALIDAR's protocol hands the very same file.
    const anonymous = new TestBrowser(fixture.server.url);
    const url = new URL(prescription.validation?.url ?? '');
    const iti = await anonymous.fetch(
      `${url.pathname}?_format=${encodeURIComponent('application/validador-iti+json')}&_secretCode=${secretCode}`,
    );
    expect(iti.status).toBe(200);
    const answer = (await iti.json()) as {
      version: string;
      prescription: { signatureFiles: { url: string }[] };
    };
    expect(answer.version).toBe('1.0.0');
    const fileUrl = new URL(answer.prescription.signatureFiles[0]?.url ?? '');
    const file = await anonymous.fetch(`${fileUrl.pathname}${fileUrl.search}`);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(pdf));
    const page = await (await anonymous.fetch(`${url.pathname}?_secretCode=${secretCode}`)).text();
    expect(page).toContain('Receita válida');
    expect(page).toContain('assinada digitalmente');
    expect(page).toContain('Maria Aparecida dos Santos');
    const wrongCode = await anonymous.fetch(
      `${url.pathname}?_format=${encodeURIComponent('application/validador-iti+json')}&_secretCode=ERRADO2345`,
    );
    expect(wrongCode.status).toBe(401);
    const bare = await (await anonymous.fetch(url.pathname)).text();
    expect(bare).not.toContain('Maria');

    // Signed once: no second signature, no edit, no deletion.
    expect(
      await refusalOf(
        api.call(prescriptionsApi.sign, { params: { id: draft.id }, body: { password: PASSWORD } }),
      ),
    ).toMatchObject({ status: 409, code: 'prescription_signed' });
    expect(
      await refusalOf(
        api.call(prescriptionsApi.update, {
          params: { id: draft.id },
          body: { isFinalized: false },
        }),
      ),
    ).toMatchObject({ status: 409 });
    // Not a word of what the pharmacy checks, nor a quantity, changes after the signature.
    for (const body of [
      { patientName: 'Outra Paciente' },
      { medications: [{ name: 'Dipirona', dosage: '1 g' }] },
    ]) {
      expect(
        await refusalOf(api.call(prescriptionsApi.update, { params: { id: draft.id }, body })),
      ).toMatchObject({ status: 409, code: 'prescription_signed' });
    }
    expect(
      (await api.call(prescriptionsApi.get, { params: { id: draft.id } })).prescription,
    ).toMatchObject({ patientName: draft.patientName, medications: draft.medications });
    expect(
      await refusalOf(api.call(prescriptionsApi.remove, { params: { id: draft.id } })),
    ).toMatchObject({ status: 409, code: 'prescription_signed' });
  });

  it('cancels a finalised receita with its reason: kept, marked, and so shown to a pharmacy', async () => {
    const { api } = doctor.browser;
    const draft = await newReceita(api, false);
    expect(
      await refusalOf(
        api.call(prescriptionsApi.cancel, { params: { id: draft.id }, body: { reason: 'Erro' } }),
      ),
    ).toMatchObject({ status: 409, code: 'prescription_draft' });

    const issued = await newReceita(api, true);
    const { prescription } = await api.call(prescriptionsApi.cancel, {
      params: { id: issued.id },
      body: { reason: 'Dose errada' },
    });
    expect(prescription.cancellation).toMatchObject({ reason: 'Dose errada' });
    const text = (await pdfPagesText(await pdfOf(doctor.browser, issued.id))).join('\n');
    expect(text).toMatch(/CANCELADA em \d{2}\/\d{2}\/\d{4}: Dose errada/);
    const url = new URL(prescription.validation?.url ?? '');
    const page = await (
      await new TestBrowser(fixture.server.url).fetch(
        `${url.pathname}?_secretCode=${prescription.validation?.secretCode ?? ''}`,
      )
    ).text();
    expect(page).toContain('Cancelada em');
    expect(page).toContain('Dose errada');
    expect(
      await refusalOf(
        api.call(prescriptionsApi.update, { params: { id: issued.id }, body: { notes: 'Outra' } }),
      ),
    ).toMatchObject({ status: 409, code: 'prescription_cancelled' });
    expect(
      await refusalOf(
        api.call(prescriptionsApi.sign, {
          params: { id: issued.id },
          body: { password: PASSWORD },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'prescription_cancelled' });
  });

  it('issues an antimicrobial receita on paper only: no digital signature, a form to sign by hand', async () => {
    const { api } = doctor.browser;
    const draft = await newReceita(api, false, AMOXICILINA);
    expect(draft.receitaClass).toBe('retencao');
    const refused = await refusalOf(
      api.call(prescriptionsApi.sign, { params: { id: draft.id }, body: { password: PASSWORD } }),
    );
    expect(refused).toMatchObject({ status: 409, code: 'sncr_required' });
    expect(refused.message).toBe(
      'Receitas de controle especial e de antimicrobianos em meio eletrônico só valem com numeração do SNCR (RDC 1.000/2025). Imprima e assine à mão.',
    );
    const stillDraft = (await api.call(prescriptionsApi.get, { params: { id: draft.id } }))
      .prescription;
    expect(stillDraft).toMatchObject({ isFinalized: false, version: draft.version });
    expect(stillDraft.signedAt).toBeUndefined();

    // Issued, its PDF is the paper form: her CPF, a line to sign, no QR code, no signature.
    const { prescription } = await api.call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { isFinalized: true },
    });
    const text = (await pdfPagesText(await pdfOf(doctor.browser, draft.id))).join('\n');
    expect(text).toContain('Receita de Antimicrobiano');
    expect(text).toContain('CPF: 111.444.777-35');
    expect(text).toContain('Sexo: Feminino');
    expect(text).toContain('Receita em papel: vale somente com a assinatura do prescritor à mão');
    expect(text).not.toMatch(/assinad[ao] digitalmente/i);
    expect(text).not.toContain('Código de validação');
    expect(text).not.toContain(prescription.validation?.secretCode ?? '?');
  });

  it('issues a retained or controlled receita only with the patient’s CPF or passport', async () => {
    const { api } = doctor.browser;
    const { patient } = await api.call(patientsApi.create, {
      body: { name: 'John Smith', sex: 'masculino' },
    });
    const receita = { patientName: 'John Smith', patientAge: '40', patientId: patient.id };
    for (const medication of [AMOXICILINA, { name: 'Sertralina', dosage: '50 mg' }]) {
      const refused = await refusalOf(
        api.call(prescriptionsApi.create, {
          body: prescriptionInput({ ...receita, medications: [medication], isFinalized: true }),
        }),
      );
      expect(refused).toMatchObject({ status: 400, code: 'patient_document_required' });
      expect(refused.message).toContain('CPF do paciente (ou o passaporte, se estrangeiro)');
    }
    // A draft is kept; it is issued once his chart has his passport.
    const draft = await newPrescription(api, { ...receita, medications: [AMOXICILINA] });
    expect(
      await refusalOf(
        api.call(prescriptionsApi.update, {
          params: { id: draft.id },
          body: { isFinalized: true },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'patient_document_required' });
    // Without a chart at all, the receita is linked to one first.
    const unlinked = await refusalOf(
      api.call(prescriptionsApi.create, {
        body: prescriptionInput({ medications: [AMOXICILINA], isFinalized: true }),
      }),
    );
    expect(unlinked.message).toContain('vincule a receita a um paciente cadastrado');

    await api.call(patientsApi.update, {
      params: { id: patient.id },
      body: { name: 'John Smith', sex: 'masculino', passport: 'gb 123 456 78' },
    });
    const { prescription } = await api.call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { isFinalized: true },
    });
    expect(prescription.isFinalized).toBe(true);
    const text = (await pdfPagesText(await pdfOf(doctor.browser, draft.id))).join('\n');
    expect(text).toContain('Passaporte: GB12345678');
    // A simple receita needs neither.
    await expect(newPrescription(api, { isFinalized: true })).resolves.toMatchObject({
      isFinalized: true,
    });
  });

  it("is 404 for another doctor's receita, and asks for a certificate before signing", async () => {
    const receita = await newReceita(doctor.browser.api, true);
    const { api } = other.browser;
    // Each call is made only when awaited: a refusal left waiting would be unhandled.
    for (const call of [
      () =>
        api.call(prescriptionsApi.sign, {
          params: { id: receita.id },
          body: { password: PASSWORD },
        }),
      () =>
        api.call(prescriptionsApi.cancel, { params: { id: receita.id }, body: { reason: 'x' } }),
    ]) {
      expect(await refusalOf(call())).toMatchObject({ status: 404 });
    }
    const own = await newPrescription(api, { isFinalized: true });
    expect(
      await refusalOf(
        api.call(prescriptionsApi.sign, { params: { id: own.id }, body: { password: PASSWORD } }),
      ),
    ).toMatchObject({ status: 409 });
  });
});
