import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import {
  startFakeOpenAiServer,
  type FakeBehaviour,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import {
  signUpDoctor,
  startTestServer,
  TestBrowser,
  type TestDoctorAccount,
} from '../testing/test-server';
import { WEB_DIST_DIR } from '../web-app';
import { AI_TASKS } from './tasks/registry';

// The provider key stays on the server (docs/architecture.md, "IA"): the provider gets it as the
// Authorization header, and no answer, header, log line or file of the web app ever holds it.

const SECRET_KEY = 'sk-test-SECRET-123';
const CHAT_MODEL = 'modelo-chat-teste';

/** A valid body for each AI task route. */
const TASK_BODIES: Record<string, unknown> = {
  'correct-text': { chiefComplaint: 'dor de cabeca a 3 dias' },
  'plan-suggestions': { record: { patientInfo: { name: 'Maria Souza' } } },
  'medication-suggestions': { record: { assessment: 'Faringite' } },
  'exam-suggestions': { record: { assessment: 'Faringite' } },
  'enhance-assessment': { text: 'pressao alta' },
  'cid-search': { text: 'asma' },
  'process-section': { text: 'dor no peito', section: 'symptoms' },
  extract: { text: 'Paciente Ana Lima, 30 anos, com febre.' },
  'extract-chat-info': { messages: [{ role: 'user', content: 'Paciente Ana, 30 anos.' }] },
  'should-create-record': { messages: [{ role: 'user', content: 'Paciente Ana, 30 anos.' }] },
  'structured-anamnesis': { transcript: 'Paciente Ana, 30 anos, com febre.' },
  'consultation-feedback': { transcript: 'Paciente Ana, 30 anos, com febre.' },
  'detect-prescription': { messages: [{ role: 'user', content: 'Prescrevo amoxicilina.' }] },
  'extract-prescription': { messages: [{ role: 'user', content: 'Prescrevo amoxicilina.' }] },
  'item-info': { item: { kind: 'exam', name: 'Hemograma' }, question: 'Precisa de jejum?' },
  'quick-prescription': { text: 'Maria 45 anos amoxicilina 500mg 8/8h por 7 dias' },
  'patient-instructions': { record: { assessment: 'Faringite' } },
};

const CHAT_BODY = { messages: [{ role: 'user', content: 'Oi' }], mode: 'general' };

/** Everything a browser could see of a response: status line, every header, the body. */
async function everythingSeen(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    // A cut stream is fine here: what arrived before the cut was checked by the reader.
    body = `<body cut: ${error instanceof Error ? error.name : 'unknown'}>`;
  }
  return `${response.status} ${response.statusText}\n${headers}\n\n${body}`;
}

function expectNoKey(seen: string): void {
  expect(seen).not.toContain(SECRET_KEY);
  expect(seen).not.toContain('SECRET-123');
  expect(seen).not.toContain('sk-test');
}

