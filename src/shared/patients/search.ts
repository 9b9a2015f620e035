import { digitsOf, isValidCns, isValidCpf } from './identifiers';
import { foldForMatching } from '../lib/text-folding';

/**
 * What a doctor typed in the patients' search box, read as what it is: a birth date
 * ('12/03/1961'), a CPF or a CNS in any punctuation, or words of a name. Names match without
 * accents or case, every word in any order and as the start of a word of the name (the doctor
 * may still be typing it): 'mar apar' finds 'Maria Aparecida'.
 */
export type PatientQuery =
  | { kind: 'birthDate'; birthDate: string }
  | { kind: 'cpf'; digits: string }
  | { kind: 'cns'; digits: string }
  | { kind: 'name'; words: string[] };

/**
 * Reads a search; undefined when there is nothing to search for.
 * @param text - as typed
 */
export function readPatientQuery(text: string): PatientQuery | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const birthDate = birthDateOf(trimmed);
  if (birthDate) return { kind: 'birthDate', birthDate };
  if (/^[\d.\-\s]+$/.test(trimmed)) {
    const digits = digitsOf(trimmed);
    if (digits.length === 11 && isValidCpf(digits)) return { kind: 'cpf', digits };
    if (digits.length === 15 && isValidCns(digits)) return { kind: 'cns', digits };
  }
  const words = foldForMatching(trimmed).split(' ').filter(Boolean);
  return words.length > 0 ? { kind: 'name', words } : undefined;
}

/**
 * A date as a Brazilian writes it, dd/MM/yyyy (or with '-' or '.'), as `yyyy-MM-dd`; undefined
 * when it is not a day of the calendar (31/02/1961).
 */
export function birthDateOf(text: string): string | undefined {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return undefined;
  if (date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A day typed as dd/mm/aaaa or given as `yyyy-MM-dd` (the API's form), as `yyyy-MM-dd`; undefined
 * when it is not a day of the calendar.
 */
export function calendarDayOf(text: string): string | undefined {
  const trimmed = text.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
    ? birthDateOf(`${trimmed.slice(8)}/${trimmed.slice(5, 7)}/${trimmed.slice(0, 4)}`)
    : birthDateOf(trimmed);
}

/**
 * Whether a patient's name answers the name words: each word of the query starts a word of the
 * name (accents and case aside), each name word used once.
 * @param searchName - the patient's full name, folded (`foldForMatching`, as stored)
 * @param words - the query's words, folded
 */
export function nameMatches(searchName: string, words: readonly string[]): boolean {
  return wordsMatchFrom(0, searchName.split(' '), words, []);
}

/**
 * Whether `words` from `index` on each start a different name word, not one of `used` (their
 * positions). Tried every way ('ma maria' in 'Maria Mattos': 'ma' must leave 'maria' to the
 * other word); a name has a handful of words.
 */
function wordsMatchFrom(
  index: number,
  nameWords: readonly string[],
  words: readonly string[],
  used: readonly number[],
): boolean {
  const word = words[index];
  if (word === undefined) return true;
  return nameWords.some(
    (nameWord, at) =>
      !used.includes(at) &&
      nameWord.startsWith(word) &&
      wordsMatchFrom(index + 1, nameWords, words, [...used, at]),
  );
}

/**
 * The age in whole years on a day, from the birth date: a birthday not yet reached this year
 * does not count. Both as `yyyy-MM-dd`.
 */
export function ageOn(birthDate: string, today: string): number {
  const [birthYear, birthMonthDay] = [Number(birthDate.slice(0, 4)), birthDate.slice(5)];
  const [year, monthDay] = [Number(today.slice(0, 4)), today.slice(5)];
  return year - birthYear - (monthDay < birthMonthDay ? 1 : 0);
}
