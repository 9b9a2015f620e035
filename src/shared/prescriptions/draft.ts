import { z } from 'zod';
import type { PrescriptionExtraction } from '../ai/tasks';
import type { ApiErrorCode } from '../api/errors';
import {
  presentedPrescriptionSchema,
  type PresentedMedication,
  type PresentedPrescription,
} from '../api/prescriptions';
import { dispenseQuantityFromText } from './dispense-quantity-words';
import type { Medication } from '../records/medical-record';
import { capitalizedMedicationName } from './suggestions';
import { COMMAND_GUARD_MESSAGES } from '../chat/slash-commands';
import { foldAccents } from '../lib/text-folding';
import { localDay } from '../lib/local-day';

/**
 * Pure rules of a receita being written (docs/product.md, "Ciclo de vida da receita"): the
 * draft an extraction starts, how a later extraction merges into it, a medicine added, removed
 * or given the doctor's own quantity to dispense, and what of a receita is written to the
 * server. No I/O: the browser's data layer (`src/web/data/prescriptions.ts`) applies them.
 */

/**
 * What a prescription action did: its value, or the Portuguese message the doctor is shown (and
 * the server's code, when the server refused it).
 */
export type PrescriptionResult<T> =
  { ok: true; value: T } | { ok: false; error: string; code?: ApiErrorCode | undefined };

export const succeeded = <T>(value: T): PrescriptionResult<T> => ({ ok: true, value });
export const failed = <T>(error: string, code?: ApiErrorCode): PrescriptionResult<T> =>
  code === undefined ? { ok: false, error } : { ok: false, error, code };

/** The texts the prescription actions answer with (the slash commands' guards, and their own). */
export const PRESCRIPTION_MESSAGES = {
  noPrescription: COMMAND_GUARD_MESSAGES.noPrescription,
  noBatch: COMMAND_GUARD_MESSAGES.noBatch,
  alreadyFinalized: 'Esta receita já foi finalizada.',
  noSuchMedication: 'Medicamento não encontrado na receita.',
  invalidDispenseQuantity:
    'Escreva a quantidade a dispensar com um número inteiro e a unidade, por exemplo: 21 cápsulas.',
  issueOffline:
    'Sem conexão com o servidor: a receita será emitida quando ele responder. Imprima-a depois.',
  heldForSafety:
    'A receita tem aviso de segurança grave ou contraindicado e ficou como rascunho: use /imprimir-receitas, escreva a justificativa e então imprima.',
} as const;

/** Docs: the name a receita carries when the text named no patient. */
export const DEFAULT_PATIENT_NAME = 'Paciente';

/** The doctor who signs: from the settings (name, CRM with UF). */
export interface PrescribingDoctor {
  name: string;
  crm: string;
}

/**
 * Everything a doctor writes on a receita, as the browser holds it: the medicines keep the
 * special-control marks the server gave them, so a receita edited offline still prints its vias.
 */
export const prescriptionContentSchema = presentedPrescriptionSchema.omit({
  id: true,
  createdAt: true,
  updatedAt: true,
  version: true,
});
export type PrescriptionContent = z.output<typeof prescriptionContentSchema>;

/** A medicine as a receita holds it: generic allowed and normal priority unless said. */
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

/** A medicine as the server takes it: its control mark and generic name are the server's to set. */
export function withoutControl(
  medication: PresentedMedication,
): Omit<PresentedMedication, 'control' | 'genericName'> {
  const { control: _control, genericName: _genericName, ...rest } = medication;
  return rest;
}

/**
 * The receita an extraction starts, dated today.
 * @param extraction - what the model (or the rule parser) read from the doctor's text
 * @param doctor - who signs it
 * @param now - the moment it is written
 * @param finalized - a quick receita is finalised at once
 */
