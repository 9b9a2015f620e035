import { describe, expect, it } from 'vitest';
import { NUMBER_PATTERN, parsePortugueseNumber, parseSpokenDecimal } from './spoken-numbers';

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
    ['trinta e sete virgula oito', 37.8],
    ['trinta e oito ponto dois', 38.2],
    ['um virgula zero cinco', 1.05],
    ['noventa e seis virgula vinte e cinco', 96.25],
    ['37 virgula 8', 37.8],
    ['mil novecentos e oitenta e quatro', 1984],
    ['dois mil e quinhentos', 2500],
  ])('%s → %d', (text, value) => {
    expect(parsePortugueseNumber(text)).toBe(value);
  });

  it('refuses words that do not make a number', () => {
    expect(parsePortugueseNumber('tres e dois')).toBeUndefined();
    expect(parsePortugueseNumber('vinte cento')).toBeUndefined();
    expect(parsePortugueseNumber('quinze tres')).toBeUndefined();
  });

  it("refuses tens and units not joined by 'e': 'cinquenta duas' is two numbers", () => {
    expect(parsePortugueseNumber('oitocentos e cinquenta duas')).toBeUndefined();
    expect(parsePortugueseNumber('cinquenta duas')).toBeUndefined();
    expect(parsePortugueseNumber('cento vinte')).toBeUndefined();
    expect(parsePortugueseNumber('trinta e')).toBeUndefined();
  });

  it('leaves a reading said without its comma to parseSpokenDecimal', () => {
    expect(parsePortugueseNumber('trinta e oito e sete')).toBeUndefined();
  });
});

describe('parseSpokenDecimal', () => {
  it.each([
    ['trinta e oito e sete', 38.7],
    ['trinta e sete e dois', 37.2],
    ['um e sessenta e cinco', 1.65],
    ['um e setenta', 1.7],
    ['setenta e dois e quinhentos', 72.5],
    ['trinta e oito e meio', 38.5],
    ['trinta e sete virgula oito', 37.8],
    ['sessenta e dois', 62],
    ['38,7', 38.7],
  ])('%s → %d', (text, value) => {
    expect(parseSpokenDecimal(text)).toBe(value);
  });

  it('refuses words no split makes a reading of', () => {
    expect(parseSpokenDecimal('vinte cento')).toBeUndefined();
    expect(parseSpokenDecimal('e sete')).toBeUndefined();
    expect(parseSpokenDecimal('38 e sete')).toBeUndefined();
  });
});

describe('NUMBER_PATTERN', () => {
  const find = (text: string) => new RegExp(NUMBER_PATTERN).exec(text)?.[0];

  it('matches digits and spelled numbers inside a sentence', () => {
    expect(find('tenho oitenta e um anos')).toBe('oitenta e um');
    expect(find('febre de trinta e oito e meio')).toBe('trinta e oito e meio');
    expect(find('pesa 61,5 kg')).toBe('61,5');
    expect(find('temperatura trinta e sete virgula oito nega alergias')).toBe(
      'trinta e sete virgula oito',
    );
    expect(find('febre de trinta e oito e sete ha dois dias')).toBe('trinta e oito e sete');
    expect(find('dois mil e quinhentos metros')).toBe('dois mil e quinhentos');
  });

  it("stops where the 'e' that joins a number's words is missing", () => {
    expect(find('metformina oitocentos e cinquenta duas vezes por dia')).toBe(
      'oitocentos e cinquenta',
    );
    expect(find('dipirona quinhentos tres vezes')).toBe('quinhentos');
  });

  it('does not match number words inside other words', () => {
    expect(find('doisdedos sete')).toBe('sete');
    expect(find('dezena')).toBeUndefined();
  });
});
