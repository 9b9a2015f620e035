import type { PrescriptionExtraction } from '../../shared/ai-tasks';
import { capitalizedMedicationName } from '../../shared/prescription-suggestions';
import type { Medication } from '../../shared/medical-record';
import type { PrescriptionCreateInput } from '../../shared/prescription';
import type { PresentedMedication, PresentedPrescription } from './prescription-api';
import { foldAccents } from '../../shared/text-folding';

/**
 * Pure rules of a prescription being written (spec §4 Prescription): the draft an extraction
 * starts, how a later extraction is merged into it, and what is sent to the server. No I/O.
 */

/** Spec §5: the name a receita carries when the text named no patient. */
export const DEFAULT_PATIENT_NAME = 'Paciente';

/** The doctor who signs: from the settings (name, CRM with UF). */
export interface PrescribingDoctor {
  name: string;
  crm: string;
}

/** The calendar day of a moment in the doctor's local time, as the API takes it: '2026-03-01'. */
export function localDay(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A medicine as a prescription holds it: generic allowed and normal priority unless said. */
export function toPrescriptionMedication(
  medication: Medication | PresentedMedication,
): PresentedMedication {
  return {
    ...medication,
    // 'amoxicilina' as typed reads 'Amoxicilina' on the receita.
    name: capitalizedMedicationName(medication.name),
    genericAllowed: medication.genericAllowed ?? true,
    priority: medication.priority ?? 'normal',
  };
}

/**
 * The body that creates a prescription from an extraction, dated today.
 * @param extraction - what the model (or the rule parser) read from the doctor's text
 * @param doctor - who signs it
 * @param now - the moment it is written
 */
export function draftFromExtraction(
  extraction: PrescriptionExtraction,
  doctor: PrescribingDoctor,
  now: Date,
): PrescriptionCreateInput {
  return {
    patientName: extraction.patientName.trim() || DEFAULT_PATIENT_NAME,
    patientAge: extraction.patientAge,
    diagnosis: extraction.diagnosis,
    medications: mergeMedications([], extraction.medications).map(withoutControl),
    notes: extraction.notes,
    date: localDay(now),
    doctorName: doctor.name,
    doctorCRM: doctor.crm,
    isFinalized: false,
  };
}

/** Names compared without case, accents or extra spaces: 'Amoxicilina ' is 'amoxicilina'. */
function sameName(a: string, b: string): boolean {
  const fold = (text: string) => foldAccents(text).replace(/\s+/g, ' ').trim();
  return fold(a) === fold(b);
}

/** The fields of `update` that say something: blank texts and absent fields are left out. */
function nonEmptyFields<T extends object>(update: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(update).filter(
      ([, value]) => value !== undefined && !(typeof value === 'string' && value.trim() === ''),
    ),
  ) as Partial<T>;
}

/**
 * Medicines after an update: one with the same name as a held one replaces it (its non-empty
 * fields over the held ones, so a quantity already written is not lost), new ones are appended.
 * @param held - the prescription's medicines
 * @param incoming - the medicines just read
 */
export function mergeMedications(
  held: readonly PresentedMedication[],
  incoming: readonly (Medication | PresentedMedication)[],
): PresentedMedication[] {
  const merged = [...held];
  for (const medication of incoming) {
    const index = merged.findIndex((item) => sameName(item.name, medication.name));
    const existing = index >= 0 ? merged[index] : undefined;
    if (!existing) {
      merged.push(toPrescriptionMedication(medication));
      continue;
    }
    // A renamed medicine may need another control document: the server marks it again.
    const { control: _control, ...kept } = existing;
    const next = toPrescriptionMedication({ ...kept, ...nonEmptyFields(medication) });
    // A quantity the doctor wrote is theirs: a later extraction does not replace it.
    if (kept.dispenseQuantity?.enteredByDoctor) next.dispenseQuantity = kept.dispenseQuantity;
    merged[index] = next;
  }
  return merged;
}

/**
 * Spec §4 "updated from the last 10 messages": the new non-empty patient name, age, diagnosis
 * and notes override the held ones; medicines merge by {@link mergeMedications}.
 */
export function mergePrescriptionExtraction(
  prescription: PresentedPrescription,
  extraction: PrescriptionExtraction,
): PresentedPrescription {
  const texts = nonEmptyFields({
    patientName: extraction.patientName,
    patientAge: extraction.patientAge,
    diagnosis: extraction.diagnosis,
    notes: extraction.notes,
  });
  return {
    ...prescription,
    ...texts,
    medications: mergeMedications(prescription.medications, extraction.medications),
  };
}

/** A medicine as the server takes it: the control mark is the server's to set. */
export function withoutControl(
  medication: PresentedMedication,
): Omit<PresentedMedication, 'control'> {
  const { control: _control, ...rest } = medication;
  return rest;
}

/** Everything a doctor writes on a prescription, as a create or a full update sends it. */
export function writableContentOf(prescription: PresentedPrescription): PrescriptionCreateInput {
  return {
    patientName: prescription.patientName,
    patientAge: prescription.patientAge,
    ...(prescription.patientAddress !== undefined
      ? { patientAddress: prescription.patientAddress }
      : {}),
    diagnosis: prescription.diagnosis,
    medications: prescription.medications.map(withoutControl),
    notes: prescription.notes,
    date: prescription.date,
    doctorName: prescription.doctorName,
    doctorCRM: prescription.doctorCRM,
    isFinalized: prescription.isFinalized,
  };
}
