/**
 * The voice consultation screen as a state machine, without I/O: where the visit stands
 * ({@link ConsultationStep}), what can happen to it ({@link ConsultationEvent}), and
 * {@link transition}, which says where each event leads. The screen's hook does the work each
 * step starts (the microphone, the uploads, the analysis, the record) and reports back in events;
 * an event that does not fit the step the visit is in is ignored.
 */
import type { TranscriptionStatus } from '@shared/ai/transcription';
import type { RecordedAudio } from './audio-recorder';
import type { ConsultationAnalysis, ConsultationOutcome } from './process-consultation';
import {
  addSegment,
  failedSegmentsWithAudio,
  hasPendingSegments,
  joinSegmentTexts,
  markSegmentFailed,
  markSegmentsResent,
  markSegmentTranscribed,
  markSegmentWaiting,
  segmentPieces,
  type SegmentList,
  type SegmentWait,
} from './recording-segments';

/**
 * Each file sent for transcription covers at most this much recording, unless the server says
 * otherwise (`AI_TRANSCRIBE_SEGMENT_SECONDS`): short, so the draft follows the visit
 * (docs/product.md, "Gravação e transcrição em trechos").
 */
export const DEFAULT_SEGMENT_MS = 30 * 1000;

/**
 * How long each segment begins before the previous one ends, so a word cut at the boundary is
 * whole in one of them (the repeated words are dropped when the texts are joined).
 */
export const SEAM_OVERLAP_MS = 2 * 1000;

/**
 * The overlap for segments of this length: {@link SEAM_OVERLAP_MS}, or none for segments
 * shorter than five overlaps (only tests record such), which it would mostly repeat.
 * @param segmentMs - the recording time of each segment
 */
export function segmentOverlapMs(segmentMs: number): number {
  return segmentMs >= 5 * SEAM_OVERLAP_MS ? SEAM_OVERLAP_MS : 0;
}

/** Shown when 'Nova Consulta' could not get the open record to the server. */
export const UNSAVED_RECORD_MESSAGE =
  'O prontuário desta consulta ainda não chegou ao servidor; ele continua guardado neste dispositivo. Tente novamente quando a conexão voltar.';

/** Why a segment of the recording was not transcribed, as the screen needs to know it. */
export interface SegmentFailure {
  /** What to tell the doctor ('Falha na transcrição: …'); undefined when the failure has none. */
  readonly message: string | undefined;
  /** Worth sending again (a connection failure, the rate limit…), unlike audio refused for good. */
  readonly retryable: boolean;
  /** The server has no transcription service at all. */
  readonly unconfigured: boolean;
  /**
   * No answer at all (the browser offline, the server down): worth sending when the connection
   * returns.
   */
  readonly connection?: boolean;
}

/**
 * What the draft shows while the visit is recorded: the last analysis of the transcript so far,
 * and the transcript it was made of.
 */
export interface LiveDraft {
  /** The transcript as it was joined when the analysis was asked for. */
  readonly text: string;
  readonly analysis: ConsultationAnalysis;
}

export type VisitSegments = SegmentList<RecordedAudio, SegmentFailure>;

/** Segments of the recording that could not be transcribed, as the review counts them. */
export interface FailedSegments {
  /** Worth sending again (a connection failure, the service's rate limit…). */
  readonly retryable: number;
  /** Refused for good (audio the service cannot read): their words are lost. */
  readonly lost: number;
}

/** What the server said of its transcription service. */
export interface TranscriptionService {
  /** 'checking' until the server answers; recording is offered meanwhile. */
  readonly status: 'checking' | 'available' | 'unconfigured';
  /** Recording time per file sent for transcription. */
  readonly segmentMs: number;
}

