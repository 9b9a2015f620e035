import { useState } from 'react';
import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import {
  ClipboardPaste,
  FileText,
  Keyboard,
  Loader2,
  Mic,
  MicOff,
  Pause,
  Play,
  RefreshCw,
  RotateCcw,
  Square,
} from 'lucide-react';
import type { ExtractionResult } from '@shared/ai/extraction';
import { formatDecimal } from '@shared/lib/pt-br-format';
import { Button } from '../../ui/button';
import { DICTATION_PROBLEM_MESSAGES } from '../../ui/chat/browser-dictation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CONTROL_CLASSES } from '../../ui/field';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import type { DraftView, FailedSegments } from './consultation-machine';
import { ExtractedValuesReview } from './extracted-values-review';
import { MICROPHONE_HELP } from './microphone-permission';
import {
  OPEN_RECORD_CONFIDENCE,
  type ConsultationAnalysis,
  type ConsultationOutcome,
} from './process-consultation';
import type { AiProvenance } from '../../data/ai-tasks';

/** The timer's m:ss. */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A segment's length in words: '30 segundos', '1 minuto', '4 minutos'.
 * @param ms - recording time
 */
export function formatSegmentLength(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds % 60 === 0) {
    const minutes = seconds / 60;
    return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  }
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

/** '1 trecho …' or 'N trechos …', with the verb agreeing. */
function segmentsSentence(count: number, one: string, many: (count: number) => string): string {
  return count === 1 ? one : many(count);
}

/** The browser's dictation as the voice screen shows it (use-dictation.ts). */
export interface DictationControls {
  supported: boolean;
  listening: boolean;
  /** What the browser is still hearing. */
  interim: string;
  /** Why the last dictation gave no text. */
  problem: string | undefined;
  toggle: () => void;
}

/**
 * Said at the start when the server has no transcription service (docs/product.md, "Sem serviço
 * de transcrição"): what the doctor can do now, and what her clinic's administrator can switch on.
 * No setting's name: the administrator's instructions are in the installation guide.
 */
export function TranscriptionUnconfiguredNote({
  dictationSupported,
}: {
  dictationSupported: boolean;
}) {
  return (
    <div
      role="note"
      aria-labelledby="no-transcription-title"
      className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3 text-fg"
    >
      <p id="no-transcription-title" className="font-medium">
        A transcrição automática de áudio ainda não está ativada neste Prontu.
      </p>
      <p>Você já pode registrar a consulta de duas formas:</p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>
          <strong>Ditar com o navegador</strong>: fale e o texto aparece na transcrição.{' '}
          {dictationSupported
            ? 'O navegador envia o áudio do ditado ao seu fabricante (no Chrome, ao Google) para reconhecer a fala, e precisa de internet.'
            : DICTATION_PROBLEM_MESSAGES.unsupported}
        </li>
        <li>
          <strong>Colar uma transcrição</strong> feita em outro aplicativo, ou digitar o que foi
          dito.
        </li>
      </ul>
      <p>
        O administrador da clínica pode ativar a transcrição automática do áudio gravado; então o
        botão Iniciar Gravação aparece aqui.
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Para o administrador da clínica</summary>
        <p className="mt-1">
          A gravação precisa de um serviço de transcrição de fala compatível com o Whisper: um
          servidor instalado na própria clínica, para o áudio não sair da rede, ou um provedor na
          nuvem. Como ligar o Prontu a ele está no guia de instalação, em “Modelo de IA”.
        </p>
      </details>
    </div>
  );
}

/** The short reminder under review, when recording is not available. */
export function TranscriptionUnconfiguredReminder() {
  return (
    <p role="note" className="rounded-md border border-line bg-surface-muted p-3 text-fg">
      A transcrição automática de áudio não está ativada neste Prontu: dite com o navegador ou cole
      a transcrição.
    </p>
  );
}

