import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIO_TOO_LARGE_MESSAGE,
  INVALID_AUDIO_MESSAGE,
  isRetryableTranscriptionError,
  TRANSCRIPTION_MAX_FILE_BYTES,
  TRANSCRIPTION_UNCONFIGURED_MESSAGE,
  transcriptionErrorSchema,
  transcriptionFailureMessage,
  transcriptionResultSchema,
  type TranscriptionError,
  type TranscriptionErrorCode,
  type TranscriptionResult,
} from '@shared/ai/transcription';
import type { RunningServer } from '../server';
import {
  startFakeOpenAiServer,
  type FakeOpenAiServer,
  type FakeTranscriptionBehaviour,
} from '../testing/fake-openai-server';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import {
  signUpDoctor,
  startTestServer,
  TestBrowser,
  type TestDoctorAccount,
} from '../testing/test-server';
import { AI_RATE_LIMIT_MESSAGE } from './ai-routes';

// POST /api/ai/transcribe against a real OpenAI-compatible server on the network (the fake):
// what it is asked, its answer and errors
// (docs/product.md, "Gravação e transcrição em trechos" and "Erros da transcrição e do microfone"),
// the 25 MB limit, no endpoint at all.

const TRANSCRIBE_KEY = 'sk-transcribe-SECRET-456';
const AI_KEY = 'sk-ai-SECRET-789';
const TRANSCRIBE_MODEL = 'modelo-transcricao-teste';
const CONSULTATION = 'Paciente relata febre há dois dias. Pressão 12 por 8.';

/** A running app with its own database and a signed-in doctor; stop it with `close`. */
interface AppUnderTest {
  server: RunningServer;
  doctor: TestDoctorAccount;
  close(): Promise<void>;
}

async function startApp(
  env: Record<string, string>,
  logLines: string[] = [],
): Promise<AppUnderTest> {
  const storage: TestStorage = await createMigratedTestStorage();
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  const server = await startTestServer(storage, env, { logger });
  const doctor = await signUpDoctor(server.url);
  return {
    server,
    doctor,
    async close() {
      await server.close();
      await storage.cleanup();
    },
  };
}

/** An audio upload as the browser's recorder sends it, built in memory. */
function audioForm(
  size: number,
  options: { name?: string; type?: string; fields?: Record<string, string> } = {},
): FormData {
  const form = new FormData();
  const type = options.type ?? 'audio/webm';
  form.append('file', new Blob([new Uint8Array(size)], { type }), options.name ?? 'recording.webm');
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  return form;
}

/** Everything a browser sees of each answer, to check no key ever reaches it. */
const seenByBrowser: string[] = [];

async function transcribe(
  browser: TestBrowser,
  body: BodyInit,
  init: RequestInit = {},
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const response = await browser.fetch('/api/ai/transcribe', { method: 'POST', body, ...init });
  const text = await response.text();
  seenByBrowser.push(
    `${[...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n${text}`,
  );
  return { status: response.status, json: JSON.parse(text) as unknown, headers: response.headers };
}

const asResult = (json: unknown): TranscriptionResult => transcriptionResultSchema.parse(json);
const asError = (json: unknown): TranscriptionError => transcriptionErrorSchema.parse(json);

