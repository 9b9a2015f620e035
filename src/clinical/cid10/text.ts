/**
 * How CID-10 descriptions and queries are cut into comparable words. Both go through the same
 * steps, so 'Infecções', 'infeccao' and 'INFECÇÃO' meet on one stem.
 */

/**
 * What each character of Latin-1 becomes in a folded word: its lower-case plain letter or digit
 * ('Ç' → 'c', 'é' → 'e'), or '' for a separator.
 */
const LATIN1_FOLD: readonly string[] = Array.from({ length: 256 }, (_, code) => foldChar(code));

function foldChar(code: number): string {
  const plain = String.fromCharCode(code).toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return /^[a-z0-9]$/.test(plain) ? plain : '';
}

/**
 * The words of a text, lower case and without accents: 'Infecção do trato-urinário' →
 * ['infeccao', 'do', 'trato', 'urinario']. Anything but letters and digits separates words.
 */
export function foldedWordsOf(text: string): string[] {
  // One pass, slicing plain words out of the lower-cased text and rebuilding only the words
  // with accents: indexing the full catalogue folds 14,000 descriptions at start-up, and
  // per-character string building or normalize() made that several times slower.
  const lower = text.toLowerCase();
  const words: string[] = [];
  let start = -1;
  let plain = true;
  for (let i = 0; i <= lower.length; i += 1) {
    const code = i < lower.length ? lower.charCodeAt(i) : 32;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start < 0) {
        start = i;
        plain = true;
      }
    } else if (code >= 128 && foldCharAt(lower, i) !== '') {
      if (start < 0) start = i;
      plain = false;
    } else if (start >= 0) {
      const word = lower.slice(start, i);
      words.push(plain ? word : word.replace(/[^a-z0-9]/g, (char) => foldCharAt(char, 0)));
      start = -1;
    }
  }
  return words;
}

function foldCharAt(text: string, index: number): string {
  const code = text.charCodeAt(index);
  return code < 256 ? (LATIN1_FOLD[code] ?? '') : foldOutsideLatin1(text.charAt(index));
}

function foldOutsideLatin1(char: string): string {
  const plain = char.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return /^[a-z0-9]+$/.test(plain) ? plain : '';
}

/** Lower case, accents removed, anything but letters and digits as a single space. */
export function foldText(text: string): string {
  return foldedWordsOf(text).join(' ');
}

/**
 * Words that carry no meaning in a search ('dor de cabeça' is about 'dor' and 'cabeça').
 * 'com', 'sem' and 'não' are kept: 'enxaqueca sem aura' and 'com aura' are different codes.
 */
const STOPWORDS = new Set([
  'a',
  'o',
  'as',
  'os',
  'e',
  'de',
  'do',
  'da',
  'dos',
  'das',
  'em',
  'no',
  'na',
  'nos',
  'nas',
  'ao',
  'aos',
  'por',
  'pelo',
  'pela',
  'pelos',
  'pelas',
  'para',
  'um',
  'uma',
  'uns',
  'umas',
  'ou',
  'que',
  'se',
]);

/**
 * A light Portuguese stemmer: plural to singular, then the final vowel off, so that gender and
 * number meet ('urinário' / 'urinária' → 'urinari'; 'infecções' / 'infecção' → 'infecca';
 * 'alta' / 'altos' → 'alt'). Short words (≤ 3 letters: 'dor', 'has', 'dm2') and words with
 * digits are kept whole. It never needs to produce a real root, only the same key for the
 * variants a doctor types and the official text uses.
 * @param word - a folded word (see {@link foldText})
 */
export function stemWord(word: string): string {
  const length = word.length;
  if (length <= 3 || /\d/.test(word)) return word;
  let stem = word;
  // Plural to singular (endsWith rather than regular expressions: this runs for every word of
  // every description when the catalogue is indexed).
  if (word.endsWith('oes') || word.endsWith('aes')) stem = `${word.slice(0, -3)}ao`;
  else if (word.endsWith('ais')) stem = `${word.slice(0, -3)}al`;
  else if (word.endsWith('eis')) stem = `${word.slice(0, -3)}el`;
  else if (word.endsWith('ois')) stem = `${word.slice(0, -3)}ol`;
  else if (word.endsWith('ns')) stem = `${word.slice(0, -2)}m`;
  else if (length > 5 && (word.endsWith('res') || word.endsWith('ses') || word.endsWith('zes'))) {
    stem = word.slice(0, -2);
  } else if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    stem = word.slice(0, -1);
  }
  const last = stem.charAt(stem.length - 1);
  if (stem.length > 3 && (last === 'a' || last === 'e' || last === 'o')) stem = stem.slice(0, -1);
  return stem;
}

/** The meaningful words of a text, folded and stemmed, in order (repeats kept). */
export function stemsOf(text: string): string[] {
  const stems: string[] = [];
  for (const word of foldedWordsOf(text)) {
    if (!STOPWORDS.has(word)) stems.push(stemWord(word));
  }
  return stems;
}

/**
 * Stems that say little about which disease is meant ('não especificada', 'outras', 'sem'):
 * a description is not made less specific by them, so they are not counted when measuring how
 * much of a description a query covers.
 */
export const FILLER_STEMS: ReadonlySet<string> = new Set(
  [
    'não',
    'especificada',
    'especificado',
    'especificação',
    'outras',
    'outros',
    'sem',
    'com',
    'classificada',
    'classificados',
    'parte',
    'forma',
    'devida',
    'devido',
    'localização',
  ].flatMap((word) => stemsOf(word)),
);

/** Rows of the edit-distance table, reused: typo look-ups compare a word with hundreds. */
const DISTANCE_ROWS = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Edit distance with adjacent transpositions (optimal string alignment), giving up past `max`:
 * typos are usually one letter missing, extra, wrong or swapped.
 * @returns the distance, or `max + 1` when it is larger than `max` (or a word is over 60 letters)
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max || a.length > 60 || b.length > 60) return max + 1;
  let [beforePrevious, previous, current] = DISTANCE_ROWS;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    const charA = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j += 1) {
      const charB = b.charCodeAt(j - 1);
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (charA === charB ? 0 : 1),
      );
      if (i > 1 && j > 1 && charA === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === charB) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length] ?? max + 1;
}
