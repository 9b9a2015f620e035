import { ArrowLeft, Keyboard, Loader2, Mic } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatCrm, isDoctorProfileConfigured } from '../../../shared/doctor-settings';
import {
  forgetConsultationTranscript,
  readConsultationTranscript,
  writeConsultationTranscript,
} from '../../consultation-transcript';
import { useCurrentRecordStore } from '../../current-record/current-record';
import { useDoctorSettings } from '../../doctor-settings';
import { Button } from '../../ui/button';
import { useDictation } from '../../ui/chat/use-dictation';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import type { WorkspaceViewProps } from '../../workspace-views';
import { AudioRecorder, browserAudioRecorderDeps, type RecordedAudio } from './audio-recorder';
import {
  CompletedSummary,
  opensRecordByItself,
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

export const NO_ENDPOINT_MESSAGE =
  'A transcrição automática precisa de um serviço configurado no servidor (AI_TRANSCRIBE_BASE_URL).';

const PROCESSING_ERROR = 'Não foi possível processar a consulta. A transcrição foi mantida.';

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

const failureMessage = (failure: unknown) =>
  failure instanceof Error && failure.message ? failure.message : PROCESSING_ERROR;

/**
 * The voice consultation, full screen (spec §2): record the visit, review the transcript with
 * what was recognised in it, and fill the open record and its structured anamnesis. Without a
 * transcription service the doctor dictates with the browser's speech recognition or types the
 * transcript. The transcript under review is kept in the browser until the visit is done.
 */
export default function MobileConsultationView({ doctor, openView }: WorkspaceViewProps) {
  const settings = useDoctorSettings(doctor.id).data;
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
  const [failedSegments, setFailedSegments] = useState(0);
  const [analysis, setAnalysis] = useState<ConsultationAnalysis | undefined>();
  const [outcome, setOutcome] = useState<ConsultationOutcome | undefined>();

  const recorder = useRef<AudioRecorder | undefined>(undefined);
  const queue = useRef(new SegmentQueue<RecordedAudio>());
  const uploads = useRef<Promise<void>[]>([]);
  const wakeLock = useRef<WakeLockSentinel | undefined>(undefined);
  /** The transcript as the last collection of the recording left it (to tell edits apart). */
  const collected = useRef('');

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
      if (phrase) setTranscript((current) => (current.trim() ? `${current} ${phrase}` : phrase));
    }, []),
  );

  const releaseWakeLock = useCallback(() => {
    void wakeLock.current?.release().catch(() => undefined);
    wakeLock.current = undefined;
  }, []);

  // Leaving the screen while recording stops the microphone and lets the phone sleep.
  useEffect(
    () => () => {
      const running = recorder.current;
      if (running && (running.state === 'recording' || running.state === 'paused')) {
        void running.stop().catch(() => undefined);
      }
      releaseWakeLock();
    },
    [releaseWakeLock],
  );

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

  const upload = useCallback((audio: RecordedAudio, index: number) => {
    const sent = transcribeAudio(audio, { index })
      .then((result) => {
        queue.current.markTranscribed(index, result.text);
      })
      .catch((failure: unknown) => {
        queue.current.markFailed(index, failure);
        if (failure instanceof TranscriptionUploadError && failure.unconfigured) {
          setConfigured(false);
        }
      });
    uploads.current.push(sent);
    return sent;
  }, []);

  /** Cleans the text up and reads what it holds; a failure keeps the text as it was. */
  const analyse = useCallback(async (text: string) => {
    setBusyText('Analisando a transcrição…');
    try {
      const result = await analyseConsultation(text);
      setAnalysis(result);
      setTranscript(result.transcript);
      return result;
    } catch (failure) {
      console.error('Falha ao analisar a transcrição.', failure);
      setError(failureMessage(failure));
      setTranscript(text);
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
      setFailedSegments(unconfiguredNow ? 0 : failures.length);
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
      const reviewed = text.trim() ? ((await analyse(text))?.transcript ?? text) : text;
      collected.current = reviewed;
      setPhase('reviewing');
    },
    [analyse],
  );

  const startRecording = async () => {
    setError(undefined);
    setMicrophoneHelp(undefined);
    const supported = isMicrophoneSupported(navigator);
    const deps = browserAudioRecorderDeps();
    if (!deps || !(await checkMicrophonePermission(navigator))) {
      setMicrophoneHelp(microphoneHelpText(navigator.userAgent, supported && deps !== undefined));
      return;
    }
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
    if (!started) {
      setPhase('ready');
      setMicrophoneHelp(microphoneHelpText(navigator.userAgent, supported));
      return;
    }
    setLive(true);
    const lock = await requestWakeLock();
    // The doctor may have stopped while the lock was being granted.
    if (recorder.current.state === 'recording' || recorder.current.state === 'paused') {
      wakeLock.current = lock;
    } else {
      void lock?.release().catch(() => undefined);
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

  const retrySegments = async () => {
    const retried = queue.current.retryable();
    for (const { index, segment } of retried) void upload(segment, index);
    await collectTranscript(
      transcript,
      retried.map(({ index }) => index),
    );
  };

  const typeTranscript = () => {
    setError(undefined);
    setPhase('reviewing');
  };

  const dictateTranscript = () => {
    typeTranscript();
    if (!dictation.listening) dictation.toggle();
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
    // The finished visit's record reaches the server before the screen lets it go.
    if (store.record) {
      await store.saveAll();
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
    setFailedSegments(0);
    setElapsedMs(0);
    setPhase('ready');
  };

  return (
    <div className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-6 px-4 py-6">
      <div>
        <Button variant="secondary" onClick={() => openView('chat')}>
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
          {NO_ENDPOINT_MESSAGE} Você pode ditar com o reconhecimento de voz do navegador, quando
          disponível, ou digitar e colar a transcrição.
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
          dictation={dictation}
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
