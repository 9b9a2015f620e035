import type { DispenseQuantity } from '../records/medical-record';
import { quantityWithWords, QUANTITY_IN_WORDS_MAX } from '../lib/numbers-in-words';
import { foldAccents } from '../lib/text-folding';

/**
 * The quantity to dispense as a receita prints it ('21 (vinte e uma) cápsulas'): the units a
 * pharmacy counts, in agreement with the amount, and the doctor's own figure read back from what
 * they typed. Computing it from a prescription's parts is src/clinical's job
 * (`computeDispenseQuantity`); this file only writes and reads it.
 */

/** The units a quantity to dispense is counted in, singular and plural. */
export const DISPENSE_UNITS = {
  comprimido: { singular: 'comprimido', plural: 'comprimidos' },
  capsula: { singular: 'cápsula', plural: 'cápsulas' },
  dragea: { singular: 'drágea', plural: 'drágeas' },
  frasco: { singular: 'frasco', plural: 'frascos' },
  ampola: { singular: 'ampola', plural: 'ampolas' },
  bisnaga: { singular: 'bisnaga', plural: 'bisnagas' },
  envelope: { singular: 'envelope', plural: 'envelopes' },
  caixa: { singular: 'caixa', plural: 'caixas' },
} as const;
export type DispenseUnit = keyof typeof DISPENSE_UNITS;

/**
 * A quantity to dispense in figures and words, its unit in the number the amount asks:
 * `describeDispenseQuantity(21, 'capsula')` → `{ amount: 21, unit: 'cápsulas',
 * text: '21 (vinte e uma) cápsulas' }`; 1 → '1 (uma) cápsula'.
 * @param amount - a whole number from 1 to 9999
 * @param unit - what is counted
 */
export function describeDispenseQuantity(amount: number, unit: DispenseUnit): DispenseQuantity {
  const noun = amount === 1 ? DISPENSE_UNITS[unit].singular : DISPENSE_UNITS[unit].plural;
  return { amount, unit: noun, text: quantityWithWords(amount, noun) };
}

/** Every singular and plural noun, folded, to the unit it names; also common abbreviations. */
const UNIT_BY_WORD: ReadonlyMap<string, DispenseUnit> = new Map([
  ...Object.entries(DISPENSE_UNITS).flatMap(([unit, nouns]) => [
    [foldAccents(nouns.singular), unit as DispenseUnit] as const,
    [foldAccents(nouns.plural), unit as DispenseUnit] as const,
  ]),
  ['cp', 'comprimido'],
  ['cps', 'comprimido'],
  ['comp', 'comprimido'],
  ['caps', 'capsula'],
  ['fr', 'frasco'],
  ['fco', 'frasco'],
  ['amp', 'ampola'],
  ['cx', 'caixa'],
  ['cxs', 'caixa'],
]);

/**
 * The doctor's own quantity read from what they typed in the receita editor: '21 cápsulas',
 * '2 frascos', '30 cp', '1 caixa'. A unit Prontu does not count ('1 tubo') is kept as typed. The
 * result is marked `enteredByDoctor`, so nothing recomputes it.
 * @param typed - the quantity as typed
 * @returns undefined when it does not start with a whole number from 1 to 9999
 */
export function dispenseQuantityFromText(typed: string): DispenseQuantity | undefined {
  const match = /^\s*(\d{1,4})\s*(?:\([^)]*\))?\s*([\p{L} .-]*?)\s*\.?\s*$/u.exec(typed);
  if (!match?.[1]) return undefined;
  const amount = Number(match[1]);
  if (amount < 1 || amount > QUANTITY_IN_WORDS_MAX) return undefined;
  const typedUnit = (match[2] ?? '').trim();
  const known = UNIT_BY_WORD.get(foldAccents(typedUnit).replace(/\.$/, ''));
  if (known) return { ...describeDispenseQuantity(amount, known), enteredByDoctor: true };
  return {
    amount,
    unit: typedUnit,
    text: quantityWithWords(amount, typedUnit),
    enteredByDoctor: true,
  };
}
