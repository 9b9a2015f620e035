import { z } from 'zod';
import { aiRecordSchema } from '../ai/tasks';
import { patientIdSchema, recordIdSchema } from '../records/medical-record';
import { CHAT_INPUT_MAX_LENGTH } from './rules';
import { SPECIALIST_AGENT_IDS } from './specialist-agents';

/** Messages of a conversation the chat sends to the model: the recent ones are what matters. */
export const CHAT_MAX_MESSAGES = 40;
/** Longest earlier reply accepted back (a model answers in at most 800 tokens). */
const CHAT_MAX_REPLY_LENGTH = 8_000;

export const CHAT_MODES = ['general', 'specialist'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

const userMessage = z.strictObject({
  role: z.literal('user'),
  content: z
    .string({ error: 'A mensagem deve ser um texto.' })
    .trim()
    .min(1, { error: 'A mensagem não pode ficar vazia.' })
    .max(CHAT_INPUT_MAX_LENGTH, {
      error: `A mensagem pode ter no máximo ${CHAT_INPUT_MAX_LENGTH} caracteres.`,
    }),
});

const assistantMessage = z.strictObject({
  role: z.literal('assistant'),
  content: z.string().max(CHAT_MAX_REPLY_LENGTH, {
    error: `Cada resposta do assistente pode ter no máximo ${CHAT_MAX_REPLY_LENGTH} caracteres.`,
  }),
});

/**
 * `POST /api/ai/chat`: the conversation (ending with the doctor's message), the mode, the
 * specialist in specialist mode, and the open record, whose content is added to the prompt.
 */
export const chatRequestSchema = z
  .strictObject({
    messages: z
      .array(
        z.discriminatedUnion('role', [userMessage, assistantMessage], {
          error: 'Cada mensagem deve ter role "user" ou "assistant" e o texto em content.',
        }),
        { error: 'Envie a conversa como uma lista de mensagens.' },
      )
      .min(1, { error: 'Envie ao menos uma mensagem.' })
      .max(CHAT_MAX_MESSAGES, { error: `Envie no máximo ${CHAT_MAX_MESSAGES} mensagens.` })
      .refine((messages) => messages[messages.length - 1]?.role === 'user', {
        error: 'A última mensagem deve ser do médico.',
      }),
    mode: z.enum(CHAT_MODES, { error: 'O modo deve ser "general" ou "specialist".' }),
    agentId: z.enum(SPECIALIST_AGENT_IDS, { error: 'Especialista desconhecido.' }).optional(),
    recordContext: aiRecordSchema.optional(),
    /** The open record's patient: her earlier visits and lists join the context (docs/product.md, "Pacientes"). */
    patientId: patientIdSchema.optional(),
    /** The open record, left out of her earlier visits. */
    recordId: recordIdSchema.optional(),
  })
  .refine((body) => body.mode === 'general' || body.agentId !== undefined, {
    error: 'Escolha o especialista da conversa (agentId).',
    path: ['agentId'],
  });

export type ChatRequest = z.input<typeof chatRequestSchema>;
