import { foldForMatching } from '@shared/lib/text-folding';

/**
 * Text folding shared by the medicine search, the detection in free text and the allergy check,
 * so that all three agree on when two spellings are "the same word".
 */

/**
 * Little words that join the parts of a name ('sulfato de magnésio', 'amoxicilina com
 * clavulanato', 'losartana e hidroclorotiazida'). Dropped on both sides before words are
 * compared, so '+', 'com' and 'e' between two medicines read alike.
 */
const CONNECTORS = new Set(['de', 'da', 'do', 'das', 'dos', 'com', 'e']);

/** The words of a text, folded, without connectors: 'Sulfato de Magnésio' → sulfato, magnesio. */
export function medicationWords(text: string): string[] {
  return foldForMatching(text)
    .split(' ')
    .filter((word) => word !== '' && !CONNECTORS.has(word));
}

const collator = new Intl.Collator('pt-BR');

/** pt-BR alphabetical order of medicine names ('aciclovir' < 'ácido fólico' < 'amoxicilina'). */
export function compareMedicationNames(a: string, b: string): number {
  return collator.compare(a, b);
}
