import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { classifyProviderError, providerErrorMessage } from './provider-error';

/** An HTTP failure as the AI SDK reports it, with an OpenAI-style error body. */
function httpFailure(statusCode: number, message: string, code?: string): APICallError {
  return new APICallError({
    message,
    url: 'http://provedor.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error: { message, type: code ?? 'error', code } }),
  });
}

/** What fetch throws when nothing listens on the port, as the AI SDK wraps it. */
function connectionRefused(): APICallError {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
    code: 'ECONNREFUSED',
  });
  return new APICallError({
    message: `Cannot connect to API: ${cause.message}`,
    url: 'http://127.0.0.1:9/v1/chat/completions',
    requestBodyValues: {},
    cause,
    isRetryable: true,
  });
}

describe('providerErrorMessage (the chat error messages)', () => {
  it.each([
    [httpFailure(401, 'Incorrect API key provided', 'invalid_api_key'), 'auth'],
    [httpFailure(403, 'Forbidden'), 'auth'],
    [new Error('Missing API key'), 'auth'],
    [httpFailure(402, 'Payment required'), 'quota'],
    [httpFailure(429, 'You exceeded your current quota', 'insufficient_quota'), 'quota'],
    [httpFailure(400, 'insufficient_quota'), 'quota'],
    [httpFailure(429, 'Too many requests'), 'rate-limit'],
    [httpFailure(400, 'Limit reached', 'rate_limit_exceeded'), 'rate-limit'],
    [connectionRefused(), 'network'],
    [new TypeError('fetch failed'), 'network'],
    [new Error('network error'), 'network'],
    [new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 'network'],
    [httpFailure(500, 'Internal server error'), 'other'],
    [httpFailure(502, 'fetch from upstream failed'), 'other'],
    [new Error('something else'), 'other'],
    ['texto solto', 'other'],
    [undefined, 'other'],
  ])('%s → %s', (error, kind) => {
    expect(classifyProviderError(error)).toBe(kind);
  });

  it('reads the provider error object of a failed stream', () => {
    const streamError = { message: 'Rate limit reached for requests', type: 'requests' };
    expect(classifyProviderError(streamError)).toBe('rate-limit');
    expect(classifyProviderError({ error: { message: 'x', code: 'insufficient_quota' } })).toBe(
      'quota',
    );
  });

  it('looks at the last attempt of a retried call', () => {
    const retried = new RetryError({
      message: 'Failed after 3 attempts.',
      reason: 'maxRetriesExceeded',
      errors: [connectionRefused(), connectionRefused(), httpFailure(429, 'Too many requests')],
    });
    expect(classifyProviderError(retried)).toBe('rate-limit');
  });

  it('answers with the catalogue texts, word for word', () => {
    expect(providerErrorMessage(httpFailure(401, 'Incorrect API key provided'))).toBe(
      'Erro de configuração: Chave da API não configurada ou inválida.',
    );
    expect(providerErrorMessage(httpFailure(402, 'quota'))).toBe(
      'Limite de uso da API excedido. Tente novamente mais tarde.',
    );
    expect(providerErrorMessage(httpFailure(429, 'slow down'))).toBe(
      'Muitas requisições. Aguarde alguns segundos e tente novamente.',
    );
    expect(providerErrorMessage(connectionRefused())).toBe(
      'Erro de conexão. Verifique sua internet e tente novamente.',
    );
    expect(providerErrorMessage(new Error('?'))).toBe(
      'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
    );
  });
});
