import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { localDay } from '@shared/lib/local-day';
import { PATIENT_ID_PREFIX } from '@shared/patients/patient';
import {
  groupRecordsByPerson,
  patientFromVisits,
  personKeyOf,
  type RecordOfPerson,
} from '@shared/patients/grouping';
import { foldForMatching } from '@shared/lib/text-folding';
import type { AppTransaction } from '../db/database';
import { medicalRecords, patients, prescriptions, type MedicalRecordRow } from '../db/schema';

/** Rows per UPDATE … WHERE id IN (…): well under the protocol's parameter limit. */
const IDS_PER_STATEMENT = 1_000;

/** `Map.groupBy`, which Node 20 lacks. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/**
 * Gives every record that names a patient but belongs to none a patient (docs/product.md, "Pacientes"): the
 * records of one doctor that `groupRecordsByPerson` reads as one person become one new
 * patient, her chart built from them (`patientFromVisits`). Then each receita without a
 * patient goes to the doctor's one patient with the same name, when exactly one has it.
 * Runs inside the caller's transaction.
 * @returns how many patients were created and records and receitas linked
 */
export async function givePatientsToRecords(
  tx: AppTransaction,
): Promise<{ patients: number; records: number; prescriptions: number }> {
  const rows = await tx
    .select()
    .from(medicalRecords)
    .where(isNull(medicalRecords.patientId))
    .orderBy(asc(medicalRecords.createdAt), asc(medicalRecords.id));
  const byDoctor = groupBy(rows, (row) => row.userId);
  let created = 0;
  let linkedRecords = 0;
  for (const [userId, doctorRows] of byDoctor) {
    const rowById = new Map(doctorRows.map((row) => [row.id, row]));
    const people = groupRecordsByPerson(doctorRows.map(recordOfPerson));
    for (const person of people) {
      const visits = person.flatMap((record) => rowById.get(record.id) ?? []);
      const chart = patientFromVisits(
        visits.map((row) => ({ ...row.patientInfo, name: row.patientInfo?.name ?? '' })),
      );
      const now = new Date();
      const id = `${PATIENT_ID_PREFIX}${randomUUID()}`;
      await tx.insert(patients).values({
        id,
        userId,
        name: chart.name,
        searchName: foldForMatching(chart.name),
        sex: chart.sex ?? null,
        allergies: chart.allergies,
        chronicConditions: chart.chronicConditions,
        medications: chart.medications,
        version: 1,
        createdAt: now,
        updatedAt: now,
      });
      created += 1;
      for (const ids of chunksOf(
        visits.map((row) => row.id),
        IDS_PER_STATEMENT,
      )) {
        await tx
          .update(medicalRecords)
          .set({ patientId: id })
          .where(and(eq(medicalRecords.userId, userId), inArray(medicalRecords.id, ids)));
      }
      linkedRecords += visits.length;
    }
  }
  return { patients: created, records: linkedRecords, prescriptions: await linkReceitas(tx) };
}

function recordOfPerson(row: MedicalRecordRow): RecordOfPerson {
  const record: RecordOfPerson = {
    id: row.id,
    name: row.patientInfo?.name ?? '',
    date: localDay(row.createdAt),
  };
  if (row.patientInfo?.age !== undefined) record.age = row.patientInfo.age;
  return record;
}

/** Each receita without a patient to the doctor's only patient of that name, if one. */
async function linkReceitas(tx: AppTransaction): Promise<number> {
  const receitas = await tx
    .select({
      id: prescriptions.id,
      userId: prescriptions.userId,
      content: prescriptions.content,
    })
    .from(prescriptions)
    .where(isNull(prescriptions.patientId));
  let linked = 0;
  for (const [userId, doctorReceitas] of groupBy(receitas, (receita) => receita.userId)) {
    const doctorPatients = await tx
      .select({ id: patients.id, name: patients.name })
      .from(patients)
      .where(eq(patients.userId, userId));
    const byName = groupBy(doctorPatients, (patient) => personKeyOf(patient.name));
    for (const receita of doctorReceitas) {
      const [only, ...others] = byName.get(personKeyOf(receita.content.patientName)) ?? [];
      if (!only || others.length > 0) continue;
      await tx
        .update(prescriptions)
        .set({ patientId: only.id })
        .where(and(eq(prescriptions.userId, userId), eq(prescriptions.id, receita.id)));
      linked += 1;
    }
  }
  return linked;
}
