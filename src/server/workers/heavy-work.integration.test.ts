/**
 * The heavy work of requests on the real server: a doctor's slow upload or a PDF of long words
 * runs in a worker thread, so another doctor's requests are answered meanwhile
 * (docs/seguranca.md, "Trabalho pesado").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signingCertificateApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { receitaPrintInput } from '@shared/prescriptions/receita-print-selection';
import { refusalOf } from '../testing/api-calls';
import { pdfPagesText } from '../testing/pdf-text';
import { useTestServer } from '../testing/server-fixture';
import { createTestPki, doctorPfx, pfxAskingForRounds } from '../testing/test-pki';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { HEAVY_WORK_LIMITS } from './heavy-work';

// The slow certificate below takes seconds of one core; on a machine busy with other suites it
// can take longer than the server's time limit, which is not what this file is about.
const fixture = useTestServer({
  heavyWorkLimits: { ...HEAVY_WORK_LIMITS, timeLimitMs: 120_000, waitLimitMs: 120_000 },
});
const PASSWORD = 'senha-do-certificado-1';

describe('heavy work beside other doctors', () => {
  let slow: TestDoctorAccount;
  let other: TestDoctorAccount;
  beforeAll(async () => {
    [slow, other] = await Promise.all([
      signUpDoctor(fixture.server.url),
      signUpDoctor(fixture.server.url),
    ]);
    await other.browser.api.call(patientsApi.create, {
      body: { name: 'Joana Prado', birthDate: '02/02/1980', sex: 'feminino' },
    });
  });

  it('answers another doctor while a certificate asking for a million rounds is opened', async () => {
    // No MAC to fail first: node-forge runs the key bag's 990,000 rounds (seconds) before the
    // key fails to decrypt.
    const file = pfxAskingForRounds(
      doctorPfx(createTestPki(), {
        name: 'HELENA PRADO',
        cpf: '52998224725',
        password: PASSWORD,
        withoutMac: true,
      }),
      990_000,
    );
    const form = new FormData();
    form.set('certificate', new Blob([file], { type: 'application/x-pkcs12' }), 'medica.pfx');
    form.set('password', PASSWORD);

    const answered: string[] = [];
    const upload = refusalOf(
      slow.browser.api.call(signingCertificateApi.upload, { body: form }),
    ).then((refusal) => {
      answered.push('upload');
      return refusal;
    });
    // Sent once the upload is being read, so it is already running when these arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await other.browser.fetch('/api/health');
    answered.push('health');
    const { patients } = await other.browser.api.call(patientsApi.list, { query: {} });
    answered.push('patients');

    const refusal = await upload;
    expect(health.status).toBe(200);
    expect(patients.map((patient) => patient.name)).toEqual(['Joana Prado']);
    expect(answered).toEqual(['health', 'patients', 'upload']);
    expect(refusal.status).toBe(400);
    expect(refusal.message).toMatch(/certificado|senha/i);
  }, 150_000);

  it('renders a receita whose notes are one word of 2,000 characters', async () => {
    const word = 'Observação'.repeat(200);
    const { blob } = await slow.browser.api.file(prescriptionsApi.pdf, {
      body: receitaPrintInput(
        [
          {
            id: 'receita-longa',
            patientName: 'Maria Souza',
            patientAge: '30',
            diagnosis: '',
            notes: word,
            date: '2026-12-05',
            medications: [{ name: 'Dipirona', dosage: '500 mg', frequency: '6/6h' }],
          },
        ],
        undefined,
      ),
    });
    const text = (await pdfPagesText(new Uint8Array(await blob.arrayBuffer()))).join('');
    // Broken by characters across lines: every character is there, in order.
    expect(text.replace(/\s/g, '')).toContain(word);
  });
});
