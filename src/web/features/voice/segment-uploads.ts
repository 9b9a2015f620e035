/**
 * Sends a recording's segments for transcription while the visit goes on (docs/product.md,
 * "Gravação e transcrição em trechos"), and keeps each one until its text is in:
 *
 * - in index order, at most {@link MAX_UPLOADS_AT_ONCE} at a time;
 * - a segment the service refused for now (its rate limit, a provider error) is sent again
 *   after {@link SERVICE_RETRY_DELAYS_MS}, then given up (its audio stays with the caller, for
 *   'Tentar novamente'); meanwhile the others go on;
 * - without a connection (the browser offline, or no answer at all) nothing is sent: every
 *   segment waits, in order, and all go when the connection returns (the browser's `online`
 *   event, or a new try after {@link CONNECTION_RETRY_DELAYS_MS});
 * - audio refused for good is given up at once;
 * - once the recording stops ({@link SegmentUploads.finish}) nothing waits any more: what waits
 *   is given up, and what was never sent (the last segment) is sent once.
 *
 * No I/O of its own: the sending, the clock and the connection's state are the caller's.
 */

/** How a failure can be overcome, as the caller reads it. */
export type RetryKind =
  /** No answer at all: worth sending when the connection returns. */
  | 'connection'
  /** The service refused for now: worth sending again in a little while. */
  | 'service'
  /** Refused for good (unreadable audio, no service): sending again cannot help. */
  | 'never';

export type SegmentSent<TFailure> = { ok: true; text: string } | { ok: false; failure: TFailure };

/** What happened to a segment, as the queue reports it. */
export type SegmentUploadEvent<TFailure> =
  | { readonly type: 'transcribed'; readonly index: number; readonly text: string }
  /** It will be sent again: when the connection returns, or after a pause. */
  | {
      readonly type: 'waiting';
      readonly index: number;
      readonly reason: 'connection' | 'service';
    }
  /** Given up: refused for good, tried too often, or still waiting when the recording stopped. */
  | { readonly type: 'failed'; readonly index: number; readonly failure: TFailure };

