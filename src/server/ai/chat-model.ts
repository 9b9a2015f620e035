import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '../config';

/** A configured language model endpoint (`config.ai` when AI_BASE_URL is set). */
export type AiConfig = NonNullable<Config['ai']>;

/**
 * docs/product.md, "Parâmetros dos modelos": chat answers use at most 800 tokens, temperature 0.7,
 * top_p 0.9, penalties 0.1.
 */
export const CHAT_CALL_SETTINGS = {
  maxOutputTokens: 800,
  temperature: 0.7,
  topP: 0.9,
  frequencyPenalty: 0.1,
  presencePenalty: 0.1,
} as const;

/** docs/product.md, "Parâmetros dos modelos": anamnesis and structured tasks use at most 6000 tokens, temperature 0.2. */
export const REASONING_CALL_SETTINGS = {
  maxOutputTokens: 6000,
  temperature: 0.2,
} as const;

/** How long a chat answer may take, from the request to its last word. */
export const CHAT_TIMEOUT_MS = 30_000;

export interface AiModels {
  /** The small model for chat answers (`AI_CHAT_MODEL`). */
  chat: LanguageModel;
  /** The model for anamnesis and structured tasks (`AI_REASONING_MODEL`, else the chat model). */
  reasoning: LanguageModel;
}

/**
 * The language models of any OpenAI-compatible endpoint (OpenAI, Groq, OpenRouter, Ollama,
 * vLLM, llama.cpp). The key stays inside the provider, which sends it only as the
 * `Authorization` header to that endpoint: it is never logged nor sent to the browser.
 * @param ai - `config.ai`
 */
export function createAiModels(ai: AiConfig): AiModels {
  const provider = createOpenAICompatible({
    name: 'prontu-ai',
    baseURL: ai.baseUrl,
    // Local servers (Ollama, llama.cpp) usually need no key; without one no header is sent.
    apiKey: ai.apiKey,
  });
  return {
    chat: provider.chatModel(ai.chatModel),
    reasoning: provider.chatModel(ai.reasoningModel),
  };
}
