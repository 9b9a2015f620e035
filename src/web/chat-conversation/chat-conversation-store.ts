import type { AiSource } from '../../shared/ai-protocol';
import type { PrescriptionDetection } from '../../shared/ai-tasks';
import { CHAT_ERROR_MESSAGES } from '../../shared/chat-errors';
import { CHAT_MAX_MESSAGES, type ChatMode, type ChatRequest } from '../../shared/chat-request';
import {
  chatMessageId,
  lastMessages,
  RECENT_MESSAGES_FOR_DETECTION,
  shouldCheckRecordCreation,
} from '../../shared/chat-rules';
import type { RecordContent } from '../../shared/medical-record';
import {
  findSpecialistAgent,
  SPECIALIST_AGENT_IDS,
  type SpecialistAgentId,
} from '../../shared/specialist-agents';

/** One message of the doctor's conversation (spec §3 Chat message). */
export interface ChatMessage {
  /** Prefixed user-, assistant-, system-, suggestion-, error- or record- plus the time. */
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** ISO 8601. */
  timestamp: string;
  /**
   * `error`: a failure shown as the assistant's message; `suggestion`: offers to start a record;
   * `record`: a finalised record's summary; `command`: a slash command and its answer. None of
   * them is sent back to the model.
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

export type ChatStatus = 'idle' | 'waiting' | 'streaming';

export interface ChatSnapshot {
  mode: ChatMode;
  /** The specialist of the conversation in specialist mode. */
  agentId: SpecialistAgentId | undefined;
  messages: readonly ChatMessage[];
  /** `waiting` until the first words of a reply, `streaming` while they arrive. */
  status: ChatStatus;
}

/** Where the conversation is kept between reloads (the browser's local storage). */
export interface ChatStorage {
  read: () => string | null;
  write: (value: string) => void;
  remove: () => void;
}

/** The server calls the conversation makes. */
export interface ChatBackend {
  streamReply: (
    request: ChatRequest,
    onText: (text: string) => void,
    signal: AbortSignal,
  ) => Promise<AiSource>;
  /** Spec §4: whether the recent messages describe a patient who should get a record. */
  shouldCreateRecord: (messages: readonly ChatMessage[]) => Promise<boolean>;
  /** Spec §9: whether the recent messages prescribe medicines, and how sure the model is. */
  detectPrescription: (messages: readonly ChatMessage[]) => Promise<PrescriptionDetection>;
}

/** Messages kept across reloads: a long day's conversation, not a whole history. */
const KEPT_MESSAGES = 200;
/** Longest earlier reply sent back as context (the server's limit). */
const CONTEXT_REPLY_LENGTH = 8_000;

export const RECORD_SUGGESTION_TEXT =
  'Parece que esta conversa é sobre o atendimento de um paciente. Deseja iniciar um prontuário ' +
  'com os dados já informados?';

export const PRESCRIPTION_SUGGESTION_TEXT =
  'Parece que esta conversa inclui uma prescrição. Deseja criar a receita com os medicamentos ' +
  'citados?';

/** Spec §9: a receita is suggested from this detection confidence on. */
const PRESCRIPTION_SUGGESTION_CONFIDENCE = 0.5;

type Listener = () => void;

interface StoredConversation {
  userId: string;
  mode: ChatMode;
  agentId?: SpecialistAgentId;
  messages: ChatMessage[];
}

/**
 * The doctor's chat conversation (spec §4 Chat): the mode, the specialist, the messages, and the
 * reply being streamed. One per signed-in doctor and tab; it survives a reload.
 */
export class ChatConversationStore {
  private snapshot: ChatSnapshot = {
    mode: 'general',
    agentId: undefined,
    messages: [],
    status: 'idle',
  };
  private readonly listeners = new Set<Listener>();
  private reply: AbortController | undefined;

  constructor(
    private readonly userId: string,
    private readonly storage: ChatStorage,
    private readonly backend: ChatBackend,
    private readonly now: () => Date = () => new Date(),
  ) {}

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.snapshot;

  private publish(next: Partial<ChatSnapshot>, persist = true): void {
    this.snapshot = { ...this.snapshot, ...next };
    if (persist) this.persist();
    for (const listener of this.listeners) listener();
  }

  /** Reopens this doctor's conversation from the last visit; another doctor's is dropped. */
  restore(): void {
    const stored = parseStoredConversation(this.storage.read());
    if (!stored || stored.userId !== this.userId) {
      if (stored) this.storage.remove();
      return;
    }
    this.publish({ mode: stored.mode, agentId: stored.agentId, messages: stored.messages }, false);
  }

