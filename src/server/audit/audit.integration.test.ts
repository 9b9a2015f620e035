import { stat } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, type AuditLogRow } from '../db/schema';
import { capturingLogger } from '../testing/capturing-logger';
import { AUDIT_ANCHORS_FILE, readAuditAnchors, startAuditAnchoring } from './audit-anchors';
import {
  auditKeyOf,
  GENESIS_HASH,
  hashAuditEntry,
  type AuditEntry,
  type AuditFacts,
  type AuditKey,
} from './audit-chain';
import { AUDIT_KEY_FILE, readAuditKey } from './audit-key';
import { createAuditLog } from './audit-log';
import { AUDIT_PAGES_PER_MINUTE } from './routes';
import { describeAuditVerification, verifyAuditTrail } from './operator-verification';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestBrowser, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();
const db = () => fixture.server.database.db;

/** A name that must never reach the audit table. */
const PATIENT_NAME = 'Gertrudes Sentinela Albuquerque';
const USER_AGENT = 'ProntuTeste/1.0 (auditoria; tablet da recepção)';
const LOOPBACK = /^(::1|(::ffff:)?127\.0\.0\.1)$/;

let ana: TestDoctorAccount;
let bruno: TestDoctorAccount;

beforeAll(async () => {
  ana = await signUpDoctor(fixture.server.url, 'Dra. Ana Auditoria');
  bruno = await signUpDoctor(fixture.server.url, 'Dr. Bruno Auditoria');
});

