/**
 * Signing with a cloud certificate (docs/assinatura-nuvem.md) on the real server against the
 * fake PSC: sessions by one-time code and by push, one paper or a visit's papers with one PSC
 * call, each PDF verified as an A1-signed one is, and every failure of the PSC answered in
 * Portuguese with its code, nothing saved as signed and no paper sent twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import type { ApiClient } from '@shared/api/client';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { settingsApi } from '@shared/api/settings';
import { signingSessionsApi } from '@shared/api/signing-sessions';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import type { RunningServer } from '../server';
import { refusalOf } from '../testing/api-calls';
import { capturingLogger } from '../testing/capturing-logger';
import { startFakePscServer, type FakePscServer } from '../testing/fake-psc-server';
import {
  extractPdfSignature,
  pdfInfoOf,
  verifyWithOpenssl,
  verifyWithPdfsig,
  verifyWithPkijs,
} from '../testing/pdf-signature';
import { signUpDoctor, startTestServer, TestBrowser } from '../testing/test-server';
import { nextLoopbackAddress } from '../testing/loopback-fetch';
import { ITI_FORMAT } from '../documents/validation-routes';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import { prescriptionInput } from '../prescriptions/test-fixtures';

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  cpf: '529.982.247-25',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

let psc: FakePscServer;
let storage: TestStorage;
let server: RunningServer;
const log = capturingLogger('debug');

beforeAll(async () => {
  psc = await startFakePscServer({ holder: { name: 'HELENA MARIA PRADO', cpf: '52998224725' } });
  storage = await createMigratedTestStorage();
  server = await startTestServer(
    storage,
    {
      LOG_LEVEL: 'debug',
      // SafeID speaks the one-time code, VIDaaS the push; both are the fake here.
      PSC_SAFEID_URL: psc.baseUrl,
      PSC_SAFEID_CLIENT_ID: 'prontu',
      PSC_SAFEID_CLIENT_SECRET: 'segredo-do-cliente',
      PSC_VIDAAS_URL: psc.baseUrl,
      PSC_VIDAAS_CLIENT_ID: 'prontu',
      PSC_VIDAAS_CLIENT_SECRET: 'segredo-do-cliente',
      // A PSC that hangs is given up on quickly.
      PSC_TIMEOUT_SECONDS: '1',
    },
    { logger: log.logger },
  );
});

afterAll(async () => {
  await server.close();
  await storage.cleanup();
  await psc.close();
});

/** A doctor with the settings of PROFILE (the fake's holder) and a patient. */
async function doctorWithPatient() {
  const account = await signUpDoctor(server.url);
  const { api } = account.browser;
  await api.call(settingsApi.replace, { body: PROFILE });
  const { patient } = await api.call(patientsApi.create, {
    body: {
      name: 'Maria Aparecida dos Santos',
      birthDate: '12/03/1961',
      sex: 'feminino',
      cpf: '111.444.777-35',
    },
  });
  return { account, api, patientId: patient.id };
}

const otpSession = async (api: ApiClient) =>
  (await api.call(signingSessionsApi.start, { body: { provider: 'safeid', otp: psc.otp } }))
    .session;

const newDocument = async (api: ApiClient, patientId: string, text = 'Paciente estável.') =>
  (
    await api.call(documentsApi.create, {
      body: { kind: 'relatorio', patientId, content: { text } },
    })
  ).document;

const newReceita = async (api: ApiClient, patientId: string) =>
  (
    await api.call(prescriptionsApi.create, {
      body: prescriptionInput({ patientId, patientName: 'Maria Aparecida dos Santos' }),
    })
  ).prescription;

