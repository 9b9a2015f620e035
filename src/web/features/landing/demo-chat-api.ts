import {
  DEMO_CHAT_MAX_MESSAGES,
  DEMO_CHAT_MAX_REPLY_LENGTH,
  DEMO_CHAT_MODE_HEADER,
  type DemoChatMessage,
  type DemoChatMode,
} from '../../../shared/demo-chat-protocol';
import { CHAT_ERROR_MESSAGES } from '../../../shared/chat-errors';
import { ApiError, CONNECTION_ERROR, errorMessageOf } from '../../api-request';

const ANSWER_CUT_ERROR = `A resposta foi interrompida. ${CONNECTION_ERROR}`;

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
 * @throws ApiError with a Portuguese message for the conversation
 */
export async function streamDemoReply(
  messages: readonly DemoChatMessage[],
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<DemoChatMode> {
  let response: Response;
  try {
    response = await fetch('/api/ai/demo-chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: demoConversation(messages) }),
      signal: signal ?? null,
    });
  } catch {
    throw new ApiError(CONNECTION_ERROR);
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(errorMessageOf(body) ?? CHAT_ERROR_MESSAGES.other, response.status);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onText(value);
    }
  } catch {
    // The answer broke off: what arrived stays on screen, and the visitor is told it is cut.
    throw new ApiError(ANSWER_CUT_ERROR);
  }
  return response.headers.get(DEMO_CHAT_MODE_HEADER) === 'model' ? 'model' : 'offline';
}
