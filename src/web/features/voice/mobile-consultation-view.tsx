import {
  ArrowLeft,
  FileText,
  Keyboard,
  Loader2,
  Mic,
  MicOff,
  RefreshCw,
  RotateCcw,
  Square,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatCrm, isDoctorProfileConfigured } from '../../../shared/doctor-settings';
import type { ExtractionResult } from '../../../shared/extraction';
import { useCurrentRecordStore } from '../../current-record/current-record';
import { useDoctorSettings } from '../../doctor-settings';
import { Button } from '../../ui/button';
import { CONTROL_CLASSES } from '../../ui/field';
import { useDictation } from '../../ui/chat/use-dictation';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import type { WorkspaceViewProps } from '../../workspace-views';
import { AudioRecorder, browserAudioRecorderDeps, type RecordedAudio } from './audio-recorder';
import {
  checkMicrophonePermission,
  isMicrophoneSupported,
  MICROPHONE_HELP,
  microphoneHelpText,
} from './microphone-permission';
import {
  OPEN_RECORD_CONFIDENCE,
  processConsultationTranscript,
  type ConsultationOutcome,
} from './process-consultation';
import { SegmentQueue } from './recording-segments';
import {
  isTranscriptionConfigured,
  TranscriptionUploadError,
  transcribeAudio,
} from './transcribe-audio';

type Phase = 'ready' | 'recording' | 'processing' | 'reviewing' | 'completed';

/** Each file sent for transcription covers at most this much recording (well under 25 MB). */
const SEGMENT_MS = 4 * 60 * 1000;

/** Spec §4: after starting a record, recording begins half a second later. */
const START_DELAY_MS = 500;

export const NO_ENDPOINT_MESSAGE =
  'A transcrição automática precisa de um serviço configurado no servidor (AI_TRANSCRIBE_BASE_URL).';

const PROCESSING_ERROR = 'Não foi possível processar a consulta. A transcrição foi mantida.';

/** The timer's m:ss. */
function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

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

/**
 * The voice consultation, full screen (spec §2): record the visit, review the transcript, and
 * fill the open record and its structured anamnesis. Without a transcription service the doctor
 * dictates with the browser's speech recognition or types the transcript.
 */
