import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPostgresTempFolder,
  isRunning,
  removeAbandonedTempFolders,
} from './owned-temp-folder';

/** The pid of a process that has ended. */
function endedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid || isRunning(pid)) throw new Error('could not get the pid of an ended process');
  return pid;
}

let base: string;
beforeEach(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'sweep-'));
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe('removeAbandonedTempFolders', () => {
  it("removes the folders of processes that have ended, and nobody else's", async () => {
    const ended = endedPid();
    const names = [
      `prontu-run-${ended}`,
      `prontu-pg-${ended}-AbC123`,
      `prontu-run-${process.pid}`,
      `prontu-pg-${process.pid}-XyZ789`,
      'prontu-test-AbC123',
      // mkdtemp's random part may be all digits: only run and PostgreSQL folders carry a pid.
      `prontu-test-${ended}`,
      `outro-${ended}`,
    ];
    for (const name of names) await mkdir(path.join(base, name, 'data'), { recursive: true });

    const removed = await removeAbandonedTempFolders(base);

    expect(removed.map((folder) => path.basename(folder)).sort()).toEqual(
      [`prontu-pg-${ended}-AbC123`, `prontu-run-${ended}`].sort(),
    );
    expect((await readdir(base)).sort()).toEqual(
      [
        `prontu-run-${process.pid}`,
        `prontu-pg-${process.pid}-XyZ789`,
        'prontu-test-AbC123',
        `prontu-test-${ended}`,
        `outro-${ended}`,
      ].sort(),
    );
  });

  it('takes other names of owned folders, e.g. a browser being unpacked', async () => {
    const ended = endedPid();
    for (const name of [`unpacking-${ended}-AbC123`, `unpacking-${process.pid}-XyZ789`]) {
      await mkdir(path.join(base, name));
    }
    await removeAbandonedTempFolders(base, /^unpacking-(\d+)-/);
    expect(await readdir(base)).toEqual([`unpacking-${process.pid}-XyZ789`]);
  });

  it('answers nothing for a folder that does not exist', async () => {
    expect(await removeAbandonedTempFolders(path.join(base, 'nada'))).toEqual([]);
  });
});

describe('createPostgresTempFolder', () => {
  it('names a fresh folder after this process, so it is never taken for abandoned', async () => {
    const folder = await createPostgresTempFolder();
    try {
      expect(path.basename(folder)).toMatch(new RegExp(`^prontu-pg-${process.pid}-\\w{6}$`));
      expect(await removeAbandonedTempFolders(path.dirname(folder))).not.toContain(folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
