import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, signInSchema, signUpSchema } from './account';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('signUpSchema', () => {
  it('accepts a name, a valid e-mail and an 8-character password, trimming name and e-mail', () => {
    expect(
      signUpSchema.parse({
        name: ' Dra. Ana ',
        email: ' ana@clinica.com.br ',
        password: '12345678',
      }),
    ).toEqual({
      name: 'Dra. Ana',
      email: 'ana@clinica.com.br',
      password: '12345678',
    });
  });

  it.each([
    [
      { name: 'A', email: 'ana@clinica.com', password: '1234567' },
      'A senha deve ter pelo menos 8 caracteres.',
    ],
    [{ name: 'A', email: 'ana@clinica.com', password: '' }, 'Informe a senha.'],
    [{ name: 'A', email: 'ana@clinica', password: '12345678' }, 'E-mail inválido.'],
    [{ name: 'A', email: '', password: '12345678' }, 'Informe o e-mail.'],
    [{ name: '  ', email: 'ana@clinica.com', password: '12345678' }, 'Informe seu nome.'],
    [{ email: 'ana@clinica.com', password: '12345678' }, 'Informe seu nome.'],
    [
      { name: 'A', email: 'ana@clinica.com', password: 'x'.repeat(129) },
      'A senha deve ter no máximo 128 caracteres.',
    ],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(signUpSchema.safeParse(input))).toBe(message);
  });
});

describe('signInSchema', () => {
  it('needs an e-mail and a password', () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'ana@clinica.com', password: '' }))).toBe(
      'Informe a senha.',
    );
    expect(signInSchema.safeParse({ email: 'ana@clinica.com', password: 'x' }).success).toBe(true);
  });
});

describe('ACCOUNT_ERRORS', () => {
  it('puts each known error under the field it is about', () => {
    expect(ACCOUNT_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL?.field).toBe('email');
    expect(ACCOUNT_ERRORS.INVALID_EMAIL_OR_PASSWORD?.field).toBe('password');
    expect(ACCOUNT_ERRORS.TOO_MANY_REQUESTS?.field).toBe('form');
  });
});
