/** Courtesy and professional titles that are not part of a person's name. */
const TITLES = new Set(['dr', 'dra', 'doutor', 'doutora', 'prof', 'profa', 'sr', 'sra']);
/** Portuguese particles skipped in initials: "Ana de Souza" → "AS". */
const PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);

/**
 * The avatar's initials: first and last name, without titles or particles, upper case;
 * one letter for a single name, '?' when nothing is left.
 */
export function initialsOf(fullName: string): string {
  const words = fullName
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((word) => word !== '')
    .filter((word) => !TITLES.has(word.toLowerCase()) && !PARTICLES.has(word.toLowerCase()));
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return ((first[0] ?? '') + (last?.[0] ?? '')).toLocaleUpperCase('pt-BR');
}
