import { Hono } from 'hono';
import {
  type RecordPrescriptions,
  addendumCreateSchema,
  recordCreateSchema,
  recordListQuerySchema,
  recordUpdateSchema,
} from '@shared/records/medical-record';
import { aiUseOutcomeSchema } from '@shared/ai/use';
import { withDispenseQuantity } from '@clinical/prescriptions/dispense-plan';
import { buildNewRecordContent } from '@shared/records/write';
import { assertActingAsSelf, currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { idParam } from '../http/route-params';
import { etagOf as etag, parseIfMatch } from '../http/versions';
import { decodePagingKey, encodePagingKey } from './paging-key';
import type { MedicalRecordRow } from '../db/schema';
import { presentAddendum, presentRecord } from './presenter';
import { ownPatientCheck } from '../patients/own-patient';
import { createRecordRepository } from './repository';

const RECORD_NOT_FOUND = 'Prontuário não encontrado.';
const AI_USE_NOT_FOUND = 'Uso de IA não encontrado neste prontuário.';
const RECORD_FINALIZED =
  'Este prontuário foi finalizado e não pode ser alterado. Registre a correção como adendo.';
const RECORD_FINALIZED_NOT_DELETED =
  'Este prontuário foi finalizado e não pode ser excluído: prontuários finalizados são guardados.';
const ADDENDUM_ON_DRAFT =
  'Este prontuário ainda está em andamento: edite-o diretamente. Adendos são para prontuários finalizados.';
const RECORD_CHANGED_ELSEWHERE =
  'Este prontuário foi alterado em outra janela ou dispositivo. Escolha qual versão manter.';

/** `/api/medical-records`: the doctor's prontuários (docs/api.md, "API de prontuários"). */
export function medicalRecordRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
}): Hono<AppEnv> {
  const records = createRecordRepository(deps.db);
  const assertOwnPatient = ownPatientCheck(deps.db);
  /** One record as the API answers it, with its addenda and its uses of AI. */
  const present = async (userId: string, row: MedicalRecordRow) =>
    presentRecord(
      row,
      (await records.addendaOf(userId, [row])).get(row.id) ?? [],
      (await records.aiUsesOf(userId, [row])).get(row.id) ?? [],
    );
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));
  routes.use('*', async (c, next) => {
    assertActingAsSelf(currentDoctor(c.get('doctor')), c.req.query('userId'));
    await next();
  });

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = withRecordQuantities(await readJsonBody(c, recordCreateSchema));
    assertActingAsSelf(doctor, input.userId);
    await assertOwnPatient(doctor.id, input.patientId);
    const row = await records.insert(
      doctor.id,
      buildNewRecordContent(input),
      input.patientId ?? null,
    );
    c.header('ETag', etag(row.version));
    return c.json({ success: true, recordId: row.id, record: presentRecord(row, [], []) }, 201);
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
    const addenda = await records.addendaOf(doctor.id, page);
    const aiUses = await records.aiUsesOf(doctor.id, page);
    c.set(
      'listedIds',
      page.map((row) => row.id),
    );
    return c.json({
      success: true,
      records: page.map((row) =>
        presentRecord(row, addenda.get(row.id) ?? [], aiUses.get(row.id) ?? []),
      ),
      lastEvaluatedKey,
    });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await records.find(doctor.id, idParam(c, RECORD_NOT_FOUND));
    if (!row) throw notFound(RECORD_NOT_FOUND);
    c.header('ETag', etag(row.version));
    return c.json({ success: true, record: await present(doctor.id, row) });
  });

  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, RECORD_NOT_FOUND);
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const update = withRecordQuantities(await readJsonBody(c, recordUpdateSchema));
    assertActingAsSelf(doctor, update.userId);
    if (update.id !== undefined && update.id !== id) {
      throw badRequest('O id no corpo não corresponde ao prontuário do endereço.');
    }
    await assertOwnPatient(doctor.id, update.patientId);
    const outcome = await records.update(doctor.id, id, update, expectedVersion);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(RECORD_NOT_FOUND);
      case 'rejected':
        throw badRequest(outcome.error);
      case 'stale':
        throw conflict(RECORD_CHANGED_ELSEWHERE, 'record_changed', {
          record: await present(doctor.id, outcome.current),
        });
      case 'finalized':
        // The status and every part stay as they were; the current record comes along so a
        // client can show what is kept.
        throw conflict(RECORD_FINALIZED, 'record_finalized', {
          record: await present(doctor.id, outcome.current),
        });
      case 'unchanged':
      case 'updated':
        c.header('ETag', etag(outcome.row.version));
        return c.json({ success: true, record: await present(doctor.id, outcome.row) });
    }
  });

  // A finalised record is kept (CFM 1.821/2007 asks records to be kept): only drafts go. With
  // If-Match, only the version the doctor saw goes: not edits made since in another tab.
  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, RECORD_NOT_FOUND);
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const outcome = await records.remove(doctor.id, id, expectedVersion);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(RECORD_NOT_FOUND);
      case 'finalized':
        throw conflict(RECORD_FINALIZED_NOT_DELETED, 'record_finalized');
      case 'stale':
        throw conflict(RECORD_CHANGED_ELSEWHERE, 'record_changed', {
          record: await present(doctor.id, outcome.current),
        });
      case 'removed':
        return c.json({ success: true });
    }
  });

  routes.post('/:id/addenda', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, RECORD_NOT_FOUND);
    const input = await readJsonBody(c, addendumCreateSchema);
    const outcome = await records.addAddendum(doctor.id, id, {
      authorName: doctor.name,
      text: input.text,
    });
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(RECORD_NOT_FOUND);
      case 'not-finalized':
        throw conflict(ADDENDUM_ON_DRAFT, 'record_not_finalized');
      case 'added':
        c.header('ETag', etag(outcome.row.version));
        return c.json(
          {
            success: true,
            addendum: presentAddendum(outcome.addendum),
            record: await present(doctor.id, outcome.row),
          },
          201,
        );
    }
  });

  // What the doctor did with an AI answer, while the visit is open (docs/conformidade.md).
  routes.put('/:id/ai-use/:useId', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, RECORD_NOT_FOUND);
    const { outcome } = await readJsonBody(c, aiUseOutcomeSchema);
    const result = await records.setAiUseOutcome(doctor.id, id, c.req.param('useId'), outcome);
    switch (result.kind) {
      case 'not-found':
        throw notFound(AI_USE_NOT_FOUND);
      case 'finalized':
        throw conflict(RECORD_FINALIZED, 'record_finalized', {
          record: await present(doctor.id, result.row),
        });
      case 'set':
        return c.json({ success: true, record: await present(doctor.id, result.row) });
    }
  });

  return routes;
}

/**
 * A write whose prescribed medicines carry their quantities to dispense, computed here from each
 * item's parts as for receitas (a doctor's own quantity kept). The computation is deterministic,
 * so resending a record as it was stored is still a write that changes nothing.
 */
function withRecordQuantities<T extends { prescriptions?: RecordPrescriptions | null }>(
  write: T,
): T {
  const medications = write.prescriptions?.medications;
  if (!write.prescriptions || !medications) return write;
  return {
    ...write,
    prescriptions: { ...write.prescriptions, medications: medications.map(withDispenseQuantity) },
  };
}

const INVALID_IF_MATCH = 'Cabeçalho If-Match inválido: envie a versão do prontuário.';
