import { z } from 'zod';

/** The upload's fields (multipart): the file and its password. */
export const CERTIFICATE_FILE_FIELD = 'certificate';
export const CERTIFICATE_PASSWORD_FIELD = 'password';
/** An A1 file is a few kilobytes; 64 KiB leaves room for a long chain. */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;
/** The settings warn this many days before the certificate expires. */
export const CERTIFICATE_WARNING_DAYS = 30;

/** A certificate's password as typed: never trimmed (spaces may be part of it), never stored. */
export const certificatePasswordSchema = z
  .string({ error: 'Digite a senha do certificado.' })
  .min(1, 'Digite a senha do certificado.')
  .max(256, 'Senha do certificado longa demais.');

/** `POST /api/documents/:id/sign`'s body. */
export const signRequestSchema = z.strictObject({ password: certificatePasswordSchema });

/** What the API shows of the doctor's certificate: nothing secret, the CPF masked. */
export const signingCertificateSchema = z.object({
  holder: z.string(),
  /** Masked: '•••.•••.•47-25'. */
  cpf: z.string(),
  issuer: z.string(),
  notBefore: z.iso.datetime(),
  notAfter: z.iso.datetime(),
});
export type SigningCertificate = z.infer<typeof signingCertificateSchema>;

/** Whole days from `now` until the certificate expires; negative once it has. */
export function daysUntilExpiry(
  certificate: Pick<SigningCertificate, 'notAfter'>,
  now: Date,
): number {
  return Math.floor((Date.parse(certificate.notAfter) - now.getTime()) / (24 * 60 * 60 * 1000));
}

/**
 * The words a name is compared by: without accents, case or titles ('Dra.', 'Dr.'). ICP-Brasil
 * writes names in capitals without accents; a doctor types hers as she likes.
 */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '' && !['dr', 'dra', 'prof', 'profa'].includes(word));
}

/**
 * Whether the name in the settings is the certificate holder's: every word the doctor typed is
 * in the holder's name, in order ('Dra. Ana Lima' is 'ANA MARIA LIMA'; 'Ana Souza' is not).
 */
export function isHolderName(settingsName: string, holder: string): boolean {
  const typed = nameWords(settingsName);
  const holderWords = nameWords(holder);
  if (typed.length === 0) return false;
  let from = 0;
  for (const word of typed) {
    const at = holderWords.indexOf(word, from);
    if (at === -1) return false;
    from = at + 1;
  }
  return true;
}
