/**
 * Autosave under load: 200 doctors, each with a record open, save it every 2 s for 5 minutes
 * (as the record screen does while they type), with If-Match — on PostgreSQL and on the default
 * embedded database. Prints p50/p99/max latency and errors. Asserts nothing.
 *
 *   npm run bench:autosave
 *   BENCH_DOCTORS=50 BENCH_SECONDS=30 npm run bench:autosave
 *
 * PostgreSQL is TEST_DATABASE_URL's (a role that may create databases), else a throwaway one
 * from npm (src/server/testing/throwaway-postgres.ts).
 */
import { openDatabase, type DatabaseKind } from '@server/db/database';
import { createLogger } from '@server/logger';
import { createTestStorage, type TestStorage } from '@server/testing/test-storage';
import { startThrowawayPostgres } from '@server/testing/throwaway-postgres';
import { startServerProcess } from '@server/testing/server-process';
import {
  BENCH_AUTH_SECRET,
  createBenchAuth,
  ms,
  percentile,
  signUpBenchDoctor,
} from './bench-support';

const DOCTORS = Number(process.env.BENCH_DOCTORS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const INTERVAL_MS = 2_000;
const PASSWORD = 'Bench-autosave-Ipê-2026!';

/**
 * Creates the doctors in-process, as the server would (so sign-up's limits per address do not
 * apply), and returns each one's session cookie.
 */
async function seedDoctors(storage: TestStorage): Promise<string[]> {
  const database = await openDatabase({ ...storage, logger: createLogger('silent') });
  const auth = createBenchAuth(database.db);
  const cookies: string[] = [];
  try {
    for (let index = 0; index < DOCTORS; index += 1) {
      const email = `autosave${index}@bench.test`;
      const { cookie } = await signUpBenchDoctor(auth, {
        name: `Médica ${index}`,
        email,
        password: PASSWORD,
      });
      cookies.push(cookie);
    }
  } finally {
    await database.close();
  }
  return cookies;
}

interface DoctorTab {
  cookie: string;
  recordId: string;
  version: number;
}

async function openRecord(baseUrl: string, cookie: string): Promise<DoctorTab> {
  const answer = await fetch(`${baseUrl}/api/medical-records`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ patientInfo: { name: 'Paciente de teste', age: 50 } }),
  });
  const body = (await answer.json()) as { record?: { id: string; version: number } };
  if (!answer.ok || !body.record) throw new Error(`could not create a record: ${answer.status}`);
  return { cookie, recordId: body.record.id, version: body.record.version };
}

async function run(kind: DatabaseKind, postgresUrl: string) {
  const storage = await createTestStorage(kind, postgresUrl);
  const cookies = await seedDoctors(storage);
  const server = await startServerProcess({
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl ?? '',
    AUTH_SECRET: BENCH_AUTH_SECRET,
  });
  const baseUrl = server.url;
  try {
    const tabs = await Promise.all(cookies.map((cookie) => openRecord(baseUrl, cookie)));
    const times: number[] = [];
    const errors = new Map<string, number>();
    const countError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
    const endAt = Date.now() + SECONDS * 1000;
    await Promise.all(
      tabs.map(async (tab, index) => {
        // Spread the doctors over the interval, as real typing is.
        await new Promise((resolve) => setTimeout(resolve, (index * INTERVAL_MS) / tabs.length));
        for (let edit = 1; Date.now() < endAt; edit += 1) {
          const started = performance.now();
          try {
            const answer = await fetch(`${baseUrl}/api/medical-records/${tab.recordId}`, {
              method: 'PUT',
              headers: {
                cookie: tab.cookie,
                origin: baseUrl,
                'content-type': 'application/json',
                'if-match': `"${tab.version}"`,
              },
              body: JSON.stringify({
                plan: `Plano em edição, versão ${edit}`,
                currentStep: 'plan',
              }),
            });
            const body = (await answer.json()) as { record?: { version: number } };
            times.push(performance.now() - started);
            if (answer.ok && body.record) tab.version = body.record.version;
            else countError(String(answer.status));
          } catch (error) {
            countError(error instanceof Error ? error.message : String(error));
          }
          const wait = INTERVAL_MS - (performance.now() - started);
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }),
    );
    const sorted = times.sort((a, b) => a - b);
    const errorText = [...errors].map(([what, count]) => `${count}× ${what}`).join(', ') || '0';
    console.log(
      `${kind.padEnd(9)} ${String(sorted.length).padStart(7)} saves  p50 ${ms(percentile(sorted, 50))}` +
        `  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted[sorted.length - 1] ?? Number.NaN)}` +
        `  errors ${errorText}`,
    );
  } finally {
    await server.stop();
    await storage.cleanup();
  }
}

const throwaway = process.env.TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
const postgresUrl = process.env.TEST_DATABASE_URL ?? throwaway?.url ?? '';
console.log(
  `${DOCTORS} doctors autosaving every ${INTERVAL_MS / 1000} s for ${SECONDS} s ` +
    `(PostgreSQL: ${throwaway ? `throwaway ${throwaway.version}` : 'TEST_DATABASE_URL'})`,
);
try {
  for (const kind of ['postgres', 'pglite'] as const) await run(kind, postgresUrl);
} finally {
  await throwaway?.stop();
}
