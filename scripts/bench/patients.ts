/**
 * Patients benchmark (docs/product.md, "Pacientes"): one doctor with 10,000 patients, 100,000 visits and 20,000
 * receitas of theirs, and a few other doctors with some patients, written in bulk; then latency
 * and throughput at 10 concurrent connections of the patients' search (by name, CPF, birth
 * date), the list's first page and a patient's chart (her header and her timeline's first page,
 * in the one call the chart screen makes) — on PGlite and on PostgreSQL, beside the budgets.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:patients
 *   BENCH_PATIENTS=1000 BENCH_VISITS=10000 BENCH_RECEITAS=2000 BENCH_DURATION=3 npm run bench:patients
 *   BENCH_DATABASES=postgres BENCH_CONNECTIONS=20 npm run bench:patients
 *   BENCH_ONLY='search by name,chart' npm run bench:patients   (scenarios whose names contain one)
 *
 * PostgreSQL is analysed after the load, as its autovacuum would. PGlite has no autovacuum: the
 * server analyses it as it starts (src/server/db/statistics-upkeep.ts). Beside the
 * figures: a floor (GET /api/health: one round trip to the database, no session, no audit
 * entry) and, after each run, the plan and time in the database of each statement measured.
 *
 * PostgreSQL is TEST_DATABASE_URL's (a role that may create databases), else a throwaway one
 * from npm (src/server/testing/throwaway-postgres.ts).
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { openDatabase, type AppDatabase, type DatabaseKind } from '@server/db/database';
import { createLogger } from '@server/logger';
import { headerQuery } from '@server/patients/chart-repository';
import { patientPageQuery } from '@server/patients/repository';
import { planOf, withValues } from '@server/testing/query-plans';
import { startServerProcess } from '@server/testing/server-process';
import {
  insertSyntheticPatients,
  insertSyntheticReceitas,
  insertSyntheticVisits,
  type SyntheticPatient,
} from '@server/testing/synthetic-patients';
import { createTestStorage, type TestStorage } from '@server/testing/test-storage';
import { startThrowawayPostgres } from '@server/testing/throwaway-postgres';
import { createApiClient } from '@shared/api/client';
import { patientsApi } from '@shared/api/patients';
import { PATIENT_LIST_DEFAULT_LIMIT } from '@shared/patients/patient';
import { TIMELINE_PAGE_SIZE } from '@shared/patients/chart';
import { formatCpf } from '@shared/patients/identifiers';
import { readPatientQuery } from '@shared/patients/search';
import {
  BENCH_AUTH_SECRET,
  createBenchAuth,
  measureLoad,
  ms,
  percentile,
  signUpBenchDoctor,
  type LoadFigures,
  type LoadScenario,
} from './bench-support';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const VISITS = Number(process.env.BENCH_VISITS ?? 100_000);
const RECEITAS = Number(process.env.BENCH_RECEITAS ?? 20_000);
const OTHER_DOCTORS = 4;
const OTHER_DOCTOR_SIZE = { patients: 300, visits: 2_000, receitas: 400 };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Charts opened through the API client by the chart loop, over all its workers. */
const CHART_ITERATIONS = Number(process.env.BENCH_CHART_ITERATIONS ?? 1_000);
/** Charts opened before those measured. */
const CHART_WARM_UP = Math.min(200, CHART_ITERATIONS);
/** Scenarios measured: those whose names contain one of these (all when unset). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()) ?? [];
const measured = (name: string) => ONLY.length === 0 || ONLY.some((part) => name.includes(part));
/** Each scenario first runs this long unmeasured: caches warm, as in a day's use. */
const WARM_UP_SECONDS = Math.min(2, DURATION_SECONDS);
const PASSWORD = 'Bench-pacientes-Ipê-2026!';
/** The budgets of the patients search, on PostgreSQL at 10 connections (p99). */
const SEARCH_BUDGET_MS = 20;
const CHART_BUDGET_MS = 30;

