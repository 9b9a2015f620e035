import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import type { ApiClient, ApiError } from '@shared/api/client';
import type { ApiErrorCode } from '@shared/api/errors';
import {
  presentedMedicationSchema,
  presentedPrescriptionSchema,
  prescriptionsApi,
  type PresentedPrescription,
} from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import { prescriptionBatchSchema } from '@shared/prescriptions/prescription';
import {
  contentOf,
  prescriptionContentSchema,
  withoutControlMarks,
  type PrescriptionContent,
} from '@shared/prescriptions/draft';
import {
  EMPTY_PRESCRIPTION_STATE,
  LOCAL_PRESCRIPTION_ID_PREFIX,
  adoptServerPrescription,
  heldPrescription,
  latestVersionOf,
  renamePrescription,
  withFinalizedPrescription,
  withNewPrescription,
  withPrescriptionContent,
  withServerBatchList,
  withServerPrescription,
  withServerPrescriptionList,
  withoutPrescription,
  type PrescriptionState,
} from '@shared/prescriptions/state';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { safetyReasonSchema } from '@shared/records/medical-record';
import { api } from './api';
import { useDoctorData } from './doctor-data-context';
import { doctorEntry } from './local-entries';
import { queryClient } from './query-client';
import type { PersistedQuery } from './query-persistence';
import type { Refusal, TypedWrite, WriteKind, WriteQueue } from './write-queue';

/**
 * The doctor's receitas and lotes (`/api/prescriptions`, `/api/prescription-batches`) in the
 * browser (docs/product.md, "Receitas e lotes"): the receita being written and the active lote,
 * and the finalised ones for the print dialog, in the query cache and kept on the device under
 * `activePrescription`, `savedPrescriptions` and `savedPrescriptionBatches`. Every
 * change is shown at once and handed to the write queue, which sends it in order and keeps it on
 * the device while the server cannot be reached: a receita or lote made offline has a local id
 * (`prescription-local-<ms>`, `batch-local-<ms>`) until its create is answered, and a lote naming
 * a local receita waits for it. A receita or lote changed meanwhile in another tab or device is
 * never overwritten: the server's version is taken, and the doctor told to check it. The rules
 * are pure functions in `src/shared/prescriptions/draft.ts` and `prescription-state.ts`; the
 * lotes' writes are in `prescription-batches.ts`, the doctor's actions in
 * `prescription-actions.ts`.
 */

export const prescriptionKeys = {
  all: ['prescriptions'] as const,
  /** The receita being written and the lote being filled: `{ current?, batch? }`. */
  active: ['prescriptions', 'active'] as const,
  /** The finalised receitas, newest first: `{ prescriptions }`. */
  saved: ['prescriptions', 'saved'] as const,
  /** The finalised lotes, newest first: `{ batches }`. */
  batches: ['prescriptions', 'batches'] as const,
};

// This device's receita and lote in progress and the finalised ones it keeps: never dropped while
// no screen shows them, or a change made from another screen would be written over what is kept.
queryClient.setQueryDefaults(prescriptionKeys.all, { gcTime: Infinity });

const activePrescriptionSchema = z.object({
  current: presentedPrescriptionSchema.optional(),
  batch: prescriptionBatchSchema.optional(),
});
type ActivePrescription = z.output<typeof activePrescriptionSchema>;

const savedPrescriptionsSchema = z.object({
  prescriptions: z.array(presentedPrescriptionSchema),
});
type SavedPrescriptions = z.output<typeof savedPrescriptionsSchema>;

export const savedBatchesSchema = z.object({ batches: z.array(prescriptionBatchSchema) });
export type SavedBatches = z.output<typeof savedBatchesSchema>;

/** The receita and lote in progress, kept on the device: a reload reopens them. */
export const persistedActivePrescription: PersistedQuery<ActivePrescription> = {
  queryKey: prescriptionKeys.active,
  entry: doctorEntry('activePrescription', activePrescriptionSchema),
};

/** The finalised receitas (the newest 200), kept on the device for the print dialog. */
export const persistedSavedPrescriptions: PersistedQuery<SavedPrescriptions> = {
  queryKey: prescriptionKeys.saved,
  entry: doctorEntry('savedPrescriptions', savedPrescriptionsSchema),
};

// --- the state in the cache ------------------------------------------------------------------

