import { and, arrayContains, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { auditLog, type AuditLogRow } from '../db/schema';
import type { AuditAnchor } from './audit-anchor-line';
import {
  auditBreakOf,
  chainedAuditEntry,
  GENESIS_HASH,
  type AuditBreak,
  type AuditEntry,
  type AuditFacts,
  type AuditKey,
} from './audit-chain';

/** Most entries written in one statement (a list's entry carries up to 100 ids). */
const MAX_APPEND_BATCH = 200;
/**
 * Appends tried in a row after each found its position taken by another app server's; each
 * retry reads the chain's true end first, so only servers appending at the very same instant
 * collide again.
 */
const MAX_APPEND_ATTEMPTS = 20;
/** Entries read per query while verifying: bounded memory however long the trail. */
const VERIFY_BATCH = 2_000;

/** The last entry of the chain, or 'empty' before the first. */
type ChainEnd = Pick<AuditEntry, 'position' | 'hash'> | 'empty';

interface PendingAppend {
  facts: AuditFacts;
  resolve: (entry: AuditEntry) => void;
  reject: (error: unknown) => void;
}

/** A place in the chain: the genesis is position 0 with {@link GENESIS_HASH}. */
export interface AuditHead {
  position: number;
  hash: string;
}

/**
 * What verification finds wrong first: an entry that breaks the chain ({@link AuditBreak}), or
 * the chain against its anchors outside the database — `diverged`: the entry at an anchored
 * position no longer has the anchored hash (the tail was cut and written again); `truncated`:
 * the chain ends before the last anchored position (its tail was deleted); the position is then
 * the first one missing.
 */
export type AuditProblem = AuditBreak | 'diverged' | 'truncated';

export type AuditVerification =
  | {
      ok: true;
      entries: number;
      head: AuditHead | undefined;
      /** How many anchors the chain was checked against. */
      anchors: number;
    }
  | { ok: false; entries: number; brokenAt: { position: number; reason: AuditProblem } };

/**
 * The audit trail's table: append, read one doctor's entries, verify the chain.
 * @param key - the audit key every new entry's HMAC is made with (audit-key.ts)
 */
export function createAuditLog(db: AppDatabase, key: AuditKey) {
  const insertEntries = appendStatement(db);
  const listeners = new Set<(last: AuditHead, count: number) => void>();
  const waiting: PendingAppend[] = [];
  /** Whether {@link writeWaiting} runs; it is the only writer, and it drains `waiting`. */
  let writing = false;
  /**
   * The chain's last entry as this server last wrote or read it; undefined until read, and again
   * after any failed append. Another server may have appended since: then the next append's
   * first position is taken and it is retried from the true end.
   */
  let knownEnd: ChainEnd | undefined;

  /**
   * Writes what waits, batch after batch, until nothing does. The flag is cleared in the same
   * turn as the last look at `waiting`: cleared later (a `.finally` on this promise), an append
   * made by a caller resumed by the last batch's resolve would find the flag still up, wait, and
   * never be written.
   */
  async function writeWaiting(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, MAX_APPEND_BATCH);
        try {
          const entries = await appendAll(batch.map((pending) => pending.facts));
          batch.forEach((pending, index) => {
            const entry = entries[index];
            if (entry) pending.resolve(entry);
            else pending.reject(new Error('audit entry missing from its batch'));
          });
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  /** The chain's last entry, as the database has it now. */
  async function readEnd(): Promise<ChainEnd> {
    const [last] = await db
      .select({ position: auditLog.position, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.position))
      .limit(1);
    return last ?? 'empty';
  }

  /**
   * Appends entries after the chain's last, in one INSERT (one round trip, committed on its
   * own): the primary key on `position` is what keeps the chain from forking. When another app
   * server sharing the database appended first, this server's idea of the end is stale, the
   * INSERT's first position is taken and nothing is written; the entries are chained again
   * after the true end and written again.
   */
  async function appendAll(facts: readonly AuditFacts[]): Promise<AuditEntry[]> {
    for (let attempt = 1; ; attempt++) {
      const end = knownEnd ?? (await readEnd());
      const entries: AuditEntry[] = [];
      let previous = end === 'empty' ? undefined : end;
      for (const each of facts) {
        const entry = chainedAuditEntry(previous, each, key);
        entries.push(entry);
        previous = entry;
      }
      knownEnd = undefined;
      try {
        await insertEntries.execute({ entries: JSON.stringify(entries.map(storedEntry)) });
      } catch (error) {
        if (isUniqueViolation(error) && attempt < MAX_APPEND_ATTEMPTS) continue;
        throw error;
      }
      knownEnd = previous ?? end;
      if (previous) {
        const last = { position: previous.position, hash: previous.hash };
        for (const listener of listeners) listener(last, entries.length);
      }
      return entries;
    }
  }

  async function verifyChain(anchors: readonly AuditAnchor[]): Promise<AuditVerification> {
    // Positions from here on were keyed when anchored: a row that now says otherwise was
    // rewritten by someone without the key (the database's own marks could be rewritten too).
    const keyedFrom = Math.min(...anchors.map((anchor) => anchor.keyedFrom));
    const anchoredHashes = new Map<number, Set<string>>();
    for (const anchor of anchors) {
      const hashes = anchoredHashes.get(anchor.position) ?? new Set<string>();
      anchoredHashes.set(anchor.position, hashes.add(anchor.hash));
    }
    const lastAnchored = Math.max(0, ...anchoredHashes.keys());
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
        const reason = auditBreakOf(previous, entry, { key, keyedFrom });
        if (reason) return { ok: false, entries, brokenAt: { position: entry.position, reason } };
        const anchored = anchoredHashes.get(entry.position);
        if (anchored && (anchored.size > 1 || !anchored.has(entry.hash))) {
          return { ok: false, entries, brokenAt: { position: entry.position, reason: 'diverged' } };
        }
        previous = entry;
        entries += 1;
      }
      if (rows.length < VERIFY_BATCH) {
        const last = previous?.position ?? 0;
        if (last < lastAnchored) {
          return { ok: false, entries, brokenAt: { position: last + 1, reason: 'truncated' } };
        }
        return {
          ok: true,
          entries,
          head: previous ? { position: previous.position, hash: previous.hash } : undefined,
          anchors: anchors.length,
        };
      }
    }
  }

  return {
    /**
     * Appends one entry after the last; resolves once it is committed. Entries that arrive while
     * an append is being written wait and are written together in the next one (group commit):
     * under load, one transaction carries many entries instead of each request queueing for the
     * lock on its own.
     */
    append(facts: AuditFacts): Promise<AuditEntry> {
      return new Promise((resolve, reject) => {
        waiting.push({ facts, resolve, reject });
        if (writing) return;
        writing = true;
        void writeWaiting();
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
     * Walks the whole chain from the first entry, checking each HMAC with the key and each
     * anchored position against its anchor, and answers where it first breaks. The operator's
     * (`npm run audit:verify`): no route of the app runs it.
     * @param anchors - the heads anchored outside the database (audit-anchors.ts)
     */
    verify(anchors: readonly AuditAnchor[]): Promise<AuditVerification> {
      return verifyChain(anchors);
    },

    /** The chain's last entry as the database has it now; the genesis when it is empty. */
    async head(): Promise<AuditHead> {
      const end = await readEnd();
      return end === 'empty' ? { position: 0, hash: GENESIS_HASH } : end;
    },

    /**
     * The first position of the keyed chain as the database has it: after the last entry hashed
     * without a key (an index keeps those, a set that no longer grows).
     */
    async keyedFrom(): Promise<number> {
      const [last] = await db
        .select({ position: auditLog.position })
        .from(auditLog)
        .where(eq(auditLog.hashVersion, 1))
        .orderBy(desc(auditLog.position))
        .limit(1);
      return (last?.position ?? 0) + 1;
    },

    /**
     * Calls `listener` after each append this server wrote, with its last entry and how many it
     * wrote (the anchors are kept this way, audit-anchors.ts).
     * @returns what stops the calls
     */
    onAppended(listener: (last: AuditHead, count: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/**
 * The INSERT of a batch of entries, prepared once: the batch travels as one JSON parameter
 * (see {@link storedEntry}), so the statement's text is the same for any number of entries —
 * neither built again by Drizzle nor parsed again by the database on every request.
 */
function appendStatement(db: AppDatabase) {
  return db
    .insert(auditLog)
    .select(
      sql`select position, occurred_at, user_id, action, entity_type, entity_id, listed_ids,
        ip_address, user_agent, status, previous_hash, hash, hash_version
      from jsonb_to_recordset(${sql.placeholder('entries')}::jsonb) as entry(
        position bigint, occurred_at timestamptz, user_id text, action text, entity_type text,
        entity_id text, listed_ids text[], ip_address text, user_agent text, status integer,
        previous_hash text, hash text, hash_version smallint)`,
    )
    .prepare('audit_append');
}

/**
 * An entry as a row of {@link appendStatement}'s JSON, keyed by column. Every text in it is an id,
 * an address or a User-Agent already stripped of control characters: none holds the NUL that
 * `jsonb` refuses.
 */
function storedEntry(entry: AuditEntry) {
  return {
    position: entry.position,
    occurred_at: entry.occurredAt.toISOString(),
    user_id: entry.userId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    listed_ids: entry.listedIds,
    ip_address: entry.ipAddress,
    user_agent: entry.userAgent,
    status: entry.status,
    previous_hash: entry.previousHash,
    hash: entry.hash,
    hash_version: entry.hashVersion,
  };
}

function entryOfRow(row: AuditLogRow): AuditEntry {
  return {
    ...row,
    // The stored names are the closed lists the app writes; a row altered to anything else fails
    // its hash, which is what verification reports.
    action: row.action as AuditEntry['action'],
    entityType: row.entityType as AuditEntry['entityType'],
    // The database's check allows only 1 and 2.
    hashVersion: row.hashVersion === 1 ? 1 : 2,
    entityId: row.entityId ?? undefined,
  };
}
