import type { TextSpan } from '@shared/ai/extraction-evidence';

/**
 * Where a quote stands in a consultation text, as the server finds it itself (a model's offsets
 * are never trusted): the exact words; else the same words in other case, accents, spacing or
 * punctuation ('Alergia a DIPIRONA.' in 'alergia à dipirona'); else the closest stretch within a
 * few edits, for transcription noise ('amoxicilina' heard as 'amoxicilena').
 */

/** Most edits a fuzzy match may need, per character of the quote: one in five. */
const FUZZY_EDITS_PER_CHARACTER = 0.2;
/** Quotes shorter than this must match without edits: a short word is too easily met by chance. */
const FUZZY_MIN_LENGTH = 5;
/** Longest quote tried fuzzily (folded characters): the search costs its length per character. */
const FUZZY_MAX_LENGTH = 400;
/** Word starts of the quote that place a fuzzy search window: words this long or longer. */
const ANCHOR_MIN_LENGTH = 4;

/** A text folded for matching, with each folded character's place in the original. */
interface FoldedText {
  folded: string;
  /** Where each folded character's source character starts in the original. */
  origin: number[];
  /** Where it ends. */
  originEnd: number[];
  /** Its words' starts and stems, once a fuzzy search needs them. */
  words?: { start: number; stem: string }[];
}

/**
 * Lower case, no accents, every run of what is not a letter or digit as one space, trimmed —
 * keeping where each character came from.
 */
function foldWithOrigin(text: string): FoldedText {
  let folded = '';
  const origin: number[] = [];
  const originEnd: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    const folding = foldingOf(codePoint);
    if (folding === SEPARATOR) {
      pendingSpace = true;
    } else if (folding !== '') {
      if (pendingSpace && folded.length > 0) {
        folded += ' ';
        origin.push(index);
        originEnd.push(index);
      }
      pendingSpace = false;
      folded += folding;
      for (let unit = 0; unit < folding.length; unit++) {
        origin.push(index);
        originEnd.push(index + width);
      }
    }
    index += width;
  }
  return { folded, origin, originEnd };
}

/** What a character folds to: its base letters in lower case, SEPARATOR, or '' (a mark). */
const SEPARATOR = ' ';
const foldings = new Map<number, string>();

function foldingOf(codePoint: number): string {
  // Plain ASCII letters and digits, most of any Portuguese text, without a look-up.
  if ((codePoint >= 0x61 && codePoint <= 0x7a) || (codePoint >= 0x30 && codePoint <= 0x39)) {
    return String.fromCharCode(codePoint);
  }
  if (codePoint >= 0x41 && codePoint <= 0x5a) return String.fromCharCode(codePoint + 0x20);
  if (codePoint < 0x80) return SEPARATOR;
  const known = foldings.get(codePoint);
  if (known !== undefined) return known;
  const char = String.fromCodePoint(codePoint);
  const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const folding = /^[\p{L}\p{N}]+$/u.test(base) ? base : /\p{M}/u.test(char) ? '' : SEPARATOR;
  foldings.set(codePoint, folding);
  return folding;
}

/** The original span of folded characters [start, end). */
function originalSpan(text: FoldedText, start: number, end: number): TextSpan {
  const from = text.origin[start] ?? 0;
  return { start: from, end: text.originEnd[end - 1] ?? from };
}

/**
 * Where the quote stands in the text, or undefined when it is not there.
 * @param text - the consultation as submitted (offsets are into it)
 * @param quote - the words said to be in it
 */
export function findQuote(text: string, quote: string): TextSpan | undefined {
  return findQuotes(text, [quote])[0];
}

/**
 * Finds each quote in one text, folding the text once.
 * @returns each quote's span, or undefined where it is not found
 */
export function findQuotes(text: string, quotes: readonly string[]): (TextSpan | undefined)[] {
  const search = textSearch(text);
  return quotes.map((quote) => search.find(quote));
}

