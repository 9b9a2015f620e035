import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freeLoopbackPort } from './free-port';

/** One request the fake received, as sent: tests assert what the app asked the model. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /**
   * The parsed JSON body (undefined when it was not JSON); for a transcription, the
   * multipart form as a {@link TranscriptionRequestBody}.
   */
  body: unknown;
}

/** What the app sent to `POST /v1/chat/completions`, typed loosely: the app may send anything. */
export interface ChatRequestBody {
  model?: string;
  messages?: { role: string; content: unknown }[];
  stream?: boolean;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
}

/** What the app sent to `POST /v1/audio/transcriptions`: the form fields and the audio file. */
export interface TranscriptionRequestBody {
  /** Every non-file part (`model`, `language`, `response_format`, `temperature`, …). */
  fields: Record<string, string>;
  file?: { name: string; type: string; size: number };
}

/**
 * An audio file a transcription request carried, with its first bytes: tests check the
 * container's magic number (WebM `1a45dfa3`, MP4 `ftyp` at offset 4, WAV `RIFF`, MP3 `ID3`).
 */
export interface UploadedAudio {
  name: string;
  type: string;
  size: number;
  /** The first {@link AUDIO_HEAD_BYTES} bytes (fewer for a shorter file), as lowercase hex. */
  head: string;
}

/** How many leading bytes of each uploaded audio file {@link UploadedAudio.head} keeps. */
export const AUDIO_HEAD_BYTES = 16;

/** One streamed content chunk, stamped when the fake wrote it (for latency measurements). */
export interface SentChunk {
  text: string;
  /** High-resolution wall-clock time in ms: `performance.timeOrigin + performance.now()`. */
  at: number;
  /** The same moment as `Date.now()`, for comparing with clocks that only have milliseconds. */
  dateNow: number;
}

/** Failures the fake can answer with once, on chat completions and transcriptions alike. */
export type FakeErrorBehaviour =
  /** This status; the body defaults to OpenAI's error body for it, as with `failWith`. */
  | { kind: 'error'; status: number; body?: unknown }
  /** 429 `insufficient_quota`: the account ran out of credit (not worth retrying). */
  | { kind: 'quota' }
  /** 429 `rate_limit_exceeded`: too many requests (worth retrying later). */
  | { kind: 'rate-limit' }
  /** 401 `invalid_api_key`. */
  | { kind: 'auth' }
  /** 500 `server_error`. */
  | { kind: 'server-error' };

/** How the fake answers one chat-completions request (see {@link FakeOpenAiServer.enqueue}). */
export type FakeBehaviour =
  /**
   * This text, streamed in word-sized chunks when the request asks for a stream.
   * `firstChunkDelayMs` delays the first word (or a non-streamed answer); `chunkDelayMs` the rest.
   */
  | { kind: 'text'; text: string; chunkDelayMs?: number; firstChunkDelayMs?: number }
  /** HTTP 200 with a body (or stream lines) that are not valid JSON. */
  | { kind: 'malformed' }
  /** Waits, then answers `text` (by default the `replyWith` text): for the app's timeouts. */
  | { kind: 'slow'; delayMs: number; text?: string }
  /** A completion with empty content; streamed, no content deltas at all, just the finish. */
  | { kind: 'empty' }
  | FakeErrorBehaviour;

/** How the fake answers one transcription (see {@link FakeOpenAiServer.enqueueTranscription}). */
export type FakeTranscriptionBehaviour =
  | { kind: 'text'; text: string }
  | { kind: 'slow'; delayMs: number; text?: string }
  | { kind: 'malformed' }
  /** 400, as OpenAI answers an audio file it cannot decode. */
  | { kind: 'unsupported-format' }
  | FakeErrorBehaviour;

/** Options for {@link startFakeOpenAiServer}. */
export interface FakeOpenAiServerOptions {
  /** The model ids `GET /v1/models` lists; by default a fake chat and a fake transcription model. */
  models?: string[];
}

