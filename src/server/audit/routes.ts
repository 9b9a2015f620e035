import { Hono } from 'hono';
import { z } from 'zod';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppEnv } from '../http/app-env';
import type { AppDatabase } from '../db/database';
import { parseOrBadRequest } from '../http/json-body';
import { rateLimit } from '../http/rate-limit';
import type { AuditEntry } from './audit-chain';
import type { AuditLog } from './audit-log';

/** Pages of her own trail a doctor may read per minute. */
export const AUDIT_PAGES_PER_MINUTE = 60;

const auditQuerySchema = z.object({
  entityId: z
    .string({ error: 'Informe o entityId do registro.' })
    .min(1, 'Informe o entityId do registro.')
    .max(200, 'entityId longo demais.'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The position the previous page ended at, as answered in `lastEvaluatedKey`. */
  lastEvaluatedKey: z
    .string()
    .regex(/^\d{1,15}$/, 'Chave de paginação inválida.')
    .transform(Number)
    .optional(),
});

/**
 * `/api/audit`: the signed-in doctor's own trail. `GET /?entityId=` lists every access the doctor
 * made to one entity (newest first, keyset paging); another doctor's entries are never answered,
 * so an entity of someone else's is simply an empty list. Checking the whole chain is the
 * operator's (`npm run audit:verify`): it would tell one doctor how much all the others did.
 */
export function auditRoutes(deps: {
  auditLog: AuditLog;
  sessions: SessionVerifier;
  db: AppDatabase;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));
  // A doctor reads her trail a page at a time; a script walking it is slowed, not the server.
  routes.use(
    '*',
    rateLimit({
      db: deps.db,
      name: 'audit',
      max: AUDIT_PAGES_PER_MINUTE,
      windowMs: 60_000,
      keyOf: (c) => c.get('doctor')?.id ?? 'unknown',
      message: 'Muitas consultas à trilha de auditoria. Aguarde um minuto e tente novamente.',
    }),
  );

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const query = parseOrBadRequest(auditQuerySchema, c.req.query());
    const rows = await deps.auditLog.entriesAbout(doctor.id, query.entityId, {
      limit: query.limit,
      before: query.lastEvaluatedKey,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return c.json({
      success: true,
      entries: page.map(presentAuditEntry),
      lastEvaluatedKey: rows.length > query.limit && last ? String(last.position) : undefined,
    });
  });

  return routes;
}

/** An entry as the API answers it: what happened, without the chain's bookkeeping. */
function presentAuditEntry(entry: AuditEntry) {
  return {
    position: entry.position,
    occurredAt: entry.occurredAt.toISOString(),
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    listedIds: entry.listedIds,
    ipAddress: entry.ipAddress,
    userAgent: entry.userAgent,
    status: entry.status,
  };
}
