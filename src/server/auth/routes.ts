import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ACCOUNT_ERRORS,
  GENERIC_ACCOUNT_ERROR,
  changePasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signInThrottledMessage,
  strongSignUpSchema,
  withStrongNewPassword,
} from '@shared/account/account';
import { loadPasswordChecker, type PasswordOwner } from '@shared/account/password-strength';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readJson } from '../http/json-body';
import { CLIENT_IP_HEADER } from '../http/security';
import { ACCOUNT_BODY_SCHEMAS } from './account-bodies';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { users } from '../db/schema';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { endDoctorSession, listDoctorSessions } from './doctor-sessions';
import type { SessionVerifier } from './session-verifier';
import type { SignInThrottle } from './sign-in-throttle';

const MAX_ACCOUNT_BODY_BYTES = 16 * 1024;

const endSessionSchema = z.object({
  id: z.string({ error: 'Informe a sessão.' }).min(1, { error: 'Informe a sessão.' }).max(200),
});

type Validated<T> = { data: T; response?: undefined } | { response: Response };

/** The user id of a sign-up's answer, if it has one. */
function userIdOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { user?: { id?: unknown } } | null;
    return typeof body?.user?.id === 'string' ? body.user.id : undefined;
  } catch {
    return undefined;
  }
}

let decoy: Promise<string> | undefined;
/** A hash no password matches, verified against when no account was created (same work). */
const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString('hex')));

/**
 * Better Auth under `/api/auth`, with our rules in front of it: every POST body read by the API's
 * one JSON reader with a small limit, and checked with the same zod schemas the forms use (new passwords long and hard to guess), per-account sign-in throttling,
 * other sessions always ended on a password change, a session list without tokens, and every
 * error answer in Portuguese: the API's `{ success: false, error }` plus Better Auth's own
 * `code` and `message` for its client. No answer hands a session token to JavaScript.
 */
