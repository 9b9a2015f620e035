import { useMutation } from '@tanstack/react-query';
import { prescriptionsApi } from '@shared/api/prescriptions';
import type { ReceitaPrintInput } from '@shared/prescriptions/prescription';
import { api } from './api';

/** Which receita PDF to fetch: a signed receita's file as signed, or the sheets of receitas. */
export type ReceitaPdfRequest = { storedId: string } | { input: ReceitaPrintInput };

/**
 * Fetches a receita PDF to save (the print dialog's 'Baixar PDF' when its preview has no current
 * file): the server's renderer draws it, a signed receita's is the file as signed. Its
 * `isPending` while it comes; it answers the file and the name to save it under.
 */
export function useReceitaPdfDownload() {
  return useMutation({
    mutationFn: async (request: ReceitaPdfRequest) => {
      const { blob, answer: fileName } =
        'storedId' in request
          ? await api.file(prescriptionsApi.storedPdf, { params: { id: request.storedId } })
          : await api.file(prescriptionsApi.pdf, { body: request.input });
      return { blob, fileName };
    },
  });
}
