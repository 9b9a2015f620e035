import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PrescriptionCreate, PrescriptionUpdate } from '@shared/prescriptions/prescription';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppTransaction, AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { newPublicId, newSecretCode } from '../documents/validation-code';
import {
  prescriptionBatches,
  prescriptions,
  signedPrescriptionPdfs,
  type PrescriptionRow,
  type StoredPrescriptionContent,
} from '../db/schema';
import type { RecordPosition } from '../medical-records/paging-key';
import { PRESCRIPTION_ID_PREFIX } from './schema';

// Every query here takes the doctor's id and filters by it: a prescription or batch of another
// doctor is indistinguishable from a missing one.

export interface ListOptions {
  /** Only the finalized (true) or only the open (false) ones; both when undefined. */
  finalized: boolean | undefined;
  limit: number;
  /** Only items strictly after this position (the previous page's last item). */
  after: RecordPosition | undefined;
}

/** What creating a receita ended in. */
export type PrescriptionInsertOutcome =
  | { kind: 'created'; row: PrescriptionRow }
  /**
   * Its visit already has a receita in that state (a draft, or a valid issued one), or the
   * receita it corrects already has a draft correction: that one, in place of a second.
   */
  | { kind: 'exists'; current: PrescriptionRow };

export type PrescriptionUpdateOutcome =
  | { kind: 'updated'; row: PrescriptionRow }
  | { kind: 'not-found' }
  /**
   * A change to an issued (finalised) receita, or `isFinalized: false` on one: what was issued
   * never changes (a correction is a new version, `replacesId`).
   */
  | { kind: 'finalized'; current: PrescriptionRow }
  /** Signed or cancelled: what the pharmacy checks, or what was withdrawn, never changes. */
  | { kind: 'closed'; current: PrescriptionRow }
  /** If-Match named another version than the stored one: nothing written. */
  | { kind: 'stale'; current: PrescriptionRow };

/** What signing or cancelling a receita ended in. */
export type PrescriptionLifeOutcome =
  | { kind: 'written'; row: PrescriptionRow }
  | { kind: 'not-found' }
  /** Another version than the one named: nothing written. */
  | { kind: 'stale'; current: PrescriptionRow }
  /** Not in a state that takes it: signed or cancelled already, or (cancel) not finalised. */
  | { kind: 'refused'; current: PrescriptionRow };

/** A receita's signature: its PDF as signed, and the issuance it was signed with. */
export interface ReceitaSignature {
  pdf: Uint8Array<ArrayBuffer>;
  certificateFingerprint: string;
  signedAt: Date;
  publicId: string;
  secretCode: string;
}

/** A new receita's validation address and code, given when it is finalised. */
const newIssuance = () => ({ publicId: newPublicId(), secretCode: newSecretCode() });

/** Why a receita issued again in a new version is cancelled. */
export const REPLACED_REASON = 'Substituída por nova versão.';

/**
 * Issuing a new version cancels the receita it replaces (if still valid), in the issuing
 * transaction: the visit never has two valid receitas, and the pharmacy's validation page says
 * the old one was replaced.
 */
async function cancelReplaced(
  tx: AppTransaction,
  userId: string,
  replacesId: string | null | undefined,
  at: Date,
): Promise<void> {
  if (!replacesId) return;
  await tx
    .update(prescriptions)
    .set({
      cancelledAt: at,
      cancelReason: REPLACED_REASON,
      version: sql`${prescriptions.version} + 1`,
      updatedAt: at,
    })
    .where(
      and(
        eq(prescriptions.id, replacesId),
        eq(prescriptions.userId, userId),
        eq(prescriptions.isFinalized, true),
        isNull(prescriptions.cancelledAt),
      ),
    );
}

export type RemoveOutcome<Row> =
  | { kind: 'removed' }
  | { kind: 'not-found' }
  /** If-Match named another version than the stored one: nothing deleted. */
  | { kind: 'stale'; current: Row };

