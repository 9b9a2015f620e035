import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Temporary folders made by test runs and benchmarks carry the pid of the process that owns them
 * (`prontu-<what>-<pid>`, then maybe `-<random>`; vitest.config.ts names the run's folder so).
 * A run that is killed outright (`kill -9`, a closed terminal) cannot clean up after itself, so
 * the next run removes what such dead owners left behind, including a PostgreSQL still running
 * from one of them.
 */
const OWNED_FOLDER = /^prontu-[a-z0-9]+-(\d+)(?:-|$)/;

/**
 * Makes a fresh folder in the system's temporary folder, owned by this process.
 * @param what - a word for what it holds, e.g. `pg`
 */
export function createOwnedTempFolder(what: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `prontu-${what}-${process.pid}-`));
}

/**
 * Removes the temporary folders whose owner process is gone, first stopping a PostgreSQL left
 * running from one of them. Only this user's folders are touched.
 * @returns the folders removed
 */
export async function removeAbandonedTempFolders(base = os.tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  const entries = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const owner = OWNED_FOLDER.exec(entry.name)?.[1];
    if (!entry.isDirectory() || !owner || isRunning(Number(owner))) continue;
    const folder = path.join(base, entry.name);
    const info = await stat(folder).catch(() => undefined);
    if (!info || info.uid !== process.getuid?.()) continue;
    await stopLeftoverPostgres(folder);
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

/** Whether a process with this pid exists (EPERM: it does, as another user's). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops the postmaster whose `postmaster.pid` lies in `folder` or one level below, when that
 * pid is still a postgres process (pids are reused). Its backends exit when it does.
 */
async function stopLeftoverPostgres(folder: string): Promise<void> {
  const candidates = [folder, ...(await subfolders(folder))];
  for (const dir of candidates) {
    const lockFile = await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
    const pid = Number(lockFile.split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgres(pid))) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, or not ours to stop: nothing more to do.
    }
  }
}

async function subfolders(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(folder, entry.name));
}

async function isPostgres(pid: number): Promise<boolean> {
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return /(^|\/)postgres\0/.test(commandLine);
}
