import { and, arrayContains, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { auditLog, type AuditLogRow } from '../db/schema';
import {
  auditBreakOf,
  chainedAuditEntry,
  type AuditBreak,
  type AuditEntry,
  type AuditFacts,
} from './audit-chain';

/**
 * The lock every append takes, on every app server sharing the database: appends run one at a
 * time, so each reads the true last entry and the chain never forks. Any number, the same
 * everywhere; distinct from the migration lock.
 */
const AUDIT_APPEND_LOCK_ID = 7_370_017;
/** Entries read per query while verifying: bounded memory however long the trail. */
const VERIFY_BATCH = 2_000;

export type AuditVerification =
  | { ok: true; entries: number; head: { position: number; hash: string } | undefined }
  | { ok: false; entries: number; brokenAt: { position: number; reason: AuditBreak } };

/** The audit trail's table: append, read one doctor's entries, verify the chain. */
export function createAuditLog(db: AppDatabase) {
  let verifying: Promise<AuditVerification> | undefined;

  async function verifyChain(): Promise<AuditVerification> {
    let previous: AuditEntry | undefined;
    let entries = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(previous ? gt(auditLog.position, previous.position) : undefined)
        .orderBy(auditLog.position)
        .limit(VERIFY_BATCH);
      for (const row of rows) {
        const entry = entryOfRow(row);
        const reason = auditBreakOf(previous, entry);
        if (reason) return { ok: false, entries, brokenAt: { position: entry.position, reason } };
        previous = entry;
        entries += 1;
      }
      if (rows.length < VERIFY_BATCH) {
        return {
          ok: true,
          entries,
          head: previous ? { position: previous.position, hash: previous.hash } : undefined,
        };
      }
    }
  }

  return {
    /**
     * Appends one entry after the last, under a transaction-scoped advisory lock so concurrent
     * appends (this server's and other servers') queue instead of forking the chain; the primary
     * key on `position` refuses a fork even if the lock were bypassed.
     */
    async append(facts: AuditFacts): Promise<AuditEntry> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK_ID})`);
        const [last] = await tx
          .select({ position: auditLog.position, hash: auditLog.hash })
          .from(auditLog)
          .orderBy(desc(auditLog.position))
          .limit(1);
        const entry = chainedAuditEntry(last, facts);
        await tx.insert(auditLog).values({ ...entry, listedIds: [...entry.listedIds] });
        return entry;
      });
    },

    /**
     * One doctor's entries about an entity — acted on directly or handed over in a list — newest
     * first, `limit + 1` of them (the extra one says a next page exists).
     * @param before - the position the previous page ended at
     */
    async entriesAbout(
      userId: string,
      entityId: string,
      options: { limit: number; before: number | undefined },
    ): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.userId, userId),
            or(eq(auditLog.entityId, entityId), arrayContains(auditLog.listedIds, [entityId])),
            options.before === undefined ? undefined : lt(auditLog.position, options.before),
          ),
        )
        .orderBy(desc(auditLog.position))
        .limit(options.limit + 1);
      return rows.map(entryOfRow);
    },

    /**
     * Walks the whole chain from the first entry and answers where it first breaks. Calls that
     * arrive while a walk runs share it: the walk is long on a trail of years, and one is enough.
     */
    verify(): Promise<AuditVerification> {
      verifying ??= verifyChain().finally(() => {
        verifying = undefined;
      });
      return verifying;
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

function entryOfRow(row: AuditLogRow): AuditEntry {
  return {
    ...row,
    // The stored names are the closed lists the app writes; a row altered to anything else fails
    // its hash, which is what verification reports.
    action: row.action as AuditEntry['action'],
    entityType: row.entityType as AuditEntry['entityType'],
    entityId: row.entityId ?? undefined,
  };
}
