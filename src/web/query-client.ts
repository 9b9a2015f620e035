import { QueryClient } from '@tanstack/react-query';

const MAX_QUERY_RETRIES = 2;

/** Status of a failed request, when the error carries one (see api-request.ts). */
function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number(error.status)
    : undefined;
}

/**
 * Spec §9 data cache: fresh for 300000 ms, no refetch on focus, queries retried up to 2 times
 * except on a 4xx (the answer will not change), mutations never retried.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 300_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        const status = statusOf(error);
        if (status !== undefined && status >= 400 && status < 500) return false;
        return failureCount < MAX_QUERY_RETRIES;
      },
    },
    mutations: { retry: false },
  },
});
