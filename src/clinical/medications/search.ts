import { AMBIGUOUS_MEDICATION_TERMS, MEDICATIONS, type MedicationEntry } from './catalogue';
import {
  BRAND_NAMES,
  SHARED_ABBREVIATIONS,
  brandNameText,
  type BrandName,
  type BrandPresentation,
} from './brands';
import { foldForMatching } from '@shared/lib/text-folding';
import { compareMedicationNames, medicationWords } from './medication-text';

/**
 * Suggestions the medicine autocomplete shows (docs/product.md, "Medicamentos e verificações"); the
 * helper itself defaults to 10.
 */
export const MEDICATION_SUGGESTIONS_SHOWN = 8;
/**
 * Shortest query, in characters, that searches at all
 * (docs/product.md, "Medicamentos e verificações").
 */
export const MEDICATION_SEARCH_MIN_CHARS = 2;
/**
 * Detection runs only on texts longer than this many characters
 * (docs/product.md, "Medicamentos e verificações").
 */
export const DETECTION_MIN_TEXT_LENGTH = 10;
/**
 * Only words longer than this many characters can start a detected medicine
 * (docs/product.md, "Medicamentos e verificações").
 */
export const DETECTION_MIN_WORD_LENGTH = 3;
/** Most medicines detected in one text (docs/product.md, "Medicamentos e verificações"). */
export const MAX_DETECTED_MEDICATIONS = 5;

/** How a medicine's name, as written on a prescription, was read. */
export interface MedicationReading {
  /**
   * The catalogue entry. For a brand whose name says which presentations it is ('Amoxil BD',
   * 'Novalgina gotas'), the entry with only the strengths and forms sold under that name.
   */
  readonly entry: MedicationEntry;
  /**
   * The brand or abbreviation it was written as, as brands.ts writes it ('Amoxil BD', 'azitro',
   * 'levo'); absent when it was the generic name, a salt or another spelling of the substance.
   */
  readonly brand?: string;
}

/** One name a medicine goes by: its generic name, an alias, a brand or an abbreviation. */
interface NamedTerm {
  /** What it reads as, made once for every time it is read. */
  reading: MedicationReading;
  /** As the catalogue or brands.ts writes it: 'amoxicilina + clavulanato', 'Amoxil BD'. */
  written: string;
  /** Its words, folded, without connectors ('amoxicilina', 'clavulanato'). */
  words: readonly string[];
  /** Never read in free text (see AMBIGUOUS_MEDICATION_TERMS). */
  ambiguous: boolean;
}

/** The entry with only the strengths and forms a brand's name says it is sold in. */
function narrowedTo(entry: MedicationEntry, brand: BrandPresentation): MedicationEntry {
  const { presentations, ...rest } = entry;
  const sold = (presentations ?? []).filter(
    (presentation) =>
      brand.forms.includes(presentation.form) &&
      (presentation.strength === undefined || brand.strengths.includes(presentation.strength)),
  );
  return {
    ...rest,
    strengths: brand.strengths,
    forms: brand.forms,
    ...(sold.length > 0 ? { presentations: sold } : {}),
  };
}

function namedTerm(written: string, reading: MedicationReading): NamedTerm {
  return {
    reading,
    written,
    words: medicationWords(written),
    ambiguous: AMBIGUOUS_MEDICATION_TERMS.has(written.toLowerCase()),
  };
}

function brandTerm(entry: MedicationEntry, brand: BrandName): NamedTerm {
  const name = brandNameText(brand);
  const sold = typeof brand === 'string' ? entry : narrowedTo(entry, brand);
  return namedTerm(name, { entry: sold, brand: name });
}

