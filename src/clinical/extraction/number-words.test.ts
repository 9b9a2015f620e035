import { describe, expect, it } from 'vitest';
import { NUMBER_PATTERN, parsePortugueseNumber } from './number-words';

describe('parsePortugueseNumber', () => {
  it.each([
    ['42', 42],
    ['36,8', 36.8],
    ['1.5', 1.5],
    ['sete', 7],
    ['dezenove', 19],
    ['setenta e quatro', 74],
    ['trinta e nove e meio', 39.5],
    ['37 e meio', 37.5],
    ['cento e dez', 110],
    ['duzentos e cinquenta', 250],
    ['dois mil', 2000],
    ['mil e quinhentos', 1500],
    ['uma', 1],
    ['1.200.000', 1200000],
    ['2.500', 2500],
  ])('%s → %d', (text, value) => {
    expect(parsePortugueseNumber(text)).toBe(value);
  });

  it('refuses words that do not make a number', () => {
    expect(parsePortugueseNumber('tres e dois')).toBeUndefined();
    expect(parsePortugueseNumber('vinte cento')).toBeUndefined();
    expect(parsePortugueseNumber('quinze tres')).toBeUndefined();
  });
});

describe('NUMBER_PATTERN', () => {
  const find = (text: string) => new RegExp(NUMBER_PATTERN).exec(text)?.[0];

  it('matches digits and spelled numbers inside a sentence', () => {
    expect(find('tenho oitenta e um anos')).toBe('oitenta e um');
    expect(find('febre de trinta e oito e meio')).toBe('trinta e oito e meio');
    expect(find('pesa 61,5 kg')).toBe('61,5');
  });

  it('does not match number words inside other words', () => {
    expect(find('doisdedos sete')).toBe('sete');
    expect(find('dezena')).toBeUndefined();
  });
});
