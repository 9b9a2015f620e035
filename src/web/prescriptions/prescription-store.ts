import { z } from 'zod';
import type { PrescriptionExtraction } from '../../shared/ai-tasks';
import type { Medication } from '../../shared/medical-record';
import {
  defaultBatchName,
  prescriptionBatchSchema,
  prescriptionsOfBatch,
  type PrescriptionBatch,
  type PrescriptionCreateInput,
} from '../../shared/prescription';
import { dispenseQuantityFromText } from '../../shared/dispense-quantity';
import { COMMAND_GUARD_MESSAGES } from '../../shared/slash-commands';
import { ApiError, CONNECTION_ERROR, errorCodeOf } from '../api-request';
import {
  presentedPrescriptionSchema,
  type PresentedPrescription,
  type PrescriptionBackend,
} from './prescription-api';
import {
  draftFromExtraction,
  mergePrescriptionExtraction,
  toPrescriptionMedication,
  writableContentOf,
  type PrescribingDoctor,
} from './prescription-draft';

/**
 * The doctor's receitas and lotes in the browser (spec §4 Prescription, Batch): the one being
 * written, the active batch, and the finalised ones cached for the print dialog. One store per
 * signed-in doctor and tab. Every action goes to the server; when the server cannot be reached
 * the change is kept on this device (`prescription-local-<ms>`, `batch-local-<ms>` for new ones)
 * and sent by {@link PrescriptionStore.sync} once it answers again.
 */

export const LOCAL_PRESCRIPTION_ID_PREFIX = 'prescription-local-';
export const LOCAL_BATCH_ID_PREFIX = 'batch-local-';

/** Whether an id is one this browser gave to something the server has not created yet. */
export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_PRESCRIPTION_ID_PREFIX) || id.startsWith(LOCAL_BATCH_ID_PREFIX);
}

/** Texts the store answers with (spec §5 guards, and the store's own). */
export const PRESCRIPTION_MESSAGES = {
  noPrescription: COMMAND_GUARD_MESSAGES.noPrescription,
  noBatch: COMMAND_GUARD_MESSAGES.noBatch,
  alreadyFinalized: 'Esta receita já foi finalizada.',
  noSuchMedication: 'Medicamento não encontrado na receita.',
  addToBatchFailed: 'Não foi possível adicionar a receita ao lote. Tente novamente.',
  signedOut: 'Sessão encerrada.',
  unexpected: 'Resposta inesperada do servidor.',
  invalid: 'Receita inválida. Verifique as informações e tente novamente.',
  invalidDispenseQuantity:
    'Escreva a quantidade a dispensar com um número inteiro e a unidade, por exemplo: 21 cápsulas.',
} as const;

/**
 * - `idle`: nothing under way, the server has everything;
 * - `loading`: reading the saved receitas and lotes;
 * - `saving`: a change on its way;
 * - `offline`: some changes are only on this device, sent when the server answers again.
 */
export type PrescriptionStatus = 'idle' | 'loading' | 'saving' | 'offline';

export interface PrescriptionSnapshot {
  /** The receita being written (a draft), or one just made by a quick prescription. */
  current: PresentedPrescription | undefined;
  /** The lote prescriptions are being added to. */
  batch: PrescriptionBatch | undefined;
  /** Finalised receitas, newest first. */
  saved: readonly PresentedPrescription[];
  /** Finalised lotes, newest first. */
  batches: readonly PrescriptionBatch[];
  status: PrescriptionStatus;
}

/** What an action did: its value, or the Portuguese message to show the doctor. */
export type PrescriptionResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** The store's three local-storage entries (spec §3 "saved prescriptions, saved … batches"). */
export type PrescriptionStorageKey = 'saved' | 'batches' | 'active';

/** The browser storage the store writes to; `window.localStorage` wrapped in the app. */
export interface PrescriptionStorage {
  read(key: PrescriptionStorageKey): string | null;
  write(key: PrescriptionStorageKey, value: string): void;
  remove(key: PrescriptionStorageKey): void;
}

/** Finalised receitas kept in the browser: the print dialog's, not a whole archive. */
export const KEPT_PRESCRIPTIONS = 200;
export const KEPT_BATCHES = 50;
/** The page size `load` reads (the server's largest). */
const LOAD_LIMIT = 100;

type Listener = () => void;

const deletionSchema = z.object({
  kind: z.enum(['prescription', 'batch']),
  id: z.string().min(1),
  /** The version cancelled: one changed since elsewhere is not deleted (If-Match). */
  version: z.number().int().positive().optional(),
});
type Deletion = z.output<typeof deletionSchema>;

