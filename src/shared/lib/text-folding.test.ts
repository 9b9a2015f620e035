import { describe, expect, it } from 'vitest';
import { foldAccents, foldForMatching } from './text-folding';

describe('text folding', () => {
  it('drops case and accents, keeping punctuation', () => {
    expect(foldAccents('Receita-Rápida')).toBe('receita-rapida');
  });

  it('also turns every run of other characters into one space for matching', () => {
    expect(foldForMatching('  Dor  de CABEÇA!')).toBe('dor de cabeca');
    expect(foldForMatching('NÃO INFORMADO.')).toBe('nao informado');
  });
});