describe('with AI_TRANSCRIBE_BASE_URL alone (no language model)', () => {
  let fake: FakeOpenAiServer;
  let app: AppUnderTest;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    app = await startApp(
      {
        AI_TRANSCRIBE_BASE_URL: `${fake.baseUrl}/v1`,
        AI_TRANSCRIBE_API_KEY: TRANSCRIBE_KEY,
        AI_TRANSCRIBE_MODEL: TRANSCRIBE_MODEL,
        // Audio gets twice the AI timeout: 2 s here.
        AI_TIMEOUT_SECONDS: '1',
        AI_RATE_LIMIT_PER_MINUTE: '10000',
      },
      logLines,
    );
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('says transcription is configured, so the voice screen offers recording', async () => {
    const response = await app.doctor.browser.fetch('/api/ai/transcribe/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ configured: true, segmentSeconds: 30 });
  });

  it('keeps the offline engine for everything else', async () => {
    const response = await fetch(`${app.server.url}/api/health`);
    expect(await response.json()).toMatchObject({ ai: 'offline' });
  });

  it('forwards the audio with model, language pt, verbose JSON and temperature 0.2', async () => {
    fake.transcribeWith(CONSULTATION);
    const { status, json, headers } = await transcribe(app.doctor.browser, audioForm(48_000));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');

    const sent = fake.transcriptionRequests().at(-1);
    expect(sent).toEqual({
      fields: {
        model: TRANSCRIBE_MODEL,
        language: 'pt',
        response_format: 'verbose_json',
        temperature: '0.2',
      },
      file: { name: 'recording.webm', type: 'audio/webm', size: 48_000 },
    });
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers.authorization).toBe(`Bearer ${TRANSCRIBE_KEY}`);

    // The TranscriptionResult, with the fallback confidence of
    // docs/product.md, "Gravação e transcrição em trechos" (the fake reports none).
    expect(asResult(json)).toEqual({
      text: CONSULTATION,
      confidence: 0.95,
      language: 'pt',
      segments: [
        { text: 'Paciente relata febre há dois dias.', start: 0, end: 2.4, confidence: 0.95 },
        { text: 'Pressão 12 por 8.', start: 2.4, end: 4, confidence: 0.95 },
      ],
    });
  });

  it('names a file sent without an extension after its type, as Whisper needs', async () => {
    await transcribe(app.doctor.browser, audioForm(1000, { name: 'blob', type: 'audio/wav' }));
    expect(fake.transcriptionRequests().at(-1)?.file).toEqual({
      name: 'recording.wav',
      type: 'audio/wav',
      size: 1000,
    });
  });

  it('derives confidence from avg_logprob and maps the language name', async () => {
    // Any body the provider may send with a 200: here Whisper's verbose_json with log-probs.
    fake.enqueueTranscription({
      kind: 'error',
      status: 200,
      body: {
        task: 'transcribe',
        language: 'portuguese',
        duration: 4,
        text: ' Dor de cabeça. Sem febre.',
        segments: [
          { id: 0, start: 0, end: 3, text: ' Dor de cabeça.', avg_logprob: -0.1 },
          { id: 1, start: 3, end: 4, text: ' Sem febre.', avg_logprob: -0.5 },
        ],
      },
    });
    const { json } = await transcribe(app.doctor.browser, audioForm(2000));
    const result = asResult(json);
    expect(result.text).toBe('Dor de cabeça. Sem febre.');
    expect(result.language).toBe('pt');
    expect(result.segments.map((s) => s.confidence)).toEqual([0.905, 0.607]);
    expect(result.segments[0]?.text).toBe('Dor de cabeça.');
    // Weighted by duration: (0.905 × 3 + 0.607 × 1) / 4.
    expect(result.confidence).toBeCloseTo(0.83, 2);
  });

  it('reads the text of a plain JSON answer, with no segments and confidence 0.95', async () => {
    fake.enqueueTranscription({ kind: 'error', status: 200, body: { text: 'Tosse seca.' } });
    const { status, json } = await transcribe(app.doctor.browser, audioForm(2000));
    expect(status).toBe(200);
    expect(asResult(json)).toEqual({
      text: 'Tosse seca.',
      confidence: 0.95,
      language: 'pt',
      segments: [],
    });
  });

  it('repeats segmentIndex and segmentCount of a consultation sent in segments', async () => {
    fake.transcribeWith(CONSULTATION);
    const { status, json } = await transcribe(
      app.doctor.browser,
      audioForm(2000, { fields: { segmentIndex: '1', segmentCount: '3' } }),
    );
    expect(status).toBe(200);
    expect(asResult(json)).toMatchObject({ text: CONSULTATION, segmentIndex: 1, segmentCount: 3 });
    // The provider gets the audio and its own fields, nothing of ours.
    expect(Object.keys(fake.transcriptionRequests().at(-1)?.fields ?? {}).sort()).toEqual([
      'language',
      'model',
      'response_format',
      'temperature',
    ]);
  });

  it('refuses a segmentIndex past segmentCount → 400', async () => {
    const before = fake.transcriptionRequests().length;
    const { status } = await transcribe(
      app.doctor.browser,
      audioForm(2000, { fields: { segmentIndex: '3', segmentCount: '3' } }),
    );
    expect(status).toBe(400);
    expect(fake.transcriptionRequests()).toHaveLength(before);
  });

  const providerErrors: [string, FakeTranscriptionBehaviour, TranscriptionErrorCode, string][] = [
    [
      'unsupported format',
      { kind: 'unsupported-format' },
      'provider_unsupported_format',
      'Formato de arquivo não suportado. Grave novamente em outro formato (wav, mp3, m4a ou webm).',
    ],
    [
      'quota',
      { kind: 'quota' },
      'provider_quota',
      'Cota da API de transcrição excedida. Verifique seu plano.',
    ],
    [
      'rate limit',
      { kind: 'rate-limit' },
      'provider_rate_limited',
      'Limite de requisições da API de transcrição excedido. Aguarde alguns segundos.',
    ],
    ['invalid key', { kind: 'auth' }, 'provider_auth', 'Chave da API de transcrição inválida.'],
    [
      'server error',
      { kind: 'server-error' },
      'provider_failed',
      'Erro na API de transcrição: The server had an error while processing your request.',
    ],
    [
      'unreadable answer',
      { kind: 'malformed' },
      'provider_failed',
      'Erro na API de transcrição: resposta ilegível do serviço de transcrição.',
    ],
    [
      'timeout',
      { kind: 'slow', delayMs: 5000 },
      'provider_unreachable',
      'Erro de conexão com o serviço de transcrição. Tente novamente.',
    ],
  ];

  it.each(providerErrors)(
    'provider %s → 502 with its code and message',
    async (_, behaviour, code, message) => {
      fake.enqueueTranscription(behaviour);
      const { status, json } = await transcribe(app.doctor.browser, audioForm(2000));
      expect(status).toBe(502);
      expect(json).toEqual({ success: false, code, error: message });
    },
  );

  it('gives each provider failure a code the browser can act on', async () => {
    fake.enqueueTranscription({ kind: 'quota' }, { kind: 'rate-limit' });
    const quota = await transcribe(app.doctor.browser, audioForm(2000));
    const rate = await transcribe(app.doctor.browser, audioForm(2000));
    expect(asError(quota.json).code).toBe('provider_quota');
    expect(asError(rate.json).code).toBe('provider_rate_limited');
    expect(isRetryableTranscriptionError(asError(quota.json).code)).toBe(false);
    expect(isRetryableTranscriptionError(asError(rate.json).code)).toBe(true);
    // The audio service's wrapper (docs/product.md, "Erros da transcrição e do microfone"), built
    // in the browser.
    expect(transcriptionFailureMessage(asError(quota.json).error)).toBe(
      'Falha na transcrição: Cota da API de transcrição excedida. Verifique seu plano.',
    );
  });

  it('repeats at most 200 characters of another error, never the key', async () => {
    fake.enqueueTranscription({
      kind: 'error',
      status: 400,
      body: {
        error: {
          message: `Bad request for ${TRANSCRIBE_KEY}: ${'x'.repeat(400)}`,
          type: 'invalid_request_error',
        },
      },
    });
    const { status, json } = await transcribe(app.doctor.browser, audioForm(2000));
    expect(status).toBe(502);
    const { error, code } = asError(json);
    expect(code).toBe('provider_failed');
    expect(error).toMatch(/^Erro na API de transcrição: Bad request for \[oculto\]: x+$/);
    expect(error.length).toBe('Erro na API de transcrição: '.length + 200);
  });

  it('an empty file → 400 Invalid audio file, without calling the provider', async () => {
    const before = fake.transcriptionRequests().length;
    const { status, json } = await transcribe(app.doctor.browser, audioForm(0));
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, code: 'invalid_audio', error: INVALID_AUDIO_MESSAGE });
    expect(fake.transcriptionRequests()).toHaveLength(before);
  });

  it('a form without the file → 400 Invalid audio file', async () => {
    const form = new FormData();
    form.append('segmentIndex', '0');
    const { status, json } = await transcribe(app.doctor.browser, form);
    expect(status).toBe(400);
    expect(asError(json).error).toBe(INVALID_AUDIO_MESSAGE);
  });

  it('a body that is not multipart → 415', async () => {
    const { status, json } = await transcribe(app.doctor.browser, JSON.stringify({ file: 'x' }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(415);
    expect(asError(json).code).toBe('unsupported_media_type');
  });

  it('accepts a file of exactly 25 MB', async () => {
    const { status } = await transcribe(
      app.doctor.browser,
      audioForm(TRANSCRIPTION_MAX_FILE_BYTES),
    );
    expect(status).toBe(200);
    expect(fake.transcriptionRequests().at(-1)?.file?.size).toBe(TRANSCRIPTION_MAX_FILE_BYTES);
  });

  it('a 26 MB file → 413 with the size message, without calling the provider', async () => {
    const before = fake.transcriptionRequests().length;
    const { status, json } = await transcribe(app.doctor.browser, audioForm(26 * 1024 * 1024));
    expect(status).toBe(413);
    expect(json).toEqual({
      success: false,
      error: AUDIO_TOO_LARGE_MESSAGE,
      code: 'audio_too_large',
    });
    expect(fake.transcriptionRequests()).toHaveLength(before);
  });

  it('a 26 MB upload without Content-Length → 413 once 25 MB have arrived', async () => {
    const boundary = 'prontu-test-boundary';
    const encoder = new TextEncoder();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(
            encoder.encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
            ),
          );
        }
        if (sent < 26) controller.enqueue(chunk);
        else {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
        sent += 1;
      },
    });
    const before = fake.transcriptionRequests().length;
    const { status, json } = await transcribe(app.doctor.browser, body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(status).toBe(413);
    expect(asError(json).error).toBe(AUDIO_TOO_LARGE_MESSAGE);
    expect(fake.transcriptionRequests()).toHaveLength(before);
  });

  it('without a session → 401', async () => {
    const { status } = await transcribe(new TestBrowser(app.server.url), audioForm(2000));
    expect(status).toBe(401);
  });

  it('never shows the key to the browser, nor logs it or the transcript', () => {
    expect(seenByBrowser.length).toBeGreaterThan(10);
    for (const seen of seenByBrowser) {
      expect(seen).not.toContain(TRANSCRIBE_KEY);
      expect(seen).not.toContain('SECRET');
    }
    const logs = logLines.join('');
    expect(logs).toContain('audio transcribed');
    expect(logs).toContain('transcription failed');
    expect(logs).not.toContain('SECRET');
    expect(logs).not.toContain('febre');
    expect(logs).not.toContain('Tosse');
  });
});

