/**
 * CID-10 search: what a doctor types (a code in any form, official words, lay words,
 * abbreviations, a word half typed or mistyped) → the codes meant, best first.
 *
 * Ranking (docs/product.md, "Busca CID-10": exact code 100, description 50 plus 10 per word,
 * category 20, plus confidence × 10), in detail:
 * - Codes: the exact code scores 100 ('J45', 'j45.9', 'J459', 'J45.9', 'j 45 9'); the
 *   subcategories of a typed category 80; the category of a typed subcategory that does not exist 70; codes that
 *   start with a typed letter and digit ('J4') 60.
 * - Words: each query word that matches a word of the description adds 10 — fully for the same
 *   stem (plural, gender and accents ignored), 0.7 of it when the last word of the query begins
 *   the description's word (it is still being typed: 'lomb' → 'lombar') or when a word found
 *   nowhere begins it (an abbreviation: 'infec urin'), 0.6 for a typo (0.5 for two letters off
 *   in a long word). When every query word is in the description, 50 more (scaled by how well
 *   they matched), plus up to 5 for covering the description's own words (so 'Asma não
 *   especificada' beats a long description that merely contains 'asma'). When every query word
 *   is in the code's category description, 20 more.
 * - Lay terms (`lay-terms.ts`): the codes a lay term or abbreviation names count as matching
 *   the words it covers, plus 15 (10, 5, 1 for the later codes of the entry), so the code the
 *   doctor means comes first; a term's official wording is searched as well. A term says which
 *   part of the classification the doctor means: its words (or its official wording) found in a
 *   code of another chapter count half, and a quarter in an external cause (chapter XX):
 *   'pressão alta' is I10 and its relatives, not W41.9 'jato de alta pressão' nor, unless
 *   pregnancy is typed, O13 'hipertensão gestacional'.
 * - A lay term names what the doctor sees ('íngua', 'caroço'): malignant neoplasms (C00–C97)
 *   are left out unless a word of the query or a code asks for one ('câncer', 'linfoma').
 * - The patient's sex, when given: codes the official files restrict to the other sex
 *   (RESTRSEXO), and pregnancy (chapter XV) for a man, are left out — unless the query names
 *   them by code; results carry their restriction so it can be shown.
 * - Confidence × 10: 1 for the codes in everyday use (the built-in catalogue), 0.6 for other
 *   unspecified codes, 0.5 for the rest, 0.3 for categories that have subcategories.
 * Relevance is the score as a percentage of what a perfect match of that query scores (all
 * words of the description and category, confident code), capped at 100. Ties go to the code
 * that sorts first.
 */
import type { Cid10SearchResult } from '@shared/records/cid10-search';
import { CID10_SEARCH_MAX_RESULTS } from '@shared/records/cid10-search';
import { compactCid10Code, PREGNANCY_CHAPTER, type Cid10SexRestriction } from './entry';
import { MAX_QUERY_WORDS, SEX_CODE, type Cid10Index, type CompiledLayTerm } from './search-index';
import { boundedEditDistance, FILLER_STEMS, stemsOf } from './text';

const EXACT_CODE = 100;
const CHILD_OF_TYPED_CATEGORY = 80;
const CATEGORY_OF_TYPED_CODE = 70;
const CODE_PREFIX = 60;
const DESCRIPTION_ALL_WORDS = 50;
const PER_WORD = 10;
const CATEGORY_ALL_WORDS = 20;
const CONFIDENCE_WEIGHT = 10;
const COVERAGE = 5;
const LAY_TERM_BONUS = 15;
/** Each later code of a lay term gets this much less, so the table's order holds. */
const LAY_TERM_BONUS_STEP = 5;
/** What a lay term's word is worth in a code outside the chapters of the term's codes. */
const OUTSIDE_LAY_TERM_CHAPTERS = 0.5;
/**
 * And in an external cause (chapter XX, V01–Y98), which says how an injury happened, never
 * what a patient has: 'alta pressão' there is a water jet.
 */
const EXTERNAL_CAUSE_FOR_LAY_TERM = 0.25;
const EXTERNAL_CAUSES_CHAPTER = 20;

const PREFIX_MATCH = 0.7;
const TYPO_MATCH = 0.6;
const TWO_TYPOS_MATCH = 0.5;
/** A word shorter than this is not expanded to the words it begins: 'do' would match half. */
const MIN_PREFIX_LENGTH = 3;
/** A word shorter than this is not corrected: too many words are one letter away. */
const MIN_TYPO_LENGTH = 4;
/** The same for the first word of a lay term, where a wrong guess would put a code first. */
const MIN_LAY_TYPO_LENGTH = 6;

