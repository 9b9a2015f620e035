import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERRORS,
  changePasswordSchema,
  signInSchema,
  signInThrottledMessage,
  signUpSchema,
  strongSignUpSchema,
  withStrongNewPassword,
} from './account';
import { loadPasswordChecker } from './password-strength';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('signUpSchema', () => {
  it('accepts a name, a valid e-mail and a 12-character password, trimming name and e-mail', () => {
    expect(
      signUpSchema.parse({
        name: ' Dra. Ana ',
        email: ' ana@clinica.com.br ',
        password: '123456789012',
      }),
    ).toEqual({
      name: 'Dra. Ana',
      email: 'ana@clinica.com.br',
      password: '123456789012',
    });
  });

  it.each([
    [
      { name: 'A', email: 'ana@clinica.com', password: '12345678901' },
      'A senha deve ter pelo menos 12 caracteres.',
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

describe('strongSignUpSchema', () => {
  it.each([
    ['12345678', 'A senha deve ter pelo menos 12 caracteres.'],
    ['password', 'A senha deve ter pelo menos 12 caracteres.'],
    ['123456789012', 'Senha fácil de adivinhar: '],
    ['senha1234567', 'Senha fácil de adivinhar: '],
  ])('refuses %j under the password field', async (password, start) => {
    const schema = strongSignUpSchema(await loadPasswordChecker());
    const result = schema.safeParse({ name: 'Dra. Ana Souza', email: 'ana@clinica.com', password });
    expect(result.error?.issues[0]?.path).toEqual(['password']);
    expect(firstMessage(result)?.startsWith(start)).toBe(true);
  });

  it('accepts a long passphrase', async () => {
    const schema = strongSignUpSchema(await loadPasswordChecker());
    const input = {
      name: 'Dra. Ana',
      email: 'ana@clinica.com',
      password: 'Ipê-amarelo na varanda 2026',
    };
    expect(schema.parse(input)).toEqual(input);
  });
});

describe('withStrongNewPassword', () => {
  it('checks a changed password the same way, under newPassword', async () => {
    const schema = withStrongNewPassword(changePasswordSchema, await loadPasswordChecker(), {
      name: 'Dra. Ana',
    });
    const result = schema.safeParse({ currentPassword: 'x', newPassword: 'qwertyuiop123' });
    expect(result.error?.issues[0]?.path).toEqual(['newPassword']);
    expect(firstMessage(result)).toMatch(/^Senha fácil de adivinhar: /);
  });
});

describe('signInThrottledMessage', () => {
  it('says how many minutes to wait', () => {
    expect(signInThrottledMessage(30)).toBe(
      'Muitas tentativas de entrada com este e-mail. Aguarde 1 minuto e tente novamente.',
    );
    expect(signInThrottledMessage(61)).toBe(
      'Muitas tentativas de entrada com este e-mail. Aguarde 2 minutos e tente novamente.',
    );
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
