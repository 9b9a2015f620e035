import { beforeAll, describe, expect, it } from 'vitest';
import { prescriptionsApi, type PresentedPrescription } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import type { PrescriptionBatch } from '@shared/prescriptions/prescription';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestBrowser } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';
import {
  batchPath,
  newBatch,
  newPrescription,
  prescriptionInput,
  prescriptionPath,
} from './test-fixtures';

// Bodies, queries and ids the typed client would never send, each refused with an exact answer:
// these go over the wire as written (fetchAnswer); what is stored is read with the typed client.

const fixture = useTestServer();

let browser: TestBrowser;
let prescription: PresentedPrescription;
let batch: PrescriptionBatch;

beforeAll(async () => {
  browser = (await signUpDoctor(fixture.server.url)).browser;
  prescription = await newPrescription(browser.api);
  batch = await newBatch(browser.api, { name: 'Manhã', prescriptionIds: [prescription.id] });
});

/** Everything the doctor has stored, to compare before and after a refused request. */
async function snapshot() {
  const query = { limit: 100 };
  const prescriptions = await browser.api.call(prescriptionsApi.list, { query });
  const batches = await browser.api.call(batchesApi.list, { query });
  return { prescriptions: prescriptions.prescriptions, batches: batches.batches };
}

const firstMedication = (fields: Record<string, unknown>) => [{ name: 'Dipirona', ...fields }];

/** Fields a prescription create or update must refuse, with the Portuguese message expected. */
const INVALID_PRESCRIPTION_FIELDS: { name: string; fields: unknown; error: string }[] = [
  {
    name: 'blank patient name',
    fields: { patientName: '   ' },
    error: 'Nome do paciente (patientName): não pode ficar vazio',
  },
  {
    name: 'age too long',
    fields: { patientAge: '4'.repeat(21) },
    error: 'Idade do paciente (patientAge): deve ter no máximo 20 caracteres',
  },
  {
    name: 'date not ISO',
    fields: { date: '01/03/2026' },
    error: 'Data da receita (date): Data da receita inválida: use AAAA-MM-DD.',
  },
  {
    name: 'medications not a list',
    fields: { medications: 'amoxicilina' },
    error: 'Medicamentos (medications): deve ser lista',
  },
  {
    name: 'medicine without a name',
    fields: { medications: [{ dosage: '500 mg' }] },
    error: 'Nome (medications.0.name): é obrigatório',
  },
  {
    name: 'unknown route',
    fields: { medications: firstMedication({ route: 'venosa' }) },
    error:
      'Via de administração (medications.0.route): valor inválido; use um destes: oral, topica, injetavel, inalatoria, oftalmica, nasal, retal, vaginal, sublingual, otologica',
  },
  {
    name: 'unknown priority',
    fields: { medications: firstMedication({ priority: 'alta' }) },
    error: 'Prioridade (medications.0.priority): valor inválido; use um destes: normal, urgente',
  },
  {
    name: 'generic allowed as text',
    fields: { medications: firstMedication({ genericAllowed: 'sim' }) },
    error: 'Permitir genérico (medications.0.genericAllowed): deve ser verdadeiro ou falso',
  },
  {
    name: 'quantity as a number',
    fields: { medications: firstMedication({ quantity: 30 }) },
    error: 'Quantidade (medications.0.quantity): deve ser texto',
  },
  {
    name: 'too many medicines',
    fields: { medications: Array.from({ length: 51 }, (_, index) => ({ name: `M${index}` })) },
    error: 'Medicamentos (medications): deve ter no máximo 50 itens',
  },
  {
    name: 'CRM as a number',
    fields: { doctorCRM: 123456 },
    error: 'CRM (doctorCRM): deve ser texto',
  },
  {
    name: 'isFinalized as text',
    fields: { isFinalized: 'sim' },
    error: 'Finalização (isFinalized): deve ser verdadeiro ou falso',
  },
  {
    name: 'unknown field',
    fields: { cpf: '123' },
    error: 'Dados enviados: campo não reconhecido: cpf',
  },
];

