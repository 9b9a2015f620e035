import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isRetryableError } from '../../shared/api-errors';
import { ApiError, type ApiClient } from '../../shared/api/client';
import {
  dropEntityWrites,
  enqueueWrite,
  keepLocalVersion,
  markConflict,
  nextWakeUp,
  nextWriteToSend,
  postponeWrite,
  retryAllNow,
  settleWrite,
  type QueuedWrite,
} from '../../shared/write-queue';
import { doctorEntry, readEntry, removeEntry, writeEntry } from './local-entries';

/**
 * The one offline write queue (docs/architecture.md, "Fila de escrita"): everything the doctor
 * edits — the record, receitas and lotes, settings — is a write handed to it. It is kept on the
 * device at once (local storage), shown in the query cache at once, and sent in order when the
 * server answers; a write the server could not take (no network, the server restarting) is
 * retried with backoff and after a reload. A write based on a version that is no longer the
 * server's raises the choice its kind asks for. The rules are pure functions in
 * `src/shared/write-queue.ts`; each resource declares its kinds of write beside its queries
 * (`src/web/data/<resource>.ts`).
 */

/** A write as its kind sees it: its payload typed. */
export type TypedWrite<Payload> = Omit<QueuedWrite, 'payload'> & { payload: Payload };

/** What becomes of a write the server refused (not a passing failure). */
export type Refusal =
  /** Dropped; the doctor is told `message` (the kind may have adopted the server's state). */
  | { kind: 'drop'; message?: string }
  /** Kept until the doctor chooses between their version and `current`, the server's. */
  | { kind: 'ask'; current: unknown }
  /** Replaced by other writes (e.g. a save of a record deleted elsewhere becomes a create). */
  | { kind: 'replace'; writes: NewWrite<unknown>[] };

/** How one kind of write is kept, shown, sent and settled. */
export interface WriteKind<Payload, Answer> {
  /** Stored with each write (`record.save`). */
  name: string;
  resource: string;
  /** The payload as stored; a stored write that does not match it is dropped on restore. */
  payload: z.ZodType<Payload>;
  /** Milliseconds a write waits for more edits, which fold into it (the record's 2 s). */
  quietMs?: number;
  /** Two writes of the same entity as one, or undefined to keep both. */
  fold?: (older: TypedWrite<Payload>, newer: TypedWrite<Payload>) => Payload | undefined;
  send: (api: ApiClient, write: TypedWrite<Payload>) => Promise<Answer>;
  /** The entity's id as the server named it (for a create) and its version after the write. */
  identify: (answer: Answer) => { entityId?: string; version?: number };
  /** Shows the write in the query cache: when it is made, and again after a reload. */
  show?: (cache: QueryClient, write: TypedWrite<Payload>) => void;
  /**
   * The server took the write: the cache gets the server's answer.
   * @param context.pending - the entity's writes still queued (their edits must stay shown)
   * @param context.previousId - the entity's id before the server named it, for a create
   */
  settled?: (
    cache: QueryClient,
    write: TypedWrite<Payload>,
    answer: Answer,
    context: { pending: readonly QueuedWrite[]; previousId: string },
  ) => void;
  /** The server refused the write for good (4xx): what becomes of it. Dropped by default. */
  refused?: (cache: QueryClient, write: TypedWrite<Payload>, error: ApiError) => Refusal;
}

/** A write to queue: its entity, payload and the version it is based on. */
export interface NewWrite<Payload> {
  kind: WriteKind<Payload, unknown>;
  entityId: string;
  payload: Payload;
  version?: number | undefined;
  /** Whether it creates the entity (which then has a local id until answered). */
  creates?: boolean;
}

/** What came of a write, for whoever waits for it. */
export type WriteResult<Answer> =
  | { status: 'sent'; answer: Answer }
  /** The server could not be reached: the write is kept on the device and sent later. */
  | { status: 'kept' }
  | { status: 'refused'; error: ApiError }
  /** The server has a newer version: the doctor chooses (see {@link WriteQueue.choose}). */
  | { status: 'conflict' };

