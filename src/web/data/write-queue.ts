import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isRetryableError } from '@shared/api/errors';
import { ApiError, type ApiClient } from '@shared/api/client';
import {
  dropEntityWrites,
  enqueueWrite,
  keepLocalVersion,
  markConflict,
  markSent,
  mergeQueues,
  nextWakeUp,
  nextWriteToSend,
  postponeWrite,
  retryAllNow,
  settleWrite,
  writesHeldBehindFailures,
  type QueuedWrite,
} from '@shared/sync/write-queue';
import {
  doctorEntryFamily,
  readEntry,
  removeEntry,
  writeEntry,
  type DoctorEntry,
} from './local-entries';

/**
 * The one offline write queue (docs/architecture.md, "Fila de escrita"): everything the doctor
 * edits — the record, receitas and lotes, settings — is a write handed to it. It is kept on the
 * device at once (local storage), shown in the query cache at once, and sent in order when the
 * server answers; a write the server could not take (no network, the server restarting) is
 * retried with backoff and after a reload. A write based on a version that is no longer the
 * server's raises the choice its kind asks for. The rules are pure functions in
 * `src/shared/sync/write-queue.ts`; each resource declares its kinds of write beside its queries
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
  sent: z.boolean().optional(),
  conflict: z.unknown().optional(),
});

const storedQueueSchema = z.object({ writes: z.array(storedWriteSchema) });

/**
 * The queue as kept on the device: one list per page (`writeQueue:<tab>`), so two tabs never
 * overwrite each other's; a list whose page is gone (closed, reloaded, crashed) is taken over
 * by the next page that starts (see {@link WriteQueue.adoptOrphans}).
 */
const queueEntries = doctorEntryFamily('writeQueue:', storedQueueSchema);

/** Which pages are alive, to tell an orphaned queue from a live tab's. */
export interface LivePages {
  /** This page's id. */
  readonly id: string;
  /** The ids of every page now alive (this one included); undefined when it cannot be told. */
  alive(): Promise<ReadonlySet<string> | undefined>;
}

const PAGE_LOCK_PREFIX = 'prontu-page:';

let thisPage: LivePages | undefined;

/**
 * The browser's live pages, told by the Web Locks API: each page holds a lock named after it
 * for as long as it lives, and the browser releases it when the page goes, however it goes.
 * One per page: every queue of the page is the same page's.
 */
export function browserLivePages(): LivePages {
  thisPage ??= lockedPage();
  return thisPage;
}