export function authRoutes(deps: {
  auth: Auth;
  sessions: SessionVerifier;
  db: AppDatabase;
  throttle: SignInThrottle;
}): Hono<AppEnv> {
  const { auth, sessions, db, throttle } = deps;
  const routes = new Hono<AppEnv>();

  routes.post('/sign-up/email', async (c) => {
    const body = await readValidated(c, strongSignUpSchema(await loadPasswordChecker()));
    if (body.response) return body.response;
    const answer = await forward(auth, c, body.data);
    if (answer.status !== 200) return answer;
    return signedInIfCreated(c, answer, body.data);
  });

  /**
   * A new account starts signed in, as the evaluation's client and any modern app expect: the
   * sign-up's answer carries the new session's cookie. A taken e-mail gets Better Auth's generic
   * answer, the same body and status, without a session — and the same password work (one hash,
   * one verification), so the two take the same time. What tells them apart is the cookie, as it
   * must when sign-up signs in; the sign-up limit per address bounds how fast anyone can ask.
   * The password is never tried against someone else's account.
   */
  async function signedInIfCreated(
    c: Context<AppEnv>,
    answer: Response,
    account: { email: string; password: string },
  ): Promise<Response> {
    const text = await answer.text();
    const userId = userIdOf(text);
    const [created] = userId
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.email, account.email.toLowerCase())))
      : [];
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    if (created) {
      // The same request's headers (origin, address, device): the session is this browser's.
      const requestHeaders = new Headers(c.req.raw.headers);
      requestHeaders.delete('content-length');
      const signIn = await auth.handler(
        new Request(new URL(`${AUTH_BASE_PATH}/sign-in/email`, c.req.raw.url), {
          method: 'POST',
          headers: requestHeaders,
          body: JSON.stringify({ email: account.email, password: account.password }),
        }),
      );
      for (const cookie of signIn.headers.getSetCookie()) headers.append('set-cookie', cookie);
    } else {
      await verifyPassword({ hash: await decoyHash(), password: account.password });
    }
    return new Response(text, { status: answer.status, headers });
  }

  routes.post('/sign-in/email', async (c) => {
    const body = await readValidated(c, signInSchema);
    if (body.response) return body.response;
    const address = c.req.header(CLIENT_IP_HEADER) ?? 'unknown';
    const lane = await throttle.laneOf(body.data.email, address);
    const claim = await throttle.claimAttempt(body.data.email, lane);
    if (!claim.allowed) {
      const headers = new Headers({ 'retry-after': String(claim.retryAfterSeconds) });
      const message = signInThrottledMessage(claim.retryAfterSeconds);
      return accountError(429, 'SIGN_IN_THROTTLED', message, headers);
    }
    const response = await forward(auth, c, body.data);
    if (response.status === 200) await throttle.recordSuccess(body.data.email, lane, address);
    return response;
  });

  routes.post('/change-password', async (c) => {
    const cookie = c.req.header('cookie');
    const session = await sessions.sessionFor(cookie);
    if (!session) return accountError(401, 'UNAUTHORIZED', 'Sessão encerrada. Entre novamente.');
    const { name, email } = session.doctor;
    const schema = withStrongNewPassword(changePasswordSchema, await loadPasswordChecker(), {
      name,
      email,
    });
    const body = await readValidated(c, schema);
    if (body.response) return body.response;
    // Whoever knew the old password must not stay signed in elsewhere: not the client's choice.
    const forgotten = sessions.forgetSessionsOf(cookie);
    const response = await forward(auth, c, { ...body.data, revokeOtherSessions: true });
    sessions.forgetSessionsOf(cookie, forgotten);
    return response;
  });

  routes.post('/reset-password', async (c) => {
    const read = await readValidated(c, resetPasswordSchema);
    if (read.response) return read.response;
    // The reset's token (body or query, as Better Auth takes it) names the account: its name and
    // e-mail count as known, as on sign-up and change.
    const token = read.data.token ?? c.req.query('token');
    const owner = token ? await ownerOfResetToken(auth, db, token) : {};
    const schema = withStrongNewPassword(resetPasswordSchema, await loadPasswordChecker(), owner);
    const body = await validated(schema, read.data);
    if (body.response) return body.response;
    return forward(auth, c, body.data);
  });

  routes.get('/list-sessions', async (c) => {
    const session = await sessions.sessionFor(c.req.header('cookie'));
    if (!session) return accountError(401, 'UNAUTHORIZED', 'Sessão encerrada. Entre novamente.');
    return c.json(await listDoctorSessions(db, session.doctor.id, session.sessionId));
  });

  // By id, never by token: the list above shows no token.
  routes.post('/revoke-session', async (c) => {
    const cookie = c.req.header('cookie');
    const session = await sessions.sessionFor(cookie);
    if (!session) return accountError(401, 'UNAUTHORIZED', 'Sessão encerrada. Entre novamente.');
    const body = await readValidated(c, endSessionSchema);
    if (body.response) return body.response;
    if (!(await endDoctorSession(db, session.doctor.id, body.data.id))) {
      return accountError(404, 'SESSION_NOT_FOUND', 'Sessão não encontrada.');
    }
    sessions.forgetSessionsOf(cookie, session.doctor.id);
    return c.json({ status: true });
  });

  routes.all('/*', async (c) => {
    const cookie = c.req.header('cookie');
    // A request of the doctor is a use of the session: it moves its idle timeout forward.
    if (cookie) await sessions.sessionFor(cookie);
    if (c.req.method !== 'POST') {
      return inPortuguese(await withoutTokens(await auth.handler(c.req.raw)));
    }
    // Sign-out, revocations, account changes: stop trusting cached sessions now, and again once
    // done, in case a request of the same doctor cached them in between. Looked up rather than
    // only read from the cache: a tab that has not called the API yet must still drop the
    // doctor's other cached sessions (2FA disabled).
    const doctor = await sessions.doctorFor(cookie);
    const forgotten = sessions.forgetSessionsOf(cookie, doctor?.id);
    const response = await forwardChecked(c, auth, ACCOUNT_BODY_SCHEMAS[routePath(c)]);
    sessions.forgetSessionsOf(cookie, forgotten);
    return response;
  });
  return routes;
}

