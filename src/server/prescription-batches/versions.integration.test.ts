import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { batchesApi, type BatchUpdateInput } from '@shared/api/prescription-batches';
import type { PrescriptionBatch } from '@shared/prescriptions/prescription';
import { outcomesOf, refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestBrowser } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';
import { batchPath, newBatch, newPrescription } from '../prescriptions/test-fixtures';

// No lost update (docs/api.md, "Versões e `If-Match` (nenhuma alteração perdida)"): every write of a lote that names the version it read
// (If-Match) is done only over that version; otherwise 409 with the current state, unchanged.

const fixture = useTestServer();

let browser: TestBrowser;
let api: ApiClient;
beforeAll(async () => {
  browser = (await signUpDoctor(fixture.server.url)).browser;
  api = browser.api;
});

/** The body of a 409 answer: the current lote, as the server holds it now. */
type Conflict = {
  success: false;
  error: string;
  code: string;
  batch?: PrescriptionBatch;
};

/** An update of the lote `id` based on version 1 (`If-Match: "1"`). */
function updateBatchOverVersion1(id: string, body: BatchUpdateInput) {
  return api.call(batchesApi.update, { params: { id }, body, ifMatch: 1 });
}

async function batchChangedElsewhere(): Promise<PrescriptionBatch> {
  const read = await newBatch(api, { name: 'Manhã' });
  expect(read.version).toBe(1);
  await updateBatchOverVersion1(read.id, { name: 'Tarde' });
  return read;
}

describe('lotes: versions and If-Match', () => {
  it('answers the version in the body and as ETag', async () => {
    const created = await fetchAnswer(browser, 'POST', '/api/prescription-batches', {
      json: { name: 'Lote A' },
    });
    expect(created).toMatchObject({ etag: '"1"', body: { batch: { version: 1 } } });
    const { id } = batchesApi.create.readAnswer(created.body, new Headers()).batch;
    const read = await fetchAnswer(browser, 'GET', batchPath(id));
    expect(read.etag).toBe('"1"');
  });

  it.each([
    ['PUT', (id: string) => updateBatchOverVersion1(id, { name: 'Noite' })],
    ['PUT (finalise)', (id: string) => updateBatchOverVersion1(id, { isFinalized: true })],
    ['DELETE', (id: string) => api.call(batchesApi.remove, { params: { id }, ifMatch: 1 })],
  ] as const)(
    'refuses a stale %s with 409 batch_changed and the current lote',
    async (_verb, writeStale) => {
      const read = await batchChangedElsewhere();
      const stale = await refusalOf(writeStale(read.id));
      expect(stale).toMatchObject({ status: 409, code: 'batch_changed' });
      const conflict = stale.body as Conflict;
      expect(conflict).toMatchObject({ success: false, code: 'batch_changed' });
      expect(conflict.batch).toMatchObject({
        id: read.id,
        version: 2,
        name: 'Tarde',
        isFinalized: false,
      });
      const now = await fetchAnswer(browser, 'GET', batchPath(read.id));
      expect(now.body).toMatchObject({ success: true });
      expect((now.body as { batch: unknown }).batch).toEqual(conflict.batch);
    },
  );

  it('refuses a stale addition of a receita with 409 batch_changed', async () => {
    const read = await batchChangedElsewhere();
    const prescription = await newPrescription(api);
    const stale = await refusalOf(
      api.call(batchesApi.addPrescription, {
        params: { id: read.id },
        body: { prescriptionId: prescription.id },
        ifMatch: 1,
      }),
    );
    expect(stale).toMatchObject({
      status: 409,
      code: 'batch_changed',
      body: { code: 'batch_changed' },
    });
    expect((stale.body as Conflict).batch?.prescriptionIds).toEqual([]);
  });

  it('lets exactly one of several writes naming the same version through', async () => {
    const read = await newBatch(api, { name: 'Corrida' });
    const { answers, refusals } = await outcomesOf([
      updateBatchOverVersion1(read.id, { name: 'Aba A' }),
      updateBatchOverVersion1(read.id, { name: 'Aba B' }),
      updateBatchOverVersion1(read.id, { isFinalized: true }),
    ]);
    expect(answers).toHaveLength(1);
    expect(refusals.map((refusal) => refusal.status)).toEqual([409, 409]);
  });
});
