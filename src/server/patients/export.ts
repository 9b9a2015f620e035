import { and, asc, eq } from 'drizzle-orm';
import type { PatientExport } from '@clinical/fhir/patient-export';
import { localToday } from '@shared/lib/local-day';
import type { AppDatabase } from '../db/database';
import { medicalRecords, prescriptions } from '../db/schema';
import { createRecordRepository } from '../medical-records/repository';
import { presentRecord } from '../medical-records/presenter';
import { prescriptionOfRow } from '../prescriptions/presenter';
import { presentPatient } from './presenter';
import { createPatientRepository } from './repository';

/**
 * Everything kept about one of the doctor's patients, as the API answers it, for her to take
 * away (LGPD art. 18, II and V): her data and lists, every visit with its addenda, every
 * receita. Undefined when she is missing or another doctor's.
 */
export async function loadPatientExport(
  db: AppDatabase,
  userId: string,
  patientId: string,
  now: Date,
): Promise<PatientExport | undefined> {
  const patient = await createPatientRepository(db).find(userId, patientId);
  if (!patient) return undefined;
  const recordRows = await db
    .select()
    .from(medicalRecords)
    .where(and(eq(medicalRecords.patientId, patientId), eq(medicalRecords.userId, userId)))
    .orderBy(asc(medicalRecords.createdAt), asc(medicalRecords.id));
  const recordRepository = createRecordRepository(db);
  const addenda = await recordRepository.addendaOf(userId, recordRows);
  const aiUses = await recordRepository.aiUsesOf(userId, recordRows);
  const receitaRows = await db
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.patientId, patientId), eq(prescriptions.userId, userId)))
    .orderBy(asc(prescriptions.createdAt), asc(prescriptions.id));
  return {
    patient: presentPatient(patient, localToday()),
    records: recordRows.map((row) =>
      presentRecord(row, addenda.get(row.id) ?? [], aiUses.get(row.id) ?? []),
    ),
    prescriptions: receitaRows.map(prescriptionOfRow),
    exportedAt: now.toISOString(),
  };
}
