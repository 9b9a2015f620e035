/**
 * How the server says who wrote an AI answer, without zod: the chat screen and the landing read
 * these headers, and their first download stays small.
 */

/** The response header saying who wrote the answer (spec: "Never present a canned answer as a model's"). */
export const AI_SOURCE_HEADER = 'X-Prontu-AI-Mode';

/**
 * Who wrote an AI answer: the configured language model, the offline engine (no model is
 * configured), or the fallback (docs/product.md, "Quem respondeu") because the model failed or
 * answered nonsense.
 */
export type AiSource = 'model' | 'offline' | 'fallback';

/**
 * Set beside a `fallback` answer when the provider itself failed: the kind of failure
 * (`auth`, `quota`, `rate-limit`, `network`, `other`), so the screen can say what happened in the
 * words of docs/product.md, "Erros do chat e do provedor de IA" (`CHAT_ERROR_MESSAGES`).
 */
export const AI_ERROR_HEADER = 'X-Prontu-AI-Error';

/** Reads the source header of an AI answer; anything unknown is treated as not a model's. */
export function readAiSource(headers: Headers): AiSource {
  const value = headers.get(AI_SOURCE_HEADER);
  return value === 'model' || value === 'offline' ? value : 'fallback';
}
