import { streamText, type LanguageModel, type TextStreamPart, type ToolSet } from 'ai';
import { Hono } from 'hono';
import { composeOfflineReply } from '../../clinical/offline-chat';
import { demoChatRequestSchema } from '../../shared/demo-chat';
import {
  DEMO_CHAT_MODE_HEADER,
  type DemoChatMessage,
  type DemoChatMode,
} from '../../shared/demo-chat-protocol';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import { badGateway } from '../http/errors';
import { readJsonBody } from '../http/json-body';
import { rateLimit } from '../http/rate-limit';
import { CLIENT_IP_HEADER } from '../http/security';
import type { Logger } from '../logger';
import { CHAT_CALL_SETTINGS, CHAT_TIMEOUT_MS, createAiModels } from './chat-model';
import {
  PROVIDER_ERROR_MESSAGES,
  classifyProviderError,
  type ProviderErrorKind,
} from './provider-error';

/** Demo messages per client address and window: a real visitor never gets near it. */
export const DEMO_CHAT_RATE_LIMIT = {
  max: 20,
  windowMs: 10 * 60 * 1000,
  message: 'Muitas mensagens em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const;

/** The model's instructions for the landing page's demo (Portuguese, as it answers in it). */
export const DEMO_SYSTEM_PROMPT = [
  'Você é a demonstração do Prontu, um assistente clínico para médicos brasileiros, na página',
  'inicial do produto. Quem escreve é um médico: fale com ele como um colega, em português do',
  'Brasil, de forma concisa (poucos parágrafos curtos). Suas respostas são informativas e não',
  'substituem o julgamento clínico nem a avaliação do paciente. Se a mensagem descrever uma',
  'emergência (dor no peito, falta de ar intensa, convulsão, sangramento intenso, desmaio,',
  'intoxicação, acidente grave), oriente a ligar imediatamente para o SAMU 192 ou procurar a',
  'unidade de emergência mais próxima. Se perguntarem sobre o Prontu: ele oferece chat com IA',
  '(geral ou com 20 especialistas), prontuário SOAP em sete etapas, consulta por voz com',
  'transcrição, busca de CID-10, sugestões de medicamentos, exames e plano, e receitas para',
  'imprimir; os dados ficam no banco de dados da clínica e cada médico vê apenas os seus',
  'pacientes. Para usar tudo isso, o médico clica em Cadastrar e cria sua conta.',
].join(' ');

const EMPTY_ANSWER_MESSAGE = PROVIDER_ERROR_MESSAGES.other;

/** Why a model answer stopped early. */
type FailureKind = ProviderErrorKind | 'client-gone';

/**
 * `POST /api/ai/demo-chat`: the landing page's demo chat, for signed-out visitors. Answers the
 * conversation with a streamed `text/plain` reply and `X-Prontu-AI-Mode: offline | model`.
 * Rate-limited per client address (the `clientAddress` middleware must run before it).
 */
export function demoChatRoutes(deps: { config: Config; db: AppDatabase }): Hono<AppEnv> {
  const model = deps.config.ai ? createAiModels(deps.config.ai).chat : undefined;
  const routes = new Hono<AppEnv>();

  routes.post(
    '/',
    rateLimit({
      db: deps.db,
      name: 'demo-chat',
      ...DEMO_CHAT_RATE_LIMIT,
      keyOf: (c) => c.req.header(CLIENT_IP_HEADER) ?? 'unknown',
    }),
    async (c) => {
      const { messages } = await readJsonBody(c, demoChatRequestSchema);
      const log = c.get('log').child({
        component: 'demo-chat',
        mode: model ? 'model' : 'offline',
        // Sizes only: what visitors write may describe a patient.
        messages: messages.length,
        chars: messages.reduce((total, message) => total + message.content.length, 0),
      });
      const reply = model
        ? await startModelReply(model, messages, c.req.raw.signal, log, () =>
            c.env.outgoing.destroy(),
          )
        : offlineReply(messages, log);
      return new Response(reply.body, {
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          [DEMO_CHAT_MODE_HEADER]: reply.mode,
          // A reverse proxy must pass each piece on as it comes, not the whole answer at the end.
          'X-Accel-Buffering': 'no',
        },
      });
    },
  );
  return routes;
}

interface StreamedReply {
  mode: DemoChatMode;
  body: ReadableStream<Uint8Array>;
}

const encoder = new TextEncoder();

function offlineReply(messages: readonly DemoChatMessage[], log: Logger): StreamedReply {
  const text = composeOfflineReply(messages);
  log.info({ outcome: 'complete', replyChars: text.length }, 'demo chat answered');
  // Streamed like a model's answer, so the page reads both the same way; no artificial delay
  // (ARCHITECTURE.md: the offline engine answers as fast as it can).
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
 * quota, unreachable) is answered with a 502 and the §8 message instead of a broken stream.
 * @throws HttpError 502 with the spec §8 text when the provider fails before any text
 */
async function startModelReply(
  model: LanguageModel,
  messages: readonly DemoChatMessage[],
  requestSignal: AbortSignal,
  log: Logger,
  /** Breaks the HTTP response, so the page knows the answer is incomplete. */
  breakResponse: () => void,
): Promise<StreamedReply> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(CHAT_TIMEOUT_MS);
  const result = streamText({
    model,
    system: DEMO_SYSTEM_PROMPT,
    messages: [...messages],
    ...CHAT_CALL_SETTINGS,
    // A closed tab stops the model; our own timeout (rather than the SDK's `timeout`) lets a
    // timeout be told apart from a visitor leaving.
    abortSignal: AbortSignal.any([requestSignal, timeout]),
    // No retries in the demo: a visitor is waiting, the SDK's back-off (2 s, then 4 s) would eat
    // most of the 30 s, and retrying a rate-limited public demo only adds load on the provider.
    maxRetries: 0,
    // Errors are read from the stream below; the SDK's default would print them, request body
    // (the visitor's words) included, to the console.
    onError: () => {},
  });
  const parts = result.fullStream[Symbol.asyncIterator]();

  /** Why the stream stopped, by kind only: never its text nor the error's details. */
  const kindOf = (part: TextStreamPart<ToolSet>): FailureKind => {
    if (part.type === 'error') return classifyProviderError(part.error);
    // Our timeout counts as a connection problem; otherwise the visitor closed the tab.
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
    log.warn(
      { kind: failedWith, ms: elapsed(started) },
      'demo chat: model failed before answering',
    );
    throw badGateway(
      failedWith === 'client-gone' ? EMPTY_ANSWER_MESSAGE : PROVIDER_ERROR_MESSAGES[failedWith],
    );
  }
  if (first === undefined) {
    log.warn({ kind: 'empty', ms: elapsed(started) }, 'demo chat: model answered nothing');
    throw badGateway(EMPTY_ANSWER_MESSAGE);
  }

  let replyChars = first.length;
  const firstText = first;
  let finished = false;
  /** Logs how the answer ended, once: a cancel may race with a pending read. */
  const finish = (outcome: string, extra: Record<string, unknown> = {}) => {
    if (finished) return;
    finished = true;
    log.info({ outcome, replyChars, ms: elapsed(started), ...extra }, 'demo chat answered');
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
          // The visitor left while we waited (see cancel): the stream is already closed.
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
            // The visitor already reads part of the answer. Breaking the connection (rather than
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
