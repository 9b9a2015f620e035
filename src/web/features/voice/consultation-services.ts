/**
 * Everything the voice consultation asks of the server and of the open record, in one place: the
 * only module of the screen that reaches the data layer, so it is the one to re-point when that
 * layer changes. Each call answers with a result the screen can show; none rejects.
 */
import { createContext, useContext, useMemo } from 'react';
import { isRetryableTranscriptionError, type TranscriptionStatus } from '@shared/ai/transcription';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { visitOfAiRequest } from '@shared/records/flow';
import { useOpenRecordActions, type OpenRecordActions } from '../../data/open-record';
import { recordAiConsent } from '../../data/patients';
import type { RecordedAudio } from './audio-recorder';
import type { SegmentFailure } from './consultation-machine';
import {
  analyseConsultation,
  applyConsultation,
  type ConsultationAnalysis,
  type ConsultationOutcome,
} from './process-consultation';
import {
  readTranscriptionStatus,
  TranscriptionUploadError,
  transcribeAudio,
} from './transcribe-audio';
import { errorText } from '../../data/api';

/** Shown when processing fails with anything but the server's own message. */
const PROCESSING_ERROR = 'Não foi possível processar a consulta. A transcrição foi mantida.';

export type SegmentTranscription =
  { ok: true; text: string } | { ok: false; failure: SegmentFailure };

export type AnalysisResult =
  { ok: true; analysis: ConsultationAnalysis } | { ok: false; message: string };

export type ApplyResult =
  { ok: true; outcome: ConsultationOutcome } | { ok: false; message: string };

export interface ConsultationServices {
  /** Whether the server can transcribe, and in what pieces; configured when it cannot be asked. */
  readTranscriptionStatus(): Promise<TranscriptionStatus>;
  /** Sends one segment of the recording for transcription. */
  transcribeSegment(audio: RecordedAudio, index: number): Promise<SegmentTranscription>;
  /** Cleans the transcript up and reads what it holds; changes nothing. */
  analyseTranscript(transcript: string): Promise<AnalysisResult>;
  /** Puts the analysis into the open record (or a new one) and draws its anamnesis. */
  applyToRecord(analysis: ConsultationAnalysis): Promise<ApplyResult>;
  hasOpenRecord(): boolean;
  /** Starts a record before recording when none is open; a failure is only logged. */
  openRecordIfNone(): Promise<void>;
  /**
   * Writes on the open record's patient, when it has one, that she was told and agreed, as the
   * doctor confirmed; a failure is only logged (the confirmation was given on screen).
   */
  recordConsent(): Promise<void>;
  /** Gets the open record to the server, then lets it go; false if unsaved. */
  saveAndCloseRecord(): Promise<boolean>;
}

/**
 * Other services for the voice screen below it, in place of the open record and the server's
 * API: the component tests give scripted ones to show each step. The app gives none.
 */
export const ConsultationServicesContext = createContext<ConsultationServices | undefined>(
  undefined,
);

/** The consultation's services: on the open record and the server's API, unless given above. */
export function useConsultationServices(): ConsultationServices {
  const given = useContext(ConsultationServicesContext);
  const record = useOpenRecordActions();
  const cache = useQueryClient();
  return useMemo(() => given ?? consultationServices(record, cache), [given, record, cache]);
}

function consultationServices(store: OpenRecordActions, cache: QueryClient): ConsultationServices {
  return {
    readTranscriptionStatus,
    async transcribeSegment(audio, index) {
      try {
        const visit = visitOfAiRequest(store.record);
        return { ok: true, text: (await transcribeAudio(audio, { index }, visit)).text };
      } catch (failure) {
        return { ok: false, failure: describeSegmentFailure(failure) };
      }
    },
    async analyseTranscript(transcript) {
      try {
        return {
          ok: true,
          analysis: await analyseConsultation(transcript, visitOfAiRequest(store.record)),
        };
      } catch (failure) {
        console.error('Falha ao analisar a transcrição.', failure);
        return { ok: false, message: errorText(failure, PROCESSING_ERROR) };
      }
    },
    async applyToRecord(analysis) {
      try {
        return { ok: true, outcome: await applyConsultation(store, analysis) };
      } catch (failure) {
        console.error('Falha ao processar a consulta.', failure);
        return { ok: false, message: errorText(failure, PROCESSING_ERROR) };
      }
    },
    hasOpenRecord: () => store.record !== undefined,
    async openRecordIfNone() {
      try {
        if (!store.record) await store.create();
      } catch (failure) {
        console.warn('Não foi possível iniciar o prontuário antes da gravação.', failure);
      }
    },
    async recordConsent() {
      const patientId = store.record?.patientId;
      if (!patientId) return;
      try {
        await recordAiConsent(cache, patientId);
      } catch (failure) {
        console.warn('Consentimento não registrado na ficha do paciente.', failure);
      }
    },
    async saveAndCloseRecord() {
      if (!(await store.saveAll())) return false;
      store.clear();
      return true;
    },
  };
}

/** What the screen needs to know of a failed upload. */
function describeSegmentFailure(failure: unknown): SegmentFailure {
  const upload = failure instanceof TranscriptionUploadError ? failure : undefined;
  return {
    message: errorText(failure, undefined),
    // Sending again may work, except for audio the service refuses.
    retryable: upload?.code === undefined || isRetryableTranscriptionError(upload.code),
    unconfigured: upload?.unconfigured ?? false,
    // No answer from the Prontu server at all: the segment waits for the connection.
    connection: upload?.code === 'unreachable',
  };
}
