import { createHash } from 'node:crypto';

/** What an audit entry says, before it takes its place in the chain. Ids only, never text. */
export interface AuditFacts {
  occurredAt: Date;
  /** The doctor who acted (a plain id: it outlives the account). */
  userId: string;
  action: AuditAction;
  entityType: AuditEntityType;
  /** The entity acted on; undefined for a list or a create that failed. */
  entityId: string | undefined;
  /** The ids a list (or a batch) handed over; the patient an AI answer read about. */
  listedIds: readonly string[];
  ipAddress: string;
  userAgent: string;
  /** The HTTP status the request was answered with. */
  status: number;
}

export type AuditAction =
  | 'list'
  | 'read'
  | 'create'
  | 'update'
  | 'finalize'
  | 'delete'
  | 'addendum'
  | 'process'
  /** A patient's whole data handed over (FHIR export, LGPD art. 18). */
  | 'export'
  /** Another patient's visits moved into this one, and the other deleted. */
  | 'merge'
  /** A document frozen and given its validation code. */
  | 'issue'
  /** An issued document withdrawn, with a reason. */
  | 'cancel'
  /** A document signed with the doctor's ICP-Brasil certificate. */
  | 'sign'
  /**
   * An issued document opened on its public validation page with its code (no session: the
   * entry names the doctor who issued it, and the address that opened it).
   */
  | 'validate';

export type AuditEntityType =
  | 'medical_record'
  | 'prescription'
  | 'prescription_batch'
  | 'patient'
  | 'document'
  | 'settings'
  /** The doctor's A1 certificate in custody: uploaded, shown, removed. */
  | 'signing_certificate'
  | 'ai'
  | 'transcript';

/** An entry as stored: its facts, its place, the hash of the one before it and its own. */
export interface AuditEntry extends AuditFacts {
  position: number;
  previousHash: string;
  hash: string;
}

/** What the first entry points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The bytes an entry's hash covers: every stored field in a fixed order, the previous hash
 * included, as JSON (unambiguous: strings are quoted and escaped). The leading 1 is the format's
 * version, so a later format can be told apart from this one.
 */
export function canonicalAuditEntry(entry: Omit<AuditEntry, 'hash'>): string {
  return JSON.stringify([
    1,
    entry.position,
    entry.occurredAt.toISOString(),
    entry.userId,
    entry.action,
    entry.entityType,
    entry.entityId ?? null,
    entry.listedIds,
    entry.ipAddress,
    entry.userAgent,
    entry.status,
    entry.previousHash,
  ]);
}

/** SHA-256 (hex) of an entry's canonical form. */
export function hashAuditEntry(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256').update(canonicalAuditEntry(entry)).digest('hex');
}

/** The entry that follows `previous` (undefined: the chain is empty) with these facts. */
export function chainedAuditEntry(
  previous: Pick<AuditEntry, 'position' | 'hash'> | undefined,
  facts: AuditFacts,
): AuditEntry {
  const unhashed = {
    ...facts,
    position: (previous?.position ?? 0) + 1,
    previousHash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: hashAuditEntry(unhashed) };
}

/**
 * Why an entry breaks the chain: `missing` — the entry before it is gone (its position is not
 * the next one); `unlinked` — it does not point at the entry before it (that one was changed or
 * replaced); `altered` — its own fields no longer match its hash.
 */
export type AuditBreak = 'missing' | 'unlinked' | 'altered';

/**
 * Checks one entry against the one before it (undefined: it should be the first).
 * @returns what is wrong with it, or undefined when it holds
 */
export function auditBreakOf(
  previous: Pick<AuditEntry, 'position' | 'hash'> | undefined,
  entry: AuditEntry,
): AuditBreak | undefined {
  if (entry.position !== (previous?.position ?? 0) + 1) return 'missing';
  if (entry.previousHash !== (previous?.hash ?? GENESIS_HASH)) return 'unlinked';
  if (entry.hash !== hashAuditEntry(entry)) return 'altered';
  return undefined;
}
