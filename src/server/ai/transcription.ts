import { z } from 'zod';
import {
  audioFileName,
  TRANSCRIPTION_FALLBACK_CONFIDENCE,
  TRANSCRIPTION_PROVIDER_ERROR_CODES,
  transcriptionProviderErrorMessage,
  type TranscriptionErrorCode,
  type TranscriptionProviderErrorKind,
  type TranscriptionResult,
  type TranscriptionSegment,
} from '@shared/ai/transcription';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { deadlineSignal } from './deadline';

/** The configured `/audio/transcriptions` endpoint. */
export type TranscriptionEndpoint = NonNullable<Config['transcription']>;

/** The language we ask the provider for: consultations are in Portuguese. */
const LANGUAGE = 'pt';
/** Low but not zero: steadier wording of medical terms, still able to leave a bad guess. */
const TEMPERATURE = '0.2';
/** A whole visit's audio takes the provider longer than a chat answer. */
const AUDIO_TIMEOUT_FACTOR = 2;

/**
 * An error answer of the transcription route: an {@link HttpError} with a stable `code` the
 * browser can act on (retry a segment, offer dictation instead); the code gives the status.
 */
export function transcriptionError(code: TranscriptionErrorCode, message: string): HttpError {
  return new HttpError(code, message);
}

/** Whisper's answer, `verbose_json` or plain `json` (then only `text`). */
const providerAnswerSchema = z.object({
  text: z.string(),
  language: z.string().optional(),
  duration: z.number().optional(),
  segments: z
    .array(
      z.object({
        text: z.string(),
        start: z.number(),
        end: z.number(),
        avg_logprob: z.number().optional(),
      }),
    )
    .optional(),
});

type ProviderAnswer = z.infer<typeof providerAnswerSchema>;

/** Whisper names the language in English (`portuguese`); the result uses ISO 639-1 codes. */
const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  portuguese: 'pt',
  english: 'en',
  spanish: 'es',
  french: 'fr',
  italian: 'it',
  german: 'de',
};

