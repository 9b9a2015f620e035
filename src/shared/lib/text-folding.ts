/**
 * The one way Prontu compares words, in the browser and in the offline engine alike.
 */

/**
 * Lower case and without accents, every other character kept: 'Receita-Rápida' →
 * 'receita-rapida'. For matching where punctuation still counts.
 * @param text - any text
 */
export function foldAccents(text: string): string {
  // Most of what is folded is plain ASCII: no decomposition to undo.
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const ASCII_ONLY = /^[ -~\t\n\r]*$/;

/**
 * Lower case, without accents, every run of other characters as one space. "Dor  de CABEÇA!"
 * and "dor de cabeca" read the same, so keyword lists are written once, unaccented, and the
 * medicine search, the transcript clean-up, the anamnesis and the record's placeholders agree on
 * when two spellings are "the same word".
 * @param text - any text
 */
export function foldForMatching(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A text as part of a file name safe on every system: lower case, no accents, every run of other
 * characters as one hyphen and none at either end. 'Maria José da Silva' → 'maria-jose-da-silva';
 * '' when the text has no letter or digit.
 * @param text - any text, such as a patient's name
 */
export function fileNameSlug(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
