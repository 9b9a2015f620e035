import { describe, expect, it } from 'vitest';
import { genderOfUnit, quantityInWords, quantityWithWords } from './numbers-in-words';

describe('quantityInWords', () => {
  it.each([
    [0, 'zero'],
    [1, 'um'],
    [2, 'dois'],
    [3, 'três'],
    [10, 'dez'],
    [14, 'catorze'],
    [16, 'dezesseis'],
    [19, 'dezenove'],
    [20, 'vinte'],
    [21, 'vinte e um'],
    [30, 'trinta'],
    [45, 'quarenta e cinco'],
    [99, 'noventa e nove'],
    [100, 'cem'],
    [101, 'cento e um'],
    [120, 'cento e vinte'],
    [199, 'cento e noventa e nove'],
    [200, 'duzentos'],
    [360, 'trezentos e sessenta'],
    [500, 'quinhentos'],
    [999, 'novecentos e noventa e nove'],
    [1000, 'mil'],
    [1001, 'mil e um'],
    [1020, 'mil e vinte'],
    [1100, 'mil e cem'],
    [1500, 'mil e quinhentos'],
    [1520, 'mil quinhentos e vinte'],
    [2000, 'dois mil'],
    [2024, 'dois mil e vinte e quatro'],
    [5300, 'cinco mil e trezentos'],
    [9999, 'nove mil novecentos e noventa e nove'],
  ])('%i → %s', (n, words) => {
    expect(quantityInWords(n)).toBe(words);
  });

  it.each([
    [1, 'uma'],
    [2, 'duas'],
    [12, 'doze'],
    [21, 'vinte e uma'],
    [32, 'trinta e duas'],
    [200, 'duzentas'],
    [500, 'quinhentas'],
    [201, 'duzentas e uma'],
    [2000, 'duas mil'],
    [2302, 'duas mil trezentas e duas'],
  ])('feminine %i → %s', (n, words) => {
    expect(quantityInWords(n, 'feminine')).toBe(words);
  });

  it.each([-1, 1.5, 10_000, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (n) => {
    expect(() => quantityInWords(n)).toThrow(RangeError);
  });
});

describe('genderOfUnit', () => {
  it.each([
    ['caixas', 'feminine'],
    ['caixa', 'feminine'],
    ['cápsulas', 'feminine'],
    ['ampolas', 'feminine'],
    ['gotas', 'feminine'],
    ['unidades', 'feminine'],
    ['bisnaga', 'feminine'],
    ['caixas de 20 comprimidos', 'feminine'],
    ['comprimidos', 'masculine'],
    ['frascos', 'masculine'],
    ['envelopes', 'masculine'],
    ['sachês', 'masculine'],
    ['dias', 'masculine'],
    ['mL', 'masculine'],
  ] as const)('%s is %s', (unit, gender) => {
    expect(genderOfUnit(unit)).toBe(gender);
  });
});

describe('quantityWithWords', () => {
  it('writes the numeral, the words in brackets and the unit', () => {
    expect(quantityWithWords(30, 'comprimidos')).toBe('30 (trinta) comprimidos');
    expect(quantityWithWords(1, 'comprimido')).toBe('1 (um) comprimido');
    expect(quantityWithWords(60, 'cápsulas')).toBe('60 (sessenta) cápsulas');
  });

  it('agrees with a feminine unit, guessed or given', () => {
    expect(quantityWithWords(2, 'caixas')).toBe('2 (duas) caixas');
    expect(quantityWithWords(1, 'ampola')).toBe('1 (uma) ampola');
    expect(quantityWithWords(2, 'frascos')).toBe('2 (dois) frascos');
    expect(quantityWithWords(2, 'un.', 'feminine')).toBe('2 (duas) un.');
  });

  it('leaves the unit out when there is none', () => {
    expect(quantityWithWords(3, ' ')).toBe('3 (três)');
  });
});
