import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

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

/**
 * Starts `npm start`'s server (`src/server/main.ts`) as a child process, so the benchmark's own
 * client never shares its event loop, and resolves once `/api/health` answers.
 */
export function startServerProcess(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      AUTH_SECRET: BENCH_AUTH_SECRET,
      LOG_LEVEL: 'silent',
      ...options.env,
    },
  });
  const deadline = Date.now() + 180_000;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        const health = await fetch(`http://localhost:${options.port}/api/health`);
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

/** Stops a server started by {@link startServerProcess} and waits for it to exit. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
