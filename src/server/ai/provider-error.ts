import { APICallError, RetryError } from 'ai';
import { CHAT_ERROR_MESSAGES, type ChatErrorKind } from '@shared/chat/errors';
import type { ErrorCodeWithStatus } from '../http/errors';

/**
 * Why a call to the language model provider failed (the kinds of
 * docs/product.md, "Erros do chat e do provedor de IA").
 */
export type ProviderErrorKind = ChatErrorKind;

/**
 * docs/product.md, "Erros do chat e do provedor de IA": chat errors shown as assistant messages
 * (shared with the browser).
 */
export const PROVIDER_ERROR_MESSAGES = CHAT_ERROR_MESSAGES;

/** The API's code (`shared/api/errors.ts`) of each kind of failure, all answered with 502. */
export const PROVIDER_ERROR_CODES: Readonly<Record<ProviderErrorKind, ErrorCodeWithStatus<502>>> = {
  auth: 'provider_auth',
  quota: 'provider_quota',
  'rate-limit': 'provider_rate_limited',
  network: 'provider_unreachable',
  other: 'provider_failed',
};

/** Error codes Node and undici give a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** What the failure says about itself: the HTTP status, if any, and its texts in lower case. */
interface FailureFacts {
  status: number | undefined;
  /** Messages, response bodies, error codes and names along the cause chain. */
  text: string;
  networkCode: boolean;
}

/**
 * Gathers the facts of a failure: an AI SDK `APICallError` (HTTP status and response body), a
 * `RetryError` (its last attempt), an error part of a stream (a plain `{ message, code, type }`
 * from the provider), or a network error from fetch, following `cause` links.
 */
function factsOf(error: unknown): FailureFacts {
  const texts: string[] = [];
  let status: number | undefined;
  let networkCode = false;
  let current: unknown = RetryError.isInstance(error) ? error.lastError : error;
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; depth < 8 && current != null; depth += 1) {
    if (typeof current === 'string') {
      texts.push(current);
      break;
    }
    if (typeof current !== 'object') break;
    if (APICallError.isInstance(current)) {
      status ??= current.statusCode;
      if (current.responseBody) texts.push(current.responseBody);
    }
    const fields = current as Record<string, unknown>;
    for (const key of ['name', 'message', 'code', 'type'] as const) {
      const value = fields[key];
      if (typeof value === 'string') texts.push(value);
      if (key === 'code' && typeof value === 'string' && NETWORK_CODES.has(value)) {
        networkCode = true;
      }
    }
    // A stream's error part may carry the provider's error object under `error`.
    current = fields.cause ?? fields.error;
  }
  return { status, text: texts.join('\n').toLowerCase(), networkCode };
}

/**
 * Classifies a failed call to the language model
 * (docs/product.md, "Erros do chat e do provedor de IA"). The quota check comes before the rate
 * limit: OpenAI answers an exhausted quota with 429 and `insufficient_quota`.
 * @param error - whatever the AI SDK threw or put in an `error` stream part
 */
export function classifyProviderError(error: unknown): ProviderErrorKind {
  const { status, text, networkCode } = factsOf(error);
  if (status === 401 || status === 403 || /api[ _-]?key/.test(text)) return 'auth';
  if (status === 402 || text.includes('quota')) return 'quota';
  if (status === 429 || /rate[ _-]?limit/.test(text)) return 'rate-limit';
  // An HTTP status means the connection worked; only a call without an answer is a network error.
  if (
    status === undefined &&
    (networkCode || /network|fetch|timeout|timed out|cannot connect|econnrefused/.test(text))
  ) {
    return 'network';
  }
  return 'other';
}

/**
 * The Portuguese message for a failed call to the language model
 * (docs/product.md, "Erros do chat e do provedor de IA").
 * @param error - whatever the AI SDK threw or put in an `error` stream part
 */
export function providerErrorMessage(error: unknown): string {
  return PROVIDER_ERROR_MESSAGES[classifyProviderError(error)];
}
