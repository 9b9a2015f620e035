import type { ApiErrorBody } from '../../shared/api-errors';
import type { PrescriptionBatch, PrescriptionCreateInput } from '../../shared/prescription';
import type { TestBrowser } from '../testing/test-server';
import type { PresentedPrescription } from './presenter';

/** Any answer of the API: the status and the parsed JSON body. */
export interface ApiAnswer<Body> {
  status: number;
  /** The `ETag` header; undefined when the answer has none (and then left out of `toEqual`). */
  etag: string | undefined;
  body: Body;
}

export type ErrorBody = ApiErrorBody;
type PrescriptionBody = { success: true; prescription: PresentedPrescription } | ErrorBody;
type BatchBody = { success: true; batch: PrescriptionBatch } | ErrorBody;

/** A valid prescription body, with `overrides` on top. */
export function prescriptionInput(
  overrides: Partial<PrescriptionCreateInput> = {},
): PrescriptionCreateInput {
  return {
    patientName: 'Maria Souza',
    patientAge: '45 anos',
    diagnosis: 'Amigdalite bacteriana',
    date: '2026-03-01',
    medications: [
      { name: 'Amoxicilina', dosage: '500 mg', frequency: 'de 8 em 8 horas', duration: '7 dias' },
    ],
    ...overrides,
  };
}

/**
 * The prescriptions and batches API as one doctor's browser tab calls it, for the suites of this
 * folder: each call answers the status and the parsed body.
 */
export function prescriptionsApi(browser: TestBrowser) {
  /** @param ifMatch - the version last read, sent as `If-Match` */
  const call = async <Body>(
    method: string,
    path: string,
    body?: unknown,
    ifMatch?: number,
  ): Promise<ApiAnswer<Body>> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (ifMatch !== undefined) headers['if-match'] = `"${ifMatch}"`;
    const response = await browser.fetch(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      etag: response.headers.get('etag') ?? undefined,
      body: (await response.json()) as Body,
    };
  };
  const query = (params: Record<string, string | number | boolean | undefined>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  type ListParams = { limit?: number; lastEvaluatedKey?: string; finalized?: boolean };

  return {
    call,
    createPrescription: (body: unknown) =>
      call<PrescriptionBody>('POST', '/api/prescriptions', body),
    listPrescriptions: (params: ListParams = {}) =>
      call<
        | {
            success: true;
            prescriptions: PresentedPrescription[];
            lastEvaluatedKey?: string;
          }
        | ErrorBody
      >('GET', `/api/prescriptions${query(params)}`),
    getPrescription: (id: string) =>
      call<PrescriptionBody>('GET', `/api/prescriptions/${encodeURIComponent(id)}`),
    updatePrescription: (id: string, body: unknown) =>
      call<PrescriptionBody>('PUT', `/api/prescriptions/${encodeURIComponent(id)}`, body),
    deletePrescription: (id: string) =>
      call<{ success: true } | ErrorBody>('DELETE', `/api/prescriptions/${encodeURIComponent(id)}`),
    createBatch: (body: unknown) => call<BatchBody>('POST', '/api/prescription-batches', body),
    listBatches: (params: ListParams = {}) =>
      call<{ success: true; batches: PrescriptionBatch[]; lastEvaluatedKey?: string } | ErrorBody>(
        'GET',
        `/api/prescription-batches${query(params)}`,
      ),
    getBatch: (id: string) =>
      call<
        | { success: true; batch: PrescriptionBatch; prescriptions: PresentedPrescription[] }
        | ErrorBody
      >('GET', `/api/prescription-batches/${encodeURIComponent(id)}`),
    updateBatch: (id: string, body: unknown) =>
      call<BatchBody>('PUT', `/api/prescription-batches/${encodeURIComponent(id)}`, body),
    addToBatch: (id: string, prescriptionId: string) =>
      call<BatchBody>('POST', `/api/prescription-batches/${encodeURIComponent(id)}/prescriptions`, {
        prescriptionId,
      }),
    deleteBatch: (id: string) =>
      call<{ success: true } | ErrorBody>(
        'DELETE',
        `/api/prescription-batches/${encodeURIComponent(id)}`,
      ),

    /** Creates a prescription, failing the test if the API refuses. */
    async newPrescription(
      overrides: Partial<PrescriptionCreateInput> = {},
    ): Promise<PresentedPrescription> {
      const answer = await call<PrescriptionBody>(
        'POST',
        '/api/prescriptions',
        prescriptionInput(overrides),
      );
      if (!answer.body.success) throw new Error(answer.body.error);
      return answer.body.prescription;
    },

    /** Creates a batch, failing the test if the API refuses. */
    async newBatch(body: Record<string, unknown> = {}): Promise<PrescriptionBatch> {
      const answer = await call<BatchBody>('POST', '/api/prescription-batches', body);
      if (!answer.body.success) throw new Error(answer.body.error);
      return answer.body.batch;
    },
  };
}

export type PrescriptionsApi = ReturnType<typeof prescriptionsApi>;
