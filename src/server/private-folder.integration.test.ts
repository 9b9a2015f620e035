import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { makePrivateFolder } from './private-folder';
import { startTestServer } from './testing/test-server';
import { createTestStorage, type TestStorage } from './testing/test-storage';

/** Every path under `dir` with its permission bits, symbolic links left out. */
async function modesUnder(dir: string): Promise<{ path: string; mode: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => !entry.isSymbolicLink())
      .map(async (entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return { path: path.relative(dir, full), mode: (await lstat(full)).mode & 0o777 };
      }),
  );
}

let storage: TestStorage | undefined;
afterEach(async () => {
  await storage?.cleanup();
  storage = undefined;
});

describe('DATA_DIR', () => {
  it("is the server's user's alone, whatever the umask: the folder 0700, nothing shared inside", async () => {
    storage = await createTestStorage();
    const previous = process.umask(0);
    try {
      // A folder left open by an earlier run, or made under a permissive umask.
      await chmod(storage.dataDir, 0o777);
      await mkdir(path.join(storage.dataDir, 'antiga'), { mode: 0o777 });
      await writeFile(path.join(storage.dataDir, 'antiga', 'notas.txt'), 'x', { mode: 0o666 });
      const server = await startTestServer(storage);
      try {
        expect((await lstat(storage.dataDir)).mode & 0o777).toBe(0o700);
        const shared = (await modesUnder(storage.dataDir)).filter(({ mode }) => mode & 0o077);
        expect(shared).toEqual([]);
        // The database's own files are there, and private too.
        expect((await modesUnder(storage.dataDir)).length).toBeGreaterThan(3);
      } finally {
        await server.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  it.runIf(process.getuid?.() === 0)(
    "is refused, in Portuguese with the fix, when it is another user's and others may write it",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'prontu-private-'));
      try {
        await chmod(dir, 0o777);
        await chown(dir, 65534, 65534);
        const refusal = makePrivateFolder(dir);
        await expect(refusal).rejects.toBeInstanceOf(ConfigError);
        await expect(refusal).rejects.toThrow(`chmod 700 ${dir}`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
