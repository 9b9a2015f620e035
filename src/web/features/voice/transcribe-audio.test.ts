import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRANSCRIPTION_UNCONFIGURED_MESSAGE } from '@shared/ai/transcription';
import type { RecordedAudio } from './audio-recorder';
import {
  readTranscriptionStatus,
  transcribeAudio,
  TranscriptionUploadError,
} from './transcribe-audio';

const audio: RecordedAudio = {
  blob: new Blob(['audio'], { type: 'audio/webm' }),
  mimeType: 'audio/webm',
  fileName: 'recording.webm',
  durationMs: 1000,
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(Response.json(body, { status })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const unconfigured = {
  success: false,
  error: TRANSCRIPTION_UNCONFIGURED_MESSAGE,
  code: 'transcription_unconfigured',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('transcribeAudio', () => {
  it('uploads the file with its segment number and returns the transcription', async () => {
    const fetchMock = answer(200, {
      text: 'Paciente com febre.',
      confidence: 0.9,
      language: 'pt',
      segments: [],
      segmentIndex: 2,
    });

    const result = await transcribeAudio(audio, { index: 2 });

    expect(result.text).toBe('Paciente com febre.');
    const form = fetchMock.mock.calls[0]?.[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('segmentIndex')).toBe('2');
    expect(((form as FormData).get('file') as File).name).toBe('recording.webm');
  });

  it("says 'Falha na transcrição: …' and marks the missing service", async () => {
    answer(503, unconfigured);

    const failure = await transcribeAudio(audio).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TranscriptionUploadError);
    expect((failure as TranscriptionUploadError).message).toBe(
      `Falha na transcrição: ${TRANSCRIPTION_UNCONFIGURED_MESSAGE}`,
    );
    expect((failure as TranscriptionUploadError).unconfigured).toBe(true);
  });

  it('keeps the provider error code for a retry', async () => {
    answer(502, { success: false, error: 'Erro de conexão.', code: 'provider_unreachable' });
    await expect(transcribeAudio(audio)).rejects.toMatchObject({ code: 'provider_unreachable' });
  });

  it("keeps the code of the API's other refusals (no session, the AI rate limit)", async () => {
    answer(429, { success: false, error: 'Muitas solicitações à IA.', code: 'rate_limited' });
    await expect(transcribeAudio(audio)).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Falha na transcrição: Muitas solicitações à IA.',
    });
  });

  it("gives a request that got no answer the client's own code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(transcribeAudio(audio)).rejects.toMatchObject({ code: 'unreachable' });
  });
});

describe('readTranscriptionStatus', () => {
  it("reads the server's status", async () => {
    const fetchMock = answer(200, { configured: false });
    await expect(readTranscriptionStatus()).resolves.toEqual({ configured: false });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/ai/transcribe/status');
    answer(200, { configured: true, segmentSeconds: 240 });
    await expect(readTranscriptionStatus()).resolves.toEqual({
      configured: true,
      segmentSeconds: 240,
    });
  });

  it('lets the recording go ahead when the server cannot be asked', async () => {
    answer(500, { success: false, error: 'Erro interno.' });
    await expect(readTranscriptionStatus()).resolves.toEqual({ configured: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(readTranscriptionStatus()).resolves.toEqual({ configured: true });
  });
});
