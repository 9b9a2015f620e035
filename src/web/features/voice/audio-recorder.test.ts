import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AudioRecorder,
  browserAudioRecorderDeps,
  chooseAudioType,
  PREFERRED_AUDIO_TYPES,
  type AudioRecorderDeps,
  type MediaRecorderLike,
  type MediaStreamLike,
  type RecordedAudio,
  type RecorderDataEvent,
  type RecorderOptions,
} from './audio-recorder';

class FakeTrack {
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

class FakeStream implements MediaStreamLike {
  readonly tracks = [new FakeTrack()];
  getTracks(): readonly FakeTrack[] {
    return this.tracks;
  }
  get released(): boolean {
    return this.tracks.every((track) => track.stopped);
  }
}

/** Behaves like the browser's MediaRecorder: stop delivers the data, then the stop event, later. */
class FakeMediaRecorder implements MediaRecorderLike {
  state: MediaRecorderLike['state'] = 'inactive';
  ondataavailable: ((event: RecorderDataEvent) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  pauseError: Error | undefined;
  /** The type the recorded data carries; some browsers report it only there. */
  dataType: string;

  constructor(
    readonly stream: MediaStreamLike,
    readonly options: RecorderOptions,
    readonly mimeType: string,
    readonly content: string,
  ) {
    this.dataType = mimeType;
  }

  start(): void {
    this.state = 'recording';
  }
  pause(): void {
    if (this.pauseError) throw this.pauseError;
    this.state = 'paused';
  }
  resume(): void {
    this.state = 'recording';
  }
  stop(): void {
    this.state = 'inactive';
    queueMicrotask(() => this.deliver());
  }
  /** What the browser does when recording fails: an error, then the data and the stop event. */
  fail(error: unknown): void {
    this.state = 'inactive';
    this.onerror?.(error);
    this.deliver();
  }
  private deliver(): void {
    this.ondataavailable?.({ data: new Blob([this.content], { type: this.dataType }) });
    this.onstop?.();
  }
}

interface Setup {
  supported?: readonly string[];
  /** What the browser reports as the recorder's type; by default the requested one. */
  reportedType?: (options: RecorderOptions) => string;
}

function setup({ supported = ['audio/webm;codecs=opus'], reportedType }: Setup = {}) {
  const streams: FakeStream[] = [];
  const recorders: FakeMediaRecorder[] = [];
  const getUserMedia = vi.fn((_constraints: MediaStreamConstraints) => {
    const stream = new FakeStream();
    streams.push(stream);
    return Promise.resolve<MediaStreamLike>(stream);
  });
  const createRecorder = vi.fn((stream: MediaStreamLike, options: RecorderOptions) => {
    const mimeType = reportedType ? reportedType(options) : (options.mimeType ?? '');
    const recorder = new FakeMediaRecorder(stream, options, mimeType, `audio-${recorders.length}`);
    recorders.push(recorder);
    return recorder;
  });
  const deps: AudioRecorderDeps = {
    getUserMedia,
    createRecorder,
    isTypeSupported: (type) => supported.includes(type),
    now: () => Date.now(),
  };
  const recorder = new AudioRecorder(deps);
  const lastRecorder = (): FakeMediaRecorder => {
    const last = recorders.at(-1);
    if (!last) throw new Error('No MediaRecorder was created');
    return last;
  };
  return { recorder, deps, streams, recorders, getUserMedia, createRecorder, lastRecorder };
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-10T12:00:00.000Z'));
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AudioRecorder start', () => {
  it('is idle in normal mode before anything happens', () => {
    const { recorder } = setup();
    expect(recorder.state).toBe('idle');
    expect(recorder.mode).toBe('normal');
    expect(recorder.durationMs).toBe(0);
  });

  it('opens the microphone and records with the preferred type', async () => {
    const { recorder, getUserMedia, lastRecorder, streams } = setup();

    await expect(recorder.start()).resolves.toBe(recorder);

    expect(recorder.state).toBe('recording');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: expect.any(Object) as unknown });
    expect(lastRecorder().stream).toBe(streams[0]);
    expect(lastRecorder().options).toEqual({ mimeType: 'audio/webm;codecs=opus' });
    expect(lastRecorder().state).toBe('recording');
  });

