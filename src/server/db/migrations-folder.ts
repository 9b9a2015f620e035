import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from './database';

/** Drizzle's journal of the migrations (`meta/_journal.json`), in the order they run. */
export interface MigrationJournal {
  entries: { when: number; tag: string }[];
}

/** This version's journal of migrations. */
export async function readMigrationJournal(): Promise<MigrationJournal> {
  const file = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return JSON.parse(await readFile(file, 'utf8')) as MigrationJournal;
}

/**
 * A temporary migrations folder holding only the first `count` migrations of this version: a
 * database opened with it is left as the Prontu that had only those left it.
 * @param journal - this version's journal ({@link readMigrationJournal})
 * @param count - the migrations to keep, from the first
 * @param prefix - the temporary folder's name starts with it
 */
export async function migrationsFolderOfFirst(
  journal: MigrationJournal,
  count: number,
  prefix: string,
): Promise<{ folder: string; remove(): Promise<void> }> {
  const taken = journal.entries.slice(0, count);
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    await mkdir(path.join(folder, 'meta'));
    await writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: taken }),
    );
    for (const entry of taken) {
      await copyFile(
        path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
        path.join(folder, `${entry.tag}.sql`),
      );
    }
  } catch (error) {
    // Half made, it is of no use to anyone: nothing is left behind in the temporary folder.
    await remove();
    throw error;
  }
  return { folder, remove };
}
