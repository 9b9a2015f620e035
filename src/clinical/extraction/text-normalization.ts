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
 * Cleans a pasted or transcribed consultation: one Unicode form (NFC), one kind of line break,
 * plain quotes and dashes, single spaces. Line breaks stay: they separate speakers and sections.
 */
export function normalizeConsultationText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\t\u00a0\u2000-\u200b\u202f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Normalises a consultation and derives the three aligned forms the rules read. */
export function prepareText(text: string): PreparedText {
  const original = normalizeConsultationText(text);
  const accentless = removeAccents(original);
  return { original, accentless, folded: foldText(original) };
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
export { capitalizeFirst } from '../../shared/pt-br-format';
