import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_RETRY_DELAYS_MS,
  SegmentUploads,
  SERVICE_RETRY_DELAYS_MS,
  type RetryKind,
  type SegmentSent,
  type SegmentUploadEvent,
} from './segment-uploads';

/** How the fake service answers: per segment, one answer per try, in order. */
type Answer = 'ok' | RetryKind;

/** The failure the queue hands back: how it can be overcome, so the test reads it. */
type Failure = { kind: RetryKind };

/**
 * A transcription service on the fake clock: each try takes `answerMs`; a segment's tries are
 * answered as scripted (then 'ok'); the browser's connection is `online`.
 */
function setup(script: Record<number, Answer[]> = {}, answerMs = 2_000) {
  const sent: number[] = [];
  const events: SegmentUploadEvent<Failure>[] = [];
  let online = true;
  let underWay = 0;
  let mostAtOnce = 0;
  const send = vi.fn(async (audio: string, index: number): Promise<SegmentSent<Failure>> => {
    sent.push(index);
    underWay += 1;
    mostAtOnce = Math.max(mostAtOnce, underWay);
    await new Promise((resolve) => setTimeout(resolve, answerMs));
    underWay -= 1;
    const answer = script[index]?.shift() ?? 'ok';
    return answer === 'ok'
      ? { ok: true, text: `texto de ${audio}` }
      : { ok: false, failure: { kind: answer } };
  });
  const uploads = new SegmentUploads<string, Failure>({
    send,
    retryKindOf: (failure) => failure.kind,
    isOnline: () => online,
    report: (event) => events.push(event),
  });
  return {
    uploads,
    sent,
    events,
    send,
    mostAtOnce: () => mostAtOnce,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** The events of one kind, as `index` or `index:reason`. */
    eventsOf: (type: SegmentUploadEvent<Failure>['type']) =>
      events
        .filter((event) => event.type === type)
        .map((event) =>
          event.type === 'waiting' ? `${event.index}:${event.reason}` : event.index,
        ),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sending the segments of a recording', () => {
  it('sends each segment as it comes and reports its text', async () => {
    const { uploads, sent, events } = setup();
    uploads.add(0, 'a');
    expect(sent).toEqual([0]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(events).toEqual([{ type: 'transcribed', index: 0, text: 'texto de a' }]);
  });

  it('sends in index order, at most two at a time', async () => {
    const { uploads, sent, eventsOf, mostAtOnce } = setup();
    uploads.add(1, 'b');
    uploads.add(0, 'a');
    uploads.add(2, 'c');
    expect(sent).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toEqual([1, 0, 2]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(eventsOf('transcribed')).toEqual([1, 0, 2]);
    expect(mostAtOnce()).toBe(2);
  });

  it('ignores a segment queued twice', async () => {
    const { uploads, sent } = setup();
    uploads.add(0, 'a');
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toEqual([0]);
  });
});

describe('a segment the service refused for now', () => {
  it('is sent again after a pause that grows, while the others go on', async () => {
    const { uploads, sent, events, eventsOf } = setup({ 0: ['service', 'service'] });
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(eventsOf('waiting')).toEqual(['0:service']);

    uploads.add(1, 'b');
    expect(sent).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(SERVICE_RETRY_DELAYS_MS[0] - 1);
    expect(sent).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([0, 1, 0]);

    await vi.advanceTimersByTimeAsync(2_000 + SERVICE_RETRY_DELAYS_MS[1] - 1);
    expect(sent).toEqual([0, 1, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([0, 1, 0, 0]);
    await vi.advanceTimersByTimeAsync(2_000);

    expect(eventsOf('transcribed')).toEqual([1, 0]);
    expect(events.at(-1)).toEqual({ type: 'transcribed', index: 0, text: 'texto de a' });
  });

  it('is given up after the last pause, with its failure', async () => {
    const tries = SERVICE_RETRY_DELAYS_MS.length + 1;
    const { uploads, sent, events } = setup({ 0: Array<Answer>(tries).fill('service') });
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual(Array<number>(tries).fill(0));
    expect(events.at(-1)).toEqual({ type: 'failed', index: 0, failure: { kind: 'service' } });
  });

  it('is given up at once when refused for good', async () => {
    const { uploads, sent, events } = setup({ 0: ['never'] });
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([0]);
    expect(events).toEqual([{ type: 'failed', index: 0, failure: { kind: 'never' } }]);
  });
});

describe('without a connection', () => {
  it('keeps every segment while the browser is offline, and sends them all, in order, when it is back', async () => {
    const { uploads, sent, eventsOf, setOnline } = setup();
    setOnline(false);
    uploads.add(0, 'a');
    uploads.add(1, 'b');
    uploads.add(2, 'c');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([]);
    expect(eventsOf('waiting')).toEqual(['0:connection', '1:connection', '2:connection']);
    expect(uploads.waitingForConnection).toBe(true);

    setOnline(true);
    uploads.connectionRestored();
    expect(sent).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent).toEqual([0, 1, 2]);
    expect(eventsOf('transcribed')).toEqual([0, 1, 2]);
    expect(uploads.waitingForConnection).toBe(false);
  });

  it('holds back the segments after one that got no answer, and tries again after a pause', async () => {
    const { uploads, sent, eventsOf } = setup({ 0: ['connection'] });
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(2_000);
    uploads.add(1, 'b');
    expect(sent).toEqual([0]);
    expect(eventsOf('waiting')).toEqual(['0:connection', '1:connection']);

    await vi.advanceTimersByTimeAsync(CONNECTION_RETRY_DELAYS_MS[0]);
    expect(sent).toEqual([0, 0, 1]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(eventsOf('transcribed')).toEqual([0, 1]);
    expect(eventsOf('failed')).toEqual([]);
  });

  it('waits longer each time the connection is still down, for as long as the recording goes on', async () => {
    // Each try is answered 1 ms after it is sent.
    const { uploads, sent } = setup({ 0: Array<Answer>(6).fill('connection') }, 1);
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(1);
    const triesAt: number[] = [];
    let elapsed = 0;
    for (const delay of [...CONNECTION_RETRY_DELAYS_MS, 30_000]) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = sent.length;
      await vi.advanceTimersByTimeAsync(2);
      expect(sent.length).toBe(before + 1);
      elapsed += delay;
      triesAt.push(sent.length);
    }
    expect(elapsed).toBeGreaterThan(60_000);
    expect(triesAt).toEqual([2, 3, 4, 5, 6]);
  });

  it('catches up at once when the browser says it is online again', async () => {
    const { uploads, sent, setOnline, eventsOf } = setup({ 0: ['connection'] });
    uploads.add(0, 'a');
    await vi.advanceTimersByTimeAsync(2_000);
    setOnline(false);
    uploads.add(1, 'b');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([0]);

    setOnline(true);
    uploads.connectionRestored();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(eventsOf('transcribed')).toEqual([0, 1]);
  });
});

describe('when the recording stops', () => {
  it('gives up what waits to be sent again, and sends the last segment once', async () => {
    const { uploads, sent, events, eventsOf } = setup({ 1: ['service'], 2: ['service'] });
    uploads.add(0, 'a');
    uploads.add(1, 'b');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(eventsOf('waiting')).toEqual(['1:service']);

    uploads.finish();
    uploads.add(2, 'c');
    await vi.advanceTimersByTimeAsync(60_000);

    expect(sent).toEqual([0, 1, 2]);
    expect(eventsOf('transcribed')).toEqual([0]);
    expect(events.filter(({ type }) => type === 'failed')).toEqual([
      { type: 'failed', index: 1, failure: { kind: 'service' } },
      { type: 'failed', index: 2, failure: { kind: 'service' } },
    ]);
  });

  it('sends once, then gives up, what the connection held back', async () => {
    const { uploads, sent, setOnline, eventsOf } = setup({ 0: ['connection'], 1: ['connection'] });
    setOnline(false);
    uploads.add(0, 'a');
    uploads.add(1, 'b');
    uploads.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([0, 1]);
    expect(eventsOf('failed')).toEqual([0, 1]);
  });

  it('lets an answer under way come in', async () => {
    const { uploads, eventsOf } = setup();
    uploads.add(0, 'a');
    uploads.finish();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(eventsOf('transcribed')).toEqual([0]);
  });
});

describe('a queue disposed of', () => {
  it('reports nothing more and sends nothing more', async () => {
    const { uploads, sent, events } = setup({ 0: ['service'] });
    uploads.add(0, 'a');
    uploads.add(1, 'b');
    uploads.dispose();
    uploads.add(2, 'c');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([0, 1]);
    expect(events).toEqual([]);
  });
});
