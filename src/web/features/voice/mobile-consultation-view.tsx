import { ArrowLeft, Keyboard, Loader2, Mic } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatCrm, isDoctorProfileConfigured } from '../../../shared/doctor-settings';
import {
  isRetryableTranscriptionError,
  TRANSCRIPTION_UNCONFIGURED_MESSAGE,
} from '../../../shared/transcription';
import {
  forgetConsultationTranscript,
  readConsultationTranscript,
  writeConsultationTranscript,
} from '../../consultation-transcript';
import { ApiError } from '../../api-request';
import { useCurrentRecordStore } from '../../current-record/current-record';
import { useSettingsQuery } from '../../data/settings';
import { Button } from '../../ui/button';
import { useDictation } from '../../ui/chat/use-dictation';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import type { WorkspaceViewProps } from '../../workspace-views';
import { AudioRecorder, browserAudioRecorderDeps, type RecordedAudio } from './audio-recorder';
import {
  CompletedSummary,
  opensRecordByItself,
  type FailedSegments,
  RecordingPanel,
  ReviewPanel,
} from './consultation-panels';
import {
  checkMicrophonePermission,
  isMicrophoneSupported,
  MICROPHONE_HELP,
  microphoneHelpText,
} from './microphone-permission';
import {
  analyseConsultation,
  applyConsultation,
  type ConsultationAnalysis,
  type ConsultationOutcome,
} from './process-consultation';
import { SegmentQueue } from './recording-segments';
import {
  readTranscriptionStatus,
  TranscriptionUploadError,
  transcribeAudio,
} from './transcribe-audio';

type Phase = 'ready' | 'recording' | 'processing' | 'reviewing' | 'completed';

/**
 * Each file sent for transcription covers at most this much recording (well under 25 MB),
 * unless the server says otherwise (`AI_TRANSCRIBE_SEGMENT_SECONDS`).
 */
const DEFAULT_SEGMENT_MS = 4 * 60 * 1000;

/** Spec §4: after starting a record, recording begins half a second later. */
const START_DELAY_MS = 500;

/** How long the completed screen shows before a confident record opens by itself. */
const OPEN_RECORD_DELAY_MS = 1500;

const PROCESSING_ERROR = 'Não foi possível processar a consulta. A transcrição foi mantida.';

const UNSAVED_RECORD_MESSAGE =
  'O prontuário desta consulta ainda não chegou ao servidor; ele continua guardado neste dispositivo. Tente novamente quando a conexão voltar.';

