import { isSameDay, isValid, parseISO } from 'date-fns';
import type { Prescription, ReceitaPrintInput } from './prescription';
import type { ReceitaPrescription } from './receita-document';
import { formatDate } from '../lib/pt-br-format';
import { localDay } from '../lib/local-day';
import { fileNameSlug, foldForMatching } from '../lib/text-folding';

/**
 * Which receitas a print job holds, and whose they are. A printed sheet goes to one patient, so
 * receitas are grouped by patient and no A4 page holds two patients' receitas (the pagination in
 * `receita-document.ts` follows these groups). Receitas carry no patient id, only the name as
 * written: two receitas belong to the same patient when their names read the same, ignoring
 * case, accents and spacing ('José  Lima' and 'jose lima').
 */

/** The fields of a receita the print selection reads. */
export type SelectablePrescription = Pick<Prescription, 'id' | 'patientName' | 'date'>;

/** One patient's receitas, in the order given. */
export interface PatientPrescriptions<T> {
  /** The name folded for comparison ({@link patientKey}). */
  key: string;
  /** The name as first written, trimmed. */
  patientName: string;
  prescriptions: T[];
}

/** How many saved receitas the print dialog offers to choose from, newest first. */
export const PRINT_CHOICE_LIMIT = 50;

/**
 * The name two receitas of one patient share: lower case, no accents, single spaces.
 * @param patientName - the name as written on the receita
 */
export function patientKey(patientName: string): string {
  return foldForMatching(patientName);
}

/**
 * The receitas grouped by patient: patients in the order they first appear, each patient's
 * receitas in the order given.
 * @param prescriptions - the receitas, in print order
 */
export function groupPrescriptionsByPatient<T extends Pick<SelectablePrescription, 'patientName'>>(
  prescriptions: readonly T[],
): PatientPrescriptions<T>[] {
  const groups = new Map<string, PatientPrescriptions<T>>();
  for (const prescription of prescriptions) {
    const key = patientKey(prescription.patientName);
    const group = groups.get(key);
    if (group) group.prescriptions.push(prescription);
    else {
      groups.set(key, {
        key,
        patientName: prescription.patientName.trim(),
        prescriptions: [prescription],
      });
    }
  }
  return [...groups.values()];
}

/**
 * Whether a receita is dated on this calendar day (the doctor's local day).
 * @param prescription - its date: a calendar day ('2026-03-01') or a moment with its offset
 * @param day - any moment of the day
 */
export function isPrescribedOn(prescription: Pick<SelectablePrescription, 'date'>, day: Date) {
  const date = parseISO(prescription.date);
  return isValid(date) && isSameDay(date, day);
}

/** Who the doctor is seeing now, as far as the print dialog can tell. */
export interface CurrentPatientHints {
  /** The patient of the open record, if one is open. */
  openRecordPatientName?: string | undefined;
  /** The patient of the receita just made (a quick receita, the draft), if any. */
  justMadePatientName?: string | undefined;
}

/**
 * The patient whose receitas the print dialog selects first: the open record's patient, else
 * the patient of the receita just made, else the patient of the most recent receita.
 * @param hints - the open record and the receita just made
 * @param saved - the saved receitas, newest first
 */
export function currentPrintPatient(
  hints: CurrentPatientHints,
  saved: readonly Pick<SelectablePrescription, 'patientName'>[],
): string | undefined {
  const candidates = [
    hints.openRecordPatientName,
    hints.justMadePatientName,
    saved[0]?.patientName,
  ];
  return candidates.find((name) => name !== undefined && patientKey(name) !== '')?.trim();
}

/** What the print dialog opens with: the receitas offered and those ticked. */
export interface PrintSelection<T> {
  /** The receitas to choose from, newest first. */
  choices: T[];
  /** Ids of the receitas selected when the dialog opens. */
  selectedIds: string[];
  /** The patient whose receitas are selected; undefined when there are no receitas. */
  patientName: string | undefined;
}

/**
 * The print dialog's choices and default selection: the newest saved receitas
 * ({@link PRINT_CHOICE_LIMIT}), with the current patient's receitas of today ticked
 * ({@link currentPrintPatient}). A current patient without receitas today ticks nothing: the
 * doctor chooses, rather than printing some other patient's receitas.
 * @param saved - the saved receitas, newest first
 * @param hints - the open record and the receita just made
 * @param today - the doctor's today
 */
