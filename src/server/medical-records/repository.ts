import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  RECORD_PARTS,
  SERVER_RECORD_ID_PREFIX,
  type RecordStatus,
  type RecordUpdateInput,
} from '../../shared/medical-record';
import { applyRecordUpdate, type StoredRecordContent } from '../../shared/record-write';
import type { AppDatabase } from '../db/database';
import { medicalRecords, type MedicalRecordRow } from '../db/schema';
import type { RecordPosition } from './paging-key';

// Every query here takes the doctor's id and filters by it: a record of another doctor is
// indistinguishable from a missing one.

type RecordColumns = Omit<
  MedicalRecordRow,
  'id' | 'userId' | 'version' | 'createdAt' | 'updatedAt'
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

const ownedBy = (userId: string, id: string) =>
  and(eq(medicalRecords.id, id), eq(medicalRecords.userId, userId));

/** Writes racing on one record are rare (two tabs); past this many, the caller is told to retry. */
const MAX_UPDATE_ATTEMPTS = 5;

export type UpdateOutcome =
  | { kind: 'updated'; row: MedicalRecordRow }
  | { kind: 'not-found' }
  | { kind: 'stale'; current: MedicalRecordRow }
  | { kind: 'rejected'; error: string };

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
  const byIdAndOwner = and(
    eq(medicalRecords.id, sql.placeholder('id')),
    eq(medicalRecords.userId, sql.placeholder('userId')),
  );
  const findStatement = db.select().from(medicalRecords).where(byIdAndOwner).prepare('record_find');

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
    async insert(userId: string, content: StoredRecordContent): Promise<MedicalRecordRow> {
      const now = new Date();
      const [row] = await db
        .insert(medicalRecords)
        .values({
          ...toColumns(content),
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
     * Applies a partial update with optimistic concurrency: read the record, compute the new
     * content, and write it only if the version is still the one read. When another write lands
     * in between, an If-Match update answers stale; one without If-Match reads again and
     * reapplies (last write wins, as the spec's auto-save expects).
     * @param expectedVersion - from If-Match; when given and no longer current, nothing is written
     */
    async update(
      userId: string,
      id: string,
      update: RecordUpdateInput,
      expectedVersion: number | undefined,
    ): Promise<UpdateOutcome> {
      for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt += 1) {
        const [current] = await findStatement.execute({ id, userId });
        if (!current) return { kind: 'not-found' };
        if (expectedVersion !== undefined && expectedVersion !== current.version) {
          return { kind: 'stale', current };
        }
        const result = applyRecordUpdate(toContent(current), update);
        if (!result.ok) return { kind: 'rejected', error: result.error };
        const [row] = await db
          .update(medicalRecords)
          .set({
            ...toColumns(result.content),
            version: current.version + 1,
            updatedAt: new Date(),
          })
          .where(and(ownedBy(userId, id), eq(medicalRecords.version, current.version)))
          .returning();
        if (row) return { kind: 'updated', row };
      }
      const [latest] = await findStatement.execute({ id, userId });
      return latest ? { kind: 'stale', current: latest } : { kind: 'not-found' };
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(medicalRecords)
        .where(ownedBy(userId, id))
        .returning({ id: medicalRecords.id });
      return deleted.length > 0;
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
