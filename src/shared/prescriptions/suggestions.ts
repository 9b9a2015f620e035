import type { Medication } from '../records/medical-record';
import { foldForMatching } from '../lib/text-folding';

/**
 * Rules of the prescriptions step's AI assistant (docs/product.md, "Assistente de prescrição"):
 * which medication suggestions are shown, which suggestion is already prescribed, and the dosing
 * table's regimen as a medicine.
 */

/** Longest case description the suggestion tasks accept (`caseDescription` in ai-tasks.ts). */
export const CASE_DESCRIPTION_MAX_CHARS = 4_000;

/**
 * Urgent-sounding terms (docs/product.md, "Assistente de prescrição": confirmed infection, high
 * fever, severe pain, acute, pneumonia, hypertension, diabetes and similar), folded (no accents,
 * lower case). Each matches at the start of a word, so 'agud' finds 'aguda' and 'agudização',
 * 'hipertens' finds 'hipertensão' and 'hipertenso'; terms of 3 characters or less ('itu') match
 * whole words only, so 'habitual' is not an urinary infection.
 */
export const URGENT_TERMS: readonly string[] = [
  'infec',
  'febre alta',
  'febril',
  'dor intensa',
  'dor forte',
  'dor severa',
  'agud',
  'pneumon',
  'hipertens',
  'diabet',
  'sinusite',
  'otite',
  'amigdalite',
  'faringite',
  'bronquite',
  'itu',
  'cistite',
  'pielonefrite',
  'celulite',
  'bacterian',
  'sepse',
  'crise',
  'grave',
  'urgen',
  'emergen',
  'exacerba',
];

/**
 * Routine or check-up terms (docs/product.md, "Assistente de prescrição"), folded like
 * {@link URGENT_TERMS}. 'rotina' covers 'acompanhamento de rotina' and 'consulta de rotina'; 'check
 * up' is 'check-up' folded.
 */
export const ROUTINE_TERMS: readonly string[] = ['rotina', 'check up', 'checkup', 'preventiv'];

// Lower case, no accents, every run of other characters one space: 'Check-up!' → 'check up'.
const fold = foldForMatching;

function containsTerm(folded: string, term: string): boolean {
  const padded = ` ${folded} `;
  return term.length <= 3 ? padded.includes(` ${term} `) : padded.includes(` ${term}`);
}

function containsAny(folded: string, terms: readonly string[]): boolean {
  return terms.some((term) => containsTerm(folded, term));
}

/** The texts of one suggestion the rule reads: its name and what it says about itself. */
function suggestionText(
  suggestion: Pick<Medication, 'name' | 'explanation' | 'instructions'>,
): string {
  return [suggestion.name, suggestion.explanation ?? '', suggestion.instructions ?? ''].join(' ');
}

/**
 * docs/product.md, "Assistente de prescrição": the AI's medication suggestions are shown only when
 * the case is urgent-sounding and nothing in it is routine; otherwise none are shown (exam and plan
 * suggestions are never filtered). The original specification said "they contain"; a suggestion
 * rarely names the condition it treats (offline answers carry no explanation at all), so the texts
 * read are the suggestions' name, explanation and instructions *and* the doctor's case description:
 * an urgent term in any of them shows the list, a routine or check-up term in any of them hides it.
 * @param suggestions - the medication suggestions of one answer
 * @param caseText - the case description the suggestions were asked for
 * @returns whether to show the list; false when it is empty
 */
export function shouldShowMedicationSuggestions(
  suggestions: readonly Pick<Medication, 'name' | 'explanation' | 'instructions'>[],
  caseText: string,
): boolean {
  if (suggestions.length === 0) return false;
  const texts = [caseText, ...suggestions.map(suggestionText)].map(fold);
  const urgent = texts.some((text) => containsAny(text, URGENT_TERMS));
  const routine = texts.some((text) => containsAny(text, ROUTINE_TERMS));
  return urgent && !routine;
}

