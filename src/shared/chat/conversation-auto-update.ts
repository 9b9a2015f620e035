import type { ExtractionResult } from '../ai/extraction';

/**
 * How often and on what the open record is updated from the conversation
 * (docs/product.md, "Atualização automática pela conversa").
 */
export interface AutoUpdateConfig {
  /** Time between two attempts. */
  intervalMs: number;
  /** Conversation messages that must be new since the last applied update. */
  minNewMessages: number;
  /** Only this many of the latest conversation messages are sent to the extractor. */
  bufferSize: number;
  /** Extractions below this confidence (0–1) are discarded. */
  confidenceThreshold: number;
}

/** The defaults of docs/product.md, "Atualização automática pela conversa". */
export const AUTO_UPDATE_DEFAULTS: AutoUpdateConfig = {
  intervalMs: 10_000,
  minNewMessages: 3,
  bufferSize: 20,
  confidenceThreshold: 0.3,
};

/** A chat message as the updater needs it. */
export interface AutoUpdateMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
}

/** The outcome of one attempt (docs/product.md, "Atualização automática pela conversa"). */
export interface AutoUpdateResult {
  success: boolean;
  confidence: number;
  extractedData?: ExtractionResult;
  error?: string;
  timestamp: Date;
}

/** The auto-update texts of docs/product.md, "Erros do chat e do provedor de IA". */
export const AUTO_UPDATE_MESSAGES = {
  busy: 'Processamento já em andamento',
  notEnough: 'Insuficientes mensagens novas',
  lowConfidence: 'Confiança muito baixa',
  disabled: 'Auto-update não está habilitado',
  unknown: 'Erro desconhecido',
  failed: 'Erro no processamento',
} as const;

/** Whatever the scheduler hands back to cancel a timer. */
export type IntervalHandle = ReturnType<typeof globalThis.setInterval>;

/** What the updater calls out to; timers are injectable so tests control time. */
export interface AutoUpdateDeps {
  /** Extracts record data from the conversation; the signal aborts when the updater stops. */
  extract: (
    messages: readonly AutoUpdateMessage[],
    signal?: AbortSignal,
  ) => Promise<ExtractionResult>;
  /** Merges an accepted extraction into the open record. */
  apply: (result: ExtractionResult) => void;
  /**
   * Told of every forced attempt and of every timer attempt that reached the extractor. Ticks
   * with nothing to do (busy, too few new messages) are not reported: they happen every
   * interval and are not news.
   */
  onResult?: (result: AutoUpdateResult) => void;
  setInterval?: (callback: () => void, ms: number) => IntervalHandle;
  clearInterval?: (handle: IntervalHandle) => void;
  now?: () => Date;
}

/**
 * Keeps the open record up to date from the chat
 * (docs/product.md, "Atualização automática pela conversa"): disabled until started; then every
 * interval, when enough new messages came in, sends the latest ones to the extractor and applies
 * the result if it is confident enough. One attempt runs at a time.
 */
export class ConversationAutoUpdater {
  readonly #deps: AutoUpdateDeps;
  readonly #config: AutoUpdateConfig;
  #messages: readonly AutoUpdateMessage[] = [];
  #enabled = false;
  #timer: IntervalHandle | undefined;
  #inFlight: AbortController | undefined;
  /** Last conversation message included in an applied update. */
  #lastAppliedId: string | undefined;
  /** Last conversation message sent in any attempt, so a timer does not resend the same ones. */
  #lastAttemptedId: string | undefined;

  /**
   * @param deps - the extractor, how to apply a result and, optionally, timers and a clock
   * @param config - overrides of {@link AUTO_UPDATE_DEFAULTS}
   */
  constructor(deps: AutoUpdateDeps, config: Partial<AutoUpdateConfig> = {}) {
    this.#deps = deps;
    this.#config = { ...AUTO_UPDATE_DEFAULTS, ...config };
  }

  /** Whether the updater was started and not stopped since. */
  get enabled(): boolean {
    return this.#enabled;
  }

  /** Whether an attempt is waiting for the extractor now. */
  get running(): boolean {
    return this.#inFlight !== undefined;
  }

  /**
   * Enables the updater and starts its timer. Every message of `messages` counts as new, so
   * what was said before the record opened also reaches it. Starting again restarts.
   * @param messages - the conversation as it is now
   */
  start(messages: readonly AutoUpdateMessage[]): void {
    this.stop();
    this.#messages = messages;
    this.#lastAppliedId = undefined;
    this.#lastAttemptedId = undefined;
    this.#enabled = true;
    const every =
      this.#deps.setInterval ?? ((callback, ms) => globalThis.setInterval(callback, ms));
    this.#timer = every(() => void this.#tick(), this.#config.intervalMs);
  }

