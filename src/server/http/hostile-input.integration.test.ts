import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorCode } from '@shared/api/errors';
import { useTestServer } from '../testing/server-fixture';
import {
  describeHostile,
  doctorStateSnapshot,
  ENGLISH_WORDS,
  englishRefusal,
  hostileRequest,
  hostileUrl,
  jsonRoutes,
  prepareFuzzTargets,
  sendHostile,
  type FuzzTargets,
} from '../testing/hostile-requests';
import { isSignedIn } from '../testing/api-calls';
import { nextLoopbackAddress } from '../testing/loopback-fetch';
import { TestBrowser, type TestDoctorAccount } from '../testing/test-server';

/**
 * Hostile input is a 4xx with a code of the API's catalogue, never a 5xx, and a refused request
 * changes nothing: the three findings as regression tests, then generated hostile bodies
 * (fast-check, seeded and bounded) to every JSON route of the real server. `npm run fuzz` runs
 * the same generator for longer.
 */

/** Fixed, so a failure is reproduced by running the file again; `npm run fuzz` varies it. */
const FUZZ_SEED = 1717;
const FUZZ_RUNS = 150;

// The AI routes' per-doctor limit (60 a minute) would answer 429 before the bodies are read.
const fixture = useTestServer({ env: () => ({ AI_RATE_LIMIT_PER_MINUTE: '100000' }) });
let ana: TestDoctorAccount;
let bruno: TestDoctorAccount;
let targets: FuzzTargets;

async function sendJson(browser: TestBrowser, method: string, path: string, body: string) {
  const response = await browser.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function sessionUser(browser: TestBrowser) {
  const response = await browser.fetch('/api/auth/get-session');
  const text = await response.text();
  const body = JSON.parse(text) as { user: { name: string } };
  return { bytes: text.length, name: body.user.name };
}

beforeAll(async () => {
  ({ ana, bruno, targets } = await prepareFuzzTargets(fixture.server.url));
});

/**
 * A refusal (4xx) is a JSON answer with a code of the API's catalogue, whatever the hostile input
 * hit; Better Auth's routes under `/api/auth` keep their own upper-case codes.
 */
function expectCatalogueCode(path: string, status: number, text: string, label: string) {
  if (status < 400 || status >= 500 || path.startsWith('/api/auth/')) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    expect.fail(`${label}: a refusal that is not JSON`);
  }
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : '';
  expect(isApiErrorCode(code), label).toBe(true);
}

