import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { onTestFinished, vi } from 'vitest';
import { AI_SOURCE_HEADER, type AiSource } from '@shared/ai/protocol';
import { AI_USE_HEADER } from '@shared/ai/use';
import {
  createApiClient,
  type ApiTransport,
  type Endpoint,
  type HttpMethod,
} from '@shared/api/client';
import { settingsApi, type SettingsAnswer } from '@shared/api/settings';
import { signingSessionsApi } from '@shared/api/signing-sessions';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import type { WorkingRecord } from '@shared/records/flow';
import { FAST_TIMINGS, TestPages } from '../data/browser-tab.testing';
import { DoctorDataContext, type DoctorData } from '../data/doctor-data-context';
import { queryClient as appQueryClient } from '../data/query-client';
import { setOpenRecord } from '../data/records';
import { WRITE_KINDS } from '../data/registry';
import { settingsKeys } from '../data/settings';
import { forgetAllSessions } from '../data/signing-sessions';
import { WriteQueue } from '../data/write-queue';
import { stubLocalStorage, type MemoryStorage } from './memory-local-storage';

/**
 * Component tests of signed-in screens (happy-dom): the screen inside the doctor's data as the
 * app gives it — a query cache with the app's defaults, the real write queue with every kind of
 * write — with only the network's edge played by the test. Every request, whether it comes from
 * the write queue or from a hook that calls `api` (`src/web/data/api.ts`, over the global
 * `fetch`), reaches one {@link ScriptedServer}: it answers the routes the test scripted, keeps
 * what was sent, and fails the test on any other request. Nothing of src/web is mocked.
 *
 * ```tsx
 * const doctor = createDoctorData();
 * doctor.server.on(recordsApi.update, ({ body }) => json({ record: … }));
 * putOpenRecord(doctor.cache, record);
 * renderWithDoctorData(<PlanStep record={record} onFinalized={…} />, doctor);
 * ```
 *
 * A streamed answer (the chat's reply) is a {@link textStream}, or an {@link openTextStream} the
 * test writes into piece by piece.
 *
 * What it stubs (localStorage, fetch) is undone when the test finishes, after the `afterEach`
 * hooks (so put Testing Library's `afterEach(cleanup)` in the file, as the other component tests
 * do: the screen unmounts before its queue stops).
 */

type AnyEndpoint = Endpoint<string, unknown, unknown, unknown>;

/** The body type an endpoint is called with (`undefined` when it sends none). */
type BodyOf<E> = E extends Endpoint<string, infer Body, unknown, unknown> ? Body : never;

/** A request that reached the scripted server. */
export interface SentRequest<Body = unknown> {
  method: string;
  /** The path, without its query string. */
  path: string;
  /** The values of the route's `:params`. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body as sent (parsed), a form as sent, or undefined. */
  body: Body;
}

/** How the scripted server answers a route: a response, now or later (a promise). */
export type ServerAnswer<Body = unknown> = (
  request: SentRequest<Body>,
) => Response | Promise<Response>;

interface Route {
  method: HttpMethod;
  template: string;
  pattern: RegExp;
  answer: ServerAnswer<never>;
}

/** `/api/medical-records/:id` → a regular expression with a named group per parameter. */
function patternOf(template: string): RegExp {
  const escaped = template
    .split(/(:[A-Za-z]\w*)/)
    .map((part) =>
      part.startsWith(':')
        ? `(?<${part.slice(1)}>[^/]+)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${escaped}$`);
}

/** What a request's body holds for the test: JSON parsed, anything else as sent. */
function bodyOf(init: RequestInit): unknown {
  if (typeof init.body === 'string') return JSON.parse(init.body) as unknown;
  return init.body ?? undefined;
}

/** Rejects like `fetch` does once the caller aborts. */
function abortable(answer: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return answer;
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject);
  });
}

/**
 * The server as a test plays it: routes declared by the API's own endpoint declarations
 * (`src/shared/api/*.ts`), so a moved path moves here too.
 */
