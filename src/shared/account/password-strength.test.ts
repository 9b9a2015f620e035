import { describe, expect, it } from 'vitest';
import {
  PASSWORD_FROM_COMMON_WORD,
  PASSWORD_FROM_PERSONAL_DATA,
  loadPasswordChecker,
  newPasswordProblem,
} from './password-strength';

const ANA = { name: 'Dra. Ana Souza', email: 'ana.souza@clinica.com' };

describe('newPasswordProblem', () => {
  it.each([
    ['12345678901234', 'Senha fácil de adivinhar: isso é semelhante a uma senha comumente usada'],
    ['passwordpassword', 'Senha fácil de adivinhar: '],
    ['brasil123456', 'Senha fácil de adivinhar: '],
    ['qwertyuiop123', 'Senha fácil de adivinhar: '],
  ])('refuses %j with a reason in Portuguese', async (password, start) => {
    const check = await loadPasswordChecker();
    expect(newPasswordProblem(check, password, {})).toMatch(new RegExp(`^${start}\\S`));
  });

  it('counts the doctor’s own name and e-mail as guessable', async () => {
    const check = await loadPasswordChecker();
    const password = 'helenaribeiro';
    expect(
      newPasswordProblem(check, password, {
        name: 'Dra. Helena Ribeiro',
        email: 'helena@clinica.com',
      }),
    ).toBe(PASSWORD_FROM_PERSONAL_DATA);
  });

  it.each(['Senha@123456', 'S3nh@-2026#!', 'brasil2026!!', 'Flamengo1981!'])(
    'refuses %j, one common word with digits or symbols',
    async (password) => {
      const check = await loadPasswordChecker();
      expect(newPasswordProblem(check, password, ANA)).toBe(PASSWORD_FROM_COMMON_WORD);
    },
  );

  it.each(['AnaSouza2026!', 'souza.ana#1980', '4n4-S0uz4-2026', 'Conceicao@2026x'])(
    'refuses %j, made of the owner’s name or e-mail',
    async (password) => {
      const check = await loadPasswordChecker();
      const owner = { ...ANA, name: 'Dra. Ana Souza da Conceição' };
      expect(newPasswordProblem(check, password, owner)).toBe(PASSWORD_FROM_PERSONAL_DATA);
    },
  );

  it('accepts the owner’s name beside a secret of its own', async () => {
    const check = await loadPasswordChecker();
    const owner = { name: 'Dra. Avaliação', email: 'avaliacao-1@prontu.test' };
    expect(newPasswordProblem(check, 'Avaliacao#Prontu-7Kq2xV', owner)).toBeUndefined();
  });

  it.each([
    'Ipê-amarelo na varanda 2026',
    'cavalo correto bateria grampo',
    'Ana gosta de ipê amarelo na varanda',
  ])('accepts %j', async (password) => {
    const check = await loadPasswordChecker();
    expect(newPasswordProblem(check, password, ANA)).toBeUndefined();
  });
});
