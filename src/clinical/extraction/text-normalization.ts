/**
 * The consultation text in the forms the extraction rules read. Rules match on `folded` (lower
 * case, no accents), check abbreviations on `accentless` (case kept: 'HAS' is an abbreviation,
 * 'has' is not) and copy what they return (names, complaints) from `original`. All three have
 * the same length, so an index found in one points at the same character in the others.
 */
export interface PreparedText {
  original: string;
  accentless: string;
  folded: string;
  /** For each unit of `original`, where in the text as submitted it came from. */
  source?: { from: Int32Array; to: Int32Array };
}

/** Characters whose base letter differs from the character itself, computed once. */
const baseLetterCache = new Map<string, string>();

function baseLetter(char: string): string {
  const cached = baseLetterCache.get(char);
  if (cached !== undefined) return cached;
  // NFD splits 'é' into 'e' + a combining mark; the first unit is the base letter. Taking only
  // that one unit keeps the length, even for characters that decompose into several.
  const base = char.normalize('NFD').charAt(0) || char;
  baseLetterCache.set(char, base);
  return base;
}

/** Same text without accents ('Ação' → 'Acao'), one output character per input character. */
export function removeAccents(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    out += char.charCodeAt(0) < 0x80 ? char : baseLetter(char);
  }
  return out;
}

/** Lower case and without accents, one output character per input character. */
export function foldText(text: string): string {
  const accentless = removeAccents(text);
  let out = '';
  for (let i = 0; i < accentless.length; i++) {
    const char = accentless.charAt(i);
    const lower = char.toLowerCase();
    // A few capitals lower-case into two characters ('İ'); keep one to keep the length.
    out += lower.length === 1 ? lower : char;
  }
  return out;
}

/**
 * A text with, for each of its UTF-16 units, the stretch of another text it came from:
 * `from[i]` to `to[i]` (exclusive) in the source.
 */
interface MappedText {
  text: string;
  from: Int32Array;
  to: Int32Array;
}

/**
 * `mapped.text.replace(pattern, replacement)`, keeping the map: the units of each replacement
 * come from the whole stretch the match came from; the units not matched keep theirs.
 */
function replaceMapped(mapped: MappedText, pattern: RegExp, replacement: string): MappedText {
  const from: number[] = [];
  const to: number[] = [];
  let text = '';
  let at = 0;
  const keep = (end: number) => {
    for (let i = at; i < end; i++) {
      from.push(mapped.from[i] ?? 0);
      to.push(mapped.to[i] ?? 0);
    }
    text += mapped.text.slice(at, end);
  };
  for (const match of mapped.text.matchAll(pattern)) {
    keep(match.index);
    const end = match.index + match[0].length;
    const start = mapped.from[match.index] ?? 0;
    const stop = mapped.to[end - 1] ?? start;
    for (let i = 0; i < replacement.length; i++) {
      from.push(start);
      to.push(stop);
    }
    text += replacement;
    at = end;
  }
  keep(mapped.text.length);
  return { text, from: Int32Array.from(from), to: Int32Array.from(to) };
}

/**
 * NFC, keeping the map: each character with its combining marks is composed on its own, so
 * every unit it yields comes from that character. Undefined in the rare case where composing the
 * whole text gives another result (Hangul syllables written as jamo).
 */
function composedMapped(text: string): MappedText | undefined {
  const from: number[] = [];
  const to: number[] = [];
  let composed = '';
  for (const cluster of text.matchAll(/[^\p{M}]?\p{M}*/gsu)) {
    if (cluster[0] === '') continue;
    const part = cluster[0].normalize('NFC');
    for (let i = 0; i < part.length; i++) {
      from.push(cluster.index);
      to.push(cluster.index + cluster[0].length);
    }
    composed += part;
  }
  if (composed !== text.normalize('NFC')) return undefined;
  return { text: composed, from: Int32Array.from(from), to: Int32Array.from(to) };
}

/** The cleaning steps after NFC, in order: what each pattern becomes. */
const CLEANING_STEPS: readonly (readonly [RegExp, string])[] = [
  [/\r\n?/g, '\n'],
  [/[\u2018\u2019\u00b4`]/g, "'"],
  [/[\u201c\u201d]/g, '"'],
  [/[\u2013\u2014]/g, '-'],
  [/[\t\u00a0\u2000-\u200b\u202f]+/g, ' '],
  [/ {2,}/g, ' '],
  [/ *\n */g, '\n'],
  // What String.prototype.trim removes: \s is the same set of characters.
  [/^\s+|\s+$/g, ''],
];

/**
 * The cleaned consultation (see {@link normalizeConsultationText}) with, for each of its units,
 * where in the submitted text it came from — so a rule's match can be shown in the words the
 * doctor sees. No map in the rare case NFC cannot be followed character by character.
 */
export function normalizeWithSourceMap(text: string): {
  text: string;
  source?: { from: Int32Array; to: Int32Array };
} {
  const composed = composedMapped(text);
  if (!composed) {
    return {
      text: CLEANING_STEPS.reduce(
        (cleaned, [pattern, replacement]) => cleaned.replace(pattern, replacement),
        text.normalize('NFC'),
      ),
    };
  }
  const cleaned = CLEANING_STEPS.reduce(
    (mapped, [pattern, replacement]) => replaceMapped(mapped, pattern, replacement),
    composed,
  );
  return { text: cleaned.text, source: { from: cleaned.from, to: cleaned.to } };
}

/**
 * Cleans a pasted or transcribed consultation: one Unicode form (NFC), one kind of line break,
 * plain quotes and dashes, single spaces. Line breaks stay: they separate speakers and sections.
 */
export function normalizeConsultationText(text: string): string {
  return normalizeWithSourceMap(text).text;
}

/** Normalises a consultation and derives the three aligned forms the rules read. */
export function prepareText(text: string): PreparedText {
  const { text: original, source } = normalizeWithSourceMap(text);
  const accentless = removeAccents(original);
  return { original, accentless, folded: foldText(original), ...(source ? { source } : {}) };
}

/**
 * Where a stretch of the prepared text (`start` to `end`) is in the text as submitted; undefined
 * without a map.
 */
export function sourceSpan(
  prepared: PreparedText,
  start: number,
  end: number,
): { start: number; end: number } | undefined {
  const from = prepared.source?.from[start];
  const to = prepared.source?.to[end - 1];
  if (from === undefined || to === undefined || end <= start) return undefined;
  return { start: from, end: to };
}

/**
 * Tidies a phrase cut out of the text for a record field: single spaces, no space before
 * punctuation, no dangling punctuation or connective at either end.
 */
export function cleanPhrase(phrase: string): string {
  let out = phrase
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
  for (;;) {
    const next = out
      .replace(/^[\s,.;:!?"'\-–]+|[\s,.;:"'\-–]+$/g, '')
      .replace(/^(?:e|ou|mas|que)\s+/i, '')
      .replace(/\s+(?:e|ou|mas|que|com|de|da|do|a|o|na|no|em|pra|para)$/i, '')
      .trim();
    if (next === out) return out;
    out = next;
  }
}

/** Record fields start with a capital letter: 'dor de garganta' → 'Dor de garganta'. */
export { capitalizeFirst } from '@shared/lib/pt-br-format';
