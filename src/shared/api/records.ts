import { z } from 'zod';
import { aiUseOutcomeSchema } from '../ai/use';
import {
  medicalRecordSchema,
  type AddendumCreateInput,
  type RecordCreateInput,
  type RecordStatus,
  type RecordUpdateInput,
} from '../records/medical-record';
import { endpoint, jsonBody, queryOf } from './client';

const recordAnswer = z.object({ record: medicalRecordSchema });

/** `/api/medical-records`: the doctor's prontuários (docs/api.md, "API de prontuários"). */
export const recordsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/medical-records',
    body: jsonBody<RecordCreateInput>(),
    answer: z.object({ recordId: z.string(), record: medicalRecordSchema }),
  }),
  /** Newest first, a page at a time (`lastEvaluatedKey` names the next one). */
  list: endpoint({
    method: 'GET',
    path: '/api/medical-records',
    query: queryOf<{ status?: RecordStatus; limit?: number; lastEvaluatedKey?: string }>(),
    answer: z.object({
      records: z.array(medicalRecordSchema),
      lastEvaluatedKey: z.string().optional(),
    }),
  }),
  get: endpoint({ method: 'GET', path: '/api/medical-records/:id', answer: recordAnswer }),
  /** Any subset of the parts (`null` unsets one); with `ifMatch`, 409 `record_changed` if newer. */
  update: endpoint({
    method: 'PUT',
    path: '/api/medical-records/:id',
    body: jsonBody<RecordUpdateInput>(),
    answer: recordAnswer,
  }),
  /** Only drafts go (409 `record_finalized`); with `ifMatch`, 409 `record_changed` if newer. */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/medical-records/:id',
    answer: z.object({ success: z.literal(true) }),
  }),
  /** A dated note on a finalised record (409 `record_not_finalized` on a draft). */
  addAddendum: endpoint({
    method: 'POST',
    path: '/api/medical-records/:id/addenda',
    body: jsonBody<AddendumCreateInput>(),
    answer: z.object({
      addendum: z.object({
        id: z.string(),
        author: z.string(),
        createdAt: z.string(),
        text: z.string(),
      }),
      record: medicalRecordSchema,
    }),
  }),
  /**
   * What the doctor did with an AI answer in an open visit (409 `record_finalized` once it is
   * finalised): docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026".
   */
  setAiUseOutcome: endpoint({
    method: 'PUT',
    path: '/api/medical-records/:id/ai-use/:useId',
    body: jsonBody<z.input<typeof aiUseOutcomeSchema>>(),
    answer: recordAnswer,
  }),
};
