import { randomBytes, randomInt } from 'node:crypto';

/**
 * Letters and digits a person reads back without doubt: no 0/O, 1/I/L. 31 symbols, so a code of
 * {@link SECRET_CODE_LENGTH} holds 49 random bits — and the validation page is rate-limited.
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** The ITI's protocol asks for 8 characters or more. */
export const SECRET_CODE_LENGTH = 10;

/** The code that opens an issued document's validation page: printed under its QR code. */
export function newSecretCode(): string {
  let code = '';
  for (let index = 0; index < SECRET_CODE_LENGTH; index++) {
    code += CODE_ALPHABET.charAt(randomInt(CODE_ALPHABET.length));
  }
  return code;
}

/**
 * The document's id on its public validation page: random (128 bits), unrelated to its id in
 * the API, so the page's address says nothing of the doctor or the patient.
 */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}
