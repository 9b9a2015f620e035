import { z } from 'zod';
import { clinicalDocumentSchema, type DocumentBody } from '../documents/clinical-document';
import { signingCertificateSchema, type SignRequest } from '../documents/signing-certificate';
import { endpoint, formBody, jsonBody, queryOf } from './client';

const documentAnswer = z.object({ document: clinicalDocumentSchema });

/** A new document's body as sent: its kind and content, its patient, and its visit if any. */
export type DocumentWrite = DocumentBody & { patientId: string; recordId?: string };

/** `/api/documents`: the doctor's clinical documents (docs/api.md, "API de documentos"). */
export const documentsApi = {
  /** A new draft (201). */
  create: endpoint({
    method: 'POST',
    path: '/api/documents',
    body: jsonBody<DocumentWrite>(),
    answer: documentAnswer,
  }),
  /** A patient's documents, newest first, a page at a time (`nextCursor` names the next). */
  list: endpoint({
    method: 'GET',
    path: '/api/documents',
    query: queryOf<{ patientId: string; limit?: number; cursor?: string }>(),
    answer: z.object({
      documents: z.array(clinicalDocumentSchema),
      nextCursor: z.string().optional(),
    }),
  }),
  get: endpoint({ method: 'GET', path: '/api/documents/:id', answer: documentAnswer }),
  /** A draft's new content; 409 `document_issued` once issued, `document_changed` if newer. */
  update: endpoint({
    method: 'PUT',
    path: '/api/documents/:id',
    body: jsonBody<{ content: DocumentBody['content'] }>(),
    answer: documentAnswer,
  }),
  /** Deletes a draft; an issued document is cancelled instead (409 `document_issued`). */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/documents/:id',
    answer: z.object({ success: z.literal(true) }),
  }),
  /** Freezes a draft and gives it its validation address and code. */
  issue: endpoint({
    method: 'POST',
    path: '/api/documents/:id/issue',
    answer: documentAnswer,
  }),
  /** Signs with the doctor's certificate (issuing a draft first): status 'assinado'. */
  sign: endpoint({
    method: 'POST',
    path: '/api/documents/:id/sign',
    body: jsonBody<SignRequest>(),
    answer: documentAnswer,
  }),
  /**
   * The document's PDF (`file`, or a link the browser opens): a draft as it would be issued now,
   * an issued one as it was. The answer is its name.
   */
  pdf: endpoint({
    method: 'GET',
    path: '/api/documents/:id/pdf',
    answer: (_body, headers) =>
      /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'documento.pdf',
  }),
  /** Withdraws an issued document with a reason; it is kept, marked cancelled. */
  cancel: endpoint({
    method: 'POST',
    path: '/api/documents/:id/cancel',
    body: jsonBody<{ reason: string }>(),
    answer: documentAnswer,
  }),
};

/** `/api/signing-certificate`: the doctor's ICP-Brasil A1 certificate, never its secrets. */
export const signingCertificateApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/signing-certificate',
    answer: z.object({ certificate: signingCertificateSchema.nullable() }),
  }),
  /** Multipart `certificate` (the .pfx/.p12) and `password`; replaces any earlier one. */
  upload: endpoint({
    method: 'PUT',
    path: '/api/signing-certificate',
    body: formBody(),
    answer: z.object({ certificate: signingCertificateSchema }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/signing-certificate',
    answer: z.object({ success: z.literal(true) }),
  }),
};
