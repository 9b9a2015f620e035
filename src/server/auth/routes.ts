import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  ACCOUNT_ERRORS,
  GENERIC_ACCOUNT_ERROR,
  signInSchema,
  signUpSchema,
} from '../../shared/account';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson } from '../http/json-body';
import { ACCOUNT_BODY_SCHEMAS } from './account-bodies';
import { AUTH_BASE_PATH, type Auth } from './auth';
import type { SessionVerifier } from './session-verifier';

const MAX_ACCOUNT_BODY_BYTES = 16 * 1024;

/**
 * Better Auth under `/api/auth`. Every POST body is read by the API's one JSON reader with a
 * small limit, and those of sign-up, sign-in and the account changes are checked with zod
 * schemas (the forms' own for sign-up and sign-in); every error answer carries a Portuguese
 * message: the API's `{ success: false, error }` plus Better Auth's own `code` and `message`
 * for its client.
 */
export function authRoutes(auth: Auth, sessions: SessionVerifier): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/sign-up/email', (c) => forwardChecked(c, auth, signUpSchema));
  routes.post('/sign-in/email', (c) => forwardChecked(c, auth, signInSchema));
  routes.all('/*', async (c) => {
    if (c.req.method !== 'POST') return inPortuguese(await auth.handler(c.req.raw));
    // Sign-out, revocations, password or account changes: stop trusting cached sessions now,
    // and again once done, in case a request of the same doctor cached them in between.
    const cookie = c.req.header('cookie');
    // Looked up rather than only read from the cache: a tab that has not called the API yet (its
    // session is not cached) must still drop the doctor's other cached sessions (2FA disabled).
    const doctor = await sessions.doctorFor(cookie);
    const forgotten = sessions.forgetSessionsOf(cookie, doctor?.id);
    const response = await forwardChecked(c, auth, ACCOUNT_BODY_SCHEMAS[routePath(c)]);
    sessions.forgetSessionsOf(cookie, forgotten);
    return response;
  });
  return routes;
}

/** The path under `/api/auth`, e.g. `/update-user`. */
function routePath(c: Context<AppEnv>): string {
  return c.req.path.slice(AUTH_BASE_PATH.length);
}

/**
 * Forwards a POST to Better Auth once its body has passed the API's one JSON reader (size,
 * well-formed text, depth) and, for the routes that have one, its schema. A POST without a
 * body (sign-out from some clients) is forwarded as it came.
 */
async function forwardChecked(c: Context<AppEnv>, auth: Auth, schema: z.ZodType | undefined) {
  if (!c.req.raw.body || c.req.header('content-length') === '0') {
    return inPortuguese(await auth.handler(c.req.raw));
  }
  let json: unknown;
  try {
    json = await readJson(c, MAX_ACCOUNT_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return accountError(error.status, accountCodeOf(error), error.message, new Headers());
  }
  // The account schemas carry the exact sentence each form field shows.
  const parsed = schema ? schema.safeParse(json) : { success: true as const, data: json };
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? GENERIC_ACCOUNT_ERROR;
    return accountError(400, 'VALIDATION_ERROR', message, new Headers());
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  const request = new Request(c.req.raw.url, {
    method: 'POST',
    headers,
    body: JSON.stringify(parsed.data),
  });
  return inPortuguese(await auth.handler(request));
}

/** The reader's own code (`invalid_text`, `too_deep`…) in Better Auth's style of codes. */
function accountCodeOf(error: HttpError): string {
  const code = error.details.code;
  if (error.status === 413) return 'TOO_LARGE';
  if (typeof code !== 'string' || code === 'validation') return 'VALIDATION_ERROR';
  return code.toUpperCase();
}

async function inPortuguese(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: unknown };
  const code =
    typeof body.code === 'string' ? body.code : response.status === 429 ? 'TOO_MANY_REQUESTS' : '';
  const message = ACCOUNT_ERRORS[code]?.message ?? GENERIC_ACCOUNT_ERROR;
  return accountError(response.status, code || 'UNKNOWN', message, response.headers);
}

function accountError(status: number, code: string, message: string, original: Headers) {
  const headers = new Headers(original);
  headers.delete('content-length');
  // The rest of an oversized body is never read, so this connection cannot carry another request.
  if (status === 413) headers.set('connection', 'close');
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify({ success: false, error: message, code, message }), {
    status,
    headers,
  });
}
