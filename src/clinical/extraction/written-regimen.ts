import type { WrittenRegimen } from '@shared/prescriptions/suggestions';
import { parseConsultation } from './consultation-text';
import { findMedicineMentions, readDoseDetails } from './medicine-mentions';

/**
 * What the doctor wrote of a medicine's regimen in a free text ('reintroduzo losartana 50mg
 * 12/12h' → dosage '50 mg', frequency '12/12h'): the dosage, dose per intake, frequency and
 * duration said after its first mention, in the same sentence. A detected-medicine chip
 * prescribes this, never the dosing table's regimen over it.
 * @param text - the case description
 * @param catalogueName - the medicine's catalogue name ('losartana')
 * @returns the parts written; {} when nothing is said of the dose
 */
export function writtenRegimenOf(text: string, catalogueName: string): WrittenRegimen {
  const consultation = parseConsultation(text);
  const mention = findMedicineMentions(consultation).find((m) => m.name === catalogueName);
  if (!mention) return {};
  const sentence = consultation.sentences.find(
    (s) => mention.start >= s.start && mention.start < s.end,
  );
  const details = readDoseDetails(
    consultation,
    mention.end,
    sentence?.end ?? consultation.folded.length,
    mention.name,
  );
  const written: WrittenRegimen = {};
  if (details.dosage) written.dosage = details.dosage;
  if (details.dosePerIntake) written.dosePerIntake = details.dosePerIntake;
  if (details.frequency) written.frequency = details.frequency;
  if (details.duration) written.duration = details.duration;
  if (details.instructions) written.instructions = details.instructions;
  return written;
}