function languageCode(language: string | undefined): string {
  const name = language?.trim().toLowerCase();
  if (!name) return LANGUAGE;
  if (/^[a-z]{2}([-_][a-z]{2})?$/.test(name)) return name.slice(0, 2);
  return LANGUAGE_CODES[name] ?? LANGUAGE;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Confidences and times to three decimals (times to the millisecond): enough, and readable. */
const roundConfidence = (value: number) => Math.round(value * 1000) / 1000;
const roundSeconds = roundConfidence;

/**
 * The TranscriptionResult (docs/product.md, "Gravação e transcrição em trechos") from the
 * provider's answer. A segment's confidence is `exp(avg_logprob)` when the provider reports it; the
 * whole text's is the duration-weighted mean of those; without any, both are the fallback 0.95.
 * @param answer - the provider's parsed answer
 */
export function toTranscriptionResult(answer: ProviderAnswer): TranscriptionResult {
  const rawSegments = answer.segments ?? [];
  const segments: TranscriptionSegment[] = rawSegments.map((segment) => ({
    text: segment.text.trim(),
    start: roundSeconds(Math.max(0, segment.start)),
    end: roundSeconds(Math.max(0, segment.end, segment.start)),
    confidence:
      segment.avg_logprob === undefined
        ? TRANSCRIPTION_FALLBACK_CONFIDENCE
        : roundConfidence(clamp01(Math.exp(segment.avg_logprob))),
  }));
  const measured = segments.filter((_, index) => rawSegments[index]?.avg_logprob !== undefined);
  let confidence = TRANSCRIPTION_FALLBACK_CONFIDENCE;
  if (measured.length > 0) {
    const weights = measured.map((segment) => segment.end - segment.start);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    confidence = roundConfidence(
      total > 0
        ? measured.reduce((sum, segment, i) => sum + segment.confidence * (weights[i] ?? 0), 0) /
            total
        : measured.reduce((sum, segment) => sum + segment.confidence, 0) / measured.length,
    );
  }
  return {
    text: answer.text.trim(),
    confidence,
    language: languageCode(answer.language),
    segments,
  };
}

/** What a failed provider answer says about itself. */
interface ProviderFailure {
  status: number;
  message: string;
  /** The provider's error `code` and `type`, when it sends them. */
  labels: string;
}

/**
 * Which of the transcription errors of docs/product.md, "Erros da transcrição e do microfone" a
 * provider's error answer is. The format check comes first (OpenAI answers an undecodable file with
 * 400 'Invalid file format'), and quota before rate limit (OpenAI answers an exhausted quota with
 * 429 `insufficient_quota`).
 */
export function classifyTranscriptionFailure(
  failure: ProviderFailure,
): TranscriptionProviderErrorKind {
  const text = `${failure.message}\n${failure.labels}`.toLowerCase();
  if (
    (failure.status === 400 || failure.status === 415) &&
    /invalid file format|unsupported/.test(text)
  ) {
    return 'unsupported-format';
  }
  if (
    failure.status === 401 ||
    failure.status === 403 ||
    /invalid_api_key|api[ _-]?key/.test(text)
  ) {
    return 'auth';
  }
  if (failure.status === 402 || text.includes('quota')) return 'quota';
  if (failure.status === 429 || /rate[ _-]?limit/.test(text)) return 'rate-limit';
  return 'other';
}

/** Removes anything key-like from a provider's text before it reaches a person or a log. */
function withoutSecrets(text: string, apiKey: string | undefined): string {
  let clean = apiKey ? text.split(apiKey).join('[oculto]') : text;
  clean = clean.replace(/\bBearer\s+\S+/gi, 'Bearer [oculto]');
  return clean.replace(/\b(sk|gsk|pk|key)[-_][\w*.-]{6,}/gi, '[oculto]');
}

/** Reads the provider's error answer: OpenAI's `{ error: { message, code, type } }` and kin. */
async function readFailure(response: Response): Promise<ProviderFailure> {
  const raw = await response.text().catch(() => '');
  let message = '';
  let labels = '';
  try {
    const body = JSON.parse(raw) as unknown;
    const error = isRecord(body) && isRecord(body.error) ? body.error : body;
    if (isRecord(error)) {
      const first = [error.message, error.detail, error.error].find(
        (value): value is string => typeof value === 'string',
      );
      message = first ?? '';
      labels = [error.code, error.type].filter((v) => typeof v === 'string').join(' ');
    } else if (typeof error === 'string') {
      message = error;
    }
  } catch {
    // Not JSON: a plain-text error is worth repeating, an HTML error page is not.
    if (!/^\s*</.test(raw)) message = raw;
  }
  return { status: response.status, message: message.trim(), labels };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The file name the provider sees. Whisper tells formats apart by the extension, so a file sent
 * without one (a bare `blob`) is named after its type.
 */
function providerFileName(file: File): string {
  return /\.[a-z0-9]{2,5}$/i.test(file.name) ? file.name : audioFileName(file.type);
}

/**
 * Sends one audio file to the configured OpenAI-compatible `/audio/transcriptions`
 * (docs/product.md, "Parâmetros dos modelos": language pt, JSON, temperature 0.2) and answers a
 * TranscriptionResult. The audio stays in memory and is dropped with the call; neither it nor the
 * transcript is logged.
 * @param input.endpoint - the transcription endpoint (`config.transcription`)
 * @param input.audio - the uploaded file, already checked to be non-empty and within 25 MB
 * @param input.timeoutMs - `config.aiTimeoutMs`; audio gets twice as long
 * @param input.signal - the client's request, so a closed tab stops the call
 * @throws HttpError 502 with the transcription error's message and the failure's `code`
 */
export async function transcribeAudio(input: {
  endpoint: TranscriptionEndpoint;
  audio: File;
  timeoutMs: number;
  signal: AbortSignal;
  log: Logger;
}): Promise<TranscriptionResult> {
  const { endpoint, audio } = input;
  const startedAt = performance.now();
  const log = input.log.child({
    component: 'transcription',
    model: endpoint.model,
    bytes: audio.size,
    type: audio.type || 'unknown',
  });
  const elapsedMs = () => Math.round(performance.now() - startedAt);
  const fail = (
    kind: TranscriptionProviderErrorKind,
    facts: Record<string, unknown>,
    detail = '',
  ) => {
    log.warn({ ...facts, kind, durationMs: elapsedMs() }, 'transcription failed');
    return transcriptionError(
      TRANSCRIPTION_PROVIDER_ERROR_CODES[kind],
      transcriptionProviderErrorMessage(kind, detail),
    );
  };

  const form = new FormData();
  form.append('file', audio, providerFileName(audio));
  form.append('model', endpoint.model);
  form.append('language', LANGUAGE);
  form.append('response_format', 'verbose_json');
  form.append('temperature', TEMPERATURE);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;

  let response: Response;
  let raw: string;
  const timeout = deadlineSignal(input.timeoutMs * AUDIO_TIMEOUT_FACTOR);
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.any([input.signal, timeout]),
    });
    if (!response.ok) {
      const failure = await readFailure(response);
      const kind = classifyTranscriptionFailure(failure);
      throw fail(
        kind,
        { status: failure.status },
        withoutSecrets(failure.message || `HTTP ${failure.status}`, endpoint.apiKey),
      );
    }
    raw = await response.text();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw fail('network', {
      reason: timeout.aborted ? 'timeout' : input.signal.aborted ? 'client-gone' : 'connection',
      err: error instanceof Error ? error.name : 'unknown',
    });
  }

  const contentType = response.headers.get('content-type') ?? '';
  let answer: ProviderAnswer;
  if (/^text\/plain/i.test(contentType)) {
    // A server that ignores `response_format` and answers the bare text.
    answer = { text: raw };
  } else {
    let parsed: ReturnType<typeof providerAnswerSchema.safeParse> | undefined;
    try {
      parsed = providerAnswerSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      throw fail(
        'other',
        { status: response.status, reason: 'unreadable-answer' },
        'resposta ilegível do serviço de transcrição.',
      );
    }
    answer = parsed.data;
  }
  const result = toTranscriptionResult(answer);
  log.info(
    {
      durationMs: elapsedMs(),
      audioSeconds: answer.duration,
      // Sizes only: the transcript is a consultation.
      chars: result.text.length,
      segments: result.segments.length,
      confidence: result.confidence,
    },
    'audio transcribed',
  );
  return result;
}
