/**
 * Masks for typed dates and phones: the doctor types digits only and the field shows them as
 * they are written in Brazil. A mask only arranges digits; whether they make a real day or a
 * valid phone is for the form's schema to say.
 */

export type InputMask = 'date' | 'phone';

const DATE_DIGITS = 8;
const PHONE_DIGITS = 11;

/**
 * A date as typed, shown as dd/mm/aaaa while it is typed: '15031959' → '15/03/1959', '1503' →
 * '15/03'. A slash is added only before a digit that follows it, so deleting one is never undone.
 * A date pasted as `yyyy-MM-dd` is turned around.
 * @param text - what the field holds now
 */
export function maskDate(text: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  if (iso) return `${iso[3] ?? ''}/${iso[2] ?? ''}/${iso[1] ?? ''}`;
  const digits = text.replace(/\D/g, '').slice(0, DATE_DIGITS);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/**
 * A Brazilian phone as typed, shown with its DDD and hyphen while it is typed: '1134567890' →
 * '(11) 3456-7890', '11987654321' → '(11) 98765-4321'. A number typed with '+' (another country,
 * or +55) or with more digits than a Brazilian phone has is left as typed.
 * @param text - what the field holds now
 */
export function maskPhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (text.trim().startsWith('+') || digits.length > PHONE_DIGITS) return text;
  if (digits.length === 0) return '';
  const ddd = digits.slice(0, 2);
  const number = digits.slice(2);
  if (number.length === 0) return `(${ddd}`;
  // 3456-7890 for a landline while it has up to 8 digits; 98765-4321 once a ninth makes it a
  // mobile.
  const split = number.length > 8 ? 5 : 4;
  const tail = number.slice(split);
  return `(${ddd}) ${number.slice(0, split)}${tail ? `-${tail}` : ''}`;
}

/** The mask's text for what the field holds. */
export function applyMask(mask: InputMask, text: string): string {
  return mask === 'date' ? maskDate(text) : maskPhone(text);
}

/**
 * Where the caret goes in the masked text: after as many digits as stood before it in the text
 * as typed, so typing or deleting in the middle does not throw it to the end.
 * @param typed - the text as the browser had it, before the mask
 * @param caret - the caret's position in `typed`
 * @param masked - the text after the mask
 */
export function caretAfterMask(typed: string, caret: number, masked: string): number {
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index += 1) {
    if (/\d/.test(masked.charAt(index))) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return masked.length;
}
