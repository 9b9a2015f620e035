import { mustIssueOnPaper } from './receita-class';
import type { PresentedPrescription } from '../api/prescriptions';
import type { PrescriptionContent } from './draft';
import type { PrescriptionBatch } from './prescription';

/**
 * The doctor's receitas and lotes as the browser holds them (docs/product.md, "Receitas e
 * lotes"): the receita being written, the lote being filled, and the finalised ones kept for the
 * print dialog. Each change of a write is a pure function here, so the same change is shown when
 * the doctor makes it and again when a reloaded page takes the unsent write over; so are the
 * server's answers (a local id renamed, the server's copy taken) and its lists merged in.
 */

export interface PrescriptionState {
  /** The receita being written (a draft), or one just made by a quick prescription. */
  current: PresentedPrescription | undefined;
  /** The lote receitas are being added to. */
  batch: PrescriptionBatch | undefined;
  /**
   * Finalised (issued) receitas and the visits' drafts (docs/receitas.md, "A receita da
   * consulta"), newest first.
   */
  saved: readonly PresentedPrescription[];
  /** Finalised lotes, newest first. */
  batches: readonly PrescriptionBatch[];
}

export const EMPTY_PRESCRIPTION_STATE: PrescriptionState = {
  current: undefined,
  batch: undefined,
  saved: [],
  batches: [],
};

/** Finalised receitas and lotes kept on the device: the print dialog's, not a whole archive. */
export const KEPT_PRESCRIPTIONS = 200;
export const KEPT_BATCHES = 50;

/** Ids this browser gives to what it made while the server could not be reached. */
export const LOCAL_PRESCRIPTION_ID_PREFIX = 'prescription-local-';
export const LOCAL_BATCH_ID_PREFIX = 'batch-local-';

/**
 * Whether a receita can be signed now: saved on the server (not only on this device), neither
 * signed nor cancelled, and of a kind valid when signed digitally — a controlled or retained one
 * goes on paper (shared/prescriptions/receita-class.ts).
 */
export function isSignableReceita(
  prescription: Pick<PresentedPrescription, 'id' | 'signedAt' | 'cancellation' | 'receitaClass'>,
): boolean {
  return (
    !isLocalId(prescription.id) &&
    prescription.signedAt === undefined &&
    prescription.cancellation === undefined &&
    !isPaperReceita(prescription)
  );
}

/** Whether the server classed a receita as one issued on paper, signed by hand. */
export function isPaperReceita(prescription: Pick<PresentedPrescription, 'receitaClass'>): boolean {
  return prescription.receitaClass !== undefined && mustIssueOnPaper(prescription.receitaClass);
}

/**
 * Whether a draft is held with the saved receitas rather than as the one the chat is writing: a
 * visit's draft, a new version correcting an issued receita, or one made for a patient of the
 * chart (a renewal kept as a draft for a safety warning) — docs/receitas.md, "A receita da
 * consulta".
 */
export function standsApart(
  prescription: Pick<PresentedPrescription, 'recordId' | 'replacesId' | 'patientId'>,
): boolean {
  return (
    prescription.recordId !== undefined ||
    prescription.replacesId !== undefined ||
    prescription.patientId !== undefined
  );
}

/**
 * The newest version of a receita as held: the one that corrects it (not cancelled), and so on;
 * the receita itself when none does.
 */
export function latestVersionOf<Receita extends { id: string }>(
  state: PrescriptionState,
  prescription: Receita,
): PresentedPrescription | Receita {
  let latest: PresentedPrescription | Receita =
    heldPrescription(state, prescription.id) ?? prescription;
  for (let steps = 0; steps < KEPT_PRESCRIPTIONS; steps++) {
    const newer = state.saved.find(
      (item) => item.replacesId === latest.id && item.cancellation === undefined,
    );
    if (!newer) break;
    latest = newer;
  }
  return latest;
}

/** Whether an id is one this browser gave to something the server has not created yet. */
export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_PRESCRIPTION_ID_PREFIX) || id.startsWith(LOCAL_BATCH_ID_PREFIX);
}

/** Newest first by creation; ties keep their order. */
export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The finalised receitas with `prescription` first (once), the newest 200 kept. */
export function withSavedPrescription(
  saved: readonly PresentedPrescription[],
  prescription: PresentedPrescription,
): PresentedPrescription[] {
  return [prescription, ...saved.filter((item) => item.id !== prescription.id)].slice(
    0,
    KEPT_PRESCRIPTIONS,
  );
}

