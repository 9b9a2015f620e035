import { format, isValid, parseISO } from 'date-fns';
// Imported from its own path so the web bundle carries only this locale, not all of them.
import { ptBR } from 'date-fns/locale/pt-BR';

/** A moment as the app receives it: a Date, an ISO 8601 string or epoch milliseconds. */
export type DateInput = Date | string | number;

/** What every formatter shows for a value that is not a date, instead of throwing. */
export const INVALID_DATE_TEXT = 'Data inválida';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Turns an input into a Date, or null when it does not name a real moment.
 * Strings go through parseISO so a date-only value ('2026-03-01') is local midnight, not UTC.
 */
function toValidDate(value: DateInput): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** Formats a valid input with a date-fns pattern in Portuguese, or returns INVALID_DATE_TEXT. */
function formatPtBr(value: DateInput, pattern: string): string {
  const date = toValidDate(value);
  return date ? format(date, pattern, { locale: ptBR }) : INVALID_DATE_TEXT;
}

/**
 * Date and time in local time, e.g. `21/11/2026 09:05`.
 * @param value - the moment to show
 */
export function formatDateTime(value: DateInput): string {
  return formatPtBr(value, 'dd/MM/yyyy HH:mm');
}

/**
 * Date in local time, e.g. `21/11/2026`.
 * @param value - the moment to show
 */
export function formatDate(value: DateInput): string {
  return formatPtBr(value, 'dd/MM/yyyy');
}

/**
 * Time of day in local time, e.g. `09:05`.
 * @param value - the moment to show
 */
export function formatTime(value: DateInput): string {
  return formatPtBr(value, 'HH:mm');
}

/**
 * Date written out with the month name in lower case, e.g. `1 de março de 2026`.
 * @param value - the moment to show
 */
export function formatLongDate(value: DateInput): string {
  return formatPtBr(value, "d 'de' MMMM 'de' yyyy");
}

/** `há 1 minuto` / `há 3 minutos`: the count with the singular or plural unit. */
function ago(count: number, singular: string, plural: string): string {
  return `há ${count} ${count === 1 ? singular : plural}`;
}

/**
 * How long ago a moment was, e.g. `agora mesmo`, `há 5 minutos`, `há 1 mês`, `há 2 anos`.
 * Counts are whole units rounded down; a future moment reads as `agora mesmo`.
 * @param value - the past moment
 * @param now - the moment to measure from; the current time unless given
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toValidDate(value);
  if (!date || !isValid(now)) return INVALID_DATE_TEXT;

  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return 'agora mesmo';
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minuto', 'minutos');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hora', 'horas');

  const days = Math.floor(elapsed / DAY_MS);
  if (days < 7) return ago(days, 'dia', 'dias');
  if (days < 28) return ago(Math.floor(days / 7), 'semana', 'semanas');

  const months = Math.max(1, Math.floor(days / 30));
  if (months < 12) return ago(months, 'mês', 'meses');

  return ago(Math.max(1, Math.floor(days / 365)), 'ano', 'anos');
}

/**
 * A number as Brazilians write it, with a decimal comma: 37.8 → '37,8'.
 * @param value - the number
 * @param fractionDigits - a number: exactly this many decimals (22.857, 1 → '22,9');
 *   `{ atMost }`: rounded to at most that many, without trailing zeros (25.4567, { atMost: 1 } →
 *   '25,5'; 72 → '72'); otherwise the number's own
 */
export function formatDecimal(value: number, fractionDigits?: number | { atMost: number }): string {
  return decimalText(value, fractionDigits).replace('.', ',');
}

function decimalText(value: number, fractionDigits?: number | { atMost: number }): string {
  if (fractionDigits === undefined) return String(value);
  if (typeof fractionDigits === 'number') return value.toFixed(fractionDigits);
  const factor = 10 ** fractionDigits.atMost;
  return String(Math.round(value * factor) / factor);
}

/**
 * Items joined as a Portuguese sentence says them: 'a', 'a e b', 'a, b e c'; '' for none.
 * @param items - the items, already written out
 */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items.at(-1) ?? ''}`;
}

/**
 * The text with its first letter in upper case: 'dor de garganta' → 'Dor de garganta'.
 * @param text - any text
 */
export function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A CEP's 8 digits as written on an envelope: '01310100' → '01310-100'; anything else as given.
 * @param digits - the CEP as stored, digits only
 */
export function formatCep(digits: string): string {
  return digits.replace(/^(\d{5})(\d{3})$/, '$1-$2');
}

/**
 * Whether the year of a date a document or a receita is issued for is plausible: from 1900 to
 * next year. A receita dated 9999 is a typing slip, never a date to print.
 * @param isoDate - 'yyyy-MM-dd' or an ISO moment
 * @param now - the moment it is checked at
 */
export function isPlausibleIssueYear(isoDate: string, now: Date = new Date()): boolean {
  const year = Number(isoDate.slice(0, 4));
  return year >= 1900 && year <= now.getFullYear() + 1;
}
