/**
 * Vitest global setup of every project: the run's own temporary folder, which vitest.config.ts
 * names (after the Vitest process, `prontu-run-<pid>`) and hands to the tests as TMPDIR, so what
 * a test leaves there (data folders, WAV files, browser profiles) goes when the run ends, even
 * when it is interrupted. Folders of earlier runs that were killed outright are removed first.
 */
import { rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { removeAbandonedTempFolders } from '../owned-temp-folder';

export default async function setUpTestRunFolder(
  project: TestProject,
): Promise<() => Promise<void>> {
  const folder = project.config.env.TMPDIR;
  if (!folder) throw new Error(`vitest.config.ts gives project ${project.name} no TMPDIR`);
  await removeAbandonedTempFolders();
  await mkdir(folder, { recursive: true });
  // Ctrl-C ends Vitest with process.exit, without teardowns.
  const removeOnExit = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  return async () => {
    process.off('exit', removeOnExit);
    await rm(folder, { recursive: true, force: true });
  };
}