describe('bad prescription input changes nothing', () => {
  it.each(INVALID_PRESCRIPTION_FIELDS)('create: $name → 400', async ({ fields, error }) => {
    const before = await snapshot();
    const answer = await fetchAnswer(browser, 'POST', '/api/prescriptions', {
      json: { ...prescriptionInput(), ...(fields as object) },
    });
    expect(answer).toEqual({ status: 400, body: { success: false, code: 'validation', error } });
    expect(await snapshot()).toEqual(before);
  });

  it.each(INVALID_PRESCRIPTION_FIELDS)('update: $name → 400', async ({ fields, error }) => {
    const before = await snapshot();
    const answer = await fetchAnswer(browser, 'PUT', prescriptionPath(prescription.id), {
      json: fields,
    });
    expect(answer).toEqual({ status: 400, body: { success: false, code: 'validation', error } });
    expect(await snapshot()).toEqual(before);
  });

  it('NUL in the notes → 400 naming the field (refused by the JSON reader itself)', async () => {
    const before = await snapshot();
    const answer = await fetchAnswer(browser, 'POST', '/api/prescriptions', {
      json: { ...prescriptionInput(), notes: 'a\u0000b' },
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Texto com caractere inválido em notes.',
        code: 'invalid_text',
        field: 'notes',
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('create without the required fields → 400 naming the first', async () => {
    const answer = await fetchAnswer(browser, 'POST', '/api/prescriptions', {
      json: { date: '2026-03-01' },
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        success: false,
        code: 'validation',
        error: 'Nome do paciente (patientName): é obrigatório',
      },
    });
  });

  it('malformed JSON → 400, a body that is not JSON → 415', async () => {
    const before = await snapshot();
    const malformed = await browser.fetch('/api/prescriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"patientName": "sem fim',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      success: false,
      code: 'invalid_json',
      error: 'JSON inválido no corpo da requisição.',
    });
    expect((await fetchAnswer(browser, 'POST', '/api/prescriptions')).status).toBe(415);
    expect(await snapshot()).toEqual(before);
  });
});

/** Fields a batch create or update must refuse. */
const INVALID_BATCH_FIELDS: { name: string; fields: unknown; error: string }[] = [
  { name: 'blank name', fields: { name: ' ' }, error: 'Nome (name): não pode ficar vazio' },
  {
    name: 'ids not a list',
    fields: { prescriptionIds: 'prescription-1' },
    error: 'Receitas do lote (prescriptionIds): deve ser lista',
  },
  {
    name: 'the same id twice',
    fields: { prescriptionIds: ['prescription-1', 'prescription-1'] },
    error: 'Receitas do lote (prescriptionIds): Uma receita só pode entrar uma vez no lote.',
  },
  {
    name: 'too many ids',
    fields: { prescriptionIds: Array.from({ length: 101 }, (_, index) => `prescription-${index}`) },
    error: 'Receitas do lote (prescriptionIds): deve ter no máximo 100 itens',
  },
  {
    name: 'isFinalized as text',
    fields: { isFinalized: 'não' },
    error: 'Finalização (isFinalized): deve ser verdadeiro ou falso',
  },
  {
    name: 'unknown field',
    fields: { prescriptions: [] },
    error: 'Dados enviados: campo não reconhecido: prescriptions',
  },
];

describe('bad batch input changes nothing', () => {
  it.each(INVALID_BATCH_FIELDS)('create: $name → 400', async ({ fields, error }) => {
    const before = await snapshot();
    expect(
      await fetchAnswer(browser, 'POST', '/api/prescription-batches', { json: fields }),
    ).toEqual({
      status: 400,
      body: { success: false, code: 'validation', error },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each(INVALID_BATCH_FIELDS)('update: $name → 400', async ({ fields, error }) => {
    const before = await snapshot();
    expect(await fetchAnswer(browser, 'PUT', batchPath(batch.id), { json: fields })).toEqual({
      status: 400,
      body: { success: false, code: 'validation', error },
    });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{}, 'Receita (prescriptionId): é obrigatório'],
    [{ prescriptionId: '' }, 'Receita (prescriptionId): não pode ficar vazio'],
  ])('add %j → 400', async (body, error) => {
    const before = await snapshot();
    const answer = await fetchAnswer(browser, 'POST', `${batchPath(batch.id)}/prescriptions`, {
      json: body,
    });
    expect(answer).toEqual({ status: 400, body: { success: false, code: 'validation', error } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad list queries', () => {
  it.each([
    ['limit=0', 'Limite (limit): deve ser no mínimo 1'],
    ['limit=101', 'Limite (limit): deve ser no máximo 100'],
    [
      'finalized=sim',
      'Filtro de finalização (finalized): valor inválido; use um destes: true, false',
    ],
    ['lastEvaluatedKey=nao-e-uma-chave', 'Chave de paginação (lastEvaluatedKey) inválida.'],
    ['foo=bar', 'Dados enviados: campo não reconhecido: foo'],
  ])('%s → 400', async (query, error) => {
    for (const path of ['/api/prescriptions', '/api/prescription-batches']) {
      const answer = await fetchAnswer(browser, 'GET', `${path}?${query}`);
      expect(answer, path).toEqual({
        status: 400,
        body: { success: false, code: 'validation', error },
      });
    }
  });
});

describe('ids no prescription or batch could have', () => {
  it('answer 400 to an id holding a NUL and change nothing', async () => {
    const before = await snapshot();
    const impossible = 'abc%00def';
    for (const method of ['GET', 'DELETE'] as const) {
      for (const path of [
        `/api/prescriptions/${impossible}`,
        `/api/prescription-batches/${impossible}`,
      ]) {
        expect((await fetchAnswer(browser, method, path)).status, `${method} ${path}`).toBe(400);
      }
    }
    const put = await fetchAnswer(browser, 'PUT', `/api/prescriptions/${impossible}`, {
      json: { notes: 'x' },
    });
    expect(put.status).toBe(400);
    const add = await fetchAnswer(
      browser,
      'POST',
      `/api/prescription-batches/${impossible}/prescriptions`,
      { json: { prescriptionId: prescription.id } },
    );
    expect(add.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
