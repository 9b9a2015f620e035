/**
 * Records API benchmark: 100 doctors, 10,000 records for one of them, then latency (p50/p99)
 * and throughput at 50 concurrent connections for the first list page, a deep page, get by id
 * and update — on PGlite and on PostgreSQL. Prints figures; asserts nothing.
 *
 *   npm run bench
 *   BENCH_DURATION=20 BENCH_CONNECTIONS=10 npm run bench
 *   BENCH_ONLY=update BENCH_DATABASES=postgres npm run bench:records   # the autosave alone
 *
 * PostgreSQL is TEST_DATABASE_URL's (a role that may create databases), else a throwaway one
 * from npm (src/server/testing/throwaway-postgres.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createAuth } from '@server/auth/auth';
import { loadConfig } from '@server/config';
import { openDatabase, type AppDatabase } from '@server/db/database';
import { medicalRecords } from '@server/db/schema';
import { createLogger } from '@server/logger';
import { createTestStorage, type TestStorage } from '@server/testing/test-storage';
import { TestBrowser } from '@server/testing/test-server';
import { startThrowawayPostgres } from '@server/testing/throwaway-postgres';
import type { DatabaseKind } from '@server/db/database';
import { recordsApi } from '@shared/api/records';
import { buildNewRecordContent } from '@shared/records/write';
import { measureLoad, type LoadFigures, type LoadScenario } from './bench-support';

const root = path.resolve(import.meta.dirname, '../..');
const DOCTORS = 100;
const RECORDS_FOR_MEASURED_DOCTOR = 10_000;
const RECORDS_PER_OTHER_DOCTOR = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const PORT = 3917;
/** Only the scenarios whose name contains this (e.g. `update`: the record autosave). */
const ONLY = process.env.BENCH_ONLY;
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PASSWORD = 'senha-do-benchmark-1';

const sampleRecord = (index: number) =>
  buildNewRecordContent({
    patientInfo: {
      name: `Paciente ${index}`,
      age: 20 + (index % 70),
      gender: index % 2 ? 'feminino' : 'masculino',
      allergies: index % 5 ? [] : ['dipirona'],
      medications: ['losartana 50 mg 1x/dia'],
      chronicConditions: ['hipertensão arterial sistêmica'],
    },
    symptoms: {
      chiefComplaint: 'Cefaleia holocraniana há 3 dias, pior à tarde, sem febre',
      duration: '3 dias',
      intensity: 'moderada',
      additionalInfo: 'Nega trauma. Dorme mal há uma semana. Uso de dipirona com alívio parcial.',
    },
    physicalExam: {
      vitalSigns: {
        bloodPressure: '150/90',
        heartRate: 82,
        temperature: 36.7,
        weight: 78,
        height: 172,
      },
      generalAppearance: 'BEG, lúcida e orientada, corada, hidratada. ACV: RCR 2T sem sopros.',
    },
    assessment: 'Cefaleia tensional (G44.2). HAS não controlada (I10).',
    plan: 'Ajustar anti-hipertensivo, higiene do sono, retorno em 15 dias com MAPA.',
  });

/** Seeds in-process, as the server itself would, so sign-up's rate limit does not apply. */
async function seed(storage: TestStorage): Promise<string> {
  const logger = createLogger('silent');
  const database = await openDatabase({ ...storage, logger });
  const auth = createAuth({
    db: database.db,
    secret: AUTH_SECRET,
    logger,
    publicOrigin: undefined,
    sessionLifetime: loadConfig({}).session,
  });
  const doctorIds: string[] = [];
  for (let index = 0; index < DOCTORS; index += 1) {
    const { user } = await auth.api.signUpEmail({
      body: { name: `Médico ${index}`, email: `medico${index}@bench.test`, password: PASSWORD },
    });
    doctorIds.push(user.id);
  }
  const [measured, ...others] = doctorIds;
  if (!measured) throw new Error('no doctor created');
  await insertRecords(database.db, measured, RECORDS_FOR_MEASURED_DOCTOR);
  for (const doctorId of others)
    await insertRecords(database.db, doctorId, RECORDS_PER_OTHER_DOCTOR);
  await database.db.execute(sql`analyze`);
  await database.close();
  return 'medico0@bench.test';
}

