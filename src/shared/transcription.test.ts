import { describe, expect, it } from 'vitest';
import {
  audioFileName,
  isRetryableTranscriptionError,
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
    // Deliberate deviation from the spec's "webm is labelled mp4": servers trust the extension.
    ['audio/webm;codecs=opus', 'recording.webm'],
    ['audio/webm', 'recording.webm'],
    ['', 'recording.webm'],
  ])('names %j %s', (type, fileName) => {
    expect(audioFileName(type)).toBe(fileName);
  });
});

describe('transcription error texts (spec §8)', () => {
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
    expect(isRetryableTranscriptionError('network')).toBe(true);
    expect(isRetryableTranscriptionError('rate-limit')).toBe(true);
    expect(isRetryableTranscriptionError('other')).toBe(true);
    expect(isRetryableTranscriptionError('invalid-audio')).toBe(false);
    expect(isRetryableTranscriptionError('audio-too-large')).toBe(false);
    expect(isRetryableTranscriptionError('unsupported-format')).toBe(false);
    expect(isRetryableTranscriptionError('quota')).toBe(false);
  });
});
