/**
 * Quantities written out in Brazilian Portuguese, as a controlled-medicine prescription must show
 * them: '30 (trinta) comprimidos', '2 (duas) caixas'. Reading spelled numbers back is the job of
 * `src/clinical/extraction/spoken-numbers.ts`.
 */

/** Grammatical gender of the counted noun: 'dois comprimidos', 'duas caixas'. */
export type NumberGender = 'masculine' | 'feminine';

/** The largest quantity {@link quantityInWords} writes. */
export const QUANTITY_IN_WORDS_MAX = 9999;

const UNITS = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'catorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
] as const;
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
] as const;
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
] as const;

/** 'um' → 'uma', 'duzentos' → 'duzentas'; every other word is the same in both genders. */
function inGender(word: string, gender: NumberGender): string {
  if (gender === 'masculine') return word;
  if (word === 'um') return 'uma';
  if (word === 'dois') return 'duas';
  return word.endsWith('entos') ? `${word.slice(0, -2)}as` : word;
}

/** 1–999 in words ('cento e vinte e um'); 0 gives no words. */
function belowThousand(n: number, gender: NumberGender): string[] {
  if (n === 0) return [];
  if (n === 100) return ['cem'];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(inGender(HUNDREDS[hundreds] ?? '', gender));
  if (rest >= 20) {
    parts.push(TENS[Math.floor(rest / 10)] ?? '');
    if (rest % 10 > 0) parts.push(inGender(UNITS[rest % 10] ?? '', gender));
  } else if (rest > 0) {
    parts.push(inGender(UNITS[rest] ?? '', gender));
  }
  return parts;
}

/**
 * A whole quantity in Brazilian Portuguese words: 0 'zero', 21 'vinte e um', 120 'cento e vinte',
 * 1500 'mil e quinhentos', 1520 'mil quinhentos e vinte', 2000 'dois mil'.
 * @param n - an integer from 0 to 9999
 * @param gender - of the noun counted: `quantityInWords(2, 'feminine')` → 'duas' (caixas)
 * @throws RangeError for a fraction, a negative number or one above 9999
 */
export function quantityInWords(n: number, gender: NumberGender = 'masculine'): string {
  if (!Number.isInteger(n) || n < 0 || n > QUANTITY_IN_WORDS_MAX) {
    throw new RangeError(`Quantidade fora do intervalo de 0 a ${QUANTITY_IN_WORDS_MAX}: ${n}`);
  }
  if (n === 0) return UNITS[0];
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const restWords = belowThousand(rest, gender).join(' e ');
  if (thousands === 0) return restWords;
  // 'mil', not 'um mil'; 'dois mil' but 'duas mil caixas'.
  const thousandWords =
    thousands === 1 ? 'mil' : `${belowThousand(thousands, gender).join(' e ')} mil`;
  if (rest === 0) return thousandWords;
  // 'e' joins the thousands to a last group below 100 or of whole hundreds ('mil e cem',
  // 'mil e vinte'); otherwise the 'e' sits inside the hundreds ('mil quinhentos e vinte').
  const joiner = rest < 100 || rest % 100 === 0 ? ' e ' : ' ';
  return `${thousandWords}${joiner}${restWords}`;
}

/** Feminine nouns that do not end in -a or -as. */
const FEMININE_NOUNS =
  /^(?:unidades?|colher(?:es)?|doses?|aplica[cç](?:ão|ões)|inala[cç](?:ão|ões))$/i;
/** Masculine nouns that end in -a or -as. */
const MASCULINE_NOUNS = /^(?:dias?|programas?|sistemas?)$/i;

/**
 * The gender of a unit as counted on a prescription: 'caixas', 'cápsulas', 'ampolas', 'gotas',
 * 'unidades' are feminine; 'comprimidos', 'frascos', 'envelopes' masculine.
 * @param unit - the unit's words; the first one decides ('caixas de 20 comprimidos' → feminine)
 */
export function genderOfUnit(unit: string): NumberGender {
  const noun = unit.trim().split(/\s+/)[0] ?? '';
  if (MASCULINE_NOUNS.test(noun)) return 'masculine';
  return /as?$/i.test(noun) || FEMININE_NOUNS.test(noun) ? 'feminine' : 'masculine';
}

/**
 * A quantity in numerals and words, as Portaria SVS/MS 344/98 asks of controlled medicines:
 * `quantityWithWords(30, 'comprimidos')` → '30 (trinta) comprimidos',
 * `quantityWithWords(2, 'caixas')` → '2 (duas) caixas'.
 * @param n - an integer from 0 to 9999
 * @param unit - the unit, already in the right number ('comprimido' for 1, 'comprimidos' for 30)
 * @param gender - of the unit; guessed from it by {@link genderOfUnit} when left out
 * @throws RangeError when n cannot be written in words (see {@link quantityInWords})
 */
export function quantityWithWords(n: number, unit: string, gender?: NumberGender): string {
  const words = quantityInWords(n, gender ?? genderOfUnit(unit));
  const trimmedUnit = unit.trim();
  return trimmedUnit ? `${n} (${words}) ${trimmedUnit}` : `${n} (${words})`;
}
