import { CHAT_CALL_SETTINGS } from './chat-model';
import { streamText, type LanguageModel, type TextStreamPart, type ToolSet } from 'ai';
import { badGateway } from '../http/errors';
import type { Logger } from '../logger';
import {
  PROVIDER_ERROR_CODES,
  PROVIDER_ERROR_MESSAGES,
  classifyProviderError,
  type ProviderErrorKind,
} from './provider-error';
import { deadlineSignal } from './deadline';

/**
 * Streams a chat reply to the browser: the model's words as they come, or the offline engine's
 * whole reply. Shared by the landing's demo chat and the doctor's chat.
 */

const EMPTY_ANSWER_MESSAGE = PROVIDER_ERROR_MESSAGES.other;

/** Why a model answer stopped early. */
type FailureKind = ProviderErrorKind | 'client-gone';

/** A reply on its way to the browser, and who writes it. */
export interface StreamedReply {
  mode: 'offline' | 'model';
  body: ReadableStream<Uint8Array>;
}

const encoder = new TextEncoder();

/** The offline engine's whole reply, sent as a stream so the page reads both kinds the same way. */
export function offlineReply(text: string, log: Logger): StreamedReply {
  log.info({ outcome: 'complete', replyChars: text.length }, 'chat answered');
  // Streamed like a model's answer, so the page reads both the same way; no artificial delay
  // (the offline engine answers as fast as it can).
  return {
    mode: 'offline',
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode(text));
        controller.close();
      },
    }),
  };
}

/**
 * Asks the model and waits for its first words, so a provider that fails at once (bad key,
 * quota, unreachable) is answered with a 502 and the message of
 * docs/product.md, "Erros do chat e do provedor de IA" instead of a broken stream.
 * @throws HttpError 502 with that text and the failure's `provider_*` code when the
 *   provider fails before any text
 */
export async function startModelReply(request: {
  model: LanguageModel;
  system: string;
  messages: readonly { role: 'user' | 'assistant'; content: string }[];
  /** The HTTP request's signal: a closed tab stops the model. */
  requestSignal: AbortSignal;
  timeoutMs: number;
  /** Retries of a call that fails before answering (the demo: none). */
  maxRetries: number;
  log: Logger;
  /** Breaks the HTTP response, so the page knows the answer is incomplete. */
  breakResponse: () => void;
}): Promise<StreamedReply> {
  const { model, requestSignal, log, breakResponse } = request;
  const started = performance.now();
  const timeout = deadlineSignal(request.timeoutMs);
  const result = streamText({
    model,
    system: request.system,
    messages: [...request.messages],
    ...CHAT_CALL_SETTINGS,
    // A closed tab stops the model; our own timeout (rather than the SDK's `timeout`) lets a
    // timeout be told apart from a reader leaving.
    abortSignal: AbortSignal.any([requestSignal, timeout]),
    maxRetries: request.maxRetries,
    // Errors are read from the stream below; the SDK's default would print them, request body
    // (the reader's words) included, to the console.
    onError: () => {},
  });
  const parts = result.fullStream[Symbol.asyncIterator]();

  /** Why the stream stopped, by kind only: never its text nor the error's details. */
  const kindOf = (part: TextStreamPart<ToolSet>): FailureKind => {
    if (part.type === 'error') return classifyProviderError(part.error);
    // Our timeout counts as a connection problem; otherwise the reader closed the tab.
    return timeout.aborted ? 'network' : 'client-gone';
  };

  let first: string | undefined;
  let failedWith: FailureKind | undefined;
  for (;;) {
    let next: IteratorResult<TextStreamPart<ToolSet>>;
    try {
      next = await parts.next();
    } catch (error) {
      failedWith = classifyProviderError(error);
      break;
    }
    if (next.done) break;
    const part = next.value;
    if (part.type === 'text-delta' && part.text !== '') {
      first = part.text;
      break;
    }
    if (part.type === 'error' || part.type === 'abort') {
      failedWith = kindOf(part);
      break;
    }
  }
  if (failedWith || first === undefined) void parts.return?.();
  if (failedWith) {
    log.warn({ kind: failedWith, ms: elapsed(started) }, 'chat: model failed before answering');
    throw failedWith === 'client-gone'
      ? badGateway(EMPTY_ANSWER_MESSAGE)
      : badGateway(PROVIDER_ERROR_MESSAGES[failedWith], PROVIDER_ERROR_CODES[failedWith]);
  }
  if (first === undefined) {
    log.warn({ kind: 'empty', ms: elapsed(started) }, 'chat: model answered nothing');
    throw badGateway(EMPTY_ANSWER_MESSAGE);
  }

  let replyChars = first.length;
  const firstText = first;
  let finished = false;
  /** Logs how the answer ended, once: a cancel may race with a pending read. */
  const finish = (outcome: string, extra: Record<string, unknown> = {}) => {
    if (finished) return;
    finished = true;
    log.info({ outcome, replyChars, ms: elapsed(started), ...extra }, 'chat answered');
  };
  return {
    mode: 'model',
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(firstText));
      },
      // Loops until it has something to hand over: a pull that enqueues nothing is not called
      // again, and the answer would hang.
      async pull(controller) {
        for (;;) {
          let next: IteratorResult<TextStreamPart<ToolSet>>;
          try {
            next = await parts.next();
          } catch (error) {
            if (finished) return;
            finish('cut', { kind: classifyProviderError(error) });
            breakResponse();
            controller.close();
            return;
          }
          // The reader left while we waited (see cancel): the stream is already closed.
          if (finished) return;
          if (next.done) {
            finish('complete');
            controller.close();
            return;
          }
          const part = next.value;
          if (part.type === 'text-delta' && part.text !== '') {
            replyChars += part.text.length;
            controller.enqueue(encoder.encode(part.text));
            return;
          }
          if (part.type === 'error' || part.type === 'abort') {
            // The reader already reads part of the answer. Breaking the connection (rather than
            // ending the response) tells the page the answer is incomplete, so it says so.
            // Not controller.error(): the Node adapter would print it and append it to the body.
            finish('cut', { kind: kindOf(part) });
            breakResponse();
            controller.close();
            return;
          }
        }
      },
      async cancel() {
        finish('client-gone');
        await parts.return?.();
      },
    }),
  };
}

const elapsed = (since: number) => Math.round(performance.now() - since);
