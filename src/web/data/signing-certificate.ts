import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@shared/api/client';
import { signingCertificateApi } from '@shared/api/documents';
import {
  CERTIFICATE_FILE_FIELD,
  CERTIFICATE_PASSWORD_FIELD,
} from '@shared/documents/signing-certificate';
import { api } from './api';

/**
 * The doctor's ICP-Brasil A1 certificate (`/api/signing-certificate`) as Settings shows it: who
 * holds it, who issued it and until when it is valid, never its secrets. Read through the query
 * cache (not kept on the device); sending or removing one goes straight to the server, since a
 * certificate is of no use offline. Signing out clears it with the rest of the cache.
 */

export const signingCertificateKeys = {
  all: ['signing-certificate'] as const,
};

type CertificateAnswer = AnswerOf<typeof signingCertificateApi.get>;

/** The doctor's certificate: `{ certificate: null }` when she has sent none. */
export function useSigningCertificate() {
  return useQuery({
    queryKey: signingCertificateKeys.all,
    queryFn: ({ signal }) => api.call(signingCertificateApi.get, { signal }),
  });
}

/** What the doctor sends: the .pfx/.p12 file and the password it is encrypted with. */
export interface CertificateUpload {
  file: File;
  password: string;
}

/**
 * Sends a certificate, in place of any earlier one. The password is a mutation's variable only
 * while it is sent: the mutation is dropped from the cache as soon as nothing watches it
 * (`gcTime: 0`), so a caller that resets it once settled keeps the password nowhere.
 */
export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: ({ file, password }: CertificateUpload) => {
      const form = new FormData();
      form.set(CERTIFICATE_FILE_FIELD, file);
      form.set(CERTIFICATE_PASSWORD_FIELD, password);
      return api.call(signingCertificateApi.upload, { body: form });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<CertificateAnswer>(signingCertificateKeys.all, {
        certificate: answer.certificate,
      });
    },
  });
}

/** Removes the doctor's certificate: she must send it again to sign. */
export function useRemoveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(signingCertificateApi.remove),
    onSuccess: () => {
      queryClient.setQueryData<CertificateAnswer>(signingCertificateKeys.all, {
        certificate: null,
      });
    },
  });
}

/**
 * One try at signing a batch with the certificate's password: `sign` sends it (receitas,
 * documents, each through its own mutation), and this mutation's `isPending` is the try under
 * way. Like the upload, it is dropped from the cache once nothing watches it (`gcTime: 0`): a
 * caller that resets it after each try keeps the password nowhere.
 * @param sign - signs the items in order, stopping at the first refusal
 */
export function useSigningTry<Item, Outcome>(
  sign: (items: readonly Item[], password: string) => Promise<Outcome>,
) {
  return useMutation({
    gcTime: 0,
    mutationFn: (input: { items: readonly Item[]; password: string }) =>
      sign(input.items, input.password),
  });
}
