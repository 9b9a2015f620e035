/**
 * Signing (docs/documentos.md, "Assinatura digital (ICP-Brasil)") on the real server: the A1 certificate's upload and its checks, custody
 * (nothing secret in any table, log line or file), signing documents one at a time and in a
 * batch with one password, and the signed PDF verified by pkijs and OpenSSL.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { documentsApi, signingCertificateApi, type DocumentWrite } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { formatDate, formatTime } from '@shared/lib/pt-br-format';
import { takeSnapshot } from '../backup/snapshot';
import type { RunningServer } from '../server';
import { refusalOf } from '../testing/api-calls';
import { capturingLogger } from '../testing/capturing-logger';
import { pdfPagesText } from '../testing/pdf-text';
import {
  extractPdfSignature,
  pdfInfoOf,
  verifyWithOpenssl,
  verifyWithPkijs,
} from '../testing/pdf-signature';
import {
  createTestPki,
  doctorPfx,
  type DoctorCertificateOptions,
  type TestPki,
} from '../testing/test-pki';
import {
  signUpDoctor,
  startTestServer,
  TestBrowser,
  type TestDoctorAccount,
} from '../testing/test-server';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import { readPkcs12 } from './pkcs12';

const PASSWORD = 'Senha-do-A1 çã 2026';
const DOCTOR_CPF = '52998224725';
const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  cpf: '529.982.247-25',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'helena@clinica.com.br',
};
const DAY = 24 * 60 * 60 * 1000;

let pki: TestPki;
let pfx: Uint8Array<ArrayBuffer>;
let storage: TestStorage;
let server: RunningServer;
const log = capturingLogger('debug');

beforeAll(async () => {
  pki = createTestPki();
  pfx = doctorPfx(pki, { name: 'HELENA MARIA PRADO', cpf: DOCTOR_CPF, password: PASSWORD });
  storage = await createMigratedTestStorage();
  server = await startTestServer(storage, { LOG_LEVEL: 'debug' }, { logger: log.logger });
});

afterAll(async () => {
  await server.close();
  await storage.cleanup();
});

function uploadForm(file: Uint8Array<ArrayBuffer>, password: string): FormData {
  const form = new FormData();
  form.set('certificate', new Blob([file], { type: 'application/x-pkcs12' }), 'medica.pfx');
  form.set('password', password);
  return form;
}

/** The upload form of a certificate like the doctor's, `changes` applied. */
const variantForm = (changes: Partial<DoctorCertificateOptions>) =>
  uploadForm(
    doctorPfx(pki, { name: 'HELENA PRADO', cpf: DOCTOR_CPF, password: PASSWORD, ...changes }),
    PASSWORD,
  );

const upload = (api: ApiClient, file: Uint8Array<ArrayBuffer>, password = PASSWORD) =>
  api.call(signingCertificateApi.upload, { body: uploadForm(file, password) });

async function newPatient(api: ApiClient) {
  return (
    await api.call(patientsApi.create, {
      body: {
        name: 'Maria Aparecida dos Santos',
        birthDate: '12/03/1961',
        sex: 'feminino',
        cpf: '111.444.777-35',
      },
    })
  ).patient;
}

const DOCUMENTS = (patientId: string): [DocumentWrite, DocumentWrite, DocumentWrite] => [
  { kind: 'atestado', patientId, content: { days: 3, startDate: '2026-11-26', showCid: false } },
  {
    kind: 'exames',
    patientId,
    content: {
      exams: [{ name: 'Hemograma completo' }, { name: 'Glicemia de jejum' }],
      clinicalIndication: 'Check-up',
    },
  },
  { kind: 'relatorio', patientId, content: { text: 'Paciente em acompanhamento, estável.' } },
];

/** A new document of the doctor's, signed with the password. */
async function signedDocument(api: ApiClient, body: DocumentWrite) {
  const { document: draft } = await api.call(documentsApi.create, { body });
  return (
    await api.call(documentsApi.sign, { params: { id: draft.id }, body: { password: PASSWORD } })
  ).document;
}

/** A doctor with the settings of PROFILE, her certificate uploaded, and a patient. */
async function doctorWithCertificate() {
  const account = await signUpDoctor(server.url);
  await account.browser.api.call(settingsApi.replace, { body: PROFILE });
  await upload(account.browser.api, pfx);
  return { account, patient: await newPatient(account.browser.api) };
}