function lockedPage(): LivePages {
  const id = crypto.randomUUID();
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Never released: the page holds it until it is closed, reloaded or crashes.
  void locks?.request(`${PAGE_LOCK_PREFIX}${id}`, () => new Promise<never>(() => undefined));
  return {
    id,
    alive: async () => {
      if (!locks) return undefined;
      const { held = [] } = await locks.query();
      return new Set(
        held.flatMap((lock) =>
          lock.name?.startsWith(PAGE_LOCK_PREFIX) ? [lock.name.slice(PAGE_LOCK_PREFIX.length)] : [],
        ),
      );
    },
  };
}

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
  private sendingNow: Promise<void> | undefined;
  private readonly entry: DoctorEntry<z.output<typeof storedQueueSchema>>;
  private readonly pages: LivePages;
  private stopped = false;
  private readonly idle: (() => void)[] = [];

  /**
   * @param options.userId - the signed-in doctor: the queue is theirs alone
   * @param options.api - the typed client the writes go through
   * @param options.cache - the query cache the writes show in
   * @param options.kinds - every kind of write the app makes
   * @param options.pages - this page and the live ones (the browser's by default)
   * @param options.timings - shorter waits for tests: every quiet period, and the retry delay
   * @param options.now - the clock (tests fix it)
   */
  constructor(
    private readonly options: {
      userId: string;
      api: ApiClient;
      cache: QueryClient;
      kinds: readonly WriteKind<never, never>[];
      pages?: LivePages;
      timings?: { quietMs: number; retryDelayMs: (attempts: number) => number };
      now?: () => number;
    },
  ) {
    for (const kind of options.kinds) this.kinds.set(kind.name, kind as unknown as AnyKind);
    this.pages = options.pages ?? browserLivePages();
    this.entry = queueEntries.entry(this.pages.id);
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
    if (persist) writeEntry(this.entry, { writes: [...this.state.writes] }, this.options.userId);
    for (const listener of this.listeners) listener();
  }

  // --- life cycle --------------------------------------------------------------------------------

  /**
   * Takes over the queues this doctor left on the device by pages that are gone (a reload, a
   * closed tab, a crash, a power cut), shows their writes in the cache again and sends them.
   * Run at start, and again whenever the network or the tab comes back (a page just reloaded
   * may still hold its lock for a moment).
   */
  async adoptOrphans(): Promise<void> {
    const alive = await this.pages.alive();
    const orphans = queueEntries
      .storedSuffixes()
      .filter((page) => page !== this.pages.id && alive !== undefined && !alive.has(page));
    if (orphans.length === 0) return;
    let adopted: QueuedWrite[] = [];
    for (const page of orphans) {
      const entry = queueEntries.entry(page);
      adopted = [...adopted, ...this.readable(readEntry(entry, this.options.userId)?.writes ?? [])];
      removeEntry(entry);
    }
    this.publish({ writes: mergeQueues(this.state.writes, adopted) }, true);
    for (const write of adopted) this.kindOf(write).show?.(this.options.cache, write);
    this.pump();
  }

  /** The stored writes this app can still send; any other is dropped, and said so. */
  private readable(stored: readonly QueuedWrite[]): QueuedWrite[] {
    return stored.flatMap((write): QueuedWrite[] => {
      const kind = this.kinds.get(write.kind);
      if (!kind?.payload.safeParse(write.payload).success) {
        console.error(`Alteração guardada no navegador ilegível (${write.kind}); descartada.`);
        return [];
      }
      return [write];
    });
  }

  /** Starts (or starts again) sending what is due, taking over what closed pages left. */
  resume(): void {
    this.stopped = false;
    this.pump();
    void this.adoptOrphans();
  }

  /** Stops sending (the doctor's session ended); what is queued stays on the device. */
  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // A write already on its way is still settled (or kept) when its answer comes.
    return this.sendingNow ?? Promise.resolve();
  }

  /** On sign-out, once everything was sent: the queue leaves the device. */
  clear(): void {
    void this.stop();
    for (const [id, waiters] of this.waiters) {
      for (const waiter of waiters) waiter({ status: 'kept' });
      this.waiters.delete(id);
    }
    removeEntry(this.entry);
    this.publish({ writes: [], sending: undefined, offline: false, refusals: new Map() }, false);
  }

  /** The network or the tab came back: writes waiting for a retry go now. */
  retryNow(): void {
    this.publish({ writes: retryAllNow(this.state.writes, this.now()) }, true);
    this.pump();
    void this.adoptOrphans();
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
    const { queued, retried } = this.queue({
      ...write,
      kind: kind as unknown as WriteKind<unknown, unknown>,
    });
    return new Promise((resolve) => {
      this.waiters.set(queued.id, [...(this.waiters.get(queued.id) ?? []), resolve as Waiter]);
      // Behind a write the server could not take, it is kept until that one goes: waiting for
      // it would wait for the network. Unless that one is being tried again now: if it fails
      // again, the writes behind it are told they are kept.
      if (
        !retried &&
        writesHeldBehindFailures(this.state.writes).some((held) => held.id === queued.id)
      ) {
        this.resolve(queued.id, { status: 'kept' });
      }
    });
  }

  /**
   * @returns the write as queued (a folded one keeps the older one's id), and whether writes it
   *   waits behind were made due now
   */
  private queue(write: NewWrite<unknown>): { queued: QueuedWrite; retried: boolean } {
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
      notBefore: now + (this.options.timings?.quietMs ?? kind.quietMs ?? 0),
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
    // A new write (not folded) behind writes the server could not take — they may have reached
    // it, so nothing folds into them — is the doctor acting again: they are tried again now
    // rather than after their backoff. Folded keystrokes never trigger this.
    const retried =
      folded === undefined &&
      writesHeldBehindFailures(writes).some((held) => held.id === queued.id);
    this.publish({ writes: retried ? retryAllNow(writes, now) : writes, refusals }, true);
    // A folded write keeps the older one's id: whoever waited for it waits for the combined one.
    const result = folded ?? queued;
    kind.show?.(this.options.cache, { ...queued, payload: write.payload });
    this.pump();
    return { queued: result, retried };
  }

  /**
   * Sends everything now, without waiting for quiet periods.
   * @returns whether the server has every write (nothing left but conflicts or failures)
   */
  async flush(): Promise<boolean> {
    const now = this.now();
    this.publish(
      {
        writes: this.state.writes.map((write) => ({
          ...write,
          notBefore: Math.min(write.notBefore, now),
        })),
      },
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
    for (const write of this.pendingFor(resource, entityId))
      this.resolve(write.id, { status: 'kept' });
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
    this.sendingNow = this.send(due).finally(() => {
      this.running = false;
      this.sendingNow = undefined;
      this.pump();
    });
  }

  private async send(write: QueuedWrite): Promise<void> {
    const kind = this.kindOf(write);
    // Kept on the device before it leaves: if this page is gone before the answer, the page
    // that takes the write over must send it as it was (see QueuedWrite.sent).
    this.publish({ sending: write.id, writes: markSent(this.state.writes, write.id) }, true);
    let answer: unknown;
    try {
      answer = await kind.send(this.options.api, write);
    } catch (error) {
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError('unexpected_answer', 'Resposta inesperada do servidor.', 0);
      this.publish({ sending: undefined }, false);
      if (isRetryableError(failure.code)) {
        this.publish(
          {
            writes: postponeWrite(
              this.state.writes,
              write.id,
              this.now(),
              this.options.timings?.retryDelayMs,
            ),
            offline: true,
          },
          true,
        );
        this.resolve(write.id, { status: 'kept' });
        // The writes waiting behind it are kept as long as it is.
        for (const held of writesHeldBehindFailures(this.state.writes)) {
          this.resolve(held.id, { status: 'kept' });
        }
        return;
      }
      this.refused(kind, write, failure);
      return;
    }
    this.publish({ sending: undefined, offline: false }, false);
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
        const { queued } = this.queue(replacement);
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
