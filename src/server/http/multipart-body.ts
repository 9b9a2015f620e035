import { HttpError, unsupportedMediaType } from './errors';
import { readBodyWithin } from './json-body';

/**
 * Reads a multipart form (a file upload) into memory, never more than `maxBytes`: the declared
 * length is checked before reading, the bytes as they arrive. Nothing is written to disk. Each
 * route says how it refuses a body too large or not a form, in its own words.
 * @param limits.maxBytes - the largest body, its file and the room for boundaries and fields
 * @param limits.tooLarge - the route's 413 for a body over `maxBytes`
 * @param limits.unreadable - the route's 400 for a body that is not a readable form
 * @throws HttpError 415 (not multipart), or the route's `tooLarge` or `unreadable`
 */
export async function readMultipartBody(
  request: Request,
  limits: { maxBytes: number; tooLarge: () => HttpError; unreadable: () => HttpError },
): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw unsupportedMediaType('multipart/form-data');
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.maxBytes) throw limits.tooLarge();
  const body = await readBodyWithin(request, limits.maxBytes);
  if (!body) throw limits.tooLarge();
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw limits.unreadable();
  }
}