/** The receitas and lotes as the cache holds them now. */
export function prescriptionStateIn(cache: QueryClient): PrescriptionState {
  const active = cache.getQueryData<ActivePrescription>(prescriptionKeys.active);
  return {
    current: active?.current,
    batch: active?.batch,
    saved:
      cache.getQueryData<SavedPrescriptions>(prescriptionKeys.saved)?.prescriptions ??
      EMPTY_PRESCRIPTION_STATE.saved,
    batches:
      cache.getQueryData<SavedBatches>(prescriptionKeys.batches)?.batches ??
      EMPTY_PRESCRIPTION_STATE.batches,
  };
}

/** Changes the receitas and lotes in the cache; only the parts that changed are written. */
export function changeState(
  cache: QueryClient,
  change: (state: PrescriptionState) => PrescriptionState,
) {
  const held = prescriptionStateIn(cache);
  const next = change(held);
  if (next.current !== held.current || next.batch !== held.batch) {
    cache.setQueryData<ActivePrescription>(prescriptionKeys.active, {
      ...(next.current ? { current: next.current } : {}),
      ...(next.batch ? { batch: next.batch } : {}),
    });
  }
  if (next.saved !== held.saved) {
    cache.setQueryData<SavedPrescriptions>(prescriptionKeys.saved, {
      prescriptions: [...next.saved],
    });
  }
  if (next.batches !== held.batches) {
    cache.setQueryData<SavedBatches>(prescriptionKeys.batches, { batches: [...next.batches] });
  }
}

// --- the writes --------------------------------------------------------------------------------

/** The write queue's names of receitas and lotes. */
export const PRESCRIPTION = 'prescription';
export const BATCH = 'batch';

export type PrescriptionAnswer = { prescription: PresentedPrescription };

/** When a write was made, as the receita or lote it changed says. */
export const madeAt = (write: TypedWrite<unknown>) => new Date(write.queuedAt).toISOString();

export const noPayload = z.object({}).strict();
export type NoPayload = z.output<typeof noPayload>;

/** What the server said of a write of a receita: its copy replaces the one held, once settled. */
function settledPrescription(
  cache: QueryClient,
  _write: TypedWrite<unknown>,
  answer: PrescriptionAnswer,
  context: { pending: readonly unknown[]; previousId: string },
): void {
  const pending = context.pending.length > 0;
  changeState(cache, (state) =>
    withServerPrescription(state, context.previousId, answer.prescription, pending),
  );
}

/**
 * Refusals that carry the receita as the server now holds it: changed elsewhere since it was
 * read, or signed or cancelled there (it no longer changes). That copy is taken.
 */
const REFUSALS_WITH_SERVER_COPY: readonly ApiErrorCode[] = [
  'prescription_changed',
  'prescription_signed',
  'prescription_cancelled',
  'prescription_finalized',
  'prescription_exists',
];

/** Whether a refusal of a receita's write carries the server's copy, which replaces this one. */
export function carriesServerPrescription(error: ApiError): boolean {
  return REFUSALS_WITH_SERVER_COPY.includes(error.code);
}

/** The current receita a refusal carries ({@link carriesServerPrescription}), if it does. */
function changedPrescriptionOf(error: ApiError): PresentedPrescription | undefined {
  if (!carriesServerPrescription(error)) return undefined;
  const body = z.object({ prescription: presentedPrescriptionSchema }).safeParse(error.body);
  return body.success ? body.data.prescription : undefined;
}

/** Two ids made in the same millisecond (a quick receita right after a lote) stay apart. */
let lastLocalTime = 0;
let localSequence = 0;

/** A new local id, for a receita or lote made while the server cannot be reached. */
export function newLocalId(prefix: string, time: number): string {
  localSequence = time === lastLocalTime ? localSequence + 1 : 0;
  lastLocalTime = time;
  return localSequence === 0 ? `${prefix}${time}` : `${prefix}${time}-${localSequence}`;
}

/**
 * A write of a receita the server refused: changed elsewhere since, the server's copy is taken
 * (the doctor is told to check it); deleted elsewhere while edited here, it is created again,
 * so no word is lost. Otherwise it stays as it is here, only on this device.
 */
