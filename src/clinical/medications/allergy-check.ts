import { MEDICATIONS, type MedicationEntry } from './catalogue';
import { DRUG_CLASSES } from './drug-classes';
import { medicationWords } from './medication-text';
import { findMedication } from './search';

interface Phrase {
  words: readonly string[];
  entry: MedicationEntry;
}

/** Every name and alias as words, longest first so 'penicilina benzatina' beats shorter names. */
const PHRASES: readonly Phrase[] = MEDICATIONS.flatMap((entry) =>
  [entry.name, ...(entry.aliases ?? [])].map((term) => ({ words: medicationWords(term), entry })),
)
  .filter((phrase) => phrase.words.length > 0)
  .sort((a, b) => b.words.length - a.words.length);

const CLASS_TERMS = Object.entries(DRUG_CLASSES).flatMap(([drugClass, info]) =>
  info.terms.map((term) => ({ words: medicationWords(term), drugClass })),
);

/** An allergy entry that records the absence of allergies ('Nega alergias', 'Nenhuma'). */
const NO_ALLERGY = /^(nega|nenhuma?|nkda|sem alergias?|nao (tem|ha|possui|refere)|desconhece)\b/;

/** Allergy lists are written in the plural as often as not: 'penicilinas', 'sulfas'. */
function sameWord(written: string | undefined, known: string): boolean {
  return written === known || written === `${known}s` || written === `${known}es`;
}

function occursAt(words: readonly string[], start: number, phrase: readonly string[]): boolean {
  return phrase.every((part, offset) => sameWord(words[start + offset], part));
}

function contains(words: readonly string[], phrase: readonly string[]): boolean {
  return phrase.length > 0 && words.some((_, start) => occursAt(words, start, phrase));
}

/** The entry a component of a combination names ('hidroclorotiazida' in 'losartana + hidroclorotiazida'). */
export function componentEntries(entry: MedicationEntry): MedicationEntry[] {
  if (!entry.name.includes(' + ')) return [];
  return entry.name
    .split(' + ')
    .map((part) => {
      const found = findMedication(part);
      // findMedication accepts longer text; a component must name the entry exactly.
      return found && medicationWords(found.name).join(' ') === medicationWords(part).join(' ')
        ? found
        : undefined;
    })
    .filter((found): found is MedicationEntry => found !== undefined);
}

/** Names a patient may be allergic to in this medicine: its own, its aliases, its components'. */
/** What {@link namesOf} and {@link classesOf} read of each entry: the same at every check. */
const namesOfEntry = new WeakMap<MedicationEntry, readonly (readonly string[])[]>();
const classesOfEntry = new WeakMap<MedicationEntry, ReadonlySet<string>>();

function namesOf(entry: MedicationEntry): readonly (readonly string[])[] {
  let names = namesOfEntry.get(entry);
  if (!names) {
    const parts = entry.name.includes(' + ') ? entry.name.split(' + ') : [];
    const components = componentEntries(entry).flatMap((part) => part.aliases ?? []);
    names = [entry.name, ...(entry.aliases ?? []), ...parts, ...components].map(medicationWords);
    namesOfEntry.set(entry, names);
  }
  return names;
}

function classesOf(entry: MedicationEntry): ReadonlySet<string> {
  let classes = classesOfEntry.get(entry);
  if (!classes) {
    classes = new Set(
      [entry, ...componentEntries(entry)].flatMap((item) =>
        item.drugClass === undefined ? [] : [item.drugClass],
      ),
    );
    classesOfEntry.set(entry, classes);
  }
  return classes;
}

/** Medicines an allergy entry names, and its words with those names blanked out. */
function allergensIn(words: readonly string[]): { entries: MedicationEntry[]; rest: string[] } {
  const rest = [...words];
  const entries: MedicationEntry[] = [];
  for (let start = 0; start < words.length; start++) {
    const phrase = PHRASES.find((candidate) => occursAt(words, start, candidate.words));
    if (!phrase) continue;
    entries.push(phrase.entry);
    rest.fill('', start, start + phrase.words.length);
    start += phrase.words.length - 1;
  }
  return { entries, rest };
}

/** The allergy as listed, without a leading 'Alergia a' the sentence already says. */
function allergyLabel(allergy: string): string {
  return allergy.trim().replace(/^(alergia|al[ée]rgic[oa])\s+(a|à|ao|aos|às|de)\s+/i, '');
}

function memberOf(drugClass: string): string {
  return DRUG_CLASSES[drugClass]?.member ?? `da classe ${drugClass}`;
}

/**
 * How close an allergy is to a medicine: the allergy names it or its class (`named`), another
 * medicine of a class whose members cross-react (`cross-reactive`), or a related class with a
 * partial cross-reaction (`related`).
 */
export type AllergyMatch = 'named' | 'cross-reactive' | 'related';

/** An allergy that concerns a prescribed medicine, in a Portuguese sentence. */
export interface AllergyFinding {
  message: string;
  match: AllergyMatch;
}

