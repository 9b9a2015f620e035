/**
 * Vitest global setup of the projects whose servers run on PGlite: one PGlite database with
 * every migration of this version, made once for the run in the run's own folder. The storage
 * the suites' servers start on (`createMigratedTestStorage`) is a copy of it instead of an empty
 * database to migrate again — seconds of WebAssembly each time, a few hundred times a run. The
 * copy is a real PGlite cluster, migrated by the real migrations; the server still runs its data
 * steps on it as on a fresh install (docs/testing.md, "Tempo").
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDirectory } from '../../db/database';
import { createLogger } from '../../logger';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose PGlite has every migration, to copy; absent in other projects. */
    migratedPgliteDataDir: string;
  }
}

export default async function setUpPgliteTemplate(
  project: TestProject,
): Promise<() => Promise<void>> {
  const runFolder = project.config.env.TMPDIR;
  if (!runFolder) throw new Error(`vitest.config.ts gives project ${project.name} no TMPDIR`);
  const dataDir = path.join(runFolder, `pglite-template-${project.name}`);
  await mkdir(dataDir, { recursive: true });
  const database = await openDatabase({
    dataDir,
    databaseUrl: undefined,
    logger: createLogger('silent'),
    durableWrites: false,
  });
  await database.close();
  project.provide('migratedPgliteDataDir', dataDir);
  return () => rm(pgliteDirectory(dataDir), { recursive: true, force: true });
}