export function defaultPrintSelection<T extends SelectablePrescription>(
  saved: readonly T[],
  hints: CurrentPatientHints,
  today: Date,
): PrintSelection<T> {
  const choices = saved.slice(0, PRINT_CHOICE_LIMIT);
  const patientName = currentPrintPatient(hints, choices);
  if (patientName === undefined) return { choices, selectedIds: [], patientName };
  const key = patientKey(patientName);
  const selectedIds = choices
    .filter(
      (prescription) =>
        patientKey(prescription.patientName) === key && isPrescribedOn(prescription, today),
    )
    .map((prescription) => prescription.id);
  return { choices, selectedIds, patientName };
}

/**
 * The selected receitas in print order: grouped by patient (the first chosen patient first),
 * each patient's receitas in the order of the choices.
 * @param choices - the receitas offered
 * @param selectedIds - the ids ticked
 */
export function selectedForPrint<T extends SelectablePrescription>(
  choices: readonly T[],
  selectedIds: ReadonlySet<string>,
): T[] {
  const chosen = choices.filter((prescription) => selectedIds.has(prescription.id));
  return groupPrescriptionsByPatient(chosen).flatMap((group) => group.prescriptions);
}

/**
 * Whether the print command opens a lote rather than the doctor's own choice: only when the
 * most recent receita is in the lote (or there are no receitas outside it). A lote finalised
 * earlier does not stand in for the receita just made for the patient in front of the doctor.
 * @param batchPrescriptionIds - the lote's receitas
 * @param saved - the saved receitas, newest first
 */
export function printsBatch(
  batchPrescriptionIds: readonly string[],
  saved: readonly Pick<SelectablePrescription, 'id'>[],
): boolean {
  const newest = saved[0];
  return newest === undefined || batchPrescriptionIds.includes(newest.id);
}

/** A receita in the choice list: its date and medicines ('25/11/2026 — Losartana 50mg'). */
export function printChoiceLabel(prescription: ReceitaPrescription): string {
  const medicines = prescription.medications
    .map((medication) =>
      [medication.name.trim(), medication.dosage?.trim()].filter(Boolean).join(' '),
    )
    .join(', ');
  return `${formatDate(prescription.date)} — ${medicines || 'sem medicamentos'}`;
}

/**
 * The body of `POST /api/prescriptions/pdf`: the receitas as this device holds them (their
 * control marks left to the server, which makes them), and the lote's name when printing one.
 * @param prescriptions - in print order
 * @param batchName - the lote's name, when printing a lote
 */
export function receitaPrintInput(
  prescriptions: readonly ReceitaPrescription[],
  batchName: string | undefined,
): ReceitaPrintInput {
  return {
    prescriptions: prescriptions.map((prescription) => ({
      id: prescription.id,
      patientName: prescription.patientName,
      patientAge: prescription.patientAge,
      diagnosis: prescription.diagnosis,
      notes: prescription.notes,
      date: prescription.date,
      medications: prescription.medications.map(
        ({ control: _control, genericName: _genericName, ...medication }) => medication,
      ),
      ...(prescription.patientId ? { patientId: prescription.patientId } : {}),
      // Its visit: a receita of a teleconsulta says so.
      ...(prescription.recordId ? { recordId: prescription.recordId } : {}),
      ...(prescription.patientAddress ? { patientAddress: prescription.patientAddress } : {}),
      ...(prescription.patientSex ? { patientSex: prescription.patientSex } : {}),
    })),
    ...(batchName === undefined ? {} : { batchName }),
  };
}

/**
 * The PDF's file name: 'receita-<paciente>-<aaaa-mm-dd>.pdf' for one prescription (its date),
 * 'receitas-lote-<nome>-<aaaa-mm-dd>.pdf' for a batch and 'receitas-<aaaa-mm-dd>.pdf' for
 * several (today).
 * @param prescriptions - what the file holds
 * @param batchName - the batch's name, when printing a batch
 * @param today - the date of the download
 */
export function receitaPdfFileName(
  prescriptions: readonly Pick<ReceitaPrescription, 'patientName' | 'date'>[],
  batchName: string | undefined,
  today: Date,
): string {
  if (batchName !== undefined) {
    const name = fileNameSlug(batchName).replace(/^lote-?/, '');
    return `receitas-lote-${name ? `${name}-` : ''}${localDay(today)}.pdf`;
  }
  const [only] = prescriptions;
  if (prescriptions.length === 1 && only) {
    const day = /^\d{4}-\d{2}-\d{2}/.exec(only.date)?.[0] ?? localDay(today);
    return `receita-${fileNameSlug(only.patientName) || 'paciente'}-${day}.pdf`;
  }
  return `receitas-${localDay(today)}.pdf`;
}