/** Every name of every medicine: its own and its aliases first, then its brands. */
const TERMS_OF_ENTRY: ReadonlyMap<MedicationEntry, readonly NamedTerm[]> = new Map(
  MEDICATIONS.map((entry) => {
    const brands = BRAND_NAMES[entry.name] ?? [];
    const brandTexts = new Set(brands.map(brandNameText));
    const own = [entry.name, ...(entry.aliases ?? [])].filter((term) => !brandTexts.has(term));
    return [
      entry,
      [
        ...own.map((term) => namedTerm(term, { entry })),
        ...brands.map((brand) => brandTerm(entry, brand)),
      ].filter((term) => term.words.length > 0),
    ];
  }),
);

/** Every name, as its words joined by spaces, to what it reads as. */
const BY_WORDS = new Map<string, NamedTerm>();
/** Names by their first word, longest first, for detection in free text. */
const PHRASES_BY_FIRST_WORD = new Map<string, NamedTerm[]>();
for (const terms of TERMS_OF_ENTRY.values()) {
  for (const term of terms) {
    BY_WORDS.set(term.words.join(' '), term);
    const [first] = term.words;
    if (first === undefined || term.ambiguous) continue;
    const phrases = PHRASES_BY_FIRST_WORD.get(first) ?? [];
    phrases.push(term);
    PHRASES_BY_FIRST_WORD.set(first, phrases);
  }
}
for (const phrases of PHRASES_BY_FIRST_WORD.values()) {
  phrases.sort((a, b) => b.words.length - a.words.length);
}

/** Each abbreviation shared by several medicines, folded, to its entries in the order tried. */
const SHARED_BY_WORD: ReadonlyMap<
  string,
  { abbreviation: string; entries: readonly MedicationEntry[] }
> = new Map(
  Object.entries(SHARED_ABBREVIATIONS).map(([abbreviation, generics]) => [
    foldForMatching(abbreviation),
    {
      abbreviation,
      entries: generics.flatMap(
        (generic) => MEDICATIONS.find((entry) => entry.name === generic) ?? [],
      ),
    },
  ]),
);

// ---------------------------------------------------------------------------------------------
// Strengths, for abbreviations shared by several medicines

/** A strength as written: its (first) amount and, when written, its unit. */
interface WrittenStrength {
  amount: number;
  unit?: 'mcg' | 'mg' | 'g' | 'ui';
}

const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
/** '500 mg', '50mcg', '1 g', '1.000 mg', '0,5 mg', '5 mg/ml' (its first amount). */
const STRENGTH_WITH_UNIT = new RegExp(String.raw`(${NUMBER})\s*(mcg|µg|mg|g|ui)(?!\p{L})`, 'iu');
/** A number on its own, not a count ('1 comprimido'), a duration or an interval ('12/12h'). */
const BARE_STRENGTH = new RegExp(String.raw`(?<![\d.,/])(${NUMBER})(?=\s*(?:$|[^\s\p{L}/]))`, 'u');

/** '1.000' → 1000, '0,5' → 0.5. */
function amountOf(text: string): number {
  return Number(text.replace(/\.(?=\d{3}(?!\d))/g, '').replace(',', '.'));
}

function unitOf(text: string): WrittenStrength['unit'] {
  const unit = text.toLowerCase();
  if (unit === 'µg' || unit === 'mcg') return 'mcg';
  return unit === 'mg' || unit === 'g' || unit === 'ui' ? unit : undefined;
}

/** The strength a text states: the first amount with a unit, else the first bare number. */
function strengthIn(text: string): WrittenStrength | undefined {
  const withUnit = STRENGTH_WITH_UNIT.exec(text);
  if (withUnit) {
    const unit = unitOf(withUnit[2] ?? '');
    return { amount: amountOf(withUnit[1] ?? ''), ...(unit ? { unit } : {}) };
  }
  const bare = BARE_STRENGTH.exec(text);
  return bare ? { amount: amountOf(bare[1] ?? '') } : undefined;
}

const MICROGRAMS: Readonly<Record<'mcg' | 'mg' | 'g', number>> = { mcg: 1, mg: 1000, g: 1e6 };

