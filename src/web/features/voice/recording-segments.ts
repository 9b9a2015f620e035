import { transcriptPieces, type SegmentText } from './transcript-seams';

export type SegmentStatus = 'pending' | 'transcribed' | 'failed';

/**
 * Why a pending segment is waiting to be sent again: no connection to the server, or a service
 * that refused it for now (docs/product.md, "Gravação e transcrição em trechos").
 */
export type SegmentWait = 'connection' | 'service';

/** One recorded segment and where its transcription stands. */
export interface QueuedSegment<TAudio, TFailure> {
  readonly index: number;
  readonly status: SegmentStatus;
  /** Kept until transcribed, so a failed segment can be sent again. */
  readonly audio: TAudio | undefined;
  readonly text: string | undefined;
  readonly failure: TFailure | undefined;
  /** Set while a pending segment waits to be sent again; cleared when it is sent. */
  readonly waiting?: SegmentWait | undefined;
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

/**
 * Records that a pending segment waits to be sent again, and why; its audio stays. Only a pending
 * segment waits: a transcribed or given-up one is left as it is.
 */
export function markSegmentWaiting<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
  index: number,
  waiting: SegmentWait | undefined,
): SegmentList<TAudio, TFailure> {
  return replaceSegment(segments, index, (segment) =>
    segment.status === 'pending' && segment.waiting !== waiting ? { ...segment, waiting } : segment,
  );
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
    waiting: undefined,
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
    segment.status === 'transcribed'
      ? segment
      : { ...segment, status: 'failed', failure, waiting: undefined },
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

/**
 * The transcribed texts in index order, as the seams of the recording join them: consecutive
 * segments overlap in audio, so the words they both heard are dropped once; after a segment
 * with no text yet (or blank) nothing overlaps. Missing segments are skipped.
 */
export function joinSegmentTexts<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
): string {
  return segmentPieces(segments)
    .map(({ text }) => text)
    .filter((text) => text !== '')
    .join(' ');
}

/**
 * The pieces of each list of segments already joined. The lists are never changed in place (each
 * change makes a new one), and the screen asks again at every tick of the clock: on a long visit
 * the seams take tens of milliseconds to find, so they are found once per list.
 */
const piecesByList = new WeakMap<object, readonly { index: number; text: string }[]>();

/**
 * What each transcribed segment adds to the transcript, in index order (see
 * {@link joinSegmentTexts}); a segment whose words all came with the one before adds ''.
 */
export function segmentPieces<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
): readonly { index: number; text: string }[] {
  const cached = piecesByList.get(segments);
  if (cached) return cached;
  const texts = seamTextsOf(segments);
  const pieces = transcriptPieces(texts.map(({ part }) => part));
  const found = texts.map(({ index }, at) => ({ index, text: pieces[at] ?? '' }));
  piecesByList.set(segments, found);
  return found;
}

function seamTextsOf<TAudio, TFailure>(
  segments: SegmentList<TAudio, TFailure>,
): { index: number; part: SegmentText }[] {
  const texts = segments.flatMap(({ index, text }) => {
    const trimmed = text?.trim() ?? '';
    return trimmed ? [{ index, text: trimmed }] : [];
  });
  return texts.map(({ index, text }, at) => ({
    index,
    part: { text, overlapsPrevious: texts[at - 1]?.index === index - 1 },
  }));
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
  const at = segments.findIndex((segment) => segment.index === index);
  const segment = segments[at];
  if (!segment) return segments;
  const updated = change(segment);
  // Unchanged, the same list: the machine then keeps its step as it is.
  return updated === segment
    ? segments
    : segments.map((other, position) => (position === at ? updated : other));
}
