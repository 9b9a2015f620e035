import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsApi, type DocumentWrite } from '@shared/api/documents';
import type { ClinicalDocument } from '@shared/documents/clinical-document';
import { api } from './api';
import { patientKeys } from './patients';

/**
 * A patient's clinical documents (`/api/documents`; docs/documentos.md) in the browser. Like a patient's
 * changes, each write goes straight to the server with the version read and waits for its
 * answer: issuing and signing are acts the doctor sees done, never replayed later from a queue.
 * Every write refreshes her list and her chart's timeline.
 */

export const documentKeys = {
  all: ['documents'] as const,
  ofPatient: (patientId: string) => ['documents', 'patient', patientId] as const,
};

/** The patient's documents, newest first (the first page: a chart shows the recent ones). */
export function usePatientDocuments(patientId: string) {
  return useQuery({
    queryKey: documentKeys.ofPatient(patientId),
    queryFn: async ({ signal }) =>
      (await api.call(documentsApi.list, { query: { patientId, limit: 50 }, signal })).documents,
  });
}

/** Where a document's PDF is read: signed, the file as signed; a draft, as it would be issued. */
export const documentPdfUrl = (id: string) => api.url(documentsApi.pdf, { params: { id } });

/** The mutations of a patient's documents, each refreshing her list and timeline once done. */
export function useDocumentActions(patientId: string) {
  const cache = useQueryClient();
  const refresh = () =>
    Promise.all([
      cache.invalidateQueries({ queryKey: documentKeys.ofPatient(patientId) }),
      cache.invalidateQueries({ queryKey: patientKeys.timeline(patientId) }),
    ]);
  const settled = { onSettled: refresh };
  return {
    create: useMutation({
      mutationFn: async (body: DocumentWrite) =>
        (await api.call(documentsApi.create, { body })).document,
      ...settled,
    }),
    issue: useMutation({
      mutationFn: async (document: ClinicalDocument) =>
        (
          await api.call(documentsApi.issue, {
            params: { id: document.id },
            ifMatch: document.version,
          })
        ).document,
      ...settled,
    }),
    /**
     * Signs documents one after another with one typing of the password, which lives only in
     * this call. The first refusal (a wrong password, a document changed elsewhere) stops the
     * batch: the answer says which were signed and why the rest were not, so a retry signs only
     * what is left.
     */
    sign: useMutation({
      // Dropped from the cache once nothing watches it; the dialog resets it after each try.
      gcTime: 0,
      mutationFn: async (input: {
        documents: readonly ClinicalDocument[];
        password: string;
      }): Promise<{ signed: ClinicalDocument[]; failure?: unknown }> => {
        const signed: ClinicalDocument[] = [];
        for (const document of input.documents) {
          try {
            const answer = await api.call(documentsApi.sign, {
              params: { id: document.id },
              ifMatch: document.version,
              body: { password: input.password },
            });
            signed.push(answer.document);
          } catch (failure) {
            return { signed, failure };
          }
        }
        return { signed };
      },
      ...settled,
    }),
    cancel: useMutation({
      mutationFn: async (input: { document: ClinicalDocument; reason: string }) =>
        (
          await api.call(documentsApi.cancel, {
            params: { id: input.document.id },
            ifMatch: input.document.version,
            body: { reason: input.reason },
          })
        ).document,
      ...settled,
    }),
    remove: useMutation({
      mutationFn: async (document: ClinicalDocument) =>
        api.call(documentsApi.remove, {
          params: { id: document.id },
          ifMatch: document.version,
        }),
      ...settled,
    }),
  };
}
