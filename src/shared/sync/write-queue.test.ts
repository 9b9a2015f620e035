import { describe, expect, it } from 'vitest';
import {
  dropEntityWrites,
  enqueueWrite,
  keepLocalVersion,
  markConflict,
  markSent,
  nextWakeUp,
  nextWriteToSend,
  postponeWrite,
  renameId,
  retryAllNow,
  retryDelayMs,
  settleWrite,
  writesHeldBehindFailures,
  type QueuedWrite,
} from './write-queue';

let sequence = 0;
function write(overrides: Partial<QueuedWrite> & Pick<QueuedWrite, 'resource' | 'entityId'>) {
  sequence += 1;
  return {
    id: `w-${sequence}`,
    kind: `${overrides.resource}.save`,
    creates: false,
    payload: {},
    queuedAt: 0,
    notBefore: 0,
    attempts: 0,
    ...overrides,
  } satisfies QueuedWrite;
}

/** Later content replaces earlier content: the record's rule. */
const latestWins = (older: QueuedWrite, newer: QueuedWrite): QueuedWrite => ({
  ...older,
  payload: newer.payload,
  notBefore: newer.notBefore,
});

describe('enqueueWrite', () => {
  it('folds a write into the last queued one of its entity, keeping its place and base version', () => {
    const first = write({ resource: 'record', entityId: 'r1', payload: { plan: 'a' }, version: 3 });
    const other = write({ resource: 'prescription', entityId: 'p1' });
    const second = write({
      resource: 'record',
      entityId: 'r1',
      payload: { plan: 'ab' },
      version: 3,
    });
    const queue = enqueueWrite(enqueueWrite([first, other], second, { fold: latestWins }), other);
    expect(queue.filter((queued) => queued.entityId === 'r1')).toEqual([
      { ...first, payload: { plan: 'ab' } },
    ]);
  });

  it('never folds into the write being sent, nor one waiting for the doctor’s choice', () => {
    const sending = write({ resource: 'record', entityId: 'r1', payload: 1 });
    const next = write({ resource: 'record', entityId: 'r1', payload: 2 });
    expect(enqueueWrite([sending], next, { fold: latestWins, inFlightId: sending.id })).toEqual([
      sending,
      next,
    ]);
    const waiting = { ...sending, conflict: { version: 9 } };
    expect(enqueueWrite([waiting], next, { fold: latestWins })).toEqual([waiting, next]);
  });

  it('never folds into a write that left for the server before, answered or not', () => {
    // The server may have taken it: sent again unchanged, it is recognised as changing nothing.
    const lost = write({ resource: 'record', entityId: 'r1', payload: 1, sent: true, attempts: 1 });
    const adopted = write({ resource: 'record', entityId: 'r1', payload: 1, sent: true });
    const next = write({ resource: 'record', entityId: 'r1', payload: 2 });
    expect(enqueueWrite([lost], next, { fold: latestWins })).toEqual([lost, next]);
    expect(enqueueWrite([adopted], next, { fold: latestWins })).toEqual([adopted, next]);
    const folded = enqueueWrite(
      [adopted, next],
      { ...next, id: 'w-later', payload: 3 },
      {
        fold: latestWins,
      },
    );
    expect(folded).toEqual([adopted, { ...next, payload: 3 }]);
    expect(markSent([next], next.id)).toEqual([{ ...next, sent: true }]);
  });

  it('keeps both writes without a fold rule, or when the rule declines', () => {
    const create = write({ resource: 'batch', entityId: 'b1', creates: true });
    const add = write({ resource: 'batch', entityId: 'b1' });
    expect(enqueueWrite([create], add)).toEqual([create, add]);
    expect(enqueueWrite([create], add, { fold: () => undefined })).toEqual([create, add]);
  });
});

describe('nextWriteToSend', () => {
  it('sends in order, one write of an entity at a time', () => {
    const a1 = write({ resource: 'record', entityId: 'a' });
    const a2 = write({ resource: 'record', entityId: 'a' });
    const b1 = write({ resource: 'record', entityId: 'b' });
    expect(nextWriteToSend([a1, a2, b1], 0)).toBe(a1);
    expect(nextWriteToSend([{ ...a1, notBefore: 10 }, a2, b1], 0)).toBe(b1);
  });

  it('holds a write that names an entity whose create is still queued', () => {
    const createReceita = write({
      resource: 'prescription',
      entityId: 'prescription-local-1',
      creates: true,
      notBefore: 50,
    });
    const addToLote = write({
      resource: 'batch',
      entityId: 'batch-9',
      payload: { prescriptionId: 'prescription-local-1' },
    });
    const unrelated = write({ resource: 'settings', entityId: 'me' });
    expect(nextWriteToSend([createReceita, addToLote, unrelated], 0)).toBe(unrelated);
    expect(nextWriteToSend([createReceita, addToLote], 50)).toBe(createReceita);
  });

  it('does not send a write that waits for the doctor’s choice, nor those after it on the entity', () => {
    const waiting = write({ resource: 'record', entityId: 'a', conflict: { version: 4 } });
    const after = write({ resource: 'record', entityId: 'a' });
    const other = write({ resource: 'record', entityId: 'b', notBefore: 30 });
    expect(nextWriteToSend([waiting, after, other], 0)).toBeUndefined();
    expect(nextWakeUp([waiting, after, other])).toBe(30);
    expect(nextWakeUp([waiting])).toBeUndefined();
  });
});