/** The audit trail's entries about `entityId`, newest first. */
async function auditEntriesAbout(browser: TestBrowser, entityId: string) {
  const response = await browser.fetch(`/api/audit?entityId=${encodeURIComponent(entityId)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: { action: string; listedIds: string[] }[] })
    .entries;
}

async function pdfAt(browser: TestBrowser, path: string): Promise<Uint8Array<ArrayBuffer>> {
  const response = await browser.fetch(path);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** A signed PDF checked by pkijs (chain to the fake's root), OpenSSL and pdfsig, with ITI metadata. */
async function expectVerifiedPdf(pdf: Uint8Array) {
  const signature = extractPdfSignature(pdf);
  const pkijs = await verifyWithPkijs(signature, psc.rootDer);
  expect(pkijs.signatureVerified).toBe(true);
  expect(pkijs.signedAttributes).toContain('1.2.840.113549.1.9.16.2.15');
  const openssl = verifyWithOpenssl(signature, new X509Certificate(psc.rootDer).toString());
  if (openssl) expect(openssl.verified, openssl.output).toBe(true);
  const pdfsig = verifyWithPdfsig(pdf);
  if (pdfsig) {
    expect(pdfsig.valid, pdfsig.output).toBe(true);
    expect(pdfsig.subFilter).toBe('ETSI.CAdES.detached');
  }
  const info = await pdfInfoOf(pdf);
  expect(info.get('2.16.76.1.4.2.2.1')).toBe('123456');
  expect(info.get('2.16.76.1.4.2.2.2')).toBe('SP');
}

describe('providers and sessions', () => {
  it('lists the configured PSCs to a signed-in doctor only', async () => {
    const { api, account } = await doctorWithPatient();
    const { providers } = await api.call(signingSessionsApi.providers, {});
    expect(providers).toEqual([
      { id: 'vidaas', name: 'VIDaaS', grants: ['push'] },
      { id: 'safeid', name: 'SafeID', grants: ['otp'] },
    ]);
    const anonymous = await fetch(`${server.url}/api/signing-providers`);
    expect(anonymous.status).toBe(401);
    expect(account.id).not.toBe('');
  });

  it('asks for the CPF in Configurações before opening a session', async () => {
    const account = await signUpDoctor(server.url);
    const refusal = await refusalOf(
      account.browser.api.call(signingSessionsApi.start, {
        body: { provider: 'safeid', otp: psc.otp },
      }),
    );
    expect(refusal.status).toBe(400);
    expect(refusal.message).toContain('Configurações');
  });

  it('opens a session with a one-time code and ends it on DELETE', async () => {
    const { api } = await doctorWithPatient();
    const session = await otpSession(api);
    expect(session).toMatchObject({
      provider: 'safeid',
      status: 'authorized',
      holder: 'HELENA MARIA PRADO',
    });
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    expect(
      (await api.call(signingSessionsApi.get, { params: { id: session.id } })).session,
    ).toEqual(session);
    await api.call(signingSessionsApi.cancel, { params: { id: session.id } });
    const gone = await refusalOf(api.call(signingSessionsApi.get, { params: { id: session.id } }));
    expect(gone.status).toBe(404);
  });

  it('refuses a wrong one-time code in Portuguese, psc_refused', async () => {
    const { api } = await doctorWithPatient();
    const refusal = await refusalOf(
      api.call(signingSessionsApi.start, { body: { provider: 'safeid', otp: '000000' } }),
    );
    expect(refusal.code).toBe('psc_refused');
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe(
      'A autorização foi recusada pelo provedor do certificado em nuvem.',
    );
  });

  it("answers another doctor's session id with 404, whatever the route", async () => {
    const { api } = await doctorWithPatient();
    const theirs = await doctorWithPatient();
    const session = await otpSession(api);
    const document = await newDocument(theirs.api, theirs.patientId);
    const refusals = await Promise.all([
      refusalOf(theirs.api.call(signingSessionsApi.get, { params: { id: session.id } })),
      refusalOf(theirs.api.call(signingSessionsApi.cancel, { params: { id: session.id } })),
      refusalOf(
        theirs.api.call(signingSessionsApi.sign, {
          params: { id: session.id },
          body: { documents: [document.id] },
        }),
      ),
      refusalOf(
        theirs.api.call(documentsApi.sign, {
          params: { id: document.id },
          body: { sessionId: session.id },
        }),
      ),
    ]);
    expect(refusals.map((refusal) => refusal.status)).toEqual([404, 404, 404, 404]);
    // Still hers, still usable.
    expect(
      (await api.call(signingSessionsApi.get, { params: { id: session.id } })).session.status,
    ).toBe('authorized');
  });
});

describe('signing through the PSC', () => {
  it('signs one document with a session: verified like an A1 signature, audited with PSC and certificate', async () => {
    const { api, account, patientId } = await doctorWithPatient();
    const session = await otpSession(api);
    const draft = await newDocument(api, patientId);
    const before = psc.signatureRequests();
    const { document } = await api.call(documentsApi.sign, {
      params: { id: draft.id },
      body: { sessionId: session.id },
    });
    expect(document.status).toBe('assinado');
    expect(psc.signatureRequests() - before).toBe(1);
    const signedPdf = await pdfAt(account.browser, `/api/documents/${draft.id}/pdf`);
    await expectVerifiedPdf(signedPdf);

    // At its validation address, as the pharmacy's VALIDAR asks for it: the signed file, byte
    // for byte, as with an A1.
    if (!document.validation) throw new Error('a signed document has its validation');
    const validation = new URL(document.validation.url);
    validation.searchParams.set('_format', ITI_FORMAT);
    validation.searchParams.set('_secretCode', document.validation.secretCode);
    const visitor = new TestBrowser(server.url, nextLoopbackAddress());
    const answer = await visitor.fetch(`${validation.pathname}${validation.search}`);
    expect(answer.status).toBe(200);
    const { prescription } = (await answer.json()) as {
      prescription: { signatureFiles: { url: string }[] };
    };
    const fileUrl = new URL(prescription.signatureFiles[0]?.url ?? '');
    expect(await pdfAt(visitor, `${fileUrl.pathname}${fileUrl.search}`)).toEqual(signedPdf);

    const entries = await auditEntriesAbout(account.browser, draft.id);
    const signing = entries.find((entry) => entry.action === 'sign');
    const fingerprint = new X509Certificate(psc.holder.certificate).fingerprint256
      .replaceAll(':', '')
      .toLowerCase();
    expect(signing?.listedIds).toEqual(['psc:safeid', `certificate:${fingerprint}`]);
  });

  it("signs a visit's documents and receitas with ONE signature request", async () => {
    const { api, account, patientId } = await doctorWithPatient();
    const session = await otpSession(api);
    const documents = [
      await newDocument(api, patientId, 'Primeiro relatório.'),
      await newDocument(api, patientId, 'Segundo relatório.'),
    ];
    const receitas = [await newReceita(api, patientId), await newReceita(api, patientId)];
    const requestsBefore = psc.signatureRequests();
    const hashesBefore = psc.hashesSigned();
    const answer = await api.call(signingSessionsApi.sign, {
      params: { id: session.id },
      body: {
        documents: documents.map((document) => document.id),
        prescriptions: receitas.map((receita) => receita.id),
      },
    });
    expect(psc.signatureRequests() - requestsBefore).toBe(1);
    expect(psc.hashesSigned() - hashesBefore).toBe(4);
    expect(answer.documents.map((document) => document.status)).toEqual(['assinado', 'assinado']);
    expect(answer.prescriptions.every((receita) => receita.signedAt !== undefined)).toBe(true);
    for (const document of documents) {
      await expectVerifiedPdf(await pdfAt(account.browser, `/api/documents/${document.id}/pdf`));
    }
    for (const receita of receitas) {
      await expectVerifiedPdf(await pdfAt(account.browser, `/api/prescriptions/${receita.id}/pdf`));
    }
    const entries = await auditEntriesAbout(account.browser, receitas[0]?.id ?? '');
    expect(
      entries.some((entry) => entry.action === 'sign' && entry.listedIds[0] === 'psc:safeid'),
    ).toBe(true);
  });

  it('checks every paper before any is signed: 404 for one not hers, 409 for one signed', async () => {
    const { api, patientId } = await doctorWithPatient();
    const theirs = await doctorWithPatient();
    const session = await otpSession(api);
    const mine = await newDocument(api, patientId);
    const notMine = await newDocument(theirs.api, theirs.patientId);
    const before = psc.signatureRequests();
    const refusal = await refusalOf(
      api.call(signingSessionsApi.sign, {
        params: { id: session.id },
        body: { documents: [mine.id, notMine.id] },
      }),
    );
    expect(refusal.status).toBe(404);
    await api.call(documentsApi.sign, { params: { id: mine.id }, body: { sessionId: session.id } });
    const again = await refusalOf(
      api.call(signingSessionsApi.sign, {
        params: { id: session.id },
        body: { documents: [mine.id] },
      }),
    );
    expect(again.code).toBe('document_signed');
    expect(psc.signatureRequests() - before).toBe(1);
  });

  it('signs a receita through a push the doctor approves in her app', async () => {
    const { api, account, patientId } = await doctorWithPatient();
    const { session } = await api.call(signingSessionsApi.start, { body: { provider: 'vidaas' } });
    expect(session).toMatchObject({ status: 'pending', prompt: 'Aprove no aplicativo VIDaaS' });
    expect(
      (await api.call(signingSessionsApi.get, { params: { id: session.id } })).session.status,
    ).toBe('pending');
    const early = await refusalOf(
      api.call(signingSessionsApi.sign, {
        params: { id: session.id },
        body: { prescriptions: [(await newReceita(api, patientId)).id] },
      }),
    );
    expect(early.status).toBe(400);
    psc.approvePush();
    const approved = (await api.call(signingSessionsApi.get, { params: { id: session.id } }))
      .session;
    expect(approved).toMatchObject({ status: 'authorized', holder: 'HELENA MARIA PRADO' });
    const receita = await newReceita(api, patientId);
    const { prescription } = await api.call(prescriptionsApi.sign, {
      params: { id: receita.id },
      body: { sessionId: session.id },
    });
    expect(prescription.signedAt).toBeDefined();
    await expectVerifiedPdf(await pdfAt(account.browser, `/api/prescriptions/${receita.id}/pdf`));
  });
});

describe('when the PSC refuses or fails, nothing is signed', () => {
  /** Her document stays unsigned and the PSC saw at most one request for it. */
  async function expectUnsigned(api: ApiClient, id: string, requestsBefore: number) {
    const { document } = await api.call(documentsApi.get, { params: { id } });
    expect(document.status).not.toBe('assinado');
    expect(psc.signatureRequests() - requestsBefore).toBeLessThanOrEqual(1);
  }

  it('a refused push: psc_refused, in Portuguese', async () => {
    const { api, patientId } = await doctorWithPatient();
    const { session } = await api.call(signingSessionsApi.start, { body: { provider: 'vidaas' } });
    psc.refusePush();
    expect(
      (await api.call(signingSessionsApi.get, { params: { id: session.id } })).session.status,
    ).toBe('refused');
    const document = await newDocument(api, patientId);
    const before = psc.signatureRequests();
    const refusal = await refusalOf(
      api.call(documentsApi.sign, { params: { id: document.id }, body: { sessionId: session.id } }),
    );
    expect(refusal.code).toBe('psc_refused');
    expect(refusal.message).toBe(
      'A autorização foi recusada pelo provedor do certificado em nuvem.',
    );
    await expectUnsigned(api, document.id, before);
    expect(psc.signatureRequests()).toBe(before);
  });

  it('an expired token: psc_expired, the batch saved nowhere, the session ended', async () => {
    const { api, patientId } = await doctorWithPatient();
    const session = await otpSession(api);
    const documents = [await newDocument(api, patientId), await newDocument(api, patientId)];
    const before = psc.signatureRequests();
    psc.expireTokens();
    const refusal = await refusalOf(
      api.call(signingSessionsApi.sign, {
        params: { id: session.id },
        body: { documents: documents.map((document) => document.id) },
      }),
    );
    expect(refusal.code).toBe('psc_expired');
    expect(refusal.message).toBe(
      'A autorização do certificado em nuvem expirou. Autorize novamente.',
    );
    for (const document of documents) await expectUnsigned(api, document.id, before);
    const gone = await refusalOf(api.call(signingSessionsApi.get, { params: { id: session.id } }));
    expect(gone.status).toBe(404);
  });

  for (const mode of ['hang', 'garbage', 'server-error'] as const) {
    it(`a PSC that answers ${mode === 'hang' ? 'nothing (timeout)' : mode}: 502 psc_unavailable, never sent twice`, async () => {
      const { api, patientId } = await doctorWithPatient();
      const session = await otpSession(api);
      const documents = [await newDocument(api, patientId), await newDocument(api, patientId)];
      const receita = await newReceita(api, patientId);
      const before = psc.signatureRequests();
      psc.setMode(mode);
      try {
        const refusal = await refusalOf(
          api.call(signingSessionsApi.sign, {
            params: { id: session.id },
            body: {
              documents: documents.map((document) => document.id),
              prescriptions: [receita.id],
            },
          }),
        );
        expect(refusal.status).toBe(502);
        expect(refusal.code).toBe('psc_unavailable');
        expect(refusal.message).toBe(
          'O provedor do certificado em nuvem não respondeu. Tente novamente em instantes.',
        );
        const single = await refusalOf(
          api.call(documentsApi.sign, {
            params: { id: documents[0]?.id ?? '' },
            body: { sessionId: session.id },
          }),
        );
        expect(single.code).toBe('psc_unavailable');
      } finally {
        psc.setMode('normal');
      }
      // One request for the batch, one for the single paper: never a retry.
      expect(psc.signatureRequests() - before).toBe(2);
      for (const document of documents) {
        const { document: current } = await api.call(documentsApi.get, {
          params: { id: document.id },
        });
        expect(current.status).not.toBe('assinado');
      }
      const { prescription } = await api.call(prescriptionsApi.get, { params: { id: receita.id } });
      expect(prescription.signedAt).toBeUndefined();
    });
  }

  it('a PSC answering garbage to the one-time code: 502 psc_unavailable', async () => {
    const { api } = await doctorWithPatient();
    psc.setMode('garbage');
    try {
      const refusal = await refusalOf(
        api.call(signingSessionsApi.start, { body: { provider: 'safeid', otp: psc.otp } }),
      );
      expect(refusal.status).toBe(502);
      expect(refusal.code).toBe('psc_unavailable');
    } finally {
      psc.setMode('normal');
    }
  });
});

describe('custody of the token', () => {
  it('never writes a token, a one-time code or a bearer header to the logs', () => {
    const text = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/Bearer|access_token|authorizationToken/i);
    // The fake's tokens are 24 hex digits; nothing of that shape is logged.
    expect(text).not.toMatch(/(?<![0-9a-f])[0-9a-f]{24}(?![0-9a-f])/);
    expect(text).not.toContain(`"${psc.otp}"`);
  });
});
