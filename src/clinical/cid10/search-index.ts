/**
 * The prebuilt structure CID-10 search runs on: every description cut into stems once, an
 * inverted index from stem to entries, a sorted vocabulary for prefix and typo look-ups, and the
 * lay-term table resolved to entries. Building it for the full official catalogue (14,233 codes)
 * takes a few tens of milliseconds; a search then touches only the entries its words point at.
 */
import { BUILT_IN_CID10 } from './catalogue';
import { compactCid10Code, type Cid10Entry, type Cid10SexRestriction } from './entry';
import { LAY_TERMS, type LayTerm } from './lay-terms';
import { FILLER_STEMS, foldedWordsOf, stemsOf } from './text';

/** A lay term ready for matching against a query's stems. */
export interface CompiledLayTerm {
  stems: readonly string[];
  /** Entry ids of its codes, the usual choice first; codes absent from the catalogue dropped. */
  targets: readonly number[];
  /** Stems of the official wording to search as well, if any. */
  searchAs: readonly string[] | undefined;
  /** The chapters of its codes, as bits (1 << chapter number); 0 when it names no code. */
  chapters: number;
}

/** A stem's posting list, reached from each folded word with that stem. */
interface DescriptionSlot {
  ids: number[];
  filler: boolean;
}

/** How a sex is stored in {@link Cid10Index.sexRestrictionOf}. */
export const SEX_CODE: Readonly<Record<Cid10SexRestriction, number>> = {
  feminino: 1,
  masculino: 2,
};

/** Most words of a query that count; a longer query is not a CID look-up anyway. */
export const MAX_QUERY_WORDS = 12;

export interface Cid10Index {
  /** Sorted by code; an entry's position is its id everywhere below. */
  readonly entries: readonly Cid10Entry[];
  /** Codes without the dot ('J459'), by id: sorted like the entries. */
  readonly compactCodes: readonly string[];
  readonly idByCompactCode: ReadonlyMap<string, number>;
  /**
   * How likely a doctor means this code when its words match, 0–1 (the "confiança" of
   * docs/product.md, "Busca CID-10"): 1 for the codes of the built-in catalogue (the ones in
   * everyday use), less for the rest.
   */
  readonly confidence: Float32Array;
  /** Stems of the description that say something (not 'não especificada' and the like). */
  readonly contentWordCount: Uint8Array;
  /** The chapter number (1–22) of each entry. */
  readonly chapterOf: Uint8Array;
  /** The sex each entry is restricted to: {@link SEX_CODE} (0 when it applies to anyone). */
  readonly sexRestrictionOf: Uint8Array;
  /** The category group (entries sharing a 3-character category) of each entry. */
  readonly groupOf: Int32Array;
  readonly groupMembers: readonly Int32Array[];
  /** Stem → ids of the entries whose description has it. */
  readonly descriptionPostings: ReadonlyMap<string, Int32Array>;
  /** Stem → ids of the category groups whose category description has it. */
  readonly categoryPostings: ReadonlyMap<string, Int32Array>;
  /** Every stem of both maps, sorted, for prefix look-ups. */
  readonly vocabulary: readonly string[];
  /** The vocabulary by first letter, for typo look-ups. */
  readonly vocabularyByInitial: ReadonlyMap<string, readonly string[]>;
  /** Lay terms by their first stem, longest first. */
  readonly layTermsByFirstStem: ReadonlyMap<string, readonly CompiledLayTerm[]>;
  /** Lay terms of one stem, in table order, for a last word still being typed. */
  readonly singleStemLayTerms: readonly CompiledLayTerm[];
  /** Working memory of a search, reused so a search allocates almost nothing. */
  readonly scratch: SearchScratch;
}

/** Per-search working arrays; every search leaves them zeroed. */
export interface SearchScratch {
  /** Best match of query word w in entry id's description, at id * MAX_QUERY_WORDS + w. */
  descriptionMatch: Float32Array;
  /** The same for category group g's description, at g * MAX_QUERY_WORDS + w. */
  categoryMatch: Float32Array;
  entrySeen: Uint8Array;
  groupSeen: Uint8Array;
  /** Best normalised score of each entry over the query's variants (0 = not a candidate). */
  bestScore: Float64Array;
}

/**
 * Builds the search index for a catalogue.
 * @param entries - the catalogue (any order; codes unique)
 * @param options.commonCodes - codes in everyday use, ranked first among equals; by default
 *   those of the built-in catalogue
 * @param options.layTerms - the lay-term table; by default {@link LAY_TERMS}
 */
