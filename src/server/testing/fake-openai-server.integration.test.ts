import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIO_HEAD_BYTES,
  startFakeOpenAiServer,
  unreachableBaseUrl,
  type FakeOpenAiServer,
} from './fake-openai-server';

// The fake stands in for OpenAI in server and e2e tests, so it is checked here on its own, over
// real HTTP, the way those tests' clients reach it.

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  // Each test starts from the defaults; nothing scripted may leak from the one before.
  fake.replyWith('Resposta padrão.');
  fake.transcribeWith('Transcrição padrão.');
});

const ask = (stream: boolean, extra: Record<string, unknown> = {}) =>
  fetch(`${fake.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
    body: JSON.stringify({
      model: 'modelo-teste',
      stream,
      messages: [{ role: 'user', content: 'Oi' }],
      ...extra,
    }),
  });

interface StreamChunk {
  choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
}

/** The `data:` payloads of an event stream, `[DONE]` excluded. */
async function readEvents(response: Response): Promise<string[]> {
  const text = await response.text();
  expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => event.slice('data: '.length));
}

async function readStream(response: Response) {
  const chunks = (await readEvents(response)).map((data) => JSON.parse(data) as StreamChunk);
  const contents = chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? ''));
  return {
    chunks,
    contents: contents.filter((content) => content !== ''),
    text: contents.join(''),
    finish: chunks.at(-1)?.choices[0]?.finish_reason,
  };
}

async function completionText(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0]?.message.content;
}

describe('chat completions: defaults and the queue', () => {
  it('answers the default reply, streamed word by word or whole', async () => {
    const streamed = await ask(true);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    const { contents, text, finish } = await readStream(streamed);
    expect(contents).toEqual(['Resposta ', 'padrão.']);
    expect(text).toBe('Resposta padrão.');
    expect(finish).toBe('stop');

    const whole = await ask(false);
    expect(whole.status).toBe(200);
    expect(await completionText(whole)).toBe('Resposta padrão.');
  });

  it('answers queued behaviours in order, then falls back to the default', async () => {
    fake.enqueue(
      { kind: 'text', text: 'Primeira.' },
      { kind: 'server-error' },
      { kind: 'text', text: 'Terceira.' },
    );
    expect(await completionText(await ask(false))).toBe('Primeira.');
    expect((await ask(false)).status).toBe(500);
    expect((await readStream(await ask(true))).text).toBe('Terceira.');
    expect(await completionText(await ask(false))).toBe('Resposta padrão.');
  });

  it('takes from the queue even while failWith is the default, then fails again', async () => {
    fake.failWith(503);
    fake.enqueue({ kind: 'text', text: 'Roteirizada.' });
    expect(await completionText(await ask(false))).toBe('Roteirizada.');
    expect((await ask(false)).status).toBe(503);
    expect((await ask(false)).status).toBe(503);
    fake.replyWith('De volta.');
    expect(await completionText(await ask(false))).toBe('De volta.');
  });

  it('failWith sends the given body as is', async () => {
    fake.failWith(418, { error: { message: 'bule' } });
    const response = await ask(true);
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: { message: 'bule' } });
  });

  it('still drops the next stream midway after the first word', async () => {
    fake.replyWith('Primeira parte que não termina.');
    fake.dropNextStreamMidway();
    const response = await ask(true);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    // Only once.
    expect((await readStream(await ask(true))).text).toBe('Primeira parte que não termina.');
  });
});

describe('chat completions: each behaviour', () => {
  it.each([true, false])('text (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'text', text: 'Analgesia e retorno às atividades.' });
    const response = await ask(stream);
    expect(response.status).toBe(200);
    const text = stream ? (await readStream(response)).text : await completionText(response);
    expect(text).toBe('Analgesia e retorno às atividades.');
  });

  it('text with delays: holds the first word, then spaces the rest', async () => {
    fake.enqueue({ kind: 'text', text: 'um dois três', firstChunkDelayMs: 150, chunkDelayMs: 60 });
    const started = performance.timeOrigin + performance.now();
    fake.clearSentChunks();
    const { contents } = await readStream(await ask(true));
    expect(contents).toEqual(['um ', 'dois ', 'três']);
    const [first, second, third] = fake.sentChunks;
    if (!first || !second || !third) throw new Error('expected three recorded chunks');
    // Timers may fire a millisecond early; the margins keep this from flaking.
    expect(first.at - started).toBeGreaterThanOrEqual(140);
    expect(second.at - first.at).toBeGreaterThanOrEqual(50);
    expect(third.at - second.at).toBeGreaterThanOrEqual(50);
  });

  it('text with a first-chunk delay, not streamed: answers after the delay', async () => {
    fake.enqueue({ kind: 'text', text: 'Pensei.', firstChunkDelayMs: 150 });
    const started = Date.now();
    expect(await completionText(await ask(false))).toBe('Pensei.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('malformed, not streamed: 200 with a body that is not JSON', async () => {
    fake.enqueue({ kind: 'malformed' });
    const response = await ask(false);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('malformed, streamed: 200 with event lines that are not JSON', async () => {
    fake.enqueue({ kind: 'malformed' });
    const response = await ask(true);
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events.length).toBeGreaterThan(0);
    for (const data of events) expect(() => JSON.parse(data) as unknown).toThrow(SyntaxError);
  });

  it.each([true, false])('error once, with the default body (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'error', status: 503 });
    const response = await ask(stream);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { type: 'server_error' } });
    expect((await ask(false)).status).toBe(200);
  });

  it('error once, with a given body', async () => {
    fake.enqueue({ kind: 'error', status: 400, body: { error: { message: 'contexto longo' } } });
    const response = await ask(false);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: 'contexto longo' } });
  });

  it.each([true, false])('quota: 429 insufficient_quota (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'quota' });
    const response = await ask(stream);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    });
  });

  it.each([true, false])('rate-limit: 429 rate_limit_exceeded (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'rate-limit' });
    const response = await ask(stream);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        message: 'Rate limit reached for requests',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
  });

  it.each([true, false])('auth: 401 invalid_api_key (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'auth' });
    const response = await ask(stream);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });

  it.each([true, false])('server-error: 500 (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'server-error' });
    const response = await ask(stream);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { type: 'server_error' } });
  });

  it.each([true, false])('slow: answers only after the delay (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'slow', delayMs: 200, text: 'Finalmente.' });
    const started = Date.now();
    const response = await ask(stream);
    // Nothing at all, not even the headers, arrives before the delay.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const text = stream ? (await readStream(response)).text : await completionText(response);
    expect(text).toBe('Finalmente.');
  });

  it('slow without text answers the default reply', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 20 });
    expect(await completionText(await ask(false))).toBe('Resposta padrão.');
  });

  it('slow: survives a client that gives up waiting, and keeps serving', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 300 }, { kind: 'slow', delayMs: 300 });
    const gaveUp = (stream: boolean) =>
      fetch(`${fake.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ stream }),
        signal: AbortSignal.timeout(50),
      });
    fake.clearSentChunks();
    await expect(gaveUp(false)).rejects.toThrow();
    await expect(gaveUp(true)).rejects.toThrow();
    // Past the delays: the abandoned answers were not written, nor did they break anything.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(fake.sentChunks).toEqual([]);
    expect(await completionText(await ask(false))).toBe('Resposta padrão.');
  });

  it.each([true, false])('empty: a completion with no content (stream: %s)', async (stream) => {
    fake.enqueue({ kind: 'empty' });
    const response = await ask(stream);
    expect(response.status).toBe(200);
    if (stream) {
      const { chunks, contents, finish } = await readStream(response);
      expect(contents).toEqual([]);
      expect(chunks.every((c) => c.choices.every((ch) => ch.delta.content === undefined))).toBe(
        true,
      );
      expect(finish).toBe('stop');
    } else {
      expect(await completionText(response)).toBe('');
    }
  });
});