const storedSavedSchema = z.object({
  userId: z.string(),
  prescriptions: z.array(presentedPrescriptionSchema),
});
const storedBatchesSchema = z.object({
  userId: z.string(),
  batches: z.array(prescriptionBatchSchema),
});
const storedActiveSchema = z.object({
  userId: z.string(),
  current: presentedPrescriptionSchema.optional(),
  batch: prescriptionBatchSchema.optional(),
  /** Ids of receitas and lotes whose latest state the server lacks. */
  unsynced: z.array(z.string()).default([]),
  /** Drafts and lotes cancelled while the server could not be reached. */
  deletions: z.array(deletionSchema).default([]),
});

/** How a server call ended: its answer, the server's refusal, or no answer at all. */
type Outcome<T> =
  | { kind: 'ok'; value: T }
  /** `body`: the whole answer, e.g. a 409's code and the current receita or lote. */
  | { kind: 'refused'; error: string; status: number; body?: unknown }
  | { kind: 'unreachable' };

/** Thrown inside a running action when the doctor signed out meanwhile: its result is dropped. */
class Forgotten extends Error {}

const ok = <T>(value: T): PrescriptionResult<T> => ({ ok: true, value });
const failure = <T>(error: string): PrescriptionResult<T> => ({ ok: false, error });

