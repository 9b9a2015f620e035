import { z } from 'zod';
import type { AiSource } from '../ai/protocol';
import type { PrescriptionDetection } from '../ai/tasks';
import { CHAT_ERROR_MESSAGES, chatErrorText } from './errors';
import { CHAT_MAX_MESSAGES, type ChatMode, type ChatRequest } from './request';
import {
  chatMessageId,
  lastMessages,
  RECENT_MESSAGES_FOR_DETECTION,
  shouldCheckRecordCreation,
} from './rules';
import type { RecordContent } from '../records/medical-record';
import {
  findSpecialistAgent,
  SPECIALIST_AGENT_IDS,
  type SpecialistAgentId,
} from './specialist-agents';

/**
 * The rules of the doctor's chat conversation (docs/product.md, "Conversa e respostas em
 * streaming"; "Sugestões de prontuário e de receita"), as pure functions from one conversation
 * to the next. The browser keeps the conversation in its query cache and on the device
 * (`src/web/data/chat.ts`) and streams replies into it; everything it decides is decided here.
 */

/**
 * One message of the doctor's conversation (docs/product.md, "Conversa e respostas em streaming").
 */
export interface ChatMessage {
  /** Prefixed user-, assistant-, system-, suggestion-, error- or record- plus the time. */
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** ISO 8601. */
  timestamp: string;
  /**
   * `error`: a failure shown as the assistant's message; `suggestion`: offers to start a record
   * or a receita; `record`: a finalised record's summary; `command`: a slash command and its
   * answer. None of them is sent back to the model.
   */
  kind?: 'error' | 'suggestion' | 'record' | 'command';
  /**
   * What a `suggestion` offers: a record or a receita. Suggestions stored before receitas were
   * suggested have none, and offer a record (see {@link suggestionOf}).
   */
  suggestion?: SuggestionKind;
  /** Who wrote an assistant reply: a model, the offline engine. */
  source?: AiSource;
}

/** What a suggestion message offers to start. */
export type SuggestionKind = 'record' | 'prescription';

/** A message the doctor and the model exchanged (no note, error, suggestion or command). */
type ExchangedMessage = ChatMessage & { role: 'user' | 'assistant'; kind?: undefined };

/** The doctor's conversation: its mode, its specialist, its messages, the reply on its way. */
export interface ChatConversation {
  mode: ChatMode;
  /** The specialist of the conversation in specialist mode. */
  agentId?: SpecialistAgentId | undefined;
  messages: readonly ChatMessage[];
  /**
   * The id of the reply asked for, from the question until the reply ends: its message is in
   * `messages` once its first words arrived. Never stored: a reply is kept once whole.
   */
  replyId?: string | undefined;
}

/** `waiting` until the first words of a reply, `streaming` while they arrive. */
export type ChatStatus = 'idle' | 'waiting' | 'streaming';

/** A doctor's first conversation: the general chat, no messages. */
export const NEW_CHAT_CONVERSATION: ChatConversation = { mode: 'general', messages: [] };

/** Messages kept (on the device too): a long day's conversation, not a whole history. */
export const KEPT_CHAT_MESSAGES = 200;
/** Longest earlier reply sent back as context (the server's limit). */
const CONTEXT_REPLY_LENGTH = 8_000;
/**
 * docs/product.md, "Sugestões de prontuário e de receita": a receita is suggested from this
 * detection confidence on.
 */
const PRESCRIPTION_SUGGESTION_CONFIDENCE = 0.5;

export const RECORD_SUGGESTION_TEXT =
  'Parece que esta conversa é sobre o atendimento de um paciente. Deseja iniciar um prontuário ' +
  'com os dados já informados?';

export const PRESCRIPTION_SUGGESTION_TEXT =
  'Parece que esta conversa inclui uma prescrição. Deseja criar a receita com os medicamentos ' +
  'citados?';

/** Whether a reply is on its way, and whether its first words arrived. */
export function chatStatusOf(conversation: ChatConversation): ChatStatus {
  const { replyId } = conversation;
  if (replyId === undefined) return 'idle';
  return conversation.messages.some((message) => message.id === replyId) ? 'streaming' : 'waiting';
}

/**
 * A new message; its id says its kind (a command is its role's), the time and a counter.
 * @param now - when it is posted
 */
