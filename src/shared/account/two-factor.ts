import { z } from 'zod';
import type { AccountField } from './account-field';

/** How long "Confiar neste dispositivo" spares a browser the second factor. */
export const TRUSTED_DEVICE_DAYS = 30;

/** A code from the authenticator app: 6 digits (spaces the apps show between groups are dropped). */
export const totpCodeSchema = z
  .string({ error: 'Informe o código de 6 dígitos.' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'O código tem 6 dígitos.' }));

/** A recovery code as shown at enrolment (`abcde-12345`); surrounding spaces dropped. */
export const recoveryCodeSchema = z
  .string({ error: 'Informe um código de recuperação.' })
  .trim()
  .min(1, { error: 'Informe um código de recuperação.' })
  .max(64, { error: 'Código de recuperação inválido.' });

/** Portuguese texts for the error codes of Better Auth's two-factor plugin. */
export const TWO_FACTOR_ERRORS: Record<string, { message: string; field: AccountField }> = {
  INVALID_CODE: {
    message: 'Código incorreto. Confira o aplicativo e tente de novo.',
    field: 'form',
  },
  TOTP_CODE_ALREADY_USED: {
    message:
      'Este código já foi usado para entrar. Aguarde o próximo código do aplicativo e tente de novo.',
    field: 'form',
  },
  INVALID_BACKUP_CODE: {
    message: 'Código de recuperação inválido ou já usado.',
    field: 'form',
  },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    message: 'Muitas tentativas com códigos incorretos. Entre com a senha novamente.',
    field: 'form',
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    message:
      'Muitos códigos incorretos seguidos. A verificação em duas etapas desta conta está bloqueada por 15 minutos.',
    field: 'form',
  },
  INVALID_TWO_FACTOR_COOKIE: {
    message: 'A verificação expirou. Entre com a senha novamente.',
    field: 'form',
  },
  TOTP_NOT_ENABLED: {
    message: 'A verificação em duas etapas não está ativada.',
    field: 'form',
  },
  TWO_FACTOR_NOT_ENABLED: {
    message: 'A verificação em duas etapas não está ativada.',
    field: 'form',
  },
  BACKUP_CODES_NOT_ENABLED: {
    message: 'A verificação em duas etapas não está ativada.',
    field: 'form',
  },
  TOTP_ALREADY_ENABLED: {
    message: 'A verificação em duas etapas já está ativada.',
    field: 'form',
  },
  OTP_NOT_CONFIGURED: { message: 'Método de verificação indisponível.', field: 'form' },
  TOTP_NOT_CONFIGURED: { message: 'Método de verificação indisponível.', field: 'form' },
  OTP_NOT_ENABLED: { message: 'Método de verificação indisponível.', field: 'form' },
  OTP_HAS_EXPIRED: { message: 'O código expirou. Tente de novo.', field: 'form' },
};

/** The base32 secret of an otpauth:// URI, or undefined when the URI carries none. */
export function totpSecretOf(totpUri: string): string | undefined {
  try {
    return new URL(totpUri).searchParams.get('secret') ?? undefined;
  } catch {
    return undefined;
  }
}

/** A base32 secret in groups of 4, as authenticator apps ask it to be typed. */
export function groupTotpSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** The recovery codes as the text file the doctor downloads and keeps. */
export function recoveryCodesFileText(codes: readonly string[], email: string): string {
  return [
    'Prontu — códigos de recuperação da verificação em duas etapas',
    `Conta: ${email}`,
    '',
    'Cada código vale uma única vez, no lugar do código do aplicativo autenticador.',
    'Guarde este arquivo em local seguro.',
    '',
    ...codes,
    '',
  ].join('\n');
}