/** What an allergy entry names, read once: the words, and the classes it names or implies. */
interface ReadAllergy {
  words: readonly string[];
  /** Classes the entry names in words ('penicilinas', 'sulfa'). */
  namedClasses: ReadonlySet<string>;
  /** Classes of the medicines the entry names ('AAS' → AINE). */
  allergenClasses: ReadonlySet<string>;
}

/** Allergy entries already read: a patient's few entries are read again at every check. */
const readAllergies = new Map<string, ReadAllergy | null>();
const READ_ALLERGIES_KEPT = 1_000;

/** An allergy entry's reading; undefined when it records no allergy ('Nega alergias'). */
function readAllergy(allergy: string): ReadAllergy | undefined {
  const known = readAllergies.get(allergy);
  if (known !== undefined) return known ?? undefined;
  const words = medicationWords(allergy);
  let reading: ReadAllergy | null = null;
  if (words.length > 0 && !NO_ALLERGY.test(words.join(' '))) {
    const allergens = allergensIn(words);
    reading = {
      words,
      // Class words inside a medicine's own name ('penicilina' in 'penicilina benzatina') are
      // that medicine, not the class: they count through the medicine's class.
      namedClasses: new Set(
        CLASS_TERMS.filter((term) => contains(allergens.rest, term.words)).map(
          (term) => term.drugClass,
        ),
      ),
      allergenClasses: new Set(allergens.entries.flatMap((entry) => [...classesOf(entry)])),
    };
  }
  if (readAllergies.size >= READ_ALLERGIES_KEPT) readAllergies.clear();
  readAllergies.set(allergy, reading);
  return reading ?? undefined;
}

function warningFor(
  allergy: string,
  display: string,
  prescribed: Prescribed,
): AllergyFinding | undefined {
  const reading = readAllergy(allergy);
  if (!reading) return undefined;
  const { words, namedClasses, allergenClasses } = reading;
  if (prescribed.names.some((name) => contains(words, name))) {
    return { message: `Alergia a ${allergy}: evite ${display}.`, match: 'named' };
  }
  const classes = [...prescribed.classes];

  const named = classes.find((drugClass) => namedClasses.has(drugClass));
  if (named)
    return { message: `Alergia a ${allergy}: ${display} é ${memberOf(named)}.`, match: 'named' };
  const shared = classes.find(
    (drugClass) =>
      DRUG_CLASSES[drugClass]?.crossReactive === true && allergenClasses.has(drugClass),
  );
  if (shared) {
    return {
      message: `Alergia a ${allergy}: ${display} também é ${memberOf(shared)}.`,
      match: 'cross-reactive',
    };
  }
  const related = classes.find((drugClass) =>
    (DRUG_CLASSES[drugClass]?.related ?? []).some(
      (other) => namedClasses.has(other) || allergenClasses.has(other),
    ),
  );
  if (related) {
    return {
      message: `Alergia a ${allergy}: ${display} é ${memberOf(related)}, com risco de reação cruzada.`,
      match: 'related',
    };
  }
  return undefined;
}

interface Prescribed {
  names: readonly (readonly string[])[];
  classes: ReadonlySet<string>;
}

/**
 * The patient's allergies that concern a medicine: the allergy names it, an alias or a
 * component ('Alergia a dipirona: evite dipirona.'); names its class ('Alergia a penicilina:
 * amoxicilina é uma penicilina.'); names another medicine of a cross-reacting class ('Alergia a
 * AAS: ibuprofeno também é um AINE.'); or a related class (penicilinas ↔ cefalosporinas, as a
 * risk of cross-reaction). At most one finding per allergy.
 * @param medicationName - the prescribed name, generic or brand, possibly with its strength
 * @param allergies - the patient's allergies as listed ('Dipirona', 'sulfa', 'Nega alergias')
 */
export function findAllergyFindings(
  medicationName: string,
  allergies: readonly string[],
): AllergyFinding[] {
  const entry = findMedication(medicationName);
  // A medicine outside the catalogue is still checked by its own name (up to its strength).
  const ownWords = medicationWords(medicationName);
  const firstNumber = ownWords.findIndex((word) => /\d/.test(word));
  const nameOnly = firstNumber === -1 ? ownWords : ownWords.slice(0, firstNumber);
  const prescribed: Prescribed = entry
    ? { names: namesOf(entry), classes: classesOf(entry) }
    : { names: [nameOnly], classes: new Set() };
  const display = entry?.name ?? medicationName.trim();
  const findings = new Map<string, AllergyFinding>();
  for (const allergy of allergies) {
    const finding = warningFor(allergyLabel(allergy), display, prescribed);
    if (finding) findings.set(finding.message, finding);
  }
  return [...findings.values()];
}

/**
 * The sentences of {@link findAllergyFindings}: what the prescription step shows beside a
 * medicine.
 */
export function findAllergyWarnings(
  medicationName: string,
  allergies: readonly string[],
): string[] {
  return findAllergyFindings(medicationName, allergies).map((finding) => finding.message);
}