export default function MobileConsultationView({ doctor, openView }: WorkspaceViewProps) {
  const settings = useDoctorSettings(doctor.id).data;
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  const store = useCurrentRecordStore();

  const [phase, setPhase] = useState<Phase>('ready');
  const [busyText, setBusyText] = useState('');
  const [transcript, setTranscript] = useState('');
  const [unconfigured, setUnconfigured] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [microphoneHelp, setMicrophoneHelp] = useState<string | undefined>();
  const [elapsedMs, setElapsedMs] = useState(0);
  /** The microphone is recording (not while the record is being started or the recorder opens). */
  const [live, setLive] = useState(false);
  const [failedSegments, setFailedSegments] = useState(0);
  const [outcome, setOutcome] = useState<ConsultationOutcome | undefined>();

  const recorder = useRef<AudioRecorder | undefined>(undefined);
  const queue = useRef(new SegmentQueue<RecordedAudio>());
  const uploads = useRef<Promise<void>[]>([]);
  const wakeLock = useRef<WakeLockSentinel | undefined>(undefined);

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

  const upload = useCallback((audio: RecordedAudio, index: number) => {
    const sent = transcribeAudio(audio, { index })
      .then((result) => {
        queue.current.markTranscribed(index, result.text);
      })
      .catch((failure: unknown) => {
        queue.current.markFailed(index, failure);
        if (failure instanceof TranscriptionUploadError && failure.unconfigured) {
          setUnconfigured(true);
        }
      });
    uploads.current.push(sent);
    return sent;
  }, []);

  /** Waits for every upload, then shows the transcript (and any failed segment) for review. */
  const collectTranscript = useCallback(async () => {
    setPhase('processing');
    setBusyText('Transcrevendo a consulta…');
    while (uploads.current.length > 0) {
      const pending = uploads.current;
      uploads.current = [];
      await Promise.allSettled(pending);
    }
    const failures = queue.current
      .segments()
      .filter((segment) => segment.status === 'failed')
      .map((segment) => segment.error);
    const unconfiguredNow = failures.some(
      (failure) => failure instanceof TranscriptionUploadError && failure.unconfigured,
    );
    setFailedSegments(unconfiguredNow ? 0 : failures.length);
    const firstFailure = failures[0];
    setError(!unconfiguredNow && firstFailure instanceof Error ? firstFailure.message : undefined);
    setTranscript(queue.current.fullTranscript());
    setPhase('reviewing');
  }, []);

  const startRecording = async () => {
    setError(undefined);
    setMicrophoneHelp(undefined);
    if (!(await isTranscriptionConfigured())) {
      setUnconfigured(true);
      return;
    }
    const supported = isMicrophoneSupported(navigator);
    const deps = browserAudioRecorderDeps();
    if (!deps || !(await checkMicrophonePermission(navigator))) {
      setMicrophoneHelp(microphoneHelpText(navigator.userAgent, supported && deps !== undefined));
      return;
    }
    setPhase('recording');
    setElapsedMs(0);
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
        segmentMs: SEGMENT_MS,
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

  const stopRecording = async () => {
    setLive(false);
    releaseWakeLock();
    try {
      await recorder.current?.stop();
    } catch (failure) {
      console.error('Não foi possível finalizar a gravação.', failure);
    }
    await collectTranscript();
  };

  const retrySegments = async () => {
    for (const { index, segment } of queue.current.retryable()) void upload(segment, index);
    await collectTranscript();
  };

  const typeTranscript = () => {
    setError(undefined);
    setPhase('reviewing');
  };

  const dictateTranscript = () => {
    typeTranscript();
    if (!dictation.listening) dictation.toggle();
  };

  const finishConsultation = async () => {
    if (!transcript.trim()) return;
    if (dictation.listening) dictation.toggle();
    setError(undefined);
    setPhase('processing');
    setBusyText('Preenchendo o prontuário e a anamnese…');
    try {
      const result = await processConsultationTranscript(store, transcript);
      setOutcome(result);
      setPhase('completed');
    } catch (failure) {
      console.error('Falha ao processar a consulta.', failure);
      setError(failure instanceof Error && failure.message ? failure.message : PROCESSING_ERROR);
      setPhase('reviewing');
    }
  };

  // Spec §5: a confident extraction opens the record by itself.
  useEffect(() => {
    if (phase !== 'completed' || !outcome) return;
    if (outcome.extraction.confidence <= OPEN_RECORD_CONFIDENCE) return;
    const timer = setTimeout(() => openView('medical-record'), 1500);
    return () => clearTimeout(timer);
  }, [phase, outcome, openView]);

  const newConsultation = async () => {
    if (dictation.listening) dictation.toggle();
    // The finished visit's record reaches the server before the screen lets it go.
    if (store.record) {
      await store.saveAll();
      store.clear({ backup: true });
    }
    queue.current = new SegmentQueue<RecordedAudio>();
    uploads.current = [];
    setTranscript('');
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
        <section aria-label="Gravação" className="flex flex-col items-center gap-4">
          <span className="rounded-full bg-danger-soft px-3 py-1 text-sm font-semibold text-danger-fg">
            REC
          </span>
          <p aria-live="off" className="font-mono text-4xl text-fg">
            {formatElapsed(elapsedMs)}
          </p>
          <Button variant="danger" disabled={!live} onClick={() => void stopRecording()}>
            <Square aria-hidden="true" size={18} /> Finalizar Gravação
          </Button>
        </section>
      )}

      {phase === 'processing' && (
        <p role="status" className="flex items-center gap-2 text-fg">
          <Loader2 aria-hidden="true" size={18} className="animate-spin" /> {busyText}
        </p>
      )}

      {phase === 'reviewing' && (
        <section aria-label="Revisão" className="flex flex-col gap-3">
          {failedSegments > 0 && (
            <div className="flex flex-col gap-2 rounded-md border border-line p-3">
              <p className="text-fg">
                {failedSegments === 1
                  ? '1 trecho da gravação não foi transcrito.'
                  : `${failedSegments} trechos da gravação não foram transcritos.`}
              </p>
              <Button variant="secondary" onClick={() => void retrySegments()}>
                <RefreshCw aria-hidden="true" size={18} /> Tentar novamente
              </Button>
            </div>
          )}
          <label htmlFor="voice-transcript" className="text-sm font-medium text-fg">
            Transcrição
          </label>
          <textarea
            id="voice-transcript"
            className={`${CONTROL_CLASSES} min-h-64`}
            value={transcript}
            onChange={(event) => setTranscript(event.target.value)}
            placeholder="Digite ou cole aqui o que foi dito na consulta."
          />
          {dictation.supported && (
            <Button variant="secondary" onClick={dictation.toggle}>
              {dictation.listening ? (
                <>
                  <MicOff aria-hidden="true" size={18} /> Parar ditado
                </>
              ) : (
                <>
                  <Mic aria-hidden="true" size={18} /> Ditar com o navegador
                </>
              )}
            </Button>
          )}
          <Button
            onClick={() => void finishConsultation()}
            disabled={!transcript.trim()}
            aria-disabled={!transcript.trim()}
          >
            <FileText aria-hidden="true" size={18} /> Finalizar Consulta
          </Button>
          <Button variant="ghost" onClick={() => void newConsultation()}>
            <RotateCcw aria-hidden="true" size={18} /> Nova Consulta
          </Button>
        </section>
      )}

      {phase === 'completed' && outcome && (
        <CompletedSummary
          outcome={outcome}
          onOpenRecord={() => openView('medical-record')}
          onReprocess={() => void finishConsultation()}
          onNewConsultation={() => void newConsultation()}
        />
      )}
    </div>
  );
}

