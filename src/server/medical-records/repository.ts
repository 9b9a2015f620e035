import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  RECORD_PARTS,
  SERVER_RECORD_ID_PREFIX,
  type RecordStatus,
  type RecordUpdateInput,
} from '@shared/records/medical-record';
import { planRecordUpdate, type StoredRecordContent } from '@shared/records/write';
import type { AppDatabase } from '../db/database';
import {
  medicalRecordAddenda,
  medicalRecords,
  recordAiUses,
  type MedicalRecordAddendumRow,
  type MedicalRecordRow,
  type RecordAiUseRow,
} from '../db/schema';
import { nextAiUseOutcome, type AiUseOutcome, type AiUseTask } from '@shared/ai/use';
import type { RecordPosition } from './paging-key';

// Every query here takes the doctor's id and filters by it: a record of another doctor is
// indistinguishable from a missing one.

type RecordColumns = Omit<
  MedicalRecordRow,
  'id' | 'userId' | 'patientId' | 'version' | 'createdAt' | 'updatedAt'
>;

/** Every content column, so a part that is unset in `content` is written as NULL. */
function toColumns(content: StoredRecordContent): RecordColumns {
  const columns = {
    status: content.status,
    currentStep: content.currentStep,
    steps: content.steps,
  } as RecordColumns;
  for (const part of RECORD_PARTS) Object.assign(columns, { [part]: content[part] ?? null });
  return columns;
}

/** Rows that belong to records, grouped by record, each group in the order given. */
function byRecord<Row extends { recordId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const list = grouped.get(row.recordId) ?? [];
    list.push(row);
    grouped.set(row.recordId, list);
  }
  return grouped;
}

function toContent(row: MedicalRecordRow): StoredRecordContent {
  const content: StoredRecordContent = {
    status: row.status,
    currentStep: row.currentStep,
    steps: row.steps,
  };
  for (const part of RECORD_PARTS) {
    if (row[part] !== null) Object.assign(content, { [part]: row[part] });
  }
  return content;
}

const ownedBy = (userId: string | Placeholder, id: string | Placeholder) =>
  and(eq(medicalRecords.id, id), eq(medicalRecords.userId, userId));

/** A doctor's record read under a row lock, for a write that must not race another. */
async function lockedRecord(
  tx: Pick<AppDatabase, 'select'>,
  userId: string,
  id: string,
): Promise<MedicalRecordRow | undefined> {
  const [row] = await tx.select().from(medicalRecords).where(ownedBy(userId, id)).for('update');
  return row;
}

/**
 * Writes `update` over `current` if the row is still at the version read.
 * @returns the outcome, or undefined when another write got there first
 */
async function writeUpdate(
  db: Pick<AppDatabase, 'update'>,
  current: MedicalRecordRow | undefined,
  update: RecordUpdateInput,
  expectedVersion: number | undefined,
): Promise<UpdateOutcome | undefined> {
  if (!current) return { kind: 'not-found' };
  const { patientId, ...contentUpdate } = update;
  const plan = planRecordUpdate(toContent(current), contentUpdate);
  const movesPatient = patientId !== undefined && patientId !== current.patientId;
  // Before the version check: a write that changes nothing cannot conflict with anything, and
  // a finalised record is not a version to choose between.
  if (plan.kind === 'rejected') return { kind: 'rejected', error: plan.error };
  if (plan.kind === 'unchanged' && !movesPatient) return { kind: 'unchanged', row: current };
  if (plan.kind === 'finalized') return { kind: 'finalized', current };
  if (expectedVersion !== undefined && expectedVersion !== current.version) {
    return { kind: 'stale', current };
  }
  const [row] = await db
    .update(medicalRecords)
    .set({
      ...(plan.kind === 'write' ? toColumns(plan.content) : {}),
      ...(movesPatient ? { patientId } : {}),
      version: current.version + 1,
      updatedAt: new Date(),
    })
    .where(and(ownedBy(current.userId, current.id), eq(medicalRecords.version, current.version)))
    .returning();
  return row ? { kind: 'updated', row } : undefined;
}

/** Writes racing on one record are rare (two tabs); past this many tries, take a row lock. */
const OPTIMISTIC_ATTEMPTS = 3;

export type UpdateOutcome =
  | { kind: 'updated'; row: MedicalRecordRow }
  /** The write would leave the record as it reads: nothing written, no new version. */
  | { kind: 'unchanged'; row: MedicalRecordRow }
  /** The record is finalised and the write would change it. */
  | { kind: 'finalized'; current: MedicalRecordRow }
  | { kind: 'not-found' }
  | { kind: 'stale'; current: MedicalRecordRow }
  | { kind: 'rejected'; error: string };

export type RemoveOutcome =
  | { kind: 'removed' }
  | { kind: 'not-found' }
  | { kind: 'finalized' }
  /** If-Match named an older version: the record was changed since, and is kept. */
  | { kind: 'stale'; current: MedicalRecordRow };

export type AddendumOutcome =
  | { kind: 'added'; addendum: MedicalRecordAddendumRow; row: MedicalRecordRow }
  | { kind: 'not-found' }
  | { kind: 'not-finalized' };

