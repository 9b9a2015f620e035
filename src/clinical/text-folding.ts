/**
 * The one way the offline engine compares words: lower case, without accents, every run of
 * other characters as one space. "Dor  de CABEÇA!" and "dor de cabeca" read the same, so keyword
 * lists are written once, unaccented, and the medicine search, the transcript clean-up and the
 * anamnesis agree on when two spellings are "the same word".
 * @param text - any text
 */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