export interface FakeOpenAiServer {
  /** `http://127.0.0.1:<port>`; the API is under `/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Every streamed content chunk written since the start or the last `clearSentChunks`. */
  sentChunks: SentChunk[];
  /** Answers the next chat completions with this text (streamed in word-sized chunks). */
  replyWith(text: string): void;
  /**
   * Answers the next requests with this status and an OpenAI-style error body, until
   * `replyWith` is called again.
   * @param body - the JSON body; by default `{ error: { message, type, code } }` for the status
   */
  failWith(status: number, body?: unknown): void;
  /** The next streamed reply sends its first word, then the connection drops. */
  dropNextStreamMidway(): void;
  /**
   * Scripts the next chat completions, one behaviour per request in order; once they are used
   * up, the default (`replyWith` / `failWith`) answers again.
   */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** The bodies of the chat-completions requests received, in order. */
  chatRequests(): ChatRequestBody[];
  /** Empties `sentChunks`, e.g. between the warm-up and the measured runs of a benchmark. */
  clearSentChunks(): void;
  /** Answers the next transcriptions with this text (the default is a short Portuguese phrase). */
  transcribeWith(text: string): void;
  /** Scripts the next transcriptions, one behaviour per request, like `enqueue`. */
  enqueueTranscription(...behaviours: FakeTranscriptionBehaviour[]): void;
  /** The forms of the transcription requests received, in order. */
  transcriptionRequests(): TranscriptionRequestBody[];
  /**
   * The audio files of the transcription requests received, in order, with their first bytes
   * (requests without a file are left out).
   */
  uploadedAudio(): UploadedAudio[];
  /** Stops listening and drops open connections; later calls return the same promise. */
  close(): Promise<void>;
}

const DEFAULT_REPLY = 'Resposta do modelo de teste.';
const DEFAULT_TRANSCRIPTION = 'Paciente relata dor lombar há três dias.';
const DEFAULT_MODELS = ['fake-chat-model', 'fake-transcription-model'];
const CHAT_PATH = '/v1/chat/completions';
const TRANSCRIPTION_PATH = '/v1/audio/transcriptions';

/** OpenAI's own error bodies for the statuses tests use. */
function openAiErrorBody(status: number): unknown {
  const [message, type, code] =
    status === 401
      ? ['Incorrect API key provided: test-key.', 'invalid_request_error', 'invalid_api_key']
      : status === 429
        ? ['Rate limit reached for requests', 'requests', 'rate_limit_exceeded']
        : ['The server had an error while processing your request.', 'server_error', null];
  return { error: { message, type, param: null, code } };
}

function invalidRequestBody(message: string): unknown {
  return { error: { message, type: 'invalid_request_error', param: null, code: null } };
}

const QUOTA_BODY = {
  error: {
    message: 'You exceeded your current quota, please check your plan and billing details.',
    type: 'insufficient_quota',
    param: null,
    code: 'insufficient_quota',
  },
};

const UNSUPPORTED_FORMAT_BODY = invalidRequestBody(
  "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
);

function errorReply(behaviour: FakeErrorBehaviour): { status: number; body: unknown } {
  switch (behaviour.kind) {
    case 'error':
      return {
        status: behaviour.status,
        body: behaviour.body === undefined ? openAiErrorBody(behaviour.status) : behaviour.body,
      };
    case 'quota':
      return { status: 429, body: QUOTA_BODY };
    case 'rate-limit':
      return { status: 429, body: openAiErrorBody(429) };
    case 'auth':
      return { status: 401, body: openAiErrorBody(401) };
    case 'server-error':
      return { status: 500, body: openAiErrorBody(500) };
  }
}

/**
 * A real local HTTP server speaking the OpenAI protocol: `POST /v1/chat/completions`, streamed
 * (server-sent events ending in `data: [DONE]`) or not, `GET /v1/models` and
 * `POST /v1/audio/transcriptions` (multipart, like Whisper). The app under test reaches it over
 * the network exactly as it would reach a provider.
 * @param options - the listed models
 */
