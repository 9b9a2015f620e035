import { z } from 'zod';
import { TWO_FACTOR_ERRORS } from './two-factor';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .min(1, { error: 'Informe o e-mail.' })
  .max(254, { error: 'E-mail longo demais.' })
  .pipe(z.email({ error: 'E-mail inválido.' }));

/** Sign-up form and `POST /api/auth/sign-up/email` body. */
export const signUpSchema = z.object({
  name: z
    .string({ error: 'Informe seu nome.' })
    .trim()
    .min(1, { error: 'Informe seu nome.' })
    .max(200, { error: 'Nome longo demais (máximo 200 caracteres).' }),
  email,
  password: z
    .string({ error: 'Informe a senha.' })
    .min(1, { error: 'Informe a senha.' })
    .min(PASSWORD_MIN_LENGTH, {
      error: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    })
    .max(PASSWORD_MAX_LENGTH, {
      error: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
    }),
});

/** Sign-in form and `POST /api/auth/sign-in/email` body. */
export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Informe a senha.' }).min(1, { error: 'Informe a senha.' }),
  rememberMe: z.boolean().optional(),
});

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

/** Which form field an account error belongs to, so the form can show it under that field. */
export type AccountField = 'name' | 'email' | 'password' | 'form';

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
};

export const GENERIC_ACCOUNT_ERROR = 'Não foi possível concluir. Tente novamente.';
