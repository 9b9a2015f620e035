/**
 * The rules of the offline write queue (docs/architecture.md, "Fila de escrita"), as pure
 * functions over a list: what the doctor edits is queued on the device at once and sent in
 * order when the server answers. The browser's runner (`src/web/data/write-queue.ts`) keeps the
 * list in local storage and does the sending; everything it decides is decided here.
 *
 * Every write names the entity it writes (`resource` + `entityId`). An entity created while the
 * server could not be reached has a local id until its create is answered; then the local id is
 * renamed to the server's everywhere in the queue — in later writes' targets and inside their
 * payloads (a lote naming a receita) — and writes that referred to it may go.
 */

/** One write waiting to reach the server. Plain JSON: it is stored as it is. */
export interface QueuedWrite {
  /** Unique among the queue's writes. */
  id: string;
  /** The kind of write (`record.save`, `prescription.create`…): who knows how to send it. */
  kind: string;
  /** The resource written (`record`, `prescription`, `batch`, `settings`). */
  resource: string;
  /** The entity written; a local id while its create has not been answered. */
  entityId: string;
  /** Whether this write creates the entity: later writes referring to it wait for it. */
  creates: boolean;
  /** What to send; the kind decides its shape. */
  payload: unknown;
  /** The version of the entity this write is based on (If-Match); none for a create. */
  version?: number | undefined;
  /** When it was queued (ms since the epoch). */
  queuedAt: number;
  /** Not sent before this moment: a quiet period for more edits, or a retry's backoff. */
  notBefore: number;
  /** Failed attempts so far (no answer, or the server down). */
  attempts: number;
  /**
   * Set before it first leaves for the server, and kept: the server may have taken it even if
   * no answer came (a lost answer, a page closed while it was on its way). Such a write is sent
   * again exactly as it was, so the server recognises it as a write that changes nothing
   * (docs/durabilidade.md, "Fechar o navegador no meio da consulta"); later edits never fold
   * into it.
   */
  sent?: boolean | undefined;
  /**
   * Set when the server holds a newer version than the write was based on and the doctor must
   * choose: the server's current state. Such a write is not sent until the choice is made.
   */
  conflict?: unknown;
}

/** The waits between attempts of a write the server could not take: 1, 2, 4, 8, then 15 s. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000];

/** The wait before attempt `attempts + 1`. */
export function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts - 1, 0), RETRY_DELAYS_MS.length - 1);
  return RETRY_DELAYS_MS[index] ?? 15_000;
}

const sameEntity = (a: QueuedWrite, b: Pick<QueuedWrite, 'resource' | 'entityId'>) =>
  a.resource === b.resource && a.entityId === b.entityId;

/**
 * Adds a write at the end of the queue. When `fold` is given and the entity's last queued write
 * was never sent (see {@link QueuedWrite.sent}) nor waits for the doctor's choice, the two
 * become one: `fold`
 * returns the combined write (e.g. the record's latest content replacing the earlier one), or
 * undefined to keep both.
 * @param queue - the queue
 * @param write - the new write
 * @param options.fold - how two writes of the same entity combine
 * @param options.inFlightId - the write being sent now, which must stay as it is
 */
export function enqueueWrite(
  queue: readonly QueuedWrite[],
  write: QueuedWrite,
  options: {
    fold?: (older: QueuedWrite, newer: QueuedWrite) => QueuedWrite | undefined;
    inFlightId?: string | undefined;
  } = {},
): QueuedWrite[] {
  const lastIndex = queue.findLastIndex((queued) => sameEntity(queued, write));
  const last = queue[lastIndex];
  if (
    options.fold &&
    last &&
    last.id !== options.inFlightId &&
    last.sent !== true &&
    last.conflict === undefined
  ) {
    const folded = options.fold(last, write);
    if (folded) return [...queue.slice(0, lastIndex), ...queue.slice(lastIndex + 1), folded];
  }
  return [...queue, write];
}

/**
 * Whether `value` (a payload: any JSON) holds the string `id` anywhere.
 * @param value - the payload
 * @param id - a local id
 */
export function refersTo(value: unknown, id: string): boolean {
  if (value === id) return true;
  if (Array.isArray(value)) return value.some((item) => refersTo(item, id));
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).some((item) => refersTo(item, id));
  }
  return false;
}

/**
 * `value` with every string equal to `from` replaced by `to` (a local id renamed to the
 * server's). Unchanged parts are kept as they are.
 */
export function renameId(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((item) => renameId(item, from, to));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, renameId(item, from, to)]),
    );
  }
  return value;
}

/**
 * The writes that may be sent as soon as their time comes, in queue order. Writes go in the
 * order they were queued, except that a write waits while: an earlier write of its entity is
 * still queued (an entity's writes arrive in order); it refers to an entity whose create is still
 * queued (a lote waits for its receita); or it waits for the doctor's choice. Other entities'
 * writes are not held up by it.
 */
function unblockedWrites(queue: readonly QueuedWrite[]): QueuedWrite[] {
  const earlier: QueuedWrite[] = [];
  const unblocked: QueuedWrite[] = [];
  for (const write of queue) {
    const blocked =
      write.conflict !== undefined ||
      earlier.some((before) => sameEntity(before, write)) ||
      earlier.some(
        (before) =>
          before.creates &&
          before.entityId !== write.entityId &&
          refersTo(write.payload, before.entityId),
      );
    if (!blocked) unblocked.push(write);
    earlier.push(write);
  }
  return unblocked;
}

/**
 * The writes that cannot go before a write the server could not take (one that failed and waits
 * for its retry): later writes of its entity, writes referring to the entity it creates, and the
 * writes held up by those in turn. They are as good as kept on the device until it goes.
 */