/** Whether a catalogue strength ('50 mcg', '500 mg', '5 mg/ml') is the one written. */
function isStrength(label: string, written: WrittenStrength): boolean {
  const sold = strengthIn(label);
  if (!sold) return false;
  if (written.unit === undefined) return sold.amount === written.amount;
  if (sold.unit === undefined) return false;
  if (written.unit === 'ui' || sold.unit === 'ui') {
    return written.unit === sold.unit && written.amount === sold.amount;
  }
  return written.amount * MICROGRAMS[written.unit] === sold.amount * MICROGRAMS[sold.unit];
}

/** The first of the entries sold in the strength the text states; none without one. */
function entrySoldIn(
  entries: readonly MedicationEntry[],
  text: string,
): MedicationEntry | undefined {
  const written = strengthIn(text);
  if (!written) return undefined;
  return entries.find((entry) => entry.strengths.some((label) => isStrength(label, written)));
}

// ---------------------------------------------------------------------------------------------
// Reading a name

/**
 * How a name written on a prescription reads (docs/medicamentos.md): its generic name, an alias,
 * a brand or an abbreviation, possibly followed by more words ('Dipirona sódica 500 mg',
 * 'Novalgina gotas', 'Amoxil BD 875 mg', 'amoxicilina com clavulanato'). The longest matching
 * name wins. An abbreviation shared by several medicines ('levo') reads as the one sold in the
 * strength written after it, in the name or in the dosage, and as none without one.
 * @param name - the medicine as written
 * @param dosage - its dosage, when written apart ('500 mg')
 * @returns undefined for a medicine the catalogue does not know
 */
export function readMedicationName(name: string, dosage?: string): MedicationReading | undefined {
  const words = medicationWords(name);
  for (let length = words.length; length > 0; length--) {
    const key = words.slice(0, length).join(' ');
    const term = BY_WORDS.get(key);
    if (term) return term.reading;
    const shared = SHARED_BY_WORD.get(key);
    const entry = shared && entrySoldIn(shared.entries, `${name} ${dosage ?? ''}`);
    if (shared && entry) return { entry, brand: shared.abbreviation };
  }
  return undefined;
}

/**
 * The catalogue entry a prescribed name refers to ({@link readMedicationName}).
 * @param name - the medicine as written
 * @param dosage - its dosage, when written apart: it tells which medicine 'levo' is
 * @returns undefined for a medicine the catalogue does not know
 */
export function findMedication(name: string, dosage?: string): MedicationEntry | undefined {
  return readMedicationName(name, dosage)?.entry;
}

/**
 * The generic name (DCB) a receita prints after a medicine written by its brand or an
 * abbreviation, so the pharmacy may dispense the generic: 'Amoxil BD' → 'amoxicilina', 'Levo'
 * with 500 mg → 'levofloxacino'.
 * @param name - the medicine as written
 * @param dosage - its dosage, when written apart
 * @returns undefined for a generic name, a salt, a name that already holds its generic, or a
 *   medicine the catalogue does not know
 */
export function genericNameOfBrand(name: string, dosage?: string): string | undefined {
  const reading = readMedicationName(name, dosage);
  if (!reading?.brand) return undefined;
  const generic = reading.entry.name;
  return foldForMatching(name).includes(foldForMatching(generic)) ? undefined : generic;
}

// ---------------------------------------------------------------------------------------------
// The autocomplete

/** A suggestion of the medicine autocomplete. */
export interface MedicationSuggestion {
  entry: MedicationEntry;
  /**
   * The brand or abbreviation the query matched ('Amoxil' for 'amoxil'), when neither the generic
   * name nor another name of the substance did.
   */
  brand?: string;
}

interface SearchableTerm {
  folded: string;
  brand?: string;
}

/** Each entry's names folded: the generic name and aliases first, then brands. */
const SEARCHABLE: readonly { entry: MedicationEntry; terms: readonly SearchableTerm[] }[] =
  MEDICATIONS.map((entry) => ({
    entry,
    terms: (TERMS_OF_ENTRY.get(entry) ?? []).map((term) => ({
      folded: foldForMatching(term.written),
      ...(term.reading.brand ? { brand: term.reading.brand } : {}),
    })),
  }));