/** Whether a write that named `expectedVersion` (If-Match) must be refused for `current`. */
export const isStale = (current: { version: number }, expectedVersion: number | undefined) =>
  expectedVersion !== undefined && expectedVersion !== current.version;

/** The rows of one doctor's list page: theirs, filtered, strictly after the last position. */
export function listConditions(
  table: { userId: PgColumn; isFinalized: PgColumn; createdAt: PgColumn; id: PgColumn },
  userId: string,
  options: ListOptions,
): SQL | undefined {
  const conditions: SQL[] = [eq(table.userId, userId)];
  if (options.finalized !== undefined) {
    conditions.push(eq(table.isFinalized, options.finalized));
  }
  if (options.after) {
    conditions.push(
      sql`(${table.createdAt}, ${table.id}) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id})`,
    );
  }
  return and(...conditions);
}

/**
 * Which of `ids` are not the doctor's prescriptions, locking the ones that are against a
 * concurrent delete until the transaction ends. Prescriptions are always locked before batches,
 * so a delete (prescription, then batches) and an add never wait on each other in a circle.
 */
export async function firstUnknownPrescription(
  tx: AppTransaction,
  userId: string,
  ids: readonly string[],
): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const found = await tx
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(and(eq(prescriptions.userId, userId), inArray(prescriptions.id, [...ids])))
    .for('share');
  const known = new Set(found.map((row) => row.id));
  return ids.find((id) => !known.has(id));
}