/** 'Ditar com o navegador' / 'Parar ditado', with what is being heard and why it stopped. */
function DictationButton(props: {
  dictation: DictationControls;
  disabled?: boolean;
  onStart: () => void;
}) {
  const { dictation } = props;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        disabled={props.disabled || !dictation.supported}
        aria-describedby={dictation.supported ? undefined : 'dictation-unsupported'}
        onClick={dictation.listening ? dictation.toggle : props.onStart}
      >
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
      {!dictation.supported && (
        <p id="dictation-unsupported" className="text-sm text-fg-muted">
          {DICTATION_PROBLEM_MESSAGES.unsupported}
        </p>
      )}
      {dictation.listening && (
        <p role="status" className="text-sm text-fg-muted">
          Ouvindo…{' '}
          {dictation.interim && <span className="italic text-fg">{dictation.interim}</span>}
        </p>
      )}
      {dictation.problem && dictation.supported && (
        <p role="alert" className="rounded-md border border-line p-3 text-sm text-fg">
          {dictation.problem}
        </p>
      )}
    </div>
  );
}

/**
 * The start: record the visit — or, without a transcription service, dictate it with the
 * browser's speech recognition — or type the transcript.
 */
export function StartPanel(props: {
  /** Why AI may not help with this visit: the panel says so and offers nothing. */
  aiBlock?: string | undefined;
  transcriptionUnconfigured: boolean;
  dictation: DictationControls;
  /** How to allow the microphone, after it could not be used. */
  microphoneHelp: string | undefined;
  onRecord: () => void;
  onDictate: () => void;
  onType: () => void;
}) {
  const [consented, setConsented] = useState(false);
  if (props.aiBlock) {
    return (
      <section aria-label="Iniciar consulta" className="flex flex-col gap-3">
        <p role="status" className="rounded-md border border-line p-3 text-fg">
          {props.aiBlock}: não grave a consulta. Registre-a à mão no prontuário.
        </p>
      </section>
    );
  }
  return (
    <section aria-label="Iniciar consulta" className="flex flex-col gap-3">
      <p className="text-fg-muted">
        {props.transcriptionUnconfigured
          ? 'Dite ou cole o que foi dito na consulta. Ao final, revise a transcrição antes de preencher o prontuário.'
          : 'Coloque o celular sobre a mesa e grave a consulta. Ao final, revise a transcrição antes de preencher o prontuário.'}
      </p>
      <label className="flex items-start gap-3 rounded-md border border-line p-3 text-fg">
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0"
          checked={consented}
          onChange={(event) => setConsented(event.target.checked)}
        />
        <span>
          {RECORDING_CONSENT_LABEL}
          <span className="block text-sm text-fg-muted">
            Se o paciente recusar, não grave: registre a consulta à mão.
          </span>
        </span>
      </label>
      {props.transcriptionUnconfigured ? (
        <>
          <DictationButton
            dictation={props.dictation}
            disabled={!consented}
            onStart={props.onDictate}
          />
          <Button variant="secondary" onClick={props.onType}>
            <ClipboardPaste aria-hidden="true" size={18} /> Colar uma transcrição
          </Button>
        </>
      ) : (
        <>
          <Button disabled={!consented} onClick={props.onRecord}>
            <Mic aria-hidden="true" size={18} /> Iniciar Gravação
          </Button>
          <Button variant="secondary" onClick={props.onType}>
            <Keyboard aria-hidden="true" size={18} /> Digitar ou colar a transcrição
          </Button>
        </>
      )}
      {props.microphoneHelp && (
        <div role="alert" className="rounded-md border border-line p-3 text-fg">
          <p className="font-medium">{MICROPHONE_HELP.title}</p>
          <p>{props.microphoneHelp}</p>
        </div>
      )}
    </section>
  );
}