  /** Disables the updater, stops its timer and abandons an attempt in flight (nothing applied). */
  stop(): void {
    this.#enabled = false;
    if (this.#timer !== undefined) {
      const clear = this.#deps.clearInterval ?? ((handle) => globalThis.clearInterval(handle));
      clear(this.#timer);
      this.#timer = undefined;
    }
    this.#inFlight?.abort();
    this.#inFlight = undefined;
  }

  /**
   * Tells the updater what the conversation is now; the next attempt reads it.
   * @param messages - the whole conversation, oldest first
   */
  setMessages(messages: readonly AutoUpdateMessage[]): void {
    this.#messages = messages;
  }

  /**
   * Attempts an update now, without waiting for the timer. It still runs one at a time, but
   * needs only one new message instead of {@link AutoUpdateConfig.minNewMessages}: the doctor
   * asked for it, and with nothing new there is nothing to extract.
   */
  async force(): Promise<AutoUpdateResult> {
    const result = await this.#attempt(1);
    this.#deps.onResult?.(result);
    return result;
  }

  /**
   * A timer's attempt. It waits quietly while busy or while too few messages are new, and does
   * not resend a conversation that has not changed since the last attempt (whether that one
   * failed or was not confident enough): the answer would be the same.
   */
  async #tick(): Promise<void> {
    const min = this.#config.minNewMessages;
    if (!this.#enabled || this.running) return;
    if (this.#newMessages(this.#lastAttemptedId).length === 0) return;
    if (this.#newMessages(this.#lastAppliedId).length < min) return;
    const result = await this.#attempt(min);
    // Stopped meanwhile: whoever stopped it knows, and the record may be gone.
    if (result.error !== AUTO_UPDATE_MESSAGES.disabled) this.#deps.onResult?.(result);
  }

  async #attempt(minNewMessages: number): Promise<AutoUpdateResult> {
    if (!this.#enabled) return this.#failure(AUTO_UPDATE_MESSAGES.disabled);
    if (this.running) return this.#failure(AUTO_UPDATE_MESSAGES.busy);

    const fresh = this.#newMessages(this.#lastAppliedId);
    if (fresh.length < minNewMessages) {
      return this.#failure(`${AUTO_UPDATE_MESSAGES.notEnough} (${fresh.length}/${minNewMessages})`);
    }

    const batch = this.#conversation().slice(-this.#config.bufferSize);
    const lastSent = batch[batch.length - 1]?.id;
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#lastAttemptedId = lastSent;
    try {
      const extracted = await this.#deps.extract(batch, controller.signal);
      // Stopped (or restarted) while waiting: the record it was for may be gone.
      if (controller.signal.aborted) return this.#failure(AUTO_UPDATE_MESSAGES.disabled);
      const confidence = Number.isFinite(extracted.confidence) ? extracted.confidence : 0;
      if (confidence < this.#config.confidenceThreshold) {
        return this.#failure(
          `${AUTO_UPDATE_MESSAGES.lowConfidence} (${Math.round(confidence * 100)}%)`,
          confidence,
        );
      }
      this.#deps.apply(extracted);
      this.#lastAppliedId = lastSent;
      return { success: true, confidence, extractedData: extracted, timestamp: this.#now() };
    } catch (error) {
      if (controller.signal.aborted) return this.#failure(AUTO_UPDATE_MESSAGES.disabled);
      return this.#failure(errorText(error));
    } finally {
      if (this.#inFlight === controller) this.#inFlight = undefined;
    }
  }

  /** The messages worth extracting from: no system notices, nothing blank (a reply not begun). */
  #conversation(): AutoUpdateMessage[] {
    return this.#messages.filter((m) => m.role !== 'system' && m.content.trim() !== '');
  }

  /**
   * Conversation messages after `afterId`. When that message is no longer in the conversation
   * (it was cleared or replaced), all of it is new.
   */
  #newMessages(afterId: string | undefined): AutoUpdateMessage[] {
    const conversation = this.#conversation();
    if (afterId === undefined) return conversation;
    const index = conversation.findIndex((m) => m.id === afterId);
    return index === -1 ? conversation : conversation.slice(index + 1);
  }

  #failure(error: string, confidence = 0): AutoUpdateResult {
    return { success: false, confidence, error, timestamp: this.#now() };
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || AUTO_UPDATE_MESSAGES.failed;
  return AUTO_UPDATE_MESSAGES.unknown;
}
