import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as sent: tests assert what the app asked the model. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
}

export interface FakeOpenAiServer {
  /** `http://127.0.0.1:<port>`; the API is under `/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
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
  /** Stops listening and drops open connections; later calls return the same promise. */
  close(): Promise<void>;
}

const DEFAULT_REPLY = 'Resposta do modelo de teste.';

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

/**
 * A real local HTTP server speaking the OpenAI chat-completions protocol at
 * `POST /v1/chat/completions`, streamed (server-sent events ending in `data: [DONE]`) or not.
 * The app under test reaches it over the network exactly as it would reach a provider.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let reply = DEFAULT_REPLY;
  let failure: { status: number; body: unknown } | undefined;
  let dropMidway = false;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers, body });

      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(response, 404, {
          error: { message: `Unknown path ${path}`, type: 'invalid_request_error', code: null },
        });
      } else if (failure) {
        sendJson(response, failure.status, failure.body);
      } else {
        const { stream, model } = (body ?? {}) as { stream?: unknown; model?: unknown };
        const modelName = typeof model === 'string' ? model : 'fake-model';
        if (stream === true) {
          sendStream(response, modelName, reply, dropMidway);
          dropMidway = false;
        } else {
          sendCompletion(response, modelName, reply);
        }
      }
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
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
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

/** The text in chunks of about a word each, as a real model streams it. */
function sendStream(
  response: ServerResponse,
  model: string,
  text: string,
  dropMidway: boolean,
): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }, null));
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  if (dropMidway) {
    response.write(chunk({ content: pieces[0] ?? '' }, null));
    // Give the first word time to reach the app, then break the connection like a crash would.
    setTimeout(() => response.destroy(), 50);
    return;
  }
  for (const piece of pieces) {
    response.write(chunk({ content: piece }, null));
  }
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}