/** The recording in progress: REC (or PAUSADO), the timer, pause/resume and stop. */
export function RecordingPanel(props: {
  elapsedMs: number;
  /** The microphone is open (not while the record is being started or the recorder opens). */
  live: boolean;
  paused: boolean;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}) {
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <section aria-labelledby="recording-heading" className="flex flex-col items-center gap-4">
      <h2 id="recording-heading" ref={headingRef} tabIndex={-1} className="sr-only">
        Gravação
      </h2>
      <p role="status">
        {!props.live ? (
          <span className="text-fg-muted">Preparando o microfone…</span>
        ) : props.paused ? (
          <span className="rounded-full bg-surface-muted px-3 py-1 text-sm font-semibold text-fg">
            PAUSADO
          </span>
        ) : (
          <span className="rounded-full bg-danger-soft px-3 py-1 text-sm font-semibold text-danger-fg">
            REC
          </span>
        )}
      </p>
      <p aria-live="off" className="font-mono text-4xl text-fg">
        {formatElapsed(props.elapsedMs)}
      </p>
      <div className="flex w-full flex-col gap-3">
        {props.paused ? (
          <Button variant="secondary" onClick={props.onResume}>
            <Play aria-hidden="true" size={18} /> Retomar Gravação
          </Button>
        ) : (
          <Button variant="secondary" disabled={!props.live} onClick={props.onPause}>
            <Pause aria-hidden="true" size={18} /> Pausar Gravação
          </Button>
        )}
        <Button variant="danger" disabled={!props.live} onClick={props.onStop}>
          <Square aria-hidden="true" size={18} /> Finalizar Gravação
        </Button>
      </div>
    </section>
  );
}

/**
 * The draft of the visit while it is recorded (docs/product.md, "Gravação e transcrição em
 * trechos"): the transcript so far, a piece per segment as each one's text comes in, and what was
 * recognised in it. The transcript is a polite live region, so a screen reader reads each new
 * piece when the doctor is not busy; nothing here takes the focus.
 */
export function DraftPanel(props: {
  draft: DraftView;
  /** Recording time of each segment, to say how often the text comes. */
  segmentMs: number;
}) {
  const { pieces, analysis, transcribing, waitingForConnection, waitingForService, failed } =
    props.draft;
  return (
    <section aria-labelledby="draft-heading" className="flex flex-col gap-3">
      <h2 id="draft-heading" className="text-xl font-semibold text-fg">
        Rascunho da consulta
      </h2>
      {pieces.length === 0 && (
        <p className="text-fg-muted">
          O texto da consulta aparece aqui a cada {formatSegmentLength(props.segmentMs)} de
          gravação.
        </p>
      )}
      <div
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Transcrição até agora"
        role="log"
        className="flex flex-col gap-2 text-fg"
      >
        {pieces.map(({ index, text }) => (
          <p key={index}>{text}</p>
        ))}
      </div>
      {transcribing > 0 && (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Loader2 aria-hidden="true" size={16} className="animate-spin" />
          {segmentsSentence(
            transcribing,
            'Transcrevendo o trecho mais recente…',
            (count) => `Transcrevendo ${count} trechos…`,
          )}
        </p>
      )}
      {waitingForConnection > 0 && (
        <p role="status" className="rounded-md border border-line p-3 text-fg">
          {segmentsSentence(
            waitingForConnection,
            'Sem conexão: 1 trecho da gravação está guardado neste aparelho e será enviado quando a conexão voltar.',
            (count) =>
              `Sem conexão: ${count} trechos da gravação estão guardados neste aparelho e serão enviados quando a conexão voltar.`,
          )}
        </p>
      )}
      {waitingForService > 0 && (
        <p role="status" className="text-sm text-fg-muted">
          {segmentsSentence(
            waitingForService,
            'O serviço de transcrição não respondeu a 1 trecho; ele será reenviado em instantes.',
            (count) =>
              `O serviço de transcrição não respondeu a ${count} trechos; eles serão reenviados em instantes.`,
          )}
        </p>
      )}
      {failed > 0 && (
        <p role="status" className="text-sm text-fg">
          {segmentsSentence(
            failed,
            '1 trecho da gravação não foi transcrito; a revisão dirá o que fazer.',
            (count) =>
              `${count} trechos da gravação não foram transcritos; a revisão dirá o que fazer.`,
          )}
        </p>
      )}
      {analysis &&
        (analysis.medical ? (
          <div className="rounded-md border border-line p-3">
            <ExtractedSummary extraction={analysis.extraction} provenance={analysis.provenance} />
          </div>
        ) : (
          <p className="text-fg-muted">Nenhum termo médico reconhecido até agora.</p>
        ))}
    </section>
  );
}

