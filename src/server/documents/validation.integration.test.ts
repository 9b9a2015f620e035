import { beforeAll, describe, expect, it } from 'vitest';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { settingsApi } from '@shared/api/settings';
import type { ClinicalDocument } from '@shared/documents/clinical-document';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { nextLoopbackAddress } from '../testing/loopback-fetch';
import { pdfPagesText } from '../testing/pdf-text';
import { verifyAuditTrail } from '../audit/operator-verification';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { ITI_FORMAT, VALIDATION_RATE_LIMIT } from './validation-routes';

const fixture = useTestServer();

const PATIENT_NAME = 'Quitéria Nogueira Brandão';

/** A visitor with no session, from an address of its own (the page is rate-limited per address). */
const visitor = () => new TestBrowser(fixture.server.url, nextLoopbackAddress());

/** The path of a validation URL, with its query. */
const pathOf = (url: string, query: Record<string, string> = {}) => {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(query)) parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
};

describe('an issued document’s validation page (the ITI’s protocol)', () => {
  let doctor: TestDoctorAccount;
  let issued: ClinicalDocument;
  let url: string;
  let code: string;

  beforeAll(async () => {
    doctor = await signUpDoctor(fixture.server.url);
    const { api } = doctor.browser;
    await api.call(settingsApi.replace, {
      body: {
        ...DEFAULT_DOCTOR_SETTINGS,
        name: 'Dr. Caio Menezes',
        crm: '98765',
        crmState: 'MG',
        clinicAddress: 'Rua da Bahia, 500 — Belo Horizonte/MG',
        clinicPhone: '(31) 3222-1000',
      },
    });
    const { patient } = await api.call(patientsApi.create, {
      body: { name: PATIENT_NAME, sex: 'feminino' },
    });
    const { document } = await api.call(documentsApi.create, {
      body: {
        kind: 'exames',
        patientId: patient.id,
        content: { exams: [{ name: 'TSH' }, { name: 'T4 livre' }], clinicalIndication: 'Astenia.' },
      },
    });
    issued = (await api.call(documentsApi.issue, { params: { id: document.id } })).document;
    if (!issued.validation) throw new Error('an issued document has its validation');
    ({ url, secretCode: code } = issued.validation);
  });

  it('answers VALIDAR with the PDF’s address, 401 for a wrong code and 404 for none', async () => {
    const browser = visitor();
    const right = await browser.fetch(pathOf(url, { _format: ITI_FORMAT, _secretCode: code }));
    expect(right.status).toBe(200);
    const answer = (await right.json()) as {
      prescription: { signatureFiles: { url: string }[] };
    };
    expect(answer).toEqual({
      version: '1.0.0',
      prescription: { signatureFiles: [{ url: answer.prescription.signatureFiles[0]?.url }] },
    });
    const pdfUrl = answer.prescription.signatureFiles[0]?.url ?? '';
    expect(pdfUrl.startsWith(`${url}/`)).toBe(true);

    const pdf = await browser.fetch(pathOf(pdfUrl));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfPagesText(new Uint8Array(await pdf.arrayBuffer()))).join(' ');
    expect(text).toContain(PATIENT_NAME);
    expect(text).toContain(`Código de validação: ${code}`);

    const wrong = await browser.fetch(
      pathOf(url, { _format: ITI_FORMAT, _secretCode: 'AAAAAAAAAA' }),
    );
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(await wrong.json())).not.toContain(PATIENT_NAME);
    expect((await browser.fetch(pathOf(pdfUrl, { _secretCode: 'AAAAAAAAAA' }))).status).toBe(401);
    const unknown = await browser.fetch(
      `/validar/${'x'.repeat(22)}?_format=${encodeURIComponent(ITI_FORMAT)}&_secretCode=${code}`,
    );
    expect(unknown.status).toBe(404);
  });

  it('answers VALIDAR called byte for byte as its developer guide writes the call', async () => {
    const browser = visitor();
    const { pathname } = new URL(url);
    // The `+` literal, as the guide writes it (a query string reads it as a space)...
    const literal = await browser.fetch(
      `${pathname}?_format=application/validador-iti+json&_secretCode=${code}`,
    );
    expect(literal.status).toBe(200);
    expect(literal.headers.get('content-type')).toContain('application/json');
    const answer = (await literal.json()) as {
      prescription: { signatureFiles: { url: string }[] };
    };
    expect(answer.prescription.signatureFiles[0]?.url.startsWith(`${url}/`)).toBe(true);
    // ...the guide's second example, with its other parameters and the space before the code...
    const spaced = await browser.fetch(
      `${pathname}?type=prescricao&_parametroqualquer&_format=application/validador-iti+json&_secretCode=%20${code}`,
    );
    expect(spaced.status).toBe(200);
    expect(await spaced.json()).toEqual(answer);
    // ...the `+` as a space or as %2B, and a wrong code still refused in JSON.
    for (const format of ['application/validador-iti%20json', 'application/validador-iti%2Bjson']) {
      const answered = await browser.fetch(`${pathname}?_format=${format}&_secretCode=${code}`);
      expect(answered.status).toBe(200);
      expect(await answered.json()).toEqual(answer);
    }
    const wrong = await browser.fetch(
      `${pathname}?_format=application/validador-iti+json&_secretCode=AAAAAAAAAA`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toContain('application/json');
  });

  it('asks a browser for the code, and only then shows the document and its status', async () => {
    const browser = visitor();
    const form = await browser.fetch(pathOf(url));
    expect(form.status).toBe(200);
    const formPage = await form.text();
    expect(formPage).toContain('Digite o código de validação');
    expect(formPage).not.toContain(PATIENT_NAME);
    expect(form.headers.get('content-security-policy')).toContain("default-src 'none'");

    const wrong = await browser.fetch(pathOf(url, { _secretCode: 'ZZZZZZZZZZ' }));
    expect(wrong.status).toBe(401);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain('Código de validação incorreto.');
    expect(wrongPage).not.toContain(PATIENT_NAME);

    // Typed in lower case, with spaces around: still the code.
    const shown = await browser.fetch(pathOf(url, { _secretCode: ` ${code.toLowerCase()} ` }));
    expect(shown.status).toBe(200);
    const page = await shown.text();
    expect(page).toContain('Documento válido, emitido em');
    expect(page).toContain(PATIENT_NAME);
    expect(page).toContain('Dr. Caio Menezes — CRM/MG 98765');
    expect(page).toContain('TSH');

    await doctor.browser.api.call(documentsApi.cancel, {
      params: { id: issued.id },
      body: { reason: 'Exame pedido para a paciente errada.' },
    });
    const cancelled = await (await browser.fetch(pathOf(url, { _secretCode: code }))).text();
    expect(cancelled).toContain('Cancelado em');
    expect(cancelled).toContain('Exame pedido para a paciente errada.');
    expect(cancelled).not.toContain('Documento válido');
  });

  it('records each handing over in the issuing doctor’s audit trail, and no wrong code', async () => {
    const browser = visitor();
    const actionsNow = async () => {
      const answer = await doctor.browser.fetch(`/api/audit?entityId=${issued.id}&limit=100`);
      const { entries } = (await answer.json()) as {
        entries: { action: string; ipAddress: string; status: number }[];
      };
      return entries.filter((entry) => entry.action === 'validate');
    };
    const before = (await actionsNow()).length;
    await (await browser.fetch(pathOf(url, { _secretCode: 'ERRADO1234' }))).text();
    expect((await actionsNow()).length).toBe(before);
    await (await browser.fetch(pathOf(url, { _secretCode: code }))).text();
    const after = await actionsNow();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ action: 'validate', status: 200 });
    // The address that opened it (IPv4 as the dual-stack socket writes it).
    expect(after[0]?.ipAddress.replace(/^::ffff:/, '')).toBe(browser.localAddress);
    const checked = await verifyAuditTrail(fixture.server.database.db, {
      dataDir: fixture.server.dataDir,
      auditKey: undefined,
    });
    expect(checked).toMatchObject({ kind: 'checked', result: { ok: true } });
  });

  it('refuses a client that tries too many codes', async () => {
    const browser = visitor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= VALIDATION_RATE_LIMIT.max; attempt++) {
      const answer = await browser.fetch(pathOf(url, { _secretCode: `TENTATIVA${attempt}` }));
      statuses.push(answer.status);
      await answer.body?.cancel();
    }
    expect(statuses.slice(0, VALIDATION_RATE_LIMIT.max).every((status) => status === 401)).toBe(
      true,
    );
    expect(statuses[VALIDATION_RATE_LIMIT.max]).toBe(429);
    // Another client is not held back.
    expect((await visitor().fetch(pathOf(url, { _secretCode: code }))).status).toBe(200);
  });
});