describe('the issue’s findings', () => {
  it('refuses a lone surrogate in an autosave naming the field, and the next autosave works', async () => {
    const path = `/api/medical-records/${targets.recordId}`;
    const refused = await sendJson(
      ana.browser,
      'PUT',
      path,
      '{"patientInfo":{"name":"Maria \\ud800 Souza"}}',
    );
    expect(refused).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Texto com caractere inválido em patientInfo.name.',
        code: 'invalid_text',
        field: 'patientInfo.name',
      },
    });
    const nul = await sendJson(
      ana.browser,
      'PUT',
      path,
      '{"symptoms":{"chiefComplaint":"a\\u0000"}}',
    );
    expect(nul.status).toBe(400);
    expect(nul.body.field).toBe('symptoms.chiefComplaint');

    const saved = await sendJson(
      ana.browser,
      'PUT',
      path,
      '{"patientInfo":{"name":"Maria 😷 Souza"}}',
    );
    expect(saved.status).toBe(200);
    const record = await ana.browser.fetch(path);
    expect(await record.json()).toMatchObject({
      record: { patientInfo: { name: 'Maria 😷 Souza' } },
    });
  });

  it('refuses invalid UTF-8 instead of storing U+FFFD', async () => {
    const response = await ana.browser.fetch(`/api/medical-records/${targets.recordId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      // {"plan":"<ED A0 80>"}: a surrogate encoded as if it were a character.
      body: new Uint8Array([...Buffer.from('{"plan":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_text' });
  });

  it('refuses 10,000 nested arrays with a 400, on a record and on an AI task', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [method, path] of [
      ['PUT', `/api/medical-records/${targets.recordId}`],
      ['POST', '/api/medical-records'],
      ['POST', '/api/ai/extract'],
    ] as const) {
      const answer = await sendJson(ana.browser, method, path, `{"patientInfo":${deep}}`);
      expect(answer, path).toMatchObject({ status: 400, body: { code: 'too_deep' } });
    }
    // The account routes take 16 KB at most: 10,000 levels are refused for their size there.
    const thousand = '['.repeat(1_000) + ']'.repeat(1_000);
    const account = await sendJson(
      ana.browser,
      'POST',
      '/api/auth/update-user',
      `{"name":${thousand}}`,
    );
    expect(account).toMatchObject({ status: 400, body: { code: 'TOO_DEEP' } });
  });

  it('refuses a null, a NUL, an 8 MB name and a 50 MB body on update-user; get-session stays small', async () => {
    const before = await sessionUser(ana.browser);
    const nullName = await sendJson(ana.browser, 'POST', '/api/auth/update-user', '{"name":null}');
    expect(nullName).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Informe o nome.',
        code: 'VALIDATION_ERROR',
        message: 'Informe o nome.',
      },
    });
    const nul = await sendJson(
      ana.browser,
      'POST',
      '/api/auth/update-user',
      '{"name":"Ana\\u0000"}',
    );
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({
      code: 'INVALID_TEXT',
      error: 'Texto com caractere inválido em name.',
    });

    const long = await sendJson(
      ana.browser,
      'POST',
      '/api/auth/update-user',
      JSON.stringify({ name: 'a'.repeat(8_000_000) }),
    );
    expect(long.status).toBe(413);
    const fiftyMegabytes = await ana.browser.fetch('/api/auth/update-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"${'a'.repeat(50 * 1024 * 1024)}"}`,
    });
    expect(fiftyMegabytes.status).toBe(413);
    const tooLongName = await sendJson(
      ana.browser,
      'POST',
      '/api/auth/update-user',
      JSON.stringify({ name: 'a'.repeat(201) }),
    );
    expect(tooLongName.body.error).toBe('Nome longo demais (máximo 200 caracteres).');
    const image = await sendJson(
      ana.browser,
      'POST',
      '/api/auth/update-user',
      JSON.stringify({ name: 'Ana', image: 'x'.repeat(1000) }),
    );
    expect(image.body.error).toBe('Campo não permitido: image.');

    expect(await sessionUser(ana.browser)).toEqual(before);
    expect(before.bytes).toBeLessThan(2_000);

    const renamed = await sendJson(
      ana.browser,
      'POST',
      '/api/auth/update-user',
      JSON.stringify({ name: '  Dra. Ana Souza  ' }),
    );
    expect(renamed.status).toBe(200);
    expect((await sessionUser(ana.browser)).name).toBe('Dra. Ana Souza');
  });

  it('refuses lone surrogates and NUL in a route param or the query with a 400', async () => {
    for (const path of [
      `/api/medical-records/%ED%A0%80`,
      `/api/medical-records/a%00b`,
      `/api/prescriptions/%00`,
      `/api/cid10/search?q=%ED%A0%80`,
      `/api/medications/search?q=dipirona%00`,
      `/api/auth/get-session?x=%ED%A0%80`,
    ]) {
      const response = await ana.browser.fetch(path);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ code: 'invalid_text' });
    }
  });
});

/** Words of zod's and Better Auth's English messages: none may reach a person. */
const ENGLISH = ENGLISH_WORDS;

