import { demoChatApi } from '@shared/api/demo-chat';
import {
  DEMO_CHAT_MAX_MESSAGES,
  DEMO_CHAT_MAX_REPLY_LENGTH,
  type DemoChatMessage,
  type DemoChatMode,
} from '@shared/chat/demo-chat-protocol';
import { api } from './api';

/**
 * The landing's demo chat with the server (docs/product.md, "Página inicial e chat de
 * demonstração"). Without the query cache: the landing doesn't load it, to keep its first download
 * small.
 */

/** The most recent part of the conversation the server accepts, ending with the new question. */
export function demoConversation(messages: readonly DemoChatMessage[]): DemoChatMessage[] {
  return messages
    .slice(-DEMO_CHAT_MAX_MESSAGES)
    .map((message) =>
      message.role === 'assistant'
        ? { ...message, content: message.content.slice(0, DEMO_CHAT_MAX_REPLY_LENGTH) }
        : message,
    );
}

/**
 * Asks the server's demo route and hands each piece of the reply to `onText` as it streams in.
 * @returns who answered: the offline engine or a language model
 * @throws ApiError with a Portuguese message for the conversation (`unreachable` when the
 *   stream breaks off)
 */
export async function streamDemoReply(
  messages: readonly DemoChatMessage[],
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<DemoChatMode> {
  return api.stream(
    demoChatApi.reply,
    { body: { messages: demoConversation(messages) }, signal },
    onText,
  );
}

/**
 * Whether the server answers with a model or the offline engine (`GET /api/ai/demo-chat`).
 * @throws ApiError when the call fails (or the AbortError of `signal`)
 */
export function fetchDemoChatMode(signal: AbortSignal): Promise<DemoChatMode> {
  return api.call(demoChatApi.mode, { signal });
}
