import type { PresentedMedication, PresentedPrescription } from '../api/prescriptions';
import type { Gender, Medication } from '../records/medical-record';
import type { SafetyReason } from './safety-warnings';
import { localDay } from '../lib/local-day';
import {
  toPrescriptionMedication,
  withoutControl,
  type PrescribingDoctor,
  type PrescriptionContent,
} from './draft';

/**
 * The receita of a visit (docs/receitas.md, "A receita da consulta"): the record's prescription
 * step owns it. Opening its print shows the visit's receita — its draft, else its valid issued
 * one — and never makes a second; what the step says is written into the draft (the doctor's own
 * quantities and reasons kept), and a step changed after the receita was issued makes a new
 * version, which replaces the issued one when it is issued in turn. Pure: the browser's
 * prescription actions apply it.
 */

/** What the step holds that its receita is made of. */
export interface VisitPrescription {
  recordId: string;
  patientId?: string | undefined;
  patientName: string;
  /** The age the patient step gives, in years. */
  patientAge?: number | undefined;
  patientSex?: Gender | undefined;
  medications: readonly Medication[];
  notes?: string | undefined;
  /** The reasons the doctor gave in the step for grave warnings of these medicines. */
  safetyReasons?: readonly SafetyReason[] | undefined;
}

/** How a receita stands, as the screens name it. */
export type ReceitaStatus = 'rascunho' | 'emitida' | 'assinada' | 'cancelada';

export const RECEITA_STATUS_LABELS: Readonly<Record<ReceitaStatus, string>> = {
  rascunho: 'Rascunho',
  emitida: 'Emitida',
  assinada: 'Assinada',
  cancelada: 'Cancelada',
};

/** Where a receita is in its life: a draft, issued, signed, or cancelled. */
export function receitaStatus(
  receita: Pick<PresentedPrescription, 'isFinalized' | 'signedAt' | 'cancellation'>,
): ReceitaStatus {
  if (receita.cancellation) return 'cancelada';
  if (receita.signedAt) return 'assinada';
  return receita.isFinalized ? 'emitida' : 'rascunho';
}

/**
 * The receita the step makes, dated `now`: its medicines as the step wrote them, the reasons
 * given there for them, and who the patient is.
 */
export function visitReceitaContent(
  visit: VisitPrescription,
  doctor: PrescribingDoctor,
  now: Date,
): PrescriptionContent {
  const names = new Set(visit.medications.map((medication) => medication.name));
  const reasons = (visit.safetyReasons ?? []).filter((reason) =>
    reason.medications.some((name) => names.has(name)),
  );
  return {
    patientName: visit.patientName.trim() || 'Paciente',
    patientAge: visit.patientAge === undefined ? '' : String(visit.patientAge),
    ...(visit.patientSex ? { patientSex: visit.patientSex } : {}),
    ...(visit.patientId ? { patientId: visit.patientId } : {}),
    recordId: visit.recordId,
    diagnosis: '',
    medications: visit.medications.map((medication) =>
      withoutControl(toPrescriptionMedication(medication)),
    ),
    notes: visit.notes?.trim() ?? '',
    date: localDay(now),
    doctorName: doctor.name,
    doctorCRM: doctor.crm,
    isFinalized: false,
    ...(reasons.length > 0 ? { safetyReasons: reasons } : {}),
  };
}

/** A visit's valid receitas as held: its draft and its issued one (neither cancelled). */
export function visitReceitasOf<Receita extends PresentedPrescription>(
  held: readonly Receita[],
  recordId: string,
): { draft?: Receita | undefined; issued?: Receita | undefined } {
  const valid = held.filter(
    (receita) => receita.recordId === recordId && receita.cancellation === undefined,
  );
  return {
    draft: valid.find((receita) => !receita.isFinalized),
    issued: valid.find((receita) => receita.isFinalized),
  };
}

/** What of a medicine the step decides (the quantity and the control mark are not its words). */
function prescribedPart(medication: PresentedMedication | Medication) {
  const fields = [
    medication.name,
    medication.dosage,
    medication.dosePerIntake,
    medication.frequency,
    medication.duration,
    medication.instructions,
    medication.quantity,
    'route' in medication ? medication.route : undefined,
  ];
  return fields.map((field) => (field ?? '').trim().toLocaleLowerCase('pt-BR'));
}

/** Whether the receita says what the step says: the same medicines, notes and patient. */
export function receitaSaysStep(
  receita: Pick<PrescriptionContent, 'medications' | 'notes' | 'patientName' | 'patientAge'>,
  step: Pick<PrescriptionContent, 'medications' | 'notes' | 'patientName' | 'patientAge'>,
): boolean {
  return (
    receita.medications.length === step.medications.length &&
    receita.medications.every(
      (medication, index) =>
        JSON.stringify(prescribedPart(medication)) ===
        JSON.stringify(prescribedPart(step.medications[index] ?? medication)),
    ) &&
    receita.notes.trim() === step.notes.trim() &&
    receita.patientName.trim() === step.patientName.trim() &&
    receita.patientAge.trim() === step.patientAge.trim()
  );
}

/**
 * The step's content over a receita the doctor already worked on: the quantities she wrote and
 * the reasons she gave stay where the medicine did not change.
 */
export function withDoctorEdits(
  step: PrescriptionContent,
  earlier: Pick<PresentedPrescription, 'medications' | 'safetyReasons'>,
): PrescriptionContent {
  const medications = step.medications.map((medication) => {
    const same = earlier.medications.find(
      (kept) => JSON.stringify(prescribedPart(kept)) === JSON.stringify(prescribedPart(medication)),
    );
    return same?.dispenseQuantity?.enteredByDoctor
      ? { ...medication, dispenseQuantity: same.dispenseQuantity }
      : medication;
  });
  const names = new Set(medications.map((medication) => medication.name));
  const given = new Set((step.safetyReasons ?? []).map((reason) => JSON.stringify(reason)));
  const reasons = [
    ...(step.safetyReasons ?? []),
    ...(earlier.safetyReasons ?? []).filter(
      (reason) =>
        !given.has(JSON.stringify(reason)) && reason.medications.some((name) => names.has(name)),
    ),
  ];
  return { ...step, medications, ...(reasons.length > 0 ? { safetyReasons: reasons } : {}) };
}

/**
 * A new version of an issued receita, to correct it: what it says, as a draft that names it —
 * its validation, signature and cancellation are its own, not the new one's.
 */
export function correctionOf(issued: PresentedPrescription, now: Date): PrescriptionContent {
  const {
    id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    version: _version,
    validation: _validation,
    signedAt: _signedAt,
    cancellation: _cancellation,
    replacesId: _replacesId,
    ...content
  } = issued;
  return {
    ...content,
    medications: content.medications.map(withoutControl),
    date: localDay(now),
    isFinalized: false,
    replacesId: id,
  };
}