/** A code as typed: a letter and one or two digits, maybe a dot and one more ('j45.9'). */
const CODE_TOKEN = /^[A-Za-z]\d{1,2}(?:[.,]?\d)?$/;

/** One way of reading the query's words, with the lay terms found in it. */
interface Variant {
  words: string[];
  /** Whether the last word is the doctor's last word, which may still be being typed. */
  openEnded: boolean;
  /** Entry id → the word positions it is taken to match (bit mask) and its lay-term bonus. */
  forced: Map<number, { mask: number; bonus: number }>;
  /** Word positions a lay term stands for (bit mask) → the chapters of its codes (bits). */
  claims: { mask: number; chapters: number }[];
}

/** What is known of the patient the code is for. */
export interface Cid10SearchContext {
  /** The patient's sex; codes restricted to the other one are not offered. */
  sex?: Cid10SexRestriction;
  /** The patient's age in years; from {@link PREGNANCY_AGE_LIMIT} on, pregnancy codes are not offered. */
  age?: number;
}

/**
 * From this age on, a pregnancy (chapter XV) is so rare that its codes are offered only when
 * typed: 'pressão alta' for a woman of 54 is her hypertension, not pre-eclampsia.
 */
export const PREGNANCY_AGE_LIMIT = 50;

/**
 * Searches the catalogue.
 * @param index - from `buildCid10Index`
 * @param query - what the doctor typed (any case, accents or not)
 * @param limit - how many results at most (1–10; default 10)
 * @param context - the patient's sex and age, when known
 * @returns the best matches first, each with its relevance in percent
 */
export function searchCid10(
  index: Cid10Index,
  query: string,
  limit: number = CID10_SEARCH_MAX_RESULTS,
  context: Cid10SearchContext = {},
): Cid10SearchResult[] {
  const max = Math.min(CID10_SEARCH_MAX_RESULTS, Math.max(1, Math.floor(limit)));
  const tokens = joinSpacedCodes(query.trim().split(/\s+/).filter(Boolean));
  const codeTokens = tokens.filter((token) => CODE_TOKEN.test(stripPunctuation(token)));
  const codeScores = scoreCodes(index, codeTokens.map(stripPunctuation));
  // A code-looking word that is no code ('B12' in 'vitamina B12') is just a word.
  const wordText = codeScores.size > 0 ? tokens.filter((t) => !codeTokens.includes(t)) : tokens;
  // A word repeated straight after itself ('dor dor') says nothing more, and would cost a pass.
  const words = stemsOf(wordText.join(' '))
    .filter((word, i, all) => word !== all[i - 1])
    .slice(0, MAX_QUERY_WORDS);
  if (codeScores.size === 0 && words.length === 0) return [];

  const touched: number[] = [];
  const best = index.scratch.bestScore;
  const sex = context.sex === undefined ? 0 : SEX_CODE[context.sex];
  const pastPregnancyAge = context.age !== undefined && context.age >= PREGNANCY_AGE_LIMIT;
  const recordScore = (id: number, normalised: number) => {
    if (normalised <= 0) return;
    // A code for the other sex, or a pregnancy code past the age of one, is offered only when
    // the doctor typed it.
    if (sex !== 0 && !codeScores.has(id)) {
      const restriction = index.sexRestrictionOf[id] ?? 0;
      if (restriction !== 0 && restriction !== sex) return;
    }
    if (pastPregnancyAge && index.chapterOf[id] === PREGNANCY_CHAPTER && !codeScores.has(id)) {
      return;
    }
    if (best[id] === 0) touched.push(id);
    if (normalised > (best[id] ?? 0)) best[id] = normalised;
  };

  const variants = words.length === 0 ? [] : readingsOf(index, words);
  // A lay word ('íngua', 'caroço') is the doctor's own way of naming what she sees; a malignant
  // neoplasm is offered for it only when she asks for one.
  const malignantAsked =
    codeScores.size > 0 ||
    !variants.some((variant) => variant.claims.length > 0) ||
    words.some((word) => MALIGNANCY_STEMS.has(word));
  const record = (id: number, normalised: number) => {
    if (!malignantAsked && isMalignant(index.entries[id]?.code ?? '')) return;
    recordScore(id, normalised);
  };

  const codeIdeal = codeScores.size > 0 ? EXACT_CODE : 0;
  if (words.length === 0) {
    for (const [id, score] of codeScores) {
      record(id, (score + CONFIDENCE_WEIGHT * (index.confidence[id] ?? 0)) / codeIdeal);
    }
  } else {
    for (const variant of variants) {
      scoreVariant(index, variant, codeScores, codeIdeal, record);
    }
    for (const [id, score] of codeScores) {
      const textIdeal = idealTextScore(words.length);
      record(
        id,
        (score + CONFIDENCE_WEIGHT * (index.confidence[id] ?? 0)) / (codeIdeal + textIdeal),
      );
    }
  }

  const results = pickTop(touched, best, max).map((id) => {
    const entry = index.entries[id];
    if (!entry) throw new Error(`no CID-10 entry ${id}`);
    return {
      code: entry.code,
      description: entry.description,
      category: entry.category.description,
      categoryCode: entry.category.code,
      chapter: { number: entry.chapter.number, title: entry.chapter.title },
      relevance: Math.min(100, Math.round(100 * (best[id] ?? 0))) || 1,
      ...(entry.restrictedTo ? { restrictedTo: entry.restrictedTo } : {}),
    };
  });
  for (const id of touched) best[id] = 0;
  return results;
}

