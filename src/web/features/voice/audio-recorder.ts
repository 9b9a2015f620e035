import { audioFileName } from '@shared/ai/transcription';
/** One captured audio track; stopping it releases the microphone. */
export interface MediaTrackLike {
  stop(): void;
}

/** The part of a browser `MediaStream` the recorder uses. */
export interface MediaStreamLike {
  getTracks(): readonly MediaTrackLike[];
}

/** The part of a browser `BlobEvent` the recorder uses. */
export interface RecorderDataEvent {
  readonly data: Blob;
}

/** The part of a browser `MediaRecorder` the recorder uses. */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((event: RecorderDataEvent) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
  pause(): void;
  resume(): void;
}

/** What a new `MediaRecorder` is created with; no type lets the browser choose. */
export interface RecorderOptions {
  mimeType?: string;
}

/** The browser APIs the recorder needs, injected so it runs (and is tested) without a browser. */
export interface AudioRecorderDeps {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStreamLike>;
  createRecorder(stream: MediaStreamLike, options: RecorderOptions): MediaRecorderLike;
  isTypeSupported(type: string): boolean;
  /** Milliseconds, monotonic enough to measure the recording time. */
  now(): number;
}

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

/** Normal: the caller transcribes and processes after stop. Continuous: stop only returns the audio. */
export type RecordingMode = 'normal' | 'continuous';

/** A complete audio file, ready to upload for transcription. */
export interface RecordedAudio {
  blob: Blob;
  mimeType: string;
  fileName: string;
  /** Recording time, paused time excluded. */
  durationMs: number;
}

/**
 * Splits a long visit into files a transcription server accepts one by one (size limits), so a
 * failed upload loses one segment, not the visit.
 */
export interface SegmentOptions {
  /** Recording time (pauses excluded) after which the current file is closed and a new one begun. */
  segmentMs: number;
  /**
   * Recording time by which each file begins before the one before it ends (0 by default, less
   * than `segmentMs`): a word spoken across a boundary is whole in one of the two files. A file
   * begun when the recording stops holds only that overlap, and is dropped.
   */
  overlapMs?: number;
  /** Receives every finished segment, numbered from 0; the last one comes from `stop()`. */
  onSegment(audio: RecordedAudio, index: number): void;
}

export interface StartOptions {
  mode?: RecordingMode;
  segments?: SegmentOptions;
}

/**
 * Recording types tried in this order (docs/product.md, "Gravação e transcrição em trechos"); the
 * first the browser supports wins, and when none is supported the browser chooses.
 */
export const PREFERRED_AUDIO_TYPES = [
  'audio/wav',
  'audio/mp4',
  'audio/mpeg',
  'audio/webm;codecs=opus',
] as const;

/** The message of `stop()` with nothing recording (docs/product.md, "Mensagens de erro"). */
export const NO_ACTIVE_RECORDING_MESSAGE = 'No active recording to stop';

const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true },
};

/**
 * The first preferred type the browser can record, or undefined to let it choose.
 * @param isTypeSupported - the browser's `MediaRecorder.isTypeSupported`
 */
export function chooseAudioType(isTypeSupported: (type: string) => boolean): string | undefined {
  return PREFERRED_AUDIO_TYPES.find((type) => isTypeSupported(type));
}

/** One MediaRecorder's file: its chunks are complete once the recorder has stopped. */
interface RecorderFile {
  recorder: MediaRecorderLike;
  chunks: Promise<Blob[]>;
  /** Total recording time of the session when this file began. */
  startedAtMs: number;
}

