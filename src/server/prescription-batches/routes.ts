import { Hono, type Context } from 'hono';
import {
  batchCreateSchema,
  batchUpdateSchema,
  defaultBatchName,
  prescriptionsOfBatch,
  PRESCRIPTION_LIMITS,
} from '@shared/prescriptions/prescription';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { PrescriptionBatchRow } from '../db/schema';
import { validationBaseOf } from '../documents/presenter';
import type { AppEnv } from '../http/app-env';
import { badRequest, conflict, notFound } from '../http/errors';
import { readJsonBody } from '../http/json-body';
import { idParam } from '../http/route-params';
import { etagOf } from '../http/versions';
import { presentPrescription } from '../prescriptions/presenter';
import { createPrescriptionRepository } from '../prescriptions/repository';
import { expectedVersionOf, listOptionsFrom, pageOf } from '../prescriptions/routes';
import { presentBatch } from './presenter';
import { createBatchRepository, type BatchWriteOutcome } from './repository';
import { batchAddPrescriptionSchema } from './schema';

const BATCH_NOT_FOUND = 'Lote não encontrado.';
const BATCH_FINALIZED = 'Este lote já foi finalizado.';
const BATCH_CHANGED =
  'Este lote foi alterado em outra aba ou dispositivo. Confira a versão atual antes de continuar.';

/**
 * `/api/prescription-batches`: the doctor's lotes. A batch holds the ids of its prescriptions;
 * reading one batch also answers those prescriptions, in the batch's order.
 */
export function prescriptionBatchRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
  /** PUBLIC_URL: the origin of the validation pages printed on issued receitas. */
  publicOrigin: string | undefined;
}): Hono<AppEnv> {
  const originOf = (c: Context<AppEnv>) => validationBaseOf(deps.publicOrigin, c.req.url);
  const prescriptions = createPrescriptionRepository(deps.db);
  const batches = createBatchRepository(deps.db);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  /** The answer to a write on a batch (its ETag set on `c`), or the error it ends in. */
  const batchAnswer = (c: Context<AppEnv>, outcome: BatchWriteOutcome) => {
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(BATCH_NOT_FOUND);
      case 'stale':
        throw batchChanged(outcome.current);
      case 'finalized':
        throw conflict(BATCH_FINALIZED, 'batch_finalized', {
          batch: presentBatch(outcome.current),
        });
      case 'unknown-prescription':
        throw badRequest(`Receita não encontrada: ${outcome.prescriptionId}`);
      case 'already-in-batch':
        throw conflict('Esta receita já está no lote.', 'already_in_batch', {
          batch: presentBatch(outcome.current),
        });
      case 'full':
        throw badRequest(
          `Um lote pode ter no máximo ${PRESCRIPTION_LIMITS.batchPrescriptions} receitas.`,
        );
      case 'updated':
        c.header('ETag', etagOf(outcome.row.version));
        return { success: true, batch: presentBatch(outcome.row) } as const;
    }
  };

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, batchCreateSchema);
    const outcome = await batches.insert(doctor.id, {
      name: input.name ?? defaultBatchName(new Date()),
      prescriptionIds: input.prescriptionIds,
      isFinalized: input.isFinalized,
    });
    if (outcome.kind === 'unknown-prescription') {
      throw badRequest(`Receita não encontrada: ${outcome.prescriptionId}`);
    }
    c.header('ETag', etagOf(outcome.row.version));
    return c.json({ success: true, batch: presentBatch(outcome.row) }, 201);
  });

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const options = listOptionsFrom(c.req.query());
    const { page, lastEvaluatedKey } = pageOf(
      await batches.list(doctor.id, options),
      options.limit,
    );
    c.set(
      'listedIds',
      page.map((row) => row.id),
    );
    return c.json({ success: true, batches: page.map(presentBatch), lastEvaluatedKey });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await batches.find(doctor.id, idParam(c, BATCH_NOT_FOUND));
    if (!row) throw notFound(BATCH_NOT_FOUND);
    const batch = presentBatch(row);
    c.header('ETag', etagOf(row.version));
    const rows = await prescriptions.findMany(doctor.id, batch.prescriptionIds);
    const handedOver = prescriptionsOfBatch(
      batch,
      rows.map((stored) => presentPrescription(stored, originOf(c))),
    );
    // The batch is the entry's entity; the receitas it answers with are listed.
    c.set(
      'listedIds',
      handedOver.map((prescription) => prescription.id),
    );
    return c.json({
      success: true,
      batch,
      prescriptions: handedOver,
    });
  });

  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, BATCH_NOT_FOUND);
    const expectedVersion = expectedVersionOf(c);
    const update = await readJsonBody(c, batchUpdateSchema);
    return c.json(batchAnswer(c, await batches.update(doctor.id, id, update, expectedVersion)));
  });

  routes.post('/:id/prescriptions', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, BATCH_NOT_FOUND);
    const expectedVersion = expectedVersionOf(c);
    const { prescriptionId } = await readJsonBody(c, batchAddPrescriptionSchema);
    return c.json(
      batchAnswer(c, await batches.addPrescription(doctor.id, id, prescriptionId, expectedVersion)),
    );
  });

  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, BATCH_NOT_FOUND);
    const outcome = await batches.remove(doctor.id, id, expectedVersionOf(c));
    if (outcome.kind === 'not-found') throw notFound(BATCH_NOT_FOUND);
    if (outcome.kind === 'stale') throw batchChanged(outcome.current);
    return c.json({ success: true });
  });

  return routes;
}

/** 409 for a write on a lote that named an older version: the current one comes along. */
function batchChanged(current: PrescriptionBatchRow) {
  return conflict(BATCH_CHANGED, 'batch_changed', { batch: presentBatch(current) });
}