export class ScriptedServer {
  private readonly routes: Route[] = [];
  /** Every request answered, in order. */
  readonly sent: SentRequest[] = [];
  /** Requests no route answers (`PUT /api/x`); the test fails when it finishes with any. */
  readonly unexpected: string[] = [];

  /**
   * Answers an endpoint's requests from now on (in place of an earlier answer of the same route).
   * @param endpoint - the endpoint as `src/shared/api` declares it (`recordsApi.update`)
   * @param answer - called with each request; its body is typed as the endpoint sends it
   */
  on<E extends AnyEndpoint>(endpoint: E, answer: ServerAnswer<BodyOf<E>>): this {
    const route: Route = {
      method: endpoint.method,
      template: endpoint.path,
      pattern: patternOf(endpoint.path),
      answer,
    };
    const index = this.routes.findIndex(
      (known) => known.method === route.method && known.template === route.template,
    );
    if (index === -1) this.routes.push(route);
    else this.routes[index] = route;
    return this;
  }

  /** The requests an endpoint received, oldest first. */
  requestsTo<E extends AnyEndpoint>(endpoint: E): SentRequest<BodyOf<E>>[] {
    const pattern = patternOf(endpoint.path);
    return this.sent.filter(
      (request) => request.method === endpoint.method && pattern.test(request.path),
    ) as SentRequest<BodyOf<E>>[];
  }

  /** The API client's transport, and (through the stubbed `fetch`) every other request's. */
  readonly transport: ApiTransport = (target, init) => {
    const url = new URL(target, 'http://prontu.test');
    const method = init.method ?? 'GET';
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const request: SentRequest = {
        method,
        path: url.pathname,
        params: { ...match.groups },
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: bodyOf(init),
      };
      this.sent.push(request);
      // Answered on a later turn, as a network would, whatever the test's answer does.
      const answer = Promise.resolve().then(() => route.answer(request as SentRequest<never>));
      return abortable(answer, init.signal);
    }
    this.unexpected.push(`${method} ${target}`);
    return Promise.reject(new Error(`The test did not expect ${method} ${target}`));
  };
}

/**
 * A JSON answer.
 * @param body - what the server answers
 * @param init.status - 200 by default
 * @param init.source - for an AI task: who wrote the answer (its `X-Prontu-AI-Mode` header)
 * @param init.aiUse - for an AI task: the use it added to the visit's chart
 */
export function json(
  body: unknown,
  init: { status?: number; source?: AiSource; aiUse?: string } = {},
): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (init.source) headers.set(AI_SOURCE_HEADER, init.source);
  if (init.aiUse) headers.set(AI_USE_HEADER, init.aiUse);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** A text answer the test writes piece by piece, as a streamed reply (the chat's) arrives. */
export interface OpenTextStream {
  /** The answer for the route to return: its headers at once, its body as it is written. */
  response: Response;
  /** Sends the next piece of the text. */
  write: (text: string) => void;
  /** Ends the answer. */
  end: () => void;
  /** The connection breaks off in the middle of the answer. */
  breakOff: () => void;
}

const encoder = new TextEncoder();

/**
 * A streamed text answer (`text/plain`) whose pieces the test sends when it wants, to look at
 * the screen while the answer is still arriving.
 * @param init.source - for an AI answer: who writes it (its `X-Prontu-AI-Mode` header)
 */
export function openTextStream(init: { source?: AiSource } = {}): OpenTextStream {
  let writer: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      writer = controller;
    },
  });
  const controller = writer;
  if (!controller) throw new Error('The stream did not start.');
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8' });
  if (init.source) headers.set(AI_SOURCE_HEADER, init.source);
  return {
    response: new Response(body, { headers }),
    write: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    breakOff: () => controller.error(new TypeError('network error')),
  };
}

/**
 * A streamed text answer sent whole: each piece of `pieces` in turn, then the end.
 * @param init.source - for an AI answer: who writes it (its `X-Prontu-AI-Mode` header)
 */
