import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from '@shared/api/errors';
import { ApiError } from '@shared/api/client';

const MAX_QUERY_RETRIES = 2;

/**
 * The app's one query cache (docs/product.md, "Dados e cache"): fresh for 300000 ms, no refetch
 * on focus, a read retried up to 2 times only when the failure may pass (no answer, the server
 * busy or down — never a 4xx, whose answer will not change). Writes go through the write queue
 * (`write-queue.ts`), which retries them itself, so mutations are never retried here. An action
 * runs when the doctor asks for it, whatever the browser believes of the network: a write the
 * server cannot take now is kept by the queue on this device, and a call that cannot reach the
 * server says so at once — never a button left waiting, nor a paused action lost to a reload.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 300_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < MAX_QUERY_RETRIES &&
        (!(error instanceof ApiError) || isRetryableError(error.code)),
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
