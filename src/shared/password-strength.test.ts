import { describe, expect, it } from 'vitest';
import { loadPasswordChecker, passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it.each([
    ['12345678901234', 'Senha fácil de adivinhar: isso é semelhante a uma senha comumente usada'],
    ['passwordpassword', 'Senha fácil de adivinhar: '],
    ['brasil123456', 'Senha fácil de adivinhar: '],
    ['qwertyuiop123', 'Senha fácil de adivinhar: '],
  ])('refuses %j with a reason in Portuguese', async (password, start) => {
    const check = await loadPasswordChecker();
    expect(passwordWeakness(check, password, [])).toMatch(new RegExp(`^${start}\\S`));
  });

  it('counts the doctor’s own name and e-mail as guessable', async () => {
    const check = await loadPasswordChecker();
    const password = 'helenaribeiro';
    expect(passwordWeakness(check, password, ['Dra. Helena Ribeiro', 'helena@clinica.com'])).toBe(
      'Senha fácil de adivinhar: senha não deve haver nenhum dado pessoal ou relacionado.',
    );
  });

  it.each(['Ipê-amarelo na varanda 2026', 'cavalo correto bateria grampo'])(
    'accepts %j',
    async (password) => {
      const check = await loadPasswordChecker();
      expect(passwordWeakness(check, password, ['Dra. Ana', 'ana@clinica.com'])).toBeUndefined();
    },
  );
});
