import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { readConsultationTranscript, writeConsultationTranscript } from './consultation-transcript';
import { useDictation } from '../../ui/chat/use-dictation';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import { AudioRecorder, browserAudioRecorderDeps, type RecordedAudio } from './audio-recorder';
import { outcomeOpensRecord } from './consultation-panels';
import {
  asksBeforeUnload,
  draftTextOf,
  initialConsultationState,
  segmentOverlapMs,
  transcriptToKeep,
  transition,
  type ConsultationEvent,
  type ConsultationState,
  type ConsultationStep,
  type SegmentFailure,
} from './consultation-machine';
import {
  useConsultationServices,
  type AnalysisResult,
  type ConsultationServices,
} from './consultation-services';
import { LatestWins } from './latest-wins';
import { SegmentUploads, type RetryKind } from './segment-uploads';
import {
  checkMicrophonePermission,
  isMicrophoneSupported,
  microphoneHelpText,
} from './microphone-permission';

/**
 * docs/product.md, "Estados da consulta por voz": after starting a record, recording begins half a
 * second later.
 */
const START_DELAY_MS = 500;

/** How long the completed screen shows before a confident record opens by itself. */
const OPEN_RECORD_DELAY_MS = 1500;

/** How often the recording's timer is read. */
const TIMER_TICK_MS = 500;

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

function releaseWakeLock(lock: WakeLockSentinel | undefined): void {
  void lock?.release().catch(() => undefined);
}

/** How a failed segment can be overcome (segment-uploads.ts). */
function retryKindOf(failure: SegmentFailure): RetryKind {
  if (failure.unconfigured || !failure.retryable) return 'never';
  return failure.connection ? 'connection' : 'service';
}

/**
 * An analysis of a transcript: the draft's while recording, or the one a step of the visit
 * waits for (the collected transcript, 'Processar Novamente', 'Preencher prontuário').
 */
interface AnalysisRequest {
  purpose: 'draft' | 'step';
  text: string;
}

/**
 * Runs the consultation's machine outside React, so work that awaits always reads the state as it
 * is now, and does the work each step starts when the visit enters it: the microphone check, the
 * recorder, the uploads, the analysis, the record. The work reports back in events; an answer
 * that comes when the visit has moved on is ignored by the machine.
 */
class ConsultationController {
  private current: ConsultationState;
  private readonly listeners = new Set<() => void>();
  private recorder: AudioRecorder | undefined;
  /** The current recording's segments on their way to the service. */
  private uploads: SegmentUploads<RecordedAudio, SegmentFailure> | undefined;
  /** One analysis at a time, on the newest transcript: never two extractions at once. */
  private readonly analyses: LatestWins<AnalysisRequest, AnalysisResult>;
  /** The transcript the draft was last asked for. */
  private draftText = '';
  private wakeLock: WakeLockSentinel | undefined;
  /** True once the screen is gone: a start still under way must then undo itself. */
  private closed = false;

  constructor(
    private readonly doctorId: string,
    private readonly services: ConsultationServices,
  ) {
    this.current = initialConsultationState(readConsultationTranscript(doctorId));
    this.analyses = new LatestWins(
      ({ text }) => this.services.analyseTranscript(text),
      (request, result) => this.analysed(request, result),
    );
  }

  readonly getState = (): ConsultationState => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly dispatch = (event: ConsultationEvent): void => {
    const previous = this.current;
    const next = transition(previous, event);
    if (next === previous) return;
    this.current = next;
    // Kept here rather than in an effect, so segments transcribed after the screen is left (the
    // recorder's last one) are kept too.
    const kept = transcriptToKeep(next.step);
    if (kept !== transcriptToKeep(previous.step)) writeConsultationTranscript(this.doctorId, kept);
    this.listeners.forEach((listener) => listener());
    if (next.step.kind !== previous.step.kind) void this.enter(next.step);
    this.askForDraft(next.step);
  };

