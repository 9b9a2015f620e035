import { generateText, type LanguageModel } from 'ai';
import type { z } from 'zod';
import type { AiSource } from '@shared/ai/protocol';
import type { Cid10Index } from '@clinical/cid10/search-index';
import { HttpError } from '../http/errors';
import { parseOrBadRequest } from '../http/json-body';
import type { Logger } from '../logger';
import { withPatientHistory, type PatientHistory } from '@shared/patients/history';
import { REASONING_CALL_SETTINGS, type AiModels } from './chat-model';
import { parseModelJson } from './model-json';
import { classifyProviderError, type ProviderErrorKind } from './provider-error';
import { deadlineSignal } from './deadline';

/** What the offline engine needs besides the request: the CID-10 catalogue and the clock. */
export interface OfflineEngine {
  cid10: Cid10Index;
  now: () => Date;
}

/**
 * One AI task of docs/product.md, "Tarefas e respostas padrão", answered under
 * `POST /api/ai/<path>`: by the configured model when there is one, else by the offline engine; a
 * model reply that cannot be used gives the task's fallback (its resposta padrão).
 */
export interface AiTask<Input, Answer, Reply = Answer> {
  /** The route under `/api/ai/`. */
  path: string;
  request: z.ZodType<Input>;
  /**
   * Validates the model's reply and fills what it left out with the defaults of docs/product.md, "Tarefas e respostas padrão". A reply
   * that is not yet the answer (Reply other than Answer) needs `finish` to become one.
   */
  answer: z.ZodType<Reply>;
  /** The model's instructions, in Portuguese: what to do and the JSON to reply with. */
  system: string;
  prompt: (input: Input) => string;
  /** Turns the model's text into what `answer` reads; by default the reply's first JSON block. */
  readReply?: (reply: string) => unknown;
  /** Shapes a valid model reply by the request into the answer (drops what was not asked for). */
  finish?: (input: Input, reply: Reply) => Answer;
  /** Which model answers: structured tasks use the reasoning model (docs/product.md, "Parâmetros dos modelos"). */
  model?: 'chat' | 'reasoning';
  /** The offline engine's answer when no model is configured. */
  offline: (input: Input, engine: OfflineEngine) => Answer;
  /**
   * docs/product.md, "Tarefas e respostas padrão": the answer when the model's reply cannot be
   * used.
   */
  fallback: (input: Input) => Answer;
  /**
   * docs/product.md, "Tarefas e respostas padrão": the answer when the call itself failed; the
   * fallback when not given.
   */
  onError?: (input: Input) => Answer;
}

/** A task ready to serve: the request is read and validated inside, so tasks can share a list. */
export interface DefinedAiTask {
  path: string;
  /** Which of the configured models answers it. */
  model: 'chat' | 'reasoning';
  /**
   * Validates the request body and answers it.
   * @throws HttpError 400 with a Portuguese message when the body is invalid
   */
  run: (body: unknown, deps: TaskDeps) => Promise<TaskOutcome<unknown>>;
}

export interface TaskDeps {
  /** The configured models, or undefined for the offline engine. */
  models: AiModels | undefined;
  engine: OfflineEngine;
  timeoutMs: number;
  signal?: AbortSignal;
  log: Logger;
  /** Runs the offline engine's synchronous work in its turn (see `http/cpu-work.ts`). */
  runCpuWork: <T>(work: () => T) => Promise<T>;
  /** The record's patient's earlier visits and lists, for the model's instructions. */
  history?: PatientHistory;
}

/** Wraps a typed task for the route table. */
export function defineAiTask<Input, Answer, Reply>(
  task: AiTask<Input, Answer, Reply>,
): DefinedAiTask {
  return {
    path: task.path,
    model: task.model ?? 'chat',
    run: (body, deps) => runAiTask(task, parseOrBadRequest(task.request, body), deps),
  };
}

export interface TaskOutcome<Answer> {
  answer: Answer;
  source: AiSource;
  /** Why the provider failed, when it did. */
  failure?: ProviderErrorKind;
}

/**
 * Answers one task. Never throws for the model's sake: a failed call or an unusable reply give
 * the task's fallback answer, and the outcome says which.
 */
export async function runAiTask<Input, Answer, Reply>(
  task: AiTask<Input, Answer, Reply>,
  input: Input,
  deps: TaskDeps,
): Promise<TaskOutcome<Answer>> {
  const log = deps.log.child({ component: 'ai-task', task: task.path });
  if (!deps.models) {
    try {
      return {
        answer: await deps.runCpuWork(() => task.offline(input, deps.engine)),
        source: 'offline',
      };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // docs/product.md, "Tarefas e respostas padrão": failures are logged and swallowed. The
      // error's name only: its message may quote the patient's words.
      log.error({ error: errorName(error) }, 'offline engine failed');
      return { answer: task.fallback(input), source: 'fallback' };
    }
  }
  const started = performance.now();
  const model: LanguageModel = task.model === 'chat' ? deps.models.chat : deps.models.reasoning;
  let reply: string;
  try {
    const result = await generateText({
      model,
      system: withPatientHistory(task.system, deps.history),
      prompt: task.prompt(input),
      ...(task.model === 'chat' ? {} : REASONING_CALL_SETTINGS),
      abortSignal: AbortSignal.any([
        deadlineSignal(deps.timeoutMs),
        ...(deps.signal ? [deps.signal] : []),
      ]),
      // One quick retry for a blip; the SDK's back-off would otherwise keep the doctor waiting.
      maxRetries: 1,
    });
    reply = result.text;
  } catch (error) {
    const failure = classifyProviderError(error);
    log.warn({ kind: failure, ms: elapsed(started) }, 'model call failed');
    return { answer: (task.onError ?? task.fallback)(input), source: 'fallback', failure };
  }
  const parsed = task.answer.safeParse((task.readReply ?? parseModelJson)(reply));
  if (!parsed.success) {
    // Sizes only: the reply describes a patient.
    log.warn({ replyChars: reply.length, ms: elapsed(started) }, 'model reply unusable');
    return { answer: task.fallback(input), source: 'fallback' };
  }
  log.info({ replyChars: reply.length, ms: elapsed(started) }, 'model answered');
  // Without `finish`, the reply is the answer (the task's Reply defaults to its Answer).
  const answer = task.finish ? task.finish(input, parsed.data) : (parsed.data as unknown as Answer);
  return { answer, source: 'model' };
}

const elapsed = (since: number) => Math.round(performance.now() - since);

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown';
}
