import { describe, expect, it } from 'vitest';
import { patientInputSchema } from './patient';
import { formatValidationError } from '../lib/validation-message';

const schema = patientInputSchema(() => '2026-11-26');

/** The Portuguese sentence the API and the form show for an input, or 'ok'. */
function verdictOn(input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'ok' : formatValidationError(result.error);
}

describe('patientInputSchema', () => {
  it('takes a whole patient and keeps the identifiers as digits', () => {
    const parsed = schema.parse({
      name: '  Maria Aparecida da Silva ',
      birthDate: '1961-03-12',
      sex: 'feminino',
      cpf: '529.982.247-25',
      cns: '898 0010 2800 0008',
      phone: '(11) 98765-4321',
      address: {
        street: 'Rua Augusta',
        number: '1500',
        city: 'São Paulo',
        uf: 'SP',
        cep: '01310-100',
      },
      allergies: ['Dipirona'],
      chronicConditions: ['Hipertensão arterial'],
      medications: ['Losartana 50 mg'],
      notes: 'Prefere consultas pela manhã.',
    });
    expect(parsed).toMatchObject({
      name: 'Maria Aparecida da Silva',
      birthDate: '1961-03-12',
      cpf: '52998224725',
      cns: '898001028000008',
      address: { cep: '01310100', uf: 'SP' },
    });
  });

  it('needs only the name', () => {
    expect(verdictOn({ name: 'João' })).toBe('ok');
    expect(verdictOn({ name: '   ' })).toBe('Nome (name): não pode ficar vazio');
    expect(verdictOn({})).toMatch(/Nome.*obrigatório/);
  });

  it('reads a birth date typed as dd/mm/aaaa too', () => {
    expect(schema.parse({ name: 'A', birthDate: '12/03/1961' }).birthDate).toBe('1961-03-12');
  });

  it.each([
    ['a day the calendar lacks', '1961-02-30', 'Data de nascimento inválida: use dd/mm/aaaa.'],
    ['words', 'ontem', 'Data de nascimento inválida: use dd/mm/aaaa.'],
    ['before 1900', '1899-12-31', 'Data de nascimento inválida: use dd/mm/aaaa.'],
    ['tomorrow', '2026-11-27', 'A data de nascimento não pode estar no futuro.'],
  ])('refuses a birth date of %s', (_why, date, message) => {
    expect(verdictOn({ name: 'A', birthDate: date })).toContain(message);
  });

  it('refuses a CPF or CNS whose check digits are wrong, in Portuguese', () => {
    expect(verdictOn({ name: 'A', cpf: '529.982.247-24' })).toContain(
      'CPF inválido: confira os 11 dígitos.',
    );
    expect(verdictOn({ name: 'A', cns: '898 0010 2800 0007' })).toContain('CNS inválido');
  });

  it('refuses a phone without DDD, a CEP short of digits, an unknown UF', () => {
    expect(verdictOn({ name: 'A', phone: '98765-4321' })).toContain('Telefone inválido');
    expect(verdictOn({ name: 'A', address: { cep: '01310-10' } })).toContain('CEP inválido');
    expect(verdictOn({ name: 'A', address: { uf: 'XX' } })).toMatch(
      /^UF \(address\.uf\): valor inválido; use um destes: AC, AL/,
    );
  });

  it('refuses fields it does not know, NUL, and empty list items', () => {
    expect(verdictOn({ name: 'A', idade: 3 })).toMatch(/campo não reconhecido: idade/);
    expect(verdictOn({ name: 'A\u0000' })).toMatch(/NUL/);
    expect(verdictOn({ name: 'A', allergies: [' '] })).not.toBe('ok');
  });
});
