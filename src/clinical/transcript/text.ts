import { foldForMatching } from '@shared/lib/text-folding';

/**
 * Small text helpers shared by the transcript clean-up and the offline anamnesis: matching that
 * ignores case and accents, spacing normalisation and capitalisation, all without I/O.
 */

/** Characters that continue a word: letters and digits in any script (`\b` only knows ASCII). */
const WORD_CHAR = '[\\p{L}\\p{N}]';
/** Lookbehind/lookahead pair that makes a pattern match whole words only, accents included. */
export const WORD_START = `(?<!${WORD_CHAR})`;
export const WORD_END = `(?!${WORD_CHAR})`;

/**
 * A RegExp matching any of the (folded) terms as whole words inside folded text. A term ending
 * in `*` is a stem ("alergi*" matches alergia, alérgico after folding); the others must end at a
 * word boundary, so "dor" does not match "dormir".
 * @param terms - folded terms; may hold RegExp syntax such as alternatives
 */
export function foldedTermsPattern(terms: readonly string[]): RegExp {
  const alternatives = terms.map((term) =>
    term.endsWith('*') ? `${term.slice(0, -1)}[a-z0-9]*` : term,
  );
  return new RegExp(`(?:^| )(?:${alternatives.join('|')})(?= |$)`);
}

/** How many times the pattern (built by `foldedTermsPattern`) occurs in folded text. */
export function countMatches(folded: string, pattern: RegExp): number {
  return folded.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
}

/**
 * The text with its first character upper-cased when that character is a letter (leading quotes
 * or brackets are skipped). A leading digit stays as it is: "3 dias de febre" is left alone.
 * @param text - any text
 */
export function capitalizeFirst(text: string): string {
  return text.replace(/^([\s"'“‘([—–-]*)(\p{Ll})/u, (_match, lead: string, letter: string) => {
    return lead + letter.toUpperCase();
  });
}

/** Abbreviations after which a full stop does not end the sentence: "Dr. silva" stays. */
const NON_FINAL_ABBREVIATIONS = new Set([
  'dr',
  'dra',
  'sr',
  'sra',
  'srs',
  'prof',
  'profa',
  'aprox',
  'ex',
  'obs',
  'p',
  'pag',
  'vs',
  'n',
  'no',
  'tel',
]);

/**
 * Capitals at the start of the text, of each sentence and after a label ("Paciente: joão" →
 * "Paciente: João"). A full stop after an abbreviation such as "Dr." or an ellipsis does not
 * end a sentence.
 * @param line - one line of text
 */
export function capitalizeSentences(line: string): string {
  return capitalizeFirst(line)
    .replace(/^([\p{L} ]{2,30}:\s+)(\p{Ll})/u, (_match, label: string, letter: string) => {
      return label + letter.toUpperCase();
    })
    .replace(
      // Bounded, so a 100k-character 'word' stays linear (each start scans at most 40).
      /(?<!\.)([\p{L}\p{N}]{0,40})([.!?])(\s+["'“(]*)(\p{Ll})/gu,
      (match, word: string, mark: string, gap: string, letter: string) => {
        if (mark === '.' && NON_FINAL_ABBREVIATIONS.has(foldForMatching(word))) return match;
        return word + mark + gap + letter.toUpperCase();
      },
    );
}

/**
 * Whitespace and punctuation spacing as written Portuguese has them
 * (docs/product.md, "Motor offline": "extracted text is normalised"): single spaces, no space
 * before `, . ; : ! ? %` or after an opening bracket, one space after a comma, semicolon or colon
 * that follows a word, repeated commas collapsed. Line breaks are kept (a dialogue has one turn per
 * line); runs of blank lines become one. Decimal commas (37,8), times (10:30) and fractions (8/8h)
 * are left alone.
 * @param text - any text
 */
export function normalizeTextSpacing(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    // NUL has no place in text and PostgreSQL refuses it (see medical-record.ts).
    .replaceAll('\u0000', '')
    .split('\n')
    .map(normalizeLineSpacing);
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function normalizeLineSpacing(line: string): string {
  return (
    line
      .replace(/[ \t\u00A0\u2000-\u200B\u202F\u3000]+/g, ' ')
      // No space before closing punctuation: "dor , febre" → "dor, febre"; "97 %" → "97%".
      .replace(/ +([,.;:!?%)\]])/g, '$1')
      .replace(/([([]) +/g, '$1')
      // ",," and ", ," → ","; a comma straight before a full stop is dropped.
      .replace(/([,;])(?:\s*\1)+/g, '$1')
      .replace(/[,;]\s*([.!?])/g, '$1')
      // Two full stops are a typo; three are an ellipsis and stay.
      .replace(/(?<!\.)\.\.(?!\.)/g, '.')
      // A space after , ; ! ? before a word, and after a colon or comma that follows a word
      // (not inside 37,8 or 10:30).
      .replace(/([;!?])(?=[\p{L}\p{N}])/gu, '$1 ')
      .replace(/,(?=\p{L})/gu, ', ')
      .replace(/(?<=\p{L}),(?=\p{N})/gu, ', ')
      .replace(/(?<=\p{L}):(?=[\p{L}\p{N}])/gu, ': ')
      // "dor.Paciente" → "dor. Paciente" and "...e" → "... e"; "e.g." and "1.000" stay.
      .replace(/(?<=\p{L}{2})\.(?=\p{Lu})/gu, '. ')
      .replace(/\.\.\.(?=\p{L})/gu, '... ')
      // Nothing to attach leading punctuation to (left behind by a removed filler word).
      .replace(/^[,;.]+\s*/, '')
      .trim()
  );
}
