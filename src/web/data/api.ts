import { createApiClient } from '@shared/api/client';

/**
 * The web app's one way to the server: the typed client (`src/shared/api`) over the browser's
 * `fetch`, same origin, with the session cookie. No other file of src/web calls `fetch` (a lint
 * rule says so); Better Auth's own client (`auth-client.ts`) is the one exception, for its routes.
 */
export const api = createApiClient((path, init) =>
  fetch(path, { ...init, credentials: 'same-origin' }),
);
