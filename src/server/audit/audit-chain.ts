import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';

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

/**
 * How an entry's hash is made: 1, plain SHA-256 — only the entries written before the audit key
 * existed (migration 0013 marked them); 2, HMAC-SHA-256 under the audit key, which is kept out of
 * the database, so whoever can rewrite rows cannot compute their hashes again.
 */
export type AuditHashVersion = 1 | 2;

/** The version every new entry is written with. */
export const KEYED_HASH_VERSION = 2;

/** The secret the chain's HMACs are made with, and a fingerprint that names it without it. */
export interface AuditKey {
  /** A KeyObject: printed or logged by mistake, it shows its size, never its bytes. */
  readonly secret: KeyObject;
  /** 16 hex digits derived from the secret; anchors record it, so a wrong key is told apart. */
  readonly id: string;
}

/**
 * The audit key of a secret (`AUDIT_KEY`, or the generated `DATA_DIR/audit-key`).
 * @param secret - at least 32 characters
 */
export function auditKeyOf(secret: string): AuditKey {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const id = createHmac('sha256', key).update('prontu audit key id').digest('hex').slice(0, 16);
  return { secret: key, id };
}

/** An entry as stored: its facts, its place, the hash of the one before it and its own. */
export interface AuditEntry extends AuditFacts {
  position: number;
  hashVersion: AuditHashVersion;
  previousHash: string;
  hash: string;
}

/** The part of an entry the next one is checked against. */
export type AuditLink = Pick<AuditEntry, 'position' | 'hash' | 'hashVersion'>;

/** What the first entry points back to. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The bytes an entry's hash covers: every stored field in a fixed order, the previous hash
 * included, as JSON (unambiguous: strings are quoted and escaped). It leads with the hash's
 * version, so the bytes of a keyed entry never equal those of an unkeyed one (and version 1's are
 * the very bytes entries had before there was a key).
 */
export function canonicalAuditEntry(entry: Omit<AuditEntry, 'hash'>): string {
  return JSON.stringify([
    entry.hashVersion,
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

/**
 * An entry's hash (hex) by its version: SHA-256 of its canonical form, or the HMAC-SHA-256 of it
 * under the audit key.
 */
export function hashAuditEntry(entry: Omit<AuditEntry, 'hash'>, key: AuditKey): string {
  const canonical = canonicalAuditEntry(entry);
  return entry.hashVersion === 1
    ? createHash('sha256').update(canonical).digest('hex')
    : createHmac('sha256', key.secret).update(canonical).digest('hex');
}

/** The entry that follows `previous` (undefined: the chain is empty) with these facts, keyed. */
export function chainedAuditEntry(
  previous: Pick<AuditEntry, 'position' | 'hash'> | undefined,
  facts: AuditFacts,
  key: AuditKey,
): AuditEntry {
  const unhashed = {
    ...facts,
    position: (previous?.position ?? 0) + 1,
    hashVersion: KEYED_HASH_VERSION,
    previousHash: previous?.hash ?? GENESIS_HASH,
  } as const;
  return { ...unhashed, hash: hashAuditEntry(unhashed, key) };
}

/**
 * Why an entry breaks the chain: `missing` — the entry before it is gone (its position is not
 * the next one); `unlinked` — it does not point at the entry before it (that one was changed or
 * replaced); `unkeyed` — it claims a hash without key where the chain is already keyed (it was
 * rewritten by someone without the key, who could only recompute plain SHA-256); `altered` — its
 * own fields no longer match its hash (changed, or rewritten with a key that is not the
 * server's).
 */
export type AuditBreak = 'missing' | 'unlinked' | 'unkeyed' | 'altered';

/**
 * Checks one entry against the one before it (undefined: it should be the first).
 * @param rules.key - the audit key the keyed entries were made with
 * @param rules.keyedFrom - the first position known, from outside the database, to be keyed
 *   (the anchors'); the database's own marks are not trusted before it
 * @returns what is wrong with it, or undefined when it holds
 */
export function auditBreakOf(
  previous: AuditLink | undefined,
  entry: AuditEntry,
  rules: { key: AuditKey; keyedFrom: number },
): AuditBreak | undefined {
  if (entry.position !== (previous?.position ?? 0) + 1) return 'missing';
  if (entry.previousHash !== (previous?.hash ?? GENESIS_HASH)) return 'unlinked';
  if (
    entry.hashVersion !== KEYED_HASH_VERSION &&
    (entry.position >= rules.keyedFrom || previous?.hashVersion === KEYED_HASH_VERSION)
  ) {
    return 'unkeyed';
  }
  if (entry.hash !== hashAuditEntry(entry, rules.key)) return 'altered';
  return undefined;
}
