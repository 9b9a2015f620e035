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

/** A cloud-certificate signing session's id, as `POST /api/signing-sessions` answered it. */
export const signingSessionIdSchema = z
  .string({ error: 'Informe a sessão de assinatura.' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Sessão de assinatura inválida.');

/**
 * `POST /api/documents/:id/sign`'s (and a receita's) body: the A1 certificate's password, or a
 * cloud-certificate session the doctor authorised (docs/assinatura-nuvem.md).
 */
export const signRequestSchema = z.union([
  z.strictObject({ password: certificatePasswordSchema }),
  z.strictObject({ sessionId: signingSessionIdSchema }),
]);
export type SignRequest = z.infer<typeof signRequestSchema>;

/** At most this many papers in one `POST /api/signing-sessions/:id/sign`. */
export const SIGNING_BATCH_MAX = 20;

/** The PSCs the server offers, and how each authorises a session. */
export const signingProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  grants: z.array(z.enum(['otp', 'push'])),
});
export type SigningProvider = z.infer<typeof signingProviderSchema>;

/** `POST /api/signing-sessions`'s body: a one-time code, or none for a push to her phone. */
export const signingSessionStartSchema = z.strictObject({
  provider: z.string({ error: 'Escolha o provedor do certificado em nuvem.' }).min(1).max(40),
  otp: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{4,12}$/, 'Digite o código do aplicativo do certificado em nuvem.')
    .optional(),
});

/** A signing session as the API shows it: never the PSC's token. */
export const signingSessionSchema = z.object({
  id: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'authorized', 'refused', 'expired']),
  /** The certificate holder's name, once authorised. */
  holder: z.string().optional(),
  /** What the doctor must do while pending ('Aprove no aplicativo VIDaaS'). */
  prompt: z.string().optional(),
  expiresAt: z.iso.datetime(),
});
export type SigningSession = z.infer<typeof signingSessionSchema>;

/** `POST /api/signing-sessions/:id/sign`'s body: a visit's papers, signed with one authorisation. */
export const signingBatchSchema = z
  .strictObject({
    documents: z.array(z.string().min(1).max(128)).max(SIGNING_BATCH_MAX).default([]),
    prescriptions: z.array(z.string().min(1).max(128)).max(SIGNING_BATCH_MAX).default([]),
  })
  .refine((batch) => batch.documents.length + batch.prescriptions.length > 0, {
    message: 'Escolha ao menos um documento ou receita para assinar.',
  })
  .refine((batch) => batch.documents.length + batch.prescriptions.length <= SIGNING_BATCH_MAX, {
    message: `Assine no máximo ${SIGNING_BATCH_MAX} papéis de uma vez.`,
  })
  .refine(
    (batch) =>
      new Set(batch.documents).size === batch.documents.length &&
      new Set(batch.prescriptions).size === batch.prescriptions.length,
    { message: 'O mesmo papel aparece duas vezes.' },
  );

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
