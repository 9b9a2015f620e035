import { genericNameOfBrand } from '@clinical/medications/search';
import {
  specialPrescriptionKind,
  type ControlledList,
  type SpecialPrescriptionDocument,
} from '@clinical/prescriptions/controlled-medicines';
import type { Prescription, PrescriptionMedication } from '@shared/prescriptions/prescription';
import type { ReceitaLifeCycle } from '@shared/api/prescriptions';
import type { ReceitaClass } from '@shared/prescriptions/receita-class';
import { receitaClassOf } from '@clinical/prescriptions/medicine-receita-class';
import { isoTimestamp } from '@shared/lib/iso-timestamp';
import type { PrescriptionRow } from '../db/schema';
import { validationUrlOf } from '../documents/presenter';

/**
 * The special-control document a medicine needs (Portaria SVS/MS 344/98, RDC 471/2021), for the
 * print layer: the browser does not load the clinical tables, so the server marks each medicine.
 */
export interface MedicationControlMark {
  list: ControlledList;
  document: SpecialPrescriptionDocument;
  /** The labelled copies to print; empty for an official numbered form Prontu cannot print. */
  copies: string[];
  validDays: number;
}

export type PresentedMedication = PrescriptionMedication & {
  control?: MedicationControlMark;
  /** The generic name (DCB) of a medicine written by its brand or an abbreviation ('amoxicilina'). */
  genericName?: string;
};

/**
 * A prescription as the API answers it: its medicines marked with their control document and,
 * once finalised (issued), its validation address and code, its signature or its cancellation.
 */
export type PresentedPrescription = Omit<Prescription, 'medications'> &
  ReceitaLifeCycle & {
    medications: PresentedMedication[];
    receitaClass: ReceitaClass;
    sncrNumber?: string;
  };

/** The shared shape of a stored prescription, field by field (a row is never sent as is). */
export function prescriptionOfRow(row: PrescriptionRow): Prescription {
  const { content } = row;
  const prescription: Prescription = {
    id: row.id,
    patientName: content.patientName,
    patientAge: content.patientAge,
    diagnosis: content.diagnosis,
    medications: content.medications,
    notes: content.notes,
    date: content.date,
    doctorName: content.doctorName,
    doctorCRM: content.doctorCRM,
    isFinalized: row.isFinalized,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
  if (content.patientAddress !== undefined) prescription.patientAddress = content.patientAddress;
  if (content.patientSex !== undefined) prescription.patientSex = content.patientSex;
  if (content.safetyReasons?.length) prescription.safetyReasons = content.safetyReasons;
  if (row.patientId !== null) prescription.patientId = row.patientId;
  if (row.recordId !== null) prescription.recordId = row.recordId;
  if (row.replacesId !== null) prescription.replacesId = row.replacesId;
  return prescription;
}

/**
 * Adds to each medicine the special-control document it needs, when it needs one, and the
 * generic name of one written by its brand or an abbreviation.
 * @param prescription - the prescription in its shared shape
 */
export function markControlledMedicines<
  Marked extends { medications: readonly PrescriptionMedication[] },
>(prescription: Marked): Omit<Marked, 'medications'> & { medications: PresentedMedication[] } {
  return {
    ...prescription,
    medications: prescription.medications.map((medication) => {
      const kind = specialPrescriptionKind(medication.name, medication.dosage);
      const genericName = genericNameOfBrand(medication.name, medication.dosage);
      const named = genericName ? { ...medication, genericName } : medication;
      if (!kind) return named;
      return {
        ...named,
        control: {
          list: kind.list,
          document: kind.document,
          copies: kind.copies,
          validDays: kind.validDays,
          ...(kind.alsoRequires ? { alsoRequires: kind.alsoRequires } : {}),
        },
      };
    }),
  };
}

/**
 * The API shape of a stored prescription.
 * @param validationBase - the origin its public validation page is served from (PUBLIC_URL)
 */
export function presentPrescription(
  row: PrescriptionRow,
  validationBase: string,
): PresentedPrescription {
  const prescription = prescriptionOfRow(row);
  return {
    ...markControlledMedicines(prescription),
    ...lifeCycleOf(row, validationBase),
    receitaClass: receitaClassOf(prescription.medications),
    ...(row.sncrNumber === null ? {} : { sncrNumber: row.sncrNumber }),
  };
}

/** Where a receita is in its life after finalisation, as the API answers it. */
export function lifeCycleOf(row: PrescriptionRow, validationBase: string): ReceitaLifeCycle {
  const life: ReceitaLifeCycle = {};
  if (row.publicId !== null && row.secretCode !== null) {
    life.validation = {
      url: validationUrlOf(validationBase, row.publicId),
      secretCode: row.secretCode,
    };
  }
  if (row.signedAt !== null) life.signedAt = isoTimestamp(row.signedAt);
  if (row.cancelledAt !== null) {
    life.cancellation = { at: isoTimestamp(row.cancelledAt), reason: row.cancelReason ?? '' };
  }
  return life;
}
