import { Hono } from 'hono';
import {
  AUDIO_TOO_LARGE_MESSAGE,
  INVALID_AUDIO_MESSAGE,
  TRANSCRIPTION_FILE_FIELD,
  TRANSCRIPTION_MAX_FILE_BYTES,
  TRANSCRIPTION_UNCONFIGURED_MESSAGE,
  transcriptionSegmentFieldsSchema,
  type TranscriptionResult,
} from '@shared/ai/transcription';
import type { Config } from '../config';
import type { AppEnv } from '../http/app-env';
import { parseOrBadRequest } from '../http/json-body';
import { readMultipartBody } from '../http/multipart-body';
import { withoutRecordId, type AiUseGate } from './ai-use-gate';
import { transcribeAudio, transcriptionError } from './transcription';

/** Room for the multipart boundaries, part headers and the segment fields beside the audio. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_UPLOAD_BYTES = TRANSCRIPTION_MAX_FILE_BYTES + FORM_OVERHEAD_BYTES;

const audioTooLarge = () => transcriptionError('audio_too_large', AUDIO_TOO_LARGE_MESSAGE);
const invalidAudio = () => transcriptionError('invalid_audio', INVALID_AUDIO_MESSAGE);

/**
 * `POST /api/ai/transcribe` (mounted inside `aiRoutes`, so behind its session check and the
 * per-doctor AI rate limit): a multipart form with the audio in `file` and, for a consultation
 * recorded in segments, `segmentIndex` and `segmentCount`. Answers a
 * TranscriptionResult (docs/product.md, "Gravação e transcrição em trechos"), with
 * `segmentIndex`/`segmentCount` repeated when sent. Errors: 400 `invalid_audio` ('Invalid audio
 * file'), 413 `audio_too_large` over 25 MB, 415 not multipart, 502 `provider_*` the provider's
 * failure (docs/product.md, "Erros da transcrição e do microfone"), 503
 * `transcription_unconfigured` when no endpoint is set.
 */
export function transcriptionRoutes(deps: { config: Config; aiUse: AiUseGate }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/', async (c) => {
    // The visit recorded is named in the query: the body is the audio's form.
    const visit = await deps.aiUse.admit(c, {
      recordId: withoutRecordId({ recordId: c.req.query('recordId') }).recordId,
    });
    const endpoint = deps.config.transcription;
    if (!endpoint) {
      throw transcriptionError('transcription_unconfigured', TRANSCRIPTION_UNCONFIGURED_MESSAGE);
    }
    const { audio, fields } = await readAudioUpload(c.req.raw);
    const result: TranscriptionResult = await transcribeAudio({
      endpoint,
      audio,
      timeoutMs: deps.config.aiTimeoutMs,
      signal: c.req.raw.signal,
      log: c.get('log').child({
        segmentIndex: fields.segmentIndex,
        segmentCount: fields.segmentCount,
      }),
    });
    c.header('Cache-Control', 'no-store');
    await deps.aiUse.record(c, visit, 'transcribe', deps.aiUse.sourceOf('model', 'transcription'));
    // Unsent segment fields are undefined and so left out of the JSON.
    return c.json({ ...result, ...fields });
  });
  return routes;
}

/**
 * Reads the upload into memory, never more than 25 MB and a little. Audio is never written to
 * disk.
 * @throws HttpError 415 (not multipart), 413 (too large), 400 (no usable audio, bad fields)
 */
async function readAudioUpload(request: Request) {
  const form = await readMultipartBody(request, {
    maxBytes: MAX_UPLOAD_BYTES,
    tooLarge: audioTooLarge,
    unreadable: invalidAudio,
  });
  const audio = form.get(TRANSCRIPTION_FILE_FIELD);
  if (audio === null || typeof audio === 'string' || audio.size === 0) throw invalidAudio();
  if (audio.size > TRANSCRIPTION_MAX_FILE_BYTES) throw audioTooLarge();

  const textField = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const fields = parseOrBadRequest(transcriptionSegmentFieldsSchema, {
    segmentIndex: textField('segmentIndex'),
    segmentCount: textField('segmentCount'),
  });
  return { audio, fields };
}