  it('remembers the continuous mode for the caller', async () => {
    const { recorder } = setup();
    await recorder.start({ mode: 'continuous' });
    expect(recorder.mode).toBe('continuous');
  });

  it('returns the running recorder on a second start without opening the microphone again', async () => {
    const { recorder, getUserMedia, createRecorder } = setup();
    await recorder.start({ mode: 'continuous' });

    await expect(recorder.start({ mode: 'normal' })).resolves.toBe(recorder);
    recorder.pause();
    await expect(recorder.start()).resolves.toBe(recorder);

    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(createRecorder).toHaveBeenCalledTimes(1);
    expect(recorder.mode).toBe('continuous');
    expect(recorder.state).toBe('paused');
  });

  it('shares one start between calls made while the microphone is opening', async () => {
    const { recorder, getUserMedia } = setup();

    const first = recorder.start();
    const second = recorder.start();

    expect(second).toBe(first);
    await expect(second).resolves.toBe(recorder);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('returns undefined, logs and stays idle when the microphone is refused', async () => {
    const { recorder, getUserMedia } = setup();
    const denied = new Error('Permission denied');
    getUserMedia.mockRejectedValueOnce(denied);

    await expect(recorder.start()).resolves.toBeUndefined();

    expect(recorder.state).toBe('idle');
    expect(consoleError).toHaveBeenCalledWith(
      'Não foi possível iniciar a gravação de áudio:',
      denied,
    );
    // A later attempt (after the doctor allows the microphone) works.
    await expect(recorder.start()).resolves.toBe(recorder);
  });

  it('releases the microphone when the recorder cannot be created', async () => {
    const { recorder, createRecorder, streams } = setup();
    createRecorder.mockImplementationOnce(() => {
      throw new Error('NotSupportedError');
    });

    await expect(recorder.start()).resolves.toBeUndefined();

    expect(recorder.state).toBe('idle');
    expect(streams[0]?.released).toBe(true);
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('refuses a segment length that is not a positive number of milliseconds', async () => {
    const { recorder, getUserMedia } = setup();

    const started = await recorder.start({ segments: { segmentMs: 0, onSegment: vi.fn() } });

    expect(started).toBeUndefined();
    expect(recorder.state).toBe('idle');
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});

describe('AudioRecorder pause and resume', () => {
  it('pauses only while recording and resumes only while paused', async () => {
    const { recorder, lastRecorder } = setup();

    expect(recorder.pause()).toBe(false);
    expect(recorder.resume()).toBe(false);
    expect(recorder.state).toBe('idle');

    await recorder.start();
    expect(recorder.resume()).toBe(false);
    expect(recorder.state).toBe('recording');

    expect(recorder.pause()).toBe(true);
    expect(recorder.state).toBe('paused');
    expect(lastRecorder().state).toBe('paused');
    expect(recorder.pause()).toBe(false);

    expect(recorder.resume()).toBe(true);
    expect(recorder.state).toBe('recording');
    expect(lastRecorder().state).toBe('recording');

    await recorder.stop();
    expect(recorder.pause()).toBe(false);
    expect(recorder.resume()).toBe(false);
    expect(recorder.state).toBe('stopped');
  });

  it('stays recording and logs when the browser refuses to pause', async () => {
    const { recorder, lastRecorder } = setup();
    await recorder.start();
    lastRecorder().pauseError = new Error('InvalidStateError');

    expect(recorder.pause()).toBe(false);

    expect(recorder.state).toBe('recording');
    expect(consoleError).toHaveBeenCalledOnce();
  });
});

describe('AudioRecorder stop', () => {
  it('rejects with a message when nothing was started', async () => {
    const { recorder } = setup();
    await expect(recorder.stop()).rejects.toThrow(new Error('No active recording to stop'));
    expect(recorder.state).toBe('idle');
  });

  it('rejects a second stop', async () => {
    const { recorder } = setup();
    await recorder.start();
    await recorder.stop();
    await expect(recorder.stop()).rejects.toThrow('No active recording to stop');
  });

  it('returns the audio file and releases the microphone', async () => {
    const { recorder, streams } = setup();
    await recorder.start();
    vi.advanceTimersByTime(12_000);

    const audio = await recorder.stop();

    expect(recorder.state).toBe('stopped');
    expect(audio).toMatchObject({
      mimeType: 'audio/webm;codecs=opus',
      fileName: 'recording.webm',
      durationMs: 12_000,
    });
    expect(audio.blob.type).toBe('audio/webm;codecs=opus');
    await expect(audio.blob.text()).resolves.toBe('audio-0');
    expect(streams[0]?.released).toBe(true);
    expect(recorder.durationMs).toBe(0);
  });

  it('stops from paused too', async () => {
    const { recorder, streams } = setup();
    await recorder.start();
    recorder.pause();

    await expect(recorder.stop()).resolves.toMatchObject({ fileName: 'recording.webm' });
    expect(streams[0]?.released).toBe(true);
  });

  it('leaves paused time out of the duration', async () => {
    const { recorder } = setup();
    await recorder.start();
    vi.advanceTimersByTime(10_000);
    recorder.pause();
    vi.advanceTimersByTime(5_000);
    expect(recorder.durationMs).toBe(10_000);
    recorder.resume();
    vi.advanceTimersByTime(3_000);
    expect(recorder.durationMs).toBe(13_000);

    const audio = await recorder.stop();

    expect(audio.durationMs).toBe(13_000);
  });

  it('still returns the audio when the browser already stopped the recorder after an error', async () => {
    const { recorder, lastRecorder, streams } = setup();
    await recorder.start();
    const failure = new Error('device unplugged');
    lastRecorder().fail(failure);

    const audio = await recorder.stop();

    await expect(audio.blob.text()).resolves.toBe('audio-0');
    expect(streams[0]?.released).toBe(true);
    expect(consoleError).toHaveBeenCalledWith('Erro durante a gravação de áudio:', failure);
  });

  it('records again after a stop, on a new microphone stream', async () => {
    const { recorder, getUserMedia } = setup();
    await recorder.start({ mode: 'continuous' });
    await recorder.stop();

    await expect(recorder.start()).resolves.toBe(recorder);

    expect(recorder.state).toBe('recording');
    expect(recorder.mode).toBe('normal');
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });
});

describe('recording types and file names', () => {
  it('tries wav, mp4, mpeg, then webm with opus', () => {
    expect(PREFERRED_AUDIO_TYPES).toEqual([
      'audio/wav',
      'audio/mp4',
      'audio/mpeg',
      'audio/webm;codecs=opus',
    ]);
    const asked: string[] = [];
    chooseAudioType((type) => {
      asked.push(type);
      return false;
    });
    expect(asked).toEqual([...PREFERRED_AUDIO_TYPES]);
  });

  it.each([
    [['audio/wav', 'audio/mp4', 'audio/webm;codecs=opus'], 'audio/wav', 'recording.wav'],
    [['audio/mp4', 'audio/webm;codecs=opus'], 'audio/mp4', 'recording.mp4'],
    [['audio/mpeg', 'audio/webm;codecs=opus'], 'audio/mpeg', 'recording.mp3'],
    [['audio/webm;codecs=opus'], 'audio/webm;codecs=opus', 'recording.webm'],
  ])('with %j supported records %s as %s', async (supported, type, fileName) => {
    const { recorder, lastRecorder } = setup({ supported });
    await recorder.start();

    expect(lastRecorder().options).toEqual({ mimeType: type });
    await expect(recorder.stop()).resolves.toMatchObject({ mimeType: type, fileName });
  });

  it('lets the browser choose when no preferred type is supported', async () => {
    const { recorder, lastRecorder } = setup({ supported: [], reportedType: () => 'audio/ogg' });
    await recorder.start();

    expect(lastRecorder().options).toEqual({});
    await expect(recorder.stop()).resolves.toMatchObject({ mimeType: 'audio/ogg' });
  });

  it('falls back to the data type when the browser reports no recorder type', async () => {
    const { recorder, lastRecorder } = setup({ supported: [], reportedType: () => '' });
    await recorder.start();
    lastRecorder().dataType = 'audio/mp4';

    const audio = await recorder.stop();

    expect(audio).toMatchObject({ mimeType: 'audio/mp4', fileName: 'recording.mp4' });
    expect(audio.blob.type).toBe('audio/mp4');
  });
});

describe('AudioRecorder segments', () => {
  const MINUTE = 60_000;

  async function startSegmented(segmentMs = MINUTE, overlapMs?: number) {
    const context = setup();
    const segments: { audio: RecordedAudio; index: number; text: string }[] = [];
    const pending: Promise<void>[] = [];
    const onSegment = vi.fn((audio: RecordedAudio, index: number) => {
      pending.push(
        audio.blob.text().then((text) => {
          segments.push({ audio, index, text });
        }),
      );
    });
    await context.recorder.start({
      mode: 'continuous',
      segments: { segmentMs, onSegment, ...(overlapMs === undefined ? {} : { overlapMs }) },
    });
    /** Lets the stopped recorders deliver their data. */
    const settle = async (): Promise<void> => {
      await vi.advanceTimersByTimeAsync(0);
      await Promise.all(pending);
    };
    return { ...context, segments, onSegment, settle };
  }

  it('closes a complete file every segment length and starts the next on the same stream', async () => {
    const { recorder, recorders, streams, getUserMedia, segments, settle } = await startSegmented();

    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    await settle();
    expect(segments).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(segments.map(({ index, text }) => [index, text])).toEqual([[0, 'audio-0']]);
    expect(segments[0]?.audio).toMatchObject({ fileName: 'recording.webm', durationMs: MINUTE });
    expect(recorders.map((r) => r.state)).toEqual(['inactive', 'recording']);
    expect(recorders[1]?.stream).toBe(streams[0]);
    expect(getUserMedia).toHaveBeenCalledOnce();
    expect(streams[0]?.released).toBe(false);
    expect(recorder.state).toBe('recording');

    await vi.advanceTimersByTimeAsync(MINUTE);
    await settle();
    expect(segments.map(({ index }) => index)).toEqual([0, 1]);
  });

  it('emits the last segment on stop and returns it', async () => {
    const { recorder, streams, segments, settle } = await startSegmented();
    await vi.advanceTimersByTimeAsync(2 * MINUTE + 30_000);

    const last = await recorder.stop();
    await settle();

    expect(last).toMatchObject({ durationMs: 30_000, fileName: 'recording.webm' });
    expect(segments.map(({ index, text, audio }) => [index, text, audio.durationMs])).toEqual([
      [0, 'audio-0', MINUTE],
      [1, 'audio-1', MINUTE],
      [2, 'audio-2', 30_000],
    ]);
    expect(segments[2]?.audio).toBe(last);
    expect(streams[0]?.released).toBe(true);
  });

  it('counts only recording time towards a segment', async () => {
    const { recorder, segments, settle } = await startSegmented();
    await vi.advanceTimersByTimeAsync(40_000);
    recorder.pause();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await settle();
    expect(segments).toEqual([]);

    recorder.resume();
    await vi.advanceTimersByTimeAsync(19_999);
    await settle();
    expect(segments).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(segments.map(({ audio }) => audio.durationMs)).toEqual([MINUTE]);
  });

  it('keeps recording when the segment callback throws', async () => {
    const { recorder, onSegment, settle } = await startSegmented();
    onSegment.mockImplementationOnce(() => {
      throw new Error('upload failed');
    });

    await vi.advanceTimersByTimeAsync(MINUTE);
    await settle();

    expect(recorder.state).toBe('recording');
    expect(consoleError).toHaveBeenCalledWith(
      'Erro ao processar um segmento da gravação:',
      expect.any(Error),
    );
    await vi.advanceTimersByTimeAsync(MINUTE);
    await settle();
    expect(onSegment).toHaveBeenCalledTimes(2);
  });

  it('keeps recording into the same file when a new segment cannot begin', async () => {
    const { recorder, createRecorder, recorders, segments, settle } = await startSegmented();
    createRecorder.mockImplementationOnce(() => {
      throw new Error('NotSupportedError');
    });

    await vi.advanceTimersByTimeAsync(MINUTE);
    await settle();
    expect(segments).toEqual([]);
    expect(recorders[0]?.state).toBe('recording');
    expect(consoleError).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(30_000);
    const last = await recorder.stop();
    await settle();
    expect(last.durationMs).toBe(MINUTE + 30_000);
    expect(segments.map(({ index }) => index)).toEqual([0]);
  });

  it('begins each file an overlap before the one before it closes, on the same stream', async () => {
    const OVERLAP = 2_000;
    const { recorder, recorders, streams, segments, settle } = await startSegmented(
      MINUTE,
      OVERLAP,
    );

    await vi.advanceTimersByTimeAsync(MINUTE - OVERLAP - 1);
    expect(recorders).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(recorders.map((r) => r.state)).toEqual(['recording', 'recording']);
    expect(recorders[1]?.stream).toBe(streams[0]);

    await vi.advanceTimersByTimeAsync(OVERLAP);
    await settle();
    expect(recorders.map((r) => r.state)).toEqual(['inactive', 'recording']);
    expect(segments.map(({ index, text, audio }) => [index, text, audio.durationMs])).toEqual([
      [0, 'audio-0', MINUTE],
    ]);

    // The second file began at 58 s: it closes at 1:58, the third having begun at 1:56.
    await vi.advanceTimersByTimeAsync(MINUTE - OVERLAP - 1);
    expect(recorders).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(segments.map(({ index, audio }) => [index, audio.durationMs])).toEqual([
      [0, MINUTE],
      [1, MINUTE],
    ]);

    await vi.advanceTimersByTimeAsync(10_000);
    const last = await recorder.stop();
    await settle();
    // 1:56 to 2:08.
    expect(last.durationMs).toBe(12_000);
    expect(segments.map(({ index, text }) => [index, text])).toEqual([
      [0, 'audio-0'],
      [1, 'audio-1'],
      [2, 'audio-2'],
    ]);
  });

  it('drops the file begun within the last overlap when the recording stops: the other holds it all', async () => {
    const { recorder, recorders, segments, settle } = await startSegmented(MINUTE, 2_000);
    await vi.advanceTimersByTimeAsync(MINUTE - 1_000);
    expect(recorders).toHaveLength(2);

    const last = await recorder.stop();
    await settle();

    expect(last.durationMs).toBe(MINUTE - 1_000);
    expect(segments.map(({ index, text }) => [index, text])).toEqual([[0, 'audio-0']]);
    expect(recorders.map((r) => r.state)).toEqual(['inactive', 'inactive']);
  });

  it('pauses and resumes both files of an overlap, and counts only recording time', async () => {
    const { recorder, recorders, segments, settle } = await startSegmented(MINUTE, 2_000);
    await vi.advanceTimersByTimeAsync(MINUTE - 1_000);
    recorder.pause();
    expect(recorders.map((r) => r.state)).toEqual(['paused', 'paused']);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await settle();
    expect(segments).toEqual([]);

    recorder.resume();
    expect(recorders.map((r) => r.state)).toEqual(['recording', 'recording']);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(segments.map(({ audio }) => audio.durationMs)).toEqual([MINUTE]);
  });

  it('refuses an overlap that is not shorter than a segment', async () => {
    const { recorder } = setup();
    const started = await recorder.start({
      segments: { segmentMs: 2_000, overlapMs: 2_000, onSegment: vi.fn() },
    });
    expect(started).toBeUndefined();
    expect(recorder.state).toBe('idle');
  });

  it('does not cut segments after the recording stopped', async () => {
    const { recorder, onSegment, createRecorder, settle } = await startSegmented();
    await vi.advanceTimersByTimeAsync(10_000);
    await recorder.stop();

    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await settle();

    expect(onSegment).toHaveBeenCalledOnce();
    expect(createRecorder).toHaveBeenCalledOnce();
  });
});

describe('browserAudioRecorderDeps', () => {
  it('is undefined where the browser cannot record', () => {
    expect(browserAudioRecorderDeps()).toBeUndefined();
  });
});
