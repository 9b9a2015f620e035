export type SegmentStatus = 'pending' | 'transcribed' | 'failed';

/** One recorded segment and where its transcription stands. */
export interface QueuedSegment<TSegment> {
  readonly index: number;
  readonly status: SegmentStatus;
  /** Kept until transcribed, so a failed segment can be sent again. */
  readonly segment: TSegment | undefined;
  readonly text: string | undefined;
  readonly error: unknown;
}

/**
 * The segments of one long visit, transcribed one by one (possibly out of order). A failed segment
 * only marks itself failed; the others, and their text, stay.
 */
export class SegmentQueue<TSegment> {
  private readonly entries = new Map<number, QueuedSegment<TSegment>>();

  /**
   * Queues a recorded segment, waiting for its transcription.
   * @param segment - the audio (or whatever the caller uploads)
   * @param index - its position in the visit, from 0
   * @throws Error when a segment with that index was already added
   */
  add(segment: TSegment, index: number): void {
    if (this.entries.has(index)) throw new Error(`Segment ${index} was already added`);
    this.entries.set(index, {
      index,
      status: 'pending',
      segment,
      text: undefined,
      error: undefined,
    });
  }

  /**
   * Records a segment's text (also after an earlier failure) and drops its audio.
   * @throws Error for an index never added
   */
  markTranscribed(index: number, text: string): void {
    this.entryAt(index);
    this.entries.set(index, {
      index,
      status: 'transcribed',
      segment: undefined,
      text,
      error: undefined,
    });
  }

  /**
   * Records that a segment's transcription failed; it becomes retryable. A segment already
   * transcribed keeps its text.
   * @throws Error for an index never added
   */
  markFailed(index: number, error: unknown): void {
    const entry = this.entryAt(index);
    if (entry.status === 'transcribed') return;
    this.entries.set(index, { ...entry, status: 'failed', error });
  }

  /** The failed segments, in index order, to send again. */
  retryable(): { index: number; segment: TSegment }[] {
    return this.sorted().flatMap(({ index, status, segment }) =>
      status === 'failed' && segment !== undefined ? [{ index, segment }] : [],
    );
  }

  /** The transcribed texts in index order, joined with a space; missing segments are skipped. */
  fullTranscript(): string {
    return this.sorted()
      .map(({ text }) => text?.trim() ?? '')
      .filter((text) => text !== '')
      .join(' ');
  }

  /** Segments still waiting for a transcription (failed ones are not counted). */
  get pendingCount(): number {
    return this.sorted().filter(({ status }) => status === 'pending').length;
  }

  /** True once there is at least one segment and every segment is transcribed. */
  get allDone(): boolean {
    const all = this.sorted();
    return all.length > 0 && all.every(({ status }) => status === 'transcribed');
  }

  /** Every segment in index order. */
  segments(): readonly QueuedSegment<TSegment>[] {
    return this.sorted();
  }

  private sorted(): QueuedSegment<TSegment>[] {
    return [...this.entries.values()].sort((a, b) => a.index - b.index);
  }

  private entryAt(index: number): QueuedSegment<TSegment> {
    const entry = this.entries.get(index);
    if (!entry) throw new Error(`Unknown segment ${index}`);
    return entry;
  }
}
