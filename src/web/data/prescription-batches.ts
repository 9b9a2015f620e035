import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiError } from '@shared/api/client';
import { batchesApi } from '@shared/api/prescription-batches';
import {
  batchCreateSchema,
  defaultBatchName,
  prescriptionBatchSchema,
  type BatchCreate,
  type PrescriptionBatch,
} from '@shared/prescriptions/prescription';
import {
  LOCAL_BATCH_ID_PREFIX,
  adoptServerBatch,
  heldBatch,
  renameBatch,
  withFinalizedBatch,
  withNewBatch,
  withPrescriptionInBatch,
  withServerBatch,
  withoutBatch,
} from '@shared/prescriptions/state';
import { doctorEntry } from './local-entries';
import {
  BATCH,
  changeState,
  madeAt,
  newLocalId,
  noPayload,
  prescriptionKeys,
  prescriptionStateIn,
  savedBatchesSchema,
  type NoPayload,
  type SavedBatches,
} from './prescriptions';
import type { PersistedQuery } from './query-persistence';
import type { Refusal, TypedWrite, WriteKind } from './write-queue';

/**
 * The doctor's lotes (`/api/prescription-batches`) in the browser: how they are kept on the
 * device and the writes the queue sends of them. They live in the one state of receitas and lotes
 * (`prescriptions.ts`: a lote holds its receitas' ids, and the active one is kept with the
 * receita being written), under `prescriptionKeys.batches` and `prescriptionKeys.active`; the
 * doctor's actions on them are in `prescription-actions.ts`.
 */

export type BatchAnswer = { batch: PrescriptionBatch };

/** The finalised lotes (the newest 50), kept on the device for the print dialog. */
export const persistedSavedBatches: PersistedQuery<SavedBatches> = {
  queryKey: prescriptionKeys.batches,
  entry: doctorEntry('savedPrescriptionBatches', savedBatchesSchema),
};

/** The current lote a 409 `batch_changed` carries, if that is what the refusal is. */
function changedBatchOf(error: ApiError): PrescriptionBatch | undefined {
  if (error.code !== 'batch_changed') return undefined;
  const body = z.object({ batch: prescriptionBatchSchema }).safeParse(error.body);
  return body.success ? body.data.batch : undefined;
}

/** What the server said of a write of a lote: its copy replaces the one held, once settled. */
function settledBatch(
  cache: QueryClient,
  _write: TypedWrite<unknown>,
  answer: BatchAnswer,
  context: { pending: readonly unknown[]; previousId: string },
): void {
  const pending = context.pending.length > 0;
  changeState(cache, (state) => withServerBatch(state, context.previousId, answer.batch, pending));
}

/**
 * A write of a lote the server refused: as a receita's (prescriptions.ts), the server's copy is
 * taken when it changed elsewhere, and one deleted elsewhere while held here is created again.
 */
function refusedBatchWrite(
  cache: QueryClient,
  write: TypedWrite<unknown>,
  error: ApiError,
): Refusal {
  const current = changedBatchOf(error);
  if (current) {
    changeState(cache, (state) => adoptServerBatch(state, current));
    return { kind: 'drop' };
  }
  const held = heldBatch(prescriptionStateIn(cache), write.entityId);
  if (error.code === 'not_found' && held) {
    const localId = newLocalId(LOCAL_BATCH_ID_PREFIX, Date.now());
    changeState(cache, (state) => renameBatch(state, write.entityId, localId));
    return {
      kind: 'replace',
      writes: [
        {
          kind: createBatchWrite as WriteKind<unknown, unknown>,
          entityId: localId,
          payload: {
            name: held.name,
            prescriptionIds: held.prescriptionIds,
            isFinalized: held.isFinalized,
          } satisfies BatchCreate,
          creates: true,
        },
      ],
    };
  }
  return { kind: 'drop' };
}

/** Creates a lote; without a name the server calls it 'Lote dd/MM/aaaa'. */
export const createBatchWrite: WriteKind<BatchCreate, BatchAnswer> = {
  name: 'batch.create',
  resource: BATCH,
  payload: batchCreateSchema,
  send: (client, write) =>
    client.call(batchesApi.create, {
      body: {
        ...write.payload,
        // One kept on the device was shown with the name of the day it was made: it keeps it.
        name:
          write.payload.name ??
          (write.attempts > 0 ? defaultBatchName(new Date(write.queuedAt)) : undefined),
      },
    }),
  identify: (answer) => ({ entityId: answer.batch.id, version: answer.batch.version }),
  show: (cache, write) => {
    const at = madeAt(write);
    changeState(cache, (state) =>
      withNewBatch(state, {
        id: write.entityId,
        name: write.payload.name ?? defaultBatchName(new Date(write.queuedAt)),
        prescriptionIds: write.payload.prescriptionIds,
        isFinalized: write.payload.isFinalized,
        createdAt: at,
        updatedAt: at,
      }),
    );
  },
  settled: settledBatch,
};

const addToBatchSchema = z.object({ prescriptionId: z.string().min(1) });
type AddToBatch = z.output<typeof addToBatchSchema>;

/** Adds a receita at the end of a lote; a local receita's id is renamed once it is created. */
export const addToBatchWrite: WriteKind<AddToBatch, BatchAnswer> = {
  name: 'batch.addPrescription',
  resource: BATCH,
  payload: addToBatchSchema,
  send: (client, write) =>
    client.call(batchesApi.addPrescription, {
      params: { id: write.entityId },
      body: write.payload,
      ifMatch: write.version,
    }),
  identify: (answer) => ({ version: answer.batch.version }),
  show: (cache, write) =>
    changeState(cache, (state) =>
      withPrescriptionInBatch(state, write.entityId, write.payload.prescriptionId, madeAt(write)),
    ),
  settled: settledBatch,
  refused: refusedBatchWrite,
};

/** Finalises a lote: it no longer takes nor loses receitas. */
export const finalizeBatchWrite: WriteKind<NoPayload, BatchAnswer> = {
  name: 'batch.finalize',
  resource: BATCH,
  payload: noPayload,
  send: (client, write) =>
    client.call(batchesApi.update, {
      params: { id: write.entityId },
      body: { isFinalized: true },
      ifMatch: write.version,
    }),
  identify: (answer) => ({ version: answer.batch.version }),
  show: (cache, write) =>
    changeState(cache, (state) => withFinalizedBatch(state, write.entityId, madeAt(write))),
  settled: settledBatch,
  refused: refusedBatchWrite,
};

/** Deletes a cancelled lote, if it is still the version seen; its receitas stay. */
export const deleteBatchWrite: WriteKind<NoPayload, unknown> = {
  name: 'batch.delete',
  resource: BATCH,
  payload: noPayload,
  send: (client, write) =>
    client.call(batchesApi.remove, { params: { id: write.entityId }, ifMatch: write.version }),
  identify: () => ({}),
  show: (cache, write) => changeState(cache, (state) => withoutBatch(state, write.entityId)),
  refused: (cache, _write, error) => {
    const current = changedBatchOf(error);
    if (current) changeState(cache, (state) => adoptServerBatch(state, current));
    return { kind: 'drop' };
  },
};
