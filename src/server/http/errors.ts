import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Context } from 'hono';
import { API_ERRORS, type ApiErrorCode } from '@shared/api/errors';
import type { Logger } from '../logger';

/** The catalogue's codes the server sends: all but the client's own (status 0). */
export type ServerErrorCode = {
  [Code in ApiErrorCode]: (typeof API_ERRORS)[Code]['status'] extends 0 ? never : Code;
}[ApiErrorCode];

/** The server's codes answered with `status`: a factory takes only codes of its own status. */
export type ErrorCodeWithStatus<Status extends number> = {
  [Code in ServerErrorCode]: (typeof API_ERRORS)[Code]['status'] extends Status ? Code : never;
}[ServerErrorCode];

/**
 * Extra fields of an error answer (the current record on a 409, the invalid field on a 400).
 * They sit beside `success`, `code` and `error`, and may never replace them.
 */
export type ErrorDetails = Readonly<Record<string, unknown>> & {
  readonly success?: never;
  readonly code?: never;
  readonly error?: never;
};

/**
 * An error whose message is meant for the person using Prontu (Portuguese), with its stable
 * `code` from the catalogue (`shared/api/errors.ts`), which also gives its HTTP status: a code
 * always answers with the same status. Anything else that reaches the error handler is a bug: it
 * is logged and the client sees `internal` and a generic message.
 */
export class HttpError extends Error {
  readonly status: (typeof API_ERRORS)[ServerErrorCode]['status'];

  /**
   * @param code - the catalogue's code; it decides the status
   * @param message - the Portuguese sentence; the catalogue's text when the case has no better
   * @param details - extra fields for the JSON answer, e.g. the current record on a 409
   * @param headers - response headers the answer needs, e.g. Retry-After on a 429
   */
  constructor(
    readonly code: ServerErrorCode,
    message: string = API_ERRORS[code].message,
    readonly details: ErrorDetails = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = API_ERRORS[code].status;
  }
}

/** 400: the request is wrong; `validation` unless a more precise code says how. */
export const badRequest = (message: string, code: ErrorCodeWithStatus<400> = 'validation') =>
  new HttpError(code, message);
export const unauthorized = (message?: string) => new HttpError('unauthorized', message);
export const forbidden = (message: string) => new HttpError('forbidden', message);
export const notFound = (message: string) => new HttpError('not_found', message);
/**
 * 409: the write does not fit the current state, which usually comes along in `details`.
 * @param code - which conflict it is: clients act on it (show both versions, offer an addendum)
 */
export const conflict = (
  message: string,
  code: ErrorCodeWithStatus<409>,
  details: ErrorDetails = {},
) => new HttpError(code, message, details);
export const payloadTooLarge = (maxLabel: string) =>
  new HttpError('payload_too_large', `Requisição grande demais. O máximo é ${maxLabel}.`);
export const unsupportedMediaType = (expected: string) =>
  new HttpError('unsupported_media_type', `Tipo de conteúdo não suportado. Envie ${expected}.`);
/** @param retryAfterSeconds - when the client may try again (the Retry-After header) */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError('rate_limited', message, {}, { 'Retry-After': String(retryAfterSeconds) });
/**
 * An outside service we depend on (the language model, the transcription service) failed.
 * @param code - why, when it is known (`provider_quota`…); `provider_failed` otherwise
 */
export const badGateway = (message: string, code: ErrorCodeWithStatus<502> = 'provider_failed') =>
  new HttpError(code, message);

/** Seconds a client waits before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database cannot be reached: 503, so clients retry rather than give up. */
export const databaseUnavailable = () =>
  new HttpError(
    'database_unavailable',
    API_ERRORS.database_unavailable.message,
    {},
    { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** Network errors of a connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's own codes for a server that is not there to answer: connection exceptions
 * (class 08), shutting down or starting up (57P01–57P03), no connection slots left (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** Messages of node-postgres for a connection that failed without an error code. */
const CONNECTION_FAILURE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether an error means the database could not be reached (as opposed to a query that failed):
 * looks through the error and its causes, as Drizzle and Better Auth wrap the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = 'code' in current ? current.code : undefined;
    if (
      typeof code === 'string' &&
      (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    ) {
      return true;
    }
    if (
      CONNECTION_FAILURE_MESSAGES.some(
        (message) => current instanceof Error && current.message.includes(message),
      )
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * The JSON error answer of the API, `{ success: false, code, error }` (and the error's details),
 * never a stack or SQL text: an unexpected error answers `internal` and the catalogue's text.
 * @param error - whatever a route or middleware threw
 * @param log - the request's logger, which gets the unexpected errors
 */
export function errorResponse(c: Context, error: unknown, log: Logger): Response {
  if (error instanceof HttpError) {
    // The rest of an oversized body is never read, so this connection cannot carry another request.
    if (error.status === 413) c.header('Connection', 'close');
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(
      { success: false, code: error.code, error: error.message, ...error.details },
      error.status,
    );
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: withoutPatientData(error) }, 'database unreachable');
    return errorResponse(c, databaseUnavailable(), log);
  }
  log.error({ err: withoutPatientData(error) }, 'unhandled error');
  return errorResponse(c, new HttpError('internal'), log);
}

/**
 * What of an error may go to the logs. A failed query's message and fields repeat its SQL
 * parameters, which are patient text; only the database's own code and message are kept.
 */
function withoutPatientData(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause;
  return {
    type: 'DrizzleQueryError',
    code: cause && 'code' in cause ? cause.code : undefined,
    message: cause?.message ?? 'query failed',
    // The stack's first lines repeat the message (SQL and parameters): keep only the frames.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