export async function startFakeOpenAiServer(
  options: FakeOpenAiServerOptions = {},
): Promise<FakeOpenAiServer> {
  const models = options.models ?? DEFAULT_MODELS;
  const startedAt = Math.floor(Date.now() / 1000);
  const requests: RecordedRequest[] = [];
  const sentChunks: SentChunk[] = [];
  const chatQueue: FakeBehaviour[] = [];
  const transcriptionQueue: FakeTranscriptionBehaviour[] = [];
  // Beside the recorded forms rather than in them, so `transcriptionRequests()` stays as it was.
  const audioHeads = new WeakMap<TranscriptionRequestBody, string>();
  let reply = DEFAULT_REPLY;
  let transcription = DEFAULT_TRANSCRIPTION;
  let failure: { status: number; body: unknown } | undefined;
  let dropMidway = false;

  const recordChunk = (text: string) =>
    sentChunks.push({ text, at: performance.timeOrigin + performance.now(), dateNow: Date.now() });

  /** The queued behaviour, else the default; a `failWith` default becomes a one-off error. */
  const nextChatBehaviour = (): FakeBehaviour =>
    chatQueue.shift() ??
    (failure
      ? { kind: 'error', status: failure.status, body: failure.body }
      : { kind: 'text', text: reply });

  async function answerChat(response: ServerResponse, body: unknown): Promise<void> {
    const behaviour = nextChatBehaviour();
    const { stream, model } = (body ?? {}) as { stream?: unknown; model?: unknown };
    const modelName = typeof model === 'string' ? model : 'fake-model';
    const streamed = stream === true;

    switch (behaviour.kind) {
      case 'text':
      case 'slow': {
        const text = behaviour.kind === 'text' ? behaviour.text : (behaviour.text ?? reply);
        const firstDelay =
          behaviour.kind === 'slow' ? behaviour.delayMs : (behaviour.firstChunkDelayMs ?? 0);
        const chunkDelay = behaviour.kind === 'text' ? (behaviour.chunkDelayMs ?? 0) : 0;
        if (!streamed) {
          await pause(firstDelay, response);
          if (!isGone(response)) sendCompletion(response, modelName, text);
          return;
        }
        // A slow model sends nothing at all, not even headers, until it is ready.
        if (behaviour.kind === 'slow') {
          await pause(firstDelay, response);
          if (isGone(response)) return;
        }
        const drop = dropMidway;
        dropMidway = false;
        await sendStream(response, modelName, text, {
          firstDelay: behaviour.kind === 'slow' ? 0 : firstDelay,
          chunkDelay,
          dropMidway: drop,
          recordChunk,
        });
        return;
      }
      case 'empty':
        if (streamed) sendEmptyStream(response, modelName);
        else sendCompletion(response, modelName, '');
        return;
      case 'malformed':
        sendMalformed(response, streamed);
        return;
      default: {
        const { status, body: errorBody } = errorReply(behaviour);
        sendJson(response, status, errorBody);
      }
    }
  }

  async function answerTranscription(
    response: ServerResponse,
    form: TranscriptionRequestBody | undefined,
  ): Promise<void> {
    // Like OpenAI, refuse a request that is not a usable form before using up a script step.
    if (!form) {
      sendJson(response, 400, invalidRequestBody('Could not parse multipart form'));
      return;
    }
    if (!form.file) {
      sendJson(response, 400, invalidRequestBody('You must provide a file.'));
      return;
    }
    if (!form.fields.model) {
      sendJson(response, 400, invalidRequestBody('you must provide a model parameter'));
      return;
    }
    const behaviour = transcriptionQueue.shift() ?? { kind: 'text', text: transcription };
    switch (behaviour.kind) {
      case 'text':
      case 'slow': {
        if (behaviour.kind === 'slow') {
          await pause(behaviour.delayMs, response);
          if (isGone(response)) return;
        }
        const text = behaviour.text ?? transcription;
        sendTranscription(response, text, form.fields.response_format ?? 'json');
        return;
      }
      case 'malformed':
        sendMalformed(response, false);
        return;
      case 'unsupported-format':
        sendJson(response, 400, UNSUPPORTED_FORMAT_BODY);
        return;
      default: {
        const { status, body } = errorReply(behaviour);
        sendJson(response, status, body);
      }
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const route = `${method} ${path.split('?')[0] ?? ''}`;
      const parsed =
        route === `POST ${TRANSCRIPTION_PATH}`
          ? parseMultipart(raw, request.headers['content-type'])
          : undefined;
      const form = parsed?.form;
      if (form && parsed.fileHead !== undefined) audioHeads.set(form, parsed.fileHead);
      const body = route === `POST ${TRANSCRIPTION_PATH}` ? form : parseJson(raw);
      requests.push({ method, path, headers: request.headers, body });

      let answered: Promise<void> | undefined;
      if (route === `POST ${CHAT_PATH}`) {
        answered = answerChat(response, body);
      } else if (route === `POST ${TRANSCRIPTION_PATH}`) {
        answered = answerTranscription(response, form);
      } else if (route === 'GET /v1/models') {
        sendJson(response, 200, {
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', created: startedAt, owned_by: 'fake' })),
        });
      } else {
        sendJson(response, 404, {
          error: { message: `Unknown path ${path}`, type: 'invalid_request_error', code: null },
        });
      }
      // A bug in the fake must show up in the test as a broken response, not crash the runner.
      answered?.catch(() => response.destroy());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    sentChunks,
    replyWith(text) {
      reply = text;
      failure = undefined;
    },
    failWith(status, body = openAiErrorBody(status)) {
      failure = { status, body };
    },
    dropNextStreamMidway() {
      dropMidway = true;
    },
    enqueue(...behaviours) {
      chatQueue.push(...behaviours);
    },
    chatRequests: () =>
      requests
        .filter((r) => r.method === 'POST' && r.path.split('?')[0] === CHAT_PATH)
        .map((r) => (r.body ?? {}) as ChatRequestBody),
    clearSentChunks() {
      // In place: tests may hold on to the `sentChunks` array itself.
      sentChunks.length = 0;
    },
    transcribeWith(text) {
      transcription = text;
    },
    enqueueTranscription(...behaviours) {
      transcriptionQueue.push(...behaviours);
    },
    transcriptionRequests: () =>
      requests
        .filter((r) => r.method === 'POST' && r.path.split('?')[0] === TRANSCRIPTION_PATH)
        .map((r) => (r.body as TranscriptionRequestBody | undefined) ?? { fields: {} }),
    uploadedAudio: () =>
      requests
        .filter((r) => r.method === 'POST' && r.path.split('?')[0] === TRANSCRIPTION_PATH)
        .flatMap((r) => {
          const form = r.body as TranscriptionRequestBody | undefined;
          return form?.file ? [{ ...form.file, head: audioHeads.get(form) ?? '' }] : [];
        }),
    // Closing twice is fine: a test may close it to make the provider unreachable.
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The app's fetch keeps idle keep-alive connections open; they must not hold us up.
        server.closeAllConnections();
      })),
  };
}

