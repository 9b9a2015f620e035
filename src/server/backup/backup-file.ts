import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A backup file: the snapshot as JSON, gzip-compressed, and, with a passphrase, sealed with
 * AES-256-GCM under a key derived from the passphrase by scrypt. Layout of a sealed file:
 * MAGIC · scrypt log2(N) (1 byte) · salt (16) · IV (12) · ciphertext · tag (16). The header is
 * authenticated too, so a changed cost or salt fails like a changed byte of data.
 */
const SEALED_MAGIC = Buffer.from('PRONTU-BACKUP-AES256GCM-1\n');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** scrypt N = 2^15, r = 8: about 32 MiB and a tenth of a second per guess. */
const SCRYPT_LOG2_N = 15;
const SCRYPT_R = 8;
const SCRYPT_P = 1;

/** A backup file that cannot be read, with the reason in Portuguese for the person restoring. */
export class BackupFileError extends Error {
  constructor(
    message: string,
    readonly code: 'backup_wrong_passphrase' | 'backup_needs_passphrase' | 'backup_unreadable',
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

function deriveKey(passphrase: string, salt: Buffer, log2N: number): Buffer {
  const N = 2 ** log2N;
  return scryptSync(passphrase, salt, KEY_BYTES, {
    N,
    r: SCRYPT_R,
    p: SCRYPT_P,
    maxmem: 256 * N * SCRYPT_R,
  });
}

/**
 * The bytes of a backup file holding `snapshot`.
 * @param passphrase - seals the file when given; without it the file is only compressed
 */
export function encodeBackupFile(snapshot: unknown, passphrase?: string): Buffer {
  const compressed = gzipSync(Buffer.from(JSON.stringify(snapshot), 'utf8'));
  if (passphrase === undefined) return compressed;
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const header = Buffer.concat([SEALED_MAGIC, Buffer.from([SCRYPT_LOG2_N]), salt, iv]);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(passphrase, salt, SCRYPT_LOG2_N), iv);
  cipher.setAAD(header);
  const ciphertext = Buffer.concat([cipher.update(compressed), cipher.final()]);
  return Buffer.concat([header, ciphertext, cipher.getAuthTag()]);
}

/** Whether the file was sealed with a passphrase. */
export function isSealedBackupFile(bytes: Buffer): boolean {
  return bytes.subarray(0, SEALED_MAGIC.length).equals(SEALED_MAGIC);
}

/**
 * The snapshot a backup file holds, as parsed JSON (the caller checks its shape).
 * @throws BackupFileError for a wrong passphrase, a changed file, or a file that is no backup
 */
export function decodeBackupFile(bytes: Buffer, passphrase?: string): unknown {
  let compressed = bytes;
  if (isSealedBackupFile(bytes)) {
    if (passphrase === undefined) {
      throw new BackupFileError(
        'Este backup é criptografado: informe a senha do backup (--passphrase-file ou PRONTU_BACKUP_PASSPHRASE).',
        'backup_needs_passphrase',
      );
    }
    const headerEnd = SEALED_MAGIC.length + 1 + SALT_BYTES + IV_BYTES;
    if (bytes.length < headerEnd + TAG_BYTES) throw unreadable();
    const log2N = bytes[SEALED_MAGIC.length] ?? 0;
    if (log2N < 10 || log2N > 22) throw wrongPassphraseOrChanged();
    const salt = bytes.subarray(SEALED_MAGIC.length + 1, SEALED_MAGIC.length + 1 + SALT_BYTES);
    const iv = bytes.subarray(headerEnd - IV_BYTES, headerEnd);
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(passphrase, salt, log2N), iv);
    decipher.setAAD(bytes.subarray(0, headerEnd));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      compressed = Buffer.concat([
        decipher.update(bytes.subarray(headerEnd, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw wrongPassphraseOrChanged();
    }
  } else if (!bytes.subarray(0, 2).equals(GZIP_MAGIC)) {
    throw unreadable();
  }
  try {
    return JSON.parse(gunzipSync(compressed).toString('utf8')) as unknown;
  } catch {
    throw unreadable();
  }
}

const wrongPassphraseOrChanged = () =>
  new BackupFileError(
    'Senha do backup incorreta, ou o arquivo foi alterado depois de criado. Nada foi restaurado.',
    'backup_wrong_passphrase',
  );
const unreadable = () =>
  new BackupFileError(
    'Este arquivo não é um backup do Prontu, ou está incompleto ou corrompido.',
    'backup_unreadable',
  );
