import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { PRESCRIPTION_LIMITS, type BatchUpdate } from '@shared/prescriptions/prescription';
import type { AppTransaction, AppDatabase } from '../db/database';
import { prescriptionBatches, type PrescriptionBatchRow } from '../db/schema';
import {
  firstUnknownPrescription,
  isStale,
  listConditions,
  withoutUndefined,
  type ListOptions,
  type RemoveOutcome,
} from '../prescriptions/repository';
import { BATCH_ID_PREFIX } from '../prescriptions/schema';

// Every query here takes the doctor's id and filters by it: a batch of another doctor is
// indistinguishable from a missing one. A batch holds the ids of the doctor's prescriptions
// (prescriptions/repository.ts): deleting a draft takes its id out of her batches there.

export type BatchWriteOutcome =
  | { kind: 'updated'; row: PrescriptionBatchRow }
  | { kind: 'not-found' }
  /** The batch is finalized: its prescriptions no longer change, nor does it reopen. */
  | { kind: 'finalized'; current: PrescriptionBatchRow }
  /** An id that is not one of the doctor's prescriptions (the first such, in order). */
  | { kind: 'unknown-prescription'; prescriptionId: string }
  | { kind: 'already-in-batch'; current: PrescriptionBatchRow }
  | { kind: 'full'; current: PrescriptionBatchRow }
  /** If-Match named another version than the stored one: nothing written. */
  | { kind: 'stale'; current: PrescriptionBatchRow };

/** The batches store of one database. */
export function createBatchRepository(db: AppDatabase) {
  const ownedBy = (userId: string, id: string) =>
    and(eq(prescriptionBatches.id, id), eq(prescriptionBatches.userId, userId));

  const lockBatch = async (tx: AppTransaction, userId: string, id: string) => {
    const [row] = await tx
      .select()
      .from(prescriptionBatches)
      .where(ownedBy(userId, id))
      .for('update');
    return row;
  };

  const write = async (
    tx: AppTransaction,
    current: PrescriptionBatchRow,
    changes: Partial<Pick<PrescriptionBatchRow, 'name' | 'prescriptionIds' | 'isFinalized'>>,
  ): Promise<BatchWriteOutcome> => {
    const [row] = await tx
      .update(prescriptionBatches)
      .set({ ...changes, version: current.version + 1, updatedAt: new Date() })
      .where(
        and(ownedBy(current.userId, current.id), eq(prescriptionBatches.version, current.version)),
      )
      .returning();
    if (!row) throw new Error('locked update lost its row');
    return { kind: 'updated', row };
  };

  return {
    /**
     * Creates a batch; every id in `prescriptionIds` must be one of the doctor's prescriptions.
     * @returns the row, or the first id that is not the doctor's
     */
    insert(
      userId: string,
      input: { name: string; prescriptionIds: string[]; isFinalized: boolean },
    ): Promise<
      | { kind: 'created'; row: PrescriptionBatchRow }
      | { kind: 'unknown-prescription'; prescriptionId: string }
    > {
      return db.transaction(async (tx) => {
        const unknown = await firstUnknownPrescription(tx, userId, input.prescriptionIds);
        if (unknown !== undefined) return { kind: 'unknown-prescription', prescriptionId: unknown };
        const now = new Date();
        const [row] = await tx
          .insert(prescriptionBatches)
          .values({
            id: `${BATCH_ID_PREFIX}${randomUUID()}`,
            userId,
            ...input,
            version: 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { kind: 'created', row };
      });
    },

    async find(userId: string, id: string): Promise<PrescriptionBatchRow | undefined> {
      const [row] = await db.select().from(prescriptionBatches).where(ownedBy(userId, id));
      return row;
    },

    /**
     * One page of the doctor's batches, newest first, keyset on (created_at, id).
     * @returns up to `limit + 1` rows: the extra one only tells that another page exists
     */
    list(userId: string, options: ListOptions): Promise<PrescriptionBatchRow[]> {
      return db
        .select()
        .from(prescriptionBatches)
        .where(listConditions(prescriptionBatches, userId, options))
        .orderBy(desc(prescriptionBatches.createdAt), desc(prescriptionBatches.id))
        .limit(options.limit + 1);
    },

    /**
     * Renames, finalizes or sets the prescriptions of a batch. A finalized batch may still be
     * renamed, but its prescriptions stay as they are and it does not reopen. With
     * `expectedVersion` (If-Match), only over that version.
     */
    update(
      userId: string,
      id: string,
      update: BatchUpdate,
      expectedVersion: number | undefined,
    ): Promise<BatchWriteOutcome> {
      return db.transaction(async (tx) => {
        const ids = update.prescriptionIds;
        const unknown = ids && (await firstUnknownPrescription(tx, userId, ids));
        const current = await lockBatch(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (isStale(current, expectedVersion)) return { kind: 'stale', current };
        if (unknown !== undefined) return { kind: 'unknown-prescription', prescriptionId: unknown };
        const changesContent =
          ids !== undefined &&
          (ids.length !== current.prescriptionIds.length ||
            ids.some((each, index) => each !== current.prescriptionIds[index]));
        if (current.isFinalized && (update.isFinalized === false || changesContent)) {
          return { kind: 'finalized', current };
        }
        return write(tx, current, withoutUndefined(update));
      });
    },

    /** Appends one of the doctor's prescriptions to an open batch (If-Match: as `update`). */
    addPrescription(
      userId: string,
      id: string,
      prescriptionId: string,
      expectedVersion: number | undefined,
    ): Promise<BatchWriteOutcome> {
      return db.transaction(async (tx) => {
        const unknown = await firstUnknownPrescription(tx, userId, [prescriptionId]);
        const current = await lockBatch(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (isStale(current, expectedVersion)) return { kind: 'stale', current };
        if (current.isFinalized) return { kind: 'finalized', current };
        if (unknown !== undefined) return { kind: 'unknown-prescription', prescriptionId: unknown };
        if (current.prescriptionIds.includes(prescriptionId)) {
          return { kind: 'already-in-batch', current };
        }
        if (current.prescriptionIds.length >= PRESCRIPTION_LIMITS.batchPrescriptions) {
          return { kind: 'full', current };
        }
        return write(tx, current, {
          prescriptionIds: [...current.prescriptionIds, prescriptionId],
        });
      });
    },

    /** Deletes a batch; with `expectedVersion` (If-Match), only that version. */
    async remove(
      userId: string,
      id: string,
      expectedVersion: number | undefined,
    ): Promise<RemoveOutcome<PrescriptionBatchRow>> {
      const deleted = await db
        .delete(prescriptionBatches)
        .where(
          and(
            ownedBy(userId, id),
            expectedVersion === undefined
              ? undefined
              : eq(prescriptionBatches.version, expectedVersion),
          ),
        )
        .returning({ id: prescriptionBatches.id });
      if (deleted.length > 0) return { kind: 'removed' };
      const [current] = await db.select().from(prescriptionBatches).where(ownedBy(userId, id));
      return current ? { kind: 'stale', current } : { kind: 'not-found' };
    },
  };
}

export type BatchRepository = ReturnType<typeof createBatchRepository>;