/** The transcript under review, editable, with what the last analysis of it found. */
export function ReviewPanel(props: {
  transcript: string;
  onTranscriptChange: (text: string) => void;
  /** The analysis of the transcript as it now reads; undefined when none or edited since. */
  analysis: ConsultationAnalysis | undefined;
  /** Ticks (or unticks) a value the transcript does not hold, to go into the record anyway. */
  onAcceptUnsupported: (path: string, accepted: boolean) => void;
  failedSegments: FailedSegments;
  onRetrySegments: () => void;
  dictation: DictationControls;
  /** Without a transcription service dictation is offered even where it cannot work, saying why. */
  offersDictation: boolean;
  onReprocess: () => void;
  onFinish: () => void;
  onNewConsultation: () => void;
}) {
  const blank = !props.transcript.trim();
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  const { retryable, lost } = props.failedSegments;
  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-3">
      <h2
        id="review-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-fg"
      >
        Revisão
      </h2>
      {retryable > 0 && (
        <div role="status" className="flex flex-col gap-2 rounded-md border border-line p-3">
          <p className="text-fg">
            {retryable === 1
              ? '1 trecho da gravação não foi transcrito.'
              : `${retryable} trechos da gravação não foram transcritos.`}
          </p>
          <Button variant="secondary" onClick={props.onRetrySegments}>
            <RefreshCw aria-hidden="true" size={18} /> Tentar novamente
          </Button>
        </div>
      )}
      {lost > 0 && (
        <p role="status" className="rounded-md border border-line p-3 text-fg">
          {lost === 1
            ? '1 trecho da gravação não pôde ser lido pelo serviço de transcrição; complete o texto abaixo se preciso.'
            : `${lost} trechos da gravação não puderam ser lidos pelo serviço de transcrição; complete o texto abaixo se preciso.`}
        </p>
      )}
      <label htmlFor="voice-transcript" className="text-sm font-medium text-fg">
        Transcrição
      </label>
      <textarea
        id="voice-transcript"
        className={`${CONTROL_CLASSES} min-h-64`}
        value={props.transcript}
        onChange={(event) => props.onTranscriptChange(event.target.value)}
        placeholder="Digite ou cole aqui o que foi dito na consulta."
      />
      {(props.dictation.supported || props.offersDictation) && (
        <DictationButton dictation={props.dictation} onStart={props.dictation.toggle} />
      )}
      {props.analysis && <AnalysisSummary analysis={props.analysis} />}
      {props.analysis?.medical && (
        <ExtractedValuesReview
          analysis={props.analysis}
          onAcceptUnsupported={props.onAcceptUnsupported}
        />
      )}
      <Button onClick={props.onFinish} disabled={blank} aria-disabled={blank}>
        <FileText aria-hidden="true" size={18} /> Preencher prontuário
      </Button>
      <Button variant="secondary" onClick={props.onReprocess} disabled={blank}>
        <RefreshCw aria-hidden="true" size={18} /> Processar Novamente
      </Button>
      {blank ? (
        <Button variant="ghost" onClick={props.onNewConsultation}>
          <RotateCcw aria-hidden="true" size={18} /> Nova Consulta
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button variant="ghost">
              <RotateCcw aria-hidden="true" size={18} /> Nova Consulta
            </Button>
          }
          title="Nova Consulta"
          question="A transcrição desta consulta ainda não foi levada ao prontuário. Descartar e começar outra consulta?"
          confirmLabel="Descartar transcrição"
          onConfirm={props.onNewConsultation}
        />
      )}
    </section>
  );
}

