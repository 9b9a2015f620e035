/**
 * The demo chat's limits and wire format, without zod: the landing page imports this, and its
 * first download stays small (the request schema is in demo-chat.ts).
 */
import { AI_SOURCE_HEADER } from '../ai/protocol';

/**
 * docs/product.md, "Página inicial e chat de demonstração": the landing page's demo chat accepts at
 * most 500 characters per message.
 */
export const DEMO_CHAT_MAX_LENGTH = 500;
/** Messages a demo conversation may send: enough for a short exchange, little for abuse. */
export const DEMO_CHAT_MAX_MESSAGES = 20;
/** Longest earlier reply the demo accepts back (the model answers in at most 800 tokens). */
export const DEMO_CHAT_MAX_REPLY_LENGTH = 4000;

/** The response header saying who wrote the reply: the offline engine or a language model. */
export const DEMO_CHAT_MODE_HEADER = AI_SOURCE_HEADER;

/** The demo's route: GET says who answers, POST answers a conversation. */
export const DEMO_CHAT_PATH = '/api/ai/demo-chat';
export type DemoChatMode = 'offline' | 'model';

/** `GET /api/ai/demo-chat`: who answers the demo, before any message is sent. */
export interface DemoChatModeAnswer {
  mode: DemoChatMode;
}

/** One message of a demo conversation, as sent to `POST /api/ai/demo-chat`. */
export interface DemoChatMessage {
  role: 'user' | 'assistant';
  content: string;
}