export function textStream(pieces: readonly string[], init: { source?: AiSource } = {}): Response {
  const stream = openTextStream(init);
  for (const piece of pieces) stream.write(piece);
  stream.end();
  return stream.response;
}

/** An answer that never comes: the server cannot be reached (what `fetch` does offline). */
export const unreachable: ServerAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

/** The doctor's data of one test, and the scripted server behind it. */
export interface TestDoctorData {
  userId: string;
  server: ScriptedServer;
  cache: QueryClient;
  queue: WriteQueue;
  /** The stubbed localStorage, to look into (the queue keeps its writes there). */
  storage: MemoryStorage;
  /** What the screens get from {@link DoctorDataContext}. */
  data: DoctorData;
}

/**
 * The doctor's data over a fresh scripted server: a fresh `localStorage`, `fetch` answered by
 * the server, a query cache with the app's defaults (reads not retried), and the write queue
 * sending with {@link FAST_TIMINGS} (or `options.timings`). Call it in the test (or `beforeEach`);
 * it is undone when the test finishes.
 * @param options.userId - the signed-in doctor ('doctor-1')
 * @param options.timings - the queue's quiet period and retry delay
 */
export function createDoctorData(
  options: { userId?: string; timings?: typeof FAST_TIMINGS } = {},
): TestDoctorData {
  const userId = options.userId ?? 'doctor-1';
  const storage = stubLocalStorage();
  // The doctor's settings are the defaults unless the test answers (or puts) others: screens
  // that ask whether AI may help read them. No cloud-certificate provider is offered unless the
  // test offers one: the signing screens ask.
  const server = new ScriptedServer()
    .on(settingsApi.get, () => json({ settings: DEFAULT_DOCTOR_SETTINGS, version: 1 }))
    .on(signingSessionsApi.providers, () => json({ providers: [] }));
  // The cloud sessions this page held belong to the test that authorised them.
  forgetAllSessions();
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
    server.transport(String(input), init ?? {}),
  );
  const defaults = appQueryClient.getDefaultOptions();
  const cache = new QueryClient({
    defaultOptions: { ...defaults, queries: { ...defaults.queries, retry: false } },
  });
  const pages = new TestPages();
  const queue = new WriteQueue({
    userId,
    api: createApiClient(server.transport),
    cache,
    kinds: WRITE_KINDS,
    pages: pages.page(),
    timings: options.timings ?? FAST_TIMINGS,
  });
  queue.resume();
  const data: DoctorData = {
    userId,
    queue,
    flush: () => queue.flush(),
    forget: () => {
      queue.clear();
      cache.clear();
    },
  };
  onTestFinished(() => {
    // Not awaited: a write the test left waiting for an answer must not hold the run.
    void queue.stop();
    cache.clear();
    vi.unstubAllGlobals();
    if (server.unexpected.length > 0) {
      throw new Error(`Requests the test did not expect:\n${server.unexpected.join('\n')}`);
    }
  });
  return { userId, server, cache, queue, storage, data };
}

/**
 * Renders `ui` inside the query cache and the doctor's data, as the signed-in app does.
 * @param doctor - from {@link createDoctorData}, with its routes and cache prepared
 */
export function renderWithDoctorData(
  ui: ReactElement,
  doctor: TestDoctorData = createDoctorData(),
): RenderResult & TestDoctorData {
  const rendered = render(
    <QueryClientProvider client={doctor.cache}>
      <DoctorDataContext.Provider value={doctor.data}>{ui}</DoctorDataContext.Provider>
    </QueryClientProvider>,
  );
  return { ...rendered, ...doctor };
}

/** Puts a record in the cache as the open one (as if the doctor had opened it); none with null. */
export function putOpenRecord(cache: QueryClient, record: WorkingRecord | null): void {
  setOpenRecord(cache, record);
}

/** Puts the doctor's settings in the cache, as read from the server (at `version`). */
export function putSettings(cache: QueryClient, settings: DoctorSettings, version = 1): void {
  cache.setQueryData<SettingsAnswer>(settingsKeys.all, { settings, version });
}
