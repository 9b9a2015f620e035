import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';

/**
 * An error whose message is meant for the person using Prontu (Portuguese). Anything else that
 * reaches the error handler is a bug: it is logged and the client sees a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Extra fields for the JSON answer, e.g. the current record on a 409. */
    readonly details: Record<string, unknown> = {},
    /** Response headers the answer needs, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () =>
  new HttpError(401, 'Sessão expirada ou inexistente. Faça login para continuar.');
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, details: Record<string, unknown>) =>
  new HttpError(409, message, details);
export const payloadTooLarge = (maxLabel: string) =>
  new HttpError(413, `Requisição grande demais. O máximo é ${maxLabel}.`);
export const unsupportedMediaType = (expected: string) =>
  new HttpError(415, `Tipo de conteúdo não suportado. Envie ${expected}.`);
/** @param retryAfterSeconds - when the client may try again (the Retry-After header) */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'Retry-After': String(retryAfterSeconds) });
/** An outside service we depend on (the language model provider) failed. */
export const badGateway = (message: string) => new HttpError(502, message);

const INTERNAL_ERROR_MESSAGE = 'Erro interno do servidor. Tente novamente em alguns instantes.';

/** The JSON error answer of the API: `{ success: false, error }`, never a stack or SQL text. */
export function errorResponse(c: Context, error: unknown, log: Logger): Response {
  if (error instanceof HttpError) {
    // The rest of an oversized body is never read, so this connection cannot carry another request.
    if (error.status === 413) c.header('Connection', 'close');
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ success: false, error: error.message, ...error.details }, error.status);
  }
  log.error({ err: withoutPatientData(error) }, 'unhandled error');
  return c.json({ success: false, error: INTERNAL_ERROR_MESSAGE }, 500);
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