/** Newest first by creation; ties keep their order. */
function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export class PrescriptionStore {
  private snapshot: PrescriptionSnapshot = {
    current: undefined,
    batch: undefined,
    saved: [],
    batches: [],
    status: 'idle',
  };
  private readonly listeners = new Set<Listener>();
  private unsynced = new Set<string>();
  private deletions: Deletion[] = [];
  /** One action at a time, in the order asked, so the server sees changes in order. */
  private queue: Promise<unknown> = Promise.resolve();
  private working: 'loading' | 'saving' | undefined;
  /** Bumped by `forget`: an action still running then is dropped. */
  private epoch = 0;
  private localSequence = 0;
  private lastLocalTime = 0;

  /**
   * @param userId - the signed-in doctor; another doctor's cache is dropped on restore
   * @param storage - the local-storage entries
   * @param backend - the prescriptions API
   * @param now - the clock (tests fix it)
   */
  constructor(
    private readonly userId: string,
    private readonly storage: PrescriptionStorage,
    private readonly backend: PrescriptionBackend,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // --- subscription (React reads it with useSyncExternalStore) ---------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PrescriptionSnapshot => this.snapshot;

  private publish(next: Partial<Omit<PrescriptionSnapshot, 'status'>>, persist = true): void {
    const status: PrescriptionStatus = this.working ?? (this.outboxIsEmpty() ? 'idle' : 'offline');
    this.snapshot = { ...this.snapshot, ...next, status };
    if (persist) this.persist();
    for (const listener of this.listeners) listener();
  }

  // --- start-up ----------------------------------------------------------------------------------

  /**
   * Reopens this doctor's cache and work in progress from the last visit; entries of another
   * doctor (a shared computer) or unreadable ones are dropped. Call {@link sync} and
   * {@link load} next to catch up with the server.
   */
  restore(): void {
    const saved = this.readEntry('saved', storedSavedSchema);
    const batches = this.readEntry('batches', storedBatchesSchema);
    const active = this.readEntry('active', storedActiveSchema);
    this.unsynced = new Set(active?.unsynced ?? []);
    this.deletions = active?.deletions ?? [];
    this.publish(
      {
        current: active?.current,
        batch: active?.batch,
        saved: saved?.prescriptions ?? [],
        batches: batches?.batches ?? [],
      },
      false,
    );
  }

  private readEntry<S extends z.ZodType>(
    key: PrescriptionStorageKey,
    schema: S,
  ): z.output<S> | undefined {
    const raw = this.storage.read(key);
    if (raw === null) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
    const owner: unknown =
      typeof value === 'object' && value !== null && 'userId' in value ? value.userId : undefined;
    if (typeof owner === 'string' && owner !== this.userId) {
      // Another doctor's receitas never show here (a shared computer).
      this.storage.remove(key);
      return undefined;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      console.error('Receitas salvas no navegador estão corrompidas; ignoradas.');
      this.storage.remove(key);
      return undefined;
    }
    return parsed.data;
  }

  // --- prescription (spec §4: none → started → updated → finalized or cancelled) ---------------

  /**
   * Starts a receita from an extraction, created on the server; when it cannot be reached, a
   * local draft sent later. A draft already open is replaced (it stays on the server, unfinished).
   * @param extraction - what was read from the doctor's text
   * @param doctor - who signs it
   */
  start(
    extraction: PrescriptionExtraction,
    doctor: PrescribingDoctor,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', async () => {
      const input = draftFromExtraction(extraction, doctor, this.now());
      const created = await this.createOrKeepLocally(input);
      if (!created.ok) return created;
      this.publish({ current: created.value });
      return created;
    });
  }

  /** Merges a new extraction (the last 10 messages) into the draft (spec §4). */
  update(extraction: PrescriptionExtraction): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', async () => {
      const draft = this.editableDraft();
      if (!draft.ok) return draft;
      return this.saveDraft(mergePrescriptionExtraction(draft.value, extraction));
    });
  }

  /** Appends a medicine to the draft (the record screen, `/adicionar-medicamento`). */
  addMedication(medication: Medication): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', async () => {
      const draft = this.editableDraft();
      if (!draft.ok) return draft;
      return this.saveDraft({
        ...draft.value,
        medications: [...draft.value.medications, toPrescriptionMedication(medication)],
      });
    });
  }

  /**
   * The doctor's own quantity to dispense for the medicine at `index` of a receita (the current
   * one or a saved one): kept as written ('2 caixas'), never recomputed (docs/receitas.md).
   * @param prescriptionId - the receita
   * @param index - the medicine, 0-based in the receita's order
   * @param typed - the quantity as typed: a whole number and its unit
   */
  setDispenseQuantity(
    prescriptionId: string,
    index: number,
    typed: string,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', async () => {
      const held = this.heldPrescription(prescriptionId);
      if (!held) return failure(PRESCRIPTION_MESSAGES.noPrescription);
      if (!held.medications[index]) return failure(PRESCRIPTION_MESSAGES.noSuchMedication);
      const quantity = dispenseQuantityFromText(typed);
      if (!quantity) return failure(PRESCRIPTION_MESSAGES.invalidDispenseQuantity);
      this.replacePrescription(prescriptionId, {
        ...held,
        medications: held.medications.map((medication, position) =>
          position === index ? { ...medication, dispenseQuantity: quantity } : medication,
        ),
        updatedAt: this.now().toISOString(),
      });
      this.unsynced.add(prescriptionId);
      await this.pushPrescription(prescriptionId);
      this.publish({});
      const saved = this.heldPrescription(prescriptionId);
      return saved ? ok(saved) : failure(PRESCRIPTION_MESSAGES.noPrescription);
    });
  }

  /** Removes the medicine at `index` (0-based, in the draft's order). */
  removeMedication(index: number): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', async () => {
      const draft = this.editableDraft();
      if (!draft.ok) return draft;
      const medications = draft.value.medications;
      if (!Number.isInteger(index) || index < 0 || index >= medications.length) {
        return failure(PRESCRIPTION_MESSAGES.noSuchMedication);
      }
      return this.saveDraft({
        ...draft.value,
        medications: medications.filter((_, position) => position !== index),
      });
    });
  }

  /**
   * Finalises the draft (saved, printable): it joins `saved` and is no longer current.
   * @returns the finalised receita
   */
  finalize(): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', () => this.finalizeCurrent());
  }

  /** Cancels the draft: deleted on the server, no longer current. A finalised one stays saved. */
  cancel(): Promise<PrescriptionResult<undefined>> {
    return this.act('saving', async () => {
      const current = this.snapshot.current;
      if (!current) return failure(PRESCRIPTION_MESSAGES.noPrescription);
      this.publish({ current: undefined });
      if (current.isFinalized) return ok(undefined);
      if (isLocalId(current.id)) {
        this.unsynced.delete(current.id);
        this.publish({});
        return ok(undefined);
      }
      const removed = await this.call(() =>
        this.backend.deletePrescription(current.id, current.version),
      );
      if (removed.kind === 'unreachable') {
        this.unsynced.delete(current.id);
        this.deletions.push({ kind: 'prescription', id: current.id, version: current.version });
        this.publish({});
      } else if (removed.kind === 'refused' && this.adoptChangedPrescription(removed)) {
        // Changed in another tab since: kept, as it now is, rather than deleted unseen.
        return failure(removed.error);
      } else if (removed.kind === 'refused' && removed.status !== 404) {
        console.warn('Rascunho de receita não removido do servidor.', removed.error);
      }
      return ok(undefined);
    });
  }

  /**
   * Spec §4 quick prescription: created and finalised at once, with one request. While a lote is
   * active it joins it (a doctor who started a lote is grouping the receitas that follow). It
   * becomes current, so `/adicionar-ao-lote` and `/mostrar-receita` can follow, unless a draft
   * is being written.
   */
  quick(
    extraction: PrescriptionExtraction,
    doctor: PrescribingDoctor,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    return this.act('saving', async () => {
      const input = { ...draftFromExtraction(extraction, doctor, this.now()), isFinalized: true };
      const created = await this.createOrKeepLocally(input);
      if (!created.ok) return created;
      // A draft being written is never pushed aside: the quick one is current only otherwise.
      const draftOpen = this.snapshot.current !== undefined && !this.snapshot.current.isFinalized;
      this.publish({
        current: draftOpen ? this.snapshot.current : created.value,
        saved: this.withSaved(created.value),
      });
      if (this.snapshot.batch) {
        const added = await this.addToActiveBatch(created.value);
        if (!added.ok) console.warn('Receita rápida não adicionada ao lote.', added.error);
      }
      return created;
    });
  }

  // --- batch (spec §4: created with a name, prescriptions added, finalized or cancelled) --------

  /**
   * Starts a lote; without a name the server calls it 'Lote dd/MM/yyyy'. A lote already active
   * is replaced (it stays open on the server).
   */
  startBatch(name?: string): Promise<PrescriptionResult<PrescriptionBatch>> {
    return this.act('saving', async () => {
      const given = name?.trim() ? name.trim() : undefined;
      const created = await this.call(() => this.backend.createBatch(given ? { name: given } : {}));
      if (created.kind === 'refused') return failure(created.error);
      let batch: PrescriptionBatch;
      if (created.kind === 'ok') {
        batch = created.value;
      } else {
        const now = this.now();
        batch = {
          id: this.localId(LOCAL_BATCH_ID_PREFIX),
          name: given ?? defaultBatchName(now),
          prescriptionIds: [],
          isFinalized: false,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        };
        this.unsynced.add(batch.id);
      }
      this.publish({ batch });
      return ok(batch);
    });
  }

  /**
   * Adds the current receita to the active lote, finalising it first if it is a draft; it is
   * then no longer current. Needs an active lote, then an active receita (spec §4, §5 guards).
   * @returns the lote with the receita, or the guard's or the server's message (a lote
   * finalised meanwhile: 'Este lote já foi finalizado.')
   */
  addCurrentToBatch(): Promise<PrescriptionResult<PrescriptionBatch>> {
    return this.act('saving', async () => {
      if (!this.snapshot.batch) return failure(PRESCRIPTION_MESSAGES.noBatch);
      const current = this.snapshot.current;
      if (!current) return failure(PRESCRIPTION_MESSAGES.noPrescription);
      let prescription = current;
      if (!current.isFinalized) {
        const finalized = await this.finalizeCurrent();
        if (!finalized.ok) return finalized;
        prescription = finalized.value;
      }
      const added = await this.addToActiveBatch(prescription);
      if (added.ok && this.snapshot.current?.id === prescription.id) {
        this.publish({ current: undefined });
      }
      return added;
    });
  }

  /** Finalises the active lote: it joins `batches` and is no longer active. */
  finalizeBatch(): Promise<PrescriptionResult<PrescriptionBatch>> {
    return this.act('saving', async () => {
      const batch = this.snapshot.batch;
      if (!batch) return failure(PRESCRIPTION_MESSAGES.noBatch);
      let finalized: PrescriptionBatch = {
        ...batch,
        isFinalized: true,
        updatedAt: this.now().toISOString(),
      };
      if (!this.unsynced.has(batch.id)) {
        const answer = await this.call(() =>
          this.backend.updateBatch(batch.id, { isFinalized: true }, batch.version),
        );
        if (answer.kind === 'refused') {
          this.adoptChangedBatch(answer);
          return failure(answer.error);
        }
        if (answer.kind === 'ok') finalized = answer.value;
        else this.unsynced.add(batch.id);
      }
      this.publish({ batch: undefined, batches: this.withBatch(finalized) });
      return ok(finalized);
    });
  }

  /** Cancels the active lote: deleted on the server; its receitas stay saved. */
  cancelBatch(): Promise<PrescriptionResult<undefined>> {
    return this.act('saving', async () => {
      const batch = this.snapshot.batch;
      if (!batch) return failure(PRESCRIPTION_MESSAGES.noBatch);
      this.unsynced.delete(batch.id);
      this.publish({ batch: undefined });
      if (isLocalId(batch.id)) return ok(undefined);
      const removed = await this.call(() => this.backend.deleteBatch(batch.id, batch.version));
      if (removed.kind === 'unreachable') {
        this.deletions.push({ kind: 'batch', id: batch.id, version: batch.version });
        this.publish({});
      } else if (removed.kind === 'refused' && this.adoptChangedBatch(removed)) {
        return failure(removed.error);
      } else if (removed.kind === 'refused' && removed.status !== 404) {
        console.warn('Lote não removido do servidor.', removed.error);
      }
      return ok(undefined);
    });
  }

  // --- cache -------------------------------------------------------------------------------------

  /**
   * Reads the finalised receitas and lotes (the newest 100 of each) from the server into the
   * cache, after sending what it lacks. Changes not sent yet stay as they are here.
   */
  load(): Promise<PrescriptionResult<undefined>> {
    return this.act('loading', async () => {
      const [prescriptions, batches] = await Promise.all([
        this.call(() => this.backend.listPrescriptions({ limit: LOAD_LIMIT })),
        this.call(() => this.backend.listBatches({ limit: LOAD_LIMIT })),
      ]);
      if (prescriptions.kind === 'ok') {
        const server = prescriptions.value.prescriptions.filter(
          (prescription) => prescription.isFinalized && !this.unsynced.has(prescription.id),
        );
        const mine = this.snapshot.saved.filter((prescription) =>
          this.unsynced.has(prescription.id),
        );
        this.publish({
          saved: newestFirst([...mine, ...server]).slice(0, KEPT_PRESCRIPTIONS),
        });
      }
      if (batches.kind === 'ok') this.takeServerBatches(batches.value.batches);
      for (const outcome of [prescriptions, batches]) {
        if (outcome.kind === 'unreachable') return failure(CONNECTION_ERROR);
        if (outcome.kind === 'refused') return failure(outcome.error);
      }
      return ok(undefined);
    });
  }

  private takeServerBatches(server: readonly PrescriptionBatch[]): void {
    let active = this.snapshot.batch;
    const activeOnServer = server.find((batch) => batch.id === active?.id);
    if (activeOnServer && active && !this.unsynced.has(active.id)) {
      // Finalised from another tab or device: no longer active here.
      active = activeOnServer.isFinalized ? undefined : activeOnServer;
    }
    const finalized = server.filter((batch) => batch.isFinalized && !this.unsynced.has(batch.id));
    const mine = this.snapshot.batches.filter((batch) => this.unsynced.has(batch.id));
    this.publish({
      batch: active,
      batches: newestFirst([...mine, ...finalized]).slice(0, KEPT_BATCHES),
    });
  }

  /**
   * For the print dialog (`/imprimir-receitas`): the active lote, else the newest finalised one,
   * that holds receitas, with those receitas in the lote's order (from the cache).
   */
  latestBatchWithPrescriptions():
    { batch: PrescriptionBatch; prescriptions: PresentedPrescription[] } | undefined {
    const { batch, batches, saved } = this.snapshot;
    for (const candidate of [...(batch ? [batch] : []), ...newestFirst(batches)]) {
      const prescriptions = prescriptionsOfBatch(candidate, saved);
      if (prescriptions.length > 0) return { batch: candidate, prescriptions };
    }
    return undefined;
  }

  /**
   * Sends what the server lacks: cancellations, then receitas, then lotes (which name them).
   * @returns whether the server now has everything (sign-out waits for it)
   */
  sync(): Promise<boolean> {
    // `run` sends first; what is left says whether it all went.
    return this.run('saving', () => Promise.resolve(this.outboxIsEmpty()), false);
  }

  /** On sign-out: nothing of this doctor stays in this browser or in this store. */
  forget(): void {
    this.epoch += 1;
    this.queue = Promise.resolve();
    this.working = undefined;
    this.unsynced.clear();
    this.deletions = [];
    this.storage.remove('saved');
    this.storage.remove('batches');
    this.storage.remove('active');
    this.publish({ current: undefined, batch: undefined, saved: [], batches: [] }, false);
  }

  dispose(): void {
    this.listeners.clear();
  }

  // --- the actions' parts ------------------------------------------------------------------------

  /** {@link run} for an action of the doctor's: signed out meanwhile, it says so. */
  private act<T>(
    work: 'loading' | 'saving',
    action: () => Promise<PrescriptionResult<T>>,
  ): Promise<PrescriptionResult<T>> {
    return this.run(work, action, failure<T>(PRESCRIPTION_MESSAGES.signedOut));
  }

  /**
   * Runs an action after those asked before it, first sending what the server lacks. One still
   * waiting or running when the doctor signs out ends with `forgotten` and changes nothing.
   */
  private run<R>(work: 'loading' | 'saving', action: () => Promise<R>, forgotten: R): Promise<R> {
    const epoch = this.epoch;
    const task = async (): Promise<R> => {
      if (epoch !== this.epoch) throw new Forgotten();
      this.working = work;
      this.publish({}, false);
      try {
        await this.flushOutbox();
        return await action();
      } finally {
        if (epoch === this.epoch) {
          this.working = undefined;
          this.publish({});
        }
      }
    };
    const running = this.queue.then(task, task);
    this.queue = running.catch(() => undefined);
    return running.catch((error: unknown) => {
      if (error instanceof Forgotten) return forgotten;
      throw error;
    });
  }

  /** The draft an edit applies to, or why there is none to edit. */
  private editableDraft(): PrescriptionResult<PresentedPrescription> {
    const current = this.snapshot.current;
    if (!current) return failure(PRESCRIPTION_MESSAGES.noPrescription);
    if (current.isFinalized) return failure(PRESCRIPTION_MESSAGES.alreadyFinalized);
    return ok(current);
  }

  /** Creates a receita on the server, or keeps it here when the server cannot be reached. */
  private async createOrKeepLocally(
    input: PrescriptionCreateInput,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    const created = await this.call(() => this.backend.createPrescription(input));
    if (created.kind === 'ok') return ok(created.value);
    if (created.kind === 'refused') return failure(created.error);
    const now = this.now().toISOString();
    // Checked here as the server would, so a receita kept offline can be sent as it is.
    const parsed = presentedPrescriptionSchema.safeParse({
      ...input,
      id: this.localId(LOCAL_PRESCRIPTION_ID_PREFIX),
      createdAt: now,
      updatedAt: now,
    });
    if (!parsed.success) {
      return failure(parsed.error.issues[0]?.message ?? PRESCRIPTION_MESSAGES.invalid);
    }
    const local = parsed.data;
    this.unsynced.add(local.id);
    return ok(local);
  }

  /** Saves an edited draft: on the server, or here until it answers again. */
  private async saveDraft(
    next: PresentedPrescription,
  ): Promise<PrescriptionResult<PresentedPrescription>> {
    const edited = { ...next, updatedAt: this.now().toISOString() };
    if (!this.unsynced.has(next.id)) {
      const { isFinalized: _isFinalized, ...content } = writableContentOf(edited);
      const answer = await this.call(() =>
        this.backend.updatePrescription(next.id, content, next.version),
      );
      if (answer.kind === 'refused') {
        this.adoptChangedPrescription(answer);
        return failure(answer.error);
      }
      if (answer.kind === 'ok') {
        this.publish({ current: answer.value });
        return ok(answer.value);
      }
    }
    this.unsynced.add(edited.id);
    this.publish({ current: edited });
    return ok(edited);
  }

  private async finalizeCurrent(): Promise<PrescriptionResult<PresentedPrescription>> {
    const current = this.snapshot.current;
    if (!current) return failure(PRESCRIPTION_MESSAGES.noPrescription);
    if (current.isFinalized) {
      // A quick prescription: already saved, simply no longer current.
      this.publish({ current: undefined, saved: this.withSaved(current) });
      return ok(current);
    }
    let finalized: PresentedPrescription = {
      ...current,
      isFinalized: true,
      updatedAt: this.now().toISOString(),
    };
    if (!this.unsynced.has(current.id)) {
      const answer = await this.call(() =>
        this.backend.updatePrescription(current.id, { isFinalized: true }, current.version),
      );
      if (answer.kind === 'refused') {
        this.adoptChangedPrescription(answer);
        return failure(answer.error);
      }
      if (answer.kind === 'ok') finalized = answer.value;
      else this.unsynced.add(current.id);
    }
    this.publish({ current: undefined, saved: this.withSaved(finalized) });
    return ok(finalized);
  }

  /** Adds a finalised receita to the active lote: on the server, or here until it answers. */
  private async addToActiveBatch(
    prescription: PresentedPrescription,
  ): Promise<PrescriptionResult<PrescriptionBatch>> {
    const batch = this.snapshot.batch;
    if (!batch) return failure(PRESCRIPTION_MESSAGES.noBatch);
    if (batch.prescriptionIds.includes(prescription.id)) return ok(batch);
    if (!this.unsynced.has(batch.id) && !this.unsynced.has(prescription.id)) {
      const answer = await this.call(() =>
        this.backend.addToBatch(batch.id, prescription.id, batch.version),
      );
      if (answer.kind === 'ok') {
        this.publish({ batch: answer.value });
        return ok(answer.value);
      }
      if (answer.kind === 'refused') {
        this.adoptChangedBatch(answer);
        return failure(answer.error || PRESCRIPTION_MESSAGES.addToBatchFailed);
      }
    }
    const added: PrescriptionBatch = {
      ...batch,
      prescriptionIds: [...batch.prescriptionIds, prescription.id],
      updatedAt: this.now().toISOString(),
    };
    this.unsynced.add(added.id);
    this.publish({ batch: added });
    return ok(added);
  }

  // --- sending what the server lacks -------------------------------------------------------------

  /** @returns whether the server has everything now */
  private async flushOutbox(): Promise<boolean> {
    for (const deletion of [...this.deletions]) {
      const removed = await this.call(() =>
        deletion.kind === 'prescription'
          ? this.backend.deletePrescription(deletion.id, deletion.version)
          : this.backend.deleteBatch(deletion.id, deletion.version),
      );
      if (removed.kind === 'unreachable') return false;
      this.deletions = this.deletions.filter((item) => item !== deletion);
      this.publish({});
    }
    const { current, saved } = this.snapshot;
    // Oldest first, so the server's order of creation is the doctor's.
    const prescriptions = [...saved].reverse();
    if (current && !saved.some((prescription) => prescription.id === current.id)) {
      prescriptions.push(current);
    }
    for (const prescription of prescriptions) {
      if (!this.unsynced.has(prescription.id)) continue;
      if (!(await this.pushPrescription(prescription.id))) return false;
    }
    const batches = [...this.snapshot.batches].reverse();
    if (this.snapshot.batch) batches.push(this.snapshot.batch);
    for (const batch of batches) {
      if (!this.unsynced.has(batch.id)) continue;
      if (!(await this.pushBatch(batch.id))) return false;
    }
    return this.outboxIsEmpty();
  }

  private outboxIsEmpty(): boolean {
    return this.unsynced.size === 0 && this.deletions.length === 0;
  }

  /** The receita with this id as held here (current or saved). */
  private heldPrescription(id: string): PresentedPrescription | undefined {
    const { current, saved } = this.snapshot;
    return current?.id === id ? current : saved.find((prescription) => prescription.id === id);
  }

  /** @returns false when the server could not be reached */
  private async pushPrescription(id: string): Promise<boolean> {
    const held = this.heldPrescription(id);
    if (!held) {
      this.unsynced.delete(id);
      return true;
    }
    const content = writableContentOf(held);
    let answer = isLocalId(id)
      ? await this.call(() => this.backend.createPrescription(content))
      : await this.call(() => this.backend.updatePrescription(id, content, held.version));
    if (answer.kind === 'refused' && this.adoptChangedPrescription(answer)) {
      // Changed in another tab meanwhile: the server's receita is kept, not overwritten unseen.
      this.unsynced.delete(id);
      console.warn(
        'Receita alterada em outra aba; a versão do servidor foi mantida.',
        answer.error,
      );
      return true;
    }
    if (answer.kind === 'refused' && answer.status === 404 && !isLocalId(id)) {
      // Deleted elsewhere while edited here: created again, so no word is lost.
      answer = await this.call(() => this.backend.createPrescription(content));
    }
    if (answer.kind === 'unreachable') return false;
    this.unsynced.delete(id);
    if (answer.kind === 'refused') {
      // The server will never take it as it is: it stays here, and the doctor sees it.
      console.warn('Receita recusada pelo servidor; mantida só neste navegador.', answer.error);
      this.publish({});
      return true;
    }
    this.replacePrescription(id, answer.value);
    return true;
  }

  /** Puts the server's copy in place of the held one, and its id in every lote that named it. */
  private replacePrescription(id: string, prescription: PresentedPrescription): void {
    const renamed = (batch: PrescriptionBatch): PrescriptionBatch =>
      batch.prescriptionIds.includes(id)
        ? {
            ...batch,
            prescriptionIds: batch.prescriptionIds.map((item) =>
              item === id ? prescription.id : item,
            ),
          }
        : batch;
    const { current, saved, batch, batches } = this.snapshot;
    this.publish({
      current: current?.id === id ? prescription : current,
      saved: saved.map((item) => (item.id === id ? prescription : item)),
      batch: batch ? renamed(batch) : undefined,
      batches: batches.map(renamed),
    });
  }

  /** @returns false when the server could not be reached */
  private async pushBatch(id: string): Promise<boolean> {
    const held =
      this.snapshot.batch?.id === id
        ? this.snapshot.batch
        : this.snapshot.batches.find((batch) => batch.id === id);
    if (!held) {
      this.unsynced.delete(id);
      return true;
    }
    // A receita the server refused keeps its local id: the lote is sent without it.
    const prescriptionIds = held.prescriptionIds.filter((item) => !isLocalId(item));
    const content = { name: held.name, prescriptionIds, isFinalized: held.isFinalized };
    let answer = isLocalId(id)
      ? await this.call(() => this.backend.createBatch(content))
      : await this.call(() => this.backend.updateBatch(id, content, held.version));
    if (answer.kind === 'refused' && this.adoptChangedBatch(answer)) {
      this.unsynced.delete(id);
      console.warn('Lote alterado em outra aba; a versão do servidor foi mantida.', answer.error);
      return true;
    }
    if (answer.kind === 'refused' && answer.status === 404 && !isLocalId(id)) {
      answer = await this.call(() => this.backend.createBatch(content));
    }
    if (answer.kind === 'unreachable') return false;
    this.unsynced.delete(id);
    if (answer.kind === 'refused') {
      console.warn('Lote recusado pelo servidor; mantido só neste navegador.', answer.error);
      this.publish({});
      return true;
    }
    const stored = answer.value;
    this.publish({
      batch: this.snapshot.batch?.id === id ? stored : this.snapshot.batch,
      batches: this.snapshot.batches.map((batch) => (batch.id === id ? stored : batch)),
    });
    return true;
  }

  // --- conflicts (If-Match) ---------------------------------------------------------------------

  /**
   * On a 409 `prescription_changed` (the receita was changed in another tab or device since it
   * was read), takes the server's current receita in place of the one held here.
   * @returns whether the refusal was such a conflict
   */
  private adoptChangedPrescription(refused: Outcome<unknown>): boolean {
    const current = changedState(refused, 'prescription_changed', 'prescription');
    const parsed = presentedPrescriptionSchema.safeParse(current);
    if (!parsed.success) return false;
    const prescription = parsed.data;
    if (this.snapshot.current?.id === prescription.id || this.heldPrescription(prescription.id)) {
      this.replacePrescription(prescription.id, prescription);
    } else {
      // A cancelled draft that was changed elsewhere: it is back, as it now is.
      this.publish({ current: prescription });
    }
    return true;
  }

  /** As {@link adoptChangedPrescription}, for a 409 `batch_changed`. */
  private adoptChangedBatch(refused: Outcome<unknown>): boolean {
    const current = changedState(refused, 'batch_changed', 'batch');
    const parsed = prescriptionBatchSchema.safeParse(current);
    if (!parsed.success) return false;
    const stored = parsed.data;
    if (stored.isFinalized) {
      this.publish({
        batch: this.snapshot.batch?.id === stored.id ? undefined : this.snapshot.batch,
        batches: this.withBatch(stored),
      });
    } else {
      this.publish({
        batch: stored,
        batches: this.snapshot.batches.filter((batch) => batch.id !== stored.id),
      });
    }
    return true;
  }

  // --- helpers -----------------------------------------------------------------------------------

  /**
   * Runs a server call. No answer (network down, server failing with 5xx) is `unreachable`;
   * an answer that refuses carries the server's message.
   */
  private async call<T>(request: () => Promise<T>): Promise<Outcome<T>> {
    const epoch = this.epoch;
    let outcome: Outcome<T>;
    try {
      outcome = { kind: 'ok', value: await request() };
    } catch (error) {
      if (!(error instanceof ApiError)) {
        // The server answered in a shape this app does not know: a refusal in effect.
        outcome = { kind: 'refused', error: PRESCRIPTION_MESSAGES.unexpected, status: 0 };
      } else if (error.status !== undefined && error.status < 500) {
        outcome = { kind: 'refused', error: error.message, status: error.status, body: error.body };
      } else {
        outcome = { kind: 'unreachable' };
      }
    }
    if (epoch !== this.epoch) throw new Forgotten();
    return outcome;
  }

  private localId(prefix: string): string {
    const time = this.now().getTime();
    // Two in the same millisecond (a frozen clock, a quick receita right after a lote) stay apart.
    this.localSequence = time === this.lastLocalTime ? this.localSequence + 1 : 0;
    this.lastLocalTime = time;
    return this.localSequence === 0 ? `${prefix}${time}` : `${prefix}${time}-${this.localSequence}`;
  }

  private withSaved(prescription: PresentedPrescription): PresentedPrescription[] {
    return [
      prescription,
      ...this.snapshot.saved.filter((item) => item.id !== prescription.id),
    ].slice(0, KEPT_PRESCRIPTIONS);
  }

  private withBatch(batch: PrescriptionBatch): PrescriptionBatch[] {
    return [batch, ...this.snapshot.batches.filter((item) => item.id !== batch.id)].slice(
      0,
      KEPT_BATCHES,
    );
  }

  private persist(): void {
    const { current, batch, saved, batches } = this.snapshot;
    this.storage.write('saved', JSON.stringify({ userId: this.userId, prescriptions: saved }));
    this.storage.write('batches', JSON.stringify({ userId: this.userId, batches }));
    this.storage.write(
      'active',
      JSON.stringify({
        userId: this.userId,
        ...(current ? { current } : {}),
        ...(batch ? { batch } : {}),
        unsynced: [...this.unsynced],
        deletions: this.deletions,
      }),
    );
  }
}

/**
 * The current state a 409 with `code` carries under `field` (the receita or lote as it is on the
 * server), or undefined for any other outcome.
 */
function changedState(
  outcome: Outcome<unknown>,
  code: string,
  field: 'prescription' | 'batch',
): unknown {
  if (outcome.kind !== 'refused' || outcome.status !== 409) return undefined;
  const body = outcome.body;
  if (errorCodeOf(body) !== code || typeof body !== 'object' || body === null) return undefined;
  return field in body ? (body as Record<string, unknown>)[field] : undefined;
}
