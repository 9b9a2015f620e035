import type { MedicalRecord, RecordAddendum } from '@shared/records/medical-record';
import type { AiUse } from '@shared/ai/use';
import type { MedicalRecordAddendumRow, MedicalRecordRow, RecordAiUseRow } from '../db/schema';

/** The API shape of an addendum: its author's name, its date and time as an ISO string. */
export function presentAddendum(row: MedicalRecordAddendumRow): RecordAddendum {
  return {
    id: row.id,
    author: row.authorName,
    createdAt: row.createdAt.toISOString(),
    text: row.text,
  };
}

/** The API shape of a use of AI: the outcome only when the doctor's is known. */
export function presentAiUse(row: RecordAiUseRow): AiUse {
  return {
    id: row.id,
    task: row.task,
    source: row.source,
    at: row.at.toISOString(),
    ...(row.outcome !== null ? { outcome: row.outcome } : {}),
  };
}

/**
 * The API shape of a stored record: unset parts left out, dates as ISO strings, its addenda and
 * its uses of AI (oldest first) always there.
 */
export function presentRecord(
  row: MedicalRecordRow,
  addenda: readonly MedicalRecordAddendumRow[],
  aiUses: readonly RecordAiUseRow[],
): MedicalRecord {
  const record: MedicalRecord = {
    id: row.id,
    userId: row.userId,
    status: row.status,
    currentStep: row.currentStep,
    steps: row.steps,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    addenda: addenda.map(presentAddendum),
    aiUse: aiUses.map(presentAiUse),
  };
  if (row.patientId !== null) record.patientId = row.patientId;
  // Field by field rather than a generic loop: this runs for every record of every list page.
  if (row.patientInfo !== null) record.patientInfo = row.patientInfo;
  if (row.symptoms !== null) record.symptoms = row.symptoms;
  if (row.physicalExam !== null) record.physicalExam = row.physicalExam;
  if (row.assessment !== null) record.assessment = row.assessment;
  if (row.prescriptions !== null) record.prescriptions = row.prescriptions;
  if (row.plan !== null) record.plan = row.plan;
  if (row.consultationFeedback !== null) record.consultationFeedback = row.consultationFeedback;
  if (row.structuredAnamnesis !== null) record.structuredAnamnesis = row.structuredAnamnesis;
  if (row.teleconsulta !== null) record.teleconsulta = row.teleconsulta;
  return record;
}