/** The transcript under review and what is known of it; it goes along from review to record. */
export interface TranscriptReview {
  /** As it reads now: collected from the recording, dictated, typed or edited. */
  readonly transcript: string;
  /**
   * The transcript as the last collection of the recording left it: when the doctor has edited
   * it since, the text of segments sent again is added at the end instead of replacing the edits.
   */
  readonly collected: string;
  /** The last analysis; it is the transcript's only while `analysis.transcript` still equals it. */
  readonly analysis: ConsultationAnalysis | undefined;
  /** The recording's segments; the failed ones keep their audio for 'Tentar novamente'. */
  readonly segments: VisitSegments;
  /** The last failure's message, shown until the doctor tries again. */
  readonly error: string | undefined;
}

/** Why a transcript is being analysed, which says where its analysis leads. */
export type AnalysisPurpose =
  /** Just collected from the recording: the cleaned-up text becomes the collected one. */
  | 'collection'
  /** 'Processar Novamente': back to the review. */
  | 'reprocess'
  /** 'Preencher prontuário': on into the record. */
  | 'finish';

export type ConsultationStep =
  /** Record, dictate or type; with the help text when the microphone could not be used. */
  | { readonly kind: 'ready'; readonly microphoneHelp: string | undefined }
  /** 'Iniciar Gravação' tapped: asking the browser whether the microphone may be used. */
  | { readonly kind: 'checking-microphone' }
  /** Allowed: the record is being opened and the recorder started ('Preparando o microfone…'). */
  | { readonly kind: 'opening-microphone' }
  /**
   * The microphone is live; finished segments are being transcribed meanwhile, and the transcript
   * so far analysed into the draft.
   */
  | {
      readonly kind: 'recording';
      readonly paused: boolean;
      readonly elapsedMs: number;
      readonly segments: VisitSegments;
      readonly draft: LiveDraft | undefined;
    }
  /**
   * Waiting for every segment's text: after the recording stops (its last segment comes with the
   * stop), or while the failed segments listed in `resent` are sent again, one after another.
   */
  | {
      readonly kind: 'transcribing';
      readonly review: TranscriptReview;
      readonly recorderStopped: boolean;
      readonly resent: readonly { readonly index: number; readonly audio: RecordedAudio }[];
      /** The recording's draft, shown while the last segment is transcribed. */
      readonly draft: LiveDraft | undefined;
    }
  /** `text` (the transcript when the analysis began) is cleaned up and read on the server. */
  | {
      readonly kind: 'analysing';
      readonly review: TranscriptReview;
      readonly text: string;
      readonly purpose: AnalysisPurpose;
    }
  /** The doctor reads, edits, dictates into and reprocesses the transcript. */
  | { readonly kind: 'reviewing'; readonly review: TranscriptReview }
  /** 'Preencher prontuário': the analysis goes into the open record and its anamnesis. */
  | {
      readonly kind: 'applying';
      readonly review: TranscriptReview;
      readonly analysis: ConsultationAnalysis;
    }
  /** Done: what went into the record. */
  | {
      readonly kind: 'completed';
      readonly review: TranscriptReview;
      readonly outcome: ConsultationOutcome;
    }
  /** 'Nova Consulta' with a record open: it must reach the server before it is let go. */
  | { readonly kind: 'saving-record'; readonly returnTo: ReviewingStep | CompletedStep };

type StepOfKind<TKind extends ConsultationStep['kind']> = Extract<
  ConsultationStep,
  { kind: TKind }
>;
type ReviewingStep = StepOfKind<'reviewing'>;
type CompletedStep = StepOfKind<'completed'>;
type TranscribingStep = StepOfKind<'transcribing'>;

export interface ConsultationState {
  readonly service: TranscriptionService;
  /**
   * False after 'Nova Consulta' until the doctor dictates again: a phrase the stopped dictation
   * still delivers belongs to the visit just discarded.
   */
  readonly acceptsDictatedPhrases: boolean;
  readonly step: ConsultationStep;
}