/** Searches of one text that fold it once, however many are made. */
export interface TextSearch {
  /**
   * Where the quote stands, as {@link findQuote} finds it.
   * @param options.fuzzy - whether to try within a few edits when the words are not there
   *   (default true)
   */
  find(quote: string, options?: { fuzzy?: boolean }): TextSpan | undefined;
  /**
   * The first whole word of the text that starts with `start` (accents and case aside), or
   * equals it when `whole`: 'penicilin' finds 'Penicilinas'.
   */
  findWord(start: string, whole?: boolean): TextSpan | undefined;
}

export function textSearch(text: string): TextSearch {
  let folded: FoldedText | undefined;
  const foldedText = () => (folded ??= foldWithOrigin(text));
  return {
    find(quote, { fuzzy = true } = {}) {
      const wanted = quote.trim();
      if (!wanted) return undefined;
      const exact = wordAlignedIndexOf(text, wanted, (char) => /[\p{L}\p{N}]/u.test(char));
      if (exact >= 0) return { start: exact, end: exact + wanted.length };
      return findFolded(foldedText(), foldWithOrigin(wanted).folded, fuzzy);
    },
    findWord(start, whole = false) {
      const wanted = foldWithOrigin(start).folded;
      if (!wanted || wanted.includes(' ')) return undefined;
      const target = foldedText();
      for (
        let at = target.folded.indexOf(wanted);
        at >= 0;
        at = target.folded.indexOf(wanted, at + 1)
      ) {
        if (at > 0 && target.folded[at - 1] !== ' ') continue;
        let end = at + wanted.length;
        if (whole && end < target.folded.length && target.folded[end] !== ' ') continue;
        while (end < target.folded.length && target.folded[end] !== ' ') end++;
        return originalSpan(target, at, end);
      }
      return undefined;
    },
  };
}

function findFolded(text: FoldedText, quote: string, allowEdits: boolean): TextSpan | undefined {
  if (!quote) return undefined;
  const at = wordAlignedIndexOf(text.folded, quote, (char) => char !== ' ');
  if (at >= 0) return originalSpan(text, at, at + quote.length);
  if (!allowEdits || quote.length < FUZZY_MIN_LENGTH || quote.length > FUZZY_MAX_LENGTH)
    return undefined;
  const fuzzy = closestStretch(text, quote);
  return fuzzy && originalSpan(text, fuzzy.start, fuzzy.end);
}

/**
 * The first place the quote stands without cutting a word ('dor' is not in 'condor').
 * @param inWord - whether a character belongs to a word
 */
function wordAlignedIndexOf(
  text: string,
  quote: string,
  inWord: (char: string) => boolean,
): number {
  const startsWord = inWord(quote[0] ?? '');
  const endsWord = inWord(quote[quote.length - 1] ?? '');
  for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) {
    const before = at === 0 || !startsWord || !inWord(text[at - 1] ?? '');
    const end = at + quote.length;
    const after = end === text.length || !endsWord || !inWord(text[end] ?? '');
    if (before && after) return at;
  }
  return -1;
}

/** Windows tried per quote: the places where most of its words start, best first. */
const FUZZY_WINDOWS = 8;

/** The letters that stand for a word when looking for places a quote may start. */
const stemOf = (word: string) => word.slice(0, 3);

/**
 * The stretch of the text closest to the quote within the edit budget. Each word of the text
 * that starts like one of the quote's longer words votes for where the quote would then begin;
 * only the few places with the most votes are compared letter by letter, so the work is bounded
 * by the quote's length whatever the text's (a long consultation full of 'paciente' and 'dor').
 */