  /** Spec §2: 'Chat Geral' / 'Especialistas' switch the mode and clear the messages. */
  setMode(mode: ChatMode): void {
    this.cancelReply();
    this.publish({
      mode,
      agentId: mode === 'general' ? undefined : this.snapshot.agentId,
      messages: [],
      status: 'idle',
    });
  }

  /** Spec §4: choosing a specialist posts a system message that the consultation is now with them. */
  chooseAgent(agentId: SpecialistAgentId): void {
    const agent = findSpecialistAgent(agentId);
    if (!agent) return;
    // A reply still arriving was asked of the previous specialist: it stops here.
    this.cancelReply();
    this.publish({ mode: 'specialist', agentId, status: 'idle' });
    this.post('system', `Consulta agora com o ${agent.name}. ${agent.description}`);
  }

  /** 'Nova conversa': the same mode and specialist, no messages. */
  newConversation(): void {
    this.cancelReply();
    this.publish({ messages: [], status: 'idle' });
  }

  /** Adds a message that is not part of the exchange with the model (system notes, summaries). */
  post(role: ChatMessage['role'], content: string, kind?: ChatMessage['kind']): void {
    const id = chatMessageId(kind === 'command' || !kind ? role : kind, this.now().getTime());
    this.append({
      id,
      role,
      content,
      timestamp: this.now().toISOString(),
      ...(kind ? { kind } : {}),
    });
  }

