/**
 * What signing a visit's papers with a cloud certificate costs once the doctor approved
 * (docs/assinatura-nuvem.md, "Lote"): the real server on PGlite, the fake PSC answering every
 * call after 300 ms as a PSC across the internet would, and `POST /api/signing-sessions/:id/sign`
 * with 2 documents and 2 receitas — every PDF prepared in the worker, one PSC call for the four
 * signatures, each saved. Prints p50/p95 and the PSC signature round trips per batch (must be 1).
 * Budget: under 1.5 s.
 *
 *   npm run bench:cloud-signing
 *   BENCH_RUNS=20 PSC_DELAY_MS=500 npm run bench:cloud-signing
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { settingsApi } from '@shared/api/settings';
import { signingSessionsApi } from '@shared/api/signing-sessions';
import { startFakePscServer } from '@server/testing/fake-psc-server';
import { signUpDoctor, startTestServer } from '@server/testing/test-server';
import { createTestStorage } from '@server/testing/test-storage';
import { prescriptionInput } from '@server/prescriptions/test-fixtures';
import { ms, percentile } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PSC_DELAY_MS = Number(process.env.PSC_DELAY_MS ?? 300);
const BUDGET_MS = 1500;

const psc = await startFakePscServer({
  holder: { name: 'HELENA MARIA PRADO', cpf: '52998224725' },
});
// An empty PGlite: the server migrates it at start (outside Vitest there is no migrated template).
const storage = await createTestStorage('pglite');
const server = await startTestServer(storage, {
  PSC_SAFEID_URL: psc.baseUrl,
  PSC_SAFEID_CLIENT_ID: 'prontu',
  PSC_SAFEID_CLIENT_SECRET: 'segredo-do-cliente',
});

try {
  const { browser } = await signUpDoctor(server.url);
  const { api } = browser;
  await api.call(settingsApi.replace, {
    body: {
      ...DEFAULT_DOCTOR_SETTINGS,
      name: 'Dra. Helena Prado',
      cpf: '529.982.247-25',
      crm: '123456',
      crmState: 'SP',
      clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
      clinicPhone: '(11) 3456-7890',
    },
  });
  const { patient } = await api.call(patientsApi.create, {
    body: { name: 'Maria Aparecida dos Santos', birthDate: '12/03/1961', sex: 'feminino' },
  });
  psc.setAnswerDelay(PSC_DELAY_MS);
  const { session } = await api.call(signingSessionsApi.start, {
    body: { provider: 'safeid', otp: psc.otp },
  });

  const times: number[] = [];
  const roundTrips: number[] = [];
  // One warm-up batch first: the worker threads and the PDF fonts load once per process.
  for (let run = -1; run < RUNS; run += 1) {
    const documents = [];
    for (const text of ['Paciente estável, em acompanhamento.', 'Retorno em 30 dias.']) {
      documents.push(
        (
          await api.call(documentsApi.create, {
            body: { kind: 'relatorio', patientId: patient.id, content: { text } },
          })
        ).document.id,
      );
    }
    const prescriptions = [];
    for (let index = 0; index < 2; index += 1) {
      prescriptions.push(
        (
          await api.call(prescriptionsApi.create, {
            body: prescriptionInput({ patientId: patient.id }),
          })
        ).prescription.id,
      );
    }
    const before = psc.signatureRequests();
    const start = performance.now();
    await api.call(signingSessionsApi.sign, {
      params: { id: session.id },
      body: { documents, prescriptions },
    });
    const elapsed = performance.now() - start;
    if (run >= 0) {
      times.push(elapsed);
      roundTrips.push(psc.signatureRequests() - before);
    }
  }
  times.sort((left, right) => left - right);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(
    `visit of 4 papers (2 documents + 2 receitas), PSC answering in ${PSC_DELAY_MS} ms, n=${times.length}`,
  );
  console.log(
    `  p50 ${ms(p50).padStart(9)}  p95 ${ms(p95).padStart(9)}  (budget ${ms(BUDGET_MS)})`,
  );
  console.log(`  PSC signature round trips per batch: ${[...new Set(roundTrips)].join(', ')}`);
  if (roundTrips.some((count) => count !== 1)) {
    console.error('FAIL: a batch made more than one signature request');
    process.exitCode = 1;
  }
  if (p95 > BUDGET_MS) {
    console.error(`FAIL: p95 over the budget of ${ms(BUDGET_MS)}`);
    process.exitCode = 1;
  }
} finally {
  await server.close();
  await storage.cleanup();
  await psc.close();
}
