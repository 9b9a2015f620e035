import type { TextSpan } from '../../shared/extraction-evidence';

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
    const char = String.fromCodePoint(codePoint);
    const width = char.length;
    const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[\p{L}\p{N}]+$/u.test(base)) {
      if (pendingSpace && folded.length > 0) {
        folded += ' ';
        origin.push(index);
        originEnd.push(index);
      }
      pendingSpace = false;
      folded += base;
      for (let unit = 0; unit < base.length; unit++) {
        origin.push(index);
        originEnd.push(index + width);
      }
    } else if (!/\p{M}/u.test(char)) {
      pendingSpace = true;
    }
    index += width;
  }
  return { folded, origin, originEnd };
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
  let folded: FoldedText | undefined;
  return quotes.map((quote) => {
    const wanted = quote.trim();
    if (!wanted) return undefined;
    const exact = wordAlignedIndexOf(text, wanted, (char) => /[\p{L}\p{N}]/u.test(char));
    if (exact >= 0) return { start: exact, end: exact + wanted.length };
    folded ??= foldWithOrigin(text);
    return findFolded(folded, foldWithOrigin(wanted).folded);
  });
}

function findFolded(text: FoldedText, quote: string): TextSpan | undefined {
  if (!quote) return undefined;
  const at = wordAlignedIndexOf(text.folded, quote, (char) => char !== ' ');
  if (at >= 0) return originalSpan(text, at, at + quote.length);
  if (quote.length < FUZZY_MIN_LENGTH || quote.length > FUZZY_MAX_LENGTH) return undefined;
  const fuzzy = closestStretch(text.folded, quote);
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

/**
 * The stretch of the text closest to the quote within the edit budget, searched only around
 * the places where one of the quote's longer words starts (or nearly: its first three letters),
 * so a long consultation costs a few windows, not its whole length.
 */
function closestStretch(text: string, quote: string): TextSpan | undefined {
  const budget = Math.floor(quote.length * FUZZY_EDITS_PER_CHARACTER);
  let best: (TextSpan & { edits: number }) | undefined;
  const tried = new Set<number>();
  let offsetInQuote = 0;
  for (const word of quote.split(' ')) {
    if (word.length >= ANCHOR_MIN_LENGTH) {
      const stem = ` ${word.slice(0, 3)}`;
      for (let at = (' ' + text).indexOf(stem); at >= 0; at = (' ' + text).indexOf(stem, at + 1)) {
        const windowStart = Math.max(0, at - offsetInQuote - budget);
        if (tried.has(windowStart)) continue;
        tried.add(windowStart);
        const windowEnd = Math.min(text.length, at - offsetInQuote + quote.length + budget);
        const found = bestMatchIn(text, windowStart, windowEnd, quote, budget);
        if (found && (!best || found.edits < best.edits)) best = found;
        if (best?.edits === 0) return best;
      }
    }
    offsetInQuote += word.length + 1;
  }
  if (!best) return undefined;
  const { start, end } = trimmedToWords(text, best);
  return { start, end };
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
  let cost = Array.from({ length: length + 1 }, (_, index) => index);
  let start = new Array<number>(length + 1).fill(from);
  let best: (TextSpan & { edits: number }) | undefined;
  for (let position = from; position < to; position++) {
    const nextCost = [0];
    const nextStart = [position + 1];
    for (let index = 1; index <= length; index++) {
      const substitution = (cost[index - 1] ?? 0) + (quote[index - 1] === text[position] ? 0 : 1);
      const skipText = (cost[index] ?? 0) + 1;
      const skipQuote = (nextCost[index - 1] ?? 0) + 1;
      const least = Math.min(substitution, skipText, skipQuote);
      nextCost.push(least);
      nextStart.push(
        least === substitution
          ? (start[index - 1] ?? from)
          : least === skipText
            ? (start[index] ?? from)
            : (nextStart[index - 1] ?? from),
      );
    }
    cost = nextCost;
    start = nextStart;
    const edits = cost[length] ?? Infinity;
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