interface Row extends LoadFigures {
  /** The p99 this figure should stay under, if one applies. */
  budget?: number;
}

interface Seeded {
  doctorId: string;
  cookie: string;
  patients: SyntheticPatient[];
}

/** Writes the doctors in-process and their patients, visits and receitas in bulk. */
async function seed(storage: TestStorage): Promise<Seeded> {
  const database = await openDatabase({ ...storage, logger: createLogger('silent') });
  try {
    const { db } = database;
    const auth = createBenchAuth(db);
    const doctor = await signUpBenchDoctor(auth, {
      name: 'Dra. Benchmark',
      email: 'pacientes0@bench.test',
      password: PASSWORD,
    });
    const patients = await insertSyntheticPatients(db, doctor.id, PATIENTS);
    await insertSyntheticVisits(db, doctor.id, VISITS);
    await insertSyntheticReceitas(db, doctor.id, RECEITAS);
    for (let index = 1; index <= OTHER_DOCTORS; index += 1) {
      const other = await signUpBenchDoctor(auth, {
        name: `Médico ${index}`,
        email: `pacientes${index}@bench.test`,
        password: PASSWORD,
      });
      await insertSyntheticPatients(db, other.id, OTHER_DOCTOR_SIZE.patients, index + 1);
      await insertSyntheticVisits(db, other.id, OTHER_DOCTOR_SIZE.visits);
      await insertSyntheticReceitas(db, other.id, OTHER_DOCTOR_SIZE.receitas);
    }
    if (database.kind === 'postgres') await analyze(db);
    return { doctorId: doctor.id, cookie: doctor.cookie, patients };
  } finally {
    await database.close();
  }
}

/** What autovacuum does after such a load on PostgreSQL; nothing does it on PGlite. */
async function analyze(db: AppDatabase) {
  await db.execute(sql`analyze`);
}

/** One after the other, round and round. */
function rotating<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length] as T;
}

/** What the doctor types in the search box, by kind: some of her patients' names, CPFs, birth dates. */
function typedSearches(patients: readonly SyntheticPatient[]) {
  const some = Array.from(
    { length: 200 },
    (_, index) => patients[Math.floor((index * patients.length) / 200)],
  ).filter((patient) => patient !== undefined);
  const fullName = some.find((patient) => patient.name.split(' ').length >= 3)?.name ?? '';
  return {
    names: ['mar apar', 'silva', 'jo sou', fullName],
    cpfs: some.flatMap((patient) => (patient.cpf ? [formatCpf(patient.cpf)] : [])),
    birthDates: some.flatMap(({ birthDate }) =>
      birthDate ? [`${birthDate.slice(8)}/${birthDate.slice(5, 7)}/${birthDate.slice(0, 4)}`] : [],
    ),
  };
}

/** Her patient with the most visits (the seeding gives the first by id the most) and a typical one. */
function chartPatients(patients: readonly SyntheticPatient[]) {
  const byId = [...patients].sort((a, b) => (a.id < b.id ? -1 : 1));
  return { busiest: byId[0]?.id ?? '', typical: byId[Math.floor(byId.length / 2)]?.id ?? '' };
}

function scenarios(
  patients: readonly SyntheticPatient[],
): { scenario: LoadScenario; budget?: number }[] {
  const searches = typedSearches(patients);
  const list = (typed: readonly string[]) => {
    const next = rotating(typed);
    return () => `/api/patients?q=${encodeURIComponent(next())}`;
  };
  const randomId = () => patients[Math.floor(Math.random() * patients.length)]?.id ?? '';
  return [
    // The floor: one database round trip, no session, no audit entry.
    { scenario: { name: 'floor: GET /api/health', method: 'GET', path: () => '/api/health' } },
    {
      scenario: { name: 'search by name', method: 'GET', path: list(searches.names) },
      budget: SEARCH_BUDGET_MS,
    },
    {
      scenario: { name: 'search by CPF', method: 'GET', path: list(searches.cpfs) },
      budget: SEARCH_BUDGET_MS,
    },
    {
      scenario: { name: 'search by birth date', method: 'GET', path: list(searches.birthDates) },
      budget: SEARCH_BUDGET_MS,
    },
    {
      scenario: { name: 'list, first page', method: 'GET', path: () => '/api/patients' },
      budget: SEARCH_BUDGET_MS,
    },
    {
      scenario: {
        name: 'chart (one call)',
        method: 'GET',
        path: () => `/api/patients/${randomId()}/chart`,
      },
      budget: CHART_BUDGET_MS,
    },
  ];
}

