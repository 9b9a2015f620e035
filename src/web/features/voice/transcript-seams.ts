/**
 * Joins the texts of a recording's segments when each segment began a little before the one
 * before it ended (docs/product.md, "Gravação e transcrição em trechos"): the words spoken in
 * that overlap come back in both texts, so at each seam the repeated words are dropped once.
 * Pure text work, no I/O.
 *
 * A word cut by a segment's edge may come back garbled at the end of one text and at the start of
 * the next, so the repeated run is looked for a couple of words in from each edge, and what lies
 * beyond it (the cut words) is dropped. Words are compared without case, accents or punctuation.
 */

/** One segment's text, and whether its audio began inside the previous segment's. */
export interface SegmentText {
  readonly text: string;
  /** False after a gap (a segment not transcribed), or when segments do not overlap. */
  readonly overlapsPrevious: boolean;
}

/** Most words a seam may repeat: far more than an overlap of a few seconds holds. */
const MAX_SEAM_WORDS = 30;

/** Words cut by a segment's edge that may be skipped, at each side of a seam. */
const MAX_EDGE_WORDS = 2;

/**
 * Fewest letters a repeated run needs to count as one, unless it is two or more whole words
 * right at both edges: a lone short word ('e', 'de', 'o') at both sides repeats by chance.
 */
const MIN_SEAM_LETTERS = 4;

interface Word {
  /** As written, punctuation included. */
  readonly text: string;
  /** As compared: lower case, no accents, letters and digits only ('' for bare punctuation). */
  readonly key: string;
}

/** Where a seam's repeated run lies: in the earlier text's words, and in the later one's. */
interface Seam {
  /** Index of the run's first word in the earlier text. */
  readonly earlierStart: number;
  /** Index of the run's first word in the later text. */
  readonly laterStart: number;
  /** Its length in words. */
  readonly length: number;
}

/**
 * The comparison key of a word: `Pressão,` and `pressao` are the same word.
 * @param word - one word as transcribed
 */
export function seamKey(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function wordsOf(text: string): Word[] {
  return (text.match(/\S+/g) ?? []).map((word) => ({ text: word, key: seamKey(word) }));
}

/**
 * The longest run of words that ends (but for at most {@link MAX_EDGE_WORDS} cut words) at the
 * end of `earlier` and begins (likewise) at the start of `later`; undefined when there is none
 * worth trusting. Bare punctuation is not a word here.
 */
function findSeam(earlier: readonly Word[], later: readonly Word[]): Seam | undefined {
  const earlierWords = earlier.flatMap((word, index) => (word.key ? [index] : []));
  const laterWords = later.flatMap((word, index) => (word.key ? [index] : []));
  let best: { seam: Seam; letters: number; skipped: number } | undefined;
  for (let cutEnd = 0; cutEnd <= MAX_EDGE_WORDS; cutEnd += 1) {
    for (let cutStart = 0; cutStart <= MAX_EDGE_WORDS; cutStart += 1) {
      const end = earlierWords.length - cutEnd;
      const longest = Math.min(MAX_SEAM_WORDS, end, laterWords.length - cutStart);
      for (let length = longest; length >= 1; length -= 1) {
        const run = Array.from({ length }, (_, i) => ({
          earlier: earlier[earlierWords[end - length + i] ?? -1],
          later: later[laterWords[cutStart + i] ?? -1],
        }));
        if (!run.every((pair) => pair.earlier && pair.earlier.key === pair.later?.key)) continue;
        const letters = run.reduce((sum, pair) => sum + (pair.earlier?.key.length ?? 0), 0);
        const atBothEdges = cutEnd === 0 && cutStart === 0 && length >= 2;
        if (letters < MIN_SEAM_LETTERS && !atBothEdges) break;
        const skipped = cutEnd + cutStart;
        if (
          !best ||
          letters > best.letters ||
          (letters === best.letters && skipped < best.skipped)
        ) {
          best = {
            seam: {
              earlierStart: earlierWords[end - length] ?? 0,
              laterStart: laterWords[cutStart] ?? 0,
              length,
            },
            letters,
            skipped,
          };
        }
        break;
      }
    }
  }
  return best?.seam;
}

/**
 * A word of the repeated run as it is kept: its letters (and case) from the earlier text, which
 * heard it in the middle of speech, and the punctuation after it from the later one, which heard
 * what came next (the earlier text may have closed a sentence only because its audio ended).
 */
function keptSeamWord(earlier: Word, later: Word): string {
  const trailing = /[^\p{L}\p{N}]*$/u;
  return earlier.text.replace(trailing, '') + (trailing.exec(later.text)?.[0] ?? '');
}

/**
 * What each segment adds to the transcript, in order: its text without the words the segment
 * before it already gave (the repeated run goes with the later segment, spelled as the earlier
 * one heard it) and without the words cut by its own edges. A segment whose words all came
 * before gives ''.
 * @param segments - the transcribed segments in recording order
 * @returns one piece per segment, in the same order; joined with spaces they are the transcript
 */
export function transcriptPieces(segments: readonly SegmentText[]): string[] {
  const words = segments.map(({ text }) => wordsOf(text));
  // Each piece runs from `from` (inclusive) to `to` (exclusive) of its own words.
  const from = segments.map(() => 0);
  const to = words.map((list) => list.length);
  /** Rewritten words of a piece's start: the run repeated with the segment before it. */
  const respelled = segments.map(() => new Map<number, string>());
  for (let index = 1; index < segments.length; index += 1) {
    const earlier = words[index - 1] ?? [];
    const later = words[index] ?? [];
    if (!segments[index]?.overlapsPrevious || earlier.length === 0 || later.length === 0) continue;
    const seam = findSeam(earlier, later);
    if (!seam) continue;
    to[index - 1] = Math.max(from[index - 1] ?? 0, Math.min(to[index - 1] ?? 0, seam.earlierStart));
    from[index] = seam.laterStart;
    // The run, word for word: bare punctuation inside it is skipped in the earlier text.
    let earlierAt = seam.earlierStart;
    for (let laterAt = seam.laterStart, matched = 0; matched < seam.length; laterAt += 1) {
      const laterWord = later[laterAt];
      if (!laterWord) break;
      if (!laterWord.key) continue;
      while (earlier[earlierAt] && !earlier[earlierAt]?.key) earlierAt += 1;
      const earlierWord = earlier[earlierAt];
      if (earlierWord) respelled[index]?.set(laterAt, keptSeamWord(earlierWord, laterWord));
      earlierAt += 1;
      matched += 1;
    }
  }
  return words.map((list, index) => {
    const start = from[index] ?? 0;
    const end = Math.max(start, to[index] ?? 0);
    return list
      .slice(start, end)
      .map((word, offset) => respelled[index]?.get(start + offset) ?? word.text)
      .join(' ');
  });
}

/**
 * The transcript of segments that overlap: their texts in order, each seam's repeated words
 * once.
 * @param segments - the transcribed segments in recording order
 */
export function joinTranscript(segments: readonly SegmentText[]): string {
  return transcriptPieces(segments)
    .filter((piece) => piece !== '')
    .join(' ');
}