export type ConsultationEvent =
  /** The server's answer on its transcription service (asked when the screen opens). */
  | { readonly type: 'service-status-read'; readonly status: TranscriptionStatus }
  | { readonly type: 'start-requested' }
  /** Denied, or this browser cannot record; `help` says what to do. */
  | { readonly type: 'microphone-unavailable'; readonly help: string }
  | { readonly type: 'microphone-allowed' }
  /** The recorder could not open the microphone after all (a refused prompt, a missing device). */
  | { readonly type: 'recorder-failed'; readonly help: string }
  | { readonly type: 'recorder-started' }
  | { readonly type: 'elapsed-measured'; readonly elapsedMs: number }
  | { readonly type: 'recording-paused' }
  | { readonly type: 'recording-resumed' }
  | { readonly type: 'segment-recorded'; readonly index: number; readonly audio: RecordedAudio }
  | { readonly type: 'segment-transcribed'; readonly index: number; readonly text: string }
  | { readonly type: 'segment-failed'; readonly index: number; readonly failure: SegmentFailure }
  /** A segment not transcribed yet will be sent again: when the connection returns, or soon. */
  | { readonly type: 'segment-waiting'; readonly index: number; readonly reason: SegmentWait }
  /** The analysis of the transcript so far, `text`, while recording. */
  | {
      readonly type: 'draft-analysed';
      readonly text: string;
      readonly analysis: ConsultationAnalysis;
    }
  | { readonly type: 'stop-requested' }
  /** The recorder has stopped and handed over its last segment (or failed to, which is logged). */
  | { readonly type: 'recorder-stopped' }
  /** 'Tentar novamente': the failed segments worth it are sent again. */
  | { readonly type: 'resend-requested' }
  /** 'Digitar ou colar a transcrição' (and the start of 'Ditar com o navegador'). */
  | { readonly type: 'typing-requested' }
  /** The doctor started or stopped the browser's dictation. */
  | { readonly type: 'dictation-toggled' }
  | { readonly type: 'phrase-dictated'; readonly phrase: string }
  | { readonly type: 'transcript-edited'; readonly transcript: string }
  /** A value the transcript does not hold, ticked (or unticked) to go into the record anyway. */
  | {
      readonly type: 'unsupported-value-toggled';
      readonly path: string;
      readonly accepted: boolean;
    }
  | { readonly type: 'reprocess-requested' }
  | { readonly type: 'finish-requested' }
  /** `text` is the transcript the analysis was asked for. */
  | {
      readonly type: 'analysis-succeeded';
      readonly text: string;
      readonly analysis: ConsultationAnalysis;
    }
  | { readonly type: 'analysis-failed'; readonly text: string; readonly message: string }
  | { readonly type: 'consultation-applied'; readonly outcome: ConsultationOutcome }
  | { readonly type: 'apply-failed'; readonly message: string }
  /** 'Nova Consulta'; `recordOpen` tells whether a record must be saved before it is let go. */
  | { readonly type: 'new-consultation-requested'; readonly recordOpen: boolean }
  | { readonly type: 'record-saved' }
  | { readonly type: 'record-save-failed' };

const NO_FAILED_SEGMENTS: FailedSegments = { retryable: 0, lost: 0 };

const EMPTY_REVIEW: TranscriptReview = {
  transcript: '',
  collected: '',
  analysis: undefined,
  segments: [],
  error: undefined,
};

const READY: ConsultationStep = { kind: 'ready', microphoneHelp: undefined };

/**
 * Where the screen opens: a transcript left from before a reload is taken up where the doctor
 * was; otherwise the start.
 * @param storedTranscript - this doctor's transcript kept in the browser, '' when none
 */
export function initialConsultationState(storedTranscript: string): ConsultationState {
  return {
    service: { status: 'checking', segmentMs: DEFAULT_SEGMENT_MS },
    acceptsDictatedPhrases: true,
    step: storedTranscript
      ? { kind: 'reviewing', review: { ...EMPTY_REVIEW, transcript: storedTranscript } }
      : READY,
  };
}

/**
 * Where an event leads.
 * @returns the next state; the same object when the event does not apply to the current one
 */