/**
 * The plans of the statements measured, on the seeded database, and how long each takes in it
 * (EXPLAIN ANALYZE, best of 3) — the database's share of a latency.
 */
async function printPlans(db: AppDatabase, seeded: Seeded, title: string): Promise<void> {
  const searches = typedSearches(seeded.patients);
  const page = (typed: string | undefined) => {
    const prepared = patientPageQuery(
      db,
      seeded.doctorId,
      typed === undefined ? undefined : readPatientQuery(typed),
      undefined,
      PATIENT_LIST_DEFAULT_LIMIT + 1,
    );
    return withValues(prepared.statement(), prepared.values);
  };
  const { busiest, typical } = chartPatients(seeded.patients);
  const chart = (id: string) =>
    withValues(headerQuery(db, { timeline: true }), {
      userId: seeded.doctorId,
      patientId: id,
      limit: TIMELINE_PAGE_SIZE + 1,
    });
  const statements: [string, SQLWrapper][] = [
    ...searches.names.map((typed): [string, SQLWrapper] => [`search '${typed}'`, page(typed)]),
    [`search '${searches.cpfs[0] ?? ''}'`, page(searches.cpfs[0])],
    [`search '${searches.birthDates[0] ?? ''}'`, page(searches.birthDates[0])],
    ['list, first page', page(undefined)],
    ['chart, busiest patient', chart(busiest)],
    ['chart, typical patient', chart(typical)],
  ];
  console.log(`
${title}: plans and time in the database (EXPLAIN ANALYZE)`);
  for (const [name, statement] of statements) {
    const runs = [];
    for (let run = 0; run < 3; run += 1) runs.push(await planOf(db, statement, { analyze: true }));
    const best = Math.min(...runs.map((plan) => plan.executionMs ?? Number.NaN));
    console.log(
      `  ${name.slice(0, 44).padEnd(44)} ${ms(best).padStart(9)}  ${runs[0]?.scans.join(', ') ?? ''}`,
    );
  }
}

/** Opens the seeded database in-process (the server stopped: PGlite takes one process). */
async function withDatabase(storage: TestStorage, work: (db: AppDatabase) => Promise<void>) {
  const database = await openDatabase({ ...storage, logger: createLogger('silent') });
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * The chart as the screen opens it (patient-chart.tsx): the patient's header and her timeline's
 * first page, in one call (GET /api/patients/:id/chart); by {@link CONNECTIONS}
 * workers until {@link CHART_ITERATIONS} charts are open. Through the app's own API client,
 * which checks each answer as the browser does — work the browser does on the doctor's
 * machine, done here on the server's.
 */
async function measureCharts(
  baseUrl: string,
  cookie: string,
  patients: readonly SyntheticPatient[],
): Promise<LoadFigures> {
  const api = createApiClient((path, init) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    headers.set('origin', baseUrl);
    return fetch(new URL(path, baseUrl), { ...init, headers });
  });
  /** Opens `count` charts by {@link CONNECTIONS} workers; the time of each chart opened. */
  const openCharts = async (count: number) => {
    const times: number[] = [];
    let failures = 0;
    let opened = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (opened < count) {
          opened += 1;
          const id = patients[Math.floor(Math.random() * patients.length)]?.id ?? '';
          const begun = performance.now();
          try {
            await api.call(patientsApi.chart, { params: { id } });
            times.push(performance.now() - begun);
          } catch {
            failures += 1;
          }
        }
      }),
    );
    return { times, failures };
  };
  // Unmeasured first, as the other scenarios: the client's first answers compile its code.
  await openCharts(CHART_WARM_UP);
  const started = performance.now();
  const { times, failures } = await openCharts(CHART_ITERATIONS);
  const sorted = times.sort((a, b) => a - b);
  return {
    scenario: 'chart via API client',
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    requestsPerSecond: Math.round(CHART_ITERATIONS / ((performance.now() - started) / 1000)),
    failures,
  };
}

