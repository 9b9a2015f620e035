import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  auditBreakOf,
  auditKeyOf,
  canonicalAuditEntry,
  chainedAuditEntry,
  GENESIS_HASH,
  hashAuditEntry,
  type AuditEntry,
  type AuditFacts,
} from './audit-chain';

const KEY = auditKeyOf('chave-de-auditoria-dos-testes-de-unidade-0123456789');
const OTHER_KEY = auditKeyOf('outra-chave-qualquer-de-trinta-e-dois-caracteres');
/** No anchor says where the keyed chain begins: the rows' own marks are all there is. */
const UNANCHORED = { key: KEY, keyedFrom: Infinity };

const facts = (overrides: Partial<AuditFacts> = {}): AuditFacts => ({
  occurredAt: new Date('2026-11-25T12:00:00.123Z'),
  userId: 'doctor-1',
  action: 'read',
  entityType: 'medical_record',
  entityId: 'record-1',
  listedIds: [],
  ipAddress: '127.0.0.1',
  userAgent: 'Mozilla/5.0',
  status: 200,
  ...overrides,
});

function chainOf(count: number): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    entries.push(chainedAuditEntry(entries.at(-1), facts({ entityId: `record-${index}` }), KEY));
  }
  return entries;
}

describe('chainedAuditEntry', () => {
  it('starts at position 1 from the genesis hash and links each entry to the one before', () => {
    const [first, second] = chainOf(2);
    expect(first).toMatchObject({ position: 1, previousHash: GENESIS_HASH });
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatchObject({ position: 2, previousHash: first?.hash });
  });

  it('hashes every field: the same facts at another place in the chain hash differently', () => {
    const [first] = chainOf(1);
    const again = chainedAuditEntry(
      { position: 1, hash: first?.hash ?? '' },
      facts({ entityId: 'record-0' }),
      KEY,
    );
    expect(again.hash).not.toBe(first?.hash);
  });

  it('serialises without ambiguity: a field cannot swallow its neighbour', () => {
    const a = { ...chainedAuditEntry(undefined, facts({ userId: 'a","b' }), KEY), hash: '' };
    const b = {
      ...chainedAuditEntry(undefined, facts({ userId: 'a', action: 'read' }), KEY),
      hash: '',
    };
    expect(canonicalAuditEntry(a)).not.toBe(canonicalAuditEntry(b));
  });
});

describe('auditBreakOf', () => {
  it('accepts an intact chain', () => {
    const entries = chainOf(5);
    entries.forEach((entry, index) =>
      expect(auditBreakOf(entries[index - 1], entry, UNANCHORED)).toBeUndefined(),
    );
  });

  it('reports an altered entry as altered', () => {
    const [first, second] = chainOf(2);
    if (!first || !second) throw new Error('no chain');
    expect(auditBreakOf(first, { ...second, action: 'delete' }, UNANCHORED)).toBe('altered');
  });

  it('reports the entry after a deleted one as missing its predecessor', () => {
    const [first, , third] = chainOf(3);
    if (!third) throw new Error('no chain');
    expect(auditBreakOf(first, third, UNANCHORED)).toBe('missing');
  });

  it('reports an entry whose predecessor was rewritten (with a recomputed hash) as unlinked', () => {
    const [first, second] = chainOf(2);
    if (!first || !second) throw new Error('no chain');
    const rewritten = chainedAuditEntry(undefined, facts({ action: 'list' }), KEY);
    expect(auditBreakOf(undefined, rewritten, UNANCHORED)).toBeUndefined();
    expect(auditBreakOf(rewritten, second, UNANCHORED)).toBe('unlinked');
    expect(auditBreakOf(first, second, UNANCHORED)).toBeUndefined();
  });
});

describe('the keyed chain', () => {
  /** A plain SHA-256 entry, as written before the key existed. */
  function unkeyed(previous: AuditEntry | undefined, entry: AuditEntry): AuditEntry {
    const rewritten = {
      ...entry,
      hashVersion: 1 as const,
      previousHash: previous?.hash ?? GENESIS_HASH,
    };
    return { ...rewritten, hash: hashAuditEntry(rewritten, KEY) };
  }

  it('makes each new entry an HMAC under the key, not a hash anyone can compute', () => {
    const [first] = chainOf(1);
    if (!first) throw new Error('no chain');
    expect(first.hashVersion).toBe(2);
    const plain = createHash('sha256').update(canonicalAuditEntry(first)).digest('hex');
    expect(first.hash).not.toBe(plain);
    expect(hashAuditEntry(first, OTHER_KEY)).not.toBe(first.hash);
  });

  it('still accepts the unkeyed entries written before the key, and the keyed ones after', () => {
    const legacy = unkeyed(undefined, chainOf(1)[0] as AuditEntry);
    // The bytes of an old entry are the ones it was hashed with: its version, 1, leads them.
    expect((JSON.parse(canonicalAuditEntry(legacy)) as unknown[])[0]).toBe(1);
    const keyed = chainedAuditEntry(legacy, facts(), KEY);
    expect(auditBreakOf(undefined, legacy, { key: KEY, keyedFrom: 2 })).toBeUndefined();
    expect(auditBreakOf(legacy, keyed, { key: KEY, keyedFrom: 2 })).toBeUndefined();
  });

  it('finds an entry rewritten under another key, even with every later hash recomputed', () => {
    const [first, second, third] = chainOf(3);
    if (!first || !second || !third) throw new Error('no chain');
    const forged = chainedAuditEntry(first, { ...second, action: 'list' }, OTHER_KEY);
    const after = chainedAuditEntry(forged, third, OTHER_KEY);
    expect(auditBreakOf(first, forged, UNANCHORED)).toBe('altered');
    expect(auditBreakOf(forged, after, UNANCHORED)).toBe('altered');
  });

  it('finds a keyed entry rewritten as unkeyed: after a keyed one, or past the anchored start', () => {
    const [first, second] = chainOf(2);
    if (!first || !second) throw new Error('no chain');
    const downgraded = unkeyed(first, { ...second, action: 'list' });
    expect(auditBreakOf(first, downgraded, UNANCHORED)).toBe('unkeyed');
    // The whole chain rewritten unkeyed holds on its own: only the anchors' start tells.
    const all = unkeyed(undefined, first);
    expect(auditBreakOf(undefined, all, UNANCHORED)).toBeUndefined();
    expect(auditBreakOf(undefined, all, { key: KEY, keyedFrom: 1 })).toBe('unkeyed');
  });
});