export function transition(state: ConsultationState, event: ConsultationEvent): ConsultationState {
  switch (event.type) {
    case 'service-status-read':
      return {
        ...state,
        service: {
          status: event.status.configured ? 'available' : 'unconfigured',
          segmentMs: event.status.segmentSeconds
            ? event.status.segmentSeconds * 1000
            : state.service.segmentMs,
        },
      };
    case 'dictation-toggled':
      return state.acceptsDictatedPhrases ? state : { ...state, acceptsDictatedPhrases: true };
    case 'phrase-dictated':
      return state.acceptsDictatedPhrases && event.phrase
        ? withStep(state, appendPhrase(state.step, event.phrase))
        : state;
    case 'segment-failed': {
      // Whatever the step, the server has said it cannot transcribe: typing is offered instead.
      const service: TranscriptionService = event.failure.unconfigured
        ? { ...state.service, status: 'unconfigured' }
        : state.service;
      const step = updateSegments(state.step, (segments) =>
        markSegmentFailed(segments, event.index, event.failure),
      );
      return step === state.step && service === state.service ? state : { ...state, service, step };
    }
    case 'new-consultation-requested': {
      const { step } = state;
      if (step.kind !== 'reviewing' && step.kind !== 'completed') return state;
      return {
        ...state,
        acceptsDictatedPhrases: false,
        step: event.recordOpen ? { kind: 'saving-record', returnTo: step } : READY,
      };
    }
    default:
      return withStep(state, nextStep(state.step, event));
  }
}