/** The finalised lotes with `batch` first (once), the newest 50 kept. */
export function withSavedBatch(
  batches: readonly PrescriptionBatch[],
  batch: PrescriptionBatch,
): PrescriptionBatch[] {
  return [batch, ...batches.filter((item) => item.id !== batch.id)].slice(0, KEPT_BATCHES);
}

/** The receita with this id as held (being written, or saved). */
export function heldPrescription(
  state: PrescriptionState,
  id: string,
): PresentedPrescription | undefined {
  return state.current?.id === id ? state.current : state.saved.find((item) => item.id === id);
}

/** The lote with this id as held (active, or saved). */
export function heldBatch(state: PrescriptionState, id: string): PrescriptionBatch | undefined {
  return state.batch?.id === id ? state.batch : state.batches.find((item) => item.id === id);
}

/** The state with every held copy of a receita changed (being written, saved, or both). */
function mapPrescription(
  state: PrescriptionState,
  id: string,
  change: (prescription: PresentedPrescription) => PresentedPrescription,
): PrescriptionState {
  if (!heldPrescription(state, id)) return state;
  return {
    ...state,
    current: state.current?.id === id ? change(state.current) : state.current,
    saved: state.saved.map((item) => (item.id === id ? change(item) : item)),
  };
}

/** The state with every held copy of a lote changed (active, or saved). */
function mapBatch(
  state: PrescriptionState,
  id: string,
  change: (batch: PrescriptionBatch) => PrescriptionBatch,
): PrescriptionState {
  if (!heldBatch(state, id)) return state;
  return {
    ...state,
    batch: state.batch?.id === id ? change(state.batch) : state.batch,
    batches: state.batches.map((item) => (item.id === id ? change(item) : item)),
  };
}

// --- the doctor's changes --------------------------------------------------------------------

/**
 * A new receita: a draft becomes the one being written (one open before stays on the server,
 * unfinished); a quick one is saved at once and becomes current too, unless a draft is being
 * written — a draft is never pushed aside. Already held, nothing changes (a reload showing it
 * again).
 */
export function withNewPrescription(
  state: PrescriptionState,
  prescription: PresentedPrescription,
): PrescriptionState {
  if (heldPrescription(state, prescription.id)) return state;
  // A visit's draft is the visit's, never the one the chat is writing.
  if (!prescription.isFinalized && !standsApart(prescription)) {
    return { ...state, current: prescription };
  }
  const draftOpen = state.current !== undefined && !state.current.isFinalized;
  return {
    ...state,
    current: draftOpen ? state.current : prescription,
    saved: withSavedPrescription(state.saved, prescription),
  };
}

/** The receita with a new content (a merge, a medicine added or removed, a quantity). */
export function withPrescriptionContent(
  state: PrescriptionState,
  id: string,
  content: Partial<PrescriptionContent>,
  at: string,
): PrescriptionState {
  return mapPrescription(state, id, (held) => ({ ...held, ...content, updatedAt: at }));
}

/** The receita finalised: saved (newest first), and no longer the one being written. */
export function withFinalizedPrescription(
  state: PrescriptionState,
  id: string,
  at: string,
): PrescriptionState {
  const held = heldPrescription(state, id);
  if (!held) return state;
  const finalized = held.isFinalized ? held : { ...held, isFinalized: true, updatedAt: at };
  return {
    ...state,
    current: state.current?.id === id ? undefined : state.current,
    saved: withSavedPrescription(state.saved, finalized),
  };
}

/** The receita gone (a cancelled draft). */
export function withoutPrescription(state: PrescriptionState, id: string): PrescriptionState {
  if (!heldPrescription(state, id)) return state;
  return {
    ...state,
    current: state.current?.id === id ? undefined : state.current,
    saved: state.saved.filter((item) => item.id !== id),
  };
}

/**
 * A new lote becomes the active one (one active before stays open on the server); one created
 * finalised (a lote made again after it was deleted elsewhere) is saved. Already held, nothing
 * changes.
 */
export function withNewBatch(
  state: PrescriptionState,
  batch: PrescriptionBatch,
): PrescriptionState {
  if (heldBatch(state, batch.id)) return state;
  return batch.isFinalized
    ? { ...state, batches: withSavedBatch(state.batches, batch) }
    : { ...state, batch };
}

/** The lote with a receita added at its end; one it holds already is not added twice. */
export function withPrescriptionInBatch(
  state: PrescriptionState,
  batchId: string,
  prescriptionId: string,
  at: string,
): PrescriptionState {
  return mapBatch(state, batchId, (batch) =>
    batch.prescriptionIds.includes(prescriptionId)
      ? batch
      : { ...batch, prescriptionIds: [...batch.prescriptionIds, prescriptionId], updatedAt: at },
  );
}

