import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@server/testing/fake-openai-server';
import { recordedAudioSeconds } from './recorded-audio';
import type { TimedWord } from './spoken-consultation';

/**
 * A fake OpenAI-compatible provider on loopback for the whole test file (started before the app
 * server, so its address can go into the app's environment).
 * @returns the running fake (after `beforeAll`)
 */
export function useFakeProvider(): () => FakeOpenAiServer {
  let fake: FakeOpenAiServer | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error('the fake provider is not running');
    return fake;
  };
}

/** One audio file the listening transcriber answered, and where it placed it in the recording. */
export interface HeardAudio {
  /** The file's length, read from its container. */
  seconds: number;
  /** Where it lies in the spoken consultation, in seconds from its start. */
  from: number;
  to: number;
  /** The words spoken then, as answered. */
  text: string;
  /** When the request came in and when it was answered (`Date.now()`). */
  receivedAt: number;
  answeredAt: number;
}

/** A transcription service that listens to the fake microphone: see {@link startListeningTranscriber}. */
export interface ListeningTranscriber {
  /** `http://127.0.0.1:<port>/v1`, for `AI_TRANSCRIBE_BASE_URL`. */
  baseUrl: string;
  /** Every file answered, in the order they came. */
  heard: HeardAudio[];
  close(): Promise<void>;
}

/**
 * A Whisper-compatible `POST /v1/audio/transcriptions` on loopback that answers each recorded
 * file with the words the fake microphone played while it was recorded: the file's length comes
 * from its own container (recorded-audio.ts), and it ended when it arrived. The first file began
 * with the microphone, at the start of the spoken consultation: its arrival sets the clock, so
 * upload times cancel out. A word is heard in a file when its middle falls in it. Without an ear
 * of its own, it knows what was said from `words`; what it cannot know (a file sent long after
 * it was recorded) it gets wrong, so tests using it send every file as it closes.
 * @param options.words - the spoken consultation, word by word with its times
 * @param options.answerDelayMs - how long each answer takes (a real service's time)
 */
export async function startListeningTranscriber(options: {
  words: readonly TimedWord[];
  answerDelayMs?: number;
}): Promise<ListeningTranscriber> {
  const heard: HeardAudio[] = [];
  let microphoneStartedAt: number | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = Date.now();
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url?.split('?')[0] !== '/v1/audio/transcriptions') {
        reply(404, { error: { message: `Unknown path ${request.url ?? ''}` } });
        return;
      }
      const file = uploadedFile(Buffer.concat(chunks), request.headers);
      const seconds = file && recordedAudioSeconds(file);
      if (seconds === undefined) {
        reply(400, { error: { message: 'Invalid file format.', type: 'invalid_request_error' } });
        return;
      }
      microphoneStartedAt ??= receivedAt - seconds * 1000;
      const to = (receivedAt - microphoneStartedAt) / 1000;
      const from = to - seconds;
      const spoken = options.words.filter(({ start, end }) => {
        const middle = (start + end) / 2;
        return middle >= from && middle < to;
      });
      const text = spoken.map((word) => word.text).join(' ');
      setTimeout(() => {
        if (response.destroyed) return;
        heard.push({ seconds, from, to, text, receivedAt, answeredAt: Date.now() });
        reply(200, {
          task: 'transcribe',
          language: 'portuguese',
          duration: seconds,
          text,
          segments: text
            ? [{ id: 0, start: 0, end: seconds, text, avg_logprob: Math.log(0.93) }]
            : [],
        });
      }, options.answerDelayMs ?? 0);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    heard,
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })),
  };
}

/**
 * {@link startListeningTranscriber} for the whole test file.
 * @param words - the spoken consultation's words, read when it starts (after earlier `beforeAll`s)
 */
export function useListeningTranscriber(
  words: () => readonly TimedWord[],
  options: { answerDelayMs?: number } = {},
): () => ListeningTranscriber {
  let transcriber: ListeningTranscriber | undefined;
  beforeAll(async () => {
    transcriber = await startListeningTranscriber({ words: words(), ...options });
  });
  afterAll(async () => {
    await transcriber?.close();
  });
  return () => {
    if (!transcriber) throw new Error('the listening transcriber is not running');
    return transcriber;
  };
}

/** The bytes of the multipart form's `file` part; undefined when there is none. */
function uploadedFile(body: Buffer, headers: IncomingHttpHeaders): Buffer | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(headers['content-type'] ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return undefined;
  const separator = Buffer.from(`\r\n--${marker}`);
  let at = body.indexOf(`--${marker}`);
  while (at >= 0) {
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) return undefined;
    const partHeaders = body.toString('utf8', at, headersEnd);
    const contentEnd = body.indexOf(separator, headersEnd + 4);
    if (contentEnd < 0) return undefined;
    if (/name="file"/i.test(partHeaders)) return body.subarray(headersEnd + 4, contentEnd);
    at = contentEnd + 2;
  }
  return undefined;
}
