import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config';

/**
 * DATA_DIR holds the database, the auth secret and the scratch of backups: it is the server's
 * user's alone (docs/seguranca.md, "Arquivos de dados"). The folder is made 0700, so no other
 * local account can enter it whatever the modes of the files inside (the embedded database
 * writes its files with the process's umask); what is already inside loses its group and
 * other bits too. A folder of another user that others may write is refused: a local account
 * could swap what the server reads.
 */

/** Group and other may read, write or enter: none of it is left under DATA_DIR. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` private to this process's user, creating it when missing.
 * @throws ConfigError, in Portuguese, naming the fix, when the folder is another user's and
 *   others may write it
 */
export async function makePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stats = await lstat(dir);
  const ours = typeof process.getuid !== 'function' || stats.uid === process.getuid();
  if (!ours) {
    if ((stats.mode & 0o022) !== 0) {
      throw new ConfigError([
        `DATA_DIR (${dir}) é de outro usuário e outros podem alterá-lo: use uma pasta do ` +
          `usuário que roda o Prontu, ou rode \`chmod 700 ${dir}\` como dono dela.`,
      ]);
    }
    return;
  }
  await chmod(dir, 0o700);
  await closeShared(dir);
}

/** Drops the group and other bits of everything under `dir` (symbolic links are left alone). */
async function closeShared(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      if (entry.isSymbolicLink()) return;
      const full = path.join(dir, entry.name);
      const { mode } = await lstat(full);
      if ((mode & SHARED_BITS) !== 0) await chmod(full, mode & 0o700);
      if (entry.isDirectory()) await closeShared(full);
    }),
  );
}
