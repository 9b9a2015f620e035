import { describe, expect, it } from 'vitest';
import {
  auditBreakOf,
  canonicalAuditEntry,
  chainedAuditEntry,
  GENESIS_HASH,
  type AuditEntry,
  type AuditFacts,
} from './audit-chain';

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
    entries.push(chainedAuditEntry(entries.at(-1), facts({ entityId: `record-${index}` })));
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
    );
    expect(again.hash).not.toBe(first?.hash);
  });

  it('serialises without ambiguity: a field cannot swallow its neighbour', () => {
    const a = { ...chainedAuditEntry(undefined, facts({ userId: 'a","b' })), hash: '' };
    const b = { ...chainedAuditEntry(undefined, facts({ userId: 'a', action: 'read' })), hash: '' };
    expect(canonicalAuditEntry(a)).not.toBe(canonicalAuditEntry(b));
  });
});

describe('auditBreakOf', () => {
  it('accepts an intact chain', () => {
    const entries = chainOf(5);
    entries.forEach((entry, index) =>
      expect(auditBreakOf(entries[index - 1], entry)).toBeUndefined(),
    );
  });

  it('reports an altered entry as altered', () => {
    const [first, second] = chainOf(2);
    if (!first || !second) throw new Error('no chain');
    expect(auditBreakOf(first, { ...second, action: 'delete' })).toBe('altered');
  });

  it('reports the entry after a deleted one as missing its predecessor', () => {
    const [first, , third] = chainOf(3);
    if (!third) throw new Error('no chain');
    expect(auditBreakOf(first, third)).toBe('missing');
  });

  it('reports an entry whose predecessor was rewritten (with a recomputed hash) as unlinked', () => {
    const [first, second] = chainOf(2);
    if (!first || !second) throw new Error('no chain');
    const rewritten = chainedAuditEntry(undefined, facts({ action: 'list' }));
    expect(auditBreakOf(undefined, rewritten)).toBeUndefined();
    expect(auditBreakOf(rewritten, second)).toBe('unlinked');
    expect(auditBreakOf(first, second)).toBeUndefined();
  });
});