export function createChatMessage(
  role: ChatMessage['role'],
  content: string,
  now: Date,
  kind?: ChatMessage['kind'],
): ChatMessage {
  return {
    id: chatMessageId(kind === 'command' || !kind ? role : kind, now.getTime()),
    role,
    content,
    timestamp: now.toISOString(),
    ...(kind ? { kind } : {}),
  };
}

/** The conversation with `message` at its end, the oldest beyond the kept 200 left out. */
export function appendChatMessage(
  conversation: ChatConversation,
  message: ChatMessage,
): ChatConversation {
  return {
    ...conversation,
    messages: [...conversation.messages, message].slice(-KEPT_CHAT_MESSAGES),
  };
}

/**
 * docs/product.md, "Modos do chat e agentes especialistas": 'Chat Geral' / 'Especialistas' switch
 * the mode and clear the messages (and, to the general chat, the specialist). A reply on its way is
 * no longer awaited.
 */
export function switchChatMode(conversation: ChatConversation, mode: ChatMode): ChatConversation {
  const agentId = mode === 'general' ? undefined : conversation.agentId;
  return { mode, ...(agentId ? { agentId } : {}), messages: [] };
}

/**
 * docs/product.md, "Modos do chat e agentes especialistas": choosing a specialist switches to
 * specialist mode and posts the note that the consultation is now with them. A reply on its way was
 * asked of the previous one: it is no longer awaited. An unknown specialist changes nothing (the
 * same conversation is returned).
 * @param now - when the note is posted
 */
export function chooseChatAgent(
  conversation: ChatConversation,
  agentId: SpecialistAgentId,
  now: Date,
): ChatConversation {
  const agent = findSpecialistAgent(agentId);
  if (!agent) return conversation;
  return appendChatMessage(
    { mode: 'specialist', agentId, messages: conversation.messages },
    createChatMessage('system', `Consulta agora com o ${agent.name}. ${agent.description}`, now),
  );
}

/** 'Nova conversa': the same mode and specialist, no messages, no reply awaited. */
export function clearChatMessages(conversation: ChatConversation): ChatConversation {
  const { mode, agentId } = conversation;
  return { mode, ...(agentId ? { agentId } : {}), messages: [] };
}

/**
 * The doctor's question added and its reply awaited; undefined when there is nothing to send
 * (a blank text) or a reply is still on its way
 * (docs/product.md, "Conversa e respostas em streaming": one at a time).
 * @param text - what the doctor typed; sent trimmed
 * @param now - when it is sent
 */
export function askChatQuestion(
  conversation: ChatConversation,
  text: string,
  now: Date,
): { conversation: ChatConversation; replyId: string } | undefined {
  const content = text.trim();
  if (content === '' || conversation.replyId !== undefined) return undefined;
  const replyId = chatMessageId('assistant', now.getTime());
  const asked = appendChatMessage(conversation, createChatMessage('user', content, now));
  return { conversation: { ...asked, replyId }, replyId };
}

/**
 * What is sent to the model: the exchange, the mode, the specialist in specialist mode, and the
 * open record as context.
 */
export function chatRequestOf(
  conversation: ChatConversation,
  record: RecordContent | undefined,
  visit?: ChatVisit,
): ChatRequest {
  return {
    messages: conversationForModel(conversation.messages),
    mode: conversation.mode,
    ...(conversation.mode === 'specialist' && conversation.agentId
      ? { agentId: conversation.agentId }
      : {}),
    ...(record ? { recordContext: record } : {}),
    ...(visit?.recordId ? { recordId: visit.recordId } : {}),
    ...(visit?.patientId ? { patientId: visit.patientId } : {}),
  };
}

/**
 * The open record the chat helps with: its chart records the use of AI, and its patient's
 * earlier visits (the record itself left out) join the context.
 */
export interface ChatVisit {
  /** Absent while the server has not got the record yet. */
  recordId?: string | undefined;
  patientId?: string | undefined;
}

/**
 * The next piece of the awaited reply added: its first piece makes the reply's message. Pieces
 * of a reply no longer awaited (a new conversation, another mode) change nothing.
 * @param now - when the first piece arrived
 */