function refusedPrescriptionWrite(
  cache: QueryClient,
  write: TypedWrite<unknown>,
  error: ApiError,
): Refusal {
  const current = changedPrescriptionOf(error);
  if (current) {
    changeState(cache, (state) => adoptServerPrescription(state, current));
    return { kind: 'drop' };
  }
  const held = heldPrescription(prescriptionStateIn(cache), write.entityId);
  if (error.code === 'not_found' && held) {
    const localId = newLocalId(LOCAL_PRESCRIPTION_ID_PREFIX, Date.now());
    changeState(cache, (state) => renamePrescription(state, write.entityId, localId));
    return {
      kind: 'replace',
      writes: [
        {
          kind: createPrescriptionWrite as WriteKind<unknown, unknown>,
          entityId: localId,
          payload: contentOf(held),
          creates: true,
        },
      ],
    };
  }
  return { kind: 'drop' };
}

/** Creates a receita: a draft, or a quick one finalised at once. */
export const createPrescriptionWrite: WriteKind<PrescriptionContent, PrescriptionAnswer> = {
  name: 'prescription.create',
  resource: PRESCRIPTION,
  payload: prescriptionContentSchema,
  send: (client, write) =>
    client.call(prescriptionsApi.create, { body: withoutControlMarks(write.payload) }),
  identify: (answer) => ({
    entityId: answer.prescription.id,
    version: answer.prescription.version,
  }),
  show: (cache, write) => {
    const at = madeAt(write);
    changeState(cache, (state) =>
      withNewPrescription(state, {
        ...write.payload,
        id: write.entityId,
        createdAt: at,
        updatedAt: at,
      }),
    );
  },
  settled: settledPrescription,
  refused: (cache, write, error) => {
    // Its visit (or the receita it corrects) has one already, made elsewhere: that one is it.
    const existing = changedPrescriptionOf(error);
    if (existing) {
      changeState(cache, (state) =>
        adoptServerPrescription(withoutPrescription(state, write.entityId), existing),
      );
    }
    return { kind: 'drop' };
  },
};

/**
 * A part of a receita as sent: its medicines without the control marks the server adds, and
 * nothing of what is set once (its visit, the receita it replaces) or is the server's (its
 * issue, signature or cancellation).
 */
function sentContent(part: Partial<PrescriptionContent>) {
  const {
    medications,
    recordId: _recordId,
    replacesId: _replacesId,
    validation: _validation,
    signedAt: _signedAt,
    cancellation: _cancellation,
    receitaClass: _receitaClass,
    sncrNumber: _sncrNumber,
    ...rest
  } = part;
  return medications ? withoutControlMarks({ ...rest, medications }) : rest;
}

/**
 * A write of part of a receita's content, the whole part each time: a later one not yet sent
 * replaces an earlier one.
 */
function prescriptionContentWrite<Payload extends Partial<PrescriptionContent>>(
  name: string,
  payload: z.ZodType<Payload>,
): WriteKind<Payload, PrescriptionAnswer> {
  return {
    name,
    resource: PRESCRIPTION,
    payload,
    fold: (_older, newer) => newer.payload,
    send: (client, write) =>
      client.call(prescriptionsApi.update, {
        params: { id: write.entityId },
        body: sentContent(write.payload),
        ifMatch: write.version,
      }),
    identify: (answer) => ({ version: answer.prescription.version }),
    show: (cache, write) =>
      changeState(cache, (state) =>
        withPrescriptionContent(state, write.entityId, write.payload, madeAt(write)),
      ),
    settled: settledPrescription,
    refused: refusedPrescriptionWrite,
  };
}

/** Saves the whole content of a draft (a merge, a medicine added or removed). */
export const updatePrescriptionWrite = prescriptionContentWrite(
  'prescription.update',
  prescriptionContentSchema.omit({ isFinalized: true }),
);

/** Finalises a draft: saved and printable, it no longer changes but for its quantities. */
export const finalizePrescriptionWrite: WriteKind<NoPayload, PrescriptionAnswer> = {
  name: 'prescription.finalize',
  resource: PRESCRIPTION,
  payload: noPayload,
  send: (client, write) =>
    client.call(prescriptionsApi.update, {
      params: { id: write.entityId },
      body: { isFinalized: true },
      ifMatch: write.version,
    }),
  identify: (answer) => ({ version: answer.prescription.version }),
  show: (cache, write) =>
    changeState(cache, (state) => withFinalizedPrescription(state, write.entityId, madeAt(write))),
  settled: settledPrescription,
  refused: refusedPrescriptionWrite,
};

/**
 * The doctor's own quantity to dispense, on a draft or a finalised receita: its medicines as
 * they now are, the one overwritten marked as the doctor's (the server never recomputes it).
 */