/** The lote finalised: saved (newest first), and no longer active. */
export function withFinalizedBatch(
  state: PrescriptionState,
  id: string,
  at: string,
): PrescriptionState {
  const held = heldBatch(state, id);
  if (!held) return state;
  const finalized = held.isFinalized ? held : { ...held, isFinalized: true, updatedAt: at };
  return {
    ...state,
    batch: state.batch?.id === id ? undefined : state.batch,
    batches: withSavedBatch(state.batches, finalized),
  };
}

/** The lote gone (cancelled); its receitas stay saved. */
export function withoutBatch(state: PrescriptionState, id: string): PrescriptionState {
  if (!heldBatch(state, id)) return state;
  return {
    ...state,
    batch: state.batch?.id === id ? undefined : state.batch,
    batches: state.batches.filter((item) => item.id !== id),
  };
}

/** Some receitas and lotes, by id. */
export interface HeldIds {
  prescriptions?: readonly string[];
  batches?: readonly string[];
}

/**
 * The state with receitas and lotes put back as they were in `before` (a change the server
 * refused): where they were then, or gone if they were not there.
 * @param ids - the receitas and lotes to put back
 */
export function restoredFrom(
  state: PrescriptionState,
  before: PrescriptionState,
  ids: HeldIds,
): PrescriptionState {
  let next = state;
  for (const id of ids.prescriptions ?? []) {
    const saved = before.saved.find((item) => item.id === id);
    next = {
      ...next,
      current:
        before.current?.id === id
          ? before.current
          : next.current?.id === id
            ? undefined
            : next.current,
      saved: newestFirst([
        ...next.saved.filter((item) => item.id !== id),
        ...(saved ? [saved] : []),
      ]),
    };
  }
  for (const id of ids.batches ?? []) {
    const saved = before.batches.find((item) => item.id === id);
    next = {
      ...next,
      batch:
        before.batch?.id === id ? before.batch : next.batch?.id === id ? undefined : next.batch,
      batches: newestFirst([
        ...next.batches.filter((item) => item.id !== id),
        ...(saved ? [saved] : []),
      ]),
    };
  }
  return next;
}

// --- the server's answers --------------------------------------------------------------------

/**
 * The state once the server took a write of a receita: a local id renamed to the server's
 * everywhere (lotes naming it too); the server's copy held — or, while more edits of it are still
 * on their way, only its identity (they must stay shown).
 * @param previousId - the id it was held under (a local one, for a create)
 * @param server - the receita as the server answered
 * @param pending - whether more writes of it are still queued
 */
export function withServerPrescription(
  state: PrescriptionState,
  previousId: string,
  server: PresentedPrescription,
  pending: boolean,
): PrescriptionState {
  const renamed = renamePrescription(state, previousId, server.id);
  return mapPrescription(renamed, server.id, (held) =>
    pending
      ? { ...held, id: server.id, version: server.version, createdAt: server.createdAt }
      : server,
  );
}

/** The receita's id renamed in its held copies and in every lote naming it. */
export function renamePrescription(
  state: PrescriptionState,
  from: string,
  to: string,
): PrescriptionState {
  if (from === to) return state;
  const renamed = mapPrescription(state, from, (held) => ({ ...held, id: to }));
  const inBatch = (batch: PrescriptionBatch): PrescriptionBatch =>
    batch.prescriptionIds.includes(from)
      ? { ...batch, prescriptionIds: batch.prescriptionIds.map((id) => (id === from ? to : id)) }
      : batch;
  return {
    ...renamed,
    batch: renamed.batch ? inBatch(renamed.batch) : undefined,
    batches: renamed.batches.map(inBatch),
  };
}

/** As {@link withServerPrescription}, for a lote. */
export function withServerBatch(
  state: PrescriptionState,
  previousId: string,
  server: PrescriptionBatch,
  pending: boolean,
): PrescriptionState {
  const renamed = renameBatch(state, previousId, server.id);
  return mapBatch(renamed, server.id, (held) =>
    pending
      ? { ...held, id: server.id, version: server.version, createdAt: server.createdAt }
      : server,
  );
}

/** The lote's id renamed in its held copies. */
export function renameBatch(state: PrescriptionState, from: string, to: string): PrescriptionState {
  return from === to ? state : mapBatch(state, from, (held) => ({ ...held, id: to }));
}

