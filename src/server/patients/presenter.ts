import { isoTimestamp } from '@shared/lib/iso-timestamp';
import { ageOn } from '@shared/patients/search';
import type { Patient } from '@shared/patients/patient';
import {
  bloodPressureOf,
  renewalItems,
  timelineTitle,
  type PrescribedEntry,
  type RenewalItem,
  type TimelineItem,
  type VitalsPoint,
} from '@shared/patients/chart';
import type { MedicalRecordRow, PatientRow } from '../db/schema';
import type { LastVisit, PrescribedRow, TimelineRow } from './chart-repository';

/**
 * The API shape of a stored patient: unset fields left out, dates as ISO strings, and the age
 * on `today` from the birth date — computed on every answer, never stored, so it is never stale.
 * @param today - the server's local day, `yyyy-MM-dd`
 */
export function presentPatient(
  row: PatientRow,
  today: string,
  extras: { lastVisit?: LastVisit; counts?: Patient['counts'] } = {},
): Patient {
  const patient: Patient = {
    id: row.id,
    name: row.name,
    allergies: row.allergies,
    chronicConditions: row.chronicConditions,
    medications: row.medications,
    version: row.version,
    createdAt: isoTimestamp(row.createdAt),
    updatedAt: isoTimestamp(row.updatedAt),
  };
  if (row.birthDate !== null) {
    patient.birthDate = row.birthDate;
    patient.age = ageOn(row.birthDate, today);
  }
  if (row.sex !== null) patient.sex = row.sex;
  if (row.cpf !== null) patient.cpf = row.cpf;
  if (row.cns !== null) patient.cns = row.cns;
  if (row.passport !== null) patient.passport = row.passport;
  if (row.aiConsent !== null) patient.aiConsent = row.aiConsent;
  if (row.phone !== null) patient.phone = row.phone;
  if (row.address !== null) patient.address = row.address;
  if (row.notes !== null) patient.notes = row.notes;
  if (extras.lastVisit) {
    patient.lastVisit = { date: isoTimestamp(extras.lastVisit.createdAt) };
    if (extras.lastVisit.age !== undefined) patient.lastVisit.age = extras.lastVisit.age;
  }
  if (extras.counts) patient.counts = extras.counts;
  return patient;
}

/** A timeline entry as the API answers it, titled from what it holds. */
export function presentTimelineItem(row: TimelineRow): TimelineItem {
  return {
    kind: row.kind,
    id: row.id,
    date: isoTimestamp(row.createdAt),
    title: timelineTitle(row),
    finalized: row.finalized,
    ...(row.kind === 'document' && row.documentKind ? { documentKind: row.documentKind } : {}),
    ...(row.kind === 'prescription' && row.status === 'cancelado'
      ? { receitaLife: 'cancelada' as const }
      : row.kind === 'prescription' && row.status === 'assinado'
        ? { receitaLife: 'assinada' as const }
        : {}),
  };
}

/** One visit's measured vital signs for the charts; undefined when it measured none charted. */
export function presentVitals(
  row: Pick<MedicalRecordRow, 'id' | 'createdAt' | 'physicalExam'>,
): VitalsPoint | undefined {
  const signs = row.physicalExam?.vitalSigns;
  if (!signs) return undefined;
  const point: VitalsPoint = { recordId: row.id, date: isoTimestamp(row.createdAt) };
  const pressure = bloodPressureOf(signs.bloodPressure);
  if (pressure) Object.assign(point, pressure);
  if (signs.heartRate !== undefined) point.heartRate = signs.heartRate;
  if (signs.temperature !== undefined) point.temperature = signs.temperature;
  if (signs.weight !== undefined) point.weight = signs.weight;
  if (signs.bmi !== undefined) point.bmi = signs.bmi;
  return Object.keys(point).length > 2 ? point : undefined;
}

const PRESCRIBED_TEXTS = [
  'dosage',
  'dosePerIntake',
  'frequency',
  'duration',
  'instructions',
] as const;

/** The medicines of a stored prescription, each with its name and what it says as text. */
function prescribedEntriesOf(row: PrescribedRow): PrescribedEntry[] {
  if (!Array.isArray(row.medications)) return [];
  return row.medications.flatMap((stored: unknown) => {
    if (typeof stored !== 'object' || stored === null) return [];
    const fields = stored as Record<string, unknown>;
    if (typeof fields.name !== 'string' || fields.name.trim() === '') return [];
    const medication: PrescribedEntry['medication'] = { name: fields.name };
    for (const key of PRESCRIBED_TEXTS) {
      const text = fields[key];
      if (typeof text === 'string') medication[key] = text;
    }
    if (typeof fields.genericAllowed === 'boolean') {
      medication.genericAllowed = fields.genericAllowed;
    }
    return [{ medication, kind: row.kind, id: row.id, date: isoTimestamp(row.createdAt) }];
  });
}

/**
 * 'Renovar receita' as the API answers it: each of her medicines in use with the posology of its
 * latest prescription (`renewalItems`), read from her prescriptions as stored, newest first.
 */
export function presentRenewal(
  inUse: readonly string[],
  history: readonly PrescribedRow[],
): RenewalItem[] {
  return renewalItems(inUse, history.flatMap(prescribedEntriesOf));
}
