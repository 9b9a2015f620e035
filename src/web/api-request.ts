import { CHAT_ERROR_MESSAGES } from '../shared/chat-errors';

/**
 * A failed API call: the server's Portuguese message, the HTTP status when there was one, and
 * the whole answer (e.g. a 409's stable `code` and the current state of what was written).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Spec §8, for any request that never got an answer. */
export const CONNECTION_ERROR = CHAT_ERROR_MESSAGES.network;

/**
 * The one way the web app calls its JSON API: same-origin cookies, JSON in and out, and an
 * {@link ApiError} with the server's message (`{ success: false, error }`) on failure.
 */
export async function requestJson(path: string, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(CONNECTION_ERROR);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      errorMessageOf(body) ?? `Erro do servidor (${response.status}).`,
      response.status,
      body,
    );
  }
  return body;
}

/** The server's Portuguese message in an error answer (`{ success: false, error }`). */
export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' ? body.error : undefined;
}

/** The `If-Match` header naming the version a write was based on; none for an unknown one. */
export function ifMatchHeaders(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { 'if-match': `"${version}"` };
}

/** The stable `code` of an error answer (`{ success: false, error, code }`), if it has one. */
export function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}