/**
 * A receita changed in another tab or device since it was read (409 `prescription_changed`):
 * the server's copy is taken in place of the one held, and goes back to being written if it is
 * still a draft there. One no longer held (a draft cancelled here) is back, as it now is.
 */
export function adoptServerPrescription(
  state: PrescriptionState,
  server: PresentedPrescription,
): PrescriptionState {
  if (standsApart(server) && !heldPrescription(state, server.id)) {
    // A visit's receita or a correction is held with the saved ones, never as the chat's draft.
    return { ...state, saved: newestFirst([server, ...state.saved]) };
  }
  if (
    !heldPrescription(state, server.id) ||
    (!server.isFinalized && !standsApart(server) && state.current?.id !== server.id)
  ) {
    // A draft there is the one being written here (a finalise or a cancel did not happen).
    return {
      ...state,
      current: server,
      saved: state.saved.filter((item) => item.id !== server.id),
    };
  }
  return mapPrescription(state, server.id, () => server);
}

/**
 * A lote changed in another tab or device since it was read (409 `batch_changed`): finalised
 * there, it is saved and no longer active; still open, it is the active one again.
 */
export function adoptServerBatch(
  state: PrescriptionState,
  server: PrescriptionBatch,
): PrescriptionState {
  if (server.isFinalized) {
    return {
      ...state,
      batch: state.batch?.id === server.id ? undefined : state.batch,
      batches: withSavedBatch(state.batches, server),
    };
  }
  return {
    ...state,
    batch: server,
    batches: state.batches.filter((item) => item.id !== server.id),
  };
}

/**
 * The finalised receitas once the server's were read: the server's (newest first), with those
 * of this device the server has not got yet (made or changed offline) as they are here.
 * @param server - the finalised receitas the server answered
 * @param unsent - ids of receitas with writes still queued
 */
export function withServerPrescriptionList(
  state: PrescriptionState,
  server: readonly PresentedPrescription[],
  unsent: ReadonlySet<string>,
): PrescriptionState {
  const isUnsent = (id: string) => unsent.has(id) || isLocalId(id);
  const mine = state.saved.filter((item) => isUnsent(item.id));
  const theirs = server.filter(
    (item) => (item.isFinalized || standsApart(item)) && !isUnsent(item.id),
  );
  return { ...state, saved: newestFirst([...mine, ...theirs]).slice(0, KEPT_PRESCRIPTIONS) };
}

/**
 * The finalised lotes once the server's were read, as {@link withServerPrescriptionList}; the
 * active lote, if the server has it and this device has nothing of it unsent, is the server's —
 * and no longer active if it was finalised elsewhere.
 * @param server - the lotes the server answered, finalised or not
 * @param unsent - ids of lotes with writes still queued
 */
export function withServerBatchList(
  state: PrescriptionState,
  server: readonly PrescriptionBatch[],
  unsent: ReadonlySet<string>,
): PrescriptionState {
  const isUnsent = (id: string) => unsent.has(id) || isLocalId(id);
  let active = state.batch;
  const activeOnServer = server.find((batch) => batch.id === active?.id);
  if (active && activeOnServer && !isUnsent(active.id)) {
    active = activeOnServer.isFinalized ? undefined : activeOnServer;
  }
  const mine = state.batches.filter((item) => isUnsent(item.id));
  const theirs = server.filter((item) => item.isFinalized && !isUnsent(item.id));
  return {
    ...state,
    batch: active,
    batches: newestFirst([...mine, ...theirs]).slice(0, KEPT_BATCHES),
  };
}

// --- what the screens read -------------------------------------------------------------------

/**
 * For the print dialog (`/imprimir-receitas`): the active lote, else the newest finalised one,
 * that holds receitas, with those receitas in the lote's order.
 */
export function latestBatchWithPrescriptions(
  state: PrescriptionState,
): { batch: PrescriptionBatch; prescriptions: PresentedPrescription[] } | undefined {
  const saved = new Map(state.saved.map((prescription) => [prescription.id, prescription]));
  for (const candidate of [...(state.batch ? [state.batch] : []), ...newestFirst(state.batches)]) {
    // In the lote's order; one not saved here (deleted since, or not read) is left out.
    const prescriptions = candidate.prescriptionIds.flatMap((id) => {
      const prescription = saved.get(id);
      return prescription ? [prescription] : [];
    });
    if (prescriptions.length > 0) return { batch: candidate, prescriptions };
  }
  return undefined;
}
