/**
 * Temporary folders of test runs and benchmarks, and how they never outlive their owner: the
 * run's folder (`prontu-run-<pid>`, named by vitest.config.ts) and a throwaway PostgreSQL's
 * (`prontu-pg-<pid>-…`) carry the pid of the process that owns them.
 *
 * - A guard, a small detached process, removes a folder (stopping a PostgreSQL running from it)
 *   as soon as its owner has ended, however it ended: `kill -9` too.
 * - Should the guard be gone as well (a reboot, say), the next run sweeps the folders whose owner
 *   no longer exists.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm, stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const OWNED_FOLDER = /^prontu-(?:run|pg)-(\d+)(?:-|$)/;

/** How deep below a folder a PostgreSQL data folder may lie (run folder → pg folder → data). */
const DATA_FOLDER_DEPTH = 3;
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Makes a fresh folder for a throwaway PostgreSQL in the system's temporary folder. */
export function createPostgresTempFolder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `prontu-pg-${process.pid}-`));
}

/**
 * Starts the guard of `folder` (see the module comment).
 * @returns release(): stops the guard once the owner has removed the folder itself
 */
export function guardTempFolder(folder: string): { release(): void } {
  const root = path.resolve(import.meta.dirname, '../../..');
  const guard = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'temp-folder-guard.ts'), folder],
    // Its own session: the Ctrl-C that ends the owner does not end the guard.
    { cwd: root, detached: true, stdio: ['pipe', 'ignore', 'ignore'] },
  );
  // Neither the guard nor the pipe to it keeps this process alive.
  guard.unref();
  if (guard.stdin instanceof Socket) guard.stdin.unref();
  return { release: () => guard.stdin.end() };
}

/**
 * Removes the folders whose owner process is gone, with what runs from them. Only this user's
 * folders are touched.
 * @param base - where to look; by default the system's temporary folder
 * @param ownedFolder - the names of owned folders, the owner's pid as the first group; by
 *   default the run's and the throwaway PostgreSQL's
 * @returns the folders removed
 */
export async function removeAbandonedTempFolders(
  base = os.tmpdir(),
  ownedFolder = OWNED_FOLDER,
): Promise<string[]> {
  const removed: string[] = [];
  const entries = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const owner = ownedFolder.exec(entry.name)?.[1];
    if (!entry.isDirectory() || !owner || isRunning(Number(owner))) continue;
    const folder = path.join(base, entry.name);
    const info = await stat(folder).catch(() => undefined);
    if (!info || info.uid !== process.getuid?.()) continue;
    await removeTempFolder(folder);
    removed.push(folder);
  }
  return removed;
}

/** Stops every PostgreSQL running from a data folder inside `folder`, then removes it. */
export async function removeTempFolder(folder: string): Promise<void> {
  for (const dataDir of await postgresDataFolders(folder, DATA_FOLDER_DEPTH)) {
    await stopPostmasterOf(dataDir);
  }
  await rm(folder, { recursive: true, force: true, maxRetries: 5 });
}

/**
 * Whether a process with this pid exists (EPERM: it does, as another user's) and has not ended:
 * an ended process whose parent has not collected it yet (a zombie) is gone too.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

async function postgresDataFolders(folder: string, depth: number): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const here = entries.some((entry) => entry.name === 'postmaster.pid') ? [folder] : [];
  if (depth === 0) return here;
  const below = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => postgresDataFolders(path.join(folder, entry.name), depth - 1)),
  );
  return [...here, ...below.flat()];
}

/**
 * Stops the postmaster of `dataDir` with an immediate shutdown (SIGQUIT, which also ends its
 * backends and frees its shared memory), SIGKILL if it lingers. Only a process whose working
 * folder is `dataDir` is stopped: a postmaster works in its data folder, and a pid read from a
 * stale lock file may since belong to anything, the machine's own PostgreSQL included.
 */
async function stopPostmasterOf(dataDir: string): Promise<void> {
  const lockFile = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(lockFile.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const workingFolder = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  if (workingFolder !== path.resolve(dataDir)) return;
  signal(pid, 'SIGQUIT');
  const deadline = Date.now() + SHUTDOWN_TIMEOUT_MS;
  while (isRunning(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (isRunning(pid)) signal(pid, 'SIGKILL');
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone, or not ours to stop: nothing more to do.
  }
}