export function appendReplyText(
  conversation: ChatConversation,
  replyId: string,
  text: string,
  now: Date,
): ChatConversation {
  if (conversation.replyId !== replyId) return conversation;
  if (!conversation.messages.some((message) => message.id === replyId)) {
    return appendChatMessage(conversation, {
      id: replyId,
      role: 'assistant',
      content: text,
      timestamp: now.toISOString(),
    });
  }
  return {
    ...conversation,
    messages: conversation.messages.map((message) =>
      message.id === replyId ? { ...message, content: message.content + text } : message,
    ),
  };
}

/**
 * The awaited reply ended whole: it says who wrote it. A reply with no words at all is the
 * generic error (docs/product.md, "Erros do chat e do provedor de IA").
 * @param source - who wrote it
 * @param now - when it ended
 */
export function finishChatReply(
  conversation: ChatConversation,
  replyId: string,
  source: AiSource,
  now: Date,
): ChatConversation {
  if (conversation.replyId !== replyId) return conversation;
  const { replyId: _done, ...ended } = conversation;
  if (!ended.messages.some((message) => message.id === replyId)) {
    return appendChatMessage(
      ended,
      createChatMessage('assistant', CHAT_ERROR_MESSAGES.other, now, 'error'),
    );
  }
  return {
    ...ended,
    messages: ended.messages.map((message) =>
      message.id === replyId ? { ...message, source } : message,
    ),
  };
}

/**
 * The awaited reply failed: what arrived of it stays, and the failure follows as the assistant's
 * error message (docs/product.md, "Erros do chat e do provedor de IA").
 * @param error - what the reply failed with
 * @param now - when it failed
 */
export function failChatReply(
  conversation: ChatConversation,
  replyId: string,
  error: unknown,
  now: Date,
): ChatConversation {
  if (conversation.replyId !== replyId) return conversation;
  const { replyId: _failed, ...ended } = conversation;
  const answered = ended.messages.some((message) => message.id === replyId);
  return appendChatMessage(
    ended,
    createChatMessage('assistant', chatErrorText(error, answered), now, 'error'),
  );
}

/** The messages the doctor and the model exchanged, without notes, errors and the like. */
function exchangedMessages(messages: readonly ChatMessage[]): ExchangedMessage[] {
  return messages.filter(
    (message): message is ExchangedMessage => message.role !== 'system' && !message.kind,
  );
}

/** The exchange the model reads: the doctor's messages and the replies, recent ones first to go. */
export function conversationForModel(messages: readonly ChatMessage[]): ChatRequest['messages'] {
  return lastMessages(
    exchangedMessages(messages).filter((message) => message.content.trim() !== ''),
    CHAT_MAX_MESSAGES,
  ).map((message) => ({
    role: message.role,
    content:
      message.role === 'assistant'
        ? message.content.slice(0, CONTEXT_REPLY_LENGTH)
        : message.content,
  }));
}

/**
 * What a message offers to start: undefined when it is no suggestion; a record for a suggestion
 * stored before receitas were suggested (it has no `suggestion`).
 * @param message - a message of the conversation
 */
export function suggestionOf(message: ChatMessage): SuggestionKind | undefined {
  if (message.kind !== 'suggestion') return undefined;
  return message.suggestion === 'prescription' ? 'prescription' : 'record';
}

function hasSuggested(conversation: ChatConversation, kind: SuggestionKind): boolean {
  return conversation.messages.some((message) => suggestionOf(message) === kind);
}

/** What to ask the server after a reply, about which messages. */
export interface SuggestionCheck {
  /** Ask whether the conversation is about a patient (`should-create-record`). */
  askRecord: boolean;
  /** Ask whether it prescribes medicines (`detect-prescription`). */
  askPrescription: boolean;
  /** The last 5 exchanged messages, as the tasks read them. */
  recent: { role: 'user' | 'assistant'; content: string }[];
  /** The id of the last of them: suggestions go only into the conversation they are about. */
  lastAskedId: string;
}

/**
 * docs/product.md, "Sugestões de prontuário e de receita": after a reply, with more than 2
 * exchanged messages, whether to ask if the recent messages are about a patient (no record open)
 * and if they prescribe medicines (no receita being written) — each only until it was suggested in
 * this conversation. Undefined when nothing is to be asked.
 * @param wanted - which suggestions the open record and receita allow
 */
