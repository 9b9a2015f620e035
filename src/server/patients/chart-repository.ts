import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listUnion } from '../../shared/patient-chart';
import type { AppDatabase } from '../db/database';
import {
  medicalRecords,
  patients,
  prescriptionBatches,
  prescriptions,
  type MedicalRecordRow,
  type PatientRow,
} from '../db/schema';

// A patient's chart: what belongs to her in other tables. Every query names the doctor too, so
// another doctor's patient reads as missing, like everywhere else.

type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/** A row of the timeline as read: titled by the presenter. */
export interface TimelineRow {
  kind: 'record' | 'prescription';
  id: string;
  createdAt: Date;
  finalized: boolean;
  chiefComplaint: string | null;
  assessment: string | null;
  medicationNames: string[] | null;
}

/** Where a timeline page starts: strictly before this entry. */
export interface TimelinePosition {
  createdAt: Date;
  id: string;
}

export interface LastVisit {
  createdAt: Date;
  age: number | undefined;
}

export type MergeOutcome =
  | { kind: 'merged'; row: PatientRow }
  | { kind: 'not-found' }
  /** Both are the same patient. */
  | { kind: 'same' };

export type EraseOutcome =
  | { kind: 'erased'; records: number; prescriptions: number }
  | { kind: 'not-found' }
  | { kind: 'stale'; current: PatientRow };

/** The patient under a row lock, or undefined. */
async function lockedPatient(
  tx: Transaction,
  userId: string,
  id: string,
): Promise<PatientRow | undefined> {
  const [row] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.userId, userId), eq(patients.id, id)))
    .for('update');
  return row;
}

/** Removes receitas' ids from every batch of the doctor's holding any of them. */
async function takeOutOfBatches(tx: Transaction, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const idList = sql`(select coalesce(array_agg(value), '{}') from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  await tx
    .update(prescriptionBatches)
    .set({
      prescriptionIds: sql`${prescriptionBatches.prescriptionIds} - ${idList}`,
      version: sql`${prescriptionBatches.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(prescriptionBatches.userId, userId),
        sql`${prescriptionBatches.prescriptionIds} ?| ${idList}`,
      ),
    );
}

/**
 * The statement of a timeline page: each side reads at most a page from its (patient_id,
 * created_at, id) index; the union keeps the newest of both. Exported for the query-plan test,
 * which explains exactly this statement.
 * @param limit - rows to read
 */
