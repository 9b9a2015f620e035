import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ERRORS } from './errors';
import {
  ApiError,
  createApiClient,
  endpoint,
  jsonBody,
  queryOf,
  type ApiTransport,
} from './client';

const thing = z.object({ id: z.string(), version: z.number() });
const api = {
  get: endpoint({ method: 'GET', path: '/api/things/:id', answer: z.object({ thing }) }),
  list: endpoint({
    method: 'GET',
    path: '/api/things',
    query: queryOf<{ limit?: number; after?: string; done?: boolean }>(),
    answer: z.object({ things: z.array(thing) }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/things/:id/parts/:part',
    body: jsonBody<{ name: string }>(),
    answer: z.object({ thing }),
  }),
  stream: endpoint({
    method: 'POST',
    path: '/api/stream',
    body: jsonBody<{ q: string }>(),
    answer: (_body, headers) => headers.get('x-who') ?? 'nobody',
  }),
};

interface Sent {
  path: string;
  init: RequestInit;
}

/** A transport that records what was sent and answers `response`. */
function answering(response: () => Response | Promise<Response>): {
  transport: ApiTransport;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  return {
    sent,
    transport: async (path, init) => {
      sent.push({ path, init });
      return response();
    },
  };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('createApiClient', () => {
  it('fills path parameters (encoded), the query, the JSON body and If-Match', async () => {
    let answer: unknown = { thing: { id: 'a/b', version: 3 } };
    const { transport, sent } = answering(() => json(answer));
    const client = createApiClient(transport);
    const updated = await client.call(api.update, {
      params: { id: 'a/b', part: 'ç' },
      body: { name: 'Maria' },
      ifMatch: 2,
    });
    expect(updated.thing).toEqual({ id: 'a/b', version: 3 });
    expect(sent[0]?.path).toBe('/api/things/a%2Fb/parts/%C3%A7');
    expect(sent[0]?.init.method).toBe('PUT');
    expect(sent[0]?.init.body).toBe('{"name":"Maria"}');
    const headers = new Headers(sent[0]?.init.headers);
    expect(headers.get('if-match')).toBe('"2"');
    expect(headers.get('content-type')).toBe('application/json');

    answer = { things: [] };
    await client.call(api.list, { query: { limit: 5, after: undefined, done: false } });
    expect(sent[1]?.path).toBe('/api/things?limit=5&done=false');
    await client.call(api.list);
    expect(sent[2]?.path).toBe('/api/things');
  });

  it('builds the URL of a call for a link, as the call itself would send it', () => {
    const client = createApiClient(answering(() => json({})).transport);
    expect(client.url(api.get, { params: { id: 'a/b ç' } })).toBe('/api/things/a%2Fb%20%C3%A7');
    expect(client.url(api.list, { query: { limit: 5, after: undefined, done: true } })).toBe(
      '/api/things?limit=5&done=true',
    );
    expect(client.url(api.list, {})).toBe('/api/things');
  });

  it('turns an error answer into an ApiError with its code and Portuguese message', async () => {
    const current = { id: 'x', version: 9 };
    const client = createApiClient(
      answering(() =>
        json({ success: false, code: 'record_changed', error: 'Alterado.', thing: current }, 409),
      ).transport,
    );
    const error = await failureOf(client.call(api.get, { params: { id: 'x' } }));
    expect(error).toMatchObject({ code: 'record_changed', message: 'Alterado.', status: 409 });
    expect(error.body).toMatchObject({ thing: current });
  });

  it('gives an answer without a known code one from its status, and the catalogue text', async () => {
    const cases: [number, unknown, string][] = [
      [404, { success: false, error: 'Coisa não encontrada.' }, 'not_found'],
      [429, undefined, 'rate_limited'],
      [503, { code: 'SOMETHING_ELSE' }, 'busy'],
      [500, undefined, 'internal'],
      [400, { error: 'Nome inválido.' }, 'validation'],
    ];
    for (const [status, body, code] of cases) {
      const client = createApiClient(
        answering(() =>
          body === undefined ? new Response('<html>', { status }) : json(body, status),
        ).transport,
      );
      const error = await failureOf(client.call(api.get, { params: { id: 'x' } }));
      expect(error.code).toBe(code);
      const message =
        typeof body === 'object' && body !== null && 'error' in body
          ? body.error
          : API_ERRORS[error.code].message;
      expect(error.message).toBe(message);
    }
  });

  it('says unreachable when no answer came, and lets an abort through as it is', async () => {
    const down = createApiClient(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(down.call(api.get, { params: { id: 'x' } }));
    expect(error).toMatchObject({ code: 'unreachable', status: 0 });
    expect(error.message).toBe(API_ERRORS.unreachable.message);

    const controller = new AbortController();
    controller.abort();
    const aborted = createApiClient(() =>
      Promise.reject(new DOMException('aborted', 'AbortError')),
    );
    await expect(
      aborted.call(api.get, { params: { id: 'x' }, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer of another shape as unexpected_answer', async () => {
    const client = createApiClient(answering(() => json({ thing: { id: 1 } })).transport);
    const error = await failureOf(client.call(api.get, { params: { id: 'x' } }));
    expect(error.code).toBe('unexpected_answer');
    const notJson = createApiClient(answering(() => new Response('oi', { status: 200 })).transport);
    expect((await failureOf(notJson.call(api.get, { params: { id: 'x' } }))).code).toBe(
      'unexpected_answer',
    );
  });

  it('streams text piece by piece and reads the headers; a broken stream is unreachable', async () => {
    const pieces: string[] = [];
    const encoder = new TextEncoder();
    const client = createApiClient(
      answering(
        () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(encoder.encode('Olá, '));
                controller.enqueue(encoder.encode('doutora.'));
                controller.close();
              },
            }),
            { headers: { 'x-who': 'model' } },
          ),
      ).transport,
    );
    const who = await client.stream(api.stream, { body: { q: 'oi' } }, (text) => pieces.push(text));
    expect(who).toBe('model');
    expect(pieces.join('')).toBe('Olá, doutora.');

    const broken = createApiClient(
      answering(
        () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(encoder.encode('Começo'));
              },
              pull(controller) {
                controller.error(new Error('cut'));
              },
            }),
          ),
      ).transport,
    );
    const heard: string[] = [];
    const error = await failureOf(
      broken.stream(api.stream, { body: { q: 'oi' } }, (text) => heard.push(text)),
    );
    expect(error.code).toBe('unreachable');
    expect(heard).toEqual(['Começo']);
  });

  it('hands over a file answer as bytes with its headers read; a refusal is an ApiError', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const client = createApiClient(
      answering(() => new Response(bytes, { headers: { 'x-who': 'pdf' } })).transport,
    );
    const { blob, answer } = await client.file(api.stream, { body: { q: 'pdf' } });
    expect(answer).toBe('pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);

    const refused = createApiClient(
      answering(() =>
        json({ success: false, code: 'not_found', error: 'Receita não encontrada.' }, 404),
      ).transport,
    );
    const error = await failureOf(refused.file(api.stream, { body: { q: 'pdf' } }));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe('Receita não encontrada.');
  });
});