/** The events that only move the visit along its steps. */
function nextStep(step: ConsultationStep, event: ConsultationEvent): ConsultationStep {
  switch (event.type) {
    case 'start-requested':
      return step.kind === 'ready' ? { kind: 'checking-microphone' } : step;
    case 'microphone-unavailable':
      return step.kind === 'checking-microphone'
        ? { kind: 'ready', microphoneHelp: event.help }
        : step;
    case 'microphone-allowed':
      return step.kind === 'checking-microphone' ? { kind: 'opening-microphone' } : step;
    case 'recorder-failed':
      return step.kind === 'opening-microphone'
        ? { kind: 'ready', microphoneHelp: event.help }
        : step;
    case 'recorder-started':
      return step.kind === 'opening-microphone'
        ? { kind: 'recording', paused: false, elapsedMs: 0, segments: [], draft: undefined }
        : step;
    case 'elapsed-measured':
      return step.kind === 'recording' && step.elapsedMs !== event.elapsedMs
        ? { ...step, elapsedMs: event.elapsedMs }
        : step;
    case 'recording-paused':
    case 'recording-resumed': {
      const paused = event.type === 'recording-paused';
      return step.kind === 'recording' && step.paused !== paused ? { ...step, paused } : step;
    }
    case 'segment-recorded':
      return updateSegments(step, (segments) => addSegment(segments, event.audio, event.index));
    case 'segment-transcribed':
      return updateSegments(step, (segments) =>
        markSegmentTranscribed(segments, event.index, event.text),
      );
    case 'segment-waiting':
      return updateSegments(step, (segments) =>
        markSegmentWaiting(segments, event.index, event.reason),
      );
    case 'draft-analysed':
      // Drafts come in the order they were asked for: each is newer than the one shown.
      return step.kind === 'recording' || (step.kind === 'transcribing' && step.resent.length === 0)
        ? { ...step, draft: { text: event.text, analysis: event.analysis } }
        : step;
    case 'stop-requested':
      return step.kind === 'recording'
        ? {
            kind: 'transcribing',
            review: { ...EMPTY_REVIEW, segments: step.segments },
            recorderStopped: false,
            resent: [],
            draft: step.draft,
          }
        : step;
    case 'recorder-stopped':
      return step.kind === 'transcribing' && !step.recorderStopped
        ? settleTranscription({ ...step, recorderStopped: true })
        : step;
    case 'resend-requested': {
      if (step.kind !== 'reviewing') return step;
      const resent = segmentsWorthResending(step.review.segments);
      if (resent.length === 0) return step;
      const segments = markSegmentsResent(
        step.review.segments,
        resent.map(({ index }) => index),
      );
      // The failure shown stays until the segments sent again have answered.
      return {
        kind: 'transcribing',
        review: { ...step.review, segments },
        recorderStopped: true,
        resent,
        draft: undefined,
      };
    }
    case 'typing-requested':
      return step.kind === 'ready' || step.kind === 'checking-microphone'
        ? { kind: 'reviewing', review: EMPTY_REVIEW }
        : step;
    case 'transcript-edited':
      return step.kind === 'reviewing' && step.review.transcript !== event.transcript
        ? { ...step, review: { ...step.review, transcript: event.transcript } }
        : step;
    case 'unsupported-value-toggled': {
      const analysis = step.kind === 'reviewing' ? analysisOfTranscript(step.review) : undefined;
      if (step.kind !== 'reviewing' || !analysis?.medical) return step;
      const others = analysis.accepted.filter((path) => path !== event.path);
      const accepted = event.accepted ? [...others, event.path] : others;
      return { ...step, review: { ...step.review, analysis: { ...analysis, accepted } } };
    }
    case 'reprocess-requested':
      if (step.kind !== 'reviewing' && step.kind !== 'completed') return step;
      if (!step.review.transcript.trim()) return step;
      return {
        kind: 'analysing',
        review: { ...step.review, error: undefined },
        text: step.review.transcript,
        purpose: 'reprocess',
      };
    case 'finish-requested': {
      if (step.kind !== 'reviewing' || !step.review.transcript.trim()) return step;
      const review = { ...step.review, error: undefined };
      const analysis = analysisOfTranscript(review);
      return analysis
        ? { kind: 'applying', review, analysis }
        : { kind: 'analysing', review, text: review.transcript, purpose: 'finish' };
    }
    case 'analysis-succeeded': {
      if (step.kind !== 'analysing' || step.text !== event.text) return step;
      const { review, purpose } = step;
      const cleaned = event.analysis.transcript;
      const analysed: TranscriptReview = {
        ...review,
        analysis: event.analysis,
        // Words added meanwhile (a late dictated phrase) are kept; the analysis is then stale.
        transcript: review.transcript === step.text ? cleaned : review.transcript,
        collected: purpose === 'collection' ? cleaned : review.collected,
      };
      return purpose === 'finish'
        ? { kind: 'applying', review: analysed, analysis: event.analysis }
        : { kind: 'reviewing', review: analysed };
    }
    case 'analysis-failed': {
      if (step.kind !== 'analysing' || step.text !== event.text) return step;
      const { review, purpose } = step;
      // The text stays as it was: every word is still in front of the doctor.
      return {
        kind: 'reviewing',
        review: {
          ...review,
          error: event.message,
          collected: purpose === 'collection' ? step.text : review.collected,
        },
      };
    }
    case 'consultation-applied':
      return step.kind === 'applying'
        ? { kind: 'completed', review: step.review, outcome: event.outcome }
        : step;
    case 'apply-failed':
      return step.kind === 'applying'
        ? { kind: 'reviewing', review: { ...step.review, error: event.message } }
        : step;
    case 'record-saved':
      return step.kind === 'saving-record' ? READY : step;
    case 'record-save-failed':
      return step.kind === 'saving-record'
        ? { ...step.returnTo, review: { ...step.returnTo.review, error: UNSAVED_RECORD_MESSAGE } }
        : step;
    default:
      return step;
  }
}

function withStep(state: ConsultationState, step: ConsultationStep): ConsultationState {
  return step === state.step ? state : { ...state, step };
}

/** Applies a segment's news to the recording, or to the transcription waiting for it. */
function updateSegments(
  step: ConsultationStep,
  change: (segments: VisitSegments) => VisitSegments,
): ConsultationStep {
  if (step.kind === 'recording') {
    const segments = change(step.segments);
    return segments === step.segments ? step : { ...step, segments };
  }
  if (step.kind === 'transcribing') {
    const segments = change(step.review.segments);
    return segments === step.review.segments
      ? step
      : settleTranscription({ ...step, review: { ...step.review, segments } });
  }
  return step;
}

