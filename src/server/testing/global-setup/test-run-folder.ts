/**
 * Vitest global setup of every project: the run's own temporary folder, which vitest.config.ts
 * names (after the Vitest process, `prontu-run-<pid>`) and hands to the tests as TMPDIR, so what
 * a test leaves there (data folders, WAV files, browser profiles) goes when the run ends, and
 * even when it is interrupted or killed (owned-temp-folder.ts). Folders of earlier runs whose
 * owner is gone are removed first.
 */
import { lstat, mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { guardTempFolder, removeAbandonedTempFolders } from '../owned-temp-folder';

export default async function setUpTestRunFolder(
  project: TestProject,
): Promise<() => Promise<void>> {
  const folder = project.config.env.TMPDIR;
  if (!folder) throw new Error(`vitest.config.ts gives project ${project.name} no TMPDIR`);
  await removeAbandonedTempFolders();
  const guard = (await createFolder(folder)) ? guardTempFolder(folder) : undefined;
  return async () => {
    await rm(folder, { recursive: true, force: true, maxRetries: 5 });
    guard?.release();
  };
}

/**
 * Makes the folder; true when this call made it. Another project of this run may have made it
 * already; anything else at that predictable path (another user's folder, a link) is refused.
 */
async function createFolder(folder: string): Promise<boolean> {
  try {
    await mkdir(folder, { mode: 0o755 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const info = await lstat(folder);
  if (!info.isDirectory() || info.uid !== process.getuid?.()) {
    throw new Error(`${folder} exists and is not a folder of this user's: remove it`);
  }
  return false;
}
