/**
 * A patient's national identifiers: the CPF (Receita Federal, 11 digits, two check digits) and
 * the CNS (Cartão Nacional de Saúde, 15 digits, weighted sum divisible by 11). A doctor types
 * them with or without punctuation; they are kept as digits only and shown in the usual form.
 */

/** The digits of what was typed, punctuation and spaces dropped. */
export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** The digits as numbers, to weigh. */
const numbersOf = (text: string): number[] => Array.from(digitsOf(text), Number);

export const CPF_INVALID = 'CPF inválido: confira os 11 dígitos.';
export const CNS_INVALID = 'CNS inválido: confira os 15 dígitos do Cartão Nacional de Saúde.';
export const PASSPORT_INVALID =
  'Passaporte inválido: informe de 5 a 20 letras e números, como estão no documento.';

/**
 * A passport number as kept: upper case, without the spaces and hyphens it may be typed with;
 * undefined when what is left is not 5 to 20 letters and digits (the numbers of every country's
 * passports fit).
 */
export function passportNumberOf(text: string): string | undefined {
  const kept = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{5,20}$/.test(kept) ? kept : undefined;
}

/**
 * Whether a CPF is one the Receita Federal could have issued: 11 digits, not all the same
 * ('111.111.111-11' passes the arithmetic but is never issued), both check digits right.
 * @param text - with or without punctuation
 */
export function isValidCpf(text: string): boolean {
  if (/[^\d.\-\s]/.test(text)) return false;
  const digits = numbersOf(text);
  if (digits.length !== 11 || digits.every((digit) => digit === digits[0])) return false;
  return [9, 10].every((position) => digits[position] === cpfCheckDigit(digits, position));
}

/** The check digit at `position` (9 or 10): weights position+1 down to 2 over the digits before. */
function cpfCheckDigit(digits: readonly number[], position: number): number {
  let sum = 0;
  for (let index = 0; index < position; index += 1) {
    sum += (digits[index] ?? 0) * (position + 1 - index);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * Whether a CNS is well formed: 15 digits, starting with 1 or 2 (definitive card) or 7, 8 or 9
 * (provisional), whose digits weighted 15 down to 1 add up to a multiple of 11 — the Ministry
 * of Health's rule for both kinds.
 * @param text - with or without spaces
 */
export function isValidCns(text: string): boolean {
  if (/[^\d.\-\s]/.test(text)) return false;
  const digits = numbersOf(text);
  if (digits.length !== 15 || ![1, 2, 7, 8, 9].includes(digits[0] ?? 0)) return false;
  const sum = digits.reduce((total, digit, index) => total + digit * (15 - index), 0);
  return sum % 11 === 0;
}

/** A CPF's 11 digits as '529.982.247-25'. */
export function formatCpf(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

/** A CNS's 15 digits as on the card: '898 0010 2800 0008'. */
export function formatCns(digits: string): string {
  return digits.replace(/^(\d{3})(\d{4})(\d{4})(\d{4})$/, '$1 $2 $3 $4');
}

/**
 * A CPF shown on screen without giving it away (LGPD: only what the task needs): the last
 * four digits, the rest hidden — '•••.•••.•47-25'.
 */
export function maskCpf(digits: string): string {
  return formatCpf(digits).replace(/\d(?=(?:\D*\d){4})/g, '•');
}

/** A CNS shown on screen with only its last four digits: '••• •••• •••• 0008'. */
export function maskCns(digits: string): string {
  return formatCns(digits).replace(/\d(?=(?:\D*\d){4})/g, '•');
}
