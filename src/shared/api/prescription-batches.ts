import { z } from 'zod';
import {
  batchUpdateSchema,
  prescriptionBatchSchema,
  type BatchCreateInput,
} from '../prescriptions/prescription';
import { endpoint, jsonBody, queryOf } from './client';
import { presentedPrescriptionSchema, removed, type ListQuery } from './prescriptions';

export type BatchUpdateInput = z.input<typeof batchUpdateSchema>;

const batchAnswer = z.object({ batch: prescriptionBatchSchema });

/** `/api/prescription-batches`: the doctor's lotes, each holding its receitas' ids. */
export const batchesApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/prescription-batches',
    body: jsonBody<BatchCreateInput>(),
    answer: batchAnswer,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/prescription-batches',
    query: queryOf<ListQuery>(),
    answer: z.object({
      batches: z.array(prescriptionBatchSchema),
      lastEvaluatedKey: z.string().optional(),
    }),
  }),
  /** The lote and its receitas, in the lote's order. */
  get: endpoint({
    method: 'GET',
    path: '/api/prescription-batches/:id',
    answer: z.object({
      batch: prescriptionBatchSchema,
      prescriptions: z.array(presentedPrescriptionSchema),
    }),
  }),
  /** With `ifMatch`: 409 `batch_changed` and the current lote if it changed since. */
  update: endpoint({
    method: 'PUT',
    path: '/api/prescription-batches/:id',
    body: jsonBody<BatchUpdateInput>(),
    answer: batchAnswer,
  }),
  /** 409 when the lote is finalised (`batch_finalized`), changed, or holds it already. */
  addPrescription: endpoint({
    method: 'POST',
    path: '/api/prescription-batches/:id/prescriptions',
    body: jsonBody<{ prescriptionId: string }>(),
    answer: batchAnswer,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/prescription-batches/:id', answer: removed }),
};
