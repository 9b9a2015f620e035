import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, isApiErrorCode, type ApiErrorCode } from '@shared/api/errors';
import { recordsApi } from '@shared/api/records';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';
import { MAX_JSON_BODY_BYTES } from './json-body';

/**
 * One error vocabulary for the whole API (docs/erros.md): a varied sample of failing
 * requests, from a bad body to a stale write, each answered `{ success: false, code, error }`
 * with a code of the catalogue, the catalogue's status for it, and a sentence in Portuguese.
 */

const fixture = useTestServer();
let doctor: TestDoctorAccount;
/** A record of the doctor's at version 2: an `If-Match` of 1 is stale. */
let recordId: string;

beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url);
  const { api } = doctor.browser;
  recordId = (await api.call(recordsApi.create, { body: {} })).recordId;
  await api.call(recordsApi.update, { params: { id: recordId }, body: { plan: 'Repouso.' } });
});

const recordPath = () => `/api/medical-records/${recordId}`;

function sendJson(
  browser: TestBrowser,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return browser.fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** Every sentence of this sample has an accented letter: this test's stand-in for Portuguese. */
const PORTUGUESE_LETTER = /[áàâãçéêíóôõú]/i;

const failingRequests: [string, ApiErrorCode, () => Promise<Response>][] = [
  [
    'a body that fails validation',
    'validation',
    () => doctor.browser.postJson('/api/prescriptions', { patientName: '' }),
  ],
  [
    'a query that fails validation',
    'validation',
    () => doctor.browser.fetch('/api/medical-records?limit=-1'),
  ],
  [
    'malformed JSON',
    'invalid_json',
    () => sendJson(doctor.browser, 'POST', '/api/medical-records', '{"plan": '),
  ],
  [
    'JSON nested too deep',
    'too_deep',
    () =>
      sendJson(
        doctor.browser,
        'POST',
        '/api/medical-records',
        `{"plan":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      ),
  ],
  ['a NUL in the path', 'invalid_text', () => doctor.browser.fetch('/api/medical-records/a%00b')],
  [
    'no session',
    'unauthorized',
    () => new TestBrowser(fixture.server.url).fetch('/api/medical-records'),
  ],
  [
    'a write from another origin',
    'forbidden',
    () =>
      fetch(`${fixture.server.url}/api/medical-records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://outro.example' },
        body: '{}',
      }),
  ],
  ['an unknown route', 'not_found', () => doctor.browser.fetch('/api/nao-existe')],
  [
    'an unknown record id',
    'not_found',
    () => doctor.browser.fetch(`/api/medical-records/${randomUUID()}`),
  ],
  [
    'a stale write (If-Match of an older version)',
    'record_changed',
    () =>
      sendJson(doctor.browser, 'PUT', recordPath(), '{"plan":"Outro plano."}', {
        'if-match': '"1"',
      }),
  ],
  [
    'an If-Match that is not a version',
    'invalid_if_match',
    () =>
      sendJson(doctor.browser, 'PUT', recordPath(), '{"plan":"Outro plano."}', {
        'if-match': 'qualquer',
      }),
  ],
  [
    'a stale settings write',
    'settings_changed',
    () =>
      sendJson(doctor.browser, 'PATCH', '/api/settings', '{"crm":"12345"}', {
        'if-match': '"7"',
      }),
  ],
  [
    'a body over the limit',
    'payload_too_large',
    () =>
      sendJson(
        doctor.browser,
        'POST',
        '/api/medical-records',
        JSON.stringify({ plan: 'a'.repeat(MAX_JSON_BODY_BYTES) }),
      ),
  ],
  [
    'a body that is not JSON',
    'unsupported_media_type',
    () =>
      doctor.browser.fetch('/api/medical-records', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'plano: repouso',
      }),
  ],
];

describe('error answers of the API', () => {
  it.each(failingRequests)('%s → %s', async (_, code, send) => {
    const response = await send();
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(API_ERRORS[code].status);
    expect(body).toMatchObject({ success: false, code });
    expect(isApiErrorCode(body.code)).toBe(true);
    expect(typeof body.error).toBe('string');
    const error = String(body.error);
    expect(error.trim()).not.toBe('');
    expect(error).toMatch(PORTUGUESE_LETTER);
    expect(error).not.toMatch(/\b(Invalid|expected|received|Required|must|String)\b/);
  });

  it('sends the current state beside the code on a stale write', async () => {
    const response = await sendJson(doctor.browser, 'PUT', recordPath(), '{"plan":"Outro."}', {
      'if-match': '"1"',
    });
    expect(await response.json()).toMatchObject({
      success: false,
      code: 'record_changed',
      error: API_ERRORS.record_changed.message,
      record: { id: recordId, plan: 'Repouso.', version: 2 },
    });
  });
});