describe('the provider key, with a model configured', () => {
  let fake: FakeOpenAiServer;
  let storage: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;
  const logLines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    storage = await createMigratedTestStorage();
    const logger = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    server = await startTestServer(
      storage,
      {
        AI_BASE_URL: `${fake.baseUrl}/v1`,
        AI_API_KEY: SECRET_KEY,
        AI_CHAT_MODEL: CHAT_MODEL,
        AI_RATE_LIMIT_PER_MINUTE: '10000',
      },
      { logger },
    );
    doctor = await signUpDoctor(server.url);
  });
  afterAll(async () => {
    await server.close();
    await storage.cleanup();
    await fake.close();
  });

  it('has a body for every AI task route', () => {
    expect(Object.keys(TASK_BODIES).sort()).toEqual(AI_TASKS.map((task) => task.path).sort());
  });

  it('reports the chat model in /api/health, and nothing of the key', async () => {
    const response = await fetch(`${server.url}/api/health`);
    const seen = await everythingSeen(response);
    expectNoKey(seen);
    expect(response.status).toBe(200);
    expect(JSON.parse(seen.slice(seen.indexOf('\n\n') + 2))).toMatchObject({
      ok: true,
      ai: CHAT_MODEL,
    });
  });

  const SCENARIOS: [string, FakeBehaviour][] = [
    ['a good reply', { kind: 'text', text: '{"results": []}' }],
    ['a refused key (401)', { kind: 'auth' }],
    ['a malformed reply', { kind: 'malformed' }],
  ];

  it.each(SCENARIOS)('never shows the key in an AI task answer, after %s', async (_name, reply) => {
    for (const [taskPath, body] of Object.entries(TASK_BODIES)) {
      fake.enqueue(reply);
      const response = await doctor.browser.postJson(`/api/ai/${taskPath}`, body);
      const seen = await everythingSeen(response);
      expect({ taskPath, status: response.status }).toEqual({ taskPath, status: 200 });
      expectNoKey(seen);
    }
  });

  it.each(SCENARIOS)('never shows the key in a chat answer, after %s', async (_name, reply) => {
    fake.enqueue(reply);
    const response = await doctor.browser.postJson('/api/ai/chat', CHAT_BODY);
    expectNoKey(await everythingSeen(response));
    fake.enqueue(reply);
    const demo = await fetch(`${server.url}/api/ai/demo-chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: CHAT_BODY.messages }),
    });
    expectNoKey(await everythingSeen(demo));
  });

  it('never shows the key when the provider rejects it on every retry', async () => {
    fake.failWith(401);
    try {
      const chat = await doctor.browser.postJson('/api/ai/chat', CHAT_BODY);
      expect(chat.status).toBe(502);
      expectNoKey(await everythingSeen(chat));
      const task = await doctor.browser.postJson('/api/ai/cid-search', TASK_BODIES['cid-search']);
      expect(task.headers.get('x-prontu-ai-error')).toBe('auth');
      expectNoKey(await everythingSeen(task));
    } finally {
      fake.replyWith('Resposta padrão.');
    }
  });

  it('never shows the key in refusals: an invalid body, no session', async () => {
    const invalid = await doctor.browser.postJson('/api/ai/cid-search', { text: '' });
    expect(invalid.status).toBe(400);
    expectNoKey(await everythingSeen(invalid));
    const stranger = await new TestBrowser(server.url).postJson('/api/ai/chat', CHAT_BODY);
    expect(stranger.status).toBe(401);
    expectNoKey(await everythingSeen(stranger));
  });

  it('sends the key to the provider, and only as the Authorization header', () => {
    const calls = fake.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(calls.length).toBeGreaterThan(Object.keys(TASK_BODIES).length);
    for (const call of calls) {
      expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      const { authorization: _sent, ...otherHeaders } = call.headers;
      expect(JSON.stringify(otherHeaders)).not.toContain(SECRET_KEY);
      expect(JSON.stringify(call.body)).not.toContain(SECRET_KEY);
    }
  });

  it('never writes the key to the logs', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain('SECRET-123');
  });
});

describe('the provider key, without a model', () => {
  let storage: TestStorage;
  let server: RunningServer;
  beforeAll(async () => {
    storage = await createMigratedTestStorage();
    server = await startTestServer(storage);
  });
  afterAll(async () => {
    await server.close();
    await storage.cleanup();
  });

  it("reports ai: 'offline' in /api/health", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, ai: 'offline' });
  });
});

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the built web app', () => {
  it('holds neither a key nor the name of the key variable', async () => {
    expect(
      existsSync(path.join(WEB_DIST_DIR, 'index.html')),
      `the built web app is missing in ${WEB_DIST_DIR}: run \`npx tsx scripts/build-web-if-needed.ts\``,
    ).toBe(true);
    const files = await filesUnder(WEB_DIST_DIR);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const bytes = await readFile(file);
      for (const needle of ['sk-test', 'AI_API_KEY', SECRET_KEY]) {
        if (bytes.includes(needle)) found.push(`${path.relative(WEB_DIST_DIR, file)}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
  });
});
