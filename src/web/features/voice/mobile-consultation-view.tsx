import { ArrowLeft, Loader2 } from 'lucide-react';
import { formatCrm, isDoctorProfileConfigured } from '@shared/account/doctor-settings';
import { useAiBlock } from '../../data/ai-use';
import { useOpenRecord } from '../../data/open-record';
import { useSettingsQuery } from '../../data/settings';
import { Button } from '../../ui/button';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import {
  analysisOfTranscript,
  draftOf,
  errorOf,
  failedSegmentsOf,
  isRecordingUnderWay,
  type ConsultationStep,
} from './consultation-machine';
import {
  CompletedSummary,
  DraftPanel,
  RecordingPanel,
  ReviewPanel,
  StartPanel,
  TranscriptionUnconfiguredNote,
  TranscriptionUnconfiguredReminder,
} from './consultation-panels';
import { useConsultation, type Consultation } from './use-consultation';

/**
 * The voice consultation, full screen (docs/product.md, "Consulta por voz"): record the visit,
 * review the transcript with what was recognised in it, and fill the open record and its structured
 * anamnesis. Without a transcription service the doctor dictates with the browser's speech
 * recognition or types the transcript. The transcript under review is kept in the browser until the
 * visit is done.
 */
export default function MobileConsultationView({ doctor, openView }: WorkspaceViewProps) {
  const settings = useSettingsQuery().data?.settings;
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  const consultation = useConsultation(doctor.id, openView);
  const { step, service } = consultation.state;
  const unconfigured = service.status === 'unconfigured';
  const recordingUnderWay = isRecordingUnderWay(step);
  const error = errorOf(step);
  // docs/product.md, "Gravação e transcrição em trechos": the draft fills in while recording.
  const draft = draftOf(step);
  const aiBlock = useAiBlock(useOpenRecord().record?.patientId).reason;

  return (
    <div className="mx-auto flex min-h-screen w-full max-w-xl flex-col gap-6 px-4 py-6">
      <div>
        <Button
          variant="secondary"
          onClick={() => openView('chat')}
          // Leaving would stop the recording: the doctor finishes it first.
          disabled={recordingUnderWay}
          title={recordingUnderWay ? 'Finalize a gravação antes de sair' : undefined}
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

      {unconfigured &&
        !aiBlock &&
        (step.kind === 'reviewing' ? (
          <TranscriptionUnconfiguredReminder />
        ) : (
          offersTyping(step) && (
            <TranscriptionUnconfiguredNote dictationSupported={consultation.dictation.supported} />
          )
        ))}

      {error && (
        <p role="alert" className="text-danger-fg">
          {error}
        </p>
      )}

      <StepContent
        step={step}
        unconfigured={unconfigured}
        aiBlock={aiBlock}
        consultation={consultation}
      />

      {draft && <DraftPanel draft={draft} segmentMs={service.segmentMs} />}
    </div>
  );
}

/** The steps where the doctor may type the transcript, and is told when recording is not possible. */
function offersTyping(step: ConsultationStep): boolean {
  return step.kind === 'ready' || step.kind === 'checking-microphone' || step.kind === 'reviewing';
}

/** What the screen shows below its heading, step by step. */
function StepContent({
  step,
  unconfigured,
  aiBlock,
  consultation,
}: {
  step: ConsultationStep;
  unconfigured: boolean;
  /** Why AI may not help with this visit: nothing is recorded nor read by it. */
  aiBlock: string | undefined;
  consultation: Consultation;
}) {
  switch (step.kind) {
    case 'ready':
    case 'checking-microphone':
      return (
        <StartPanel
          aiBlock={aiBlock}
          transcriptionUnconfigured={unconfigured}
          dictation={consultation.dictation}
          microphoneHelp={step.kind === 'ready' ? step.microphoneHelp : undefined}
          onRecord={consultation.startRecording}
          onDictate={consultation.dictateTranscript}
          onType={consultation.typeTranscript}
        />
      );
    case 'opening-microphone':
    case 'recording':
      return (
        <RecordingPanel
          elapsedMs={step.kind === 'recording' ? step.elapsedMs : 0}
          live={step.kind === 'recording'}
          paused={step.kind === 'recording' && step.paused}
          onPause={consultation.pauseRecording}
          onResume={consultation.resumeRecording}
          onStop={consultation.stopRecording}
        />
      );
    case 'transcribing':
      return <BusyStatus text="Transcrevendo a consulta…" />;
    case 'analysing':
      return <BusyStatus text="Analisando a transcrição…" />;
    case 'applying':
      return <BusyStatus text="Preenchendo o prontuário e a anamnese…" />;
    case 'saving-record':
      return <BusyStatus text="Salvando o prontuário…" />;
    case 'reviewing':
      return (
        <ReviewPanel
          transcript={step.review.transcript}
          onTranscriptChange={consultation.editTranscript}
          analysis={analysisOfTranscript(step.review)}
          onAcceptUnsupported={consultation.acceptUnsupported}
          failedSegments={failedSegmentsOf(step.review.segments)}
          onRetrySegments={consultation.resendFailedSegments}
          dictation={consultation.dictation}
          offersDictation={unconfigured}
          onReprocess={consultation.reprocess}
          onFinish={consultation.finish}
          onNewConsultation={consultation.newConsultation}
        />
      );
    case 'completed':
      return (
        <CompletedSummary
          outcome={step.outcome}
          onOpenRecord={consultation.openRecord}
          onReprocess={consultation.reprocess}
          onNewConsultation={consultation.newConsultation}
        />
      );
  }
}

function BusyStatus({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-fg">
      <Loader2 aria-hidden="true" size={18} className="animate-spin" /> {text}
    </p>
  );
}
