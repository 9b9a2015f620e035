import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@shared/api/errors';
import type { RunningServer } from '../server';
import { freeLoopbackPort } from '../testing/free-port';
import { useTestServer } from '../testing/server-fixture';
import { testDatabaseKind, createTestStorage, type TestStorage } from '../testing/test-storage';
import { TestBrowser, signUpDoctor, startTestServer } from '../testing/test-server';

describe('/api/health: only ok for the public', () => {
  const fixture = useTestServer({ env: () => ({ TRUST_PROXY: '1' }) });
  const fromOutside = { 'x-forwarded-for': '203.0.113.7' };
  const details = () => ({
    ok: true,
    db: testDatabaseKind(),
    ai: 'offline',
    validation: { origin: fixture.server.url, fromPublicUrl: false },
  });

  it('answers details to a client on this machine', async () => {
    const response = await fetch(`${fixture.server.url}/api/health`);
    expect(await response.json()).toEqual(details());
  });

  it('answers only ok to an anonymous client from elsewhere', async () => {
    const response = await fetch(`${fixture.server.url}/api/health`, { headers: fromOutside });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers details to a signed-in doctor from elsewhere', async () => {
    const { browser } = await signUpDoctor(fixture.server.url);
    const response = await browser.fetch('/api/health', { headers: fromOutside });
    expect(await response.json()).toEqual(details());
  });

  it('tells the landing who answers the demo, without the model name', async () => {
    const response = await fetch(`${fixture.server.url}/api/ai/demo-chat`, {
      headers: fromOutside,
    });
    expect(await response.json()).toEqual({ mode: 'offline' });
  });
});

describe('CPU-heavy routes take turns between doctors', () => {
  const fixture = useTestServer();
  const transcript = 'paciente refere dor de cabeça há três dias e pressão alta. '.repeat(1600);

  it('refuses a doctor past their share with 429 and serves the others', async () => {
    const [flooding, other] = await Promise.all([
      signUpDoctor(fixture.server.url, 'Dra. Apressada'),
      signUpDoctor(fixture.server.url, 'Dr. Paciente'),
    ]);
    const cleanUp = (browser: TestBrowser) =>
      browser.postJson('/api/transcripts/clean-up', { text: transcript });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => cleanUp(flooding.browser)),
      cleanUp(other.browser),
    ]);
    const otherAnswer = answers.pop();
    expect(otherAnswer?.status).toBe(200);
    for (const answer of answers) {
      expect([200, 429]).toContain(answer.status);
      if (answer.status === 429) {
        expect(answer.headers.get('retry-after')).toBe('2');
        expect(await answer.json()).toMatchObject({
          success: false,
          code: 'busy',
          error: API_ERRORS.busy.message,
        });
      } else {
        expect(await answer.json()).toMatchObject({ containsMedicalTerms: true });
      }
    }
    // The doctor's share frees up once the work is done.
    expect((await cleanUp(flooding.browser)).status).toBe(200);
  });
});

/**
 * A TCP relay between the server and PostgreSQL that can be cut and restored, as a network
 * failure or a database restart would.
 */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const port = await freeLoopbackPort();
  let server: net.Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}

describe.runIf(testDatabaseKind() === 'postgres')('while PostgreSQL is unreachable', () => {
  let storage: TestStorage;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let server: RunningServer;

  beforeAll(async () => {
    storage = await createTestStorage('postgres');
    const databaseUrl = new URL(storage.databaseUrl ?? '');
    relay = await startRelay(databaseUrl);
    const relayed = new URL(databaseUrl);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    server = await startTestServer({ ...storage, databaseUrl: relayed.toString() });
  });
  afterAll(async () => {
    await server.close();
    await relay.cut();
    await storage.cleanup();
  });

  it('answers 503 in Portuguese with Retry-After, and works again once it is back', async () => {
    const doctor = await signUpDoctor(server.url);
    const created = await doctor.browser.postJson('/api/medical-records', {});
    expect(created.status).toBe(201);

    await relay.cut();
    const during = await Promise.all([
      doctor.browser.fetch('/api/medical-records'),
      doctor.browser.postJson('/api/medical-records', {}),
      new TestBrowser(server.url).postJson('/api/auth/sign-in/email', {
        email: doctor.email,
        password: doctor.password,
      }),
    ]);
    for (const answer of during) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toMatchObject({
        success: false,
        code: 'database_unavailable',
        error: API_ERRORS.database_unavailable.message,
      });
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await health.json()).toMatchObject({
      ok: false,
      success: false,
      code: 'database_unavailable',
    });

    await relay.restore();
    const after = await doctor.browser.fetch('/api/medical-records');
    expect(after.status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