export function buildCid10Index(
  entries: readonly Cid10Entry[],
  options: { commonCodes?: Iterable<string>; layTerms?: readonly LayTerm[] } = {},
): Cid10Index {
  const sorted = [...entries].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const common = new Set(options.commonCodes ?? BUILT_IN_CID10.map((entry) => entry.code));
  const size = sorted.length;

  const compactCodes = sorted.map((entry) => entry.code.replace('.', ''));
  const idByCompactCode = new Map(compactCodes.map((code, id) => [code, id]));
  const categoriesWithSubcategories = new Set(
    compactCodes.filter((code) => code.length === 4).map((code) => code.slice(0, 3)),
  );

  const confidence = new Float32Array(size);
  const contentWordCount = new Uint8Array(size);
  const chapterOf = new Uint8Array(size);
  const sexRestrictionOf = new Uint8Array(size);
  const groupOf = new Int32Array(size);
  const groupIdByCategory = new Map<string, number>();
  const groupMemberLists: number[][] = [];
  const groupCategoryStems: string[][] = [];
  const descriptionLists = new Map<string, number[]>();
  // The catalogue has about 100,000 words but only 12,000 different ones: each folded word is
  // stemmed once and then leads straight to its stem's posting list (undefined: a stopword).
  const slotOfWord = new Map<string, DescriptionSlot | undefined>();
  const slotOf = (word: string): DescriptionSlot | undefined => {
    if (slotOfWord.has(word)) return slotOfWord.get(word);
    const [stem] = stemsOf(word);
    let slot: DescriptionSlot | undefined;
    if (stem !== undefined) {
      let ids = descriptionLists.get(stem);
      if (!ids) {
        ids = [];
        descriptionLists.set(stem, ids);
      }
      slot = { ids, filler: FILLER_STEMS.has(stem) };
    }
    slotOfWord.set(word, slot);
    return slot;
  };

  sorted.forEach((entry, id) => {
    const compact = compactCodes[id] ?? '';
    confidence[id] = common.has(entry.code)
      ? 1
      : categoriesWithSubcategories.has(compact)
        ? // SUS forms expect the subcategory when there is one.
          0.3
        : (compact.length === 4 && compact.endsWith('9')) ||
            entry.description.includes('ão especificad')
          ? // Outside specialist care, the unspecified code is the usual choice.
            0.6
          : 0.5;

    chapterOf[id] = entry.chapter.number;
    sexRestrictionOf[id] = entry.restrictedTo ? SEX_CODE[entry.restrictedTo] : 0;

    let group = groupIdByCategory.get(entry.category.code);
    if (group === undefined) {
      group = groupMemberLists.length;
      groupIdByCategory.set(entry.category.code, group);
      groupMemberLists.push([]);
      groupCategoryStems.push([...new Set(stemsOf(entry.category.description))]);
    }
    groupOf[id] = group;
    groupMemberLists[group]?.push(id);

    let content = 0;
    for (const word of foldedWordsOf(entry.description)) {
      const slot = slotOf(word);
      // Entries are visited in id order, so a repeated word shows as this id already last.
      if (!slot || slot.ids[slot.ids.length - 1] === id) continue;
      slot.ids.push(id);
      if (!slot.filler) content += 1;
    }
    contentWordCount[id] = Math.min(255, Math.max(1, content));
  });

  const categoryLists = new Map<string, number[]>();
  groupCategoryStems.forEach((stems, group) => {
    for (const stem of stems) appendTo(categoryLists, stem, group);
  });

  const vocabulary = [...new Set([...descriptionLists.keys(), ...categoryLists.keys()])].sort();
  const vocabularyByInitial = new Map<string, string[]>();
  for (const stem of vocabulary) appendTo(vocabularyByInitial, stem.charAt(0), stem);

  const layTerms = compileLayTerms(options.layTerms ?? LAY_TERMS, idByCompactCode, chapterOf);
  const layTermsByFirstStem = new Map<string, CompiledLayTerm[]>();
  for (const term of layTerms) {
    const first = term.stems[0];
    if (first !== undefined) appendTo(layTermsByFirstStem, first, term);
  }
  for (const list of layTermsByFirstStem.values()) {
    list.sort((a, b) => b.stems.length - a.stems.length);
  }

  return {
    entries: sorted,
    compactCodes,
    idByCompactCode,
    confidence,
    contentWordCount,
    chapterOf,
    sexRestrictionOf,
    groupOf,
    groupMembers: groupMemberLists.map((ids) => Int32Array.from(ids)),
    descriptionPostings: toTypedPostings(descriptionLists),
    categoryPostings: toTypedPostings(categoryLists),
    vocabulary,
    vocabularyByInitial,
    layTermsByFirstStem,
    singleStemLayTerms: layTerms.filter((term) => term.stems.length === 1),
    scratch: {
      descriptionMatch: new Float32Array(size * MAX_QUERY_WORDS),
      categoryMatch: new Float32Array(groupMemberLists.length * MAX_QUERY_WORDS),
      entrySeen: new Uint8Array(size),
      groupSeen: new Uint8Array(groupMemberLists.length),
      bestScore: new Float64Array(size),
    },
  };
}

let builtInIndex: Cid10Index | undefined;

/** The index of the built-in catalogue, built on first use. */
export function builtInCid10Index(): Cid10Index {
  builtInIndex ??= buildCid10Index(BUILT_IN_CID10);
  return builtInIndex;
}

function compileLayTerms(
  table: readonly LayTerm[],
  idByCompactCode: ReadonlyMap<string, number>,
  chapterOf: Uint8Array,
): CompiledLayTerm[] {
  const compiled: CompiledLayTerm[] = [];
  for (const layTerm of table) {
    const targets = layTerm.codes
      .map((code) => idByCompactCode.get(code.replace('.', '')))
      .filter((id): id is number => id !== undefined);
    const searchAs = layTerm.searchAs === undefined ? undefined : stemsOf(layTerm.searchAs);
    const chapters = targets.reduce((bits, id) => bits | (1 << (chapterOf[id] ?? 0)), 0);
    for (const term of layTerm.terms) {
      const stems = stemsOf(term);
      if (stems.length > 0) compiled.push({ stems, targets, searchAs, chapters });
    }
  }
  return compiled;
}

function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function toTypedPostings(lists: Map<string, number[]>): Map<string, Int32Array> {
  const postings = new Map<string, Int32Array>();
  for (const [stem, ids] of lists) postings.set(stem, Int32Array.from(ids));
  return postings;
}

/**
 * The official description of a code as written ('I10', 'j06.9', 'J069'), or undefined when the
 * catalogue has no such code.
 */
export function cid10DescriptionOf(index: Cid10Index, code: string): string | undefined {
  const compact = compactCid10Code(code);
  const id = compact === undefined ? undefined : index.idByCompactCode.get(compact);
  return id === undefined ? undefined : index.entries[id]?.description;
}
