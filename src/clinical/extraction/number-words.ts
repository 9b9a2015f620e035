/**
 * Numbers as Brazilians say and write them: digits with a decimal comma ('38,5'), or words
 * ('sessenta e dois', 'trinta e oito e meio'). Transcribed speech spells numbers out, notes use
 * digits; every rule that reads a number accepts both through {@link NUMBER_PATTERN}.
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
// At most six more words ('mil novecentos e oitenta e quatro'): a bound keeps a long run of
// 'um e um e …' from making every rule quadratic.
const SPELLED = `${WORD}(?:\\s+(?:e\\s+)?(?:${WORD}|mil)|\\s+mil){0,6}(?:\\s+e\\s+mei[oa])?`;
// '1.200.000 UI': a full stop between groups of three digits separates thousands.
const DIGITS = `(?:\\d{1,3}(?:\\.\\d{3})+(?![\\d,])|\\d+(?:[.,]\\d+)?)(?:\\s+e\\s+mei[oa])?`;

/**
 * Regular-expression source for one number, in digits or words, to embed in the rules'
 * patterns (which run on folded text). Wrap it in a group to capture it; read the capture with
 * {@link parsePortugueseNumber}.
 */
export const NUMBER_PATTERN = `(?:${DIGITS}|\\b${SPELLED}\\b)`;

/**
 * The value of a number written in digits or words.
 * @param text - folded text (lower case, no accents): '62', '38,5', 'sessenta e dois',
 *   'trinta e oito e meio', 'cento e vinte', 'dois mil'
 * @returns the number, or undefined when the words do not make one ('dois e tres')
 */
export function parsePortugueseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  const half = /\s+e\s+mei[oa]$/.test(trimmed) ? 0.5 : 0;
  const body = half ? trimmed.replace(/\s+e\s+mei[oa]$/, '') : trimmed;
  if (/^\d{1,3}(?:\.\d{3})+$/.test(body)) return Number(body.replace(/\./g, '')) + half;
  if (/^\d+(?:[.,]\d+)?$/.test(body)) {
    const value = Number(body.replace(',', '.'));
    return Number.isFinite(value) ? value + half : undefined;
  }
  const value = parseSpelledNumber(body);
  return value === undefined ? undefined : value + half;
}

function parseSpelledNumber(text: string): number | undefined {
  const tokens = text.split(/\s+/).filter((token) => token !== 'e');
  if (tokens.length === 0) return undefined;
  let total = 0;
  let group = 0;
  // Each word of a group must be of a lower order than the one before: 'cento e vinte e dois'
  // reads as 100 + 20 + 2, while 'vinte cento' is not a number.
  let lastRank = Infinity;
  for (const token of tokens) {
    if (token === 'mil') {
      total += (group || 1) * 1000;
      group = 0;
      lastRank = Infinity;
      continue;
    }
    const word = NUMBER_WORDS[token];
    if (!word || word.rank >= lastRank) return undefined;
    // 'dez' to 'dezenove' take the units' place as well: nothing of rank 0 may follow them.
    lastRank = word.value >= 10 && word.value < 20 ? 0 : word.rank;
    group += word.value;
  }
  return total + group;
}