/** The prescriptions store of one database. */
export function createPrescriptionRepository(db: AppDatabase) {
  const ownedBy = (userId: string, id: string) =>
    and(eq(prescriptions.id, id), eq(prescriptions.userId, userId));

  /** One of the doctor's receitas, locked until the transaction ends. */
  const lockPrescription = async (tx: AppTransaction, userId: string, id: string) => {
    const [row] = await tx.select().from(prescriptions).where(ownedBy(userId, id)).for('update');
    return row;
  };

  /** A visit's valid receita in one state: its draft, or its issued one. */
  const visitReceita = async (
    tx: AppTransaction | AppDatabase,
    userId: string,
    recordId: string,
    issued: boolean,
  ) => {
    const [row] = await tx
      .select()
      .from(prescriptions)
      .where(
        and(
          eq(prescriptions.userId, userId),
          eq(prescriptions.recordId, recordId),
          eq(prescriptions.isFinalized, issued),
          isNull(prescriptions.cancelledAt),
        ),
      );
    return row;
  };

  /** The receita that kept a new one from being created ({@link PrescriptionInsertOutcome}). */
  const existingFor = async (userId: string, input: PrescriptionCreate) => {
    if (input.recordId) {
      const row = await visitReceita(db, userId, input.recordId, input.isFinalized);
      if (row) return row;
    }
    if (input.replacesId) {
      const [row] = await db
        .select()
        .from(prescriptions)
        .where(
          and(
            eq(prescriptions.userId, userId),
            eq(prescriptions.replacesId, input.replacesId),
            eq(prescriptions.isFinalized, false),
          ),
        );
      return row;
    }
    return undefined;
  };

  return {
    /**
     * Creates a receita. A visit's draft written while the visit has an issued receita is its
     * new version (it replaces that one when issued); one issued at once cancels the receita it
     * names in `replacesId`.
     */
    async insert(userId: string, input: PrescriptionCreate): Promise<PrescriptionInsertOutcome> {
      const { isFinalized, patientId, recordId, replacesId, ...content } = input;
      try {
        return await db.transaction(async (tx) => {
          const now = new Date();
          const replaces =
            replacesId ??
            (recordId && !isFinalized
              ? (await visitReceita(tx, userId, recordId, true))?.id
              : undefined);
          if (isFinalized) await cancelReplaced(tx, userId, replaces, now);
          const [row] = await tx
            .insert(prescriptions)
            .values({
              id: `${PRESCRIPTION_ID_PREFIX}${randomUUID()}`,
              userId,
              patientId: patientId ?? null,
              recordId: recordId ?? null,
              replacesId: replaces ?? null,
              content,
              isFinalized,
              ...(isFinalized ? newIssuance() : {}),
              version: 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!row) throw new Error('insert returned no row');
          return { kind: 'created', row } as const;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const current = await existingFor(userId, input);
        if (!current) throw error;
        return { kind: 'exists', current };
      }
    },

    async find(userId: string, id: string): Promise<PrescriptionRow | undefined> {
      const [row] = await db.select().from(prescriptions).where(ownedBy(userId, id));
      return row;
    },

    /** The doctor's prescriptions among `ids`, in any order; others' and missing ones left out. */
    findMany(userId: string, ids: readonly string[]): Promise<PrescriptionRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(prescriptions)
        .where(and(eq(prescriptions.userId, userId), inArray(prescriptions.id, [...ids])));
    },

    /**
     * One page of the doctor's prescriptions, newest first, keyset on (created_at, id).
     * @returns up to `limit + 1` rows: the extra one only tells that another page exists
     */
    list(userId: string, options: ListOptions): Promise<PrescriptionRow[]> {
      return db
        .select()
        .from(prescriptions)
        .where(listConditions(prescriptions, userId, options))
        .orderBy(desc(prescriptions.createdAt), desc(prescriptions.id))
        .limit(options.limit + 1);
    },

    /**
     * Writes the fields sent over the stored ones, under a row lock so concurrent edits of
     * different fields all land. `isFinalized: true` finalizes; a finalized one stays so.
     * With `expectedVersion` (If-Match), only over that version; the UPDATE itself names it.
     */
    update(
      userId: string,
      id: string,
      update: PrescriptionUpdate,
      expectedVersion: number | undefined,
    ): Promise<PrescriptionUpdateOutcome> {
      return db.transaction(async (tx) => {
        const current = await lockPrescription(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (isStale(current, expectedVersion)) return { kind: 'stale', current };
        if (current.signedAt !== null || current.cancelledAt !== null) {
          return { kind: 'closed', current };
        }
        const { isFinalized, patientId, ...changes } = update;
        const changed = withoutUndefined(changes);
        if (
          current.isFinalized &&
          (isFinalized === false || patientId !== undefined || Object.keys(changed).length > 0)
        ) {
          return { kind: 'finalized', current };
        }
        const content: StoredPrescriptionContent = { ...current.content };
        Object.assign(content, changed);
        const now = new Date();
        // Issuing a new version cancels the one it replaces, before the visit's index sees two.
        if (isFinalized && !current.isFinalized) {
          await cancelReplaced(tx, userId, current.replacesId, now);
        }
        const [row] = await tx
          .update(prescriptions)
          .set({
            content,
            patientId: patientId ?? current.patientId,
            isFinalized: isFinalized ?? current.isFinalized,
            // Finalising issues it: its validation address and code, never changed after.
            ...(isFinalized && current.publicId === null ? newIssuance() : {}),
            version: current.version + 1,
            updatedAt: now,
          })
          .where(and(ownedBy(userId, id), eq(prescriptions.version, current.version)))
          .returning();
        if (!row) throw new Error('locked update lost its row');
        return { kind: 'updated', row };
      });
    },

    /**
     * Signs a receita: its PDF as signed is kept and the receita marked signed, over the version
     * that was read (`version`) only. A receita not yet finalised is finalised (issued) with it.
     */
    sign(
      userId: string,
      id: string,
      version: number,
      signature: ReceitaSignature,
    ): Promise<PrescriptionLifeOutcome> {
      return db.transaction(async (tx) => {
        const current = await lockPrescription(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (current.version !== version) return { kind: 'stale', current };
        if (current.signedAt !== null || current.cancelledAt !== null) {
          return { kind: 'refused', current };
        }
        if (!current.isFinalized) {
          await cancelReplaced(tx, userId, current.replacesId, signature.signedAt);
        }
        const [row] = await tx
          .update(prescriptions)
          .set({
            isFinalized: true,
            publicId: signature.publicId,
            secretCode: signature.secretCode,
            signedAt: signature.signedAt,
            version: current.version + 1,
            updatedAt: new Date(),
          })
          .where(ownedBy(userId, id))
          .returning();
        if (!row) throw new Error('locked update lost its row');
        await tx.insert(signedPrescriptionPdfs).values({
          prescriptionId: id,
          userId,
          pdf: signature.pdf,
          certificateFingerprint: signature.certificateFingerprint,
          signedAt: signature.signedAt,
        });
        return { kind: 'written', row };
      });
    },

    /** Cancels a finalised receita with the reason; it is kept, marked as such. */
    cancel(
      userId: string,
      id: string,
      reason: string,
      expectedVersion: number | undefined,
    ): Promise<PrescriptionLifeOutcome> {
      return db.transaction(async (tx) => {
        const current = await lockPrescription(tx, userId, id);
        if (!current) return { kind: 'not-found' };
        if (isStale(current, expectedVersion)) return { kind: 'stale', current };
        if (!current.isFinalized || current.cancelledAt !== null) {
          return { kind: 'refused', current };
        }
        const now = new Date();
        const [row] = await tx
          .update(prescriptions)
          .set({
            cancelledAt: now,
            cancelReason: reason,
            version: current.version + 1,
            updatedAt: now,
          })
          .where(ownedBy(userId, id))
          .returning();
        if (!row) throw new Error('locked update lost its row');
        return { kind: 'written', row };
      });
    },

    /** The PDF of one of the doctor's signed receitas, exactly as signed. */
    async signedPdf(userId: string, id: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
      const [row] = await db
        .select({ pdf: signedPrescriptionPdfs.pdf })
        .from(signedPrescriptionPdfs)
        .where(
          and(
            eq(signedPrescriptionPdfs.prescriptionId, id),
            eq(signedPrescriptionPdfs.userId, userId),
          ),
        );
      return row?.pdf;
    },

    /** The issued receita at a public validation address (any doctor's: the code guards it). */
    async findIssued(publicId: string): Promise<PrescriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.publicId, publicId));
      return row;
    },

    /**
     * Deletes a draft and takes its id out of the doctor's batches. With
     * `expectedVersion` (If-Match), only that version: the DELETE itself names it.
     */
    remove(
      userId: string,
      id: string,
      expectedVersion: number | undefined,
    ): Promise<RemoveOutcome<PrescriptionRow> | { kind: 'issued'; current: PrescriptionRow }> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(prescriptions)
          .where(
            and(
              ownedBy(userId, id),
              // An issued receita is kept (cancelled, if need be): it may be at a pharmacy.
              eq(prescriptions.isFinalized, false),
              expectedVersion === undefined
                ? undefined
                : eq(prescriptions.version, expectedVersion),
            ),
          )
          .returning({ id: prescriptions.id });
        if (deleted.length === 0) {
          const [current] = await tx.select().from(prescriptions).where(ownedBy(userId, id));
          if (!current) return { kind: 'not-found' };
          return current.isFinalized ? { kind: 'issued', current } : { kind: 'stale', current };
        }
        await tx
          .update(prescriptionBatches)
          .set({
            prescriptionIds: sql`${prescriptionBatches.prescriptionIds} - ${id}::text`,
            version: sql`${prescriptionBatches.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(prescriptionBatches.userId, userId),
              sql`${prescriptionBatches.prescriptionIds} @> jsonb_build_array(${id}::text)`,
            ),
          );
        return { kind: 'removed' };
      });
    },
  };
}

/** The fields actually sent: a field left out of a partial update stays as stored. */
export function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export type PrescriptionRepository = ReturnType<typeof createPrescriptionRepository>;
