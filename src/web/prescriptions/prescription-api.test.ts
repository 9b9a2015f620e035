import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CONNECTION_ERROR } from '../api-request';
import { browserPrescriptionBackend } from './prescription-api';

const PRESCRIPTION = {
  id: 'prescription-1',
  patientName: 'Maria Silva',
  patientAge: '45',
  diagnosis: '',
  medications: [
    {
      name: 'Carbamazepina',
      dosage: '200mg',
      genericAllowed: true,
      priority: 'normal',
      control: { list: 'C1', document: 'Receituário de Controle Especial', copies: ['1ª via'] },
    },
  ],
  notes: '',
  date: '2026-03-10',
  doctorName: 'Dra. Ana Souza',
  doctorCRM: 'CRM/SP 123456',
  isFinalized: false,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
};

/** Answers every fetch with `body` and `status`, recording what was asked. */
function answerWith(status: number, body: unknown) {
  const fetch = vi.fn((_path: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The JSON a request sent. */
function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('browserPrescriptionBackend', () => {
  it('creates with a JSON POST and keeps the control mark of the answer', async () => {
    const fetch = answerWith(201, { success: true, prescription: PRESCRIPTION });
    const created = await browserPrescriptionBackend.createPrescription({
      patientName: 'Maria Silva',
      date: '2026-03-10',
    });
    expect(created.medications[0]?.control?.document).toBe('Receituário de Controle Especial');
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/prescriptions');
    expect(init?.method).toBe('POST');
    expect(bodyOf(init)).toEqual({
      patientName: 'Maria Silva',
      date: '2026-03-10',
    });
  });

  it('lists with the paging query', async () => {
    const fetch = answerWith(200, {
      success: true,
      batches: [],
      lastEvaluatedKey: 'next',
    });
    const page = await browserPrescriptionBackend.listBatches({
      limit: 100,
      lastEvaluatedKey: 'k',
    });
    expect(page).toEqual({ batches: [], lastEvaluatedKey: 'next' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/prescription-batches?limit=100&lastEvaluatedKey=k');
  });

  it("adds to a batch by id and passes on the server's refusal with its status", async () => {
    const fetch = answerWith(409, { success: false, error: 'Este lote já foi finalizado.' });
    await browserPrescriptionBackend.addToBatch('batch-1', 'prescription-1').then(
      () => expect.unreachable(),
      (error: unknown) => {
        expect(error).toBeInstanceOf(ApiError);
        expect(error instanceof ApiError && [error.message, error.status]).toEqual([
          'Este lote já foi finalizado.',
          409,
        ]);
      },
    );
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/prescription-batches/batch-1/prescriptions');
    expect(bodyOf(init)).toEqual({ prescriptionId: 'prescription-1' });
  });

  it('fails without a status when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await browserPrescriptionBackend.deletePrescription('prescription-1').then(
      () => expect.unreachable(),
      (error: unknown) => {
        expect(error).toBeInstanceOf(ApiError);
        expect(error instanceof ApiError && error.status).toBeUndefined();
        expect(error instanceof Error && error.message).toBe(CONNECTION_ERROR);
      },
    );
  });

  it('refuses an answer of an unexpected shape with a plain error', async () => {
    answerWith(200, { success: true, prescription: { id: 3 } });
    await browserPrescriptionBackend.getPrescription('prescription-1').then(
      () => expect.unreachable(),
      (error: unknown) => {
        expect(error).not.toBeInstanceOf(ApiError);
        expect(error instanceof Error && error.message).toBe('Resposta inesperada do servidor.');
      },
    );
  });
});