export function writesHeldBehindFailures(queue: readonly QueuedWrite[]): QueuedWrite[] {
  const blocking: QueuedWrite[] = [];
  const held: QueuedWrite[] = [];
  for (const write of queue) {
    const isHeld = blocking.some(
      (before) =>
        sameEntity(before, write) ||
        (before.creates &&
          before.entityId !== write.entityId &&
          refersTo(write.payload, before.entityId)),
    );
    if (isHeld) held.push(write);
    if (isHeld || write.attempts > 0) blocking.push(write);
  }
  return held;
}

/**
 * The write to send next: the first one not held up (see {@link unblockedWrites}) whose quiet
 * period or backoff has passed.
 * @param queue - the queue
 * @param now - the time (ms)
 */
export function nextWriteToSend(
  queue: readonly QueuedWrite[],
  now: number,
): QueuedWrite | undefined {
  return unblockedWrites(queue).find((write) => write.notBefore <= now);
}

/** The earliest moment a write now held up only by time may be sent, if any. */
export function nextWakeUp(queue: readonly QueuedWrite[]): number | undefined {
  const waiting = unblockedWrites(queue);
  return waiting.length ? Math.min(...waiting.map((write) => write.notBefore)) : undefined;
}

/**
 * The queue once the server took a write: the write is gone; a create's local id becomes the
 * server's everywhere; the entity's later writes are based on the version the server answered.
 * @param queue - the queue
 * @param writeId - the write the server took
 * @param answer.entityId - the entity's id on the server (a create), when it differs
 * @param answer.version - the entity's version after the write
 */
export function settleWrite(
  queue: readonly QueuedWrite[],
  writeId: string,
  answer: { entityId?: string | undefined; version?: number | undefined },
): QueuedWrite[] {
  const settled = queue.find((write) => write.id === writeId);
  let rest = queue.filter((write) => write.id !== writeId);
  if (!settled) return rest;
  const entityId = answer.entityId ?? settled.entityId;
  if (entityId !== settled.entityId) rest = renameEntity(rest, settled.entityId, entityId);
  if (answer.version === undefined) return rest;
  return rest.map((write) =>
    write.resource === settled.resource && write.entityId === entityId
      ? { ...write, version: answer.version, creates: false }
      : write,
  );
}

/** Renames an entity's id in every write's target and payload. */
export function renameEntity(
  queue: readonly QueuedWrite[],
  from: string,
  to: string,
): QueuedWrite[] {
  return queue.map((write) =>
    write.entityId === from || refersTo(write.payload, from)
      ? {
          ...write,
          entityId: write.entityId === from ? to : write.entityId,
          payload: renameId(write.payload, from, to),
        }
      : write,
  );
}

/**
 * The queue after a failed attempt (no answer, the server down): the write waits longer.
 * @param delay - the wait before the next attempt, by attempts so far ({@link retryDelayMs})
 */
export function postponeWrite(
  queue: readonly QueuedWrite[],
  writeId: string,
  now: number,
  delay: (attempts: number) => number = retryDelayMs,
): QueuedWrite[] {
  return queue.map((write) => {
    if (write.id !== writeId) return write;
    const attempts = write.attempts + 1;
    return { ...write, attempts, notBefore: now + delay(attempts) };
  });
}

/**
 * Two queues as one (a queue left by a closed tab taken over by a live one): every write once,
 * in the order they were queued.
 */
export function mergeQueues(
  mine: readonly QueuedWrite[],
  adopted: readonly QueuedWrite[],
): QueuedWrite[] {
  const known = new Set(mine.map((write) => write.id));
  return [...mine, ...adopted.filter((write) => !known.has(write.id))].sort(
    (a, b) => a.queuedAt - b.queuedAt,
  );
}

/** The queue with a write marked as leaving for the server (see {@link QueuedWrite.sent}). */
export function markSent(queue: readonly QueuedWrite[], writeId: string): QueuedWrite[] {
  return queue.map((write) => (write.id === writeId ? { ...write, sent: true } : write));
}

/** The queue with every postponed write due now (the network came back, the tab is visible). */
export function retryAllNow(queue: readonly QueuedWrite[], now: number): QueuedWrite[] {
  return queue.map((write) =>
    write.attempts > 0 && write.notBefore > now ? { ...write, notBefore: now } : write,
  );
}

/** The queue with a write waiting for the doctor's choice; `current` is the server's state. */
export function markConflict(
  queue: readonly QueuedWrite[],
  writeId: string,
  current: unknown,
): QueuedWrite[] {
  return queue.map((write) => (write.id === writeId ? { ...write, conflict: current } : write));
}

/**
 * The queue after the doctor chose to keep their version over the server's newer one: the
 * entity's writes are based on that newer version now (so they replace it), due at once.
 */
export function keepLocalVersion(
  queue: readonly QueuedWrite[],
  entity: Pick<QueuedWrite, 'resource' | 'entityId'>,
  serverVersion: number,
  now: number,
): QueuedWrite[] {
  return queue.map((write) => {
    if (!sameEntity(write, entity)) return write;
    const { conflict: _conflict, ...rest } = write;
    return { ...rest, version: serverVersion, notBefore: now, attempts: 0 };
  });
}

/** The queue without any write of the entity (the doctor took the server's version). */
export function dropEntityWrites(
  queue: readonly QueuedWrite[],
  entity: Pick<QueuedWrite, 'resource' | 'entityId'>,
): QueuedWrite[] {
  return queue.filter((write) => !sameEntity(write, entity));
}