/** One start…stop of the microphone. */
interface Session {
  stream: MediaStreamLike;
  options: RecorderOptions;
  segments: SegmentOptions | undefined;
  file: RecorderFile;
  /** The next file, begun `overlapMs` before the current one closes. */
  next: RecorderFile | undefined;
  nextSegmentIndex: number;
  /** Recording time at which the current file is due to be closed (segmenting only). */
  nextRotationAtMs: number;
  /** Recording time accumulated before the current run (pauses split runs). */
  recordedMs: number;
  /** When the current run began; undefined while paused. */
  runningSince: number | undefined;
  segmentTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Records the visit through the browser's MediaRecorder: idle → recording ⇄ paused → stopped.
 * `start` never throws (a failure is logged and gives undefined); `stop` gives the audio file and
 * releases the microphone.
 */
export class AudioRecorder {
  private currentState: RecorderState = 'idle';
  private currentMode: RecordingMode = 'normal';
  private session: Session | undefined;
  private starting: Promise<AudioRecorder | undefined> | undefined;

  constructor(private readonly deps: AudioRecorderDeps) {}

  get state(): RecorderState {
    return this.currentState;
  }

  /** The mode of the current (or last) recording; the caller decides what stop leads to. */
  get mode(): RecordingMode {
    return this.currentMode;
  }

  /** Recording time so far, pauses excluded (0 when nothing is recording). */
  get durationMs(): number {
    return this.session ? this.recordedMs(this.session) : 0;
  }

  /**
   * Opens the microphone and starts recording. While a recording runs (or is starting) it returns
   * that recorder and ignores the new options.
   * @param options - the mode and, for long visits, segmenting
   * @returns this recorder, or undefined when the microphone could not be opened (logged)
   */
  start(options: StartOptions = {}): Promise<AudioRecorder | undefined> {
    if (this.currentState === 'recording' || this.currentState === 'paused') {
      return Promise.resolve(this);
    }
    this.starting ??= this.open(options).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Pauses a running recording; false (and nothing done) unless recording. */
  pause(): boolean {
    const session = this.session;
    if (this.currentState !== 'recording' || !session) return false;
    try {
      session.file.recorder.pause();
    } catch (error) {
      console.error('Não foi possível pausar a gravação:', error);
      return false;
    }
    pauseQuietly(session.next);
    this.clearSegmentTimer(session);
    session.recordedMs = this.recordedMs(session);
    session.runningSince = undefined;
    this.currentState = 'paused';
    return true;
  }

  /** Resumes a paused recording; false (and nothing done) unless paused. */
  resume(): boolean {
    const session = this.session;
    if (this.currentState !== 'paused' || !session) return false;
    try {
      session.file.recorder.resume();
    } catch (error) {
      console.error('Não foi possível retomar a gravação:', error);
      return false;
    }
    resumeQuietly(session.next);
    session.runningSince = this.deps.now();
    this.currentState = 'recording';
    this.scheduleSegment(session);
    return true;
  }

  /**
   * Stops the recording and releases the microphone.
   * @returns the audio file; with segmenting, the last segment (also passed to `onSegment`)
   * @throws Error 'No active recording to stop' when nothing is recording or paused
   */
  async stop(): Promise<RecordedAudio> {
    const session = this.session;
    if ((this.currentState !== 'recording' && this.currentState !== 'paused') || !session) {
      throw new Error(NO_ACTIVE_RECORDING_MESSAGE);
    }
    this.clearSegmentTimer(session);
    session.recordedMs = this.recordedMs(session);
    session.runningSince = undefined;
    this.currentState = 'stopped';
    this.session = undefined;

    const file = session.file;
    // Begun within the last overlap: every word of it is in the file that ends now.
    if (session.next) stopQuietly(session.next);
    try {
      // After an error the browser has already stopped the recorder (and delivered its data).
      if (file.recorder.state !== 'inactive') file.recorder.stop();
      const audio = await this.finishFile(file, session.recordedMs, session.options);
      if (session.segments) this.emitSegment(session, audio, session.nextSegmentIndex++);
      return audio;
    } finally {
      releaseMicrophone(session.stream);
    }
  }

  private async open(options: StartOptions): Promise<AudioRecorder | undefined> {
    let stream: MediaStreamLike | undefined;
    try {
      const segments = options.segments;
      if (segments && !(Number.isFinite(segments.segmentMs) && segments.segmentMs > 0)) {
        throw new RangeError(`Invalid segment length: ${segments.segmentMs} ms`);
      }
      const overlapMs = segments?.overlapMs ?? 0;
      if (segments && !(overlapMs >= 0 && overlapMs < segments.segmentMs)) {
        throw new RangeError(`Invalid segment overlap: ${overlapMs} ms`);
      }
      stream = await this.deps.getUserMedia(MICROPHONE_CONSTRAINTS);
      const mimeType = chooseAudioType((type) => this.deps.isTypeSupported(type));
      const recorderOptions: RecorderOptions = mimeType ? { mimeType } : {};
      const file = this.beginFile(stream, recorderOptions, 0);
      this.session = {
        stream,
        options: recorderOptions,
        segments,
        file,
        next: undefined,
        nextSegmentIndex: 0,
        nextRotationAtMs: segments?.segmentMs ?? 0,
        recordedMs: 0,
        runningSince: this.deps.now(),
        segmentTimer: undefined,
      };
      this.currentMode = options.mode ?? 'normal';
      this.currentState = 'recording';
      this.scheduleSegment(this.session);
      return this;
    } catch (error) {
      console.error('Não foi possível iniciar a gravação de áudio:', error);
      if (stream) releaseMicrophone(stream);
      this.session = undefined;
      this.currentState = 'idle';
      return undefined;
    }
  }

  /** Creates and starts a MediaRecorder on the stream, collecting its data until it stops. */
  private beginFile(
    stream: MediaStreamLike,
    options: RecorderOptions,
    startedAtMs: number,
  ): RecorderFile {
    const recorder = this.deps.createRecorder(stream, options);
    const chunks = new Promise<Blob[]>((resolve) => {
      const collected: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) collected.push(event.data);
      };
      recorder.onstop = () => resolve(collected);
      // The browser stops the recorder after an error and still delivers the data it has.
      recorder.onerror = (event) => console.error('Erro durante a gravação de áudio:', event);
    });
    recorder.start();
    return { recorder, chunks, startedAtMs };
  }