export const setDispenseQuantityWrite = prescriptionContentWrite(
  'prescription.dispenseQuantity',
  z.object({ medications: z.array(presentedMedicationSchema) }),
);

/**
 * The doctor's reasons to issue a receita through its grave safety warnings, all of them as they
 * now are (docs/receitas.md, "Segurança da prescrição"): kept with it, never printed.
 */
export const setSafetyReasonsWrite = prescriptionContentWrite(
  'prescription.safetyReasons',
  z.object({ safetyReasons: z.array(safetyReasonSchema) }),
);

/** Deletes a cancelled draft, if it is still the version seen. */
export const deletePrescriptionWrite: WriteKind<NoPayload, unknown> = {
  name: 'prescription.delete',
  resource: PRESCRIPTION,
  payload: noPayload,
  send: (client, write) =>
    client.call(prescriptionsApi.remove, {
      params: { id: write.entityId },
      ifMatch: write.version,
    }),
  identify: () => ({}),
  show: (cache, write) => changeState(cache, (state) => withoutPrescription(state, write.entityId)),
  refused: (cache, _write, error) => {
    // Changed elsewhere since it was read: kept, as it now is, rather than deleted unseen.
    const current = changedPrescriptionOf(error);
    if (current) changeState(cache, (state) => adoptServerPrescription(state, current));
    return { kind: 'drop' };
  },
};

// --- reading -----------------------------------------------------------------------------------

/** How many receitas and lotes a read asks for: the server's largest page. */
const LIST_LIMIT = 100;

/** Ids of the receitas (or lotes) with writes still queued: the server has not got them yet. */
function unsentIds(queue: WriteQueue, resource: string): Set<string> {
  return new Set(
    queue
      .getState()
      .writes.filter((write) => write.resource === resource)
      .map((write) => write.entityId),
  );
}

/**
 * Reads a list from the server, again if a write of its resource landed meanwhile (the answer
 * may have been read before it): merged with what is still unsent, no receita is ever missing.
 * @returns the answer, and the ids still unsent once it came
 */
async function readBesideQueue<Answer>(
  queue: WriteQueue,
  resource: string,
  read: () => Promise<Answer>,
): Promise<{ answer: Answer; unsent: Set<string> }> {
  for (;;) {
    const before = unsentIds(queue, resource);
    const answer = await read();
    const unsent = unsentIds(queue, resource);
    if ([...before].every((id) => unsent.has(id))) return { answer, unsent };
  }
}

/**
 * The three queries: the receita and lote in progress are this device's own (the server's
 * copies come with the lists); the lists are read from the server and merged with what this
 * device has not sent yet.
 * @param cache - the query cache they live in
 * @param queue - the write queue, which tells what is still unsent
 * @param client - the API
 */
export function prescriptionQueries(cache: QueryClient, queue: WriteQueue, client: ApiClient) {
  return {
    active: {
      queryKey: prescriptionKeys.active,
      queryFn: (): ActivePrescription => {
        const { current, batch } = prescriptionStateIn(cache);
        return { ...(current ? { current } : {}), ...(batch ? { batch } : {}) };
      },
      // Nothing on the server to read it from: only this device knows what it is writing.
      staleTime: Infinity,
    },
    saved: {
      queryKey: prescriptionKeys.saved,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SavedPrescriptions> => {
        const { answer, unsent } = await readBesideQueue(queue, PRESCRIPTION, () =>
          // Drafts too, as the page's preload of this request asks (web-app.ts); they are left out.
          client.call(prescriptionsApi.list, { query: { limit: LIST_LIMIT }, signal }),
        );
        const next = withServerPrescriptionList(
          prescriptionStateIn(cache),
          answer.prescriptions,
          unsent,
        );
        return { prescriptions: [...next.saved] };
      },
    },
    batches: {
      queryKey: prescriptionKeys.batches,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SavedBatches> => {
        // Open ones too: the active lote may have been finalised elsewhere.
        const { answer, unsent } = await readBesideQueue(queue, BATCH, () =>
          client.call(batchesApi.list, { query: { limit: LIST_LIMIT }, signal }),
        );
        const held = prescriptionStateIn(cache);
        const next = withServerBatchList(held, answer.batches, unsent);
        if (next.batch !== held.batch) {
          changeState(cache, (state) => ({ ...state, batch: next.batch }));
        }
        return { batches: [...next.batches] };
      },
    },
  };
}

