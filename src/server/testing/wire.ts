import type { TestBrowser } from './test-server';

/**
 * An answer as the wire carries it, for the tests of the HTTP contract itself: what the typed
 * client does not show (a success's exact status, the `ETag`, fields its reader would drop or
 * fill in with defaults).
 */
export interface WireAnswer {
  status: number;
  /** The `ETag` header; undefined when the answer has none (and then left out of `toEqual`). */
  etag: string | undefined;
  /** The parsed JSON body, as sent. */
  body: unknown;
}

/**
 * Sends one request from the doctor's tab and reads the whole answer, without the typed client:
 * for exact statuses, headers and bodies, and for requests it would not send (a body of the wrong
 * shape, a path it would encode).
 * @param path - sent as written, query included
 * @param options.json - a body, sent as JSON
 * @param options.ifMatch - the version the write is based on, sent as `If-Match`
 */
export async function fetchAnswer(
  browser: TestBrowser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { json?: unknown; ifMatch?: number } = {},
): Promise<WireAnswer> {
  const headers: Record<string, string> = {};
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.ifMatch !== undefined) headers['if-match'] = `"${options.ifMatch}"`;
  const response = await browser.fetch(path, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  return {
    status: response.status,
    etag: response.headers.get('etag') ?? undefined,
    body: (await response.json()) as unknown,
  };
}