/** The consultation is done: what went into the record, and where to go next. */
export function CompletedSummary(props: {
  outcome: ConsultationOutcome;
  onOpenRecord: () => void;
  onReprocess: () => void;
  onNewConsultation: () => void;
}) {
  const { analysis, applied, anamnesis } = props.outcome;
  const opensByItself = outcomeOpensRecord(props.outcome);
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <section aria-labelledby="completed-heading" className="flex flex-col gap-3">
      <h2
        id="completed-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-fg"
      >
        Prontuário preenchido
      </h2>
      {!analysis.medical ? (
        <p className="text-fg">
          A transcrição não menciona termos médicos; nada foi levado ao prontuário.
        </p>
      ) : applied ? (
        <ExtractedSummary extraction={analysis.extraction} provenance={analysis.provenance} />
      ) : (
        <p className="text-fg">
          Poucos dados foram reconhecidos na transcrição; o prontuário não foi alterado.
        </p>
      )}
      {anamnesis && <p className="text-fg">A anamnese estruturada foi gerada.</p>}
      {opensByItself && (
        <p role="status" className="text-fg-muted">
          Abrindo o prontuário…
        </p>
      )}
      {(applied || anamnesis) && (
        <Button onClick={props.onOpenRecord}>
          <FileText aria-hidden="true" size={18} /> Abrir Prontuário
        </Button>
      )}
      <Button variant="secondary" onClick={props.onReprocess}>
        <RefreshCw aria-hidden="true" size={18} /> Processar Novamente
      </Button>
      <Button variant="ghost" onClick={props.onNewConsultation}>
        <RotateCcw aria-hidden="true" size={18} /> Nova Consulta
      </Button>
    </section>
  );
}

/**
 * docs/product.md, "Revisão, processamento e prontuário": a confident extraction, once in the
 * record, opens the record view by itself.
 */
export function outcomeOpensRecord({ analysis, applied }: ConsultationOutcome): boolean {
  return applied && analysis.medical && analysis.extraction.confidence > OPEN_RECORD_CONFIDENCE;
}

function AnalysisSummary({ analysis }: { analysis: ConsultationAnalysis }) {
  if (!analysis.medical) {
    return (
      <p role="note" className="rounded-md border border-line p-3 text-fg">
        Nenhum termo médico reconhecido: esta transcrição não será levada ao prontuário.
      </p>
    );
  }
  return (
    <div className="rounded-md border border-line p-3">
      <ExtractedSummary extraction={analysis.extraction} provenance={analysis.provenance} />
    </div>
  );
}

/** What the extraction found — the patient, the complaint, the vital signs — and who read it. */
function ExtractedSummary(props: { extraction: ExtractionResult; provenance: AiProvenance }) {
  const { patientInfo, symptoms, physicalExam } = props.extraction;
  const vitals = physicalExam.vitalSigns;
  const rows: [string, string | undefined][] = [
    ['Paciente', patientInfo.name],
    ['Idade', patientInfo.age === undefined ? undefined : `${patientInfo.age} anos`],
    ['Queixa principal', symptoms.chiefComplaint],
    ['Duração', symptoms.duration],
    ['Pressão arterial', vitals?.bloodPressure],
    [
      'Frequência cardíaca',
      vitals?.heartRate === undefined ? undefined : `${formatDecimal(vitals.heartRate)} bpm`,
    ],
    [
      'Temperatura',
      vitals?.temperature === undefined ? undefined : `${formatDecimal(vitals.temperature)} °C`,
    ],
    [
      'Saturação de O₂',
      vitals?.oxygenSaturation === undefined
        ? undefined
        : `${formatDecimal(vitals.oxygenSaturation)}%`,
    ],
  ];
  const found = rows.filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div className="flex flex-col gap-2">
      <h3 id="extracted-data" className="font-medium text-fg">
        Dados reconhecidos
        {props.provenance.source === 'offline' && (
          <span className="ml-2 rounded-full bg-surface-muted px-2 py-0.5 text-xs text-fg">
            Modo offline
          </span>
        )}
      </h3>
      {props.provenance.notice && (
        <p className="text-sm text-fg-muted">{props.provenance.notice}</p>
      )}
      {found.length === 0 ? (
        <p className="text-fg-muted">Nenhum dado do paciente reconhecido.</p>
      ) : (
        <dl
          aria-labelledby="extracted-data"
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-fg"
        >
          {found.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
