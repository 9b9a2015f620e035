import { readAiSource } from '../ai/protocol';
import type { DemoChatMessage, DemoChatMode } from '../chat/demo-chat-protocol';
import { endpoint, jsonBody } from './client';

/**
 * `/api/ai/demo-chat`: the landing's demo chat. Read without zod, so the landing's first
 * download stays small.
 */
export const demoChatApi = {
  /** Who answers the demo, before any message is sent. */
  mode: endpoint({
    method: 'GET',
    path: '/api/ai/demo-chat',
    answer: (body): DemoChatMode =>
      typeof body === 'object' && body !== null && 'mode' in body && body.mode === 'offline'
        ? 'offline'
        : 'model',
  }),
  /** The reply to a demo conversation, streamed as text; the answer is who wrote it. */
  reply: endpoint({
    method: 'POST',
    path: '/api/ai/demo-chat',
    body: jsonBody<{ messages: DemoChatMessage[] }>(),
    answer: (_body, headers): DemoChatMode =>
      readAiSource(headers) === 'model' ? 'model' : 'offline',
  }),
};
