import { isoTimestamp } from '../../shared/iso-timestamp';
import { ageOn } from '../../shared/patient-search';
import type { Patient } from '../../shared/patient';
import {
  bloodPressureOf,
  timelineTitle,
  type TimelineItem,
  type VitalsPoint,
} from '../../shared/patient-chart';
import type { MedicalRecordRow, PatientRow } from '../db/schema';
import type { LastVisit, TimelineRow } from './chart-repository';

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
