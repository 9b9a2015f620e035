/**
 * Fair use of the server's CPU: 20 doctors each ask for the clean-up of a 100,000-character
 * transcript at the same moment, while a monitor asks `/api/health` every 20 ms. Prints the
 * health check's latency during the burst and how the clean-ups were answered. Asserts nothing.
 *
 *   npm run bench:fair-use
 */
import { createTestStorage } from '@server/testing/test-storage';
import { signUpDoctor } from '@server/testing/test-server';
import { startServerProcess } from '@server/testing/server-process';
import { ms, percentile } from './bench-support';

const DOCTORS = 20;
const TEXT_LENGTH = 100_000;
const base = 'paciente refere dor de cabeça há três dias, pressão treze por oito, toma losartana. ';
const transcript = base.repeat(Math.ceil(TEXT_LENGTH / base.length)).slice(0, TEXT_LENGTH);

const storage = await createTestStorage('pglite');
const server = await startServerProcess({ DATA_DIR: storage.dataDir, DATABASE_URL: '' });
const baseUrl = server.url;
try {
  const doctors = await Promise.all(
    Array.from({ length: DOCTORS }, (_, index) => signUpDoctor(baseUrl, `Dra. Bench ${index}`)),
  );
  const healthTimes: number[] = [];
  const burst = { done: false };
  const monitor = (async () => {
    while (!burst.done) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/health`).then((answer) => answer.arrayBuffer());
      healthTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    doctors.map(async ({ browser }) => {
      const answer = await browser.postJson('/api/transcripts/clean-up', { text: transcript });
      await answer.arrayBuffer();
      return answer.status;
    }),
  );
  const burstMs = performance.now() - started;
  burst.done = true;
  await monitor;
  const sorted = healthTimes.sort((a, b) => a - b);
  const byStatus = Object.entries(
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  );
  console.log(`${DOCTORS} clean-ups of ${TEXT_LENGTH} characters at once: ${ms(burstMs)} in all`);
  console.log(`answers: ${byStatus.map(([status, count]) => `${count}× ${status}`).join(', ')}`);
  console.log(
    `/api/health during the burst (${sorted.length} checks): p50 ${ms(percentile(sorted, 50))}, ` +
      `p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1] ?? Number.NaN)}`,
  );
} finally {
  await server.stop();
  await storage.cleanup();
}
