import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@shared/account/account';

/**
 * The bodies of Better Auth's routes that change an account, checked before Better Auth sees
 * them: Better Auth itself has no length limits (an 8,000,000-character name was stored, and
 * then sent with every session) and answers 500 to a `null` name. Password strength stays
 * Better Auth's own check; these schemas only bound what reaches it.
 */

const NAME_MAX_LENGTH = 200;
const URL_MAX_LENGTH = 2048;
const TOKEN_MAX_LENGTH = 512;

/** A JSON object with only the given fields; anything else is named in Portuguese. */
function accountBody<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não permitido: ${issue.keys.join(', ')}.`
        : 'Envie os dados como um objeto JSON.',
  });
}

const text = (label: string, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(1, { error: `Informe ${label}.` })
    .max(max, { error: `${capitalized(label)} longo demais (máximo ${max} caracteres).` });

const password = (label: string) =>
  z
    .string({ error: `Informe ${label}.` })
    .min(1, { error: `Informe ${label}.` })
    .max(PASSWORD_MAX_LENGTH, {
      error: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
    });

const email = text('o e-mail', 254).pipe(z.email({ error: 'E-mail inválido.' }));
const optionalUrl = z
  .string({ error: 'Endereço de retorno inválido.' })
  .max(URL_MAX_LENGTH, { error: 'Endereço de retorno longo demais.' })
  .optional();
const optionalToken = z
  .string({ error: 'Código inválido.' })
  .max(TOKEN_MAX_LENGTH, { error: 'Código inválido.' })
  .optional();

function capitalized(label: string): string {
  const noun = label.replace(/^(o|a|os|as) /, '');
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/** `POST /api/auth/update-user`: the name only (Prontu keeps no profile picture). */
export const updateUserSchema = accountBody({ name: text('o nome', NAME_MAX_LENGTH) });

/**
 * The account routes whose body is checked here, by path under `/api/auth`; sign-up, sign-in,
 * change-password, reset-password and revoke-session have their own routes (auth/routes.ts).
 */
export const ACCOUNT_BODY_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  '/update-user': updateUserSchema,
  '/change-email': accountBody({ newEmail: email, callbackURL: optionalUrl }),
  '/delete-user': accountBody({
    password: password('a senha').optional(),
    callbackURL: optionalUrl,
    token: optionalToken,
  }),
  '/verify-password': accountBody({ password: password('a senha') }),
  '/request-password-reset': accountBody({ email, redirectTo: optionalUrl }),
  '/send-verification-email': accountBody({ email, callbackURL: optionalUrl }),
  '/update-session': accountBody({}),
  '/sign-out': accountBody({}),
  '/revoke-sessions': accountBody({}),
  '/revoke-other-sessions': accountBody({}),
};
