import { z } from 'zod';
import {
  DEMO_CHAT_MAX_LENGTH,
  DEMO_CHAT_MAX_MESSAGES,
  DEMO_CHAT_MAX_REPLY_LENGTH,
} from './demo-chat-protocol';

/** What a visitor types in the demo chat; the form checks it with the same words as the API. */
export const demoChatTextSchema = z
  .string({ error: 'A mensagem deve ser um texto.' })
  .trim()
  .min(1, { error: 'A mensagem não pode ficar vazia.' })
  .max(DEMO_CHAT_MAX_LENGTH, {
    error: `A mensagem pode ter no máximo ${DEMO_CHAT_MAX_LENGTH} caracteres.`,
  });

const userMessageSchema = z.strictObject({
  role: z.literal('user'),
  content: demoChatTextSchema,
});

const assistantMessageSchema = z.strictObject({
  role: z.literal('assistant'),
  content: z
    .string({ error: 'A resposta do assistente deve ser um texto.' })
    .max(DEMO_CHAT_MAX_REPLY_LENGTH, {
      error: `Cada resposta do assistente pode ter no máximo ${DEMO_CHAT_MAX_REPLY_LENGTH} caracteres.`,
    }),
});

/** `POST /api/ai/demo-chat` body: the conversation so far, ending with the visitor's message. */
export const demoChatRequestSchema = z.strictObject({
  messages: z
    .array(
      z.discriminatedUnion('role', [userMessageSchema, assistantMessageSchema], {
        error: 'Cada mensagem deve ter role "user" ou "assistant" e o texto em content.',
      }),
      { error: 'Envie a conversa como uma lista de mensagens.' },
    )
    .min(1, { error: 'Envie ao menos uma mensagem.' })
    .max(DEMO_CHAT_MAX_MESSAGES, {
      error: `A demonstração aceita no máximo ${DEMO_CHAT_MAX_MESSAGES} mensagens por conversa. Comece uma nova conversa.`,
    })
    .refine((messages) => messages[messages.length - 1]?.role === 'user', {
      error: 'A última mensagem deve ser do usuário.',
    }),
});

export type DemoChatRequest = z.infer<typeof demoChatRequestSchema>;
