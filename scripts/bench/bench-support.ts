import autocannon from 'autocannon';
import { createAuth } from '@server/auth/auth';
import { loadConfig } from '@server/config';
import type { AppDatabase } from '@server/db/database';
import { createLogger } from '@server/logger';

/** The session secret of benchmark servers, so seeding in-process signs cookies they accept. */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The value below which `p` per cent of `sorted` (ascending) fall. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** `12.3 ms`, for the tables the benchmarks print. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The accounts of a database as a benchmark server with {@link BENCH_AUTH_SECRET} runs them. */
export function createBenchAuth(db: AppDatabase) {
  return createAuth({
    db,
    secret: BENCH_AUTH_SECRET,
    logger: createLogger('silent'),
    publicOrigin: undefined,
    sessionLifetime: loadConfig({}).session,
  });
}

/**
 * Signs a doctor up in-process, as the server would (so sign-up's limits per address do not
 * apply), then in — sign-up opens no session.
 * @returns her id and the session cookie a benchmark server accepts
 */
export async function signUpBenchDoctor(
  auth: ReturnType<typeof createBenchAuth>,
  account: { name: string; email: string; password: string },
): Promise<{ id: string; cookie: string }> {
  const { user } = await auth.api.signUpEmail({ body: account });
  const { headers } = await auth.api.signInEmail({
    body: { email: account.email, password: account.password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in gave no session cookie');
  return { id: user.id, cookie };
}

/** Requests of one kind, a new path (and body) for each. */
export interface LoadScenario {
  name: string;
  method: 'GET' | 'PUT';
  path: () => string;
  body?: () => string;
}

export interface LoadFigures {
  scenario: string;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Answers other than 2xx, and requests that got none. */
  failures: number;
  /** The mean size of an answer, headers included, in kB. */
  answerKb?: number;
}

/**
 * Latency and throughput of a scenario under `connections` concurrent connections of one
 * signed-in doctor, for `durationSeconds` (autocannon).
 */
export async function measureLoad(
  baseUrl: string,
  cookie: string,
  scenario: LoadScenario,
  options: { connections: number; durationSeconds: number },
): Promise<LoadFigures> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    requests: [
      {
        method: scenario.method,
        setupRequest: (request) => ({
          ...request,
          path: scenario.path(),
          ...(scenario.body ? { body: scenario.body() } : {}),
        }),
      },
    ],
  });
  return {
    scenario: scenario.name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    failures: result.non2xx + result.errors,
    answerKb: result.throughput.average / result.requests.average / 1000,
  };
}