describe('chat request records', () => {
  it('keeps the full request and lists chat bodies only', async () => {
    const before = fake.requests.length;
    const chatBefore = fake.chatRequests().length;
    await (await ask(true, { max_tokens: 800, temperature: 0.7, top_p: 0.9 })).text();
    await (await fetch(`${fake.baseUrl}/v1/models`)).json();

    expect(fake.requests.length).toBe(before + 2);
    const chat = fake.requests[before];
    expect(chat?.method).toBe('POST');
    expect(chat?.path).toBe('/v1/chat/completions');
    expect(chat?.headers.authorization).toBe('Bearer test-key');

    const bodies = fake.chatRequests();
    expect(bodies.length).toBe(chatBefore + 1);
    expect(bodies.at(-1)).toEqual({
      model: 'modelo-teste',
      stream: true,
      messages: [{ role: 'user', content: 'Oi' }],
      max_tokens: 800,
      temperature: 0.7,
      top_p: 0.9,
    });
  });

  it('records each streamed chunk with a high-resolution wall-clock time', async () => {
    fake.clearSentChunks();
    expect(fake.sentChunks).toEqual([]);
    const before = performance.timeOrigin + performance.now();
    await (await ask(true)).text();
    const after = performance.timeOrigin + performance.now();

    expect(fake.sentChunks.map((c) => c.text)).toEqual(['Resposta ', 'padrão.']);
    for (const { at, dateNow } of fake.sentChunks) {
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
      // Both clocks tell the same time, give or take precision and the odd clock adjustment.
      expect(Math.abs(at - dateNow)).toBeLessThan(100);
    }
    const [first, second] = fake.sentChunks;
    expect(second?.at).toBeGreaterThanOrEqual(first?.at ?? Infinity);

    // Non-streamed answers send no chunks.
    fake.clearSentChunks();
    await (await ask(false)).json();
    expect(fake.sentChunks).toEqual([]);
  });
});