export function suggestionCheckOf(
  conversation: ChatConversation,
  wanted: { record: boolean; prescription: boolean },
): SuggestionCheck | undefined {
  const exchanged = exchangedMessages(conversation.messages);
  if (!shouldCheckRecordCreation({ hasRecord: false, messageCount: exchanged.length })) {
    return undefined;
  }
  const askRecord = wanted.record && !hasSuggested(conversation, 'record');
  const askPrescription = wanted.prescription && !hasSuggested(conversation, 'prescription');
  const recent = lastMessages(exchanged, RECENT_MESSAGES_FOR_DETECTION);
  const lastAsked = recent[recent.length - 1];
  if ((!askRecord && !askPrescription) || !lastAsked) return undefined;
  return {
    askRecord,
    askPrescription,
    recent: recent.map(({ role, content }) => ({ role, content })),
    lastAskedId: lastAsked.id,
  };
}

/**
 * docs/product.md, "Sugestões de prontuário e de receita": whether a detection is sure enough of a
 * prescription to suggest a receita.
 */
export function isConfidentPrescription(detection: PrescriptionDetection): boolean {
  return detection.hasPrescription && detection.confidence >= PRESCRIPTION_SUGGESTION_CONFIDENCE;
}

/**
 * The suggestions the server's answers call for, record first, each once per conversation —
 * none when the conversation they were about is gone (the doctor started another meanwhile).
 * @param found - the answers, and the last message they were about
 * @param now - when they are posted
 */
export function addChatSuggestions(
  conversation: ChatConversation,
  found: { record: boolean; prescription: boolean; lastAskedId: string },
  now: Date,
): ChatConversation {
  if (!conversation.messages.some((message) => message.id === found.lastAskedId)) {
    return conversation;
  }
  const suggest = (current: ChatConversation, kind: SuggestionKind, content: string) =>
    hasSuggested(current, kind)
      ? current
      : appendChatMessage(current, {
          ...createChatMessage('assistant', content, now, 'suggestion'),
          suggestion: kind,
        });
  let next = conversation;
  if (found.record) next = suggest(next, 'record', RECORD_SUGGESTION_TEXT);
  if (found.prescription) next = suggest(next, 'prescription', PRESCRIPTION_SUGGESTION_TEXT);
  return next;
}

// --- on the device --------------------------------------------------------------------------

/**
 * What is kept on the device: the mode, the specialist and the messages — without a reply still
 * arriving, so a reload never shows half a reply as if it were whole.
 */
export function storedChatConversation(conversation: ChatConversation): ChatConversation {
  const { mode, agentId, messages, replyId } = conversation;
  return {
    mode,
    ...(agentId ? { agentId } : {}),
    messages:
      replyId === undefined ? messages : messages.filter((message) => message.id !== replyId),
  };
}

const storedMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  timestamp: z.string(),
  kind: z.enum(['error', 'suggestion', 'record', 'command']).optional(),
  suggestion: z.enum(['record', 'prescription']).optional(),
  source: z.enum(['model', 'offline', 'fallback']).optional(),
});

const isSpecialistAgentId = (value: unknown): value is SpecialistAgentId =>
  (SPECIALIST_AGENT_IDS as readonly unknown[]).includes(value);

/**
 * A conversation as read back from the device, leniently: a damaged message is left out rather
 * than the whole conversation, an unknown specialist is forgotten, and specialist mode without a
 * specialist reopens as the general chat.
 */
export const storedChatConversationSchema = z
  .object({
    mode: z.unknown().optional(),
    agentId: z.unknown().optional(),
    messages: z.array(z.unknown()),
  })
  .transform(({ mode, agentId, messages }): ChatConversation => {
    const agent = isSpecialistAgentId(agentId) ? agentId : undefined;
    return {
      mode: mode === 'specialist' && agent ? 'specialist' : 'general',
      ...(agent ? { agentId: agent } : {}),
      messages: messages
        .flatMap((message) => {
          const parsed = storedMessageSchema.safeParse(message);
          return parsed.success ? [parsed.data] : [];
        })
        .slice(-KEPT_CHAT_MESSAGES),
    };
  });
