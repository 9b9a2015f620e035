import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capitalizeFirst,
  cleanPhrase,
  foldText,
  normalizeConsultationText,
  normalizeWithSourceMap,
  prepareText,
  removeAccents,
  sourceSpan,
} from './text-normalization';

describe('text forms', () => {
  it('folds case and accents without changing the length', () => {
    const text = 'Ação: Pressão ARTERIAL é 12 por 8, Sr. José';
    expect(foldText(text)).toBe('acao: pressao arterial e 12 por 8, sr. jose');
    expect(foldText(text)).toHaveLength(text.length);
    expect(removeAccents('Ícone ÇÃO')).toBe('Icone CAO');
  });

  it('keeps the three prepared forms aligned', () => {
    const { original, accentless, folded } = prepareText('  Médico:\tOlá!\r\nPaciente:  Tô  bem. ');
    expect(original).toBe('Médico: Olá!\nPaciente: Tô bem.');
    expect(accentless).toBe('Medico: Ola!\nPaciente: To bem.');
    expect(folded).toBe('medico: ola!\npaciente: to bem.');
  });

  it('normalises quotes, dashes and Unicode forms', () => {
    const decomposed = 'pressa\u0303o'; // 'pressão' typed with a combining tilde
    expect(normalizeConsultationText(`“${decomposed}” – ok`)).toBe('"pressão" - ok');
  });
});

describe('cleanPhrase', () => {
  it('trims punctuation, quotes and dangling connectives', () => {
    expect(cleanPhrase('  dor de cabeça , ')).toBe('dor de cabeça');
    expect(cleanPhrase('"tosse seca" e')).toBe('tosse seca');
    expect(cleanPhrase('e a dipirona.')).toBe('a dipirona');
  });

  it('capitalises the first letter only', () => {
    expect(capitalizeFirst('falta de ar')).toBe('Falta de ar');
  });
});

/** The cleaning as a chain of replaces: what the mapped one must equal. */
function cleanedByReplaces(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\t\u00a0\u2000-\u200b\u202f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

describe('the map back to the text as submitted', () => {
  it('points each cleaned stretch at the words it came from', () => {
    const submitted = '\r\n  Médico:\u00a0 “Pressão”\t12  por 8 —  ok\r\nPaciente: sim  ';
    const prepared = prepareText(submitted);
    expect(prepared.original).toBe('Médico: "Pressão" 12 por 8 - ok\nPaciente: sim');
    const at = prepared.original.indexOf('12 por 8');
    const span = sourceSpan(prepared, at, at + '12 por 8'.length);
    expect(span && submitted.slice(span.start, span.end)).toBe('12  por 8');
    const quoted = prepared.original.indexOf('"Pressão"');
    const quote = sourceSpan(prepared, quoted, quoted + 9);
    expect(quote && submitted.slice(quote.start, quote.end)).toBe('“Pressão”');
    const yes = prepared.original.indexOf('sim');
    const answer = sourceSpan(prepared, yes, yes + 3);
    expect(answer && submitted.slice(answer.start, answer.end)).toBe('sim');
  });

  it('maps a decomposed accent to the letter and its mark', () => {
    const submitted = 'Jose\u0301 tem febre';
    const prepared = prepareText(submitted);
    expect(prepared.original).toBe('José tem febre');
    const span = sourceSpan(prepared, 0, 4);
    expect(span && submitted.slice(span.start, span.end)).toBe('Jose\u0301');
  });

  it('cleans exactly as the chain of replaces, with a map of the same length', () => {
    const pieces = fc.constantFrom(
      'a',
      'é',
      'e\u0301',
      ' ',
      '  ',
      '\t',
      '\u00a0',
      '\u200b',
      '\r\n',
      '\r',
      '\n',
      '“',
      '’',
      '—',
      '😀',
      '\u3000',
      '\ufeff',
      '\u0301',
      '\u1100\u1161',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const mapped = normalizeWithSourceMap(text);
        expect(mapped.text).toBe(cleanedByReplaces(text));
        if (mapped.source) {
          expect(mapped.source.from).toHaveLength(mapped.text.length);
          for (let i = 0; i < mapped.text.length; i++) {
            const from = mapped.source.from[i] ?? -1;
            const to = mapped.source.to[i] ?? -1;
            expect(from >= 0 && from < to && to <= text.length).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