describe('writesHeldBehindFailures', () => {
  it('names the writes that wait for one the server could not take, and no other', () => {
    const failedCreate = write({
      resource: 'prescription',
      entityId: 'prescription-local-1',
      creates: true,
      attempts: 2,
    });
    const finalize = write({ resource: 'prescription', entityId: 'prescription-local-1' });
    const addToLote = write({
      resource: 'batch',
      entityId: 'batch-9',
      payload: { prescriptionId: 'prescription-local-1' },
    });
    // Held by the add before it (same lote), which the failed create holds.
    const finalizeLote = write({ resource: 'batch', entityId: 'batch-9' });
    const unrelated = write({ resource: 'prescription', entityId: 'prescription-2' });
    expect(
      writesHeldBehindFailures([failedCreate, finalize, addToLote, finalizeLote, unrelated]),
    ).toEqual([finalize, addToLote, finalizeLote]);
  });

  it('holds nothing while no write has failed, nor by a write queued after it', () => {
    const first = write({ resource: 'record', entityId: 'a' });
    const second = write({ resource: 'record', entityId: 'a' });
    expect(writesHeldBehindFailures([first, second])).toEqual([]);
    expect(writesHeldBehindFailures([first, { ...second, attempts: 1 }])).toEqual([]);
  });
});

describe('settleWrite', () => {
  it('renames a created entity’s local id in later targets and payloads, and bases them on its version', () => {
    const create = write({
      resource: 'prescription',
      entityId: 'prescription-local-1',
      creates: true,
    });
    const edit = write({
      resource: 'prescription',
      entityId: 'prescription-local-1',
      payload: { notes: 'x' },
    });
    const lote = write({
      resource: 'batch',
      entityId: 'batch-local-2',
      creates: true,
      payload: { prescriptionIds: ['prescription-local-1', 'p-0'] },
    });
    const queue = settleWrite([create, edit, lote], create.id, {
      entityId: 'p-77',
      version: 1,
    });
    expect(queue).toEqual([
      { ...edit, entityId: 'p-77', version: 1 },
      { ...lote, payload: { prescriptionIds: ['p-77', 'p-0'] } },
    ]);
  });

  it('bases the entity’s next write on the version just saved', () => {
    const first = write({ resource: 'record', entityId: 'r', version: 2 });
    const second = write({ resource: 'record', entityId: 'r', version: 2 });
    expect(settleWrite([first, second], first.id, { version: 3 })).toEqual([
      { ...second, version: 3 },
    ]);
    expect(settleWrite([first, second], 'gone', {})).toEqual([first, second]);
  });
});

describe('retries and choices', () => {
  it('waits 1, 2, 4, 8 and then 15 s between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
    const queued = write({ resource: 'record', entityId: 'r' });
    const once = postponeWrite([queued], queued.id, 100);
    expect(once[0]).toMatchObject({ attempts: 1, notBefore: 1_100 });
    const twice = postponeWrite(once, queued.id, 2_000);
    expect(twice[0]).toMatchObject({ attempts: 2, notBefore: 4_000 });
    expect(retryAllNow(twice, 2_500)[0]).toMatchObject({ attempts: 2, notBefore: 2_500 });
  });

  it('keeps the doctor’s version over a newer one, or drops it for the server’s', () => {
    const mine = write({ resource: 'record', entityId: 'r', version: 2, notBefore: 5 });
    const conflicted = markConflict([mine], mine.id, { version: 7 });
    expect(conflicted[0]?.conflict).toEqual({ version: 7 });
    const kept = keepLocalVersion(conflicted, mine, 7, 10);
    expect(kept).toEqual([{ ...mine, version: 7, notBefore: 10 }]);
    expect(dropEntityWrites(conflicted, mine)).toEqual([]);
  });

  it('renames ids deep inside any JSON, leaving other values alone', () => {
    expect(renameId({ a: ['x', { b: 'x', c: 'xx' }], d: 1, e: null, f: true }, 'x', 'y')).toEqual({
      a: ['y', { b: 'y', c: 'xx' }],
      d: 1,
      e: null,
      f: true,
    });
  });
});