/** What a query of this many words scores when it matches perfectly. */
function idealTextScore(wordCount: number): number {
  return (
    PER_WORD * wordCount + DESCRIPTION_ALL_WORDS + COVERAGE + CATEGORY_ALL_WORDS + CONFIDENCE_WEIGHT
  );
}

/**
 * A code typed in pieces ('j 06 9', 'J06 9', 'k 29,7') as one word ('j06.9'): a lone letter
 * before two digits, and a lone digit after a letter and two digits.
 */
function joinSpacedCodes(tokens: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    let token = tokens[index] ?? '';
    const next = tokens[index + 1];
    if (/^[A-Za-z]$/.test(token) && next !== undefined && /^\d{2}(?:[.,]\d)?$/.test(next)) {
      token += next;
      index++;
    }
    const digit = tokens[index + 1];
    if (/^[A-Za-z]\d{2}$/.test(token) && digit !== undefined && /^\d$/.test(digit)) {
      token += `.${digit}`;
      index++;
    }
    joined.push(token);
  }
  return joined;
}

/** Words that ask for a malignant neoplasm, as stems. */
const MALIGNANCY_STEMS = new Set(
  stemsOf(
    'câncer cancer ca neoplasia neoplasias maligno maligna malignidade tumor tumores carcinoma ' +
      'adenocarcinoma sarcoma linfoma leucemia melanoma mieloma metástase metastático ' +
      'oncológico blastoma',
  ),
);

/** Malignant neoplasms: C00–C97. */
const isMalignant = (code: string) => /^C\d/.test(code);

