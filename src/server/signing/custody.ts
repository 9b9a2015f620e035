import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';

/**
 * Custody of a doctor's A1 certificate (docs/documentos.md): the `.pfx` is kept only sealed with
 * AES-256-GCM under a key derived from the certificate's own password by scrypt, with a salt
 * of the doctor's own. The password is never stored: the server can open the certificate
 * only while the doctor is typing it to sign. The doctor's id is bound into the seal, so a
 * sealed certificate copied to another doctor's row does not open.
 */

/** scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB and about 0.1 s per derivation on this hardware. */
export const CUSTODY_KDF = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedCertificate {
  salt: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  /** The encrypted file followed by GCM's 16-byte tag. */
  sealed: Uint8Array<ArrayBuffer>;
  kdf: { N: number; r: number; p: number };
}

function keyOf(password: string, salt: Uint8Array, kdf: SealedCertificate['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_BYTES,
      { ...kdf, maxmem: 256 * kdf.N * kdf.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function sealCertificate(
  file: Uint8Array,
  password: string,
  doctorId: string,
): Promise<SealedCertificate> {
  const salt = new Uint8Array(randomBytes(SALT_BYTES));
  const iv = new Uint8Array(randomBytes(IV_BYTES));
  const key = await keyOf(password, salt, CUSTODY_KDF);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(doctorId, 'utf8'));
  const sealed = new Uint8Array(
    Buffer.concat([cipher.update(file), cipher.final(), cipher.getAuthTag()]),
  );
  key.fill(0);
  return { salt, iv, sealed, kdf: { ...CUSTODY_KDF } };
}

/** The certificate file, or null when the password (or the doctor) is not the one it was sealed with. */
export async function openCertificate(
  certificate: SealedCertificate,
  password: string,
  doctorId: string,
): Promise<Uint8Array | null> {
  const key = await keyOf(password, certificate.salt, certificate.kdf);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, certificate.iv);
    decipher.setAAD(Buffer.from(doctorId, 'utf8'));
    decipher.setAuthTag(certificate.sealed.subarray(certificate.sealed.length - TAG_BYTES));
    const body = certificate.sealed.subarray(0, certificate.sealed.length - TAG_BYTES);
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
  } catch {
    return null;
  } finally {
    key.fill(0);
  }
}
