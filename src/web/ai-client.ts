import type { z } from 'zod';
import { AI_ERROR_HEADER, readAiSource, type AiSource } from '../shared/ai-protocol';
import { CHAT_ERROR_MESSAGES, type ChatErrorKind } from '../shared/chat-errors';
import { ApiError, CONNECTION_ERROR, errorMessageOf } from './api-request';

/**
 * The one way the web app asks the server's AI (`/api/ai/*`): every answer comes with who wrote
 * it, so a screen never presents the offline engine's or a fallback answer as a model's.
 */

export interface AiAnswer<T> {
  answer: T;
  source: AiSource;
  /** Spec §8's message when the provider failed and the answer is the fallback. */
  notice?: string;
}

const ERROR_KINDS = new Set<string>(Object.keys(CHAT_ERROR_MESSAGES));

function noticeOf(headers: Headers): string | undefined {
  const kind = headers.get(AI_ERROR_HEADER);
  return kind && ERROR_KINDS.has(kind) ? CHAT_ERROR_MESSAGES[kind as ChatErrorKind] : undefined;
}

/**
 * Calls one AI task (`POST /api/ai/<path>`) and validates its answer.
 * @throws ApiError with the server's Portuguese message (400, 401, 429) or the connection message
 */
export async function requestAiTask<Schema extends z.ZodType>(
  path: string,
  body: unknown,
  schema: Schema,
  signal?: AbortSignal,
): Promise<AiAnswer<z.output<Schema>>> {
  let response: Response;
  try {
    response = await fetch(`/api/ai/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(CONNECTION_ERROR);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      errorMessageOf(json) ?? `Erro do servidor (${response.status}).`,
      response.status,
    );
  }
  const notice = noticeOf(response.headers);
  return {
    answer: schema.parse(json),
    source: readAiSource(response.headers),
    ...(notice ? { notice } : {}),
  };
}

/** The text shown when a streamed reply breaks off. */
export const ANSWER_CUT_ERROR = `A resposta foi interrompida. ${CONNECTION_ERROR}`;

/**
 * Posts to a streamed AI route and hands each piece of the reply to `onText` as it arrives.
 * @returns who answered: a model or the offline engine
 * @throws ApiError with the server's (spec §8) message, or saying the answer broke off
 */
export async function streamAiReply(
  path: string,
  body: unknown,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiSource> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(CONNECTION_ERROR);
  }
  if (!response.ok || !response.body) {
    const json: unknown = await response.json().catch(() => undefined);
    throw new ApiError(errorMessageOf(json) ?? CHAT_ERROR_MESSAGES.other, response.status);
  }
  const source = readAiSource(response.headers);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onText(value);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    // What arrived stays on screen; the reader is told the answer is cut.
    throw new ApiError(ANSWER_CUT_ERROR);
  }
  return source;
}
