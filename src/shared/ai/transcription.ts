import { z } from 'zod';
import { isApiErrorCode, isRetryableError, type ApiErrorCode } from '../api/errors';
import { EXTRACTION_TEXT_MAX_LENGTH } from './extraction-request';

/**
 * Largest audio file `POST /api/ai/transcribe` accepts
 * (docs/product.md, "Gravação e transcrição em trechos": 25 MB, Whisper's own limit).
 */
export const TRANSCRIPTION_MAX_FILE_BYTES = 25 * 1024 * 1024;

/**
 * Confidence given to a transcription whose provider reports none
 * (docs/product.md, "Gravação e transcrição em trechos").
 */
export const TRANSCRIPTION_FALLBACK_CONFIDENCE = 0.95;

/** Audio types by the extension transcription services recognise them by. */
const AUDIO_EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/mp4': 'mp4',
  'video/mp4': 'mp4',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
};

/**
 * The name an audio file is uploaded under (docs/product.md, "Gravação e transcrição em trechos").
 * Whisper-compatible servers tell formats apart by the extension, so it follows the recorded type.
 * The original specification labels webm as mp4; we keep `recording.webm`, because servers reject
 * (or misdecode) webm data named `.mp4`.
 * @param mimeType - the recorded type, parameters such as `;codecs=opus` allowed
 */
export function audioFileName(mimeType: string): string {
  const baseType = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  // webm, and whatever a browser picks on its own: Chrome and Firefox record webm.
  return `recording.${AUDIO_EXTENSIONS[baseType] ?? 'webm'}`;
}

/** The multipart field that carries the audio. */
export const TRANSCRIPTION_FILE_FIELD = 'file';

/** Most segments one consultation may be split into (far beyond any visit's length). */
export const TRANSCRIPTION_MAX_SEGMENTS = 1000;

/**
 * The optional form fields beside the audio, for a consultation recorded in segments: which
 * piece this is (from 0) and how many there are. Sent as text, as every multipart field.
 */
export const transcriptionSegmentFieldsSchema = z
  .object({
    segmentIndex: z.coerce
      .number()
      .int()
      .min(0)
      .max(TRANSCRIPTION_MAX_SEGMENTS - 1)
      .optional(),
    segmentCount: z.coerce.number().int().min(1).max(TRANSCRIPTION_MAX_SEGMENTS).optional(),
  })
  .refine(
    ({ segmentIndex, segmentCount }) =>
      segmentIndex === undefined || segmentCount === undefined || segmentIndex < segmentCount,
    { error: 'segmentIndex deve ser menor que segmentCount', path: ['segmentIndex'] },
  );

export type TranscriptionSegmentFields = z.infer<typeof transcriptionSegmentFieldsSchema>;

/** One timed piece of a transcript; `start` and `end` are seconds from the start of the audio. */
export const transcriptionSegmentSchema = z.object({
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  confidence: z.number().min(0).max(1),
});

/**
 * The transcription result (docs/product.md, "Gravação e transcrição em trechos"): the answer of
 * `POST /api/ai/transcribe`. `segments` is empty when the provider gives no timings. `segmentIndex`
 * and `segmentCount` repeat what the browser sent with one piece of a consultation recorded in
 * segments.
 */
export const transcriptionResultSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(1),
  language: z.string(),
  segments: z.array(transcriptionSegmentSchema),
  segmentIndex: z.number().int().nonnegative().optional(),
  segmentCount: z.number().int().positive().optional(),
});

export type TranscriptionSegment = z.infer<typeof transcriptionSegmentSchema>;
export type TranscriptionResult = z.infer<typeof transcriptionResultSchema>;

/**
 * Why the transcription provider failed (docs/product.md, "Erros da transcrição e do microfone").
 */
export type TranscriptionProviderErrorKind =
  'unsupported-format' | 'quota' | 'rate-limit' | 'auth' | 'network' | 'other';

/** The catalogue's code (`api-errors.ts`) of each kind of provider failure. */
export const TRANSCRIPTION_PROVIDER_ERROR_CODES = {
  'unsupported-format': 'provider_unsupported_format',
  quota: 'provider_quota',
  'rate-limit': 'provider_rate_limited',
  auth: 'provider_auth',
  network: 'provider_unreachable',
  other: 'provider_failed',
} as const satisfies Record<TranscriptionProviderErrorKind, ApiErrorCode>;

/**
 * The codes of the transcription's own error answers, from the API's catalogue: the provider's
 * failures, plus our own refusals. `transcription_unconfigured` tells the browser to offer its
 * own speech recognition or typing instead. The route's other refusals (no session, the AI rate
 * limit, a body that is not multipart) answer the catalogue's general codes.
 */
export const TRANSCRIPTION_ERROR_CODES = [
  ...Object.values(TRANSCRIPTION_PROVIDER_ERROR_CODES),
  'invalid_audio',
  'audio_too_large',
  'transcription_unconfigured',
] as const satisfies readonly ApiErrorCode[];

export type TranscriptionErrorCode = (typeof TRANSCRIPTION_ERROR_CODES)[number];

/**
 * docs/product.md, "Erros da transcrição e do microfone": the invalid or empty audio message, word
 * for word (kept in English).
 */