/** What screens read of the queue. */
export interface WriteQueueState {
  writes: readonly QueuedWrite[];
  /** The write being sent, if any. */
  sending: string | undefined;
  /** The last attempt found the server unreachable. */
  offline: boolean;
  /** The last refusal's message per entity (`resource:id`), until its next write is queued. */
  refusals: ReadonlyMap<string, string>;
}

/** Where each write of an entity stands, for the screens: saved, on its way, kept offline… */
export type EntitySaveState = 'saved' | 'saving' | 'offline' | 'conflict' | 'failed';

const storedWriteSchema = z.object({
  id: z.string(),
  kind: z.string(),
  resource: z.string(),
  entityId: z.string(),
  creates: z.boolean(),
  payload: z.unknown(),
  version: z.number().int().optional(),
  queuedAt: z.number(),
  notBefore: z.number(),
  attempts: z.number().int().nonnegative(),
  conflict: z.unknown().optional(),
});

/** The queue as kept on the device, one list per browser tab (see {@link WriteQueue.start}). */
const queueEntry = doctorEntry('writeQueue', z.object({ writes: z.array(storedWriteSchema) }));

const entityKey = (write: Pick<QueuedWrite, 'resource' | 'entityId'>) =>
  `${write.resource}:${write.entityId}`;

type Waiter = (result: WriteResult<unknown>) => void;

type AnyKind = WriteKind<unknown, unknown>;