export interface SegmentUploadsDeps<TAudio, TFailure> {
  /** Sends one segment; never rejects. */
  send(audio: TAudio, index: number): Promise<SegmentSent<TFailure>>;
  /** How a failure can be overcome. */
  retryKindOf(failure: TFailure): RetryKind;
  /** False when the browser knows it is offline (`navigator.onLine`). */
  isOnline(): boolean;
  report(event: SegmentUploadEvent<TFailure>): void;
  /** The clock, `setTimeout` and `clearTimeout` unless a test gives others. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Two at a time: the segment that just closed need not wait for the one before it. */
export const MAX_UPLOADS_AT_ONCE = 2;

/**
 * Pauses before sending a segment the service refused for now once more; after the last, it is
 * given up. The first is long enough for a rate limit ('Aguarde alguns segundos').
 */
export const SERVICE_RETRY_DELAYS_MS = [3_000, 6_000, 12_000] as const;

/**
 * Pauses before trying the connection again when the browser says nothing (its `online` event
 * sends at once); the last repeats for as long as the recording goes on.
 */
export const CONNECTION_RETRY_DELAYS_MS = [3_000, 6_000, 12_000, 30_000] as const;

type EntryState = 'queued' | 'sending' | 'waiting-service' | 'waiting-connection';

interface Entry<TAudio, TFailure> {
  readonly index: number;
  readonly audio: TAudio;
  state: EntryState;
  /** Failures of the service so far (connection failures do not count). */
  serviceFailures: number;
  lastFailure: TFailure | undefined;
  timer: unknown;
}

/** The segments of one recording on their way to the transcription service. */
export class SegmentUploads<TAudio, TFailure> {
  private readonly entries: Entry<TAudio, TFailure>[] = [];
  private live = true;
  private disposed = false;
  /** While true nothing is sent: the connection is down. */
  private offline = false;
  private connectionTries = 0;
  private connectionTimer: unknown;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: SegmentUploadsDeps<TAudio, TFailure>) {
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      deps.clearTimer ??
      ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout> | undefined));
  }

  /** Whether the queue holds back every segment until the connection returns. */
  get waitingForConnection(): boolean {
    return this.offline;
  }

  /**
   * Queues a recorded segment; it is sent when its turn comes.
   * @param index - its position in the recording, from 0 (an index already queued is ignored)
   */
  add(index: number, audio: TAudio): void {
    if (this.disposed || this.entries.some((entry) => entry.index === index)) return;
    const entry: Entry<TAudio, TFailure> = {
      index,
      audio,
      state: 'queued',
      serviceFailures: 0,
      lastFailure: undefined,
      timer: undefined,
    };
    const at = this.entries.findIndex((other) => other.index > index);
    this.entries.splice(at < 0 ? this.entries.length : at, 0, entry);
    this.pump();
  }

  /** The browser is online again: whatever waited for the connection is sent now, in order. */
  connectionRestored(): void {
    if (this.disposed || !this.offline) return;
    this.resumeAfterConnection();
  }

  /**
   * The recording stopped: nothing waits any more. Segments waiting to be sent again are given
   * up (the review offers to send them); those never sent, and those added from now on, are
   * sent once.
   */
  finish(): void {
    if (this.disposed || !this.live) return;
    this.live = false;
    this.offline = false;
    this.clearTimer(this.connectionTimer);
    this.connectionTimer = undefined;
    for (const entry of [...this.entries]) {
      if (entry.state === 'waiting-service' || entry.state === 'waiting-connection') {
        if (entry.lastFailure === undefined) {
          // Held back before it was ever sent: it gets its one try.
          entry.state = 'queued';
        } else {
          this.giveUp(entry, entry.lastFailure);
        }
      }
    }
    this.pump();
  }

  /** Forgets everything: the visit is gone. Answers still under way are not reported. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer(this.connectionTimer);
    for (const entry of this.entries) this.clearTimer(entry.timer);
    this.entries.length = 0;
  }

  private pump(): void {
    if (this.disposed) return;
    if (this.live && !this.offline && !this.deps.isOnline()) this.loseConnection();
    if (this.offline) {
      this.holdForConnection();
      return;
    }
    let sending = this.entries.filter((entry) => entry.state === 'sending').length;
    for (const entry of this.entries) {
      if (sending >= MAX_UPLOADS_AT_ONCE) return;
      if (entry.state !== 'queued') continue;
      sending += 1;
      void this.send(entry);
    }
  }

  private async send(entry: Entry<TAudio, TFailure>): Promise<void> {
    entry.state = 'sending';
    const sent = await this.deps.send(entry.audio, entry.index);
    if (this.disposed || !this.entries.includes(entry)) return;
    if (sent.ok) {
      this.remove(entry);
      this.connectionTries = 0;
      this.deps.report({ type: 'transcribed', index: entry.index, text: sent.text });
      this.pump();
      return;
    }
    entry.lastFailure = sent.failure;
    const kind = this.deps.retryKindOf(sent.failure);
    if (!this.live || kind === 'never') {
      this.giveUp(entry, sent.failure);
    } else if (kind === 'connection') {
      entry.state = 'waiting-connection';
      this.deps.report({ type: 'waiting', index: entry.index, reason: 'connection' });
      if (!this.offline) this.loseConnection();
    } else if (entry.serviceFailures >= SERVICE_RETRY_DELAYS_MS.length) {
      this.giveUp(entry, sent.failure);
    } else {
      const delay = SERVICE_RETRY_DELAYS_MS[entry.serviceFailures] ?? 0;
      entry.serviceFailures += 1;
      entry.state = 'waiting-service';
      this.deps.report({ type: 'waiting', index: entry.index, reason: 'service' });
      entry.timer = this.setTimer(() => {
        entry.timer = undefined;
        if (entry.state !== 'waiting-service') return;
        entry.state = 'queued';
        this.pump();
      }, delay);
    }
    this.pump();
  }

  /** The segments due to be sent wait for the connection instead. */
  private holdForConnection(): void {
    for (const entry of this.entries) {
      if (entry.state !== 'queued') continue;
      entry.state = 'waiting-connection';
      this.deps.report({ type: 'waiting', index: entry.index, reason: 'connection' });
    }
  }

  /**
   * The connection is down: nothing is sent until it returns, and a new try is set for when the
   * browser says nothing.
   */
  private loseConnection(): void {
    this.offline = true;
    const delays = CONNECTION_RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.connectionTries, delays.length - 1)] ?? 0;
    this.connectionTries += 1;
    this.clearTimer(this.connectionTimer);
    this.connectionTimer = this.setTimer(() => {
      this.connectionTimer = undefined;
      this.resumeAfterConnection();
    }, delay);
  }

  private resumeAfterConnection(): void {
    this.clearTimer(this.connectionTimer);
    this.connectionTimer = undefined;
    this.offline = false;
    for (const entry of this.entries) {
      if (entry.state === 'waiting-connection') entry.state = 'queued';
    }
    this.pump();
  }

  private giveUp(entry: Entry<TAudio, TFailure>, failure: TFailure): void {
    this.clearTimer(entry.timer);
    this.remove(entry);
    this.deps.report({ type: 'failed', index: entry.index, failure });
  }

  private remove(entry: Entry<TAudio, TFailure>): void {
    const at = this.entries.indexOf(entry);
    if (at >= 0) this.entries.splice(at, 1);
  }
}