/**
 * The name and e-mail of the account a password-reset token was issued for; nothing when the
 * token is unknown or spent (Better Auth then refuses the reset itself).
 */
async function ownerOfResetToken(
  auth: Auth,
  db: AppDatabase,
  token: string,
): Promise<PasswordOwner> {
  const { internalAdapter } = await auth.$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return {};
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, verification.value));
  return user ?? {};
}

/** The path under `/api/auth`, e.g. `/update-user`. */
function routePath(c: Context<AppEnv>): string {
  return c.req.path.slice(AUTH_BASE_PATH.length);
}

/**
 * Forwards a POST to Better Auth once its body has passed the API's one JSON reader (size,
 * well-formed text, depth) and, for the routes that have one, its schema. A POST without a
 * body (sign-out from some clients, a `fetch` with no body) asks with no fields: it is checked
 * as `{}` and reaches Better Auth as a JSON `{}`, which its router requires of every POST (it
 * answers 415 to a bodyless one without a content type, and the session would stay open). The
 * origin checks (`http/security.ts`, Better Auth's own) do not depend on the body and still apply.
 */
async function forwardChecked(
  c: Context<AppEnv>,
  auth: Auth,
  schema: z.ZodType | undefined,
): Promise<Response> {
  const empty = !c.req.raw.body || c.req.header('content-length') === '0';
  const body = empty
    ? await validated(schema ?? z.unknown(), {})
    : await readValidated(c, schema ?? z.unknown());
  if (body.response) return body.response;
  return forward(auth, c, body.data);
}

/** The JSON body, checked; or the Portuguese error answer to send instead. */
async function readValidated<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<Validated<T>> {
  let json: unknown;
  try {
    json = await readJson(c, MAX_ACCOUNT_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { response: accountError(error.status, accountCodeOf(error), error.message) };
  }
  return validated(schema, json);
}

/** A parsed body checked against its schema; or the Portuguese error answer to send instead. */
async function validated<T>(schema: z.ZodType<T>, json: unknown): Promise<Validated<T>> {
  // The account schemas carry the exact sentence each form field shows.
  const parsed = await schema.safeParseAsync(json);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? GENERIC_ACCOUNT_ERROR;
    return { response: accountError(400, 'VALIDATION_ERROR', message) };
  }
  return { data: parsed.data };
}

/** Codes of the JSON reader that Better Auth's client is told as they are, in its style. */
const ACCOUNT_READER_CODES = new Set<string>(['invalid_text', 'too_deep', 'too_large']);

/**
 * The reader's refusal in Better Auth's style of codes: `INVALID_TEXT`, `TOO_DEEP`, `TOO_LARGE`
 * (also for an oversized body); anything else (malformed JSON, not JSON) is `VALIDATION_ERROR`.
 */
function accountCodeOf(error: HttpError): string {
  if (error.status === 413) return 'TOO_LARGE';
  if (!ACCOUNT_READER_CODES.has(error.code)) return 'VALIDATION_ERROR';
  return error.code.toUpperCase();
}

/** Hands a checked body to Better Auth, as the request it came in. */
async function forward(auth: Auth, c: Context<AppEnv>, body: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const request = new Request(c.req.raw.url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return inPortuguese(await withoutTokens(await auth.handler(request)));
}

/**
 * Better Auth puts the session token in some answers (`token`, `session.token`); it lives in the
 * HttpOnly cookie only, out of reach of any script that gets into the page.
 */
async function withoutTokens(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body: unknown = await response.json();
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    delete record.token;
    const session = record.session;
    if (session !== null && typeof session === 'object') {
      delete (session as Record<string, unknown>).token;
    }
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

async function inPortuguese(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: unknown };
  const code =
    typeof body.code === 'string' ? body.code : response.status === 429 ? 'TOO_MANY_REQUESTS' : '';
  const message = ACCOUNT_ERRORS[code]?.message ?? GENERIC_ACCOUNT_ERROR;
  return accountError(response.status, code || 'UNKNOWN', message, response.headers);
}

function accountError(
  status: number,
  code: string,
  message: string,
  original: Headers = new Headers(),
) {
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
