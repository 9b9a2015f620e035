import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { migrationsFolderOfFirst, readMigrationJournal } from './migrations-folder';

const foldersNamed = async (prefix: string) =>
  (await readdir(os.tmpdir())).filter((name) => name.startsWith(prefix));

describe('migrationsFolderOfFirst', () => {
  it('holds the first migrations, and is gone once removed', async () => {
    const prefix = `prontu-migrations-test-${process.pid}-`;
    const journal = await readMigrationJournal();
    const partial = await migrationsFolderOfFirst(journal, 2, prefix);
    const files = await readdir(partial.folder);
    expect(files.sort()).toEqual(
      [...journal.entries.slice(0, 2).map((entry) => `${entry.tag}.sql`), 'meta'].sort(),
    );
    await partial.remove();
    expect(await foldersNamed(prefix)).toEqual([]);
  });

  it('leaves nothing behind when a migration cannot be copied', async () => {
    const prefix = `prontu-migrations-broken-${process.pid}-`;
    const journal = { entries: [{ when: 0, tag: '9999_not_a_migration' }] };
    await expect(migrationsFolderOfFirst(journal, 1, prefix)).rejects.toThrow(/ENOENT/);
    expect(await foldersNamed(prefix)).toEqual([]);
  });
});