async function insertRecords(db: AppDatabase, userId: string, count: number) {
  const start = Date.now() - count * 60_000;
  for (let offset = 0; offset < count; offset += 500) {
    const rows = Array.from({ length: Math.min(500, count - offset) }, (_, i) => {
      const index = offset + i;
      const createdAt = new Date(start + index * 60_000);
      return {
        ...sampleRecord(index),
        id: `medical-record-${userId}-${index}`,
        userId,
        version: 1,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await db.insert(medicalRecords).values(rows);
  }
}

function startServerProcess(storage: TestStorage): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl ?? '',
      AUTH_SECRET,
      LOG_LEVEL: 'silent',
    },
  });
  const deadline = Date.now() + 60_000;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        const health = await fetch(`http://localhost:${PORT}/api/health`);
        if (health.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(() => void poll(), 200);
    };
    void poll();
  });
}

async function benchmark(kind: DatabaseKind, postgresUrl: string): Promise<LoadFigures[]> {
  const storage = await createTestStorage(kind, postgresUrl);
  let server: ChildProcess | undefined;
  try {
    const seedStarted = performance.now();
    const email = await seed(storage);
    console.log(`[${kind}] seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    server = await startServerProcess(storage);
    const baseUrl = `http://localhost:${PORT}`;
    const browser = new TestBrowser(baseUrl);
    const signIn = await browser.postJson('/api/auth/sign-in/email', { email, password: PASSWORD });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = browser.cookieHeader ?? '';

    // Walk to record 5,000 (page 250 of 20) for the deep page, collecting ids on the way.
    const ids: string[] = [];
    let key: string | undefined;
    while (ids.length < 5_000) {
      const page = await browser.api.call(recordsApi.list, {
        query: { limit: 100, lastEvaluatedKey: key },
      });
      if (!page.lastEvaluatedKey) throw new Error('could not page');
      ids.push(...page.records.map((record) => record.id));
      key = page.lastEvaluatedKey;
    }
    const deepKey = encodeURIComponent(key ?? '');
    const randomId = () => ids[Math.floor(Math.random() * ids.length)] ?? '';
    let edits = 0;

    const scenarios: LoadScenario[] = [
      { name: 'list, first page', method: 'GET', path: () => '/api/medical-records?limit=20' },
      {
        name: 'list, page 251 (deep)',
        method: 'GET',
        path: () => `/api/medical-records?limit=20&lastEvaluatedKey=${deepKey}`,
      },
      { name: 'get by id', method: 'GET', path: () => `/api/medical-records/${randomId()}` },
      {
        name: 'update',
        method: 'PUT',
        path: () => `/api/medical-records/${randomId()}`,
        body: () => JSON.stringify({ plan: `Plano revisado ${(edits += 1)}`, currentStep: 'plan' }),
      },
    ];
    const figures: LoadFigures[] = [];
    for (const scenario of scenarios.filter((s) => !ONLY || s.name.includes(ONLY))) {
      figures.push(
        await measureLoad(baseUrl, cookie, scenario, {
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
        }),
      );
    }
    return figures;
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await storage.cleanup();
  }
}

function print(kind: DatabaseKind, figures: LoadFigures[]) {
  console.log(`\n${kind} — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
  console.log('scenario                    p50 ms   p99 ms    req/s   failures');
  for (const f of figures) {
    console.log(
      `${f.scenario.padEnd(26)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(8)} ${String(f.requestsPerSecond).padStart(8)} ${String(f.failures).padStart(10)}`,
    );
  }
}

const throwaway = process.env.TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
const postgresUrl = process.env.TEST_DATABASE_URL ?? throwaway?.url ?? '';
console.log(`PostgreSQL: ${throwaway ? `throwaway ${throwaway.version}` : 'TEST_DATABASE_URL'}`);
try {
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
    .split(',')
    .filter((kind): kind is DatabaseKind => kind === 'pglite' || kind === 'postgres');
  for (const kind of kinds) {
    try {
      print(kind, await benchmark(kind, postgresUrl));
    } catch (error) {
      console.log(
        `\n${kind}: not measured — ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
} finally {
  await throwaway?.stop();
}
