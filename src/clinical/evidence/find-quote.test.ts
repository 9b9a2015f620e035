import { describe, expect, it } from 'vitest';
import { findQuote, findQuotes } from './find-quote';

const TEXT = [
  'Médico: Bom dia, qual é o seu nome?',
  'Paciente: Valter Moreira. Tenho alergia à Dipirona.',
  'Médico: Pressão 12 por 8. Vou passar amoxicilina 500 mg de 8 em 8 horas.',
].join('\n');

/** The words a span covers. */
const said = (text: string, quote: string) => {
  const span = findQuote(text, quote);
  return span && text.slice(span.start, span.end);
};

describe('findQuote', () => {
  it('finds the exact words', () => {
    expect(findQuote(TEXT, 'Valter Moreira')).toEqual({
      start: TEXT.indexOf('Valter'),
      end: TEXT.indexOf('Valter') + 'Valter Moreira'.length,
    });
    expect(said(TEXT, '  amoxicilina 500 mg ')).toBe('amoxicilina 500 mg');
  });

  it('finds the words in other case, accents, spacing and punctuation, and answers the text as written', () => {
    expect(said(TEXT, 'alergia a dipirona')).toBe('alergia à Dipirona');
    expect(said(TEXT, 'VALTER   moreira')).toBe('Valter Moreira');
    expect(said(TEXT, 'pressao 12 por 8')).toBe('Pressão 12 por 8');
    expect(said(TEXT, 'moreira tenho alergia')).toBe('Moreira. Tenho alergia');
  });

  it('finds words a transcription got slightly wrong, within one edit in five characters', () => {
    const heard = 'paciente diz que toma amoxicilena quinhentos e tem alergia a dipirona';
    expect(said(heard, 'amoxicilina')).toBe('amoxicilena');
    expect(said(heard, 'alergia à dipyrona')).toBe('alergia a dipirona');
  });

  it('answers nothing for words that are not there', () => {
    expect(findQuote(TEXT, 'alergia a penicilina')).toBeUndefined();
    expect(findQuote(TEXT, 'varfarina 5 mg')).toBeUndefined();
    expect(findQuote(TEXT, '')).toBeUndefined();
    expect(findQuote(TEXT, '   ')).toBeUndefined();
    expect(findQuote('', 'dipirona')).toBeUndefined();
  });

  it('matches whole words only, and short quotes only exactly', () => {
    expect(findQuote('o condor voou', 'dor')).toBeUndefined();
    // 'dar' is one edit from 'dor', but a short word is too easily met by chance.
    expect(findQuote('vou dar o remédio', 'dor')).toBeUndefined();
  });

  it('keeps offsets right around characters outside the Basic Multilingual Plane', () => {
    const text = 'Paciente 😀 relata Dor Lombar';
    expect(said(text, 'dor lombar')).toBe('Dor Lombar');
  });

  it('finds a noisy quote at the end of a long consultation', () => {
    const long = `${'conversa sem importância clínica. '.repeat(3_000)}Tenho alergia a sulfa.`;
    expect(said(long, 'alergia a sufla')).toBe('alergia a sulfa');
  });
});

describe('findQuotes', () => {
  it('answers each quote in order, undefined where it is missing', () => {
    const spans = findQuotes(TEXT, ['Valter Moreira', 'penicilina', 'ALERGIA À DIPIRONA']);
    expect(spans.map((span) => span && TEXT.slice(span.start, span.end))).toEqual([
      'Valter Moreira',
      undefined,
      'alergia à Dipirona',
    ]);
  });
});
