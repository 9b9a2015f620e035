import { useQuery } from '@tanstack/react-query';
import { healthApi } from '@shared/api/health';
import { api } from './api';

/**
 * What the server says of itself to a signed-in doctor (`GET /api/health`): here, the origin its
 * QR codes and validation links carry and whether it is PUBLIC_URL, for Settings and the screens
 * that sign and share documents. Read through the query cache, not kept on the device: offline,
 * nothing is said rather than something stale.
 */

export const serverHealthKeys = {
  all: ['server-health'] as const,
};

/** The validation address in use: undefined until read, null if the server did not say. */
export function useValidationAddress() {
  return useQuery({
    queryKey: serverHealthKeys.all,
    queryFn: ({ signal }) => api.call(healthApi.get, { signal }),
    select: (health) => health.validation ?? null,
  });
}