export function timelineQuery(
  userId: string,
  patientId: string,
  limit: number,
  after: TimelinePosition | undefined,
): SQL {
  const before = (table: typeof medicalRecords | typeof prescriptions) =>
    after
      ? sql`and (${table.createdAt}, ${table.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
      : sql``;
  return sql`
    (select 'record' as kind, ${medicalRecords.id} as id, ${medicalRecords.createdAt} as created_at,
            ${medicalRecords.status} = 'finalizado' as finalized,
            ${medicalRecords.symptoms}->>'chiefComplaint' as chief_complaint,
            left(${medicalRecords.assessment}, 300) as assessment,
            null::jsonb as medication_names
       from ${medicalRecords}
      where ${medicalRecords.patientId} = ${patientId} and ${medicalRecords.userId} = ${userId}
        ${before(medicalRecords)}
      order by ${medicalRecords.createdAt} desc, ${medicalRecords.id} desc
      limit ${limit})
    union all
    (select 'prescription', ${prescriptions.id}, ${prescriptions.createdAt},
            ${prescriptions.isFinalized}, null, null,
            jsonb_path_query_array(${prescriptions.content}, '$.medications[*].name')
       from ${prescriptions}
      where ${prescriptions.patientId} = ${patientId} and ${prescriptions.userId} = ${userId}
        ${before(prescriptions)}
      order by ${prescriptions.createdAt} desc, ${prescriptions.id} desc
      limit ${limit})
    order by created_at desc, id desc
    limit ${limit}`;
}

/** The chart store of one database. */
export function createChartRepository(db: AppDatabase) {
  return {
    /**
     * A page of the patient's timeline, newest first, keyset on (created_at, id) — ids differ
     * between tables, so the key is total.
     * @returns up to `limit + 1` rows: the extra one only tells that another page exists
     */
    async timeline(
      userId: string,
      patientId: string,
      limit: number,
      after: TimelinePosition | undefined,
    ): Promise<TimelineRow[]> {
      const result = (await db.execute(timelineQuery(userId, patientId, limit + 1, after))) as {
        rows: {
          kind: 'record' | 'prescription';
          id: string;
          created_at: string | Date;
          finalized: boolean;
          chief_complaint: string | null;
          assessment: string | null;
          medication_names: unknown;
        }[];
      };
      return result.rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        createdAt: new Date(row.created_at),
        finalized: row.finalized,
        chiefComplaint: row.chief_complaint,
        assessment: row.assessment,
        medicationNames: Array.isArray(row.medication_names)
          ? row.medication_names.filter((name): name is string => typeof name === 'string')
          : null,
      }));
    },

    /** The latest visits' vital signs, newest first (the caller orders them for the charts). */
    vitals(
      userId: string,
      patientId: string,
      limit: number,
    ): Promise<Pick<MedicalRecordRow, 'id' | 'createdAt' | 'physicalExam'>[]> {
      return db
        .select({
          id: medicalRecords.id,
          createdAt: medicalRecords.createdAt,
          physicalExam: medicalRecords.physicalExam,
        })
        .from(medicalRecords)
        .where(
          and(
            eq(medicalRecords.patientId, patientId),
            eq(medicalRecords.userId, userId),
            sql`${medicalRecords.physicalExam} ? 'vitalSigns'`,
          ),
        )
        .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
        .limit(limit);
    },

    /** Each patient's latest visit among `patientIds` (those with none left out). */
    async lastVisits(
      userId: string,
      patientIds: readonly string[],
    ): Promise<Map<string, LastVisit>> {
      const visits = new Map<string, LastVisit>();
      if (patientIds.length === 0) return visits;
      const rows = await db
        .selectDistinctOn([medicalRecords.patientId], {
          patientId: medicalRecords.patientId,
          createdAt: medicalRecords.createdAt,
          patientInfo: medicalRecords.patientInfo,
        })
        .from(medicalRecords)
        .where(
          and(
            inArray(medicalRecords.patientId, [...patientIds]),
            eq(medicalRecords.userId, userId),
          ),
        )
        .orderBy(medicalRecords.patientId, desc(medicalRecords.createdAt));
      for (const row of rows) {
        if (row.patientId === null) continue;
        visits.set(row.patientId, { createdAt: row.createdAt, age: row.patientInfo?.age });
      }
      return visits;
    },

    /** How many records and receitas are kept about the patient. */
    async counts(
      userId: string,
      patientId: string,
    ): Promise<{ records: number; prescriptions: number; documents: number }> {
      const [records] = await db
        .select({ value: count() })
        .from(medicalRecords)
        .where(and(eq(medicalRecords.patientId, patientId), eq(medicalRecords.userId, userId)));
      const [receitas] = await db
        .select({ value: count() })
        .from(prescriptions)
        .where(and(eq(prescriptions.patientId, patientId), eq(prescriptions.userId, userId)));
      return { records: records?.value ?? 0, prescriptions: receitas?.value ?? 0, documents: 0 };
    },

    /**
     * Moves everything of `otherId` into `id` and deletes `otherId`, in one transaction: her
     * visits and receitas; her allergies, conditions and medicines added to the lists (none
     * lost); each field `id` leaves empty (birth date, sex, CPF, CNS, phone, address) taken
     * from her; both notes kept.
     */
    merge(userId: string, id: string, otherId: string): Promise<MergeOutcome> {
      if (id === otherId) return Promise.resolve({ kind: 'same' });
      return db.transaction(async (tx) => {
        // Always lock in one order, so two merges of the same pair cannot deadlock.
        const [firstId, secondId] = id < otherId ? [id, otherId] : [otherId, id];
        const first = await lockedPatient(tx, userId, firstId);
        const second = await lockedPatient(tx, userId, secondId);
        const [kept, other] = firstId === id ? [first, second] : [second, first];
        if (!kept || !other) return { kind: 'not-found' };
        await tx
          .update(medicalRecords)
          .set({ patientId: id })
          .where(and(eq(medicalRecords.patientId, otherId), eq(medicalRecords.userId, userId)));
        await tx
          .update(prescriptions)
          .set({ patientId: id })
          .where(and(eq(prescriptions.patientId, otherId), eq(prescriptions.userId, userId)));
        // Before the update: her CPF or CNS may move to the patient kept (unique per doctor).
        await tx.delete(patients).where(and(eq(patients.id, otherId), eq(patients.userId, userId)));
        const notes = [kept.notes, other.notes].filter((note) => note !== null && note !== '');
        const [row] = await tx
          .update(patients)
          .set({
            birthDate: kept.birthDate ?? other.birthDate,
            sex: kept.sex ?? other.sex,
            cpf: kept.cpf ?? other.cpf,
            cns: kept.cns ?? other.cns,
            phone: kept.phone ?? other.phone,
            address: kept.address ?? other.address,
            allergies: listUnion(kept.allergies, other.allergies),
            chronicConditions: listUnion(kept.chronicConditions, other.chronicConditions),
            medications: listUnion(kept.medications, other.medications),
            notes: notes.length > 0 ? notes.join('\n\n') : null,
            version: kept.version + 1,
            updatedAt: new Date(),
          })
          .where(and(eq(patients.id, id), eq(patients.userId, userId)))
          .returning();
        if (!row) throw new Error('merged patient lost its row');
        return { kind: 'merged', row };
      });
    },

    /**
     * Erases the patient and everything kept about her — her records (their addenda go with
     * them), her receitas (taken out of any lote) — in one transaction. With
     * `expectedVersion`, only if she is still at it.
     */
    erase(userId: string, id: string, expectedVersion: number | undefined): Promise<EraseOutcome> {
      return db.transaction(async (tx) => {
        const current = await lockedPatient(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (expectedVersion !== undefined && expectedVersion !== current.version) {
          return { kind: 'stale', current };
        }
        const records = await tx
          .delete(medicalRecords)
          .where(and(eq(medicalRecords.patientId, id), eq(medicalRecords.userId, userId)))
          .returning({ id: medicalRecords.id });
        const receitas = await tx
          .delete(prescriptions)
          .where(and(eq(prescriptions.patientId, id), eq(prescriptions.userId, userId)))
          .returning({ id: prescriptions.id });
        await takeOutOfBatches(
          tx,
          userId,
          receitas.map((receita) => receita.id),
        );
        await tx.delete(patients).where(and(eq(patients.id, id), eq(patients.userId, userId)));
        return { kind: 'erased', records: records.length, prescriptions: receitas.length };
      });
    },
  };
}

export type ChartRepository = ReturnType<typeof createChartRepository>;