function closestStretch(text: FoldedText, quote: string): TextSpan | undefined {
  const budget = Math.floor(quote.length * FUZZY_EDITS_PER_CHARACTER);
  const offsetsOfStem = new Map<string, number[]>();
  let offset = 0;
  for (const word of quote.split(' ')) {
    if (word.length >= ANCHOR_MIN_LENGTH) {
      const offsets = offsetsOfStem.get(stemOf(word)) ?? [];
      offsets.push(offset);
      offsetsOfStem.set(stemOf(word), offsets);
    }
    offset += word.length + 1;
  }
  if (offsetsOfStem.size === 0) return undefined;
  // Votes by the quote's would-be start, in buckets of a few characters (spacing drifts).
  const votes = new Map<number, Set<string>>();
  for (const { start, stem } of wordsOf(text)) {
    for (const at of offsetsOfStem.get(stem) ?? []) {
      const bucket = Math.floor((start - at) / BUCKET_CHARACTERS);
      const voters = votes.get(bucket) ?? new Set<string>();
      voters.add(stem);
      votes.set(bucket, voters);
    }
  }
  // Half the quote's words must agree (a slip in a word's first letters costs it its vote).
  const needed = Math.max(1, Math.ceil(offsetsOfStem.size / 2));
  const windows = [...votes]
    .filter(([, voters]) => voters.size >= needed)
    .sort(([a, first], [b, second]) => second.size - first.size || a - b)
    .slice(0, FUZZY_WINDOWS);
  let best: (TextSpan & { edits: number }) | undefined;
  for (const [bucket] of windows) {
    const from = Math.max(0, bucket * BUCKET_CHARACTERS - budget);
    const to = Math.min(
      text.folded.length,
      bucket * BUCKET_CHARACTERS + BUCKET_CHARACTERS + quote.length + budget,
    );
    const found = bestMatchIn(text.folded, from, to, quote, budget);
    if (found && (!best || found.edits < best.edits)) best = found;
  }
  if (!best) return undefined;
  return trimmedToWords(text.folded, best);
}

/** Characters per bucket of would-be starts. */
const BUCKET_CHARACTERS = 8;

/** Where each word of the folded text starts, and its stem; worked out once per text. */
function wordsOf(text: FoldedText): { start: number; stem: string }[] {
  if (text.words) return text.words;
  const words: { start: number; stem: string }[] = [];
  for (const match of text.folded.matchAll(/[^ ]+/g)) {
    if (match[0].length >= 3) words.push({ start: match.index, stem: stemOf(match[0]) });
  }
  text.words = words;
  return words;
}

/**
 * The approximate occurrence of `quote` in text[from, to) with the fewest edits, at most
 * `budget` (Sellers' algorithm: an edit distance where the match may start anywhere).
 */
function bestMatchIn(
  text: string,
  from: number,
  to: number,
  quote: string,
  budget: number,
): (TextSpan & { edits: number }) | undefined {
  const length = quote.length;
  // cost[i]: edits to match quote[0, i) ending at the current text position; start[i]: where.
  let cost = new Int32Array(length + 1).map((_, index) => index);
  let start = new Int32Array(length + 1).fill(from);
  let nextCost = new Int32Array(length + 1);
  let nextStart = new Int32Array(length + 1);
  let best: (TextSpan & { edits: number }) | undefined;
  for (let position = from; position < to; position++) {
    nextCost[0] = 0;
    nextStart[0] = position + 1;
    const char = text.charCodeAt(position);
    for (let index = 1; index <= length; index++) {
      const substitution = (cost[index - 1] ?? 0) + (quote.charCodeAt(index - 1) === char ? 0 : 1);
      const skipText = (cost[index] ?? 0) + 1;
      const skipQuote = (nextCost[index - 1] ?? 0) + 1;
      if (substitution <= skipText && substitution <= skipQuote) {
        nextCost[index] = substitution;
        nextStart[index] = start[index - 1] ?? from;
      } else if (skipText <= skipQuote) {
        nextCost[index] = skipText;
        nextStart[index] = start[index] ?? from;
      } else {
        nextCost[index] = skipQuote;
        nextStart[index] = nextStart[index - 1] ?? from;
      }
    }
    [cost, nextCost] = [nextCost, cost];
    [start, nextStart] = [nextStart, start];
    const edits = cost[length] ?? length;
    // Among equally close stretches from one start, the longer: 'sulfa', not 'sul', for 'sufla'.
    if (
      edits <= budget &&
      (!best || edits < best.edits || (edits === best.edits && start[length] === best.start))
    ) {
      best = { start: start[length] ?? from, end: position + 1, edits };
    }
  }
  return best;
}

/** A fuzzy stretch as whole words: without spaces at either end, without half a word. */
function trimmedToWords(text: string, span: TextSpan): TextSpan {
  let { start, end } = span;
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  while (start > 0 && text[start - 1] !== ' ') start--;
  while (end < text.length && text[end] !== ' ') end++;
  return { start, end };
}