  /**
   * Sends the doctor's message and streams the reply in. Refused while a reply loads (spec §4).
   * Errors become assistant messages with the texts of spec §8.
   * @param context.record - the open record: sent as context, and no record suggestion is made
   * @param context.hasPrescription - a receita is being written: no receita suggestion is made
   */
  async send(
    text: string,
    context: { record?: RecordContent; hasPrescription?: boolean } = {},
  ): Promise<void> {
    const content = text.trim();
    if (content === '' || this.snapshot.status !== 'idle') return;
    const question: ChatMessage = {
      id: chatMessageId('user', this.now().getTime()),
      role: 'user',
      content,
      timestamp: this.now().toISOString(),
    };
    this.append(question);
    const request: ChatRequest = {
      messages: conversationForModel(this.snapshot.messages),
      mode: this.snapshot.mode,
      ...(this.snapshot.mode === 'specialist' && this.snapshot.agentId
        ? { agentId: this.snapshot.agentId }
        : {}),
      ...(context.record ? { recordContext: context.record } : {}),
    };
    const controller = new AbortController();
    this.reply = controller;
    this.publish({ status: 'waiting' }, false);
    const replyId = chatMessageId('assistant', this.now().getTime());
    // Set from the stream's callback (an object, so the compiler sees it may change).
    const progress = { answered: false };
    try {
      const source = await this.backend.streamReply(
        request,
        (piece) => {
          if (controller.signal.aborted) return;
          if (!progress.answered) {
            progress.answered = true;
            this.publish(
              {
                status: 'streaming',
                messages: [
                  ...this.snapshot.messages,
                  {
                    id: replyId,
                    role: 'assistant',
                    content: piece,
                    timestamp: this.now().toISOString(),
                  },
                ],
              },
              false,
            );
            return;
          }
          this.publish(
            {
              messages: this.snapshot.messages.map((message) =>
                message.id === replyId ? { ...message, content: message.content + piece } : message,
              ),
            },
            false,
          );
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (!progress.answered) {
        this.post('assistant', CHAT_ERROR_MESSAGES.other, 'error');
      } else {
        this.publish({
          messages: this.snapshot.messages.map((message) =>
            message.id === replyId ? { ...message, source } : message,
          ),
        });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      this.publish({ status: 'idle' }, false);
      this.post('assistant', messageOf(error), 'error');
      return;
    } finally {
      if (this.reply === controller) {
        this.reply = undefined;
        if (!controller.signal.aborted) this.publish({ status: 'idle' });
      }
    }
    await this.suggestFromConversation({
      record: !context.record,
      prescription: !context.hasPrescription,
    });
  }

  /** Drops the conversation, here and in storage (sign-out). */
  forget(): void {
    this.cancelReply();
    this.storage.remove();
    this.snapshot = { mode: 'general', agentId: undefined, messages: [], status: 'idle' };
    for (const listener of this.listeners) listener();
  }

  dispose(): void {
    this.cancelReply();
    this.listeners.clear();
  }

  /**
   * Spec §4 and §9: with more than 2 messages, asks whether the recent messages are about a
   * patient (no record open) and whether they prescribe medicines (no receita being written),
   * and suggests starting a record, then a receita — each once per conversation. Both questions
   * go out together; the record's suggestion comes first.
   */
  private async suggestFromConversation(wanted: {
    record: boolean;
    prescription: boolean;
  }): Promise<void> {
    const exchanged = this.snapshot.messages.filter(
      (message) => message.role !== 'system' && !message.kind,
    );
    if (!shouldCheckRecordCreation({ hasRecord: false, messageCount: exchanged.length })) return;
    const askRecord = wanted.record && !this.hasSuggested('record');
    const askPrescription = wanted.prescription && !this.hasSuggested('prescription');
    if (!askRecord && !askPrescription) return;
    const recent = lastMessages(exchanged, RECENT_MESSAGES_FOR_DETECTION);
    const [record, prescription] = await Promise.all([
      askRecord ? this.isAboutAPatient(recent) : false,
      askPrescription ? this.isPrescribing(recent) : false,
    ]);
    // The doctor may have started another conversation while the model answered.
    const lastAsked = recent[recent.length - 1];
    if (!lastAsked || !this.snapshot.messages.some((message) => message.id === lastAsked.id)) {
      return;
    }
    if (record && !this.hasSuggested('record')) {
      this.postSuggestion('record', RECORD_SUGGESTION_TEXT);
    }
    if (prescription && !this.hasSuggested('prescription')) {
      this.postSuggestion('prescription', PRESCRIPTION_SUGGESTION_TEXT);
    }
  }

  private async isAboutAPatient(recent: readonly ChatMessage[]): Promise<boolean> {
    try {
      return await this.backend.shouldCreateRecord(recent);
    } catch (error) {
      // Spec §8: detection failures are logged and swallowed.
      console.warn('Verificação de prontuário indisponível.', error);
      return false;
    }
  }

  private async isPrescribing(recent: readonly ChatMessage[]): Promise<boolean> {
    try {
      const detection = await this.backend.detectPrescription(recent);
      return (
        detection.hasPrescription && detection.confidence >= PRESCRIPTION_SUGGESTION_CONFIDENCE
      );
    } catch (error) {
      // Spec §8: detection failures are logged and swallowed.
      console.warn('Detecção de prescrição indisponível.', error);
      return false;
    }
  }

  private hasSuggested(kind: SuggestionKind): boolean {
    return this.snapshot.messages.some((message) => suggestionOf(message) === kind);
  }

  private postSuggestion(kind: SuggestionKind, content: string): void {
    this.append({
      id: chatMessageId('suggestion', this.now().getTime()),
      role: 'assistant',
      content,
      timestamp: this.now().toISOString(),
      kind: 'suggestion',
      suggestion: kind,
    });
  }

  private append(message: ChatMessage): void {
    this.publish({ messages: [...this.snapshot.messages, message].slice(-KEPT_MESSAGES) });
  }

  private cancelReply(): void {
    this.reply?.abort();
    this.reply = undefined;
  }

  private persist(): void {
    const stored: StoredConversation = {
      userId: this.userId,
      mode: this.snapshot.mode,
      ...(this.snapshot.agentId ? { agentId: this.snapshot.agentId } : {}),
      // A reply still arriving is saved once whole.
      messages: this.snapshot.messages.filter((message) => message.content !== ''),
    };
    this.storage.write(JSON.stringify(stored));
  }
}

/** The exchange the model reads: the doctor's messages and the replies, recent ones first to go. */
export function conversationForModel(messages: readonly ChatMessage[]): ChatRequest['messages'] {
  return lastMessages(
    messages.filter(
      (message): message is ChatMessage & { role: 'user' | 'assistant' } =>
        message.role !== 'system' && !message.kind && message.content.trim() !== '',
    ),
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

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : CHAT_ERROR_MESSAGES.other;
}

const ROLES = new Set(['user', 'assistant', 'system']);

/** A stored conversation, or undefined when missing or not ours (an old or damaged entry). */
function parseStoredConversation(raw: string | null): StoredConversation | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredConversation>;
    if (typeof value.userId !== 'string' || !Array.isArray(value.messages)) return undefined;
    // Stored entries are unchecked: a null one must not drop the whole conversation.
    const messages = (value.messages as readonly (ChatMessage | null)[]).filter(
      (message): message is ChatMessage =>
        typeof message === 'object' &&
        message !== null &&
        typeof message.id === 'string' &&
        ROLES.has(message.role) &&
        typeof message.content === 'string' &&
        typeof message.timestamp === 'string',
    );
    const agentId = (SPECIALIST_AGENT_IDS as readonly string[]).includes(value.agentId ?? '')
      ? value.agentId
      : undefined;
    return {
      userId: value.userId,
      mode: value.mode === 'specialist' && agentId ? 'specialist' : 'general',
      ...(agentId ? { agentId } : {}),
      messages,
    };
  } catch {
    console.warn('Conversa salva ilegível; começando uma nova.');
    return undefined;
  }
}
