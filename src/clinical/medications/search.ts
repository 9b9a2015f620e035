import { AMBIGUOUS_MEDICATION_TERMS, MEDICATIONS, type MedicationEntry } from './catalogue';
import { foldForMatching } from '../../shared/text-folding';
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

interface SearchableEntry {
  entry: MedicationEntry;
  /** The folded name first, then the folded aliases. */
  terms: readonly string[];
}

const SEARCHABLE: readonly SearchableEntry[] = MEDICATIONS.map((entry) => ({
  entry,
  terms: [entry.name, ...(entry.aliases ?? [])].map(foldForMatching),
}));

/** Every name and alias, as its words joined by spaces, to the entry it names. */
const BY_WORDS = new Map<string, MedicationEntry>();
/** Names and aliases by their first word, longest first, for detection in free text. */
const PHRASES_BY_FIRST_WORD = new Map<
  string,
  { words: readonly string[]; entry: MedicationEntry }[]
>();
for (const entry of MEDICATIONS) {
  for (const term of [entry.name, ...(entry.aliases ?? [])]) {
    const words = medicationWords(term);
    const [first] = words;
    if (first === undefined) continue;
    BY_WORDS.set(words.join(' '), entry);
    if (AMBIGUOUS_MEDICATION_TERMS.has(term.toLowerCase())) continue;
    const phrases = PHRASES_BY_FIRST_WORD.get(first) ?? [];
    phrases.push({ words, entry });
    PHRASES_BY_FIRST_WORD.set(first, phrases);
  }
}
for (const phrases of PHRASES_BY_FIRST_WORD.values()) {
  phrases.sort((a, b) => b.words.length - a.words.length);
}

/**
 * The medicine autocomplete (docs/product.md, "Medicamentos e verificações"): case- and
 * accent-insensitive, over names and aliases (an alias answers with its generic entry). Entries
 * whose name or an alias starts with the query come first, then those containing it elsewhere; each
 * group in alphabetical order.
 * @param query - what the doctor typed; under 2 characters (after folding) gives no results
 * @param limit - most results; the UI shows {@link MEDICATION_SUGGESTIONS_SHOWN}
 */
export function searchMedications(query: string, limit = 10): MedicationEntry[] {
  const folded = foldForMatching(query);
  const max = Math.floor(limit);
  if (folded.length < MEDICATION_SEARCH_MIN_CHARS || !(max > 0)) return [];
  const prefix: MedicationEntry[] = [];
  const elsewhere: MedicationEntry[] = [];
  for (const { entry, terms } of SEARCHABLE) {
    if (terms.some((term) => term.startsWith(folded))) prefix.push(entry);
    else if (terms.some((term) => term.includes(folded))) elsewhere.push(entry);
  }
  const byName = (a: MedicationEntry, b: MedicationEntry) => compareMedicationNames(a.name, b.name);
  return [...prefix.sort(byName), ...elsewhere.sort(byName)].slice(0, max);
}

/**
 * The catalogue entry a prescribed name refers to: its generic name or an alias, possibly
 * followed by more words ('Dipirona sódica 500 mg', 'Novalgina gotas', 'amoxicilina com
 * clavulanato'). The longest matching name wins.
 * @returns undefined for a medicine the catalogue does not know
 */
export function findMedication(name: string): MedicationEntry | undefined {
  const words = medicationWords(name);
  for (let length = words.length; length > 0; length--) {
    const entry = BY_WORDS.get(words.slice(0, length).join(' '));
    if (entry) return entry;
  }
  return undefined;
}

/**
 * Medicines mentioned in a free-text case description, for the detected-medicine chips
 * (docs/product.md, "Medicamentos e verificações"): only for texts longer than 10 characters; a
 * word longer than 3 characters is matched against the first word of every name and alias. A
 * multi-word name must then appear whole ('ácido fólico', 'insulina glargina'), so 'ácido',
 * 'sulfato' or 'insulina' alone detect nothing rather than a guess. At most 5, each once, in order
 * of appearance.
 */
export function detectMedicationsInText(text: string): MedicationEntry[] {
  if (text.trim().length <= DETECTION_MIN_TEXT_LENGTH) return [];
  const words = medicationWords(text);
  const found: MedicationEntry[] = [];
  let index = 0;
  while (index < words.length && found.length < MAX_DETECTED_MEDICATIONS) {
    const word = words[index] ?? '';
    const match =
      word.length > DETECTION_MIN_WORD_LENGTH
        ? PHRASES_BY_FIRST_WORD.get(word)?.find((phrase) =>
            phrase.words.every((part, offset) => words[index + offset] === part),
          )
        : undefined;
    if (!match) {
      index += 1;
      continue;
    }
    if (!found.includes(match.entry)) found.push(match.entry);
    index += match.words.length;
  }
  return found;
}