/** A base URL where nothing listens: a port that was free a moment ago. */
export async function unreachableBaseUrl(): Promise<string> {
  return `http://127.0.0.1:${await freeLoopbackPort()}/v1`;
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Just enough of multipart/form-data (RFC 7578) to see what the app uploaded: fields as text,
 * the file by name, type and size, and the file's first bytes as hex. Undefined when the body
 * is not a multipart form.
 */
function parseMultipart(
  raw: Buffer,
  contentType: string | undefined,
): { form: TranscriptionRequestBody; fileHead: string | undefined } | undefined {
  const boundary = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  );
  const boundaryText = boundary?.[1] ?? boundary?.[2];
  if (!boundaryText) return undefined;
  const opening = Buffer.from(`--${boundaryText}`);
  // Inside the body, a boundary always follows a line break; the bytes before it are the part's.
  const separator = Buffer.from(`\r\n--${boundaryText}`);

  const form: TranscriptionRequestBody = { fields: {} };
  let fileHead: string | undefined;
  let position = raw.indexOf(opening);
  if (position < 0) return undefined;
  position += opening.length;
  // After each boundary: `--` closes the form, otherwise a line break and the part's headers.
  while (raw.subarray(position, position + 2).toString('latin1') !== '--') {
    const headersEnd = raw.indexOf('\r\n\r\n', position);
    if (headersEnd < 0) return undefined;
    const headers = raw.subarray(position + 2, headersEnd).toString('utf8');
    const contentStart = headersEnd + 4;
    const contentEnd = raw.indexOf(separator, contentStart);
    if (contentEnd < 0) return undefined;
    const content = raw.subarray(contentStart, contentEnd);
    position = contentEnd + separator.length;

    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) continue;
    if (filename === undefined) {
      form.fields[name] = content.toString('utf8');
    } else {
      const type = /^content-type:\s*(.*?)\s*$/im.exec(headers)?.[1] ?? 'application/octet-stream';
      form.file = { name: filename, type, size: content.length };
      fileHead = content.subarray(0, AUDIO_HEAD_BYTES).toString('hex');
    }
  }
  return { form, fileHead };
}