function send(browser: TestBrowser, method: string, path: string, body?: unknown) {
  return browser.fetch(path, {
    method,
    headers: {
      'user-agent': USER_AGENT,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function createRecord(browser: TestBrowser): Promise<string> {
  const response = await send(browser, 'POST', '/api/medical-records', {
    patientInfo: { name: PATIENT_NAME, age: 71 },
    symptoms: { chiefComplaint: 'Dispneia aos esforços há 2 semanas' },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { recordId: string }).recordId;
}

const allRows = () => db().select().from(auditLog).orderBy(asc(auditLog.position));

/** The whole chain checked as the operator's `npm run audit:verify` checks it. */
async function verify() {
  const checked = await verifyAuditTrail(db(), {
    dataDir: fixture.server.dataDir,
    auditKey: undefined,
  });
  if (checked.kind !== 'checked') throw new Error('no audit key in DATA_DIR');
  return { success: true, ...checked.result };
}

/** The key the server generated in its DATA_DIR. */
async function serverKey(): Promise<AuditKey> {
  const key = await readAuditKey({ dataDir: fixture.server.dataDir, auditKey: undefined });
  if (!key) throw new Error('no audit key in DATA_DIR');
  return key;
}

interface AuditPage {
  success: boolean;
  entries: {
    position: number;
    userId: string;
    action: string;
    entityId: string | null;
    status: number;
    listedIds: string[];
  }[];
  lastEvaluatedKey?: string;
}

async function auditOf(browser: TestBrowser, entityId: string, extra = ''): Promise<AuditPage> {
  const response = await browser.fetch(
    `/api/audit?entityId=${encodeURIComponent(entityId)}${extra}`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
}

/** Runs `change` on the audit table with its append-only trigger off, as a database owner could. */
async function bypassingTrigger(change: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql.raw('alter table audit_log disable trigger audit_log_append_only'));
    await tx.execute(sql.raw(change));
    await tx.execute(sql.raw('alter table audit_log enable trigger audit_log_append_only'));
  });
}

describe('the audit trail', () => {
  let recordId: string;

  it('records who read and wrote a record, from where, with what outcome — and no patient text', async () => {
    const before = (await allRows()).length;
    recordId = await createRecord(ana.browser);
    expect((await send(ana.browser, 'GET', `/api/medical-records/${recordId}`)).status).toBe(200);
    const update = await send(ana.browser, 'PUT', `/api/medical-records/${recordId}`, {
      plan: `Retorno de ${PATIENT_NAME} em 7 dias`,
    });
    expect(update.status).toBe(200);
    expect((await send(ana.browser, 'GET', '/api/medical-records?limit=5')).status).toBe(200);
    const finalise = await send(ana.browser, 'PUT', `/api/medical-records/${recordId}`, {
      status: 'finalizado',
    });
    expect(finalise.status).toBe(200);
    const addendum = await send(ana.browser, 'POST', `/api/medical-records/${recordId}/addenda`, {
      text: `${PATIENT_NAME} trouxe exames`,
    });
    expect(addendum.status).toBe(201);

    const rows = (await allRows()).slice(before);
    expect(rows.map((row) => [row.action, row.entityId, row.status])).toEqual([
      ['create', recordId, 201],
      ['read', recordId, 200],
      ['update', recordId, 200],
      ['list', null, 200],
      ['finalize', recordId, 200],
      ['addendum', recordId, 201],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        userId: ana.id,
        entityType: 'medical_record',
        userAgent: USER_AGENT,
      });
      expect(row.ipAddress).toMatch(LOOPBACK);
    }
    expect(rows[3]?.listedIds).toContain(recordId);
    const stored = JSON.stringify(await allRows());
    expect(stored).not.toContain('Sentinela');
    expect(stored).not.toContain('Dispneia');
  });

  it('records receitas, lotes, settings and the transcript work as ids and actions only', async () => {
    const before = (await allRows()).length;
    const created = await send(ana.browser, 'POST', '/api/prescriptions', {
      patientName: PATIENT_NAME,
      date: '2026-11-25',
      medications: [{ name: 'Dipirona', dosage: '500 mg' }],
    });
    expect(created.status).toBe(201);
    const prescriptionId = ((await created.json()) as { prescription: { id: string } }).prescription
      .id;
    const batch = await send(ana.browser, 'POST', '/api/prescription-batches', {
      prescriptionIds: [prescriptionId],
    });
    expect(batch.status).toBe(201);
    const batchId = ((await batch.json()) as { batch: { id: string } }).batch.id;
    expect((await send(ana.browser, 'GET', `/api/prescription-batches/${batchId}`)).status).toBe(
      200,
    );
    const finalise = await send(ana.browser, 'PUT', `/api/prescriptions/${prescriptionId}`, {
      isFinalized: true,
    });
    expect(finalise.status).toBe(200);
    expect((await send(ana.browser, 'GET', '/api/settings')).status).toBe(200);
    const cleanUp = await send(ana.browser, 'POST', '/api/transcripts/clean-up', {
      text: `paciente ${PATIENT_NAME} com HAS`,
    });
    expect(cleanUp.status).toBe(200);

    const rows = (await allRows()).slice(before);
    expect(rows.map((row) => [row.entityType, row.action, row.entityId, row.listedIds])).toEqual([
      ['prescription', 'create', prescriptionId, []],
      ['prescription_batch', 'create', batchId, []],
      ['prescription_batch', 'read', batchId, [prescriptionId]],
      ['prescription', 'finalize', prescriptionId, []],
      ['settings', 'read', ana.id, []],
      ['transcript', 'process', 'clean-up', []],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Sentinela');
  });

  it('shows a doctor every access to their own record, and another doctor none of them', async () => {
    const own = await auditOf(ana.browser, recordId);
    expect(own.success).toBe(true);
    expect(own.entries.map((entry) => entry.action)).toEqual([
      'addendum',
      'finalize',
      'list',
      'update',
      'read',
      'create',
    ]);
    expect(own.entries.every((entry) => entry.userId === ana.id)).toBe(true);

    // Bruno tries Ana's record: refused, and recorded as his attempt — never shown to her.
    expect((await send(bruno.browser, 'GET', `/api/medical-records/${recordId}`)).status).toBe(404);
    const his = await auditOf(bruno.browser, recordId);
    expect(his.entries.map((entry) => [entry.userId, entry.action, entry.status])).toEqual([
      [bruno.id, 'read', 404],
    ]);
    expect((await auditOf(ana.browser, recordId)).entries.every((e) => e.userId === ana.id)).toBe(
      true,
    );
  });

  it('pages the entries of one record by key, newest first', async () => {
    const first = await auditOf(ana.browser, recordId, '&limit=4');
    expect(first.entries).toHaveLength(4);
    expect(first.lastEvaluatedKey).toBeDefined();
    const second = await auditOf(
      ana.browser,
      recordId,
      `&limit=4&lastEvaluatedKey=${first.lastEvaluatedKey ?? ''}`,
    );
    expect(second.entries.map((entry) => entry.action)).toEqual(['read', 'create']);
    expect(second.lastEvaluatedKey).toBeUndefined();
    expect((await ana.browser.fetch('/api/audit')).status).toBe(400);
  });

  it('slows a doctor reading more pages a minute than a person would, and no one else', async () => {
    const reader = await signUpDoctor(fixture.server.url, 'Dra. Leitora');
    const path = `/api/audit?entityId=${encodeURIComponent(recordId)}`;
    const statuses: number[] = [];
    for (let page = 0; page <= AUDIT_PAGES_PER_MINUTE; page++) {
      statuses.push((await reader.browser.fetch(path)).status);
    }
    expect(statuses.slice(0, AUDIT_PAGES_PER_MINUTE).every((status) => status === 200)).toBe(true);
    const refused = await reader.browser.fetch(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      error: 'Muitas consultas à trilha de auditoria. Aguarde um minuto e tente novamente.',
    });
    expect((await ana.browser.fetch(path)).status).toBe(200);
  });

  it('is append-only in the database: an UPDATE, a DELETE or a TRUNCATE is refused', async () => {
    await expect(db().execute(sql`update audit_log set action = 'read'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('records the ids every list handed over', async () => {
    const patient = await send(ana.browser, 'POST', '/api/patients', { name: PATIENT_NAME });
    expect(patient.status).toBe(201);
    const patientId = ((await patient.json()) as { patient: { id: string } }).patient.id;
    const idsOf = async (path: string, key: string) => {
      const answer = await send(ana.browser, 'GET', path);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as Record<string, { id: string }[]>;
      return (body[key] ?? []).map((item) => item.id);
    };
    const before = (await allRows()).length;
    const answered = [
      await idsOf('/api/patients', 'patients'),
      await idsOf('/api/prescriptions', 'prescriptions'),
      await idsOf('/api/prescription-batches', 'batches'),
      await idsOf('/api/medical-records', 'records'),
    ];
    expect(answered[0]).toContain(patientId);
    for (const ids of answered.slice(1)) expect(ids.length).toBeGreaterThan(0);
    const rows = (await allRows()).slice(before);
    expect(rows.map((row) => [row.entityType, row.action, row.listedIds])).toEqual([
      ['patient', 'list', answered[0]],
      ['prescription', 'list', answered[1]],
      ['prescription_batch', 'list', answered[2]],
      ['medical_record', 'list', answered[3]],
    ]);
  });

  it('names the patient whose history an AI answer read, offline too, and not on a refusal', async () => {
    const created = await send(ana.browser, 'POST', '/api/patients', {
      name: PATIENT_NAME,
      allergies: ['Dipirona'],
    });
    expect(created.status).toBe(201);
    const patientId = ((await created.json()) as { patient: { id: string } }).patient.id;
    const before = (await allRows()).length;
    const chat = await send(ana.browser, 'POST', '/api/ai/chat', {
      messages: [{ role: 'user', content: 'Ela tem alergias?' }],
      mode: 'general',
      patientId,
    });
    expect(chat.status).toBe(200);
    expect(chat.headers.get('x-prontu-ai-mode')).toBe('offline');
    await chat.text();
    const task = await send(ana.browser, 'POST', '/api/ai/plan-suggestions', {
      record: { symptoms: { chiefComplaint: 'Cefaleia' } },
      patientId,
    });
    expect(task.status).toBe(200);
    // Bruno names Ana's patient: refused, and nothing of hers was handed over.
    const refused = await send(bruno.browser, 'POST', '/api/ai/chat', {
      messages: [{ role: 'user', content: 'Ela tem alergias?' }],
      mode: 'general',
      patientId,
    });
    expect(refused.status).toBe(404);
    const rows = (await allRows()).slice(before);
    expect(
      rows.map((row) => [row.userId, row.entityType, row.entityId, row.status, row.listedIds]),
    ).toEqual([
      [ana.id, 'ai', 'chat', 200, [patientId]],
      [ana.id, 'ai', 'plan-suggestions', 200, [patientId]],
      [bruno.id, 'ai', 'chat', 404, []],
    ]);
    // The doctor finds both among her patient's accesses.
    const own = await auditOf(ana.browser, patientId);
    expect(own.entries.slice(0, 2).map((entry) => entry.entityId)).toEqual([
      'plan-suggestions',
      'chat',
    ]);
    expect(JSON.stringify(rows)).not.toContain('Sentinela');
  });

  it('records a HEAD like the GET it runs: the FHIR export and a receita PDF', async () => {
    const created = await send(ana.browser, 'POST', '/api/patients', { name: PATIENT_NAME });
    const patientId = ((await created.json()) as { patient: { id: string } }).patient.id;
    const prescription = await send(ana.browser, 'POST', '/api/prescriptions', {
      patientName: PATIENT_NAME,
      patientId,
      date: '2026-11-25',
      medications: [{ name: 'Amoxicilina', dosage: '500 mg' }],
    });
    expect(prescription.status).toBe(201);
    const prescriptionId = ((await prescription.json()) as { prescription: { id: string } })
      .prescription.id;
    const before = (await allRows()).length;
    const fhir = await send(ana.browser, 'HEAD', `/api/patients/${patientId}/fhir`);
    expect(fhir.status).toBe(200);
    const pdf = await send(ana.browser, 'HEAD', `/api/prescriptions/${prescriptionId}/pdf`);
    expect(pdf.status).toBe(200);
    // What a HEAD hands over without a body: the file name, with her name in it.
    expect(pdf.headers.get('content-disposition')).toContain('gertrudes');
    const rows = (await allRows()).slice(before);
    expect(rows.map((row) => [row.userId, row.entityType, row.action, row.entityId])).toEqual([
      [ana.id, 'patient', 'export', patientId],
      [ana.id, 'prescription', 'read', prescriptionId],
    ]);
  });

  it('keeps one valid chain under 50 concurrent requests of two doctors', async () => {
    const brunoRecord = await createRecord(bruno.browser);
    const before = (await allRows()).length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const [account, id] = index % 2 ? [ana, recordId] : [bruno, brunoRecord];
        return index % 4 === 0
          ? send(account.browser, 'PUT', `/api/medical-records/${id}`, { plan: `Plano ${index}` })
          : send(account.browser, 'GET', `/api/medical-records/${id}`);
      }),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await allRows();
    expect(rows.length - before).toBe(50);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
    expect(await verify()).toMatchObject({ success: true, ok: true, entries: rows.length });
  });

  it('keeps one chain when other app servers append to the same database', async () => {
    // Each app server knows the chain's end it last wrote; the others' appends make it stale.
    const key = await serverKey();
    const otherServers = [createAuditLog(db(), key), createAuditLog(db(), key)];
    const facts = (index: number): AuditFacts => ({
      occurredAt: new Date(),
      userId: bruno.id,
      action: 'read',
      entityType: 'medical_record',
      entityId: `medical-record-outro-servidor-${index}`,
      listedIds: [],
      ipAddress: '10.0.0.2',
      userAgent: 'outro servidor',
      status: 200,
    });
    const before = (await allRows()).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => {
        const server = otherServers[index % 3];
        return server
          ? server.append(facts(index)).then(() => 200)
          : send(ana.browser, 'GET', `/api/medical-records/${recordId}`).then((r) => r.status);
      }),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    // This server's end is stale again: its next entry still follows the true last one.
    await otherServers[0]?.append(facts(30));
    expect((await send(ana.browser, 'GET', `/api/medical-records/${recordId}`)).status).toBe(200);
    const rows = await allRows();
    expect(rows.length - before).toBe(32);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
    expect(await verify()).toMatchObject({ success: true, ok: true, entries: rows.length });
  });

  it('writes appends one server makes one after another, each once the last is written', async () => {
    // Each caller appends as soon as its previous entry resolved: the writer that resolved it
    // must not still look busy, or the next entry would wait for good.
    const log = createAuditLog(db(), await serverKey());
    const before = (await allRows()).length;
    for (let index = 0; index < 3; index++) {
      await log.append({
        occurredAt: new Date(),
        userId: bruno.id,
        action: 'read',
        entityType: 'medical_record',
        entityId: `medical-record-em-sequencia-${index}`,
        listedIds: [],
        ipAddress: '10.0.0.4',
        userAgent: 'outro servidor',
        status: 200,
      });
    }
    expect((await allRows()).length - before).toBe(3);
  });

  it('answers 503 without the record when the access cannot be recorded', async () => {
    await db().execute(
      sql.raw(`create function audit_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'audit store unavailable'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger audit_test_refuse before insert on audit_log
        for each row execute function audit_test_refuse()`),
    );
    try {
      const response = await send(ana.browser, 'GET', `/api/medical-records/${recordId}`);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ success: false, code: 'audit_unavailable' });
      expect(text).not.toContain('Sentinela');
      expect(response.headers.get('etag')).toBeNull();
    } finally {
      await db().execute(sql.raw('drop trigger audit_test_refuse on audit_log'));
      await db().execute(sql.raw('drop function audit_test_refuse()'));
    }
    expect(await verify()).toMatchObject({ ok: true });
  });
});

describe('verification of the chain', () => {
  it("is the operator's: no doctor's session checks the chain nor learns the others' count", async () => {
    for (const browser of [ana.browser, bruno.browser]) {
      const response = await browser.fetch('/api/audit/verify');
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/"entries"|"head"/);
    }
  });

  it('finds an entry whose action was changed in the database', async () => {
    const target = (await allRows())[2] as AuditLogRow;
    await bypassingTrigger(
      `update audit_log set action = 'list' where position = ${target.position}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      entries: target.position - 1,
      brokenAt: { position: target.position, reason: 'altered' },
    });
    await bypassingTrigger(
      `update audit_log set action = '${target.action}' where position = ${target.position}`,
    );
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('keeps its key out of the database, in DATA_DIR, readable by the server alone', async () => {
    const file = path.join(fixture.server.dataDir, AUDIT_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const key = await serverKey();
    // Whatever the database holds, the key is not in it: every row's HMAC needs it.
    const [first] = await allRows();
    if (!first) throw new Error('no entries');
    expect(first.hashVersion).toBe(2);
    expect(hashAuditEntry(entryOf(first), key)).toBe(first.hash);
    expect(hashAuditEntry(entryOf(first), auditKeyOf('x'.repeat(32)))).not.toBe(first.hash);
  });

  it('finds an entry rewritten with every later hash recomputed, unkeyed or under another key', async () => {
    const original = (await allRows()).slice(-3);
    const [target] = original;
    if (!target) throw new Error('no entries');
    for (const forger of [undefined, auditKeyOf('uma-chave-que-nao-e-a-do-servidor-000')]) {
      await rewriteFrom(original, { ...target, action: 'list' }, forger);
      expect(await verify()).toMatchObject({
        ok: false,
        brokenAt: { position: target.position, reason: forger ? 'altered' : 'unkeyed' },
      });
      const report = describeAuditVerification({
        kind: 'checked',
        result: await verify(),
        unreadableAnchorLines: [],
        otherKey: false,
      });
      expect(report.ok).toBe(false);
      expect(report.lines.at(-1)).toContain(`QUEBRADA na posição ${target.position}`);
    }
    await rewriteFrom(original, target, 'as-they-were');
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('anchors the head outside the database at shutdown, and finds a deleted tail by it', async () => {
    // The server anchors the entries it wrote itself: the last one is its own.
    expect((await send(ana.browser, 'GET', '/api/settings')).status).toBe(200);
    await fixture.stop();
    await fixture.start();
    const file = path.join(fixture.server.dataDir, AUDIT_ANCHORS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const rows = await allRows();
    const head = rows.at(-1) as AuditLogRow;
    const { anchors } = await readAuditAnchors(file);
    // The first start anchored the empty chain; the shutdown, the last entry; the restart, it too.
    expect(anchors[0]).toMatchObject({ position: 0, hash: GENESIS_HASH, keyedFrom: 1 });
    expect(anchors.slice(-2)).toMatchObject([
      { position: head.position, hash: head.hash, keyId: (await serverKey()).id },
      { position: head.position, hash: head.hash },
    ]);
    expect(await verify()).toMatchObject({ ok: true, entries: head.position });

    const tail = rows.slice(-2);
    await bypassingTrigger(`delete from audit_log where position >= ${tail[0]?.position ?? 0}`);
    // The chain that is left holds on its own; only the anchor says it was longer.
    expect(await verify()).toMatchObject({
      ok: false,
      entries: head.position - 2,
      brokenAt: { position: head.position - 1, reason: 'truncated' },
    });
    await db().insert(auditLog).values(tail);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('anchors every N entries a server writes, in the anchors file and the log', async () => {
    const key = await serverKey();
    const otherServer = createAuditLog(db(), key);
    const file = path.join(fixture.server.dataDir, 'audit-anchors-outro-servidor');
    const { logger, entries } = capturingLogger();
    const anchoring = await startAuditAnchoring({
      auditLog: otherServer,
      key,
      file,
      logger,
      everyEntries: 3,
    });
    const facts: AuditFacts = {
      occurredAt: new Date(),
      userId: bruno.id,
      action: 'read',
      entityType: 'medical_record',
      entityId: 'medical-record-ancora',
      listedIds: [],
      ipAddress: '10.0.0.3',
      userAgent: 'outro servidor',
      status: 200,
    };
    const written: AuditEntry[] = [];
    for (let index = 0; index < 4; index++) written.push(await otherServer.append(facts));
    const third = written[2] as AuditEntry;
    await vi.waitFor(async () => expect((await readAuditAnchors(file)).anchors).toHaveLength(2));
    expect((await readAuditAnchors(file)).anchors[1]).toMatchObject({
      position: third.position,
      hash: third.hash,
    });
    // The file's line is readable before its write returns; the log line comes just after.
    await vi.waitFor(() => {
      const logged = entries().filter((line) => line.msg === 'audit chain anchored');
      expect(logged.at(-1)).toMatchObject({
        auditAnchor: { position: third.position, hash: third.hash },
      });
    });
    await anchoring.stop();
    const fourth = written[3] as AuditEntry;
    expect((await readAuditAnchors(file)).anchors.at(-1)).toMatchObject({
      position: fourth.position,
      hash: fourth.hash,
    });
  });

  it('finds a deleted entry: the one after it no longer follows', async () => {
    const rows = await allRows();
    const target = rows[4] as AuditLogRow;
    await bypassingTrigger(`delete from audit_log where position = ${target.position}`);
    expect(await verify()).toMatchObject({
      ok: false,
      brokenAt: { position: target.position + 1, reason: 'missing' },
    });
    await db().insert(auditLog).values(target);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('finds a tail cut and written again, by the hash anchored at its position', async () => {
    expect((await send(ana.browser, 'GET', '/api/settings')).status).toBe(200);
    await fixture.stop();
    await fixture.start();
    const rows = await allRows();
    const head = rows.at(-1) as AuditLogRow;
    const tail = rows.slice(-2);
    await bypassingTrigger(`delete from audit_log where position >= ${tail[0]?.position ?? 0}`);
    await fixture.stop();
    await fixture.start();
    // The server, restarted on the cut chain, writes new entries with valid HMACs in its place.
    for (let index = 0; index < 2; index++) {
      expect((await send(ana.browser, 'GET', '/api/settings')).status).toBe(200);
    }
    expect(await verify()).toMatchObject({
      ok: false,
      brokenAt: { position: head.position, reason: 'diverged' },
    });
  });
});

/** A row as the chain module reads it. */
function entryOf(row: AuditLogRow): AuditEntry {
  return {
    ...row,
    action: row.action as AuditEntry['action'],
    entityType: row.entityType as AuditEntry['entityType'],
    hashVersion: row.hashVersion === 1 ? 1 : 2,
    entityId: row.entityId ?? undefined,
  };
}

/**
 * Rewrites `rows` (the chain's last entries, in order) from the first on, as someone with the
 * database but not the key would: the first replaced by `first`, each hash recomputed — plain
 * SHA-256 without `forger`, else an HMAC under that other key. 'as-they-were' puts the rows back.
 */
async function rewriteFrom(
  rows: readonly AuditLogRow[],
  first: AuditLogRow,
  forger: AuditKey | undefined | 'as-they-were',
): Promise<void> {
  const rewritten: AuditLogRow[] = [];
  let previousHash = (await allRows()).find((row) => row.position === first.position - 1)?.hash;
  for (const row of [first, ...rows.slice(1)]) {
    if (forger === 'as-they-were') {
      rewritten.push(rows.find((each) => each.position === row.position) ?? row);
      continue;
    }
    const entry = { ...entryOf(row), previousHash: previousHash ?? GENESIS_HASH };
    const hashVersion = forger ? 2 : 1;
    const hash = hashAuditEntry({ ...entry, hashVersion }, forger ?? auditKeyOf('-'.repeat(32)));
    rewritten.push({ ...row, previousHash: entry.previousHash, hashVersion, hash });
    previousHash = hash;
  }
  await db().transaction(async (tx) => {
    await tx.execute(sql.raw('alter table audit_log disable trigger audit_log_append_only'));
    for (const row of rewritten) {
      await tx.update(auditLog).set(row).where(eq(auditLog.position, row.position));
    }
    await tx.execute(sql.raw('alter table audit_log enable trigger audit_log_append_only'));
  });
}
