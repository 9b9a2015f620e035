import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { useTestServer } from './testing/server-fixture';
import { testDatabaseKind, withTestStorage } from './testing/test-storage';
import {
  TEST_PASSWORD,
  TestBrowser,
  signUpDoctor,
  startTestServer,
  withServer,
} from './testing/test-server';

describe('HTTP surface', () => {
  const fixture = useTestServer();

  it('reports health with the database kind and the offline AI', async () => {
    const response = await fetch(`${fixture.server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      db: testDatabaseKind(),
      ai: 'offline',
      validation: { origin: fixture.server.url, fromPublicUrl: false },
    });
  });

  it('sends security headers with a CSP that allows only our own origin', async () => {
    for (const pathname of ['/', '/api/health']) {
      const response = await fetch(`${fixture.server.url}${pathname}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    }
  });

  it('gives the HTML page a fresh style nonce, and nothing else inline', async () => {
    const pages = await Promise.all([
      fetch(`${fixture.server.url}/`),
      fetch(`${fixture.server.url}/settings`),
    ]);
    const nonces = await Promise.all(
      pages.map(async (page) => {
        const csp = page.headers.get('content-security-policy') ?? '';
        const nonce = /style-src 'self' 'nonce-([\w+/=]+)'/.exec(csp)?.[1];
        expect(nonce).toBeDefined();
        expect(csp).toContain("script-src 'self';");
        expect(await page.text()).toContain(`<meta property="csp-nonce" nonce="${nonce ?? ''}"`);
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('gives every request an id, and keeps a sane one the client sent', async () => {
    const generated = await fetch(`${fixture.server.url}/api/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const kept = await fetch(`${fixture.server.url}/api/health`, {
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-123');
  });

  it('refuses state-changing requests from another origin and changes nothing', async () => {
    const doctor = await signUpDoctor(fixture.server.url);
    const cookie = doctor.browser.pointedAt(fixture.server.url);
    const forged = (headers: Record<string, string>) =>
      fetch(`${fixture.server.url}/api/medical-records`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: cookieHeaderOf(cookie),
          ...headers,
        },
        body: JSON.stringify({ patientInfo: { name: 'Forjado' } }),
      });
    const fromEvil = await forged({ origin: 'https://evil.example' });
    expect(fromEvil.status).toBe(403);
    expect(await fromEvil.json()).toEqual({
      success: false,
      code: 'forbidden',
      error: 'Origem da requisição não permitida.',
    });
    expect((await forged({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const list = await doctor.browser.api.call(recordsApi.list);
    expect(list.records).toHaveLength(0);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await fetch(`${fixture.server.url}/api/nao-existe`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      code: 'not_found',
      error: 'Rota não encontrada.',
    });
  });
});

/** The Cookie header a browser would send for this tab. */
function cookieHeaderOf(browser: TestBrowser): string {
  const header = browser.cookieHeader;
  if (!header) throw new Error('browser has no cookie');
  return header;
}

describe('behind an HTTPS reverse proxy (PUBLIC_URL)', () => {
  it('accepts writes from the public origin and sets Secure cookies', () =>
    withTestStorage((storage) =>
      withServer(
        storage,
        async (server) => {
          const publicOrigin = 'https://prontu.clinica.example';
          const proxied = {
            origin: publicOrigin,
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'prontu.clinica.example',
            'x-forwarded-for': '198.51.100.7',
            'content-type': 'application/json',
          };
          const account = { email: 'proxy@clinica.example', password: TEST_PASSWORD };
          const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: proxied,
            body: JSON.stringify({ name: 'Dra. Proxy', ...account }),
          });
          expect(signUp.status).toBe(200);
          const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: proxied,
            body: JSON.stringify(account),
          });
          expect(signIn.status).toBe(200);
          const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token'));
          expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
          expect(cookie).toMatch(/; Secure/i);

          const sessionCookie = (cookie ?? '').split(';')[0] ?? '';
          const create = await fetch(`${server.url}/api/medical-records`, {
            method: 'POST',
            headers: { ...proxied, cookie: sessionCookie },
            body: JSON.stringify({ patientInfo: { name: 'Atrás do proxy' } }),
          });
          expect(create.status).toBe(201);

          const wrongScheme = await fetch(`${server.url}/api/medical-records`, {
            method: 'POST',
            headers: { ...proxied, origin: 'http://prontu.clinica.example', cookie: sessionCookie },
            body: JSON.stringify({ patientInfo: { name: 'x' } }),
          });
          expect(wrongScheme.status).toBe(403);
        },
        { PUBLIC_URL: 'https://prontu.clinica.example/', TRUST_PROXY: '1' },
      ),
    ));
});

describe('logs', () => {
  it('never carry patient text or session tokens, even when a query fails', () =>
    withTestStorage(async (storage) => {
      const lines: string[] = [];
      const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
      const server = await startTestServer(storage, {}, { logger });
      let sessionToken: string | undefined;
      try {
        const doctor = await signUpDoctor(server.url);
        sessionToken = /session_token=([^.;]+)/.exec(doctor.browser.cookieHeader ?? '')?.[1];
        const { api } = doctor.browser;
        const created = await api.call(recordsApi.create, {
          body: { patientInfo: { name: 'Paciente Sigilosa' } },
        });
        // Make the write itself fail in the database, with the patient text in the query's
        // parameters and in PostgreSQL's "failing row" detail.
        await server.database.db.execute(
          sql`alter table medical_records add constraint test_refuses_hiv check (assessment not like '%HIV%')`,
        );
        const failed = api.call(recordsApi.update, {
          params: { id: created.recordId },
          body: { assessment: 'Diagnóstico sigiloso de HIV' },
        });
        await expect(failed).rejects.toMatchObject({ code: 'internal', status: 500 });
      } finally {
        await server.close();
      }
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('"method":"PUT"');
      expect(log).not.toMatch(/Sigilos|HIV/);
      expect(sessionToken).toBeDefined();
      expect(log).not.toContain(sessionToken);
    }));
});

describe('lifecycle', () => {
  it('keeps accounts, sessions and records across a restart on the same DATA_DIR', () =>
    withTestStorage(async (storage) => {
      const first = await startTestServer(storage);
      const doctor = await signUpDoctor(first.url, 'Dra. Persistente');
      const created = await doctor.browser.api.call(recordsApi.create, {
        body: { patientInfo: { name: 'Lúcia' } },
      });
      await first.close();

      const secret = await stat(path.join(storage.dataDir, 'auth-secret'));
      expect(secret.mode & 0o777).toBe(0o600);

      await withServer(storage, async (second) => {
        const sameTab = doctor.browser.pointedAt(second.url);
        const read = await sameTab.api.call(recordsApi.get, { params: { id: created.recordId } });
        expect(read.record.patientInfo).toEqual({ name: 'Lúcia' });

        const newTab = new TestBrowser(second.url);
        const signIn = await newTab.postJson('/api/auth/sign-in/email', {
          email: doctor.email,
          password: doctor.password,
        });
        expect(signIn.status).toBe(200);
        const list = await newTab.api.call(recordsApi.list);
        expect(list.records.map((record) => record.patientInfo?.name)).toEqual(['Lúcia']);
      });
    }));

  it('finishes an in-flight request before shutting down, then closes the database', () =>
    withTestStorage(async (storage) => {
      const server = await startTestServer(storage);
      const doctor = await signUpDoctor(server.url);
      const created = await doctor.browser.api.call(recordsApi.create, {
        body: { patientInfo: { name: 'Em voo' } },
      });

      const request = http.request(`${server.url}/api/medical-records/${created.recordId}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          cookie: cookieHeaderOf(doctor.browser),
        },
      });
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });
      request.write('{"plan":"Escrito enquanto');
      await new Promise((resolve) => setTimeout(resolve, 100));

      let closed = false;
      const closing = server.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);

      request.end(' o servidor desligava"}');
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({
        record: { plan: 'Escrito enquanto o servidor desligava' },
      });
      await closing;
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

      await withServer(storage, async (restarted) => {
        const read = await doctor.browser
          .pointedAt(restarted.url)
          .api.call(recordsApi.get, { params: { id: created.recordId } });
        expect(read.record.plan).toBe('Escrito enquanto o servidor desligava');
      });
    }));

  it('never sends a stack trace or SQL to the client when the database fails', () =>
    withTestStorage((storage) =>
      withServer(storage, async (server) => {
        const doctor = await signUpDoctor(server.url);
        await server.database.close();

        const response = await doctor.browser.fetch('/api/medical-records');
        const text = await response.text();
        expect(response.status).toBe(500);
        expect(JSON.parse(text)).toEqual({
          success: false,
          code: 'internal',
          error: 'Erro interno do servidor. Tente novamente em alguns instantes.',
        });
        expect(text).not.toMatch(/select|from|medical_records|at .*\.ts|pool|pglite/i);

        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ ok: false });
      }),
    ));

  it('reports the configured model in health, never its key', () =>
    withTestStorage((storage) =>
      withServer(
        storage,
        async (server) => {
          const response = await fetch(`${server.url}/api/health`);
          const text = await response.text();
          expect(JSON.parse(text)).toMatchObject({ ok: true, ai: 'llama-3.1-8b' });
          expect(text).not.toContain('sk-test');
        },
        {
          AI_BASE_URL: 'http://127.0.0.1:9/v1',
          AI_API_KEY: 'sk-test-nunca-no-navegador',
          AI_CHAT_MODEL: 'llama-3.1-8b',
        },
      ),
    ));
});
