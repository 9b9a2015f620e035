import { API_ERRORS, isApiErrorCode, type ApiErrorCode } from './errors';

/**
 * The one typed client of Prontu's HTTP API, for the web app and the tests alike
 * (docs/architecture.md, "O cliente da API"). Each endpoint is declared once, in
 * `src/shared/api/<resource>.ts`, with its method, path, body and the reader of its answer; a
 * call names the endpoint and its input, and gets the answer typed — or an {@link ApiError}
 * carrying a stable code from the catalogue (`api-errors.ts`). This module has no I/O of its own:
 * the transport (the browser's `fetch` with the session cookie, a test's loopback client) is
 * given to {@link createApiClient}.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Reads an answer's JSON body (and headers, for the few answers that say more there). */
export type AnswerReader<Answer> = (body: unknown, headers: Headers) => Answer;

/** Anything with zod's `parse`: a schema is the usual reader of an answer. */
interface Parser<T> {
  parse(value: unknown): T;
}

/** The names of the `:params` of a path: `'/api/x/:id/y/:key'` → `'id' | 'key'`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The type of an endpoint's body, declared with {@link jsonBody} or {@link formBody}. */
export interface BodySpec<T> {
  kind: 'json' | 'form';
  /** Never set: carries the body's type. */
  readonly type?: T;
}

/** The type of an endpoint's query, declared with {@link queryOf}. */
export interface QuerySpec<T> {
  /** Never set: carries the query's type. */
  readonly type?: T;
}

/** A JSON body of type `T`. */
export const jsonBody = <T>(): BodySpec<T> => ({ kind: 'json' });
/** A multipart form (an audio upload). */
export const formBody = (): BodySpec<FormData> => ({ kind: 'form' });
/** A query string of type `T`. */
export const queryOf = <T extends QueryValues>(): QuerySpec<T> => ({});

/** One endpoint of the API: how to call it and how to read what it answers. */
export interface Endpoint<Path extends string, Body, Query, Answer> {
  method: HttpMethod;
  /** The path, with `:name` for each parameter (`/api/medical-records/:id`). */
  path: Path;
  body?: BodySpec<Body>;
  query?: QuerySpec<Query>;
  readAnswer: AnswerReader<Answer>;
}

/** The query string of a call: absent values are left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * What a call of `endpoint` takes: its path parameters, query, body, the version it is based on
 * (`If-Match`) and an abort signal.
 */
export type CallInput<E> =
  E extends Endpoint<string, infer Body, unknown, unknown>
    ? UrlInput<E> &
        ([Body] extends [undefined] ? { body?: undefined } : { body: Body }) & {
          /** The version the write is based on; a newer one on the server answers 409. */
          ifMatch?: number | undefined;
          signal?: AbortSignal | undefined;
        }
    : never;

/** What says where a call of `endpoint` goes: its path parameters and query. */
export type UrlInput<E> =
  E extends Endpoint<infer Path, unknown, infer Query, unknown>
    ? ([ParamNames<Path>] extends [never]
        ? { params?: undefined }
        : { params: Record<ParamNames<Path>, string> }) &
        ([Query] extends [undefined] ? { query?: undefined } : { query?: Query })
    : never;

/** The answer of a call of `endpoint`. */
export type AnswerOf<E> =
  E extends Endpoint<string, unknown, unknown, infer Answer> ? Answer : never;

/**
 * Declares an endpoint.
 * @param definition - method, path, its body and query types, and the reader of its answer (a
 *   zod schema, or a function of the body and headers)
 */
export function endpoint<
  Path extends string,
  Answer,
  Body = undefined,
  Query extends QueryValues | undefined = undefined,
>(definition: {
  method: HttpMethod;
  path: Path;
  body?: BodySpec<Body>;
  query?: QuerySpec<Query>;
  answer: Parser<Answer> | AnswerReader<Answer>;
}): Endpoint<Path, Body, Query, Answer> {
  const { answer, ...call } = definition;
  return {
    ...call,
    readAnswer: typeof answer === 'function' ? answer : (body) => answer.parse(body),
  };
}

/** A failed call: a stable code from the catalogue, the Portuguese message, the whole answer. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** The HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** The whole error answer (a 409 carries the current state of what was written). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether `error` is an {@link ApiError} with `code`. */
export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Sends one request; the caller decides about base URL, cookies and headers. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** The code of an error answer without one of ours (a proxy, an old server): from its status. */
function codeOfStatus(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 502) return 'provider_failed';
  if (status === 503) return 'busy';
  if (status >= 500) return 'internal';
  return 'validation';
}

/**
 * The {@link ApiError} of an error answer: its `code` when it is the catalogue's, otherwise one
 * from the status; its Portuguese `error`, otherwise the catalogue's text.
 * @param status - the HTTP status
 * @param body - the parsed JSON body, if any
 */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = isApiErrorCode(fields.code) ? fields.code : codeOfStatus(status);
  const message = typeof fields.error === 'string' ? fields.error : API_ERRORS[code].message;
  return new ApiError(code, message, status, body);
}

