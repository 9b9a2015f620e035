import { describe, expect, it } from 'vitest';
import { fileNameSlug, foldAccents, foldForMatching } from './text-folding';

describe('text folding', () => {
  it('drops case and accents, keeping punctuation', () => {
    expect(foldAccents('Receita-Rápida')).toBe('receita-rapida');
  });

  it('also turns every run of other characters into one space for matching', () => {
    expect(foldForMatching('  Dor  de CABEÇA!')).toBe('dor de cabeca');
    expect(foldForMatching('NÃO INFORMADO.')).toBe('nao informado');
  });
});

describe('fileNameSlug', () => {
  it('keeps letters and digits, one hyphen between words and none at the ends', () => {
    expect(fileNameSlug('Maria José da Silva')).toBe('maria-jose-da-silva');
    expect(fileNameSlug('  João  D’Ávila (2ª via) ')).toBe('joao-d-avila-2-via');
    expect(fileNameSlug('---')).toBe('');
  });
});
