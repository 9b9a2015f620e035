import { randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { auditKeyOf, type AuditKey } from './audit-chain';

/**
 * The audit key lives outside the database: in `AUDIT_KEY` (the same on every server of a shared
 * PostgreSQL), or else generated on first start in DATA_DIR, as the auth secret is (server.ts),
 * in a file only the server's user reads (private-folder.ts). Whoever can rewrite the database
 * cannot then compute the chain's HMACs again (docs/auditoria.md, "A chave").
 */
export const AUDIT_KEY_FILE = 'audit-key';
const MIN_SECRET_LENGTH = 32;

/**
 * The audit key of this configuration, generating `DATA_DIR/audit-key` when neither it nor
 * `AUDIT_KEY` exists. Unlike the auth secret, an existing file that is not a key is never
 * replaced: every keyed entry so far was made with it, and a new one would leave them
 * unverifiable.
 * @throws ConfigError, in Portuguese, when the file holds no key
 */
export async function loadOrCreateAuditKey(
  config: Pick<Config, 'dataDir' | 'auditKey'>,
): Promise<AuditKey> {
  const existing = await readAuditKey(config);
  if (existing) return existing;
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  const secret = randomBytes(32).toString('base64url');
  let handle;
  try {
    // 'wx': a second server starting on the same DATA_DIR at this instant keeps the first key.
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadOrCreateAuditKey(config);
  }
  try {
    await handle.writeFile(`${secret}\n`);
    // Lost in a crash, the key would be generated anew and the entries written meanwhile could
    // never be verified: it reaches the disk before the first entry is made with it.
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncFolder(config.dataDir);
  return auditKeyOf(secret);
}

/**
 * The audit key of this configuration, when there is one (`AUDIT_KEY`, else the file); never
 * creates it — what verification uses.
 * @throws ConfigError when the file exists but holds no key
 */
export async function readAuditKey(
  config: Pick<Config, 'dataDir' | 'auditKey'>,
): Promise<AuditKey | undefined> {
  if (config.auditKey) return auditKeyOf(config.auditKey);
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError([
      `${file}: a chave da trilha de auditoria está incompleta (menos de ${MIN_SECRET_LENGTH} ` +
        'caracteres). Restaure-a da cópia guardada à parte; sem ela, as entradas gravadas não ' +
        'podem ser verificadas.',
    ]);
  }
  return auditKeyOf(secret);
}

/** Makes a file just created in `dir` survive a crash (its name is in the folder on disk). */
async function syncFolder(dir: string): Promise<void> {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