describe('with only AI_BASE_URL', () => {
  let fake: FakeOpenAiServer;
  let app: AppUnderTest;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    app = await startApp({
      AI_BASE_URL: `${fake.baseUrl}/v1`,
      AI_API_KEY: AI_KEY,
      AI_RATE_LIMIT_PER_MINUTE: '10000',
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('transcribes through the language model endpoint with whisper-1 and its key', async () => {
    fake.transcribeWith(CONSULTATION);
    const { status, json } = await transcribe(app.doctor.browser, audioForm(4000));
    expect(status).toBe(200);
    expect(asResult(json).text).toBe(CONSULTATION);
    expect(fake.transcriptionRequests().at(-1)?.fields.model).toBe('whisper-1');
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${AI_KEY}`);
  });

  it('an unreachable endpoint → 502 connection error', async () => {
    await fake.close();
    const { status, json } = await transcribe(app.doctor.browser, audioForm(4000));
    expect(status).toBe(502);
    expect(asError(json)).toEqual({
      success: false,
      error: 'Erro de conexão com o serviço de transcrição. Tente novamente.',
      code: 'provider_unreachable',
    });
    expect(seenByBrowser.join('\n')).not.toContain(AI_KEY);
  });
});

describe('with no transcription endpoint', () => {
  let app: AppUnderTest;

  beforeAll(async () => {
    app = await startApp({ AI_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 503 transcription_unconfigured, so the browser offers dictation or typing', async () => {
    const { status, json } = await transcribe(app.doctor.browser, audioForm(4000));
    expect(status).toBe(503);
    expect(json).toEqual({
      success: false,
      error: TRANSCRIPTION_UNCONFIGURED_MESSAGE,
      code: 'transcription_unconfigured',
    });
  });

  it('says transcription is not configured, and asks for a session', async () => {
    const response = await app.doctor.browser.fetch('/api/ai/transcribe/status');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ configured: false });
    const stranger = new TestBrowser(app.server.url);
    expect((await stranger.fetch('/api/ai/transcribe/status')).status).toBe(401);
  });

  it('counts against the same per-doctor AI rate limit as the other AI routes', async () => {
    // The first transcription above, one extraction, one more transcription: 3 of 3.
    const extract = await app.doctor.browser.postJson('/api/ai/extract', { text: 'Febre.' });
    expect(extract.status).toBe(200);
    expect((await transcribe(app.doctor.browser, audioForm(10))).status).toBe(503);
    const { status, json, headers } = await transcribe(app.doctor.browser, audioForm(10));
    expect(status).toBe(429);
    expect(asError(json)).toEqual({
      success: false,
      code: 'rate_limited',
      error: AI_RATE_LIMIT_MESSAGE,
    });
    expect(headers.get('retry-after')).toBeTruthy();
    // Opening the voice screen is not an AI request: the status still answers.
    expect((await app.doctor.browser.fetch('/api/ai/transcribe/status')).status).toBe(200);
  });
});