/** The failure of a request that got no answer at all (the network, the server down). */
export function unreachableError(): ApiError {
  return new ApiError('unreachable', API_ERRORS.unreachable.message, 0);
}

function pathOf(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

function queryString(query: QueryValues | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Where a call of `target` goes: its path with the parameters put in, and its query. For what
 * the browser opens by itself, same origin with the session cookie — a download link, a page in
 * a new tab — where no call of the client is made.
 */
export function endpointUrl<E extends Endpoint<string, unknown, unknown, unknown>>(
  target: E,
  input: UrlInput<E>,
): string {
  const loose = input as LooseInput;
  return `${pathOf(target.path, loose.params)}${queryString(loose.query)}`;
}

interface LooseInput {
  params?: Record<string, string> | undefined;
  query?: QueryValues | undefined;
  body?: unknown;
  ifMatch?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * The typed client over a transport.
 * @param transport - e.g. `(path, init) => fetch(path, { ...init, credentials: 'same-origin' })`
 */
export function createApiClient(transport: ApiTransport) {
  /** Sends the request; an answer that is not 2xx becomes an {@link ApiError}. */
  async function send(
    target: Endpoint<string, unknown, unknown, unknown>,
    input: LooseInput,
  ): Promise<Response> {
    const headers = new Headers();
    let body: BodyInit | undefined;
    if (target.body?.kind === 'json') {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(input.body ?? {});
    } else if (target.body?.kind === 'form') {
      body = input.body as FormData;
    }
    if (input.ifMatch !== undefined) headers.set('if-match', `"${input.ifMatch}"`);
    let response: Response;
    try {
      response = await transport(
        `${pathOf(target.path, input.params)}${queryString(input.query)}`,
        {
          method: target.method,
          headers,
          ...(body === undefined ? {} : { body }),
          ...(input.signal ? { signal: input.signal } : {}),
        },
      );
    } catch (error) {
      // A call the caller stopped is not a failure to report.
      if (input.signal?.aborted) throw error;
      throw unreachableError();
    }
    if (!response.ok) {
      const json: unknown = await response.json().catch(() => undefined);
      throw apiErrorOf(response.status, json);
    }
    return response;
  }

  function readWith<Answer>(reader: AnswerReader<Answer>, body: unknown, headers: Headers): Answer {
    try {
      return reader(body, headers);
    } catch {
      throw new ApiError('unexpected_answer', API_ERRORS.unexpected_answer.message, 200, body);
    }
  }

  return {
    /** Where a call of an endpoint goes, for a link the browser opens: {@link endpointUrl}. */
    url: endpointUrl,

    /**
     * Calls an endpoint and reads its answer.
     * @throws ApiError - the server's refusal, `unreachable`, or `unexpected_answer`
     */
    async call<E extends Endpoint<string, unknown, unknown, unknown>>(
      target: E,
      ...[input]: [CallInput<E>] extends [{ params?: undefined; body?: undefined }]
        ? [input?: CallInput<E>]
        : [input: CallInput<E>]
    ): Promise<AnswerOf<E>> {
      const response = await send(target, (input ?? {}) as LooseInput);
      let json: unknown;
      try {
        json = await response.json();
      } catch (error) {
        if ((input as LooseInput | undefined)?.signal?.aborted) throw error;
        throw new ApiError('unexpected_answer', API_ERRORS.unexpected_answer.message, 200);
      }
      return readWith(target.readAnswer, json, response.headers) as AnswerOf<E>;
    },

    /**
     * Calls an endpoint that answers a file (a PDF): its bytes, and its reader's reading of the
     * headers (body `undefined`).
     * @throws ApiError - as {@link call}; `unreachable` when the file breaks off
     */
    async file<E extends Endpoint<string, unknown, unknown, unknown>>(
      target: E,
      input: CallInput<E>,
    ): Promise<{ blob: Blob; answer: AnswerOf<E> }> {
      const loose = input as LooseInput;
      const response = await send(target, loose);
      const answer = readWith(target.readAnswer, undefined, response.headers) as AnswerOf<E>;
      try {
        return { blob: await response.blob(), answer };
      } catch (error) {
        if (loose.signal?.aborted) throw error;
        throw unreachableError();
      }
    },

    /**
     * Calls an endpoint that answers a text stream (the chat), handing each piece to `onText` as
     * it arrives; its reader gets the headers only (body `undefined`).
     * @throws ApiError - as {@link call}; `unreachable` when the stream breaks off
     */
    async stream<E extends Endpoint<string, unknown, unknown, unknown>>(
      target: E,
      input: CallInput<E>,
      onText: (text: string) => void,
    ): Promise<AnswerOf<E>> {
      const loose = input as LooseInput;
      const response = await send(target, loose);
      const answer = readWith(target.readAnswer, undefined, response.headers) as AnswerOf<E>;
      if (!response.body) return answer;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          onText(value);
        }
      } catch (error) {
        if (loose.signal?.aborted) throw error;
        throw unreachableError();
      }
      return answer;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
