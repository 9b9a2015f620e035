/**
 * Numbers as Brazilians say and write them: digits with a decimal comma ('38,5'), or words
 * ('sessenta e dois', 'trinta e oito e meio', 'trinta e sete vírgula oito'). Transcribed speech
 * spells numbers out, notes use digits; every rule that reads a number accepts both through
 * {@link NUMBER_PATTERN}.
 */

/** Value of each number word (folded: lower case, no accents) and its order of magnitude. */
const NUMBER_WORDS: Record<string, { value: number; rank: number }> = {
  zero: { value: 0, rank: 0 },
  um: { value: 1, rank: 0 },
  uma: { value: 1, rank: 0 },
  dois: { value: 2, rank: 0 },
  duas: { value: 2, rank: 0 },
  tres: { value: 3, rank: 0 },
  quatro: { value: 4, rank: 0 },
  cinco: { value: 5, rank: 0 },
  seis: { value: 6, rank: 0 },
  sete: { value: 7, rank: 0 },
  oito: { value: 8, rank: 0 },
  nove: { value: 9, rank: 0 },
  dez: { value: 10, rank: 1 },
  onze: { value: 11, rank: 1 },
  doze: { value: 12, rank: 1 },
  treze: { value: 13, rank: 1 },
  catorze: { value: 14, rank: 1 },
  quatorze: { value: 14, rank: 1 },
  quinze: { value: 15, rank: 1 },
  dezesseis: { value: 16, rank: 1 },
  dezasseis: { value: 16, rank: 1 },
  dezessete: { value: 17, rank: 1 },
  dezoito: { value: 18, rank: 1 },
  dezenove: { value: 19, rank: 1 },
  vinte: { value: 20, rank: 1 },
  trinta: { value: 30, rank: 1 },
  quarenta: { value: 40, rank: 1 },
  cinquenta: { value: 50, rank: 1 },
  cincoenta: { value: 50, rank: 1 },
  sessenta: { value: 60, rank: 1 },
  setenta: { value: 70, rank: 1 },
  oitenta: { value: 80, rank: 1 },
  noventa: { value: 90, rank: 1 },
  cem: { value: 100, rank: 2 },
  cento: { value: 100, rank: 2 },
  duzentos: { value: 200, rank: 2 },
  duzentas: { value: 200, rank: 2 },
  trezentos: { value: 300, rank: 2 },
  trezentas: { value: 300, rank: 2 },
  quatrocentos: { value: 400, rank: 2 },
  quinhentos: { value: 500, rank: 2 },
  quinhentas: { value: 500, rank: 2 },
  seiscentos: { value: 600, rank: 2 },
  setecentos: { value: 700, rank: 2 },
  oitocentos: { value: 800, rank: 2 },
  novecentos: { value: 900, rank: 2 },
};