describe('other endpoints', () => {
  it('lists the default models', async () => {
    const response = await fetch(`${fake.baseUrl}/v1/models`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { object: string; data: Record<string, unknown>[] };
    expect(body.object).toBe('list');
    expect(body.data[0]).toEqual({
      id: 'fake-chat-model',
      object: 'model',
      created: expect.any(Number) as number,
      owned_by: 'fake',
    });
  });

  it('lists the configured models', async () => {
    const other = await startFakeOpenAiServer({ models: ['gpt-x', 'whisper-x'] });
    try {
      const body = (await (await fetch(`${other.baseUrl}/v1/models`)).json()) as {
        data: { id: string }[];
      };
      expect(body.data.map((m) => m.id)).toEqual(['gpt-x', 'whisper-x']);
    } finally {
      await other.close();
    }
  });

  it('answers 404 on unknown paths, as before', async () => {
    const response = await fetch(`${fake.baseUrl}/v1/embeddings`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect((await fetch(`${fake.baseUrl}/v1/chat/completions`)).status).toBe(404);
  });

  it('closes idempotently, and unreachableBaseUrl refuses connections', async () => {
    const other = await startFakeOpenAiServer();
    await Promise.all([other.close(), other.close()]);
    await expect(fetch(`${other.baseUrl}/v1/models`)).rejects.toThrow();
    await expect(fetch(`${await unreachableBaseUrl()}/models`)).rejects.toThrow();
  });

  it('close() does not wait for a slow answer in progress', async () => {
    const other = await startFakeOpenAiServer();
    other.enqueue({ kind: 'slow', delayMs: 10_000 });
    const pending = fetch(`${other.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      body: '{}',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(pending).rejects.toThrow();
  });
});

describe('audio transcriptions', () => {
  /** A Whisper-style upload, built the way a browser or node client builds it. */
  const transcribe = (fields: Record<string, string>, file?: Blob, filename = 'consulta.webm') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', file, filename);
    return fetch(`${fake.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key' },
      body: form,
    });
  };
  // Bytes across the whole range, CRLF and dashes included, so the parser cannot lean on text.
  const audio = new Blob([Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)], {
    type: 'audio/webm',
  });
  const fields = { model: 'whisper-1', language: 'pt', temperature: '0' };

  it('records the form fields and the file, and answers { text }', async () => {
    const response = await transcribe({ ...fields, response_format: 'json' }, audio);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'Transcrição padrão.' });

    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe('/v1/audio/transcriptions');
    expect(sent?.headers.authorization).toBe('Bearer test-key');
    expect(sent?.body).toEqual({
      fields: { model: 'whisper-1', language: 'pt', temperature: '0', response_format: 'json' },
      file: { name: 'consulta.webm', type: 'audio/webm', size: 3000 },
    });
    expect(fake.transcriptionRequests().at(-1)).toEqual(sent?.body);
    // A transcription is not a chat request.
    expect(fake.chatRequests().every((body) => !('fields' in body))).toBe(true);
  });

  it("keeps each uploaded file's first bytes, for checking its container", async () => {
    const before = fake.uploadedAudio().length;
    // A WebM file opens with the EBML magic number; this one is a header and then filler.
    const webm = new Blob(
      [Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81), new Uint8Array(5000)],
      { type: 'audio/webm' },
    );
    const tiny = new Blob([Uint8Array.of(0x52, 0x49, 0x46, 0x46)], { type: 'audio/wav' });
    await transcribe(fields, webm, 'recording.webm');
    await transcribe(fields);
    await transcribe(fields, tiny, 'recording.wav');

    // The refused request had no file, so it has no entry.
    expect(fake.uploadedAudio().slice(before)).toEqual([
      {
        name: 'recording.webm',
        type: 'audio/webm',
        size: 5008,
        head: `1a45dfa39f428681${'00'.repeat(AUDIO_HEAD_BYTES - 8)}`,
      },
      { name: 'recording.wav', type: 'audio/wav', size: 4, head: '52494646' },
    ]);
    // The recorded forms stay as they were.
    expect(fake.transcriptionRequests().at(-1)?.file).toEqual({
      name: 'recording.wav',
      type: 'audio/wav',
      size: 4,
    });
  });

  it('answers the default format when none is asked, with transcribeWith text', async () => {
    fake.transcribeWith('Dor torácica há duas horas.');
    const response = await transcribe(fields, audio);
    expect(await response.json()).toEqual({ text: 'Dor torácica há duas horas.' });
  });

  it('answers verbose_json with language, duration and timed segments', async () => {
    fake.transcribeWith('Paciente com febre. Nega tosse.');
    const response = await transcribe({ ...fields, response_format: 'verbose_json' }, audio);
    const body = (await response.json()) as {
      language: string;
      duration: number;
      text: string;
      segments: { id: number; start: number; end: number; text: string }[];
    };
    expect(body.language).toBe('portuguese');
    expect(body.text).toBe('Paciente com febre. Nega tosse.');
    expect(body.segments.map((s) => [s.id, s.text])).toEqual([
      [0, 'Paciente com febre.'],
      [1, 'Nega tosse.'],
    ]);
    expect(body.segments[0]?.start).toBe(0);
    expect(body.segments[1]?.start).toBe(body.segments[0]?.end);
    expect(body.duration).toBe(body.segments[1]?.end);
    expect(body.duration).toBeGreaterThan(0);
  });

  it('answers response_format text as plain text', async () => {
    const response = await transcribe({ ...fields, response_format: 'text' }, audio);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect((await response.text()).trim()).toBe('Transcrição padrão.');
  });

  it('answers queued behaviours in order, then the default', async () => {
    fake.enqueueTranscription(
      { kind: 'unsupported-format' },
      { kind: 'quota' },
      { kind: 'rate-limit' },
      { kind: 'auth' },
      { kind: 'server-error' },
      { kind: 'error', status: 413 },
      { kind: 'text', text: 'Roteirizada.' },
    );
    const unsupported = await transcribe(fields, audio, 'consulta.xyz');
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toEqual({
      error: {
        message:
          "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    const quota = await transcribe(fields, audio);
    expect(quota.status).toBe(429);
    expect(await quota.json()).toMatchObject({ error: { code: 'insufficient_quota' } });
    const rateLimit = await transcribe(fields, audio);
    expect(rateLimit.status).toBe(429);
    expect(await rateLimit.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect((await transcribe(fields, audio)).status).toBe(401);
    expect((await transcribe(fields, audio)).status).toBe(500);
    expect((await transcribe(fields, audio)).status).toBe(413);
    expect(await (await transcribe(fields, audio)).json()).toEqual({ text: 'Roteirizada.' });
    expect(await (await transcribe(fields, audio)).json()).toEqual({ text: 'Transcrição padrão.' });
  });

  it('slow and malformed transcriptions', async () => {
    fake.enqueueTranscription({ kind: 'slow', delayMs: 150 }, { kind: 'malformed' });
    const started = Date.now();
    expect(await (await transcribe(fields, audio)).json()).toEqual({
      text: 'Transcrição padrão.',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const malformed = await transcribe(fields, audio);
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow(SyntaxError);
  });

  it('refuses, like OpenAI, an upload without a file or a model', async () => {
    expect((await transcribe(fields)).status).toBe(400);
    expect((await transcribe({ language: 'pt' }, audio)).status).toBe(400);
    const notAForm = await fetch(`${fake.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notAForm.status).toBe(400);
    // Refusals do not use up a scripted answer.
    fake.enqueueTranscription({ kind: 'text', text: 'Depois da recusa.' });
    expect((await transcribe(fields)).status).toBe(400);
    expect(await (await transcribe(fields, audio)).json()).toEqual({ text: 'Depois da recusa.' });
  });
});
