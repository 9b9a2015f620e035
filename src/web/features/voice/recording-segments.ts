export type SegmentStatus = 'pending' | 'transcribed' | 'failed';

/** One recorded segment and where its transcription stands. */
export interface QueuedSegment<TAudio, TFailure> {
  readonly index: number;
  readonly status: SegmentStatus;
  /** Kept until transcribed, so a failed segment can be sent again. */
  readonly audio: TAudio | undefined;
  readonly text: string | undefined;
  readonly failure: TFailure | undefined;
}

/**
 * The segments of one long visit, in index order, transcribed one by one (possibly out of
 * order). A failed segment only marks itself failed; the others, and their text, stay.
 *
 * Immutable: every change gives a new list, so the list can sit in a reducer's state. An index
 * never added, or added twice, leaves the list as it was: such an answer belongs to a visit
 * already discarded.
 */
export type SegmentList<TAudio, TFailure> = readonly QueuedSegment<TAudio, TFailure>[];

/**
 * Queues a recorded segment, waiting for its transcription.
 * @param audio - the recorded file (or whatever the caller uploads)
 * @param index - its position in the visit, from 0
 */
export function addSegment<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
  audio: TAudio,
  index: number,
): SegmentList<TAudio, TFailure> {
  if (segments.some((segment) => segment.index === index)) return segments;
  const added = { index, status: 'pending', audio, text: undefined, failure: undefined } as const;
  return [...segments, added].sort((a, b) => a.index - b.index);
}

/** Records a segment's text (also after an earlier failure) and drops its audio. */
export function markSegmentTranscribed<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
  index: number,
  text: string,
): SegmentList<TAudio, TFailure> {
  return replaceSegment(segments, index, (segment) => ({
    ...segment,
    status: 'transcribed',
    audio: undefined,
    text,
    failure: undefined,
  }));
}

/**
 * Records that a segment's transcription failed; it becomes retryable. A segment already
 * transcribed keeps its text.
 */
export function markSegmentFailed<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
  index: number,
  failure: TFailure,
): SegmentList<TAudio, TFailure> {
  return replaceSegment(segments, index, (segment) =>
    segment.status === 'transcribed' ? segment : { ...segment, status: 'failed', failure },
  );
}

/** Marks failed segments as sent again: pending once more, their audio kept. */
export function markSegmentsResent<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
  indexes: readonly number[],
): SegmentList<TAudio, TFailure> {
  return segments.map((segment) =>
    segment.status === 'failed' && indexes.includes(segment.index)
      ? { ...segment, status: 'pending', failure: undefined }
      : segment,
  );
}

/** The failed segments that still have their audio, in index order, to send again. */
export function failedSegmentsWithAudio<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
): { index: number; audio: TAudio; failure: TFailure | undefined }[] {
  return segments.flatMap(({ index, status, audio, failure }) =>
    status === 'failed' && audio !== undefined ? [{ index, audio, failure }] : [],
  );
}

/** The transcribed texts in index order, joined with a space; missing segments are skipped. */
export function joinSegmentTexts<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
): string {
  return segments
    .map(({ text }) => text?.trim() ?? '')
    .filter((text) => text !== '')
    .join(' ');
}

/** Whether a segment still waits for its transcription (failed ones do not wait). */
export function hasPendingSegments<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
): boolean {
  return segments.some(({ status }) => status === 'pending');
}

function replaceSegment<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
  index: number,
  change: (segment: QueuedSegment<TAudio, TFailure>) => QueuedSegment<TAudio, TFailure>,
): SegmentList<TAudio, TFailure> {
  if (!segments.some((segment) => segment.index === index)) return segments;
  return segments.map((segment) => (segment.index === index ? change(segment) : segment));
}