function stripPunctuation(token: string): string {
  return token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** Scores of the entries whose code the query names (see the module comment). */
function scoreCodes(index: Cid10Index, tokens: readonly string[]): Map<number, number> {
  const scores = new Map<number, number>();
  const add = (id: number, score: number) => {
    if (score > (scores.get(id) ?? 0)) scores.set(id, score);
  };
  for (const token of tokens) {
    const upper = token.toUpperCase();
    if (/^[A-Z]\d$/.test(upper)) {
      for (const id of idsWithCodePrefix(index, upper)) add(id, CODE_PREFIX);
      continue;
    }
    const compact = compactCid10Code(upper);
    if (!compact) continue;
    const exact = index.idByCompactCode.get(compact);
    if (exact !== undefined) add(exact, EXACT_CODE);
    if (compact.length === 3) {
      for (const id of idsWithCodePrefix(index, compact)) {
        if (id !== exact) add(id, CHILD_OF_TYPED_CATEGORY);
      }
    } else if (exact === undefined) {
      const category = index.idByCompactCode.get(compact.slice(0, 3));
      if (category !== undefined) add(category, CATEGORY_OF_TYPED_CODE);
    }
  }
  return scores;
}

/** Ids of the codes starting with a prefix, by binary search over the sorted codes. */
function idsWithCodePrefix(index: Cid10Index, prefix: string): number[] {
  const codes = index.compactCodes;
  const ids: number[] = [];
  for (let id = lowerBound(codes, prefix); id < codes.length; id += 1) {
    if (!codes[id]?.startsWith(prefix)) break;
    ids.push(id);
  }
  return ids;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? '') < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The query as typed (with the codes of its lay terms), and, when a lay term has an official
 * wording, the query with that wording in its place.
 */
function readingsOf(index: Cid10Index, words: readonly string[]): Variant[] {
  const matches = findLayTerms(index, words);
  const literal: Variant = { words: [...words], openEnded: true, forced: new Map(), claims: [] };
  for (const match of matches) {
    force(literal, match.term, positionsMask(match.start, match.end));
  }
  if (!matches.some((match) => match.term.searchAs)) return [literal];

  const rewritten: Variant = { words: [], openEnded: true, forced: new Map(), claims: [] };
  let position = 0;
  for (const match of matches) {
    rewritten.words.push(...words.slice(position, match.start));
    const start = rewritten.words.length;
    rewritten.words.push(...(match.term.searchAs ?? words.slice(match.start, match.end)));
    force(rewritten, match.term, positionsMask(start, rewritten.words.length));
    position = match.end;
    rewritten.openEnded = match.term.searchAs === undefined;
  }
  if (position < words.length) rewritten.openEnded = true;
  rewritten.words.push(...words.slice(position));
  rewritten.words = rewritten.words.slice(0, MAX_QUERY_WORDS);
  return [literal, rewritten];
}

function positionsMask(start: number, end: number): number {
  let mask = 0;
  for (let position = start; position < Math.min(end, MAX_QUERY_WORDS); position += 1) {
    mask |= 1 << position;
  }
  return mask;
}

function force(variant: Variant, term: CompiledLayTerm, mask: number): void {
  if (term.chapters !== 0) variant.claims.push({ mask, chapters: term.chapters });
  term.targets.forEach((id, rank) => {
    const bonus = Math.max(1, LAY_TERM_BONUS - LAY_TERM_BONUS_STEP * rank);
    const current = variant.forced.get(id);
    variant.forced.set(id, {
      mask: (current?.mask ?? 0) | mask,
      bonus: Math.max(current?.bonus ?? 0, bonus),
    });
  });
}

interface LayTermMatch {
  start: number;
  end: number;
  term: CompiledLayTerm;
}

/**
 * The lay terms in the query, left to right, the longest at each position. The last word may
 * be unfinished: it matches a term's last word it begins ('pressão al' → 'pressão alta'), or a
 * one-word term it begins when no other term starts the same way ('enxaq' → 'enxaqueca', but
 * 'lomb' is both 'lombalgia' and 'lombriga'). After a term's first word, a typo is forgiven.
 */
function findLayTerms(index: Cid10Index, words: readonly string[]): LayTermMatch[] {
  const matches: LayTermMatch[] = [];
  let position = 0;
  while (position < words.length) {
    const word = words[position] ?? '';
    const candidates = index.layTermsByFirstStem.get(word) ?? [];
    // Of the longest terms that match, one said word for word before one a slip away:
    // 'diabetes com neuropatia' is not 'diabetes com nefropatia'.
    const matching = candidates.filter((candidate) => layTermMatchesAt(candidate, words, position));
    const longest = Math.max(0, ...matching.map((candidate) => candidate.stems.length));
    let term =
      matching.find(
        (candidate) =>
          candidate.stems.length === longest && layTermIsAt(candidate, words, position),
      ) ?? matching[0];
    if (!term && position === words.length - 1 && word.length >= MIN_TYPO_LENGTH) {
      term = unambiguousLayTermStartingWith(index, word);
    }
    if (!term && word.length >= MIN_LAY_TYPO_LENGTH && !index.descriptionPostings.has(word)) {
      term = layTermWithTypoAt(index, words, position);
    }
    if (term) {
      matches.push({ start: position, end: position + term.stems.length, term });
      position += term.stems.length;
    } else {
      position += 1;
    }
  }
  return matches;
}

/** A lay term whose first word is one letter off the query's word ('lombalgai' → 'lombalgia'). */
function layTermWithTypoAt(
  index: Cid10Index,
  words: readonly string[],
  start: number,
): CompiledLayTerm | undefined {
  const word = words[start] ?? '';
  for (const [first, terms] of index.layTermsByFirstStem) {
    if (Math.abs(first.length - word.length) > 1 || first.charAt(0) !== word.charAt(0)) continue;
    if (boundedEditDistance(word, first, 1) > 1) continue;
    const term = terms.find((candidate) => layTermMatchesAt(candidate, words, start, true));
    if (term) return term;
  }
  return undefined;
}

function unambiguousLayTermStartingWith(
  index: Cid10Index,
  word: string,
): CompiledLayTerm | undefined {
  let found: CompiledLayTerm | undefined;
  for (const candidate of index.singleStemLayTerms) {
    if (!candidate.stems[0]?.startsWith(word)) continue;
    // Terms of one table entry share their targets: 'migrânea' and 'migrânia' agree.
    if (found && found.targets !== candidate.targets) return undefined;
    found ??= candidate;
  }
  return found;
}

function layTermIsAt(term: CompiledLayTerm, words: readonly string[], start: number): boolean {
  return term.stems.every((stem, offset) => words[start + offset] === stem);
}

function layTermMatchesAt(
  term: CompiledLayTerm,
  words: readonly string[],
  start: number,
  firstWordMistyped = false,
): boolean {
  if (start + term.stems.length > words.length) return false;
  return term.stems.every((stem, offset) => {
    const word = words[start + offset] ?? '';
    if (word === stem) return true;
    if (offset === 0) return firstWordMistyped;
    const isLastOfBoth = offset === term.stems.length - 1 && start + offset === words.length - 1;
    if (isLastOfBoth && word.length >= 2 && stem.startsWith(word)) return true;
    return word.length >= 5 && boundedEditDistance(word, stem, 1) <= 1;
  });
}

/**
 * The vocabulary stems a query word stands for, with how well each matches (0–1).
 * @param mayBeUnfinished - the doctor's last word: it also stands for the words it begins, as
 *   does any word that is not in the catalogue (an abbreviation)
 */
function expandWord(index: Cid10Index, word: string, mayBeUnfinished: boolean): [string, number][] {
  const expansions: [string, number][] = [];
  const exact = index.descriptionPostings.has(word) || index.categoryPostings.has(word);
  if (exact) expansions.push([word, 1]);
  // A word that is no word of the catalogue is taken as abbreviated ('infec urin') too.
  const prefixes = mayBeUnfinished || !exact;
  if (prefixes && word.length >= MIN_PREFIX_LENGTH && !FILLER_STEMS.has(word)) {
    const vocabulary = index.vocabulary;
    for (let i = lowerBound(vocabulary, word); i < vocabulary.length; i += 1) {
      const stem = vocabulary[i] ?? '';
      if (!stem.startsWith(word)) break;
      if (stem !== word) expansions.push([stem, PREFIX_MATCH]);
    }
  }
  if (expansions.length === 0 && word.length >= MIN_TYPO_LENGTH && !/\d/.test(word)) {
    const maxDistance = word.length >= 8 ? 2 : 1;
    for (const stem of index.vocabularyByInitial.get(word.charAt(0)) ?? []) {
      if (Math.abs(stem.length - word.length) > maxDistance) continue;
      const distance = boundedEditDistance(word, stem, maxDistance);
      if (distance > maxDistance) continue;
      expansions.push([stem, distance === 1 ? TYPO_MATCH : TWO_TYPOS_MATCH]);
    }
  }
  return expansions;
}

/** Scores every entry the variant's words reach and records the normalised scores. */
function scoreVariant(
  index: Cid10Index,
  variant: Variant,
  codeScores: ReadonlyMap<number, number>,
  codeIdeal: number,
  record: (id: number, normalised: number) => void,
): void {
  const { descriptionMatch, categoryMatch, entrySeen, groupSeen } = index.scratch;
  const wordCount = variant.words.length;
  const entries: number[] = [];
  const groups: number[] = [];

  variant.words.forEach((word, w) => {
    const mayBeUnfinished = variant.openEnded && w === wordCount - 1;
    for (const [stem, weight] of expandWord(index, word, mayBeUnfinished)) {
      for (const id of index.descriptionPostings.get(stem) ?? []) {
        const slot = id * MAX_QUERY_WORDS + w;
        if ((descriptionMatch[slot] ?? 0) < weight) descriptionMatch[slot] = weight;
        if (!entrySeen[id]) {
          entrySeen[id] = 1;
          entries.push(id);
        }
      }
      for (const group of index.categoryPostings.get(stem) ?? []) {
        const slot = group * MAX_QUERY_WORDS + w;
        if ((categoryMatch[slot] ?? 0) < weight) categoryMatch[slot] = weight;
        if (!groupSeen[group]) {
          groupSeen[group] = 1;
          groups.push(group);
        }
      }
    }
  });

  // The codes of a category that has every query word are candidates even when their own
  // description has none ('dorsalgia' → 'M54.5 Dor lombar baixa').
  for (const group of groups) {
    if (!allWordsMatch(categoryMatch, group, wordCount)) continue;
    for (const id of index.groupMembers[group] ?? []) {
      if (!entrySeen[id]) {
        entrySeen[id] = 1;
        entries.push(id);
      }
    }
  }
  for (const id of variant.forced.keys()) {
    if (!entrySeen[id]) {
      entrySeen[id] = 1;
      entries.push(id);
    }
  }

  const ideal = codeIdeal + idealTextScore(wordCount);
  for (const id of entries) {
    const group = index.groupOf[id] ?? 0;
    const forced = variant.forced.get(id);
    // The word positions whose lay term names codes of other chapters than this one's.
    let outsideMask = 0;
    let outsideWeight = OUTSIDE_LAY_TERM_CHAPTERS;
    if (variant.claims.length > 0) {
      const chapter = index.chapterOf[id] ?? 0;
      for (const claim of variant.claims) {
        if ((claim.chapters & (1 << chapter)) === 0) outsideMask |= claim.mask;
      }
      if (chapter === EXTERNAL_CAUSES_CHAPTER) outsideWeight = EXTERNAL_CAUSE_FOR_LAY_TERM;
    }
    let descriptionSum = 0;
    let categorySum = 0;
    let matchedWords = 0;
    let allInDescription = true;
    let allInCategory = true;
    for (let w = 0; w < wordCount; w += 1) {
      const isForced = forced !== undefined && (forced.mask & (1 << w)) !== 0;
      const weight = (outsideMask & (1 << w)) !== 0 ? outsideWeight : 1;
      const inDescription = isForced
        ? 1
        : weight * (descriptionMatch[id * MAX_QUERY_WORDS + w] ?? 0);
      const inCategory = isForced ? 1 : weight * (categoryMatch[group * MAX_QUERY_WORDS + w] ?? 0);
      descriptionSum += inDescription;
      categorySum += inCategory;
      if (inDescription > 0) matchedWords += 1;
      else allInDescription = false;
      if (inCategory === 0) allInCategory = false;
    }
    let score = PER_WORD * descriptionSum;
    if (allInDescription) {
      const coverage = forced ? 1 : Math.min(1, matchedWords / (index.contentWordCount[id] ?? 1));
      score += (DESCRIPTION_ALL_WORDS * descriptionSum) / wordCount + COVERAGE * coverage;
    }
    if (allInCategory) score += (CATEGORY_ALL_WORDS * categorySum) / wordCount;
    if (score === 0) continue;
    score += CONFIDENCE_WEIGHT * (index.confidence[id] ?? 0);
    score += (forced?.bonus ?? 0) + (codeScores.get(id) ?? 0);
    record(id, score / ideal);
  }

  for (const id of entries) {
    entrySeen[id] = 0;
    descriptionMatch.fill(0, id * MAX_QUERY_WORDS, id * MAX_QUERY_WORDS + wordCount);
  }
  for (const group of groups) {
    groupSeen[group] = 0;
    categoryMatch.fill(0, group * MAX_QUERY_WORDS, group * MAX_QUERY_WORDS + wordCount);
  }
}

function allWordsMatch(matches: Float32Array, row: number, wordCount: number): boolean {
  for (let w = 0; w < wordCount; w += 1) {
    if ((matches[row * MAX_QUERY_WORDS + w] ?? 0) === 0) return false;
  }
  return true;
}

/** The `count` best ids, best score first, ties to the lower id (the code that sorts first). */
function pickTop(ids: readonly number[], scores: Float64Array, count: number): number[] {
  const top: number[] = [];
  const better = (a: number, b: number) => {
    const difference = (scores[a] ?? 0) - (scores[b] ?? 0);
    return difference > 1e-9 || (Math.abs(difference) <= 1e-9 && a < b);
  };
  for (const id of ids) {
    if (top.length === count && !better(id, top[count - 1] ?? 0)) continue;
    let position = Math.min(top.length, count - 1);
    top[position] = id;
    while (position > 0 && better(id, top[position - 1] ?? 0)) {
      top[position] = top[position - 1] ?? 0;
      position -= 1;
      top[position] = id;
    }
  }
  return top;
}
