import { beforeAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import type { MedicalRecord } from '@shared/records/medical-record';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let doctor: TestDoctorAccount;
let record: MedicalRecord;

beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url);
  const created = await doctor.browser.api.call(recordsApi.create, {
    body: { patientInfo: { name: 'Maria', age: 40 }, assessment: 'Avaliação original' },
  });
  record = created.record;
});

/** The stored record and the list size, to compare before and after a rejected request. */
async function snapshot() {
  const { api } = doctor.browser;
  const read = await api.call(recordsApi.get, { params: { id: record.id } });
  const list = await api.call(recordsApi.list, { query: { limit: 100 } });
  return { record: read.record, count: list.records.length };
}

const oversizedText = 'a'.repeat(20_001);
const tooManyItems = Array.from({ length: 101 }, (_, index) => `alergia ${index}`);

/** Bodies that must be refused with 400 and a Portuguese message naming the problem. */
const INVALID_BODIES: { name: string; body: unknown; message: RegExp }[] = [
  { name: 'age above 150', body: { patientInfo: { age: 151 } }, message: /Idade.*150/ },
  { name: 'negative age', body: { patientInfo: { age: -1 } }, message: /Idade/ },
  { name: 'age as text', body: { patientInfo: { age: 'quarenta' } }, message: /Idade.*número/ },
  { name: 'unknown gender', body: { patientInfo: { gender: 'm' } }, message: /Sexo.*masculino/ },
  { name: 'unknown intensity', body: { symptoms: { intensity: 'forte' } }, message: /Intensidade/ },
  { name: 'unknown step', body: { currentStep: 'diagnosis' }, message: /Etapa atual/ },
  { name: 'unknown status', body: { status: 'cancelado' }, message: /Status/ },
  {
    name: 'unknown top-level field',
    body: { diagnosis: 'x' },
    message: /não reconhecido: diagnosis/,
  },
  {
    name: 'unknown nested field',
    body: { patientInfo: { cpf: '1' } },
    message: /não reconhecido: cpf/,
  },
  { name: 'text over the cap', body: { assessment: oversizedText }, message: /20000 caracteres/ },
  {
    name: 'list over the cap',
    body: { patientInfo: { allergies: tooManyItems } },
    message: /100 itens/,
  },
  {
    name: 'medication without a name',
    body: { prescriptions: { medications: [{ dosage: '500mg' }] } },
    message: /Nome.*obrigatório/,
  },
  {
    name: 'repeated step',
    body: {
      steps: [
        { type: 'plan', completed: true },
        { type: 'plan', completed: false },
      ],
    },
    message: /Etapas/,
  },
  { name: 'an array instead of an object', body: [], message: /objeto/ },
  {
    name: 'a NUL in the assessment',
    body: { assessment: 'x\u0000y' },
    message: /caractere inválido em assessment\./,
  },
  {
    name: 'a NUL in a name',
    body: { patientInfo: { name: 'Ana\u0000' } },
    message: /caractere inválido em patientInfo\.name\./,
  },
];

describe('bad input on create changes nothing', () => {
  it.each(INVALID_BODIES)('$name → 400', async ({ body, message }) => {
    const before = await snapshot();
    const response = await doctor.browser.postJson('/api/medical-records', body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input on update changes nothing', () => {
  const put = (body: string, headers: Record<string, string> = {}) =>
    doctor.browser.fetch(`/api/medical-records/${record.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it.each(INVALID_BODIES)('$name → 400', async ({ body, message }) => {
    const before = await snapshot();
    const response = await put(JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('malformed JSON → 400', async () => {
    const before = await snapshot();
    const response = await put('{"assessment": "sem fim');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: 'invalid_json',
      error: 'JSON inválido no corpo da requisição.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a body over 1 MB → 413', async () => {
    const before = await snapshot();
    const response = await put(JSON.stringify({ assessment: 'a'.repeat(1024 * 1024 + 1) }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/1 MB/);
    expect(await snapshot()).toEqual(before);
  });

  it('a body over 1 MB sent in chunks without Content-Length → 413', async () => {
    const before = await snapshot();
    const chunk = new TextEncoder().encode('a'.repeat(256 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"plan":"'));
        if (sent < 5) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        }
        sent += 1;
      },
    });
    const response = await doctor.browser.fetch(`/api/medical-records/${record.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('a content type other than JSON → 415', async () => {
    const before = await snapshot();
    const response = await doctor.browser.fetch(`/api/medical-records/${record.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ plan: 'x' }),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toMatch(/application\/json/);
    expect(await snapshot()).toEqual(before);
  });

  it('an id in the body that is not the one in the path → 400', async () => {
    const before = await snapshot();
    const response = await put(JSON.stringify({ id: 'medical-record-outro', plan: 'x' }));
    expect(response.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('an If-Match that is not a version → 400', async () => {
    const before = await snapshot();
    const response = await put(JSON.stringify({ plan: 'x' }), { 'if-match': 'abc' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/If-Match/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad list queries', () => {
  it.each([
    ['limit=0', /Limite/],
    ['limit=101', /Limite.*100/],
    ['limit=abc', /Limite/],
    ['status=cancelado', /Status/],
    ['lastEvaluatedKey=nao-e-uma-chave', /paginação/],
    [
      'lastEvaluatedKey=' + Buffer.from('{"t":"ontem","id":"x"}').toString('base64url'),
      /paginação/,
    ],
    ['foo=bar', /não reconhecido: foo/],
  ])('%s → 400', async (query, message) => {
    const response = await doctor.browser.fetch(`/api/medical-records?${query}`);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(message);
  });

  it('refuses a paging key naming an impossible id', async () => {
    const key = Buffer.from(JSON.stringify({ t: new Date().toISOString(), id: 'a\u0000b' }));
    const response = await doctor.browser.fetch(
      `/api/medical-records?lastEvaluatedKey=${key.toString('base64url')}`,
    );
    expect(response.status).toBe(400);
  });

  it('answers 400 for an id holding a NUL, which no record could have', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await doctor.browser.fetch('/api/medical-records/abc%00def', { method });
      expect(response.status).toBe(400);
    }
    const before = await snapshot();
    const put = await doctor.browser.fetch('/api/medical-records/abc%00def', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'x' }),
    });
    expect(put.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('defaults the page size to 20', async () => {
    const { api } = doctor.browser;
    for (let index = 0; index < 21; index += 1) {
      await api.call(recordsApi.create, { body: { patientInfo: { name: `Página ${index}` } } });
    }
    const page = await api.call(recordsApi.list);
    expect(page.records).toHaveLength(20);
    expect(typeof page.lastEvaluatedKey).toBe('string');
  });
});
