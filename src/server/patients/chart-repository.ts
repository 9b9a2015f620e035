import { and, desc, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DocumentKind, DocumentStatus } from '@shared/documents/clinical-document';
import { listUnion } from '@shared/patients/chart';
import { mustKeepRecord } from '@shared/records/retention';
import type { AppTransaction, AppDatabase } from '../db/database';
import {
  clinicalDocuments,
  medicalRecordAddenda,
  medicalRecords,
  patients,
  prescriptionBatches,
  prescriptions,
  type MedicalRecordRow,
  type PatientRow,
} from '../db/schema';

// A patient's chart: what belongs to her in other tables. Every query names the doctor too, so
// another doctor's patient reads as missing, like everywhere else.

/** A row of the timeline as read: titled by the presenter. */
export interface TimelineRow {
  kind: 'record' | 'prescription' | 'document';
  id: string;
  createdAt: Date;
  finalized: boolean;
  chiefComplaint: string | null;
  assessment: string | null;
  medicationNames: string[] | null;
  /** A document's kind; null for the rest. */
  documentKind: DocumentKind | null;
  /** A document's status; a receita's once signed ('assinado') or cancelled; null otherwise. */
  status: DocumentStatus | null;
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

/**
 * The medicines of one of her past prescriptions, as read for 'Renovar receita': a finalised
 * visit's prescriptions step, or an issued receita's medicines (JSON as stored).
 */
export interface PrescribedRow {
  kind: 'record' | 'prescription';
  id: string;
  createdAt: Date;
  medications: unknown;
}

/** How many of her latest finalised visits, and of her latest receitas, a renewal reads. */
export const RENEWAL_HISTORY_LIMIT = 50;

/**
 * Her latest visit, as a subquery to join laterally to a row of hers (`owner`: the outer row's
 * columns, `patients` itself by default): the newest of her records, from the (patient_id,
 * created_at, id) index. Only its date and the age it recorded are read, not the record's whole
 * patient step.
 *
 * The doctor is named by the outer row's column, which the outer query binds to her, not by a
 * parameter of its own: the planner then estimates the same cost for a plan made for any doctor
 * as for this one, and PostgreSQL keeps one plan for the prepared statement instead of planning
 * it again at every call (which took four times as long as running it).
 */
export function latestVisit(
  db: AppDatabase,
  owner: { id: AnyPgColumn; userId: AnyPgColumn } = patients,
) {
  return db
    .select({
      createdAt: medicalRecords.createdAt,
      // jsonb: the driver reads it as the number it holds (or null).
      age: sql<unknown>`${medicalRecords.patientInfo} -> 'age'`.as('age'),
    })
    .from(medicalRecords)
    .where(and(eq(medicalRecords.patientId, owner.id), eq(medicalRecords.userId, owner.userId)))
    .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
    .limit(1)
    .as('latest_visit');
}

/** The latest visit as read through {@link latestVisit}; undefined when she has none. */
export function lastVisitOf(createdAt: Date | null, age: unknown): LastVisit | undefined {
  if (!createdAt) return undefined;
  return { createdAt, age: typeof age === 'number' ? age : undefined };
}

/** What a chart's header shows of a patient. */
export interface PatientHeader {
  patient: PatientRow;
  lastVisit: LastVisit | undefined;
  counts: { records: number; prescriptions: number; documents: number };
}

export type MergeOutcome =
  | { kind: 'merged'; row: PatientRow }
  | { kind: 'not-found' }
  /** Both are the same patient. */
  | { kind: 'same' };

export type EraseOutcome =
  | { kind: 'erased'; records: number; prescriptions: number; documents: number }
  /** Her record has clinical content still under the legal retention: nothing was erased. */
  | { kind: 'retained'; lastEntryAt: Date }
  | { kind: 'not-found' }
  | { kind: 'stale'; current: PatientRow };

/**
 * The last moment anything was written in her record: a visit or its addendum, a receita or a
 * document, their signing and cancelling included; undefined when she has none.
 */
async function lastClinicalEntryOf(
  tx: AppTransaction,
  userId: string,
  patientId: string,
): Promise<Date | undefined> {
  const latest = (table: typeof prescriptions | typeof clinicalDocuments) =>
    sql`(select max(greatest(${table.updatedAt}, ${table.signedAt}, ${table.cancelledAt})) from ${table} where ${table.patientId} = ${patientId} and ${table.userId} = ${userId})`;
  const result = (await tx.execute(sql`
    select extract(epoch from greatest(
      (select max(${medicalRecords.updatedAt}) from ${medicalRecords}
        where ${medicalRecords.patientId} = ${patientId} and ${medicalRecords.userId} = ${userId}),
      (select max(${medicalRecordAddenda.createdAt}) from ${medicalRecordAddenda}
        join ${medicalRecords} on ${medicalRecords.id} = ${medicalRecordAddenda.recordId}
        where ${medicalRecords.patientId} = ${patientId} and ${medicalRecordAddenda.userId} = ${userId}),
      ${latest(prescriptions)},
      ${latest(clinicalDocuments)}
    )) * 1000 as last_entry_ms`)) as { rows: { last_entry_ms: number | string | null }[] };
  const lastEntryMs = result.rows[0]?.last_entry_ms;
  return lastEntryMs === null || lastEntryMs === undefined
    ? undefined
    : new Date(Math.round(Number(lastEntryMs)));
}

/** The patient under a row lock, or undefined. */
async function lockedPatient(
  tx: AppTransaction,
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
async function takeOutOfBatches(tx: AppTransaction, userId: string, ids: readonly string[]) {
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
 * A timeline page, newest first: her visits, receitas and documents, each read at most a page
 * from its (patient_id, created_at, id) index; the union keeps the newest of them.
 * @param patientId - her id: a value, a placeholder, or the outer row's `patients.id`
 * @param limit - rows to read
 */
function timelinePage(
  userId: string | Placeholder,
  patientId: string | Placeholder | SQLWrapper,
  limit: number | Placeholder,
  after: TimelinePosition | undefined,
): SQL {
  const before = (
    table: typeof medicalRecords | typeof prescriptions | typeof clinicalDocuments,
  ) =>
    after
      ? sql`and (${table.createdAt}, ${table.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
      : sql``;
  return sql`
    (select 'record' as kind, ${medicalRecords.id} as id, ${medicalRecords.createdAt} as created_at,
            ${medicalRecords.status} = 'finalizado' as finalized,
            ${medicalRecords.symptoms}->>'chiefComplaint' as chief_complaint,
            left(${medicalRecords.assessment}, 300) as assessment,
            null::jsonb as medication_names,
            null::text as document_kind, null::text as status
       from ${medicalRecords}
      where ${medicalRecords.patientId} = ${patientId} and ${medicalRecords.userId} = ${userId}
        ${before(medicalRecords)}
      order by ${medicalRecords.createdAt} desc, ${medicalRecords.id} desc
      limit ${limit})
    union all
    (select 'prescription', ${prescriptions.id}, ${prescriptions.createdAt},
            ${prescriptions.isFinalized}, null, null,
            jsonb_path_query_array(${prescriptions.content}, '$.medications[*].name'), null,
            case when ${prescriptions.cancelledAt} is not null then 'cancelado'
                 when ${prescriptions.signedAt} is not null then 'assinado' end
       from ${prescriptions}
      where ${prescriptions.patientId} = ${patientId} and ${prescriptions.userId} = ${userId}
        ${before(prescriptions)}
      order by ${prescriptions.createdAt} desc, ${prescriptions.id} desc
      limit ${limit})
    union all
    (select 'document', ${clinicalDocuments.id}, ${clinicalDocuments.createdAt},
            ${clinicalDocuments.status} <> 'rascunho', null, null, null,
            ${clinicalDocuments.kind}, ${clinicalDocuments.status}
       from ${clinicalDocuments}
      where ${clinicalDocuments.patientId} = ${patientId} and ${clinicalDocuments.userId} = ${userId}
        ${before(clinicalDocuments)}
      order by ${clinicalDocuments.createdAt} desc, ${clinicalDocuments.id} desc
      limit ${limit})
    order by created_at desc, id desc
    limit ${limit}`;
}

/**
 * The statement of a timeline page ({@link timelinePage}), joined to her row, so one round
 * trip also tells whether she is the doctor's at all: no row when she is not, one row of NULLs
 * when she has nothing yet. Exported for the query-plan test, which explains exactly this
 * statement.
 * @param limit - rows to read
 */
export function timelineQuery(
  userId: string,
  patientId: string,
  limit: number,
  after: TimelinePosition | undefined,
): SQL {
  return sql`
    select page.* from ${patients} left join lateral (
      ${timelinePage(userId, patientId, limit, after)}) page on true
    where ${patients.id} = ${patientId} and ${patients.userId} = ${userId}
    order by page.created_at desc, page.id desc`;
}

/**
 * Her medicines in use and what her latest finalised visits and issued receitas (not cancelled)
 * prescribed, newest first, each read from its (patient_id, created_at, id) index, joined to her
 * row: no row when she is not the doctor's, one row of NULLs when she has no prescription yet.
 * @param limit - visits, and receitas, to read
 */
function prescribedHistoryQuery(userId: string, patientId: string, limit: number): SQL {
  return sql`
    select ${patients.medications} as in_use, history.* from ${patients} left join lateral (
      (select 'record' as kind, ${medicalRecords.id} as id, ${medicalRecords.createdAt} as created_at,
              ${medicalRecords.prescriptions} -> 'medications' as medications
         from ${medicalRecords}
        where ${medicalRecords.patientId} = ${patients.id} and ${medicalRecords.userId} = ${userId}
          and ${medicalRecords.status} = 'finalizado'
        order by ${medicalRecords.createdAt} desc, ${medicalRecords.id} desc
        limit ${limit})
      union all
      (select 'prescription', ${prescriptions.id}, ${prescriptions.createdAt},
              ${prescriptions.content} -> 'medications'
         from ${prescriptions}
        where ${prescriptions.patientId} = ${patients.id} and ${prescriptions.userId} = ${userId}
          and ${prescriptions.isFinalized} and ${prescriptions.cancelledAt} is null
        order by ${prescriptions.createdAt} desc, ${prescriptions.id} desc
        limit ${limit})) history on true
    where ${patients.id} = ${patientId} and ${patients.userId} = ${userId}
    order by history.created_at desc, history.id desc`;
}

/** A timeline row as the database answers it, as a column or inside JSON. */
interface StoredTimelineRow {
  kind: 'record' | 'prescription' | 'document' | null;
  id: string;
  created_at: string | Date;
  finalized: boolean;
  chief_complaint: string | null;
  assessment: string | null;
  medication_names: unknown;
  document_kind: DocumentKind | null;
  status: DocumentStatus | null;
}

/** A row of {@link prescribedHistoryQuery} as the database answers it. */
interface StoredPrescribedRow {
  in_use: unknown;
  kind: 'record' | 'prescription' | null;
  id: string;
  created_at: string | Date;
  medications: unknown;
}

function timelineRowsOf(rows: readonly StoredTimelineRow[]): TimelineRow[] {
  return rows.flatMap(({ kind, ...row }) => {
    if (kind === null) return [];
    return {
      kind,
      id: row.id,
      createdAt: new Date(row.created_at),
      finalized: row.finalized,
      chiefComplaint: row.chief_complaint,
      assessment: row.assessment,
      medicationNames: Array.isArray(row.medication_names)
        ? row.medication_names.filter((name): name is string => typeof name === 'string')
        : null,
      documentKind: row.document_kind,
      status: row.status,
    };
  });
}

/**
 * A patient's row, her latest visit and how many records and receitas she has: the statement of
 * a chart's header, prepared once (`userId` and `patientId` bound when it runs). With
 * `timeline`, her timeline's first page comes along as JSON (`limit` bound too): the whole
 * chart in one round trip. Exported for the query-plan test.
 */
export function headerQuery(db: AppDatabase, options: { timeline: boolean }) {
  const userId = sql.placeholder('userId');
  const visit = latestVisit(db);
  const countOf = (
    table: typeof medicalRecords | typeof prescriptions | typeof clinicalDocuments,
  ) =>
    sql<number>`(select count(*) from ${table} where ${table.patientId} = ${patients.id} and ${table.userId} = ${userId})`.mapWith(
      Number,
    );
  const firstPage = timelinePage(userId, patients.id, sql.placeholder('limit'), undefined);
  return db
    .select({
      patient: patients,
      visitAt: visit.createdAt,
      visitAge: visit.age,
      records: countOf(medicalRecords),
      receitas: countOf(prescriptions),
      documents: countOf(clinicalDocuments),
      timeline: options.timeline
        ? sql<
            StoredTimelineRow[]
          >`(select coalesce(json_agg(page order by page.created_at desc, page.id desc), '[]') from (${firstPage}) page)`
        : sql<null>`null`,
    })
    .from(patients)
    .leftJoinLateral(visit, sql`true`)
    .where(and(eq(patients.id, sql.placeholder('patientId')), eq(patients.userId, userId)));
}

/** The chart store of one database. */
export function createChartRepository(db: AppDatabase) {
  const headerStatement = headerQuery(db, { timeline: false }).prepare('patient_header');
  const chartStatement = headerQuery(db, { timeline: true }).prepare('patient_chart');
  const headerOf = (row: Awaited<ReturnType<typeof headerStatement.execute>>[number]) => ({
    patient: row.patient,
    lastVisit: lastVisitOf(row.visitAt, row.visitAge),
    counts: { records: row.records, prescriptions: row.receitas, documents: row.documents },
  });
  return {
    /**
     * A page of the patient's timeline, newest first, keyset on (created_at, id) — ids differ
     * between tables, so the key is total.
     * @returns up to `limit + 1` rows (the extra one only tells that another page exists);
     *   undefined when she is missing or another doctor's
     */
    async timeline(
      userId: string,
      patientId: string,
      limit: number,
      after: TimelinePosition | undefined,
    ): Promise<TimelineRow[] | undefined> {
      const result = (await db.execute(timelineQuery(userId, patientId, limit + 1, after))) as {
        rows: StoredTimelineRow[];
      };
      if (result.rows.length === 0) return undefined;
      return timelineRowsOf(result.rows);
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

    /**
     * Her medicines in use, and the medicines of her latest finalised visits and issued receitas,
     * newest first ({@link RENEWAL_HISTORY_LIMIT} of each): what 'Renovar receita' reads.
     * @returns undefined when she is missing or another doctor's
     */
    async prescribedHistory(
      userId: string,
      patientId: string,
    ): Promise<{ inUse: string[]; history: PrescribedRow[] } | undefined> {
      const result = (await db.execute(
        prescribedHistoryQuery(userId, patientId, RENEWAL_HISTORY_LIMIT),
      )) as { rows: StoredPrescribedRow[] };
      const [first] = result.rows;
      if (!first) return undefined;
      return {
        inUse: Array.isArray(first.in_use)
          ? first.in_use.filter((item): item is string => typeof item === 'string')
          : [],
        history: result.rows.flatMap(({ kind, id, created_at, medications }) =>
          kind === null ? [] : { kind, id, createdAt: new Date(created_at), medications },
        ),
      };
    },

    /**
     * The patient as her chart's header shows her — her row, her latest visit and how many
     * records and receitas are kept about her — in one statement; undefined when she is missing
     * or another doctor's.
     */
    async header(userId: string, patientId: string): Promise<PatientHeader | undefined> {
      const [row] = await headerStatement.execute({ userId, patientId });
      return row && headerOf(row);
    },

    /**
     * Her chart as it opens: her header and her timeline's first page, in one statement.
     * @param limit - timeline rows to read
     * @returns undefined when she is missing or another doctor's
     */
    async chart(
      userId: string,
      patientId: string,
      limit: number,
    ): Promise<(PatientHeader & { timeline: TimelineRow[] }) | undefined> {
      const [row] = await chartStatement.execute({ userId, patientId, limit });
      return row && { ...headerOf(row), timeline: timelineRowsOf(row.timeline ?? []) };
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
        // Issued ones included: each keeps, in its issue's copy, the patient as she was named.
        await tx
          .update(clinicalDocuments)
          .set({ patientId: id })
          .where(
            and(eq(clinicalDocuments.patientId, otherId), eq(clinicalDocuments.userId, userId)),
          );
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
            passport: kept.passport ?? other.passport,
            // A refusal of AI said under either registration holds for her.
            aiConsent:
              [kept.aiConsent, other.aiConsent].find((said) => said?.status === 'recusou') ??
              kept.aiConsent ??
              other.aiConsent,
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
     * them), her receitas (taken out of any lote) — in one transaction, unless her record must
     * still be kept (shared/records/retention.ts): then nothing changes. With `expectedVersion`,
     * only if she is still at it.
     */
    erase(userId: string, id: string, expectedVersion: number | undefined): Promise<EraseOutcome> {
      return db.transaction(async (tx) => {
        const current = await lockedPatient(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (expectedVersion !== undefined && expectedVersion !== current.version) {
          return { kind: 'stale', current };
        }
        const lastEntryAt = await lastClinicalEntryOf(tx, userId, id);
        if (lastEntryAt && mustKeepRecord(lastEntryAt)) return { kind: 'retained', lastEntryAt };
        const documents = await tx
          .delete(clinicalDocuments)
          .where(and(eq(clinicalDocuments.patientId, id), eq(clinicalDocuments.userId, userId)))
          .returning({ id: clinicalDocuments.id });
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
        return {
          kind: 'erased',
          records: records.length,
          prescriptions: receitas.length,
          documents: documents.length,
        };
      });
    },
  };
}

export type ChartRepository = ReturnType<typeof createChartRepository>;