/**
 * docs/product.md, "Assistente de prescrição": a suggested medication or exam counts as already
 * added when a prescribed item has the same name, ignoring case, accents, punctuation and spacing
 * ('Amoxicilina' = ' amoxicilina').
 * @param name - the suggested item's name
 * @param prescribed - the items already in the record
 */
export function isAlreadyPrescribed(
  name: string,
  prescribed: readonly { readonly name: string }[],
): boolean {
  const folded = fold(name);
  return folded !== '' && prescribed.some((item) => fold(item.name) === folded);
}

/** A catalogue name ('amoxicilina', 'ácido fólico') as a prescription writes it: capitalised. */
export function capitalizedMedicationName(name: string): string {
  const trimmed = name.trim();
  return trimmed.charAt(0).toLocaleUpperCase('pt-BR') + trimmed.slice(1);
}

/** The dosing table's usual regimen of one medicine (`GET /api/medications/dosing-hint`). */
export interface DosingHintAnswer {
  name: string;
  dosage: string;
  frequency: string;
  duration: string;
  instructions: string;
}

/**
 * A medicine to prescribe under the name the doctor chose, with the table's regimen when it has
 * one (a detected-medicine chip, docs/product.md, "Assistente de prescrição").
 * @param name - the name to prescribe, as shown on the chip
 * @param hint - the table's regimen, or null when it has none
 */
export function medicationWithHint(
  name: string,
  hint: DosingHintAnswer | null,
): Omit<Medication, 'id'> {
  const medication: Omit<Medication, 'id'> = { name: capitalizedMedicationName(name) };
  if (!hint) return medication;
  return {
    ...medication,
    dosage: hint.dosage,
    frequency: hint.frequency,
    duration: hint.duration,
    instructions: hint.instructions,
  };
}

/** What the doctor wrote of a detected medicine's regimen (`POST /api/medications/detect`). */
export interface WrittenRegimen {
  dosage?: string;
  dosePerIntake?: string;
  frequency?: string;
  duration?: string;
  instructions?: string;
}

/** The note shown when the dosing table filled part of a regimen. */
export const TABLE_POSOLOGY_NOTE = 'Posologia sugerida pela tabela — confira.';

/**
 * A detected medicine to prescribe: what the doctor wrote of it stays as written; the dosing
 * table only fills the parts left unsaid, and `filledFromTable` says whether it did, so the
 * screen can ask the doctor to check ('reintroduzo losartana 50mg 12/12h' adds 50 mg 12/12h, not
 * the table's 50 mg once a day).
 * @param name - the name to prescribe, as shown on the chip
 * @param written - what the text says of its regimen
 * @param hint - the table's regimen, or null when it has none
 */
export function medicationFromDetection(
  name: string,
  written: WrittenRegimen,
  hint: DosingHintAnswer | null,
): { medication: Omit<Medication, 'id'>; filledFromTable: boolean } {
  const medication: Omit<Medication, 'id'> = { name: capitalizedMedicationName(name) };
  let filledFromTable = false;
  for (const field of ['dosage', 'frequency', 'duration', 'instructions'] as const) {
    const own = written[field]?.trim();
    const table = hint?.[field].trim();
    if (own) medication[field] = own;
    else if (table) {
      medication[field] = table;
      filledFromTable = true;
    }
  }
  if (written.dosePerIntake?.trim()) medication.dosePerIntake = written.dosePerIntake.trim();
  return { medication, filledFromTable };
}

/**
 * The fields of an item being edited after 'Sugerir posologia': the table fills only those left
 * empty; what the doctor typed stays.
 * @param typed - the fields as typed
 * @param hint - the table's regimen
 * @returns the fields, and whether the table filled any
 */
export function fillMissingFromTable<
  F extends 'dosage' | 'frequency' | 'duration' | 'instructions',
>(
  typed: Record<F, string>,
  hint: DosingHintAnswer,
): { fields: Record<F, string>; filledFromTable: boolean } {
  const fields = { ...typed };
  let filledFromTable = false;
  for (const field of Object.keys(typed) as F[]) {
    if (!fields[field].trim() && hint[field].trim()) {
      fields[field] = hint[field];
      filledFromTable = true;
    }
  }
  return { fields, filledFromTable };
}