/** The receitas and lotes, re-rendering on every change; the saved ones read on first use. */
export function usePrescriptions(): PrescriptionState {
  const cache = useQueryClient();
  const { queue } = useDoctorData();
  const queries = useMemo(() => prescriptionQueries(cache, queue, api), [cache, queue]);
  const active = useQuery(queries.active).data;
  const saved = useQuery(queries.saved).data;
  const batches = useQuery(queries.batches).data;
  return useMemo(
    () => ({
      current: active?.current,
      batch: active?.batch,
      saved: saved?.prescriptions ?? EMPTY_PRESCRIPTION_STATE.saved,
      batches: batches?.batches ?? EMPTY_PRESCRIPTION_STATE.batches,
    }),
    [active, saved, batches],
  );
}

/**
 * Reads the saved receitas and lotes as the signed-in page starts, whatever screen it shows
 * first, so the print dialog has them (and the page's preloads of them are taken).
 */
export function useReadPrescriptionsOnStart(): void {
  const cache = useQueryClient();
  const { queue } = useDoctorData();
  useEffect(() => {
    const queries = prescriptionQueries(cache, queue, api);
    // A failure is the screens' to show when they read them; a later read tries again.
    void cache.query(queries.saved).catch(() => undefined);
    void cache.query(queries.batches).catch(() => undefined);
  }, [cache, queue]);
}

/**
 * The receitas given, each as now held (after a quantity was overwritten, say) — or its newer
 * version, once one corrects it — so a view opened with a copy shows the latest; one not held is
 * shown as given.
 * @param prescriptions - the receitas, in the order to show them
 */
export function useLatestPrescriptions(
  prescriptions: readonly ReceitaPrescription[],
): readonly ReceitaPrescription[] {
  const state = usePrescriptions();
  return useMemo(
    () => prescriptions.map((prescription) => latestVersionOf(state, prescription)),
    [prescriptions, state],
  );
}

/**
 * One receita, as this device holds it (a quantity it changed shows) or else as the server
 * keeps it: a patient's timeline opens her receitas this way.
 * @param cache - the query cache holding the receitas
 * @param id - the receita's id
 */
export function readPrescription(cache: QueryClient, id: string): Promise<PresentedPrescription> {
  const held = heldPrescription(prescriptionStateIn(cache), id);
  if (held) return Promise.resolve(held);
  return cache.query({
    queryKey: [...prescriptionKeys.all, 'detail', id],
    queryFn: async ({ signal }) =>
      (await api.call(prescriptionsApi.get, { params: { id }, signal })).prescription,
    staleTime: 0,
    // Not kept: the saved list is where receitas live on the device.
    gcTime: 0,
  });
}

/**
 * Signs receitas one after another with one typing of the password, which lives only in this
 * call (docs/documentos.md); each signed receita is held as the server answered it. The first refusal (a
 * wrong password, a receita changed elsewhere) stops the batch: the answer says which were
 * signed and why the rest were not.
 */
export function useReceitaSigning() {
  const cache = useQueryClient();
  return useMutation({
    // Dropped from the cache once nothing watches it; the dialog resets it after each try.
    gcTime: 0,
    mutationFn: async (input: {
      prescriptions: readonly Pick<ReceitaPrescription, 'id'>[];
      password: string;
    }): Promise<{ signed: PresentedPrescription[]; failure?: unknown }> => {
      const signed: PresentedPrescription[] = [];
      for (const { id } of input.prescriptions) {
        try {
          const { prescription } = await api.call(prescriptionsApi.sign, {
            params: { id },
            body: { password: input.password },
          });
          changeState(cache, (state) => withServerPrescription(state, id, prescription, false));
          signed.push(prescription);
        } catch (failure) {
          return { signed, failure };
        }
      }
      return { signed };
    },
  });
}

/**
 * Cancels an issued receita with the doctor's reason (it is kept, marked 'Cancelada', and its
 * validation page says so): a request of its own, never queued — the doctor sees at once whether
 * the pharmacy will find it cancelled.
 */
export function useReceitaCancellation() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      prescription: Pick<PresentedPrescription, 'id' | 'version'>;
      reason: string;
    }): Promise<PresentedPrescription> => {
      const { id, version } = input.prescription;
      const { prescription } = await api.call(prescriptionsApi.cancel, {
        params: { id },
        body: { reason: input.reason },
        ifMatch: version,
      });
      changeState(cache, (state) => withServerPrescription(state, id, prescription, false));
      return prescription;
    },
  });
}
