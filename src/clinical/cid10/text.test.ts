import { describe, expect, it } from 'vitest';
import { boundedEditDistance, foldedWordsOf, foldText, stemsOf, stemWord } from './text';

describe('foldedWordsOf', () => {
  it('lower-cases, drops accents and splits on anything but letters and digits', () => {
    expect(foldedWordsOf('Infecção do trato-urinário, NÃO especificada [DM2]')).toEqual([
      'infeccao',
      'do',
      'trato',
      'urinario',
      'nao',
      'especificada',
      'dm2',
    ]);
    expect(foldText('  Cãibras  e  ESPASMOS ')).toBe('caibras e espasmos');
    expect(foldedWordsOf('—; ()')).toEqual([]);
  });
});

describe('stemWord', () => {
  it.each([
    ['infeccoes', 'infeccao'],
    ['urinaria', 'urinario'],
    ['agudas', 'agudo'],
    ['cronicas', 'cronico'],
    ['renais', 'renal'],
    ['tumores', 'tumor'],
    ['alta', 'altos'],
    ['diabetes', 'diabete'],
  ])('gives %s and %s the same stem', (a, b) => {
    expect(stemWord(a)).toBe(stemWord(b));
  });

  it('keeps short words and words with digits whole', () => {
    expect(stemWord('dor')).toBe('dor');
    expect(stemWord('has')).toBe('has');
    expect(stemWord('dm2')).toBe('dm2');
    expect(stemWord('virus')).toBe('virus');
  });
});

describe('stemsOf', () => {
  it('drops little words and stems the rest, in order', () => {
    expect(stemsOf('Dor de cabeça')).toEqual(['dor', 'cabec']);
    expect(stemsOf('infecções urinárias')).toEqual(stemsOf('Infecção urinária'));
  });
});

describe('boundedEditDistance', () => {
  it('counts a letter missing, extra, wrong or two swapped as one', () => {
    expect(boundedEditDistance('pneumonia', 'pneumonia', 2)).toBe(0);
    expect(boundedEditDistance('pneumnia', 'pneumonia', 2)).toBe(1);
    expect(boundedEditDistance('pneumonias', 'pneumonia', 2)).toBe(1);
    expect(boundedEditDistance('pneumania', 'pneumonia', 2)).toBe(1);
    expect(boundedEditDistance('pneumonai', 'pneumonia', 2)).toBe(1);
    expect(boundedEditDistance('pnemonai', 'pneumonia', 2)).toBe(2);
  });

  it('answers max + 1 as soon as the distance is known to be larger', () => {
    expect(boundedEditDistance('asma', 'gota', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
  });
});
