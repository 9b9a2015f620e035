import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import type { Database } from '../db/database';
import { upgraded } from '../testing/older-database';
import { withTestStorage } from '../testing/test-storage';
import { appendAuditAnchor, readAuditAnchors } from './audit-anchors';
import { canonicalAuditEntry, GENESIS_HASH, hashAuditEntry, type AuditEntry } from './audit-chain';
import { AUDIT_KEY_FILE, loadOrCreateAuditKey, readAuditKey } from './audit-key';
import { createAuditLog } from './audit-log';

const SECRET = 'segredo-da-auditoria-de-um-cluster-0123456789';

describe('the audit key', () => {
  it('is generated once in DATA_DIR, 0600, and read back the same on the next start', async () => {
    await withTestStorage(async (storage) => {
      const config = { dataDir: storage.dataDir, auditKey: undefined };
      expect(await readAuditKey(config)).toBeUndefined();
      const first = await loadOrCreateAuditKey(config);
      const file = path.join(storage.dataDir, AUDIT_KEY_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(32);
      expect((await loadOrCreateAuditKey(config)).id).toBe(first.id);
      expect((await readAuditKey(config))?.id).toBe(first.id);
    });
  });

  it('comes from AUDIT_KEY when set, for every server of a shared database, and writes no file', async () => {
    await withTestStorage(async (storage) => {
      const key = await loadOrCreateAuditKey({ dataDir: storage.dataDir, auditKey: SECRET });
      const again = await readAuditKey({ dataDir: storage.dataDir, auditKey: SECRET });
      expect(again?.id).toBe(key.id);
      await expect(stat(path.join(storage.dataDir, AUDIT_KEY_FILE))).rejects.toThrow(/ENOENT/);
    });
  });

  it('is never replaced when its file holds no key: the server refuses to start instead', async () => {
    await withTestStorage(async (storage) => {
      const file = path.join(storage.dataDir, AUDIT_KEY_FILE);
      await writeFile(file, 'curta\n', { mode: 0o600 });
      const config = { dataDir: storage.dataDir, auditKey: undefined };
      await expect(loadOrCreateAuditKey(config)).rejects.toThrow(ConfigError);
      expect(await readFile(file, 'utf8')).toBe('curta\n');
    });
  });
});

describe('the anchors file', () => {
  it('is one JSON line per anchor, 0600, and tells the lines it cannot read', async () => {
    await withTestStorage(async (storage) => {
      const file = path.join(storage.dataDir, 'audit-anchors');
      const anchor = {
        at: '2026-11-25T12:00:00.000Z',
        position: 0,
        hash: GENESIS_HASH,
        keyedFrom: 1,
        keyId: 'abc',
      };
      await appendAuditAnchor(file, anchor);
      await writeFile(file, '{"torn', { flag: 'a' });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readAuditAnchors(file)).toEqual({ anchors: [anchor], unreadableLines: [2] });
    });
  });
});

/** An entry as the Prontu before migration 0013 wrote it: plain SHA-256, no scheme column. */
async function insertUnkeyedEntry(older: Database, previous: AuditEntry | undefined) {
  const unhashed = {
    occurredAt: new Date('2026-01-10T12:00:00.000Z'),
    userId: 'doctor-1',
    action: 'read' as const,
    entityType: 'medical_record' as const,
    entityId: 'medical-record-1',
    listedIds: [],
    ipAddress: '127.0.0.1',
    userAgent: 'Prontu antigo',
    status: 200,
    position: (previous?.position ?? 0) + 1,
    hashVersion: 1 as const,
    previousHash: previous?.hash ?? GENESIS_HASH,
  };
  // As the old code hashed it, without any key.
  const hash = createHash('sha256').update(canonicalAuditEntry(unhashed)).digest('hex');
  await older.db.execute(sql`insert into audit_log (position, occurred_at, user_id, action,
    entity_type, entity_id, listed_ids, ip_address, user_agent, status, previous_hash, hash)
    values (${unhashed.position}, ${unhashed.occurredAt.toISOString()}, ${unhashed.userId},
    ${unhashed.action}, ${unhashed.entityType}, ${unhashed.entityId}, '{}', ${unhashed.ipAddress},
    ${unhashed.userAgent}, ${unhashed.status}, ${unhashed.previousHash}, ${hash})`);
  return { ...unhashed, hash };
}

describe('a trail written before the key', { timeout: 90_000 }, () => {
  it('still verifies after the upgrade, and the keyed chain follows it', async () => {
    await upgraded(
      '0013_audit_keyed_chain',
      async (older) => {
        let previous: AuditEntry | undefined;
        for (let index = 0; index < 3; index++) {
          previous = await insertUnkeyedEntry(older, previous);
        }
      },
      async (storage, after) => {
        const key = await loadOrCreateAuditKey({ dataDir: storage.dataDir, auditKey: undefined });
        const log = createAuditLog(after.db, key);
        expect(await log.keyedFrom()).toBe(4);
        const keyed = await log.append({
          occurredAt: new Date(),
          userId: 'doctor-1',
          action: 'read',
          entityType: 'medical_record',
          entityId: 'medical-record-1',
          listedIds: [],
          ipAddress: '127.0.0.1',
          userAgent: 'Prontu novo',
          status: 200,
        });
        expect(keyed).toMatchObject({ position: 4, hashVersion: 2 });
        expect(keyed.hash).toBe(hashAuditEntry(keyed, key));
        const head = await log.head();
        const anchor = {
          at: new Date().toISOString(),
          ...head,
          keyedFrom: await log.keyedFrom(),
          keyId: key.id,
        };
        expect(await log.verify([anchor])).toMatchObject({ ok: true, entries: 4, anchors: 1 });
        // The old entries are still checked: one changed in place is found.
        await after.db.transaction(async (tx) => {
          await tx.execute(sql.raw('alter table audit_log disable trigger audit_log_append_only'));
          await tx.execute(sql`update audit_log set action = 'list' where position = 2`);
          await tx.execute(sql.raw('alter table audit_log enable trigger audit_log_append_only'));
        });
        expect(await log.verify([anchor])).toMatchObject({
          ok: false,
          brokenAt: { position: 2, reason: 'altered' },
        });
      },
    );
  });
});