/** The response has ended or the client went away: writing more would be pointless. */
function isGone(response: ServerResponse): boolean {
  return response.destroyed || response.writableEnded;
}

/** Waits `ms`, or less if the client disconnects meanwhile (so no timer outlives the request). */
function pause(ms: number, response: ServerResponse): Promise<void> {
  if (ms <= 0 || isGone(response)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      response.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    response.once('close', done);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A 200 the client cannot parse: a completion cut off mid-JSON, or stream lines likewise. */
function sendMalformed(response: ServerResponse, streamed: boolean): void {
  if (streamed) {
    startStream(response);
    response.write('data: {"id":"chatcmpl-fake","choices":[{"delta":{"content":\n\n');
    response.end('data: [DONE]\n\n');
  } else {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":"chatcmpl-fake","object":"chat.completion","choices":[{"mess');
  }
}

const completionId = () => `chatcmpl-fake-${Date.now().toString(36)}`;

function sendCompletion(response: ServerResponse, model: string, text: string): void {
  sendJson(response, 200, {
    id: completionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
}

function startStream(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}

/** Formats the stream's events; every chunk of one completion shares its id and timestamp. */
function chunkWriter(model: string) {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  return (delta: Record<string, unknown>, finishReason: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })}\n\n`;
}

function sendEmptyStream(response: ServerResponse, model: string): void {
  startStream(response);
  const chunk = chunkWriter(model);
  response.write(chunk({ role: 'assistant' }, null));
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}

/** The text in chunks of about a word each, as a real model streams it. */
async function sendStream(
  response: ServerResponse,
  model: string,
  text: string,
  options: {
    firstDelay: number;
    chunkDelay: number;
    dropMidway: boolean;
    recordChunk: (text: string) => void;
  },
): Promise<void> {
  startStream(response);
  const chunk = chunkWriter(model);
  response.write(chunk({ role: 'assistant', content: '' }, null));
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces = options.dropMidway ? [words[0] ?? ''] : words;
  for (const [index, piece] of pieces.entries()) {
    await pause(index === 0 ? options.firstDelay : options.chunkDelay, response);
    if (isGone(response)) return;
    response.write(chunk({ content: piece }, null));
    options.recordChunk(piece);
  }
  if (options.dropMidway) {
    // Give the first word time to reach the app, then break the connection like a crash would.
    setTimeout(() => response.destroy(), 50);
    return;
  }
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}

/** Whisper's answer in the asked `response_format`; `verbose_json` adds timed segments. */
function sendTranscription(response: ServerResponse, text: string, format: string): void {
  // About the pace of speech: 0.4 s a word, so durations grow with the text as real ones do.
  const secondsFor = (words: string) => (words.match(/\S+/g) ?? []).length * 0.4;
  const sentences = text.match(/[^.!?]+[.!?]*/g)?.map((s) => s.trim()) ?? [];
  let start = 0;
  const segments = sentences
    .filter((s) => s.length > 0)
    .map((sentence, id) => {
      const segment = { id, start, end: start + secondsFor(sentence), text: sentence };
      start = segment.end;
      return segment;
    });

  const timestamp = (seconds: number, separator: string) => {
    const ms = Math.round(seconds * 1000);
    const pad = (n: number, width = 2) => n.toString().padStart(width, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(
      Math.floor(ms / 1000) % 60,
    )}${separator}${pad(ms % 1000, 3)}`;
  };
  switch (format) {
    case 'verbose_json':
      sendJson(response, 200, {
        task: 'transcribe',
        language: 'portuguese',
        duration: start,
        text,
        segments,
      });
      return;
    case 'text':
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${text}\n`);
      return;
    case 'srt':
    case 'vtt': {
      const cues = segments.map((s) => {
        const separator = format === 'srt' ? ',' : '.';
        const times = `${timestamp(s.start, separator)} --> ${timestamp(s.end, separator)}`;
        return format === 'srt' ? `${s.id + 1}\n${times}\n${s.text}\n` : `${times}\n${s.text}\n`;
      });
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(format === 'vtt' ? `WEBVTT\n\n${cues.join('\n')}` : cues.join('\n'));
      return;
    }
    default:
      sendJson(response, 200, { text });
  }
}