export function draftFromExtraction(
  extraction: PrescriptionExtraction,
  doctor: PrescribingDoctor,
  now: Date,
  finalized = false,
): PrescriptionContent {
  return {
    patientName: extraction.patientName.trim() || DEFAULT_PATIENT_NAME,
    patientAge: extraction.patientAge,
    diagnosis: extraction.diagnosis,
    medications: mergeMedications([], extraction.medications).map(withoutControl),
    notes: extraction.notes,
    date: localDay(now),
    doctorName: doctor.name,
    doctorCRM: doctor.crm,
    isFinalized: finalized,
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
 * @param held - the receita's medicines
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
    // A renamed medicine may need another control document or generic name: the server marks it
    // again.
    const { control: _control, genericName: _genericName, ...kept } = existing;
    const next = toPrescriptionMedication({ ...kept, ...nonEmptyFields(medication) });
    // A quantity the doctor wrote is theirs: a later extraction does not replace it.
    if (kept.dispenseQuantity?.enteredByDoctor) next.dispenseQuantity = kept.dispenseQuantity;
    merged[index] = next;
  }
  return merged;
}

/**
 * Docs "updated from the last 10 messages": the new non-empty patient name, age, diagnosis and
 * notes override the held ones; medicines merge by {@link mergeMedications}.
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

/** The draft with a medicine appended (the record screen, `/adicionar-medicamento`). */
export function withAddedMedication(
  prescription: PresentedPrescription,
  medication: Medication,
): PresentedPrescription {
  return {
    ...prescription,
    medications: [...prescription.medications, toPrescriptionMedication(medication)],
  };
}

/**
 * The draft without the medicine at `index` (0-based, in the receita's order).
 * @returns the receita, or why there is no such medicine
 */
export function withoutMedicationAt(
  prescription: PresentedPrescription,
  index: number,
): PrescriptionResult<PresentedPrescription> {
  const { medications } = prescription;
  if (!Number.isInteger(index) || index < 0 || index >= medications.length) {
    return failed(PRESCRIPTION_MESSAGES.noSuchMedication);
  }
  return succeeded({
    ...prescription,
    medications: medications.filter((_, position) => position !== index),
  });
}

/**
 * The receita with the doctor's own quantity to dispense for the medicine at `index`: kept as
 * written ('2 caixas') and never recomputed (docs/receitas.md).
 * @param typed - the quantity as typed: a whole number and its unit
 * @returns the receita, or why the quantity cannot be taken
 */
export function withDispenseQuantityAt(
  prescription: PresentedPrescription,
  index: number,
  typed: string,
): PrescriptionResult<PresentedPrescription> {
  if (!prescription.medications[index]) return failed(PRESCRIPTION_MESSAGES.noSuchMedication);
  const quantity = dispenseQuantityFromText(typed);
  if (!quantity) return failed(PRESCRIPTION_MESSAGES.invalidDispenseQuantity);
  return succeeded({
    ...prescription,
    medications: prescription.medications.map((medication, position) =>
      position === index ? { ...medication, dispenseQuantity: quantity } : medication,
    ),
  });
}

/**
 * The draft an edit applies to: the receita being written, if it is still a draft.
 * @returns the draft, or the guard's message (none active, or already finalised)
 */
export function editableDraft(
  current: PresentedPrescription | undefined,
): PrescriptionResult<PresentedPrescription> {
  if (!current) return failed(PRESCRIPTION_MESSAGES.noPrescription);
  if (current.isFinalized) return failed(PRESCRIPTION_MESSAGES.alreadyFinalized);
  return succeeded(current);
}

/** Everything a doctor writes on a receita, as held (medicines with their control marks). */
export function contentOf(prescription: PresentedPrescription): PrescriptionContent {
  const {
    id: _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version: _version,
    ...content
  } = prescription;
  return content;
}

/**
 * What is sent of a content (a create's, an update's): the medicines without their control
 * marks and generic names, and the receita without its kind and SNCR number — all the server's
 * to set.
 */
export function withoutControlMarks<
  C extends {
    medications: readonly PresentedMedication[];
    receitaClass?: unknown;
    sncrNumber?: unknown;
  },
>(
  content: C,
): Omit<C, 'medications' | 'receitaClass' | 'sncrNumber'> & {
  medications: Omit<PresentedMedication, 'control' | 'genericName'>[];
} {
  const { receitaClass: _receitaClass, sncrNumber: _sncrNumber, medications, ...written } = content;
  return { ...written, medications: medications.map(withoutControl) };
}