/**
 * Once the recorder has stopped and no segment is waiting, the transcript is collected and shown
 * at once — so a failed analysis still leaves every word in front of the doctor — and analysed
 * when there is anything to analyse.
 */
function settleTranscription(step: TranscribingStep): ConsultationStep {
  const { review, resent } = step;
  if (!step.recorderStopped || hasPendingSegments(review.segments)) return step;
  const failures = review.segments.flatMap(({ status, failure }) =>
    status === 'failed' && failure ? [failure] : [],
  );
  // Without a service there is nothing to retry: the notice offers typing or dictation instead.
  const unconfigured = failures.some((failure) => failure.unconfigured);
  const resentIndexes = resent.map(({ index }) => index);
  const edited = resent.length > 0 && review.transcript !== review.collected;
  const transcript = edited
    ? [
        review.transcript.trim(),
        ...review.segments
          .filter(({ index, status }) => status === 'transcribed' && resentIndexes.includes(index))
          .map((segment) => segment.text ?? ''),
      ]
        .filter(Boolean)
        .join('\n\n')
    : joinSegmentTexts(review.segments);
  const collected: TranscriptReview = {
    ...review,
    transcript,
    error: unconfigured ? undefined : failures[0]?.message,
  };
  if (!transcript.trim()) {
    return { kind: 'reviewing', review: { ...collected, collected: transcript } };
  }
  // The last segments added nothing: the draft's analysis is the transcript's, as analysing it
  // again would give.
  const { draft } = step;
  if (draft && draft.text === transcript) {
    const cleaned = draft.analysis.transcript;
    return {
      kind: 'reviewing',
      review: { ...collected, transcript: cleaned, collected: cleaned, analysis: draft.analysis },
    };
  }
  return { kind: 'analysing', review: collected, text: transcript, purpose: 'collection' };
}

/** A phrase the browser's dictation recognised goes at the end of the transcript under review. */
function appendPhrase(step: ConsultationStep, phrase: string): ConsultationStep {
  switch (step.kind) {
    case 'transcribing':
    case 'analysing':
    case 'reviewing':
    case 'applying':
    case 'completed': {
      const current = step.review.transcript;
      const transcript = current.trim() ? `${current} ${phrase}` : phrase;
      return { ...step, review: { ...step.review, transcript } };
    }
    default:
      return step;
  }
}

/** The transcript under review, in the steps that carry one along. */
function reviewOf(step: ConsultationStep): TranscriptReview | undefined {
  switch (step.kind) {
    case 'transcribing':
    case 'analysing':
    case 'reviewing':
    case 'applying':
    case 'completed':
      return step.review;
    default:
      return undefined;
  }
}

/** The failed segments with their audio that sending again may fix (not audio refused for good). */
function segmentsWorthResending(segments: VisitSegments): TranscribingStep['resent'] {
  return failedSegmentsWithAudio(segments)
    .filter(({ failure }) => failure?.retryable !== false)
    .map(({ index, audio }) => ({ index, audio }));
}

/** The analysis shown: the last one, while it still belongs to the transcript as it reads now. */
export function analysisOfTranscript(review: TranscriptReview): ConsultationAnalysis | undefined {
  return review.analysis?.transcript === review.transcript ? review.analysis : undefined;
}

/** What the draft panel shows while recording, and while the last segment is transcribed. */
export interface DraftView {
  /** What each transcribed segment adds to the transcript, in order. */
  readonly pieces: readonly { readonly index: number; readonly text: string }[];
  /** The last analysis of the transcript so far. */
  readonly analysis: ConsultationAnalysis | undefined;
  /** Segments on their way to the service (not waiting, not given up). */
  readonly transcribing: number;
  /** Segments kept in the browser until the connection returns. */
  readonly waitingForConnection: number;
  /** Segments the service refused for now, to be sent again soon. */
  readonly waitingForService: number;
  /** Segments given up: the review offers to send them again (or says they are lost). */
  readonly failed: number;
}

