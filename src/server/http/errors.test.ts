import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, API_ERROR_CODES, isApiErrorCode } from '@shared/api/errors';
import {
  HttpError,
  badGateway,
  badRequest,
  conflict,
  databaseUnavailable,
  errorResponse,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
  type ServerErrorCode,
} from './errors';

/** An app whose one route throws `error`, answered by `errorResponse`; and what it logged. */
function appThrowing(error: unknown) {
  const logLines: string[] = [];
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  const app = new Hono();
  app.get('/api/x', () => {
    throw error;
  });
  app.onError((thrown, c) => errorResponse(c, thrown, log));
  return { answer: () => app.request('/api/x'), logLines };
}

describe('HttpError', () => {
  it('answers each code with its status from the catalogue', () => {
    const serverCodes = API_ERROR_CODES.filter(
      (code): code is ServerErrorCode => API_ERRORS[code].status !== 0,
    );
    for (const code of serverCodes) {
      const error = new HttpError(code);
      expect(error.status, code).toBe(API_ERRORS[code].status);
      expect(error.message, code).toBe(API_ERRORS[code].message);
    }
  });

  it('gives each factory its code, keeping the precise message', () => {
    expect(badRequest('Idade inválida.')).toMatchObject({ status: 400, code: 'validation' });
    expect(badRequest('JSON inválido.', 'invalid_json')).toMatchObject({ code: 'invalid_json' });
    expect(notFound('Receita não encontrada.')).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Receita não encontrada.',
    });
    expect(conflict('Alterado.', 'record_changed', { record: {} })).toMatchObject({
      status: 409,
      code: 'record_changed',
      details: { record: {} },
    });
    expect(payloadTooLarge('1 MB')).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(tooManyRequests('Aguarde.', 7)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      headers: { 'Retry-After': '7' },
    });
    expect(unauthorized()).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(badGateway('Falhou.')).toMatchObject({ status: 502, code: 'provider_failed' });
    expect(badGateway('Cota.', 'provider_quota')).toMatchObject({ code: 'provider_quota' });
  });
});

describe('errorResponse', () => {
  it('writes success, code, error and the details of an HttpError', async () => {
    const { answer } = appThrowing(
      conflict('Este prontuário foi alterado.', 'record_changed', { record: { id: 'r1' } }),
    );
    const response = await answer();
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      code: 'record_changed',
      error: 'Este prontuário foi alterado.',
      record: { id: 'r1' },
    });
  });

  it('answers an unexpected error with internal and the generic text, never its own', async () => {
    const { answer, logLines } = appThrowing(
      new Error('select * from medical_records where patient = $1 (Maria Souza)'),
    );
    const response = await answer();
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      success: false,
      code: 'internal',
      error: API_ERRORS.internal.message,
    });
    expect(text).not.toMatch(/select|medical_records|Maria/);
    // The bug is still there for whoever reads the logs.
    expect(logLines.join('')).toContain('unhandled error');
  });

  it('answers a database that cannot be reached with database_unavailable and Retry-After', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const { answer } = appThrowing(new Error('Failed query', { cause: refused }));
    const response = await answer();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      success: false,
      code: 'database_unavailable',
      error: API_ERRORS.database_unavailable.message,
    });
    expect(databaseUnavailable().code).toBe('database_unavailable');
  });

  it('closes the connection after a 413', async () => {
    const response = await appThrowing(payloadTooLarge('1 MB')).answer();
    expect(response.headers.get('connection')).toBe('close');
    const body: unknown = await response.json();
    expect(body).toMatchObject({ code: 'payload_too_large' });
    expect(isApiErrorCode((body as { code: unknown }).code)).toBe(true);
  });
});
