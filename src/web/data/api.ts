import { createApiClient, isApiError } from '@shared/api/client';

/**
 * The web app's one way to the server: the typed client (`src/shared/api`) over the browser's
 * `fetch`, same origin, with the session cookie. No other file of src/web calls `fetch` (a lint
 * rule says so); Better Auth's own client (`auth-client.ts`) is the one exception, for its routes.
 */
export const api = createApiClient((path, init) =>
  fetch(path, { ...init, credentials: 'same-origin' }),
);

/**
 * The one text of a failure for the doctor (docs/architecture.md, "Erros"): an `ApiError`'s
 * Portuguese message — the server's sentence, or the client's own when there was no answer —
 * and `fallback` for anything else (a bug, a browser error in English), which is never shown.
 * @param fallback - what the screen says for this action when the failure has no text of ours
 */
export function errorText<Fallback extends string | undefined>(
  error: unknown,
  fallback: Fallback,
): string | Fallback {
  return isApiError(error) && error.message ? error.message : fallback;
}
