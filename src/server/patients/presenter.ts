import { ageOn } from '../../shared/patient-search';
import type { Patient } from '../../shared/patient';
import type { PatientRow } from '../db/schema';

/**
 * The API shape of a stored patient: unset fields left out, dates as ISO strings, and the age
 * on `today` from the birth date — computed on every answer, never stored, so it is never stale.
 * @param today - the server's local day, `yyyy-MM-dd`
 */
export function presentPatient(row: PatientRow, today: string): Patient {
  const patient: Patient = {
    id: row.id,
    name: row.name,
    allergies: row.allergies,
    chronicConditions: row.chronicConditions,
    medications: row.medications,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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
  return patient;
}