  /**
   * The screen is shown: the transcript kept is settled (another doctor's is dropped) and the
   * server asked about its transcription service.
   * @returns what to do when the screen goes: the microphone stops and the phone may sleep
   */
  readonly open = (): (() => void) => {
    this.closed = false;
    writeConsultationTranscript(this.doctorId, transcriptToKeep(this.current.step));
    void this.services.readTranscriptionStatus().then((status) => {
      if (!this.screenLeft()) this.dispatch({ type: 'service-status-read', status });
    });
    // docs/product.md, "Gravação e transcrição em trechos": what waited for the connection goes
    // as soon as the browser is back online.
    const onOnline = () => this.uploads?.connectionRestored();
    window.addEventListener('online', onOnline);
    return () => {
      this.closed = true;
      window.removeEventListener('online', onOnline);
      // The screen is gone: nothing waits for the connection, nor tries again, any more.
      this.uploads?.dispose();
      this.uploads = undefined;
      void this.stopMicrophone();
    };
  };

  /**
   * While the recording runs: the timer ticks, and the wake lock the browser drops when the tab
   * is hidden is taken again on return.
   * @returns what to do when the recording stops
   */
  readonly whileRecording = (): (() => void) => {
    const timer = setInterval(() => {
      this.dispatch({ type: 'elapsed-measured', elapsedMs: this.recorder?.durationMs ?? 0 });
    }, TIMER_TICK_MS);
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') {
        this.wakeLock = undefined;
        return;
      }
      void requestWakeLock().then((lock) => {
        if (!this.screenLeft() && this.recorder?.state === 'recording' && !this.wakeLock) {
          this.wakeLock = lock;
        } else {
          releaseWakeLock(lock);
        }
      });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  };

  readonly pauseRecording = (): void => {
    if (this.recorder?.pause()) this.dispatch({ type: 'recording-paused' });
  };

  readonly resumeRecording = (): void => {
    if (this.recorder?.resume()) this.dispatch({ type: 'recording-resumed' });
  };

  /** The work the visit's new step starts. */
  private async enter(step: ConsultationStep): Promise<void> {
    switch (step.kind) {
      case 'checking-microphone':
        return this.checkMicrophone();
      case 'opening-microphone':
        return this.openMicrophone();
      case 'recording':
        return this.keepScreenAwake();
      case 'transcribing':
        return step.recorderStopped ? this.resendSegments(step.resent) : this.stopRecorder();
      case 'analysing':
        // After the draft's analysis under way, if any: never two at once.
        this.analyses.push({ purpose: 'step', text: step.text });
        return;
      case 'applying': {
        const result = await this.services.applyToRecord(step.analysis);
        this.dispatch(
          result.ok
            ? { type: 'consultation-applied', outcome: result.outcome }
            : { type: 'apply-failed', message: result.message },
        );
        return;
      }
      case 'saving-record': {
        const saved = await this.services.saveAndCloseRecord();
        this.dispatch({ type: saved ? 'record-saved' : 'record-save-failed' });
        return;
      }
      default:
        return;
    }
  }

  private async checkMicrophone(): Promise<void> {
    const supported = isMicrophoneSupported(navigator);
    const recordable = browserAudioRecorderDeps() !== undefined;
    if (!recordable || !(await checkMicrophonePermission(navigator))) {
      const help = microphoneHelpText(navigator.userAgent, supported && recordable);
      this.dispatch({ type: 'microphone-unavailable', help });
      return;
    }
    if (!this.screenLeft()) this.dispatch({ type: 'microphone-allowed' });
  }

  private async openMicrophone(): Promise<void> {
    await this.services.openRecordIfNone();
    // The doctor confirmed the patient's word before she could start: her chart keeps it.
    await this.services.recordConsent();
    await wait(START_DELAY_MS);
    if (this.screenLeft()) return;
    const deps = browserAudioRecorderDeps();
    this.recorder ??= deps && new AudioRecorder(deps);
    if (!this.recorder) {
      this.dispatch({
        type: 'recorder-failed',
        help: microphoneHelpText(navigator.userAgent, false),
      });
      return;
    }
    // Read now, not at the tap: the server's answer may have come meanwhile.
    const { segmentMs } = this.current.service;
    this.uploads?.dispose();
    const uploads = this.segmentUploads();
    this.uploads = uploads;
    this.draftText = '';
    const started = await this.recorder.start({
      segments: {
        segmentMs,
        overlapMs: segmentOverlapMs(segmentMs),
        onSegment: (audio, index) => {
          this.dispatch({ type: 'segment-recorded', index, audio });
          uploads.add(index, audio);
        },
      },
    });
    if (this.screenLeft()) {
      await this.stopMicrophone();
      return;
    }
    if (!started) {
      const help = microphoneHelpText(navigator.userAgent, isMicrophoneSupported(navigator));
      this.dispatch({ type: 'recorder-failed', help });
      return;
    }
    this.dispatch({ type: 'recorder-started' });
  }

  private async keepScreenAwake(): Promise<void> {
    const lock = await requestWakeLock();
    // The doctor may have stopped, or left, while the lock was being granted.
    if (this.isMicrophoneOpen() && !this.screenLeft() && !this.wakeLock) {
      this.wakeLock = lock;
      return;
    }
    releaseWakeLock(lock);
    if (this.screenLeft()) await this.stopMicrophone();
  }

  private async stopRecorder(): Promise<void> {
    this.releaseWakeLock();
    // Nothing waits any more: the last segment, and what the connection held back, go once.
    this.uploads?.finish();
    try {
      await this.recorder?.stop();
    } catch (failure) {
      console.error('Não foi possível finalizar a gravação.', failure);
    }
    this.dispatch({ type: 'recorder-stopped' });
  }

  /** One after another: the AI rate limit is per minute. */
  private async resendSegments(
    segments: readonly { index: number; audio: RecordedAudio }[],
  ): Promise<void> {
    for (const { index, audio } of segments) await this.transcribeSegment(audio, index);
  }

  private async transcribeSegment(audio: RecordedAudio, index: number): Promise<void> {
    const result = await this.services.transcribeSegment(audio, index);
    this.dispatch(
      result.ok
        ? { type: 'segment-transcribed', index, text: result.text }
        : { type: 'segment-failed', index, failure: result.failure },
    );
  }

  /**
   * The queue that sends this recording's segments and reports back; its reports stop when a
   * new recording replaces it.
   */
  private segmentUploads(): SegmentUploads<RecordedAudio, SegmentFailure> {
    const uploads: SegmentUploads<RecordedAudio, SegmentFailure> = new SegmentUploads({
      send: (audio, index) => this.services.transcribeSegment(audio, index),
      retryKindOf,
      isOnline: () => navigator.onLine,
      report: (event) => {
        if (this.uploads !== uploads) return;
        switch (event.type) {
          case 'transcribed':
            this.dispatch({ type: 'segment-transcribed', index: event.index, text: event.text });
            return;
          case 'waiting':
            this.dispatch({ type: 'segment-waiting', index: event.index, reason: event.reason });
            return;
          case 'failed':
            this.dispatch({ type: 'segment-failed', index: event.index, failure: event.failure });
        }
      },
    });
    return uploads;
  }

  /**
   * docs/product.md, "Gravação e transcrição em trechos": while recording, each new text of the
   * transcript so far is analysed for the draft.
   */
  private askForDraft(step: ConsultationStep): void {
    const text = draftTextOf(step);
    if (!text.trim() || text === this.draftText) return;
    this.draftText = text;
    this.analyses.push({ purpose: 'draft', text });
  }

  private analysed({ purpose, text }: AnalysisRequest, result: AnalysisResult): void {
    if (purpose === 'draft') {
      // The draft keeps its last analysis; the review analyses the whole transcript again.
      if (result.ok) this.dispatch({ type: 'draft-analysed', text, analysis: result.analysis });
      else console.warn('Falha ao analisar o rascunho da consulta.', result.message);
      return;
    }
    this.dispatch(
      result.ok
        ? { type: 'analysis-succeeded', text, analysis: result.analysis }
        : { type: 'analysis-failed', text, message: result.message },
    );
  }

  /** Stops whatever a start opened: the microphone and the wake lock. */
  private async stopMicrophone(): Promise<void> {
    this.releaseWakeLock();
    if (this.isMicrophoneOpen()) await this.recorder?.stop().catch(() => undefined);
  }

  /** A method, not the field itself: the screen may be left during any await of a start. */
  private screenLeft(): boolean {
    return this.closed;
  }

  private isMicrophoneOpen(): boolean {
    return this.recorder?.state === 'recording' || this.recorder?.state === 'paused';
  }

  private releaseWakeLock(): void {
    releaseWakeLock(this.wakeLock);
    this.wakeLock = undefined;
  }
}

