import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { errorResponse, HttpError } from '../http/errors';
import { clientAddressOf } from '../http/security';
import type { AuditLog } from './audit-log';
import { auditedRequestOf, auditSubjectOf, trimmedUserAgent } from './audited-request';

/** An IPv6 address with a zone is under 64 characters; anything longer is not an address. */
const MAX_ADDRESS_LENGTH = 64;

/** The client's address as an audit entry keeps it. */
export const auditedAddressOf = (c: Context<AppEnv>, trustProxy: boolean) =>
  clientAddressOf(c, trustProxy).slice(0, MAX_ADDRESS_LENGTH);

/** Answered when the access cannot be recorded: patient data is never served unaudited. */
export const auditUnavailable = () =>
  new HttpError(
    'audit_unavailable',
    'Não foi possível registrar este acesso na trilha de auditoria. Tente novamente em alguns instantes.',
    {},
    { 'Retry-After': '5' },
  );

/**
 * Records every access to patient data (patients, records, receitas, lotes, settings, the AI
 * and the transcript work) in the audit trail, after the route answered and before the answer leaves:
 * if the entry cannot be written, the client gets 503 instead of the data (a request that already
 * failed with a 5xx keeps its own answer). A write that was
 * committed is then unacknowledged (the client retries; the failure is logged with the ids),
 * which is the lesser harm than an access nobody can trace.
 *
 * Requests without a session are not recorded: they reach no patient data, and an anonymous
 * client must not be able to grow a table nothing ever deletes.
 */
export function auditTrail(deps: {
  auditLog: AuditLog;
  trustProxy: boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const audited = auditedRequestOf(c.req.method, c.req.path);
    if (!audited) return next();
    const startedAt = Date.now();
    await next();
    const doctor = c.get('doctor');
    if (!doctor) return;
    const { status } = c.res;
    let answer: unknown;
    if (audited.readsAnswer && status >= 200 && status < 300) {
      // Reading the answer consumes it: it is put back as the same bytes and headers.
      const { headers } = c.res;
      const text = await c.res.text();
      c.res = undefined;
      c.res = new Response(text, { status, headers });
      answer = parsedOrUndefined(text);
    }
    const subject = auditSubjectOf(audited, status, answer, startedAt, c.get('listedIds'));
    try {
      await deps.auditLog.append({
        occurredAt: new Date(startedAt),
        userId: doctor.id,
        action: subject.action,
        entityType: audited.entityType,
        entityId: audited.entityType === 'settings' ? doctor.id : subject.entityId,
        listedIds: subject.listedIds,
        ipAddress: auditedAddressOf(c, deps.trustProxy),
        userAgent: trimmedUserAgent(c.req.header('user-agent')),
        status,
      });
    } catch (error) {
      const log = c.get('log');
      // Ids only: the error's own text may repeat the query's parameters.
      log.error(
        {
          audit: { userId: doctor.id, action: subject.action, entityId: subject.entityId, status },
          err: error instanceof Error ? { name: error.name } : undefined,
        },
        'audit entry not written',
      );
      // A request that already failed on the server's side handed nothing over: its own answer
      // stays (during a database outage, the outage's). Anything else, a 409 with the current
      // record included, is withheld.
      if (status >= 500) return;
      // A blank answer first, so none of the route's headers (its ETag) carry over to the 503.
      c.res = undefined;
      c.res = new Response(null, { status: 503 });
      const refusal = errorResponse(c, auditUnavailable(), log);
      c.res = undefined;
      c.res = refusal;
    }
  };
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