/** Starts the server on the seeded storage and measures every scenario. */
async function measureServer(storage: TestStorage, seeded: Seeded): Promise<Row[]> {
  const server = await startServerProcess({
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl ?? '',
    AUTH_SECRET: BENCH_AUTH_SECRET,
  });
  try {
    const rows: Row[] = [];
    for (const { scenario, budget } of scenarios(seeded.patients)) {
      if (!measured(scenario.name)) continue;
      const load = (durationSeconds: number) =>
        measureLoad(server.url, seeded.cookie, scenario, {
          connections: CONNECTIONS,
          durationSeconds,
        });
      await load(WARM_UP_SECONDS);
      rows.push({ ...(await load(DURATION_SECONDS)), ...(budget ? { budget } : {}) });
    }
    if (measured('chart via API client')) {
      // Beside the budget, not against it: the chart's budget is the server's answer ('chart
      // (one call)'); here the client's own work (fetch, checking each answer) shares the
      // server's two cores, where a browser does it on the doctor's machine.
      rows.push(await measureCharts(server.url, seeded.cookie, seeded.patients));
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** Seeds and measures one database. */
async function benchmark(kind: DatabaseKind, postgresUrl: string): Promise<void> {
  const storage = await createTestStorage(kind, postgresUrl);
  try {
    const seedStarted = performance.now();
    const seeded = await seed(storage);
    console.log(`[${kind}] seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    if (kind === 'postgres') {
      print('postgres', await measureServer(storage, seeded));
      await withDatabase(storage, (db) => printPlans(db, seeded, 'postgres'));
      return;
    }
    // The server analyses PGlite as it starts (db/statistics-upkeep.ts), during the warm-up.
    const title = 'pglite, as the app runs it (analysed as the server starts)';
    print(title, await measureServer(storage, seeded));
    await withDatabase(storage, (db) => printPlans(db, seeded, title));
  } finally {
    await storage.cleanup();
  }
}

function print(title: string, rows: Row[]) {
  console.log(
    `\n${title} — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each ` +
      `(chart: ${CHART_ITERATIONS} charts); budgets are PostgreSQL's p99`,
  );
  console.log(
    'scenario                      p50 ms   p99 ms    req/s   failures   answer kB   budget',
  );
  for (const row of rows) {
    const budget = row.budget
      ? `< ${row.budget} ms ${row.p99 < row.budget ? 'met' : 'MISSED'}`
      : '';
    console.log(
      `${row.scenario.padEnd(28)} ${row.p50.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(8)} ` +
        `${String(row.requestsPerSecond).padStart(8)} ${String(row.failures).padStart(10)} ` +
        `${(row.answerKb === undefined ? '' : row.answerKb.toFixed(1)).padStart(11)}   ${budget}`,
    );
  }
}

const throwaway = process.env.TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
const postgresUrl = process.env.TEST_DATABASE_URL ?? throwaway?.url ?? '';
console.log(
  `${PATIENTS} patients, ${VISITS} visits, ${RECEITAS} receitas of one doctor ` +
    `(PostgreSQL: ${throwaway ? `throwaway ${throwaway.version}` : 'TEST_DATABASE_URL'})`,
);
try {
  const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
    .split(',')
    .filter((kind): kind is DatabaseKind => kind === 'pglite' || kind === 'postgres');
  for (const kind of kinds) {
    try {
      await benchmark(kind, postgresUrl);
    } catch (error) {
      console.log(
        `\n${kind}: not measured — ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
} finally {
  await throwaway?.stop();
}
