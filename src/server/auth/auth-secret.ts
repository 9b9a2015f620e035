import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the server keeps the auth secret it generated, when AUTH_SECRET is not set. */
export const AUTH_SECRET_FILE = 'auth-secret';

/** Shorter contents are no secret the server accepts: it generates a new one instead. */
const MIN_AUTH_SECRET_LENGTH = 32;

/**
 * The auth secret generated earlier in DATA_DIR, or undefined when there is none the server
 * would use (missing, or too short).
 */
export async function readGeneratedAuthSecret(dataDir: string): Promise<string | undefined> {
  try {
    const existing = (await readFile(path.join(dataDir, AUTH_SECRET_FILE), 'utf8')).trim();
    return existing.length >= MIN_AUTH_SECRET_LENGTH ? existing : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The session-signing secret when AUTH_SECRET is not set: generated on first start and kept in
 * DATA_DIR (readable by its owner only) so sessions survive restarts.
 */
export async function loadOrCreateAuthSecret(dataDir: string): Promise<string> {
  const existing = await readGeneratedAuthSecret(dataDir);
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  await writeFile(path.join(dataDir, AUTH_SECRET_FILE), `${secret}\n`, { mode: 0o600 });
  return secret;
}
