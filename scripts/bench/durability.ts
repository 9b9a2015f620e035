/**
 * The cost of durability: p50/p99 of a record autosave (PUT /api/medical-records/:id with
 * If-Match, one at a time, as one doctor's tab sends them) on the default embedded database with
 * fsync off (as it was before docs/durabilidade.md, "As opções e a escolha") and on (the default now), and on PostgreSQL. The server runs as
 * `npm start` runs it, in its own process. Prints figures; asserts nothing.
 *
 *   npm run bench:durability
 *   BENCH_AUTOSAVES=1000 npm run bench:durability
 *
 * PostgreSQL is TEST_DATABASE_URL's (measured with that server's own settings), else a throwaway
 * one from npm started with PostgreSQL's durable defaults (fsync and synchronous commit on).
 */
import { signUpDoctor } from '@server/testing/test-server';
import { isApiError } from '@shared/api/client';
import { recordsApi } from '@shared/api/records';
import { createTestStorage, type TestStorage } from '@server/testing/test-storage';
import { startServerProcess } from '@server/testing/server-process';
import { startThrowawayPostgres } from '@server/testing/throwaway-postgres';
import { percentile } from './bench-support';

const AUTOSAVES = Number(process.env.BENCH_AUTOSAVES ?? 500);
const WARM_UP = 20;

interface Mode {
  name: string;
  storage: () => Promise<TestStorage>;
  env: Record<string, string>;
}

interface Figures {
  p50: number;
  p99: number;
  failures: number;
}

async function measure(mode: Mode): Promise<Figures> {
  const storage = await mode.storage();
  const server = await startServerProcess({
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl ?? '',
    ...mode.env,
  });
  try {
    const { browser } = await signUpDoctor(server.url);
    const created = await browser.api.call(recordsApi.create, {
      body: { patientInfo: { name: 'Paciente Benchmark' } },
    });
    const params = { id: created.recordId };
    let version = created.record.version;
    const durations: number[] = [];
    let failures = 0;
    for (let index = 0; index < WARM_UP + AUTOSAVES; index += 1) {
      const started = performance.now();
      try {
        const saved = await browser.api.call(recordsApi.update, {
          params,
          body: {
            plan: `Plano revisado ${index}: retorno em 15 dias com exames.`,
            currentStep: 'plan',
          },
          ifMatch: version,
        });
        version = saved.record.version;
        if (index >= WARM_UP) durations.push(performance.now() - started);
      } catch (error) {
        // A refused or lost autosave is counted, not timed; anything else is the bench's own bug.
        if (!isApiError(error)) throw error;
        failures += 1;
      }
    }
    durations.sort((a, b) => a - b);
    return { p50: percentile(durations, 50), p99: percentile(durations, 99), failures };
  } finally {
    await server.stop();
    await storage.cleanup();
  }
}

const throwaway = process.env.TEST_DATABASE_URL
  ? undefined
  : await startThrowawayPostgres({ durable: true });
const postgresUrl = process.env.TEST_DATABASE_URL ?? throwaway?.url ?? '';
const modes: Mode[] = [
  {
    name: 'PGlite, fsync off (before)',
    storage: () => createTestStorage('pglite'),
    env: { PRONTU_DURABLE_WRITES: '0' },
  },
  { name: 'PGlite, durable (default)', storage: () => createTestStorage('pglite'), env: {} },
  {
    name: throwaway ? `${throwaway.version}, durable` : 'PostgreSQL (TEST_DATABASE_URL)',
    storage: () => createTestStorage('postgres', postgresUrl),
    env: {},
  },
];
console.log(`${AUTOSAVES} autosaves, one at a time, after ${WARM_UP} to warm up\n`);
console.log('database                          p50 ms   p99 ms   failures');
try {
  for (const mode of modes) {
    try {
      const figures = await measure(mode);
      console.log(
        `${mode.name.padEnd(32)} ${figures.p50.toFixed(2).padStart(7)} ${figures.p99.toFixed(2).padStart(8)} ${String(figures.failures).padStart(10)}`,
      );
    } catch (error) {
      console.log(`${mode.name}: not measured — ${String(error)}`);
    }
  }
} finally {
  await throwaway?.stop();
}
