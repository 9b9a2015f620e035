import { beforeAll, describe, expect, it } from 'vitest';
import type { PrescriptionBatch } from '../../shared/prescription';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestBrowser } from '../testing/test-server';
import type { PresentedPrescription } from './presenter';
import { prescriptionsApi, type PrescriptionsApi } from './test-client';

// No lost update (issue 17): every write of a receita or lote that names the version it read
// (If-Match) is done only over that version; otherwise 409 with the current state, unchanged.

const fixture = useTestServer();

let api: PrescriptionsApi;
let browser: TestBrowser;
beforeAll(async () => {
  browser = (await signUpDoctor(fixture.server.url)).browser;
  api = prescriptionsApi(browser);
});

type Conflict = {
  success: false;
  error: string;
  code: string;
  prescription?: PresentedPrescription;
  batch?: PrescriptionBatch;
};

const prescriptionPath = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}`;
const batchPath = (id: string) => `/api/prescription-batches/${encodeURIComponent(id)}`;

/** A receita written once since it was read at version 1: a write naming 1 is stale. */
async function prescriptionChangedElsewhere(): Promise<PresentedPrescription> {
  const read = await api.newPrescription({ patientName: 'Maria Souza' });
  expect(read.version).toBe(1);
  const otherTab = await api.call('PUT', prescriptionPath(read.id), { diagnosis: 'Faringite' }, 1);
  expect(otherTab.status).toBe(200);
  return read;
}

async function batchChangedElsewhere(): Promise<PrescriptionBatch> {
  const read = await api.newBatch({ name: 'Manhã' });
  expect(read.version).toBe(1);
  const otherTab = await api.call('PUT', batchPath(read.id), { name: 'Tarde' }, 1);
  expect(otherTab.status).toBe(200);
  return read;
}

describe('receitas: versions and If-Match', () => {
  it('answers the version in the body and as ETag, raised by each write', async () => {
    const created = await api.createPrescription({
      patientName: 'Ana',
      patientAge: '30 anos',
      diagnosis: 'Gripe',
      date: '2026-03-01',
      medications: [],
    });
    expect(created.etag).toBe('"1"');
    if (!created.body.success) throw new Error(created.body.error);
    const { id } = created.body.prescription;
    const updated = await api.call<{ prescription: PresentedPrescription }>(
      'PUT',
      prescriptionPath(id),
      { notes: 'Repouso' },
      1,
    );
    expect(updated).toMatchObject({
      status: 200,
      etag: '"2"',
      body: { prescription: { version: 2 } },
    });
    const read = await api.getPrescription(id);
    expect(read.etag).toBe('"2"');
  });

  it.each([
    ['PUT', { notes: 'Tomar com água' }],
    ['PUT (finalise)', { isFinalized: true }],
    ['DELETE', undefined],
  ] as const)(
    'refuses a stale %s with 409 prescription_changed and the current receita',
    async (verb, body) => {
      const read = await prescriptionChangedElsewhere();
      const stale = await api.call<Conflict>(
        verb.startsWith('PUT') ? 'PUT' : 'DELETE',
        prescriptionPath(read.id),
        body,
        1,
      );
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ success: false, code: 'prescription_changed' });
      expect(stale.body.error).toContain('outra aba');
      expect(stale.body.prescription).toMatchObject({
        id: read.id,
        version: 2,
        diagnosis: 'Faringite',
        isFinalized: false,
      });
      const now = await api.getPrescription(read.id);
      expect(now.body).toEqual({ success: true, prescription: stale.body.prescription });
    },
  );

  it('lets exactly one of several writes naming the same version through', async () => {
    const read = await api.newPrescription();
    const answers = await Promise.all([
      api.call('PUT', prescriptionPath(read.id), { notes: 'Aba A' }, 1),
      api.call('PUT', prescriptionPath(read.id), { notes: 'Aba B' }, 1),
      api.call('PUT', prescriptionPath(read.id), { isFinalized: true }, 1),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });

  it('still takes a write without If-Match (last write wins, as for records)', async () => {
    const read = await prescriptionChangedElsewhere();
    expect((await api.updatePrescription(read.id, { notes: 'Sem versão' })).status).toBe(200);
    expect((await api.deletePrescription(read.id)).status).toBe(200);
  });

  it('answers 404 rather than 409 for a receita that is gone', async () => {
    const read = await api.newPrescription();
    expect((await api.deletePrescription(read.id)).status).toBe(200);
    const again = await api.call('DELETE', prescriptionPath(read.id), undefined, 1);
    expect(again.status).toBe(404);
  });

  it('refuses an If-Match that is not a version with 400, and changes nothing', async () => {
    const read = await api.newPrescription();
    const response = await browser.fetch(prescriptionPath(read.id), {
      method: 'DELETE',
      headers: { 'if-match': 'qualquer' },
    });
    expect(response.status).toBe(400);
    expect((await api.getPrescription(read.id)).status).toBe(200);
  });
});

describe('lotes: versions and If-Match', () => {
  it('answers the version in the body and as ETag', async () => {
    const created = await api.createBatch({ name: 'Lote A' });
    expect(created.etag).toBe('"1"');
    if (!created.body.success) throw new Error(created.body.error);
    expect(created.body.batch.version).toBe(1);
    const read = await api.getBatch(created.body.batch.id);
    expect(read.etag).toBe('"1"');
  });

  it.each([
    ['PUT', { name: 'Noite' }],
    ['PUT (finalise)', { isFinalized: true }],
    ['DELETE', undefined],
  ] as const)(
    'refuses a stale %s with 409 batch_changed and the current lote',
    async (verb, body) => {
      const read = await batchChangedElsewhere();
      const stale = await api.call<Conflict>(
        verb.startsWith('PUT') ? 'PUT' : 'DELETE',
        batchPath(read.id),
        body,
        1,
      );
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ success: false, code: 'batch_changed' });
      expect(stale.body.batch).toMatchObject({
        id: read.id,
        version: 2,
        name: 'Tarde',
        isFinalized: false,
      });
      const now = await api.getBatch(read.id);
      expect(now.body.success && now.body.batch).toEqual(stale.body.batch);
    },
  );

  it('refuses a stale addition of a receita with 409 batch_changed', async () => {
    const read = await batchChangedElsewhere();
    const prescription = await api.newPrescription();
    const stale = await api.call<Conflict>(
      'POST',
      `${batchPath(read.id)}/prescriptions`,
      { prescriptionId: prescription.id },
      1,
    );
    expect(stale).toMatchObject({ status: 409, body: { code: 'batch_changed' } });
    expect(stale.body.batch?.prescriptionIds).toEqual([]);
  });

  it('lets exactly one of several writes naming the same version through', async () => {
    const read = await api.newBatch({ name: 'Corrida' });
    const answers = await Promise.all([
      api.call('PUT', batchPath(read.id), { name: 'Aba A' }, 1),
      api.call('PUT', batchPath(read.id), { name: 'Aba B' }, 1),
      api.call('PUT', batchPath(read.id), { isFinalized: true }, 1),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
  });
});