async function pdfOf(browser: TestBrowser, id: string): Promise<Uint8Array<ArrayBuffer>> {
  const response = await browser.fetch(`/api/documents/${id}/pdf`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return new Uint8Array(await response.arrayBuffer());
}

describe('without a session', () => {
  it('answers 401 to the certificate and signing routes', async () => {
    const anonymous = new TestBrowser(server.url).api;
    const refusals = await Promise.all([
      refusalOf(anonymous.call(signingCertificateApi.get, {})),
      refusalOf(upload(anonymous, new Uint8Array(8))),
      refusalOf(anonymous.call(signingCertificateApi.remove, {})),
      refusalOf(
        anonymous.call(documentsApi.sign, {
          params: { id: 'document-00000000-0000-0000-0000-000000000000' },
          body: { password: PASSWORD },
        }),
      ),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 401 });
  });
});

describe('the certificate upload', () => {
  let doctor: TestDoctorAccount;
  beforeAll(async () => {
    doctor = await signUpDoctor(server.url);
    await doctor.browser.api.call(settingsApi.replace, { body: PROFILE });
  });

  it.each([
    [
      'a wrong password',
      () => uploadForm(pfx, 'outra senha'),
      'certificate_password',
      /Senha do certificado incorreta/,
    ],
    [
      'a file that is no certificate',
      () => uploadForm(new TextEncoder().encode('texto'), PASSWORD),
      'certificate_invalid',
      /certificado digital A1/,
    ],
    [
      'an expired certificate',
      () =>
        variantForm({
          notBefore: new Date(Date.now() - 400 * DAY),
          notAfter: new Date(Date.now() - DAY),
        }),
      'certificate_expired',
      /venceu em \d{2}\/\d{2}\/\d{4}/,
    ],
    [
      "another person's CPF",
      () => variantForm({ cpf: '11144477735' }),
      'certificate_mismatch',
      /O CPF deste certificado \(•••\.•••\.•77-35\) não é o seu CPF nas Configurações \(529\.982\.247-25\)/,
    ],
    [
      "another person's name",
      () => variantForm({ name: 'JOANA SOUZA' }),
      'certificate_mismatch',
      /O titular deste certificado \(JOANA SOUZA\) não confere/,
    ],
    [
      'a certificate outside ICP-Brasil',
      () => variantForm({ withoutPersonData: true }),
      'certificate_not_icp_brasil',
      /não é um e-CPF ICP-Brasil/,
    ],
    [
      'a key that may not sign',
      () => variantForm({ usage: 'encryption' }),
      'certificate_not_signing',
      /não pode ser usado para assinar/,
    ],
  ])('refuses %s with a Portuguese message', async (_case, form, code, message) => {
    const refusal = await refusalOf(
      doctor.browser.api.call(signingCertificateApi.upload, { body: form() }),
    );
    expect(refusal).toMatchObject({ status: 400, code });
    expect(refusal.message).toMatch(message);
    expect((await doctor.browser.api.call(signingCertificateApi.get, {})).certificate).toBeNull();
  });

  it('asks for the CPF in the settings before it can compare', async () => {
    const fresh = await signUpDoctor(server.url);
    await fresh.browser.api.call(settingsApi.replace, { body: { ...PROFILE, cpf: '' } });
    const refusal = await refusalOf(upload(fresh.browser.api, pfx));
    expect(refusal).toMatchObject({ status: 400, code: 'certificate_mismatch' });
    expect(refusal.message).toMatch(/Informe seu CPF em Configurações/);
  });

  it("keeps the doctor's own certificate and shows it without secrets, to her only", async () => {
    const { certificate } = await upload(doctor.browser.api, pfx);
    expect(certificate).toMatchObject({
      holder: 'HELENA MARIA PRADO',
      cpf: '•••.•••.•47-25',
      issuer: 'AC Prontu Teste v1',
    });
    expect(Date.parse(certificate.notAfter)).toBeGreaterThan(Date.now());
    expect((await doctor.browser.api.call(signingCertificateApi.get, {})).certificate).toEqual(
      certificate,
    );
    const other = await signUpDoctor(server.url);
    expect((await other.browser.api.call(signingCertificateApi.get, {})).certificate).toBeNull();
    expect(await refusalOf(other.browser.api.call(signingCertificateApi.remove, {}))).toMatchObject(
      { status: 404 },
    );
  });
});

describe('signing documents', () => {
  let doctor: TestDoctorAccount;
  let other: TestDoctorAccount;
  let patientId: string;
  beforeAll(async () => {
    [doctor, other] = await Promise.all([signUpDoctor(server.url), signUpDoctor(server.url)]);
    await doctor.browser.api.call(settingsApi.replace, { body: PROFILE });
    patientId = (await newPatient(doctor.browser.api)).id;
  });

  it('asks for a certificate before signing, and leaves the draft as it was', async () => {
    const { api } = doctor.browser;
    const { document } = await api.call(documentsApi.create, { body: DOCUMENTS(patientId)[0] });
    const refusal = await refusalOf(
      api.call(documentsApi.sign, { params: { id: document.id }, body: { password: PASSWORD } }),
    );
    expect(refusal).toMatchObject({ status: 409, code: 'certificate_missing' });
    expect(
      (await api.call(documentsApi.get, { params: { id: document.id } })).document.status,
    ).toBe('rascunho');
  });

  it('signs a batch — atestado, exames, relatório — with one password, each verifiable', async () => {
    const { api } = doctor.browser;
    await upload(api, pfx);
    const drafts = await Promise.all(
      DOCUMENTS(patientId).map((body) => api.call(documentsApi.create, { body })),
    );
    const [first] = drafts;
    if (!first) throw new Error('no draft');

    const wrong = await refusalOf(
      api.call(documentsApi.sign, {
        params: { id: first.document.id },
        body: { password: 'errada' },
      }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      code: 'certificate_password',
      message: 'Senha do certificado incorreta.',
    });

    const expectedTypes = ['2.16.76.1.12.1.2', '2.16.76.1.12.1.3', '2.16.76.1.12.1.11'];
    for (const [index, { document: draft }] of drafts.entries()) {
      const { document } = await api.call(documentsApi.sign, {
        params: { id: draft.id },
        body: { password: PASSWORD },
      });
      expect(document.status).toBe('assinado');
      expect(document.signedAt).toBeDefined();
      expect(document.validation?.secretCode).toMatch(/^[A-Z0-9]{8,}$/);

      const pdf = await pdfOf(doctor.browser, draft.id);
      const signature = extractPdfSignature(pdf);
      const verification = await verifyWithPkijs(signature, pki.rootDer);
      expect(verification.signatureVerified).toBe(true);
      expect(verification.certificates).toBe(3);
      const openssl = verifyWithOpenssl(
        signature,
        forge.pki.certificateToPem(pki.root.certificate),
      );
      if (openssl !== undefined) expect(openssl.verified).toBe(true);
      expect(signature.dictionary).toContain('/TransformMethod /DocMDP');

      const info = await pdfInfoOf(pdf);
      expect(info.get('2.16.76.1.4.2.2.1')).toBe('123456');
      expect(info.get('2.16.76.1.4.2.2.2')).toBe('SP');
      expect(info.has(expectedTypes[index] ?? '')).toBe(true);

      // Signed from a draft, it reads as the issued document it became, and says who signed.
      const text = (await pdfPagesText(pdf)).join('\n');
      expect(text).not.toContain('RASCUNHO');
      expect(text).toContain(
        'Assinado digitalmente por HELENA MARIA PRADO com certificado ICP-Brasil',
      );
      // One date: the instant of the signature, never the beside it.
      const signedOn = `${formatDate(document.signedAt ?? '')} às ${formatTime(document.signedAt ?? '')}`;
      expect(text).toContain(`Emitido e assinado digitalmente em ${signedOn}`);
      expect(text).not.toContain('Emitido em');

      // The same bytes every time: the file as signed, never rendered again.
      expect(Buffer.from(await pdfOf(doctor.browser, draft.id))).toEqual(Buffer.from(pdf));
    }
  });

  it('signs once: a signed document refuses another signature, an edit and a deletion', async () => {
    const { api } = doctor.browser;
    const document = await signedDocument(api, DOCUMENTS(patientId)[2]);
    const again = await refusalOf(
      api.call(documentsApi.sign, { params: { id: document.id }, body: { password: PASSWORD } }),
    );
    expect(again).toMatchObject({
      status: 409,
      code: 'document_signed',
      message: 'Este documento já está assinado.',
    });
    expect(
      await refusalOf(
        api.call(documentsApi.update, {
          params: { id: document.id },
          body: { content: { text: 'Outro texto.' } },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'document_issued' });
    expect(
      await refusalOf(api.call(documentsApi.remove, { params: { id: document.id } })),
    ).toMatchObject({ status: 409 });
    // A cancelled signed document says so; the signed file stays what it was.
    const { document: cancelled } = await api.call(documentsApi.cancel, {
      params: { id: document.id },
      body: { reason: 'Emitido para o paciente errado.' },
    });
    expect(cancelled.status).toBe('cancelado');
  });

  it('hands a signed document to VALIDAR with its code, byte for byte', async () => {
    const { api } = doctor.browser;
    const document = await signedDocument(api, DOCUMENTS(patientId)[0]);
    const { validation } = document;
    if (!validation) throw new Error('a signed document has its validation address');
    const anonymous = new TestBrowser(server.url);
    const itiUrl = new URL(validation.url);
    itiUrl.searchParams.set('_format', 'application/validador-iti+json');
    itiUrl.searchParams.set('_secretCode', validation.secretCode);
    const answer = (await (await anonymous.fetch(itiUrl.pathname + itiUrl.search)).json()) as {
      prescription: { signatureFiles: { url: string }[] };
    };
    const fileUrl = new URL(answer.prescription.signatureFiles[0]?.url ?? '');
    const file = await anonymous.fetch(fileUrl.pathname + fileUrl.search);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(
      Buffer.from(await pdfOf(doctor.browser, document.id)),
    );
  });

  it("shows nothing of one doctor's documents to another: 404 for her signature and PDF", async () => {
    const { api } = doctor.browser;
    const { document } = await api.call(documentsApi.create, { body: DOCUMENTS(patientId)[0] });
    expect(
      await refusalOf(
        other.browser.api.call(documentsApi.sign, {
          params: { id: document.id },
          body: { password: PASSWORD },
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect((await other.browser.fetch(`/api/documents/${document.id}/pdf`)).status).toBe(404);
  });

  it('refuses to sign once the settings name another CPF than the certificate', async () => {
    const { account: moved, patient } = await doctorWithCertificate();
    const { settings, version } = await moved.browser.api.call(settingsApi.get, {});
    await moved.browser.api.call(settingsApi.replace, {
      body: { ...settings, cpf: '111.444.777-35' },
      ifMatch: version,
    });
    const { document } = await moved.browser.api.call(documentsApi.create, {
      body: DOCUMENTS(patient.id)[0],
    });
    const refusal = await refusalOf(
      moved.browser.api.call(documentsApi.sign, {
        params: { id: document.id },
        body: { password: PASSWORD },
      }),
    );
    expect(refusal).toMatchObject({ status: 400, code: 'certificate_mismatch' });
  });

  it('removes the certificate for good: signing then asks for one again', async () => {
    const { account: fresh, patient } = await doctorWithCertificate();
    await fresh.browser.api.call(signingCertificateApi.remove, {});
    expect((await fresh.browser.api.call(signingCertificateApi.get, {})).certificate).toBeNull();
    const { document } = await fresh.browser.api.call(documentsApi.create, {
      body: DOCUMENTS(patient.id)[0],
    });
    expect(
      await refusalOf(
        fresh.browser.api.call(documentsApi.sign, {
          params: { id: document.id },
          body: { password: PASSWORD },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'certificate_missing' });
  });
});

describe('custody', () => {
  it('keeps the password, the file and the key in no table, log line or file in clear', async () => {
    const reading = readPkcs12(pfx, PASSWORD);
    if (reading.kind !== 'read') throw new Error('test certificate unreadable');
    const keyDer = reading.bundle.privateKey.export({ type: 'pkcs8', format: 'der' });
    const secrets = [
      Buffer.from(PASSWORD, 'utf8'),
      Buffer.from(PASSWORD, 'utf16le'),
      Buffer.from(pfx.subarray(40, 104)),
      keyDer.subarray(keyDer.length - 64),
    ];
    const hexSecrets = secrets.map((secret) => secret.toString('hex'));

    // Every table, as the backup reads it (bytea as hex).
    const snapshot = JSON.stringify(await takeSnapshot(server.database.db, server.database.kind));
    for (const [index, secret] of secrets.entries()) {
      expect(snapshot.includes(secret.toString('latin1')), `secret ${index} in a table`).toBe(
        false,
      );
      expect(snapshot.includes(hexSecrets[index] ?? ''), `secret ${index} in a table (hex)`).toBe(
        false,
      );
    }
    // The scan sees what is stored: the certificate's public facts are there.
    expect(snapshot).toContain('HELENA MARIA PRADO');
    // Every log line of the run.
    const logged = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(0);
    expect(logged.includes(PASSWORD)).toBe(false);

    // Every file under DATA_DIR (PGlite's database files among them).
    const files = await readdir(server.dataDir, { recursive: true, withFileTypes: true });
    let scanned = 0;
    let holderSeen = false;
    for (const entry of files.filter((each) => each.isFile())) {
      const bytes = await readFile(path.join(entry.parentPath, entry.name));
      scanned += 1;
      holderSeen ||= bytes.includes('HELENA MARIA PRADO');
      for (const [index, secret] of secrets.entries()) {
        expect(bytes.includes(secret), `secret ${index} in ${entry.name}`).toBe(false);
      }
    }
    expect(scanned).toBeGreaterThan(0);
    // On PGlite the database itself is under DATA_DIR: the scan reads its tables' files.
    if (server.database.kind === 'pglite') expect(holderSeen).toBe(true);
  });
});