// Longest first, so the alternation never stops at a prefix ('dez' inside 'dezoito').
const WORD = `(?:${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
// Portuguese joins hundreds, tens and units with 'e' ('cento e cinquenta e dois'); only 'mil'
// goes without it ('dois mil', 'mil novecentos'). So 'oitocentos e cinquenta duas vezes' is 850
// followed by another number, not 852.
const JOINED = `(?:\\s+e\\s+${WORD}|\\s+mil\\b(?:\\s+${WORD})?)`;
// The part after a spoken comma: 'vírgula oito', 'ponto vinte e cinco', 'vírgula zero cinco'.
const SPOKEN_FRACTION = `\\s+(?:virgula|ponto)\\s+(?:zero\\s+){0,2}${WORD}(?:\\s+e\\s+${WORD})?`;
const HALF = `\\s+e\\s+mei[oa]`;
// At most six more words ('mil novecentos e oitenta e quatro'): a bound keeps a long run of
// 'um e um e …' from making every rule quadratic.
const SPELLED = `${WORD}${JOINED}{0,6}(?:${SPOKEN_FRACTION}|${HALF})?`;
// '1.200.000 UI': a full stop between groups of three digits separates thousands.
const DIGITS = `(?:\\d{1,3}(?:\\.\\d{3})+(?![\\d,])|\\d+(?:[.,]\\d+|\\s+(?:virgula|ponto)\\s+\\d+)?)(?:${HALF})?`;

/**
 * Regular-expression source for one number, in digits or words, to embed in the rules'
 * patterns (which run on folded text). Wrap it in a group to capture it; read the capture with
 * {@link parsePortugueseNumber}.
 */
export const NUMBER_PATTERN = `(?:${DIGITS}|\\b${SPELLED}\\b)`;

/**
 * The value of a number written in digits or words.
 * @param text - folded text (lower case, no accents): '62', '38,5', 'sessenta e dois',
 *   'trinta e oito e meio', 'trinta e sete virgula oito', 'cento e vinte', 'dois mil'
 * @returns the number, or undefined when the words do not make one ('dois e tres',
 *   'cinquenta duas')
 */
export function parsePortugueseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  const halfMatch = /\s+e\s+mei[oa]$/.exec(trimmed);
  const body = halfMatch ? trimmed.slice(0, halfMatch.index) : trimmed;
  const half = halfMatch ? 0.5 : 0;
  const comma = /\s+(?:virgula|ponto)\s+/.exec(body);
  if (comma) {
    const whole = parseWholeNumber(body.slice(0, comma.index));
    const fraction = readFractionDigits(body.slice(comma.index + comma[0].length));
    if (whole === undefined || fraction === undefined || half || !Number.isInteger(whole)) {
      return undefined;
    }
    return Number(`${whole}.${fraction}`);
  }
  const value = parseWholeNumber(body);
  return value === undefined ? undefined : value + half;
}

/**
 * A reading said with its comma left out, as people say temperatures, heights and weights:
 * 'trinta e oito e sete' (38,7), 'um e sessenta e cinco' (1,65), 'setenta e dois e quinhentos'
 * (72,500). Only for a rule that expects such a reading: elsewhere 'três e dois' is two numbers.
 * @param text - folded text; a number {@link parsePortugueseNumber} reads is returned as is
 * @returns the number, or undefined when no split of the words makes a whole and its decimals
 */
export function parseSpokenDecimal(text: string): number | undefined {
  const direct = parsePortugueseNumber(text);
  if (direct !== undefined) return direct;
  const trimmed = text.trim();
  if (/\d/.test(trimmed)) return undefined;
  // The longest whole part wins: 'trinta e oito e sete' splits after 'oito', never after 'trinta'.
  const joints = [...trimmed.matchAll(/\s+e\s+/g)].reverse();
  for (const joint of joints) {
    const whole = parseSpelledNumber(trimmed.slice(0, joint.index));
    const decimals = parseSpelledNumber(trimmed.slice(joint.index + joint[0].length));
    if (whole === undefined || decimals === undefined || decimals >= 1000) continue;
    return Number(`${whole}.${decimals}`);
  }
  return undefined;
}

function parseWholeNumber(text: string): number | undefined {
  if (/^\d{1,3}(?:\.\d{3})+$/.test(text)) return Number(text.replace(/\./g, ''));
  if (/^\d+(?:[.,]\d+)?$/.test(text)) {
    const value = Number(text.replace(',', '.'));
    return Number.isFinite(value) ? value : undefined;
  }
  return parseSpelledNumber(text);
}

/** The digits after a spoken comma: '8', 'oito' → '8'; 'zero cinco' → '05'; 'vinte e cinco' → '25'. */
function readFractionDigits(text: string): string | undefined {
  if (/^\d+$/.test(text)) return text;
  const zeros = /^(?:zero\s+)*/.exec(text)?.[0] ?? '';
  const value = parseSpelledNumber(text.slice(zeros.length));
  if (value === undefined || value >= 1000) return undefined;
  return '0'.repeat(zeros.split(/\s+/).filter(Boolean).length) + String(value);
}

function parseSpelledNumber(text: string): number | undefined {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length === 0 || tokens[0] === '') return undefined;
  let total = 0;
  let group = 0;
  // Each word of a group must be of a lower order than the one before: 'cento e vinte e dois'
  // reads as 100 + 20 + 2, while 'vinte cento' is not a number.
  let lastRank = Infinity;
  let previous: string | undefined;
  let joinedByE = false;
  for (const token of tokens) {
    if (token === 'e') {
      // 'e' only between two words: never first, last or twice in a row.
      if (previous === undefined || joinedByE) return undefined;
      joinedByE = true;
      continue;
    }
    if (token === 'mil') {
      total += (group || 1) * 1000;
      group = 0;
      lastRank = Infinity;
    } else {
      const word = NUMBER_WORDS[token];
      if (!word || word.rank >= lastRank) return undefined;
      // Two words of one group are joined by 'e': 'cinquenta duas' is two numbers.
      if (previous !== undefined && previous !== 'mil' && !joinedByE) return undefined;
      // 'dez' to 'dezenove' take the units' place as well: nothing of rank 0 may follow them.
      lastRank = word.value >= 10 && word.value < 20 ? 0 : word.rank;
      group += word.value;
    }
    previous = token;
    joinedByE = false;
  }
  if (joinedByE) return undefined;
  return total + group;
}