const NO_FAILED_SEGMENTS: FailedSegments = { retryable: 0, lost: 0 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Keeps the phone awake while recording; failures (unsupported, refused) are ignored. */
async function requestWakeLock(): Promise<WakeLockSentinel | undefined> {
  const wakeLock = (navigator as { wakeLock?: WakeLock }).wakeLock;
  try {
    return await wakeLock?.request('screen');
  } catch {
    return undefined;
  }
}

/** The server's Portuguese message; anything else (an unexpected answer) gets ours. */
const failureMessage = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : PROCESSING_ERROR;

/** Whether sending a failed segment again may work (not for audio the service refuses). */
const isRetryable = (failure: unknown) =>
  !(failure instanceof TranscriptionUploadError) ||
  failure.code === undefined ||
  isRetryableTranscriptionError(failure.code);

/**
 * The voice consultation, full screen (spec §2): record the visit, review the transcript with
 * what was recognised in it, and fill the open record and its structured anamnesis. Without a
 * transcription service the doctor dictates with the browser's speech recognition or types the
 * transcript. The transcript under review is kept in the browser until the visit is done.
 */
export default function MobileConsultationView({ doctor, openView }: WorkspaceViewProps) {
  const settings = useSettingsQuery().data?.settings;
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  const store = useCurrentRecordStore();

  const [transcript, setTranscript] = useState(() => readConsultationTranscript(doctor.id));
  // A transcript left from before a reload is taken up where the doctor was.
  const [phase, setPhase] = useState<Phase>(() => (transcript ? 'reviewing' : 'ready'));
  const [busyText, setBusyText] = useState('');
  /** Undefined until the server says; recording is offered meanwhile. */
  const [configured, setConfigured] = useState<boolean | undefined>();
  const segmentMs = useRef(DEFAULT_SEGMENT_MS);
  const [error, setError] = useState<string | undefined>();
  const [microphoneHelp, setMicrophoneHelp] = useState<string | undefined>();
  const [elapsedMs, setElapsedMs] = useState(0);
  const [live, setLive] = useState(false);
  const [paused, setPaused] = useState(false);
  const [failedSegments, setFailedSegments] = useState(NO_FAILED_SEGMENTS);
  const [analysis, setAnalysis] = useState<ConsultationAnalysis | undefined>();
  const [outcome, setOutcome] = useState<ConsultationOutcome | undefined>();

  const recorder = useRef<AudioRecorder | undefined>(undefined);
  const queue = useRef(new SegmentQueue<RecordedAudio>());
  const uploads = useRef<Promise<void>[]>([]);
  const wakeLock = useRef<WakeLockSentinel | undefined>(undefined);
  /** The transcript as the last collection of the recording left it (to tell edits apart). */
  const collected = useRef('');
  /** False once the screen is gone: a start still under way must then undo itself. */
  const mounted = useRef(true);
  const starting = useRef(false);
  /** After 'Nova Consulta', a phrase the stopped dictation still delivers is the old visit's. */
  const dictationDiscarded = useRef(false);

  const unconfigured = configured === false;
  // The analysis shown belongs to the transcript as it reads now, not to an earlier version.
  const currentAnalysis = analysis?.transcript === transcript ? analysis : undefined;

  useEffect(() => {
    let current = true;
    void readTranscriptionStatus().then((status) => {
      if (!current) return;
      setConfigured(status.configured);
      if (status.segmentSeconds) segmentMs.current = status.segmentSeconds * 1000;
    });
    return () => {
      current = false;
    };
  }, []);

  // Kept until the visit's words are in the record: then a reload starts the next visit.
  const visitRecorded = phase === 'completed' && (outcome?.applied || outcome?.anamnesis);
  useEffect(() => {
    if (visitRecorded) forgetConsultationTranscript();
    else writeConsultationTranscript(doctor.id, transcript);
  }, [doctor.id, transcript, visitRecorded]);

  const dictation = useDictation(
    useCallback((phrase: string) => {
      if (!phrase || dictationDiscarded.current) return;
      setTranscript((current) => (current.trim() ? `${current} ${phrase}` : phrase));
    }, []),
  );

  const releaseWakeLock = useCallback(() => {
    void wakeLock.current?.release().catch(() => undefined);
    wakeLock.current = undefined;
  }, []);

  // Leaving the screen while recording stops the microphone and lets the phone sleep.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const running = recorder.current;
      if (running && (running.state === 'recording' || running.state === 'paused')) {
        void running.stop().catch(() => undefined);
      }
      releaseWakeLock();
    };
  }, [releaseWakeLock]);

  // The browser drops the wake lock when the tab is hidden; take it again on return.
  useEffect(() => {
    if (phase !== 'recording' || !live) return;
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') {
        wakeLock.current = undefined;
        return;
      }
      void requestWakeLock().then((lock) => {
        if (mounted.current && recorder.current?.state === 'recording' && !wakeLock.current) {
          wakeLock.current = lock;
        } else {
          void lock?.release().catch(() => undefined);
        }
      });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [phase, live]);

  // A reload or a closed tab would stop the recording: the browser asks first.
  useEffect(() => {
    if (phase !== 'recording' && phase !== 'processing') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => {
      setElapsedMs(recorder.current?.durationMs ?? 0);
    }, 500);
    return () => clearInterval(timer);
  }, [phase]);

  // Spec §5: a confident extraction opens the record by itself.
  useEffect(() => {
    if (phase !== 'completed' || !outcome?.applied || !outcome.analysis.medical) return;
    if (!opensRecordByItself(outcome.analysis.extraction)) return;
    const timer = setTimeout(() => openView('medical-record'), OPEN_RECORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, outcome, openView]);

  const upload = useCallback(
    (audio: RecordedAudio, index: number) => {
      const sent = transcribeAudio(audio, { index })
        .then((result) => {
          queue.current.markTranscribed(index, result.text);
          // Each transcribed piece is kept at once: a reload mid-visit loses none of it.
          if (collected.current === '') {
            writeConsultationTranscript(doctor.id, queue.current.fullTranscript());
          }
        })
        .catch((failure: unknown) => {
          queue.current.markFailed(index, failure);
          if (failure instanceof TranscriptionUploadError && failure.unconfigured) {
            setConfigured(false);
          }
        });
      uploads.current.push(sent);
      return sent;
    },
    [doctor.id],
  );

  /** Cleans the text up and reads what it holds; a failure keeps the text as it was. */
  const analyse = useCallback(async (text: string) => {
    setBusyText('Analisando a transcrição…');
    try {
      const result = await analyseConsultation(text);
      setAnalysis(result);
      // Words added meanwhile (a late dictated phrase) are kept; the analysis is then stale.
      setTranscript((current) => (current === text ? result.transcript : current));
      return result;
    } catch (failure) {
      console.error('Falha ao analisar a transcrição.', failure);
      setError(failureMessage(failure));
      return undefined;
    }
  }, []);

  /**
   * Waits for every upload, then shows the transcript (and any failed segment) for review.
   * @param recovered - indexes of segments sent again: when the doctor has edited the
   *   transcript meanwhile, their text is added at the end instead of replacing the edits
   */
  const collectTranscript = useCallback(
    async (current: string, recovered?: readonly number[]) => {
      setPhase('processing');
      setBusyText('Transcrevendo a consulta…');
      while (uploads.current.length > 0) {
        const pending = uploads.current;
        uploads.current = [];
        await Promise.allSettled(pending);
      }
      const segments = queue.current.segments();
      const failures = segments
        .filter((segment) => segment.status === 'failed')
        .map((segment) => segment.error);
      const unconfiguredNow = failures.some(
        (failure) => failure instanceof TranscriptionUploadError && failure.unconfigured,
      );
      setFailedSegments(
        unconfiguredNow
          ? NO_FAILED_SEGMENTS
          : {
              retryable: failures.filter(isRetryable).length,
              lost: failures.filter((failure) => !isRetryable(failure)).length,
            },
      );
      const firstFailure = failures[0];
      setError(
        !unconfiguredNow && firstFailure instanceof Error ? firstFailure.message : undefined,
      );
      const edited = recovered !== undefined && current !== collected.current;
      const text = edited
        ? [
            current.trim(),
            ...segments
              .filter(({ index, status }) => status === 'transcribed' && recovered.includes(index))
              .map((segment) => segment.text ?? ''),
          ]
            .filter(Boolean)
            .join('\n\n')
        : queue.current.fullTranscript();
      // Shown at once, so a failed analysis still leaves every word in front of the doctor.
      setTranscript(text);
      const reviewed = text.trim() ? ((await analyse(text))?.transcript ?? text) : text;
      collected.current = reviewed;
      setPhase('reviewing');
    },
    [analyse],
  );

  const startRecording = async () => {
    if (starting.current) return;
    starting.current = true;
    try {
      await beginRecording();
    } finally {
      starting.current = false;
    }
  };

  // A function, not the ref itself: the screen may be left during any await of a start.
  const screenLeft = () => !mounted.current;

  /** Stops what a start opened after the screen was left (microphone, wake lock). */
  const undoLateStart = async () => {
    releaseWakeLock();
    const running = recorder.current;
    if (running && (running.state === 'recording' || running.state === 'paused')) {
      await running.stop().catch(() => undefined);
    }
  };

  const beginRecording = async () => {
    setError(undefined);
    setMicrophoneHelp(undefined);
    const supported = isMicrophoneSupported(navigator);
    const deps = browserAudioRecorderDeps();
    if (!deps || !(await checkMicrophonePermission(navigator))) {
      setMicrophoneHelp(microphoneHelpText(navigator.userAgent, supported && deps !== undefined));
      return;
    }
    if (screenLeft()) return;
    collected.current = '';
    setPhase('recording');
    setElapsedMs(0);
    setPaused(false);
    queue.current = new SegmentQueue<RecordedAudio>();
    uploads.current = [];
    try {
      if (!store.record) await store.create();
    } catch (failure) {
      console.warn('Não foi possível iniciar o prontuário antes da gravação.', failure);
    }
    await wait(START_DELAY_MS);
    if (screenLeft()) return;
    recorder.current ??= new AudioRecorder(deps);
    const started = await recorder.current.start({
      segments: {
        segmentMs: segmentMs.current,
        onSegment: (audio, index) => {
          queue.current.add(audio, index);
          void upload(audio, index);
        },
      },
    });
    if (screenLeft()) {
      await undoLateStart();
      return;
    }
    if (!started) {
      setPhase('ready');
      setMicrophoneHelp(microphoneHelpText(navigator.userAgent, supported));
      return;
    }
    setLive(true);
    const lock = await requestWakeLock();
    // The doctor may have stopped, or left, while the lock was being granted.
    const running = recorder.current.state === 'recording' || recorder.current.state === 'paused';
    if (running && !screenLeft()) {
      wakeLock.current = lock;
    } else {
      void lock?.release().catch(() => undefined);
      if (screenLeft()) await undoLateStart();
    }
  };

  const pauseRecording = () => {
    if (recorder.current?.pause()) setPaused(true);
  };

  const resumeRecording = () => {
    if (recorder.current?.resume()) setPaused(false);
  };

  const stopRecording = async () => {
    setLive(false);
    setPaused(false);
    releaseWakeLock();
    try {
      await recorder.current?.stop();
    } catch (failure) {
      console.error('Não foi possível finalizar a gravação.', failure);
    }
    await collectTranscript('');
  };

  /** Sends the failed segments again, one after another (the AI rate limit is per minute). */
  const retrySegments = async () => {
    const errors = new Map(queue.current.segments().map(({ index, error }) => [index, error]));
    const retried = queue.current.retryable().filter(({ index }) => isRetryable(errors.get(index)));
    setPhase('processing');
    setBusyText('Transcrevendo a consulta…');
    for (const { index, segment } of retried) await upload(segment, index);
    await collectTranscript(
      transcript,
      retried.map(({ index }) => index),
    );
  };

  const typeTranscript = () => {
    setError(undefined);
    setPhase('reviewing');
  };

  const toggleDictation = () => {
    dictationDiscarded.current = false;
    dictation.toggle();
  };

  const dictateTranscript = () => {
    typeTranscript();
    if (!dictation.listening) toggleDictation();
  };

  const stopDictation = () => {
    if (dictation.listening) dictation.toggle();
  };

  /** 'Processar Novamente': reads the transcript as it now reads; nothing goes to the record. */
  const reprocess = async () => {
    if (!transcript.trim()) return;
    stopDictation();
    setError(undefined);
    setPhase('processing');
    await analyse(transcript);
    setPhase('reviewing');
  };

  const finishConsultation = async () => {
    if (!transcript.trim()) return;
    stopDictation();
    setError(undefined);
    setPhase('processing');
    const analysed = currentAnalysis ?? (await analyse(transcript));
    if (!analysed) {
      setPhase('reviewing');
      return;
    }
    setBusyText('Preenchendo o prontuário e a anamnese…');
    try {
      setOutcome(await applyConsultation(store, analysed));
      setPhase('completed');
    } catch (failure) {
      console.error('Falha ao processar a consulta.', failure);
      setError(failureMessage(failure));
      setPhase('reviewing');
    }
  };

  const newConsultation = async () => {
    stopDictation();
    dictationDiscarded.current = true;
    // The finished visit's record reaches the server before the screen lets it go.
    if (store.record) {
      const previous = phase;
      setError(undefined);
      setPhase('processing');
      setBusyText('Salvando o prontuário…');
      if (!(await store.saveAll())) {
        setError(UNSAVED_RECORD_MESSAGE);
        setPhase(previous);
        return;
      }
      store.clear({ backup: true });
    }
    forgetConsultationTranscript();
    queue.current = new SegmentQueue<RecordedAudio>();
    uploads.current = [];
    collected.current = '';
    setTranscript('');
    setAnalysis(undefined);
    setOutcome(undefined);
    setError(undefined);
    setFailedSegments(NO_FAILED_SEGMENTS);
    setElapsedMs(0);
    setPhase('ready');
  };

  return (
    <div className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-6 px-4 py-6">
      <div>
        <Button
          variant="secondary"
          onClick={() => openView('chat')}
          // Leaving would stop the recording: the doctor finishes it first.
          disabled={phase === 'recording'}
          title={phase === 'recording' ? 'Finalize a gravação antes de sair' : undefined}
        >
          <ArrowLeft aria-hidden="true" size={18} /> Voltar ao Chat
        </Button>
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-fg">
        Consulta Mobile
      </h1>
      {settings && isDoctorProfileConfigured(settings) ? (
        <p className="text-fg">
          {settings.name} · {formatCrm(settings)}
        </p>
      ) : (
        <p className="text-fg-muted">
          Modo de teste: preencha seu nome e CRM em Configurações para identificar a consulta.
        </p>
      )}

      {unconfigured && (phase === 'ready' || phase === 'reviewing') && (
        <p role="note" className="rounded-md border border-line bg-surface-muted p-3 text-fg">
          {TRANSCRIPTION_UNCONFIGURED_MESSAGE} Você pode ditar com o reconhecimento de voz do
          navegador, quando disponível, ou digitar e colar a transcrição.
        </p>
      )}

      {error && (
        <p role="alert" className="text-danger-fg">
          {error}
        </p>
      )}

      {phase === 'ready' && (
        <section aria-label="Iniciar consulta" className="flex flex-col gap-3">
          <p className="text-fg-muted">
            Coloque o celular sobre a mesa e grave a consulta. Ao final, revise a transcrição antes
            de preencher o prontuário.
          </p>
          {unconfigured ? (
            dictation.supported && (
              <Button onClick={dictateTranscript}>
                <Mic aria-hidden="true" size={18} /> Ditar com o navegador
              </Button>
            )
          ) : (
            <Button onClick={() => void startRecording()}>
              <Mic aria-hidden="true" size={18} /> Iniciar Gravação
            </Button>
          )}
          <Button variant="secondary" onClick={typeTranscript}>
            <Keyboard aria-hidden="true" size={18} /> Digitar ou colar a transcrição
          </Button>
          {microphoneHelp && (
            <div role="alert" className="rounded-md border border-line p-3 text-fg">
              <p className="font-medium">{MICROPHONE_HELP.title}</p>
              <p>{microphoneHelp}</p>
            </div>
          )}
        </section>
      )}

      {phase === 'recording' && (
        <RecordingPanel
          elapsedMs={elapsedMs}
          live={live}
          paused={paused}
          onPause={pauseRecording}
          onResume={resumeRecording}
          onStop={() => void stopRecording()}
        />
      )}

      {phase === 'processing' && (
        <p role="status" className="flex items-center gap-2 text-fg">
          <Loader2 aria-hidden="true" size={18} className="animate-spin" /> {busyText}
        </p>
      )}

      {phase === 'reviewing' && (
        <ReviewPanel
          transcript={transcript}
          onTranscriptChange={setTranscript}
          analysis={currentAnalysis}
          failedSegments={failedSegments}
          onRetrySegments={() => void retrySegments()}
          dictation={{ ...dictation, toggle: toggleDictation }}
          onReprocess={() => void reprocess()}
          onFinish={() => void finishConsultation()}
          onNewConsultation={() => void newConsultation()}
        />
      )}

      {phase === 'completed' && outcome && (
        <CompletedSummary
          outcome={outcome}
          onOpenRecord={() => openView('medical-record')}
          onReprocess={() => void reprocess()}
          onNewConsultation={() => void newConsultation()}
        />
      )}
    </div>
  );
}
