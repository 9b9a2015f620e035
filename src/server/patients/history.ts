import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { HISTORY_VISITS, type EarlierVisit, type PatientHistory } from '@shared/patients/history';
import type { AppDatabase } from '../db/database';
import { medicalRecords, type MedicalRecordRow } from '../db/schema';
import { createPatientRepository } from './repository';

/**
 * The patient's history for the AI colleague: her lists and her latest finalised visits (not
 * the one open now). Undefined when she is missing or another doctor's.
 */
export async function loadPatientHistory(
  db: AppDatabase,
  userId: string,
  patientId: string,
  exceptRecordId: string | undefined,
): Promise<PatientHistory | undefined> {
  const patient = await createPatientRepository(db).find(userId, patientId);
  if (!patient) return undefined;
  const conditions: SQL[] = [
    eq(medicalRecords.patientId, patientId),
    eq(medicalRecords.userId, userId),
    eq(medicalRecords.status, 'finalizado'),
  ];
  if (exceptRecordId) conditions.push(ne(medicalRecords.id, exceptRecordId));
  const visits = await db
    .select()
    .from(medicalRecords)
    .where(and(...conditions))
    .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
    .limit(HISTORY_VISITS);
  return {
    name: patient.name,
    allergies: patient.allergies,
    chronicConditions: patient.chronicConditions,
    medications: patient.medications,
    visits: visits.map(earlierVisitOf),
  };
}

function earlierVisitOf(row: MedicalRecordRow): EarlierVisit {
  const visit: EarlierVisit = { date: row.createdAt.toISOString() };
  const vitals = row.physicalExam?.vitalSigns;
  const complaint = row.symptoms?.chiefComplaint;
  if (complaint) visit.chiefComplaint = complaint;
  if (vitals?.bloodPressure) visit.bloodPressure = vitals.bloodPressure;
  if (vitals?.heartRate !== undefined) visit.heartRate = vitals.heartRate;
  if (vitals?.temperature !== undefined) visit.temperature = vitals.temperature;
  if (vitals?.weight !== undefined) visit.weight = vitals.weight;
  if (row.assessment) visit.assessment = row.assessment;
  if (row.plan) visit.plan = row.plan;
  return visit;
}