export const INVALID_AUDIO_MESSAGE = 'Invalid audio file';

/**
 * docs/product.md, "Erros da transcrição e do microfone": the file is over
 * {@link TRANSCRIPTION_MAX_FILE_BYTES}.
 */
export const AUDIO_TOO_LARGE_MESSAGE = 'Arquivo muito grande. Máximo 25MB permitido.';

/**
 * No transcription endpoint is configured (docs/product.md, "Sem serviço de transcrição"). The
 * doctor reads it: it names who can help, never a setting (those are in docs/operacao.md, "Modelo de IA").
 */
export const TRANSCRIPTION_UNCONFIGURED_MESSAGE =
  'Transcrição automática indisponível: o administrador da clínica ainda não ativou um serviço de transcrição de áudio.';

/**
 * The transcription texts of docs/product.md, "Erros da transcrição e do microfone", with the
 * provider named generically. The original specification's unsupported format text ends in
 * 'Tentando conversão...'; we do not convert audio, so ours asks for another recording instead.
 */
const PROVIDER_ERROR_MESSAGES: Readonly<
  Record<Exclude<TranscriptionProviderErrorKind, 'other'>, string>
> = {
  'unsupported-format':
    'Formato de arquivo não suportado. Grave novamente em outro formato (wav, mp3, m4a ou webm).',
  quota: 'Cota da API de transcrição excedida. Verifique seu plano.',
  'rate-limit': 'Limite de requisições da API de transcrição excedido. Aguarde alguns segundos.',
  auth: 'Chave da API de transcrição inválida.',
  network: 'Erro de conexão com o serviço de transcrição. Tente novamente.',
};

/** Longest provider detail repeated in an 'other' message. */
export const TRANSCRIPTION_ERROR_DETAIL_MAX_LENGTH = 200;

/**
 * The Portuguese message for a failed transcription call
 * (docs/product.md, "Erros da transcrição e do microfone").
 * @param kind - what went wrong
 * @param detail - the provider's own error text, used only for `other`
 */
export function transcriptionProviderErrorMessage(
  kind: TranscriptionProviderErrorKind,
  detail = '',
): string {
  if (kind !== 'other') return PROVIDER_ERROR_MESSAGES[kind];
  const shortDetail = detail.trim().slice(0, TRANSCRIPTION_ERROR_DETAIL_MAX_LENGTH);
  return `Erro na API de transcrição: ${shortDetail || 'erro desconhecido'}`;
}

/**
 * What the audio service shows when a transcription fails
 * (docs/product.md, "Erros da transcrição e do microfone").
 * @param detail - the server's error message, or the browser's own
 */
export function transcriptionFailureMessage(detail: string): string {
  return `Falha na transcrição: ${detail}`;
}

/**
 * Whether sending the same audio again may work: a consultation recorded in segments retries a
 * failed segment without losing the others. Besides what any request may retry (no answer, the
 * server or the provider busy or unreachable), a provider failure without a known cause and an
 * answer that could not be read may have been a blip.
 * @param code - the failure's code
 */
export function isRetryableTranscriptionError(code: ApiErrorCode): boolean {
  return isRetryableError(code) || code === 'provider_failed' || code === 'unexpected_answer';
}

/**
 * The error answer of `POST /api/ai/transcribe`, as of every `/api` route: its own refusals
 * ({@link TRANSCRIPTION_ERROR_CODES}) and the general ones (`unauthorized`, `rate_limited`,
 * `unsupported_media_type`…) alike carry a code of the catalogue.
 */
export const transcriptionErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.custom<ApiErrorCode>(isApiErrorCode),
});

export type TranscriptionError = z.infer<typeof transcriptionErrorSchema>;

/**
 * `GET /api/ai/transcribe/status`: whether the server has a transcription service. Asked when
 * the voice screen opens, so a doctor never records a whole visit for nothing.
 */
export const transcriptionStatusSchema = z.object({
  configured: z.boolean(),
  /** When configured: the longest piece of a visit to send in one request, in seconds. */
  segmentSeconds: z.number().int().positive().optional(),
});

export type TranscriptionStatus = z.infer<typeof transcriptionStatusSchema>;

/** Longest transcript the clean-up reads: as long as the extraction reads. */
export const TRANSCRIPT_MAX_LENGTH = EXTRACTION_TEXT_MAX_LENGTH;

/** Body of `POST /api/transcripts/clean-up`: a transcript as transcribed, dictated or typed. */
export const transcriptCleanUpRequestSchema = z.strictObject({
  text: z.string({ error: 'Envie a transcrição como texto.' }).max(TRANSCRIPT_MAX_LENGTH, {
    error: `A transcrição pode ter no máximo ${TRANSCRIPT_MAX_LENGTH} caracteres.`,
  }),
});

/**
 * Answer of `POST /api/transcripts/clean-up`
 * (docs/product.md, "Revisão, processamento e prontuário"): the transcript in medical language, and
 * whether it mentions medical terms — only then is it turned into record data.
 */
export const transcriptCleanUpResultSchema = z.object({
  text: z.string(),
  containsMedicalTerms: z.boolean(),
});

export type TranscriptCleanUpResult = z.infer<typeof transcriptCleanUpResultSchema>;
