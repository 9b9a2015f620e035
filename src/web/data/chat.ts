import {
  mutationOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { aiApi } from '@shared/api/ai';
import type { ApiClient } from '@shared/api/client';
import {
  addChatSuggestions,
  appendChatMessage,
  appendReplyText,
  askChatQuestion,
  chatRequestOf,
  chatStatusOf,
  chooseChatAgent,
  clearChatMessages,
  createChatMessage,
  failChatReply,
  finishChatReply,
  isConfidentPrescription,
  NEW_CHAT_CONVERSATION,
  storedChatConversation,
  storedChatConversationSchema,
  suggestionCheckOf,
  switchChatMode,
  type ChatConversation,
  type ChatVisit,
  type ChatMessage,
  type ChatStatus,
  type SuggestionCheck,
} from '@shared/chat/conversation';
import type { ChatMode } from '@shared/chat/request';
import type { RecordContent } from '@shared/records/medical-record';
import type { SpecialistAgentId } from '@shared/chat/specialist-agents';
import { api } from './api';
import { doctorEntry } from './local-entries';
import type { PersistedQuery } from './query-persistence';
import { queryClient } from './query-client';

/**
 * The doctor's chat conversation (docs/product.md, "Conversa e respostas em streaming"): state of
 * this device only — it never goes to the server but as the context of a question. It lives in
 * the query cache under {@link chatKeys.conversation}, kept on the device under
 * `chatConversation` (restored at start, written on change, forgotten on sign-out). Screens read
 * it with {@link useChatConversation} and change it with {@link useChatConversationActions}; a
 * question is a mutation ({@link useSendChatMessage}) that streams the reply into the cache, so a
 * reply keeps arriving while the doctor looks at another screen. The rules are in
 * `src/shared/chat/conversation.ts`.
 */

export const chatKeys = {
  conversation: ['chat', 'conversation'] as const,
  /** The mutation of each question: its variables hold what stops its reply. */
  send: ['chat', 'send'] as const,
};

// There is nothing to fetch the conversation from, and no copy of it but this cache and the
// device's entry: it never goes stale, and is never dropped while no screen shows it.
queryClient.setQueryDefaults(chatKeys.conversation, { staleTime: Infinity, gcTime: Infinity });

/** The conversation kept on the device, without a reply still arriving. */
export const persistedChatConversation: PersistedQuery<ChatConversation> = {
  queryKey: chatKeys.conversation,
  entry: doctorEntry('chatConversation', storedChatConversationSchema),
  toStored: storedChatConversation,
};

function readConversation(cache: QueryClient): ChatConversation {
  return cache.getQueryData<ChatConversation>(chatKeys.conversation) ?? NEW_CHAT_CONVERSATION;
}

/** Applies a rule to the conversation in the cache; a rule that changes nothing writes nothing. */
function updateConversation(
  cache: QueryClient,
  change: (conversation: ChatConversation) => ChatConversation,
): void {
  const current = readConversation(cache);
  const next = change(current);
  if (next !== current) cache.setQueryData(chatKeys.conversation, next);
}

/** The conversation and whether a reply is on its way, re-rendering on every change. */
export function useChatConversation(): ChatConversation & { status: ChatStatus } {
  const { data } = useQuery({
    queryKey: chatKeys.conversation,
    queryFn: ({ client }) => readConversation(client),
    initialData: NEW_CHAT_CONVERSATION,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { ...data, status: chatStatusOf(data) };
}

/** What a question carries into its mutation. */
export interface SendChatMessageVariables {
  text: string;
  /** The open record: sent as context, and no record is suggested. */
  record?: RecordContent | undefined;
  /** The open record and its patient: its chart records the use, her earlier visits join the context. */
  visit?: ChatVisit | undefined;
  /** A receita is being written: no receita is suggested. */
  hasPrescription?: boolean | undefined;
  /** Stops the reply: a new conversation, another mode or specialist, sign-out. */
  controller: AbortController;
}

const isSendVariables = (value: unknown): value is SendChatMessageVariables =>
  typeof value === 'object' &&
  value !== null &&
  'controller' in value &&
  value.controller instanceof AbortController;

/**
 * Stops every reply on its way (and the suggestion checks after it): its later pieces are not
 * shown, and it posts nothing.
 */
function stopChatReplies(cache: QueryClient): void {
  const questions = cache
    .getMutationCache()
    .findAll({ mutationKey: chatKeys.send, status: 'pending' });
  for (const question of questions) {
    const variables: unknown = question.state.variables;
    if (isSendVariables(variables)) variables.controller.abort();
  }
}

/**
 * The changes a screen makes to the conversation, over `cache`. Each one that replaces the
 * conversation's subject (mode, specialist, a new conversation) first stops a reply on its way.
 */
export function chatConversationActions(cache: QueryClient) {
  return {
    /** The conversation as it is now (for code that runs outside rendering). */
    current: (): ChatConversation => readConversation(cache),
    /** Adds a message that is not part of the exchange with the model (notes, commands, summaries). */
    post: (role: ChatMessage['role'], content: string, kind?: ChatMessage['kind']): void =>
      updateConversation(cache, (conversation) =>
        appendChatMessage(conversation, createChatMessage(role, content, new Date(), kind)),
      ),
    /**
     * 'Chat Geral' / 'Especialistas' (docs/product.md, "Modos do chat e agentes especialistas").
     */
    setMode: (mode: ChatMode): void => {
      stopChatReplies(cache);
      updateConversation(cache, (conversation) => switchChatMode(conversation, mode));
    },
    /**
     * docs/product.md, "Modos do chat e agentes especialistas": the consultation is now with this
     * specialist (an unknown one changes nothing).
     */
    chooseAgent: (agentId: SpecialistAgentId): void => {
      const current = readConversation(cache);
      const next = chooseChatAgent(current, agentId, new Date());
      if (next === current) return;
      stopChatReplies(cache);
      cache.setQueryData(chatKeys.conversation, next);
    },
    /** 'Nova conversa': the same mode and specialist, no messages. */
    newConversation: (): void => {
      stopChatReplies(cache);
      updateConversation(cache, clearChatMessages);
    },
    /** On sign-out, before the cache is cleared: nothing more arrives into it. */
    stopReply: (): void => stopChatReplies(cache),
  };
}

export type ChatConversationActions = ReturnType<typeof chatConversationActions>;

/** The conversation's changes, over the app's cache. */
export function useChatConversationActions(): ChatConversationActions {
  const cache = useQueryClient();
  return useMemo(() => chatConversationActions(cache), [cache]);
}

/**
 * Asks the question and streams its reply into the conversation, then, as
 * docs/product.md, "Sugestões de prontuário e de receita" says, asks the server whether to suggest
 * a record and a receita. Refused (nothing happens) for a blank text or while a reply is on its
 * way. A failure becomes the assistant's error message; once the reply is stopped, nothing more of
 * it reaches the cache.
 * @param cache - where the conversation is
 * @param client - the API client
 * @param variables - the question, its context and its controller
 */
export async function sendChatMessage(
  cache: QueryClient,
  client: ApiClient,
  variables: SendChatMessageVariables,
): Promise<void> {
  const { signal } = variables.controller;
  // A function, not the property: the reply may be stopped at any await.
  const stopped = () => signal.aborted;
  const update = (change: (conversation: ChatConversation) => ChatConversation) => {
    if (!stopped()) updateConversation(cache, change);
  };
  if (stopped()) return;
  const asked = askChatQuestion(readConversation(cache), variables.text, new Date());
  if (!asked) return;
  const { replyId } = asked;
  cache.setQueryData(chatKeys.conversation, asked.conversation);
  try {
    const source = await client.stream(
      aiApi.chat,
      { body: chatRequestOf(asked.conversation, variables.record, variables.visit), signal },
      (text) => update((conversation) => appendReplyText(conversation, replyId, text, new Date())),
    );
    update((conversation) => finishChatReply(conversation, replyId, source, new Date()));
  } catch (error) {
    update((conversation) => failChatReply(conversation, replyId, error, new Date()));
    return;
  }
  if (stopped()) return;
  const check = suggestionCheckOf(readConversation(cache), {
    record: !variables.record,
    prescription: !variables.hasPrescription,
  });
  if (!check) return;
  const [record, prescription] = await Promise.all([
    check.askRecord && isAboutAPatient(client, check, signal),
    check.askPrescription && isPrescribing(client, check, signal),
  ]);
  update((conversation) =>
    addChatSuggestions(
      conversation,
      { record, prescription, lastAskedId: check.lastAskedId },
      new Date(),
    ),
  );
}

/**
 * docs/product.md, "Sugestões de prontuário e de receita": whether the recent messages describe a
 * patient who should get a record.
 */
async function isAboutAPatient(
  client: ApiClient,
  check: SuggestionCheck,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    const { answer } = await client.call(aiApi.shouldCreateRecord, {
      body: { messages: check.recent },
      signal,
    });
    return answer.shouldCreate;
  } catch (error) {
    // docs/product.md, "Sugestões de prontuário e de receita": detection failures are logged and
    // swallowed (a stopped one is no failure).
    if (!signal.aborted) console.warn('Verificação de prontuário indisponível.', error);
    return false;
  }
}

/**
 * docs/product.md, "Sugestões de prontuário e de receita": whether the recent messages prescribe
 * medicines, surely enough.
 */
async function isPrescribing(
  client: ApiClient,
  check: SuggestionCheck,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    const { answer } = await client.call(aiApi.detectPrescription, {
      body: { messages: check.recent },
      signal,
    });
    return isConfidentPrescription(answer);
  } catch (error) {
    // docs/product.md, "Sugestões de prontuário e de receita": detection failures are logged and
    // swallowed (a stopped one is no failure).
    if (!signal.aborted) console.warn('Detecção de prescrição indisponível.', error);
    return false;
  }
}

/**
 * A question as a mutation of the cache it runs in (see {@link sendChatMessage}).
 * @param client - the API client: the app's, or a test's
 */
export function sendChatMessageMutation(client: ApiClient) {
  return mutationOptions({
    mutationKey: chatKeys.send,
    mutationFn: (variables: SendChatMessageVariables, { client: cache }) =>
      sendChatMessage(cache, client, variables),
  });
}

/**
 * Sends the doctor's message. A mutation outlives the screen that started it: the reply keeps
 * arriving when the doctor switches views.
 * @returns send(text, context): context.record is the open record, context.hasPrescription
 *   whether a receita is being written
 */
export function useSendChatMessage(): (
  text: string,
  context?: {
    record?: RecordContent | undefined;
    visit?: ChatVisit | undefined;
    hasPrescription?: boolean | undefined;
  },
) => void {
  const { mutate } = useMutation(sendChatMessageMutation(api));
  return useCallback(
    (text, context = {}) => mutate({ text, ...context, controller: new AbortController() }),
    [mutate],
  );
}
