import { z } from 'zod';
import type { AccountField } from './account-field';
import { TWO_FACTOR_ERRORS } from './two-factor';
import { newPasswordProblem, type PasswordChecker, type PasswordOwner } from './password-strength';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .min(1, { error: 'Informe o e-mail.' })
  .max(254, { error: 'E-mail longo demais.' })
  .pipe(z.email({ error: 'E-mail inválido.' }));

/**
 * A new password's length rules; the rest of the one password policy (`newPasswordProblem`) is
 * added by {@link withPasswordPolicy}, for sign-up, change and reset alike.
 */
const newPassword = z
  .string({ error: 'Informe a senha.' })
  .min(1, { error: 'Informe a senha.' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  });

/**
 * A body with a new password, checked by Prontu's one password policy (`newPasswordProblem` in
 * `password-strength.ts`): the only way a new password is accepted, on the server and in forms.
 * @param field - the body's field with the new password, where the refusal is shown
 * @param ownerOf - whose password it is: from the body (sign-up) or the signed-in account
 */
function withPasswordPolicy<T extends object>(
  schema: z.ZodType<T>,
  field: keyof T & string,
  check: PasswordChecker,
  ownerOf: (input: T) => PasswordOwner,
) {
  return schema.superRefine((input, context) => {
    const password = input[field];
    if (typeof password !== 'string') return;
    const problem = newPasswordProblem(check, password, ownerOf(input));
    if (problem) context.addIssue({ code: 'custom', path: [field], message: problem });
  });
}

/**
 * Sign-up form and `POST /api/auth/sign-up/email` body, without the password policy: see
 * {@link strongSignUpSchema}, which the form and the server use.
 */
export const signUpSchema = z.object({
  name: z
    .string({ error: 'Informe seu nome.' })
    .trim()
    .min(1, { error: 'Informe seu nome.' })
    .max(200, { error: 'Nome longo demais (máximo 200 caracteres).' }),
  email,
  password: newPassword,
});

/** Sign-up with the password policy, the doctor's name and e-mail counted as known. */
export function strongSignUpSchema(check: PasswordChecker) {
  return withPasswordPolicy(signUpSchema, 'password', check, ({ name, email }) => ({
    name,
    email,
  }));
}

/** `POST /api/auth/change-password` body. Other sessions always end (the server decides). */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Informe a senha atual.' }).min(1, {
    error: 'Informe a senha atual.',
  }),
  newPassword,
});

/** `POST /api/auth/reset-password` body. */
export const resetPasswordSchema = z.object({
  newPassword,
  token: z.string({ error: 'Código inválido.' }).max(512, { error: 'Código inválido.' }).optional(),
});

/**
 * A change or reset of password, with the password policy.
 * @param owner - the doctor's name and e-mail, when known
 */
export function withStrongNewPassword<T extends { newPassword: string }>(
  schema: z.ZodType<T>,
  check: PasswordChecker,
  owner: PasswordOwner,
) {
  return withPasswordPolicy(schema, 'newPassword', check, () => owner);
}

/** Sign-in form and `POST /api/auth/sign-in/email` body. */
export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Informe a senha.' }).min(1, { error: 'Informe a senha.' }),
  rememberMe: z.boolean().optional(),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

/** Portuguese texts for the error codes the accounts service answers with. */
export const ACCOUNT_ERRORS: Record<string, { message: string; field: AccountField }> = {
  INVALID_EMAIL: { message: 'E-mail inválido.', field: 'email' },
  INVALID_EMAIL_OR_PASSWORD: { message: 'E-mail ou senha incorretos.', field: 'password' },
  INVALID_PASSWORD: { message: 'Senha incorreta.', field: 'password' },
  PASSWORD_TOO_SHORT: {
    message: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    field: 'password',
  },
  PASSWORD_TOO_LONG: {
    message: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
    field: 'password',
  },
  USER_ALREADY_EXISTS: {
    message: 'Este e-mail já está cadastrado. Entre com ele ou use outro e-mail.',
    field: 'email',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    message: 'Este e-mail já está cadastrado. Entre com ele ou use outro e-mail.',
    field: 'email',
  },
  FAILED_TO_CREATE_USER: {
    message: 'Não foi possível criar a conta. Tente novamente.',
    field: 'form',
  },
  FAILED_TO_CREATE_SESSION: {
    message: 'Não foi possível iniciar a sessão. Tente novamente.',
    field: 'form',
  },
  INVALID_ORIGIN: { message: 'Origem da requisição não permitida.', field: 'form' },
  MISSING_OR_NULL_ORIGIN: { message: 'Origem da requisição não permitida.', field: 'form' },
  TOO_MANY_REQUESTS: {
    message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
    field: 'form',
  },
  ...TWO_FACTOR_ERRORS,
  SIGN_IN_THROTTLED: {
    message: 'Muitas tentativas de entrada com este e-mail. Aguarde e tente novamente.',
    field: 'form',
  },
};

/**
 * The answer while sign-ins with an e-mail are paused: the same whether the account exists.
 * @param retryAfterSeconds - how long until the next attempt is allowed
 */
export function signInThrottledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? '1 minuto' : `${minutes} minutos`;
  return `Muitas tentativas de entrada com este e-mail. Aguarde ${wait} e tente novamente.`;
}

export const GENERIC_ACCOUNT_ERROR = 'Não foi possível concluir. Tente novamente.';