function CompletedSummary(props: {
  outcome: ConsultationOutcome;
  onOpenRecord: () => void;
  onReprocess: () => void;
  onNewConsultation: () => void;
}) {
  const { extraction, applied } = props.outcome;
  return (
    <section aria-label="Consulta concluída" className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold text-fg">Consulta concluída</h2>
      {applied ? (
        <ExtractedSummary extraction={extraction} />
      ) : (
        <p className="text-fg-muted">
          Poucos dados foram reconhecidos na transcrição; o prontuário não foi alterado. A anamnese
          estruturada foi gerada.
        </p>
      )}
      {extraction.confidence > OPEN_RECORD_CONFIDENCE && (
        <p role="status" className="text-fg-muted">
          Abrindo o prontuário…
        </p>
      )}
      <Button onClick={props.onOpenRecord}>
        <FileText aria-hidden="true" size={18} /> Abrir Prontuário
      </Button>
      <Button variant="secondary" onClick={props.onReprocess}>
        <RefreshCw aria-hidden="true" size={18} /> Processar Novamente
      </Button>
      <Button variant="ghost" onClick={props.onNewConsultation}>
        <RotateCcw aria-hidden="true" size={18} /> Nova Consulta
      </Button>
    </section>
  );
}

/** What the extraction found: the patient, the complaint and the vital signs. */
function ExtractedSummary({ extraction }: { extraction: ExtractionResult }) {
  const { patientInfo, symptoms, physicalExam } = extraction;
  const vitals = physicalExam.vitalSigns;
  const rows: [string, string | undefined][] = [
    ['Paciente', patientInfo.name],
    ['Idade', patientInfo.age === undefined ? undefined : `${patientInfo.age} anos`],
    ['Queixa principal', symptoms.chiefComplaint],
    ['Pressão arterial', vitals?.bloodPressure],
    [
      'Frequência cardíaca',
      vitals?.heartRate === undefined ? undefined : `${vitals.heartRate} bpm`,
    ],
    ['Temperatura', vitals?.temperature === undefined ? undefined : `${vitals.temperature} °C`],
  ];
  const found = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-fg">
      {found.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
