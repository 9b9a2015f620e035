import type { Context } from 'hono';
import type { z } from 'zod';
import { findJsonInputProblem } from '@shared/lib/input-limits';
import { formatValidationError } from '@shared/lib/validation-message';
import { HttpError, badRequest, payloadTooLarge, unsupportedMediaType } from './errors';

/** Largest JSON body the API accepts: a whole record with long texts fits many times over. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Reads, parses and validates a JSON request body — the one way routes read a body.
 * @throws HttpError 415 (not JSON), 413 (over the limit), 400 (malformed or invalid)
 */
export async function readJsonBody<T extends z.ZodType>(
  c: Context,
  schema: T,
  maxBytes = MAX_JSON_BODY_BYTES,
): Promise<z.infer<T>> {
  return parseOrBadRequest(schema, await readJson(c, maxBytes));
}

/**
 * Reads and parses a JSON request body without validating it against a schema, but refusing
 * what no route may receive (see `findJsonInputProblem`): what it returns is safe to walk
 * recursively and to store.
 * @throws HttpError 415 (not JSON), 413 (over the limit), 400 (malformed, ill-formed text, too
 * deep or too large)
 */
export async function readJson(c: Context, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw unsupportedMediaType('application/json');
  }
  const text = await readTextWithin(c.req.raw, maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw badRequest('JSON inválido no corpo da requisição.', 'invalid_json');
  }
  const problem = findJsonInputProblem(json);
  if (problem) {
    throw new HttpError(problem.code, problem.message, { field: problem.path });
  }
  return json;
}

/** Validates any input (query, params, body) against a schema, answering 400 in Portuguese. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw badRequest(formatValidationError(result.error));
  return result.data;
}

// Invalid UTF-8 is refused rather than silently stored as U+FFFD.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  const maxLabel =
    maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${maxBytes / 1024} KB`;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw payloadTooLarge(maxLabel);
  const body = await readBodyWithin(request, maxBytes);
  if (!body) throw payloadTooLarge(maxLabel);
  try {
    return STRICT_UTF8.decode(body);
  } catch {
    throw new HttpError('invalid_text', 'Texto com caractere inválido no corpo da requisição.', {
      field: '',
    });
  }
}

/**
 * The request body as it arrives, or undefined once it passes `maxBytes` (the rest is never
 * read): a body without Content-Length cannot fill the memory.
 */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
): Promise<Buffer<ArrayBuffer> | undefined> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
