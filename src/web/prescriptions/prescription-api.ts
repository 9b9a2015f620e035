import { z } from 'zod';
import {
  batchUpdateSchema,
  prescriptionBatchSchema,
  prescriptionMedicationSchema,
  prescriptionSchema,
  prescriptionUpdateSchema,
  type BatchCreateInput,
  type PrescriptionBatch,
  type PrescriptionCreateInput,
} from '../../shared/prescription';
import { ifMatchHeaders, requestJson } from '../api-request';

/**
 * The prescriptions API from the browser (`/api/prescriptions`, `/api/prescription-batches`):
 * every answer checked against the shared schemas. Failures are `ApiError`s: without a
 * status when the server could not be reached, with the server's Portuguese message otherwise.
 */

/**
 * The special-control document the server marks a medicine with (Portaria SVS/MS 344/98,
 * RDC 471/2021). The browser does not load the clinical tables: it keeps the mark as answered.
 */
export const medicationControlSchema = z.object({
  list: z.string(),
  document: z.string(),
  /** The labelled copies to print; empty for an official numbered form Prontu cannot print. */
  copies: z.array(z.string()),
  /** An official form that must go with the printed receita (B1: the Notificação de Receita B). */
  alsoRequires: z.string().optional(),
});
export type MedicationControl = z.output<typeof medicationControlSchema>;

/** A medicine as the API answers it; unknown fields are dropped rather than refused. */
export const presentedMedicationSchema = z.object({
  ...prescriptionMedicationSchema.shape,
  control: medicationControlSchema.optional(),
});
export type PresentedMedication = z.output<typeof presentedMedicationSchema>;

/** A prescription as the API answers it and the browser caches it. */
export const presentedPrescriptionSchema = prescriptionSchema.extend({
  medications: z.array(presentedMedicationSchema),
});
export type PresentedPrescription = z.output<typeof presentedPrescriptionSchema>;

export type PrescriptionUpdateInput = z.input<typeof prescriptionUpdateSchema>;
export type BatchUpdateInput = z.input<typeof batchUpdateSchema>;

/** A page of a list, newest first; `lastEvaluatedKey` asks for the next one. */
export interface ListPage {
  limit?: number;
  lastEvaluatedKey?: string;
}

/** The server calls the prescription store makes; a fake one in unit tests. */
export interface PrescriptionBackend {
  createPrescription(input: PrescriptionCreateInput): Promise<PresentedPrescription>;
  listPrescriptions(
    page?: ListPage,
  ): Promise<{ prescriptions: PresentedPrescription[]; lastEvaluatedKey?: string }>;
  getPrescription(id: string): Promise<PresentedPrescription>;
  /**
   * @param version - the version the update is based on (If-Match); a newer one on the server
   *   fails with status 409, code `prescription_changed` and the current receita
   */
  updatePrescription(
    id: string,
    update: PrescriptionUpdateInput,
    version?: number,
  ): Promise<PresentedPrescription>;
  deletePrescription(id: string, version?: number): Promise<void>;
  createBatch(input: BatchCreateInput): Promise<PrescriptionBatch>;
  listBatches(
    page?: ListPage,
  ): Promise<{ batches: PrescriptionBatch[]; lastEvaluatedKey?: string }>;
  getBatch(
    id: string,
  ): Promise<{ batch: PrescriptionBatch; prescriptions: PresentedPrescription[] }>;
  /** @param version - as for `updatePrescription` (409 code `batch_changed`, current lote) */
  updateBatch(id: string, update: BatchUpdateInput, version?: number): Promise<PrescriptionBatch>;
  /** Fails with status 409 when the batch is finalised, changed, or already holds it. */
  addToBatch(batchId: string, prescriptionId: string, version?: number): Promise<PrescriptionBatch>;
  deleteBatch(id: string, version?: number): Promise<void>;
}

const UNEXPECTED_ANSWER = 'Resposta inesperada do servidor.';

const prescriptionAnswer = z.object({ prescription: presentedPrescriptionSchema });
const prescriptionListAnswer = z.object({
  prescriptions: z.array(presentedPrescriptionSchema),
  lastEvaluatedKey: z.string().optional(),
});
const batchAnswer = z.object({ batch: prescriptionBatchSchema });
const batchListAnswer = z.object({
  batches: z.array(prescriptionBatchSchema),
  lastEvaluatedKey: z.string().optional(),
});
const batchWithPrescriptionsAnswer = z.object({
  batch: prescriptionBatchSchema,
  prescriptions: z.array(presentedPrescriptionSchema),
});

/**
 * The answer in the expected shape. An answer of another shape is not an `ApiError` (the
 * server did answer): the store takes it as a refusal.
 */
function answerOf<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(UNEXPECTED_ANSWER);
  return parsed.data;
}

function listQuery(page: ListPage): string {
  const params = new URLSearchParams();
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  if (page.lastEvaluatedKey) params.set('lastEvaluatedKey', page.lastEvaluatedKey);
  const query = params.toString();
  return query ? `?${query}` : '';
}

const PRESCRIPTIONS = '/api/prescriptions';
const BATCHES = '/api/prescription-batches';

/** A write; with the version it is based on, sent as If-Match. */
const send = (method: 'POST' | 'PUT', body: unknown, version?: number): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: ifMatchHeaders(version),
});

/** The API over the browser's `fetch`, same origin and the session cookie. */
export const browserPrescriptionBackend: PrescriptionBackend = {
  createPrescription: async (input) =>
    answerOf(prescriptionAnswer, await requestJson(PRESCRIPTIONS, send('POST', input)))
      .prescription,
  listPrescriptions: async (page = {}) =>
    answerOf(prescriptionListAnswer, await requestJson(`${PRESCRIPTIONS}${listQuery(page)}`)),
  getPrescription: async (id) =>
    answerOf(prescriptionAnswer, await requestJson(`${PRESCRIPTIONS}/${encodeURIComponent(id)}`))
      .prescription,
  updatePrescription: async (id, update, version) =>
    answerOf(
      prescriptionAnswer,
      await requestJson(`${PRESCRIPTIONS}/${encodeURIComponent(id)}`, send('PUT', update, version)),
    ).prescription,
  deletePrescription: async (id, version) => {
    await requestJson(`${PRESCRIPTIONS}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: ifMatchHeaders(version),
    });
  },
  createBatch: async (input) =>
    answerOf(batchAnswer, await requestJson(BATCHES, send('POST', input))).batch,
  listBatches: async (page = {}) =>
    answerOf(batchListAnswer, await requestJson(`${BATCHES}${listQuery(page)}`)),
  getBatch: async (id) =>
    answerOf(
      batchWithPrescriptionsAnswer,
      await requestJson(`${BATCHES}/${encodeURIComponent(id)}`),
    ),
  updateBatch: async (id, update, version) =>
    answerOf(
      batchAnswer,
      await requestJson(`${BATCHES}/${encodeURIComponent(id)}`, send('PUT', update, version)),
    ).batch,
  addToBatch: async (batchId, prescriptionId, version) =>
    answerOf(
      batchAnswer,
      await requestJson(
        `${BATCHES}/${encodeURIComponent(batchId)}/prescriptions`,
        send('POST', { prescriptionId }, version),
      ),
    ).batch,
  deleteBatch: async (id, version) => {
    await requestJson(`${BATCHES}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: ifMatchHeaders(version),
    });
  },
};