describe('refusals in Portuguese', () => {
  const wrongBodies: [string, string][] = [
    ['a string', '"texto"'],
    ['an array', '[1, 2]'],
    ['a number', '42'],
    ['200 nested objects', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
    ['a lone surrogate', '{"nome":"Maria \\ud800"}'],
  ];

  it('answers every JSON write route 400 with a stable code and no English, for bodies of the wrong shape', async () => {
    // A tab of Ana's from an address of its own: the account routes' per-address limits count
    // these requests apart from the fuzz below.
    const tab = new TestBrowser(fixture.server.url, nextLoopbackAddress());
    const cookie = ana.browser.cookieHeader ?? '';
    const routes = jsonRoutes(targets).filter(
      (route) =>
        route.path !== '/api/auth/get-session' &&
        route.multipart !== true &&
        route.readsNoBody !== true,
    );
    const problems: string[] = [];
    for (const route of routes) {
      for (const [kind, body] of wrongBodies) {
        const response = await tab.fetch(route.path, {
          method: route.method,
          headers: { 'content-type': 'application/json', cookie },
          body,
        });
        const answer = (await response.json()) as { code?: unknown; error?: unknown };
        const label = `${route.method} ${route.path}, ${kind} → ${response.status} ${JSON.stringify(answer)}`;
        const code = typeof answer.code === 'string' ? answer.code : '';
        const stable = route.path.startsWith('/api/auth/')
          ? /^[A-Z_]+$/.test(code)
          : isApiErrorCode(code);
        const message = typeof answer.error === 'string' ? answer.error : '';
        if (response.status !== 400 || !stable || !message || ENGLISH.test(message)) {
          problems.push(label);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await isSignedIn(ana.browser)).toBe(true);
  });

  it('names the field by its label, in Portuguese, where zod has no message of ours', async () => {
    const signUp = await sendJson(ana.browser, 'POST', '/api/auth/sign-up/email', '"texto"');
    expect(signUp.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Dados enviados: deve ser objeto',
    });
    const chat = await sendJson(
      ana.browser,
      'POST',
      '/api/ai/chat',
      '{"mode":"general","messages":[{"role":"user","content":{"x":1}}]}',
    );
    expect(chat.status).toBe(400);
    expect(chat.body.error).toMatch(/^Mensagem \(messages\.0\.content\): /);
    expect(chat.body.error).not.toMatch(ENGLISH);
  });
});

describe('generated hostile requests (fast-check)', () => {
  it('answers every hostile body to every JSON route with a 2xx or a 4xx with a catalogue code, and a 4xx changes nothing', async () => {
    const routes = jsonRoutes(targets);
    // Bruno's data only ever changes if an attack on his record gets through: compared at the end.
    const brunoBefore = await doctorStateSnapshot(bruno.browser);
    let anaBefore = await doctorStateSnapshot(ana.browser);
    await fc.assert(
      fc.asyncProperty(hostileRequest(routes), async (request) => {
        const answer = await sendHostile(ana.browser, request);
        const label = `${describeHostile(request)} → ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, label).toBeLessThan(500);
        if (request.mustBeRefused) expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expectCatalogueCode(request.route.path, answer.status, answer.text, label);
        expect(englishRefusal(answer.status, answer.text), label).toBeUndefined();
        const anaAfter = await doctorStateSnapshot(ana.browser);
        if (answer.status >= 400) expect(anaAfter, label).toEqual(anaBefore);
        anaBefore = anaAfter;
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    expect(await doctorStateSnapshot(bruno.browser)).toEqual(brunoBefore);
    // Ana was never signed out by the fuzz, so every request was tried as a signed-in doctor.
    expect((await sessionUser(ana.browser)).bytes).toBeLessThan(2_000);
  }, 120_000);

  it('answers hostile route params and queries with a 2xx or a 4xx with a catalogue code', async () => {
    await fc.assert(
      fc.asyncProperty(hostileUrl(), async ({ method, path, mustBeRefused }) => {
        const response = await ana.browser.fetch(path, { method });
        const label = `${method} ${path.slice(0, 120)} → ${response.status}`;
        expect(response.status, label).toBeLessThan(500);
        if (mustBeRefused) expect(response.status, label).toBeGreaterThanOrEqual(400);
        expectCatalogueCode(path, response.status, await response.text(), label);
      }),
      { seed: FUZZ_SEED, numRuns: 100, endOnFailure: true },
    );
  });
});
