import { Hono } from 'hono';
import {
  recordCreateSchema,
  recordIdSchema,
  recordListQuerySchema,
  recordUpdateSchema,
} from '../../shared/medical-record';
import { buildNewRecordContent } from '../../shared/record-write';
import { assertActingAsSelf, currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { decodePagingKey, encodePagingKey } from './paging-key';
import { presentRecord } from './presenter';
import { createRecordRepository } from './repository';

const RECORD_NOT_FOUND = 'Prontuário não encontrado.';

/** `/api/medical-records`: the doctor's prontuários (ARCHITECTURE.md, HTTP API). */
export function medicalRecordRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
}): Hono<AppEnv> {
  const records = createRecordRepository(deps.db);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));
  routes.use('*', async (c, next) => {
    assertActingAsSelf(currentDoctor(c.get('doctor')), c.req.query('userId'));
    await next();
  });

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, recordCreateSchema);
    assertActingAsSelf(doctor, input.userId);
    const row = await records.insert(doctor.id, buildNewRecordContent(input));
    c.header('ETag', etag(row.version));
    return c.json({ success: true, recordId: row.id, record: presentRecord(row) }, 201);
  });

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const query = parseOrBadRequest(recordListQuerySchema, c.req.query());
    const after = query.lastEvaluatedKey ? decodePagingKey(query.lastEvaluatedKey) : undefined;
    const rows = await records.list(doctor.id, {
      status: query.status,
      limit: query.limit,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const lastEvaluatedKey = rows.length > query.limit && last ? encodePagingKey(last) : undefined;
    return c.json({ success: true, records: page.map(presentRecord), lastEvaluatedKey });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await records.find(doctor.id, recordIdFrom(c.req.param('id')));
    if (!row) throw notFound(RECORD_NOT_FOUND);
    c.header('ETag', etag(row.version));
    return c.json({ success: true, record: presentRecord(row) });
  });

  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = recordIdFrom(c.req.param('id'));
    const expectedVersion = parseIfMatch(c.req.header('if-match'));
    const update = await readJsonBody(c, recordUpdateSchema);
    assertActingAsSelf(doctor, update.userId);
    if (update.id !== undefined && update.id !== id) {
      throw badRequest('O id no corpo não corresponde ao prontuário do endereço.');
    }
    const outcome = await records.update(doctor.id, id, update, expectedVersion);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(RECORD_NOT_FOUND);
      case 'rejected':
        throw badRequest(outcome.error);
      case 'stale':
        throw conflict(
          'Este prontuário foi alterado em outra janela ou dispositivo. Escolha qual versão manter.',
          { record: presentRecord(outcome.current) },
        );
      case 'updated':
        c.header('ETag', etag(outcome.row.version));
        return c.json({ success: true, record: presentRecord(outcome.row) });
    }
  });

  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    if (!(await records.remove(doctor.id, recordIdFrom(c.req.param('id'))))) {
      throw notFound(RECORD_NOT_FOUND);
    }
    return c.json({ success: true });
  });

  return routes;
}

/** An id that no record could have (e.g. with a NUL) is simply not found. */
function recordIdFrom(param: string): string {
  if (!recordIdSchema.safeParse(param).success) throw notFound(RECORD_NOT_FOUND);
  return param;
}

const etag = (version: number) => `"${version}"`;

/** Accepts `3`, `"3"` and `W/"3"`: the version a client last saw. */
function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match?.[1]) throw badRequest('Cabeçalho If-Match inválido: envie a versão do prontuário.');
  return Number(match[1]);
}