  private async finishFile(
    file: RecorderFile,
    endedAtMs: number,
    options: RecorderOptions,
  ): Promise<RecordedAudio> {
    const chunks = await file.chunks;
    const mimeType = file.recorder.mimeType || chunks[0]?.type || options.mimeType || '';
    return {
      blob: new Blob(chunks, { type: mimeType }),
      mimeType,
      fileName: audioFileName(mimeType),
      durationMs: endedAtMs - file.startedAtMs,
    };
  }

  private recordedMs(session: Session): number {
    const running = session.runningSince === undefined ? 0 : this.deps.now() - session.runningSince;
    return session.recordedMs + running;
  }

  /** Sets the timer for what comes next: the next file begins, or the current one closes. */
  private scheduleSegment(session: Session): void {
    if (!session.segments) return;
    const overlapMs = session.segments.overlapMs ?? 0;
    const beginsNext = overlapMs > 0 && !session.next;
    const dueAtMs = session.nextRotationAtMs - (beginsNext ? overlapMs : 0);
    const remaining = Math.max(0, dueAtMs - this.recordedMs(session));
    session.segmentTimer = setTimeout(() => {
      session.segmentTimer = undefined;
      if (beginsNext) {
        this.beginNextSegment(session);
      } else {
        this.rotateSegment(session);
      }
    }, remaining);
  }

  /**
   * Begins the next file while the current one still records, so the two overlap. If it cannot
   * begin, the rotation begins it as without overlap.
   */
  private beginNextSegment(session: Session): void {
    if (this.session !== session || this.currentState !== 'recording') return;
    try {
      session.next = this.beginFile(session.stream, session.options, this.recordedMs(session));
    } catch (error) {
      console.error('Não foi possível iniciar um novo segmento da gravação:', error);
      session.next = undefined;
    }
    if (session.next) {
      this.scheduleSegment(session);
    } else {
      this.rotateSegment(session);
    }
  }

  private clearSegmentTimer(session: Session): void {
    if (session.segmentTimer !== undefined) clearTimeout(session.segmentTimer);
    session.segmentTimer = undefined;
  }