/** What {@link useConsultation} gives the screen. */
export type Consultation = ReturnType<typeof useConsultation>;

/**
 * The voice consultation's state and what the screen can do with it. The machine
 * (consultation-machine.ts) says where each event leads; this hook does the work around it — the
 * recorder, the uploads, the analysis and the record through {@link useConsultationServices},
 * the transcript kept in the browser, the browser's dictation — and reacts to the steps that
 * need the page: the timer, the question before unloading, the record opening by itself.
 */
export function useConsultation(doctorId: string, openView: WorkspaceViewProps['openView']) {
  const services = useConsultationServices();
  const [consultation] = useState(() => new ConsultationController(doctorId, services));
  const state = useSyncExternalStore(consultation.subscribe, consultation.getState);
  const { step } = state;
  const dispatch = consultation.dispatch;

  const dictation = useDictation(
    useCallback((phrase: string) => dispatch({ type: 'phrase-dictated', phrase }), [dispatch]),
  );

  useEffect(() => consultation.open(), [consultation]);

  const recording = step.kind === 'recording';
  useEffect(
    () => (recording ? consultation.whileRecording() : undefined),
    [consultation, recording],
  );

  const asksBeforeLeaving = asksBeforeUnload(step);
  useEffect(() => {
    if (!asksBeforeLeaving) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [asksBeforeLeaving]);

  // docs/product.md, "Revisão, processamento e prontuário": a confident extraction opens the record
  // by itself.
  const opensRecord = step.kind === 'completed' && outcomeOpensRecord(step.outcome);
  useEffect(() => {
    if (!opensRecord) return;
    const timer = setTimeout(() => openView('medical-record'), OPEN_RECORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opensRecord, openView]);

  const toggleDictation = () => {
    dispatch({ type: 'dictation-toggled' });
    dictation.toggle();
  };
  const stopDictation = () => {
    if (dictation.listening) dictation.toggle();
  };

  return {
    state,
    dictation: {
      supported: dictation.supported,
      listening: dictation.listening,
      interim: dictation.interim,
      problem: dictation.problem,
      toggle: toggleDictation,
    },
    startRecording: () => dispatch({ type: 'start-requested' }),
    pauseRecording: consultation.pauseRecording,
    resumeRecording: consultation.resumeRecording,
    stopRecording: () => dispatch({ type: 'stop-requested' }),
    resendFailedSegments: () => dispatch({ type: 'resend-requested' }),
    typeTranscript: () => dispatch({ type: 'typing-requested' }),
    dictateTranscript: () => {
      dispatch({ type: 'typing-requested' });
      if (!dictation.listening) toggleDictation();
    },
    editTranscript: (transcript: string) => dispatch({ type: 'transcript-edited', transcript }),
    acceptUnsupported: (path: string, accepted: boolean) =>
      dispatch({ type: 'unsupported-value-toggled', path, accepted }),
    reprocess: () => {
      stopDictation();
      dispatch({ type: 'reprocess-requested' });
    },
    finish: () => {
      stopDictation();
      dispatch({ type: 'finish-requested' });
    },
    openRecord: () => openView('medical-record'),
    newConsultation: () => {
      stopDictation();
      dispatch({ type: 'new-consultation-requested', recordOpen: services.hasOpenRecord() });
    },
  };
}
