import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import {
  prescriptionsApi,
  type PrescriptionUpdateInput,
  type PresentedPrescription,
} from '@shared/api/prescriptions';
import { outcomesOf, refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestBrowser } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';
import { newPrescription, prescriptionPath } from './test-fixtures';

// No lost update (docs/api.md, "Versões e `If-Match` (nenhuma alteração perdida)"): every write of a receita that names the version it read
// (If-Match) is done only over that version; otherwise 409 with the current state, unchanged.

const fixture = useTestServer();

let browser: TestBrowser;
let api: ApiClient;
beforeAll(async () => {
  browser = (await signUpDoctor(fixture.server.url)).browser;
  api = browser.api;
});

/** The body of a 409 answer: the current receita, as the server holds it now. */
type Conflict = {
  success: false;
  error: string;
  code: string;
  prescription?: PresentedPrescription;
};

/** An update of the receita `id` based on version 1 (`If-Match: "1"`). */
function updateOverVersion1(id: string, body: PrescriptionUpdateInput) {
  return api.call(prescriptionsApi.update, { params: { id }, body, ifMatch: 1 });
}

/** A receita written once since it was read at version 1: a write naming 1 is stale. */
async function prescriptionChangedElsewhere(): Promise<PresentedPrescription> {
  const read = await newPrescription(api, { patientName: 'Maria Souza' });
  expect(read.version).toBe(1);
  await updateOverVersion1(read.id, { diagnosis: 'Faringite' });
  return read;
}

describe('receitas: versions and If-Match', () => {
  it('answers the version in the body and as ETag, raised by each write', async () => {
    // On the wire: the ETag is no part of what the typed client answers.
    const created = await fetchAnswer(browser, 'POST', '/api/prescriptions', {
      json: {
        patientName: 'Ana',
        patientAge: '30 anos',
        diagnosis: 'Gripe',
        date: '2026-03-01',
        medications: [],
      },
    });
    expect(created).toMatchObject({ etag: '"1"', body: { success: true } });
    const { id } = prescriptionsApi.create.readAnswer(created.body, new Headers()).prescription;
    const updated = await fetchAnswer(browser, 'PUT', prescriptionPath(id), {
      json: { notes: 'Repouso' },
      ifMatch: 1,
    });
    expect(updated).toMatchObject({
      status: 200,
      etag: '"2"',
      body: { prescription: { version: 2 } },
    });
    const read = await fetchAnswer(browser, 'GET', prescriptionPath(id));
    expect(read.etag).toBe('"2"');
  });

  it.each([
    ['PUT', (id: string) => updateOverVersion1(id, { notes: 'Tomar com água' })],
    ['PUT (finalise)', (id: string) => updateOverVersion1(id, { isFinalized: true })],
    ['DELETE', (id: string) => api.call(prescriptionsApi.remove, { params: { id }, ifMatch: 1 })],
  ] as const)(
    'refuses a stale %s with 409 prescription_changed and the current receita',
    async (_verb, writeStale) => {
      const read = await prescriptionChangedElsewhere();
      const stale = await refusalOf(writeStale(read.id));
      expect(stale).toMatchObject({ status: 409, code: 'prescription_changed' });
      const conflict = stale.body as Conflict;
      expect(conflict).toMatchObject({ success: false, code: 'prescription_changed' });
      expect(conflict.error).toContain('outra aba');
      expect(conflict.prescription).toMatchObject({
        id: read.id,
        version: 2,
        diagnosis: 'Faringite',
        isFinalized: false,
      });
      // Exactly the receita a read answers now, as the wire carries both.
      const now = await fetchAnswer(browser, 'GET', prescriptionPath(read.id));
      expect(now.body).toEqual({ success: true, prescription: conflict.prescription });
    },
  );

  it('lets exactly one of several writes naming the same version through', async () => {
    const read = await newPrescription(api);
    const { answers, refusals } = await outcomesOf([
      updateOverVersion1(read.id, { notes: 'Aba A' }),
      updateOverVersion1(read.id, { notes: 'Aba B' }),
      updateOverVersion1(read.id, { isFinalized: true }),
    ]);
    expect(answers).toHaveLength(1);
    expect(refusals.map((refusal) => refusal.status)).toEqual([409, 409]);
  });

  it('still takes a write without If-Match (last write wins, as for records)', async () => {
    const read = await prescriptionChangedElsewhere();
    const params = { id: read.id };
    await api.call(prescriptionsApi.update, { params, body: { notes: 'Sem versão' } });
    expect(await api.call(prescriptionsApi.remove, { params })).toEqual({ success: true });
  });

  it('answers 404 rather than 409 for a receita that is gone', async () => {
    const read = await newPrescription(api);
    const params = { id: read.id };
    await api.call(prescriptionsApi.remove, { params });
    const again = api.call(prescriptionsApi.remove, { params, ifMatch: 1 });
    await expect(again).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses an If-Match that is not a version with 400, and changes nothing', async () => {
    const read = await newPrescription(api);
    const response = await browser.fetch(prescriptionPath(read.id), {
      method: 'DELETE',
      headers: { 'if-match': 'qualquer' },
    });
    expect(response.status).toBe(400);
    const still = await api.call(prescriptionsApi.get, { params: { id: read.id } });
    expect(still.prescription).toEqual(read);
  });
});