export class WriteQueue {
  private state: WriteQueueState = {
    writes: [],
    sending: undefined,
    offline: false,
    refusals: new Map(),
  };
  private readonly listeners = new Set<() => void>();
  private readonly kinds = new Map<string, AnyKind>();
  private readonly waiters = new Map<string, Waiter[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sequence = 0;
  private running = false;
  private stopped = false;
  private readonly idle: (() => void)[] = [];

  /**
   * @param options.userId - the signed-in doctor: the queue is theirs alone
   * @param options.api - the typed client the writes go through
   * @param options.cache - the query cache the writes show in
   * @param options.kinds - every kind of write the app makes
   * @param options.now - the clock (tests fix it)
   */
  constructor(
    private readonly options: {
      userId: string;
      api: ApiClient;
      cache: QueryClient;
      kinds: readonly WriteKind<never, never>[];
      now?: () => number;
    },
  ) {
    for (const kind of options.kinds) this.kinds.set(kind.name, kind as unknown as AnyKind);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  // --- reading (React uses useSyncExternalStore) -----------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): WriteQueueState => this.state;

  /** The queued writes of an entity, oldest first. */
  pendingFor(resource: string, entityId: string): QueuedWrite[] {
    return this.state.writes.filter(
      (write) => write.resource === resource && write.entityId === entityId,
    );
  }

  /** Where an entity's edits stand. */
  saveStateOf(resource: string, entityId: string): EntitySaveState {
    const pending = this.pendingFor(resource, entityId);
    if (pending.some((write) => write.conflict !== undefined)) return 'conflict';
    if (pending.length === 0) {
      return this.state.refusals.has(entityKey({ resource, entityId })) ? 'failed' : 'saved';
    }
    return this.state.offline && pending.some((write) => write.attempts > 0) ? 'offline' : 'saving';
  }

  private publish(next: Partial<WriteQueueState>, persist: boolean): void {
    this.state = { ...this.state, ...next };
    if (persist) writeEntry(queueEntry, { writes: [...this.state.writes] }, this.options.userId);
    for (const listener of this.listeners) listener();
  }

  // --- life cycle --------------------------------------------------------------------------------

  /**
   * Takes the writes this doctor left on the device (a reload, a crash, a power cut) and shows
   * them in the cache again. Nothing is sent before {@link resume}.
   */
  load(): void {
    const stored = readEntry(queueEntry, this.options.userId)?.writes ?? [];
    const writes = stored.flatMap((write): QueuedWrite[] => {
      const kind = this.kinds.get(write.kind);
      if (!kind?.payload.safeParse(write.payload).success) {
        console.error(`Alteração guardada no navegador ilegível (${write.kind}); descartada.`);
        return [];
      }
      return [write];
    });
    this.publish({ writes }, true);
    for (const write of writes) this.kindOf(write).show?.(this.options.cache, write);
  }

  /** Starts (or starts again) sending what is due. */
  resume(): void {
    this.stopped = false;
    this.pump();
  }

  /** Stops sending (the doctor's session ended); what is queued stays on the device. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** On sign-out, once everything was sent: the queue leaves the device. */
  clear(): void {
    this.stop();
    for (const [id, waiters] of this.waiters) {
      for (const waiter of waiters) waiter({ status: 'kept' });
      this.waiters.delete(id);
    }
    removeEntry(queueEntry);
    this.publish({ writes: [], sending: undefined, offline: false, refusals: new Map() }, false);
  }

  /** The network or the tab came back: writes waiting for a retry go now. */
  retryNow(): void {
    this.publish({ writes: retryAllNow(this.state.writes, this.now()) }, true);
    this.pump();
  }

  // --- writing -----------------------------------------------------------------------------------

  /**
   * Queues a write: kept on the device and shown in the cache at once, sent after its kind's
   * quiet period.
   * @returns what came of it: sent, kept for later (server unreachable), refused, or conflict
   */
  submit<Payload, Answer>(
    kind: WriteKind<Payload, Answer>,
    write: Omit<NewWrite<Payload>, 'kind'>,
  ): Promise<WriteResult<Answer>> {
    const queued = this.queue({ ...write, kind: kind as unknown as WriteKind<unknown, unknown> });
    return new Promise((resolve) => {
      this.waiters.set(queued.id, [
        ...(this.waiters.get(queued.id) ?? []),
        resolve as Waiter,
      ]);
    });
  }

  private queue(write: NewWrite<unknown>): QueuedWrite {
    const kind = write.kind;
    const now = this.now();
    this.sequence += 1;
    const queued: QueuedWrite = {
      id: `w-${now}-${this.sequence}`,
      kind: kind.name,
      resource: kind.resource,
      entityId: write.entityId,
      creates: write.creates ?? false,
      payload: write.payload,
      version: write.version,
      queuedAt: now,
      notBefore: now + (kind.quietMs ?? 0),
      attempts: 0,
    };
    let folded: QueuedWrite | undefined;
    const writes = enqueueWrite(this.state.writes, queued, {
      inFlightId: this.state.sending,
      fold: kind.fold
        ? (older, newer) => {
            if (older.kind !== newer.kind) return undefined;
            const payload = kind.fold?.(older, newer);
            if (payload === undefined) return undefined;
            folded = { ...older, payload, notBefore: newer.notBefore };
            return folded;
          }
        : undefined,
    });
    const refusals = new Map(this.state.refusals);
    refusals.delete(entityKey(queued));
    this.publish({ writes, refusals }, true);
    // A folded write keeps the older one's id: whoever waited for it waits for the combined one.
    const result = folded ?? queued;
    kind.show?.(this.options.cache, { ...queued, payload: write.payload });
    this.pump();
    return result;
  }

  /**
   * Sends everything now, without waiting for quiet periods.
   * @returns whether the server has every write (nothing left but conflicts or failures)
   */
  async flush(): Promise<boolean> {
    const now = this.now();
    this.publish(
      { writes: this.state.writes.map((write) => ({ ...write, notBefore: Math.min(write.notBefore, now) })) },
      true,
    );
    this.pump();
    await new Promise<void>((resolve) => {
      if (!this.running) resolve();
      else this.idle.push(resolve);
    });
    return this.state.writes.length === 0;
  }

  /** Sends an entity's queued writes now, without waiting for their quiet period. */
  sendNow(resource: string, entityId: string): void {
    const now = this.now();
    this.publish(
      {
        writes: this.state.writes.map((write) =>
          write.resource === resource && write.entityId === entityId && write.notBefore > now
            ? { ...write, notBefore: now }
            : write,
        ),
      },
      true,
    );
    this.pump();
  }

  /** Drops an entity's queued writes (the doctor discarded what they held). */
  discard(resource: string, entityId: string): void {
    const entity = { resource, entityId };
    for (const write of this.pendingFor(resource, entityId)) this.resolve(write.id, { status: 'kept' });
    this.publish({ writes: dropEntityWrites(this.state.writes, entity) }, true);
  }

  /** The server's state an entity's write conflicts with, while the doctor has to choose. */
  conflictOf(resource: string, entityId: string): unknown {
    return this.pendingFor(resource, entityId).find((write) => write.conflict !== undefined)
      ?.conflict;
  }

  /** Why the server refused an entity's last write, until the next one is queued. */
  refusalOf(resource: string, entityId: string): string | undefined {
    return this.state.refusals.get(entityKey({ resource, entityId }));
  }

  /**
   * The doctor's choice after a conflict: keep their version (sent over the server's newer one)
   * or take the server's (their queued edits of that entity are dropped).
   */
  choose(
    entity: Pick<QueuedWrite, 'resource' | 'entityId'>,
    keep: 'mine' | 'theirs',
    serverVersion: number,
  ): void {
    const writes =
      keep === 'mine'
        ? keepLocalVersion(this.state.writes, entity, serverVersion, this.now())
        : dropEntityWrites(this.state.writes, entity);
    this.publish({ writes }, true);
    this.pump();
  }

  // --- sending -----------------------------------------------------------------------------------

  private kindOf(write: QueuedWrite): AnyKind {
    const kind = this.kinds.get(write.kind);
    if (!kind) throw new Error(`unknown write kind ${write.kind}`);
    return kind;
  }

  private resolve(writeId: string, result: WriteResult<unknown>): void {
    const waiters = this.waiters.get(writeId) ?? [];
    this.waiters.delete(writeId);
    for (const waiter of waiters) waiter(result);
  }

  /** Sends what is due, one write at a time; sleeps until the next write is due. */
  private pump(): void {
    if (this.running || this.stopped) return;
    clearTimeout(this.timer);
    const due = nextWriteToSend(this.state.writes, this.now());
    if (!due) {
      const wakeUp = nextWakeUp(this.state.writes);
      if (wakeUp !== undefined) {
        this.timer = setTimeout(() => this.pump(), Math.max(0, wakeUp - this.now()));
      }
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    this.running = true;
    void this.send(due).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async send(write: QueuedWrite): Promise<void> {
    const kind = this.kindOf(write);
    this.publish({ sending: write.id }, false);
    let answer: unknown;
    try {
      answer = await kind.send(this.options.api, write);
    } catch (error) {
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError('unexpected_answer', 'Resposta inesperada do servidor.', 0);
      this.publish({ sending: undefined }, false);
      if (this.stopped) return;
      if (isRetryableError(failure.code)) {
        this.publish(
          { writes: postponeWrite(this.state.writes, write.id, this.now()), offline: true },
          true,
        );
        this.resolve(write.id, { status: 'kept' });
        return;
      }
      this.refused(kind, write, failure);
      return;
    }
    this.publish({ sending: undefined, offline: false }, false);
    if (this.stopped) return;
    const identity = kind.identify(answer);
    const writes = settleWrite(this.state.writes, write.id, identity);
    const entityId = identity.entityId ?? write.entityId;
    this.publish({ writes }, true);
    kind.settled?.(this.options.cache, write, answer, {
      pending: this.pendingFor(write.resource, entityId),
      previousId: write.entityId,
    });
    this.resolve(write.id, { status: 'sent', answer });
  }

  private refused(kind: AnyKind, write: QueuedWrite, error: ApiError): void {
    const refusal: Refusal = kind.refused?.(this.options.cache, write, error) ?? { kind: 'drop' };
    if (refusal.kind === 'ask') {
      this.publish({ writes: markConflict(this.state.writes, write.id, refusal.current) }, true);
      this.resolve(write.id, { status: 'conflict' });
      return;
    }
    const rest = this.state.writes.filter((queued) => queued.id !== write.id);
    if (refusal.kind === 'replace') {
      this.publish({ writes: rest }, true);
      const waiters = this.waiters.get(write.id) ?? [];
      this.waiters.delete(write.id);
      for (const replacement of refusal.writes) {
        const queued = this.queue(replacement);
        this.waiters.set(queued.id, [...(this.waiters.get(queued.id) ?? []), ...waiters]);
      }
      return;
    }
    const refusals = new Map(this.state.refusals);
    refusals.set(entityKey(write), refusal.message ?? error.message);
    this.publish({ writes: rest, refusals }, true);
    this.resolve(write.id, { status: 'refused', error });
  }
}
