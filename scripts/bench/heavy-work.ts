/**
 * Hostile heavy work beside another doctor, on a real server process: for DURATION seconds one
 * doctor asks, two at a time, for PDFs of a receita whose notes are a 2,000-character word, and
 * another uploads, two at a time, a PKCS#12 file whose key bag asks for 990,000 rounds (seconds
 * of node-forge each), while a third asks `GET /api/health` and her patient list every 20 ms.
 * Prints the third doctor's latencies (p50, p99, worst) and how long the long-word PDFs and the
 * uploads took. Asserts nothing.
 *
 *   npm run bench:heavy-work
 *   BENCH_SECONDS=30 npm run bench:heavy-work
 *
 * Budget (docs/seguranca.md, "Trabalho pesado"): the third doctor's p99 under 200 ms; the
 * 2,000-character receita under 1 s.
 */
import { receitaPrintInput } from '@shared/prescriptions/receita-print-selection';
import { createTestPki, doctorPfx, pfxAskingForRounds } from '@server/testing/test-pki';
import { startServerProcess } from '@server/testing/server-process';
import { signUpDoctor, type TestBrowser } from '@server/testing/test-server';
import { createTestStorage } from '@server/testing/test-storage';
import { ms, percentile } from './bench-support';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 20) * 1_000;
const PASSWORD = 'senha-do-certificado-1';

const receitaBody = JSON.stringify(
  receitaPrintInput(
    [
      {
        id: 'receita-longa',
        patientName: 'Maria Souza',
        patientAge: '30',
        diagnosis: '',
        notes: 'x'.repeat(2_000),
        date: '2026-12-05',
        medications: [{ name: 'Dipirona', dosage: '500 mg', frequency: '6/6h' }],
      },
    ],
    undefined,
  ),
);
const hostilePfx = pfxAskingForRounds(
  doctorPfx(createTestPki(), {
    name: 'HELENA PRADO',
    cpf: '52998224725',
    password: PASSWORD,
    withoutMac: true,
  }),
  990_000,
);

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return (
    `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, ` +
    `worst ${ms(sorted[sorted.length - 1] ?? Number.NaN)} (n=${sorted.length})`
  );
};

/** Runs `request` in `lanes` loops until the end, timing each; counts answers by status. */
async function hammer(
  lanes: number,
  end: number,
  request: () => Promise<Response>,
): Promise<{ times: number[]; statuses: Map<number, number> }> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const answer = await request();
        await answer.arrayBuffer();
        times.push(performance.now() - started);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  return { times, statuses };
}

const statusLine = (statuses: Map<number, number>) =>
  [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');

const storage = await createTestStorage('pglite');
const server = await startServerProcess({ DATA_DIR: storage.dataDir, DATABASE_URL: '' });
try {
  const [printer, uploader, watcher] = await Promise.all([
    signUpDoctor(server.url, 'Dra. PDF'),
    signUpDoctor(server.url, 'Dra. Certificado'),
    signUpDoctor(server.url, 'Dra. Consulta'),
  ]);
  await watcher.browser.postJson('/api/patients', {
    name: 'Joana Prado',
    birthDate: '02/02/1980',
    sex: 'feminino',
  });
  const upload = (browser: TestBrowser) => {
    const form = new FormData();
    form.set('certificate', new Blob([hostilePfx]), 'medica.pfx');
    form.set('password', PASSWORD);
    return browser.fetch('/api/signing-certificate', { method: 'PUT', body: form });
  };

  // Warm-up: the worker threads start with the first job.
  await (
    await printer.browser.postJson('/api/prescriptions/pdf', JSON.parse(receitaBody))
  ).arrayBuffer();

  const end = performance.now() + DURATION_MS;
  const watching = (async () => {
    const health: number[] = [];
    const patients: number[] = [];
    while (performance.now() < end) {
      let started = performance.now();
      await (await watcher.browser.fetch('/api/health')).arrayBuffer();
      health.push(performance.now() - started);
      started = performance.now();
      await (await watcher.browser.fetch('/api/patients')).arrayBuffer();
      patients.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { health, patients };
  })();
  const [pdfs, uploads, watched] = await Promise.all([
    hammer(2, end, () =>
      printer.browser.fetch('/api/prescriptions/pdf', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: receitaBody,
      }),
    ),
    hammer(2, end, () => upload(uploader.browser)),
    watching,
  ]);

  console.log(`${DURATION_MS / 1_000} s of hostile heavy work beside a third doctor:`);
  console.log(
    `  receita PDF, 2,000-character word:  ${summary(pdfs.times)}; ${statusLine(pdfs.statuses)}`,
  );
  console.log(
    `  PKCS#12 asking for 990,000 rounds:  ${summary(uploads.times)}; ${statusLine(uploads.statuses)}`,
  );
  console.log(`  third doctor, GET /api/health:      ${summary(watched.health)}`);
  console.log(`  third doctor, GET /api/patients:    ${summary(watched.patients)}`);
} finally {
  await server.stop();
  await storage.cleanup();
}