export interface ListOptions {
  status: RecordStatus | undefined;
  limit: number;
  /** Only records strictly after this position (the previous page's last record). */
  after: RecordPosition | undefined;
}

/**
 * The records store of one database. The frequent reads are prepared statements, planned once
 * per connection.
 */
export function createRecordRepository(db: AppDatabase) {
  const findStatement = db
    .select()
    .from(medicalRecords)
    .where(ownedBy(sql.placeholder('userId'), sql.placeholder('id')))
    .prepare('record_find');

  // One statement per combination of filters, so each keeps a plan that uses its index.
  const listStatement = (withStatus: boolean, withPosition: boolean) => {
    const conditions: SQL[] = [eq(medicalRecords.userId, sql.placeholder('userId'))];
    if (withStatus) conditions.push(eq(medicalRecords.status, sql.placeholder('status')));
    if (withPosition) {
      conditions.push(
        sql`(${medicalRecords.createdAt}, ${medicalRecords.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')})`,
      );
    }
    return db
      .select()
      .from(medicalRecords)
      .where(and(...conditions))
      .orderBy(desc(medicalRecords.createdAt), desc(medicalRecords.id))
      .limit(sql.placeholder('limit'))
      .prepare(`record_list_${withStatus ? 's' : 'a'}_${withPosition ? 'p' : 'f'}`);
  };
  const listStatements = {
    firstPage: listStatement(false, false),
    nextPage: listStatement(false, true),
    firstPageWithStatus: listStatement(true, false),
    nextPageWithStatus: listStatement(true, true),
  };

  return {
    async insert(
      userId: string,
      content: StoredRecordContent,
      patientId: string | null,
    ): Promise<MedicalRecordRow> {
      const now = new Date();
      const [row] = await db
        .insert(medicalRecords)
        .values({
          ...toColumns(content),
          patientId,
          id: `${SERVER_RECORD_ID_PREFIX}${randomUUID()}`,
          userId,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async find(userId: string, id: string): Promise<MedicalRecordRow | undefined> {
      const [row] = await findStatement.execute({ id, userId });
      return row;
    },

    /**
     * Applies a partial update. With If-Match, the write happens only if the record is still at
     * that version (else: stale, with the current record). Without it, the last write wins, as
     * the auto-save expects (docs/durabilidade.md, "Fechar o navegador no meio da consulta"): an optimistic read-and-write first, and if other writes keep
     * landing in between, the same under a row lock, which cannot lose.
     */
    async update(
      userId: string,
      id: string,
      update: RecordUpdateInput,
      expectedVersion: number | undefined,
    ): Promise<UpdateOutcome> {
      const attempts = expectedVersion === undefined ? OPTIMISTIC_ATTEMPTS : 1;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const [current] = await findStatement.execute({ id, userId });
        const outcome = await writeUpdate(db, current, update, expectedVersion);
        if (outcome) return outcome;
      }
      if (expectedVersion !== undefined) {
        const [current] = await findStatement.execute({ id, userId });
        return current ? { kind: 'stale', current } : { kind: 'not-found' };
      }
      return db.transaction(async (tx) => {
        const current = await lockedRecord(tx, userId, id);
        const outcome = await writeUpdate(tx, current, update, undefined);
        if (!outcome) throw new Error('locked update lost its row');
        return outcome;
      });
    },

    /**
     * Deletes a record in progress; a finalised one is kept (CFM 1.821/2007). With
     * `expectedVersion`, only if the record is still at it: one statement, so no write can land
     * between the check and the delete.
     */
    async remove(
      userId: string,
      id: string,
      expectedVersion: number | undefined,
    ): Promise<RemoveOutcome> {
      const conditions = [ownedBy(userId, id), ne(medicalRecords.status, 'finalizado')];
      if (expectedVersion !== undefined) {
        conditions.push(eq(medicalRecords.version, expectedVersion));
      }
      const deleted = await db
        .delete(medicalRecords)
        .where(and(...conditions))
        .returning({ id: medicalRecords.id });
      if (deleted.length > 0) return { kind: 'removed' };
      const [kept] = await findStatement.execute({ id, userId });
      if (!kept) return { kind: 'not-found' };
      if (kept.status === 'finalizado') return { kind: 'finalized' };
      return { kind: 'stale', current: kept };
    },

    /**
     * Appends an addendum to a finalised record and gives the record a new version (what a
     * reader of it gets has changed), under a row lock so it cannot race a deletion.
     */
    async addAddendum(
      userId: string,
      id: string,
      addendum: { authorName: string; text: string },
    ): Promise<AddendumOutcome> {
      return db.transaction(async (tx) => {
        const current = await lockedRecord(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (current.status !== 'finalizado') return { kind: 'not-finalized' };
        const [added] = await tx
          .insert(medicalRecordAddenda)
          .values({
            id: `addendum-${randomUUID()}`,
            recordId: id,
            userId,
            authorName: addendum.authorName,
            text: addendum.text,
            createdAt: new Date(),
          })
          .returning();
        const [row] = await tx
          .update(medicalRecords)
          .set({ version: current.version + 1 })
          .where(ownedBy(userId, id))
          .returning();
        if (!added || !row) throw new Error('addendum insert returned no row');
        return { kind: 'added', addendum: added, row };
      });
    },

    /**
     * Adds a use of AI to an open record (docs/conformidade.md, "Uso de IA sob a CFM
     * 2.454/2026"). A finalised record is locked with what it had: nothing is added.
     * @returns the use added, or why not
     */
    async addAiUse(
      userId: string,
      id: string,
      use: { task: AiUseTask; source: string; at: Date },
    ): Promise<{ kind: 'added'; use: RecordAiUseRow } | { kind: 'not-found' | 'finalized' }> {
      return db.transaction(async (tx) => {
        const current = await lockedRecord(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (current.status === 'finalizado') return { kind: 'finalized' };
        const [added] = await tx
          .insert(recordAiUses)
          .values({ id: `ai-use-${randomUUID()}`, recordId: id, userId, ...use })
          .returning();
        if (!added) throw new Error('AI use insert returned no row');
        return { kind: 'added', use: added };
      });
    },

    /**
     * Writes what the doctor did with an AI answer, while its record is open, as
     * {@link nextAiUseOutcome} moves it on.
     * @returns the record, or why not
     */
    async setAiUseOutcome(
      userId: string,
      id: string,
      useId: string,
      outcome: AiUseOutcome,
    ): Promise<
      | { kind: 'set'; row: MedicalRecordRow }
      | { kind: 'not-found' }
      | { kind: 'finalized'; row: MedicalRecordRow }
    > {
      return db.transaction(async (tx) => {
        const current = await lockedRecord(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (current.status === 'finalizado') return { kind: 'finalized', row: current };
        const ofUse = and(
          eq(recordAiUses.id, useId),
          eq(recordAiUses.recordId, id),
          eq(recordAiUses.userId, userId),
        );
        const [use] = await tx.select().from(recordAiUses).where(ofUse);
        if (!use) return { kind: 'not-found' };
        const next = nextAiUseOutcome(use.outcome ?? undefined, outcome);
        if (next) await tx.update(recordAiUses).set({ outcome: next }).where(ofUse);
        return { kind: 'set', row: current };
      });
    },

    /** The uses of AI in some of a doctor's records, each list oldest first. */
    async aiUsesOf(
      userId: string,
      rows: readonly MedicalRecordRow[],
    ): Promise<Map<string, RecordAiUseRow[]>> {
      if (rows.length === 0) return new Map();
      const ids = rows.map((row) => row.id);
      return byRecord(
        await db
          .select()
          .from(recordAiUses)
          .where(and(eq(recordAiUses.userId, userId), inArray(recordAiUses.recordId, ids)))
          .orderBy(asc(recordAiUses.at), asc(recordAiUses.id)),
      );
    },

    /** A doctor's uses of AI since `since`, counted per feature and outcome. */
    async aiUseCountsSince(
      userId: string,
      since: Date,
    ): Promise<{ task: AiUseTask; outcome: AiUseOutcome | null; count: number }[]> {
      return db
        .select({
          task: recordAiUses.task,
          outcome: recordAiUses.outcome,
          count: sql<number>`count(*)::int`,
        })
        .from(recordAiUses)
        .where(and(eq(recordAiUses.userId, userId), gte(recordAiUses.at, since)))
        .groupBy(recordAiUses.task, recordAiUses.outcome);
    },

    /**
     * The addenda of some of a doctor's records, each list oldest first. Only finalised
     * records have any, so the others are not asked about.
     */
    async addendaOf(
      userId: string,
      rows: readonly MedicalRecordRow[],
    ): Promise<Map<string, MedicalRecordAddendumRow[]>> {
      const ids = rows.filter((row) => row.status === 'finalizado').map((row) => row.id);
      if (ids.length === 0) return new Map();
      return byRecord(
        await db
          .select()
          .from(medicalRecordAddenda)
          .where(
            and(
              eq(medicalRecordAddenda.userId, userId),
              inArray(medicalRecordAddenda.recordId, ids),
            ),
          )
          .orderBy(asc(medicalRecordAddenda.createdAt), asc(medicalRecordAddenda.id)),
      );
    },

    /**
     * One page of a doctor's records, newest first. Keyset paging on (created_at, id) never
     * skips or repeats a record, also when several share a created_at.
     * @returns up to `limit + 1` rows: the extra one only tells that another page exists
     */
    list(userId: string, options: ListOptions): Promise<MedicalRecordRow[]> {
      const { status, after } = options;
      const limit = options.limit + 1;
      const position = after && {
        afterCreatedAt: after.createdAt.toISOString(),
        afterId: after.id,
      };
      if (status) {
        return position
          ? listStatements.nextPageWithStatus.execute({ userId, status, limit, ...position })
          : listStatements.firstPageWithStatus.execute({ userId, status, limit });
      }
      return position
        ? listStatements.nextPage.execute({ userId, limit, ...position })
        : listStatements.firstPage.execute({ userId, limit });
    },
  };
}

export type RecordRepository = ReturnType<typeof createRecordRepository>;
