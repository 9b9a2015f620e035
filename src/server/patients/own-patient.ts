import type { AppDatabase } from '../db/database';
import { notFound } from '../http/errors';
import { createPatientRepository } from './repository';

export const PATIENT_NOT_FOUND = 'Paciente não encontrado.';

/**
 * The check a write naming a patient (a record's or a receita's `patientId`) passes first: only
 * one of the doctor's own patients; anyone else's is not found (404), as when asked for directly.
 */
export function ownPatientCheck(db: AppDatabase) {
  const patients = createPatientRepository(db);
  return async (userId: string, patientId: string | null | undefined): Promise<void> => {
    if (patientId && !(await patients.find(userId, patientId))) throw notFound(PATIENT_NOT_FOUND);
  };
}