  /**
   * Closes the current file and continues in the next one on the same stream (begun already when
   * segments overlap). The new recorder starts before the old one stops, so no speech falls
   * between two segments.
   */
  private rotateSegment(session: Session): void {
    if (this.session !== session || this.currentState !== 'recording' || !session.segments) return;
    const now = this.recordedMs(session);
    const finished = session.file;
    const begun = session.next;
    session.next = undefined;
    try {
      session.file = begun ?? this.beginFile(session.stream, session.options, now);
    } catch (error) {
      // Keep recording into the current file (a longer segment) rather than lose the visit.
      console.error('Não foi possível iniciar um novo segmento da gravação:', error);
      session.nextRotationAtMs = now + session.segments.segmentMs;
      this.scheduleSegment(session);
      return;
    }
    session.nextRotationAtMs = session.file.startedAtMs + session.segments.segmentMs;
    if (finished.recorder.state !== 'inactive') finished.recorder.stop();
    // Numbered now, so segments keep their order even if a later one finishes first.
    const index = session.nextSegmentIndex++;
    void this.finishFile(finished, now, session.options).then((audio) =>
      this.emitSegment(session, audio, index),
    );
    this.scheduleSegment(session);
  }

  private emitSegment(session: Session, audio: RecordedAudio, index: number): void {
    try {
      session.segments?.onSegment(audio, index);
    } catch (error) {
      console.error('Erro ao processar um segmento da gravação:', error);
    }
  }
}

/** A file begun early follows the current one's pause and resume; a failure is only logged. */
function pauseQuietly(file: RecorderFile | undefined): void {
  try {
    if (file?.recorder.state === 'recording') file.recorder.pause();
  } catch (error) {
    console.error('Não foi possível pausar a gravação:', error);
  }
}

function resumeQuietly(file: RecorderFile | undefined): void {
  try {
    if (file?.recorder.state === 'paused') file.recorder.resume();
  } catch (error) {
    console.error('Não foi possível retomar a gravação:', error);
  }
}

function stopQuietly(file: RecorderFile): void {
  try {
    if (file.recorder.state !== 'inactive') file.recorder.stop();
  } catch (error) {
    console.error('Não foi possível finalizar a gravação:', error);
  }
}

function releaseMicrophone(stream: MediaStreamLike): void {
  stream.getTracks().forEach((track) => track.stop());
}

/** Adapts the browser's MediaRecorder, whose handlers expect full DOM events, to `MediaRecorderLike`. */
class BrowserMediaRecorder implements MediaRecorderLike {
  ondataavailable: ((event: RecorderDataEvent) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(private readonly recorder: MediaRecorder) {
    recorder.ondataavailable = (event) => this.ondataavailable?.(event);
    recorder.onstop = () => this.onstop?.();
    recorder.onerror = (event) => this.onerror?.(event);
  }

  get state(): MediaRecorderLike['state'] {
    return this.recorder.state;
  }

  get mimeType(): string {
    return this.recorder.mimeType;
  }

  start(timeslice?: number): void {
    this.recorder.start(timeslice);
  }

  stop(): void {
    this.recorder.stop();
  }

  pause(): void {
    this.recorder.pause();
  }

  resume(): void {
    this.recorder.resume();
  }
}

/**
 * The real browser APIs, or undefined where the browser cannot record (no MediaRecorder, or no
 * microphone access, as on plain http).
 */
export function browserAudioRecorderDeps(): AudioRecorderDeps | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof navigator === 'undefined') return undefined;
  // Absent outside secure contexts (plain http), whatever the DOM types say.
  const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
  if (!mediaDevices) return undefined;
  return {
    getUserMedia: (constraints) => mediaDevices.getUserMedia(constraints),
    createRecorder: (stream, options) => {
      if (!(stream instanceof MediaStream)) {
        throw new TypeError('The browser recorder needs a stream from getUserMedia');
      }
      return new BrowserMediaRecorder(new MediaRecorder(stream, options));
    },
    isTypeSupported: (type) => MediaRecorder.isTypeSupported(type),
    now: () => performance.now(),
  };
}
