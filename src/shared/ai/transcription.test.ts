import { describe, expect, it } from 'vitest';
import { isApiErrorCode } from '../api/errors';
import {
  audioFileName,
  isRetryableTranscriptionError,
  TRANSCRIPTION_ERROR_CODES,
  transcriptionErrorSchema,
  transcriptionFailureMessage,
  transcriptionProviderErrorMessage,
} from './transcription';

describe('audioFileName', () => {
  it.each([
    ['audio/wav', 'recording.wav'],
    ['audio/x-wav', 'recording.wav'],
    ['audio/mp4', 'recording.mp4'],
    ['audio/mp4;codecs=mp4a.40.2', 'recording.mp4'],
    ['audio/mp4;codecs=opus', 'recording.mp4'],
    ['audio/x-m4a', 'recording.m4a'],
    ['audio/mpeg', 'recording.mp3'],
    ['audio/ogg;codecs=opus', 'recording.ogg'],
    // Deliberate deviation from the original "webm is labelled mp4" (docs/decisoes.md): servers trust the extension.
    ['audio/webm;codecs=opus', 'recording.webm'],
    ['audio/webm', 'recording.webm'],
    ['', 'recording.webm'],
  ])('names %j %s', (type, fileName) => {
    expect(audioFileName(type)).toBe(fileName);
  });
});

describe('transcription error texts', () => {
  it('wraps a failure as the audio service does', () => {
    expect(transcriptionFailureMessage('Invalid audio file')).toBe(
      'Falha na transcrição: Invalid audio file',
    );
  });

  it('repeats at most 200 characters of an unknown provider error', () => {
    expect(transcriptionProviderErrorMessage('other', 'x'.repeat(300))).toBe(
      `Erro na API de transcrição: ${'x'.repeat(200)}`,
    );
    expect(transcriptionProviderErrorMessage('rate-limit')).toBe(
      'Limite de requisições da API de transcrição excedido. Aguarde alguns segundos.',
    );
  });

  it('offers a retry only where sending the same audio again may work', () => {
    for (const code of [
      'provider_unreachable',
      'provider_rate_limited',
      'provider_failed',
      'unreachable',
      'unexpected_answer',
      'rate_limited',
      'busy',
      'database_unavailable',
    ] as const) {
      expect(isRetryableTranscriptionError(code), code).toBe(true);
    }
    for (const code of [
      'invalid_audio',
      'audio_too_large',
      'provider_unsupported_format',
      'provider_quota',
      'provider_auth',
      'transcription_unconfigured',
      'unauthorized',
      'validation',
    ] as const) {
      expect(isRetryableTranscriptionError(code), code).toBe(false);
    }
  });
});

describe('transcription error codes', () => {
  it('are all codes of the API catalogue', () => {
    for (const code of TRANSCRIPTION_ERROR_CODES) expect(isApiErrorCode(code), code).toBe(true);
  });

  it('read an error answer only with a code of the catalogue', () => {
    const answer = { success: false, error: 'Arquivo muito grande.', code: 'audio_too_large' };
    expect(transcriptionErrorSchema.parse(answer)).toEqual(answer);
    expect(transcriptionErrorSchema.safeParse({ ...answer, code: 'audio-too-large' }).success).toBe(
      false,
    );
  });
});