/**
 * The medicine autocomplete (docs/product.md, "Medicamentos e verificações"): case- and
 * accent-insensitive, over names, aliases, brands and abbreviations (each answers with its
 * generic entry, and a brand with the brand it matched). Entries whose name or another name
 * starts with the query come first, then those containing it elsewhere; each group in
 * alphabetical order.
 * @param query - what the doctor typed; under 2 characters (after folding) gives no results
 * @param limit - most results; the UI shows {@link MEDICATION_SUGGESTIONS_SHOWN}
 */
export function searchMedications(query: string, limit = 10): MedicationSuggestion[] {
  const folded = foldForMatching(query);
  const max = Math.floor(limit);
  if (folded.length < MEDICATION_SEARCH_MIN_CHARS || !(max > 0)) return [];
  const prefix: MedicationSuggestion[] = [];
  const elsewhere: MedicationSuggestion[] = [];
  const suggestion = (entry: MedicationEntry, term: SearchableTerm): MedicationSuggestion => ({
    entry,
    ...(term.brand ? { brand: term.brand } : {}),
  });
  for (const { entry, terms } of SEARCHABLE) {
    const starting = terms.find((term) => term.folded.startsWith(folded));
    const containing = starting ? undefined : terms.find((term) => term.folded.includes(folded));
    if (starting) prefix.push(suggestion(entry, starting));
    else if (containing) elsewhere.push(suggestion(entry, containing));
  }
  const byName = (a: MedicationSuggestion, b: MedicationSuggestion) =>
    compareMedicationNames(a.entry.name, b.entry.name);
  return [...prefix.sort(byName), ...elsewhere.sort(byName)].slice(0, max);
}

// ---------------------------------------------------------------------------------------------
// Detection in free text

/**
 * The medicine a word shared by several medicines ('levo') names in free text: the one sold in
 * the strength written right after it ('levo 50 mcg'), or none.
 */
function sharedAbbreviationAt(
  words: readonly string[],
  index: number,
): MedicationEntry | undefined {
  const shared = SHARED_BY_WORD.get(words[index] ?? '');
  return shared && entrySoldIn(shared.entries, words.slice(index + 1, index + 3).join(' '));
}

/**
 * Medicines mentioned in a free-text case description, for the detected-medicine chips
 * (docs/product.md, "Medicamentos e verificações"): only for texts longer than 10 characters; a
 * word longer than 3 characters is matched against the first word of every name, alias, brand
 * and abbreviation. A multi-word name must then appear whole ('ácido fólico', 'insulina
 * glargina'), so 'ácido', 'sulfato' or 'insulina' alone detect nothing rather than a guess. A name
 * that is also an ordinary word is never read here, and an abbreviation shared by several
 * medicines only with its strength after it ('levo 50 mcg'). At most 5, each once, in order of
 * appearance.
 */
export function detectMedicationsInText(text: string): MedicationEntry[] {
  if (text.trim().length <= DETECTION_MIN_TEXT_LENGTH) return [];
  const words = medicationWords(text);
  const found: MedicationEntry[] = [];
  let index = 0;
  while (index < words.length && found.length < MAX_DETECTED_MEDICATIONS) {
    const word = words[index] ?? '';
    if (word.length <= DETECTION_MIN_WORD_LENGTH) {
      index += 1;
      continue;
    }
    const phrase = PHRASES_BY_FIRST_WORD.get(word)?.find((term) =>
      term.words.every((part, offset) => words[index + offset] === part),
    );
    const entry = phrase?.reading.entry ?? sharedAbbreviationAt(words, index);
    if (entry && !found.some((each) => each.name === entry.name)) found.push(entry);
    index += phrase?.words.length ?? 1;
  }
  return found;
}
