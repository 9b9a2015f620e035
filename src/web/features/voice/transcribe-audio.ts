import { ApiError } from '@shared/api/client';
import {
  TRANSCRIPTION_FILE_FIELD,
  transcriptionFailureMessage,
  type TranscriptionResult,
  type TranscriptionStatus,
} from '@shared/ai/transcription';
import { fetchTranscriptionStatus, uploadForTranscription } from '../../data/ai-tasks';
import type { RecordedAudio } from './audio-recorder';

/**
 * A failed upload to `POST /api/ai/transcribe`: the API's failure, with the message of
 * docs/product.md, "Erros da transcrição e do microfone" in place of the server's.
 */
export class TranscriptionUploadError extends ApiError {
  constructor(message: string, failure: ApiError) {
    super(failure.code, message, failure.status, failure.body);
    this.name = 'TranscriptionUploadError';
  }

  /** True when the server has no transcription service: the screen offers typing or dictation. */
  get unconfigured(): boolean {
    return this.code === 'transcription_unconfigured';
  }
}

/**
 * Uploads one recorded audio file (or one segment of a long visit) for transcription.
 * @param audio - the recorder's file
 * @param segment - its position among the visit's segments, when recorded in segments
 * @param visit - the visit recorded, whose chart records the use of AI
 * @returns the server's TranscriptionResult (docs/product.md, "Gravação e transcrição em trechos")
 * @throws TranscriptionUploadError with 'Falha na transcrição: …'
 *   (docs/product.md, "Erros da transcrição e do microfone")
 */
export async function transcribeAudio(
  audio: RecordedAudio,
  segment?: { index: number; count?: number },
  visit: { recordId?: string } = {},
): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append(TRANSCRIPTION_FILE_FIELD, audio.blob, audio.fileName);
  if (segment) {
    form.append('segmentIndex', String(segment.index));
    if (segment.count !== undefined) form.append('segmentCount', String(segment.count));
  }
  try {
    return await uploadForTranscription(form, visit);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail =
      error.code === 'unexpected_answer' ? 'resposta inválida do servidor.' : error.message;
    throw new TranscriptionUploadError(transcriptionFailureMessage(detail), error);
  }
}

/**
 * Whether the server has a transcription service, and in what pieces to send a long visit;
 * asked when the voice screen opens, so a doctor never records a whole visit for nothing.
 * @returns "not configured" only when the server says so; when it cannot be asked (offline),
 *   configured — the recording goes ahead, and its upload will say what failed
 */
export async function readTranscriptionStatus(): Promise<TranscriptionStatus> {
  try {
    return await fetchTranscriptionStatus();
  } catch {
    return { configured: true };
  }
}
