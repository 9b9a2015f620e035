import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import type { Logger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { createApiClient, type ApiClient } from '@shared/api/client';
import { fetchFrom, nextLoopbackAddress } from './loopback-fetch';
import type { HeavyWorkLimits } from '../workers/heavy-work';
import type { TestStorage } from './test-storage';

/** A stand-in for the built web app, so API suites do not depend on `npm run build`. */
const STAND_IN_PAGE =
  '<!doctype html><html lang="pt-BR"><head><title>Prontu</title></head><body></body></html>';

/**
 * Starts the real app on a free port over the given storage, logging nothing.
 * @param options.webDistDir - the built web app to serve; by default a one-page stand-in
 */
export async function startTestServer(
  storage: TestStorage,
  extraEnv: Record<string, string> = {},
  options: { webDistDir?: string; logger?: Logger; heavyWorkLimits?: HeavyWorkLimits } = {},
): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: storage.dataDir,
    DATABASE_URL: storage.databaseUrl,
    LOG_LEVEL: 'silent',
    PRONTU_DURABLE_WRITES: '0',
    ...extraEnv,
  });
  let webDistDir = options.webDistDir;
  if (!webDistDir) {
    webDistDir = path.join(storage.dataDir, 'web-stand-in');
    await mkdir(webDistDir, { recursive: true });
    await writeFile(path.join(webDistDir, 'index.html'), STAND_IN_PAGE);
  }
  return startServer(config, {
    webDistDir,
    logger: options.logger,
    heavyWorkLimits: options.heavyWorkLimits,
  });
}

/**
 * Starts the app again on the port and storage a stopped server had, as after a crash or a
 * deploy: the same address, the same data, so open browser tabs find it again.
 */
export function restartTestServer(
  storage: TestStorage,
  stopped: RunningServer,
  options: { webDistDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  return startTestServer(
    storage,
    { ...options.env, PORT: String(stopped.port) },
    options.webDistDir ? { webDistDir: options.webDistDir } : {},
  );
}

/** Runs `work` against a server started on `storage`, and stops it afterwards. */
export async function withServer<T>(
  storage: TestStorage,
  work: (server: RunningServer) => Promise<T>,
  extraEnv: Record<string, string> = {},
): Promise<T> {
  const server = await startTestServer(storage, extraEnv);
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

/**
 * An HTTP client that behaves like a browser tab of one doctor: it keeps the session cookie and
 * sends our Origin on every request. Tests act through {@link TestBrowser.api}, the typed client
 * the web app uses; {@link TestBrowser.fetch} is for checking the HTTP contract itself (exact
 * status, headers, raw bodies, requests the typed client cannot send).
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();
  /** The app's typed API client, over this tab's session. */
  readonly api: ApiClient;

  /**
   * @param localAddress - a loopback source address for this tab's requests (see
   *   `nextLoopbackAddress`), to be a client of its own for per-address limits; such a tab
   *   sends text bodies only and reads each answer whole
   */
  constructor(
    readonly baseUrl: string,
    readonly localAddress?: string,
  ) {
    this.api = createApiClient((path, init) => this.fetch(path, init));
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('origin', this.baseUrl);
    if (this.cookies.size) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const url = new URL(path, this.baseUrl);
    const response = this.localAddress
      ? await fetchFrom(this.localAddress, url, {
          method: init.method ?? 'GET',
          headers,
          body: typeof init.body === 'string' ? init.body : undefined,
        })
      : await fetch(url, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  postJson(path: string, body: unknown): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  get cookieHeader(): string | undefined {
    return this.cookies.size
      ? [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ')
      : undefined;
  }

  /** Carries this tab's session over to another server address (e.g. after a restart). */
  pointedAt(baseUrl: string): TestBrowser {
    return this.copy(baseUrl, this.localAddress);
  }

  /** This tab's session in a tab with the ordinary `fetch` (streams, any body). */
  withOrdinaryFetch(): TestBrowser {
    return this.copy(this.baseUrl, undefined);
  }

  private copy(baseUrl: string, localAddress: string | undefined): TestBrowser {
    const other = new TestBrowser(baseUrl, localAddress);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }
}

/**
 * The password every test account uses: long and hard enough to guess for the sign-up rules
 * (12 characters, zxcvbn score 3 or more). Tests that need a second one add to it.
 */
export const TEST_PASSWORD = 'Ipê-amarelo na varanda 2026';

export interface TestDoctorAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  browser: TestBrowser;
}

/**
 * Signs a new doctor up through the real accounts API, as the web app does; a new account starts
 * signed in, so the returned browser holds her session.
 */
export async function signUpDoctor(
  baseUrl: string,
  name = 'Dra. Teste',
): Promise<TestDoctorAccount> {
  // Each from an address of its own, as doctors of different clinics: suites that sign many up
  // stay under the per-address sign-up and sign-in limits.
  const signingIn = new TestBrowser(baseUrl, nextLoopbackAddress());
  const email = `medico-${randomUUID()}@prontu.test`;
  const password = TEST_PASSWORD;
  const signUp = await signingIn.postJson('/api/auth/sign-up/email', { name, email, password });
  if (signUp.status !== 200) {
    throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  }
  if (!signUp.headers.getSetCookie().some((cookie) => cookie.includes('session_token'))) {
    throw new Error('sign-up opened no session');
  }
  const body = (await signUp.json()) as { user: { id: string } };
  return { id: body.user.id, name, email, password, browser: signingIn.withOrdinaryFetch() };
}