/**
 * The draft of the visit as recorded so far, in the steps that show it: while recording, and
 * while the recording's last segment is transcribed; undefined otherwise.
 */
export function draftOf(step: ConsultationStep): DraftView | undefined {
  const segments =
    step.kind === 'recording'
      ? step.segments
      : step.kind === 'transcribing' && step.resent.length === 0
        ? step.review.segments
        : undefined;
  if (!segments || (step.kind !== 'recording' && step.kind !== 'transcribing')) return undefined;
  const pending = segments.filter(({ status }) => status === 'pending');
  return {
    pieces: segmentPieces(segments).filter(({ text }) => text !== ''),
    analysis: step.draft?.analysis,
    transcribing: pending.filter(({ waiting }) => waiting === undefined).length,
    waitingForConnection: pending.filter(({ waiting }) => waiting === 'connection').length,
    waitingForService: pending.filter(({ waiting }) => waiting === 'service').length,
    failed: segments.filter(({ status }) => status === 'failed').length,
  };
}

/**
 * The transcript the draft is made of: the recording's transcribed segments joined; '' outside
 * the recording.
 */
export function draftTextOf(step: ConsultationStep): string {
  return step.kind === 'recording' ? joinSegmentTexts(step.segments) : '';
}

/** The failed segments the review mentions; none when the server has no service at all. */
export function failedSegmentsOf(segments: VisitSegments): FailedSegments {
  const failures = segments.flatMap(({ status, failure }) =>
    status === 'failed' && failure ? [failure] : [],
  );
  if (failures.some((failure) => failure.unconfigured)) return NO_FAILED_SEGMENTS;
  const retryable = failures.filter((failure) => failure.retryable).length;
  return { retryable, lost: failures.length - retryable };
}

/** Whether the visit's words are in the record: a reload then starts the next visit. */
function isVisitRecorded(outcome: ConsultationOutcome): boolean {
  return outcome.applied || outcome.anamnesis;
}

/**
 * The text to keep in the browser so a reload loses none of the visit ('' keeps nothing): each
 * transcribed segment as soon as it arrives, then the transcript under review, until the visit's
 * words are in the record.
 */
export function transcriptToKeep(step: ConsultationStep): string {
  switch (step.kind) {
    case 'ready':
    case 'checking-microphone':
    case 'opening-microphone':
      return '';
    case 'recording':
      return joinSegmentTexts(step.segments);
    case 'transcribing':
      // Segments sent again keep the transcript under review until they are collected into it.
      return step.resent.length > 0
        ? step.review.transcript
        : joinSegmentTexts(step.review.segments);
    case 'analysing':
    case 'reviewing':
    case 'applying':
      return step.review.transcript;
    case 'completed':
      return isVisitRecorded(step.outcome) ? '' : step.review.transcript;
    case 'saving-record':
      return transcriptToKeep(step.returnTo);
  }
}

/**
 * The failure message the screen shows in this step, if any; none while the record is being
 * saved, as nothing has failed yet.
 */
export function errorOf(step: ConsultationStep): string | undefined {
  return reviewOf(step)?.error;
}

/** While the microphone is being opened or is open: leaving the screen would stop the recording. */
export function isRecordingUnderWay(step: ConsultationStep): boolean {
  return step.kind === 'opening-microphone' || step.kind === 'recording';
}

/** A reload or a closed tab would lose the recording or the work in progress: the browser asks. */
export function asksBeforeUnload(step: ConsultationStep): boolean {
  switch (step.kind) {
    case 'opening-microphone':
    case 'recording':
    case 'transcribing':
    case 'analysing':
    case 'applying':
    case 'saving-record':
      return true;
    default:
      return false;
  }
}
