import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_UPDATE_DEFAULTS,
  AUTO_UPDATE_MESSAGES,
  ConversationAutoUpdater,
  type AutoUpdateDeps,
  type AutoUpdateMessage,
  type AutoUpdateResult,
} from './conversation-auto-update';
import { emptyExtraction, type ExtractionResult } from '../ai/extraction';

const NOW = new Date('2025-03-10T14:00:00Z');

function extraction(confidence: number): ExtractionResult {
  return {
    ...emptyExtraction(),
    patientInfo: { name: 'Maria Souza', allergies: [], medications: [], chronicConditions: [] },
    confidence,
    extractedSections: ['patientInfo'],
  };
}

let nextId = 0;
function message(
  role: AutoUpdateMessage['role'],
  content = 'Paciente relata cefaleia',
): AutoUpdateMessage {
  nextId += 1;
  return { id: `${role}-${nextId}`, role, content };
}

function conversation(count: number): AutoUpdateMessage[] {
  return Array.from({ length: count }, (_, i) => message(i % 2 === 0 ? 'user' : 'assistant'));
}

/** A scheduler the test fires by hand: one interval at a time. */
function manualTimer() {
  let callback: (() => void) | undefined;
  let ms: number | undefined;
  const handle = 0 as unknown as ReturnType<typeof setInterval>;
  return {
    setInterval: vi.fn((cb: () => void, interval: number) => {
      callback = cb;
      ms = interval;
      return handle;
    }),
    clearInterval: vi.fn(() => {
      callback = undefined;
    }),
    get interval() {
      return ms;
    },
    get active() {
      return callback !== undefined;
    },
    fire() {
      callback?.();
    },
  };
}

function setup(
  extract: AutoUpdateDeps['extract'] = () => Promise.resolve(extraction(0.8)),
  config?: ConstructorParameters<typeof ConversationAutoUpdater>[1],
) {
  const timer = manualTimer();
  const deps = {
    extract: vi.fn(extract),
    apply: vi.fn<(result: ExtractionResult) => void>(),
    onResult: vi.fn<(result: AutoUpdateResult) => void>(),
    setInterval: timer.setInterval,
    clearInterval: timer.clearInterval,
    now: () => NOW,
  };
  return { timer, deps, updater: new ConversationAutoUpdater(deps, config) };
}

/** Lets the promise chain of a timer-started attempt settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('ConversationAutoUpdater', () => {
  it('uses the documented defaults', () => {
    expect(AUTO_UPDATE_DEFAULTS).toEqual({
      intervalMs: 10_000,
      minNewMessages: 3,
      bufferSize: 20,
      confidenceThreshold: 0.3,
    });
  });

  it('is disabled until started, and a forced run then says so', async () => {
    const { updater, deps } = setup();
    expect(updater.enabled).toBe(false);
    await expect(updater.force()).resolves.toEqual({
      success: false,
      confidence: 0,
      error: 'Auto-update não está habilitado',
      timestamp: NOW,
    });
    expect(deps.extract).not.toHaveBeenCalled();
  });

  it('start enables and sets a timer of the configured interval; stop clears it', () => {
    const { updater, timer } = setup();
    updater.start([]);
    expect(updater.enabled).toBe(true);
    expect(timer.interval).toBe(10_000);
    updater.stop();
    expect(updater.enabled).toBe(false);
    expect(timer.active).toBe(false);
  });

  it('applies a confident extraction and reports success', async () => {
    const { updater, deps } = setup();
    const messages = conversation(3);
    updater.start(messages);
    const result = await updater.force();
    expect(result).toEqual({
      success: true,
      confidence: 0.8,
      extractedData: extraction(0.8),
      timestamp: NOW,
    });
    expect(deps.extract).toHaveBeenCalledWith(messages, expect.any(AbortSignal));
    expect(deps.apply).toHaveBeenCalledWith(extraction(0.8));
    expect(deps.onResult).toHaveBeenCalledWith(result);
  });

  it('on a timer tick, waits for the minimum of new messages', async () => {
    const { updater, deps, timer } = setup();
    updater.start(conversation(2));
    timer.fire();
    await settle();
    expect(deps.extract).not.toHaveBeenCalled();
    expect(deps.onResult).not.toHaveBeenCalled();

    updater.setMessages([...conversation(2), message('user')]);
    timer.fire();
    await settle();
    expect(deps.extract).toHaveBeenCalledTimes(1);
    expect(deps.apply).toHaveBeenCalledTimes(1);
  });

  it('counts only messages after the last applied update as new', async () => {
    const { updater, deps } = setup(undefined, { minNewMessages: 3 });
    const first = conversation(3);
    updater.start(first);
    await updater.force();

    const second = [...first, message('user')];
    updater.setMessages(second);
    // Forced: one new message is enough.
    await expect(updater.force()).resolves.toMatchObject({ success: true });
    expect(deps.apply).toHaveBeenCalledTimes(2);

    await expect(updater.force()).resolves.toMatchObject({
      success: false,
      error: 'Insuficientes mensagens novas (0/1)',
    });
  });

  it('reports too few new messages with the count and the minimum', async () => {
    const { updater } = setup(undefined, { minNewMessages: 3 });
    updater.start([]);
    await expect(updater.force()).resolves.toMatchObject({
      success: false,
      error: 'Insuficientes mensagens novas (0/1)',
    });
  });

  it('runs through the timer with fake timers too, using the real scheduler by default', async () => {
    vi.useFakeTimers();
    const extract = vi.fn(() => Promise.resolve(extraction(0.9)));
    const apply = vi.fn();
    const updater = new ConversationAutoUpdater({ extract, apply });
    updater.start(conversation(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(extract).not.toHaveBeenCalled();
    updater.setMessages(conversation(3));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(extract).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(extract).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledTimes(1);
    updater.stop();
    updater.setMessages(conversation(6));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(extract).toHaveBeenCalledTimes(1);
  });

  it('sends only the last bufferSize messages and never system messages', async () => {
    const { updater, deps } = setup(undefined, { bufferSize: 4 });
    const messages = [
      ...conversation(5),
      message('system', 'Agora a consulta é com o Agente Cardiologista'),
      message('assistant', '   '),
      ...conversation(2),
    ];
    updater.start(messages);
    await updater.force();
    const sent = deps.extract.mock.calls[0]?.[0] ?? [];
    expect(sent).toHaveLength(4);
    expect(sent.every((m) => m.role !== 'system' && m.content.trim() !== '')).toBe(true);
    expect(sent.map((m) => m.id)).toEqual(
      messages
        .filter((m) => m.role !== 'system' && m.content.trim() !== '')
        .slice(-4)
        .map((m) => m.id),
    );
  });

  it('does not count system messages as new', async () => {
    const { updater } = setup();
    updater.start([message('system'), message('system')]);
    await expect(updater.force()).resolves.toMatchObject({
      error: 'Insuficientes mensagens novas (0/1)',
    });
  });

  it('discards an extraction below the confidence threshold', async () => {
    const { updater, deps } = setup(() => Promise.resolve(extraction(0.254)));
    updater.start(conversation(3));
    await expect(updater.force()).resolves.toEqual({
      success: false,
      confidence: 0.254,
      error: 'Confiança muito baixa (25%)',
      timestamp: NOW,
    });
    expect(deps.apply).not.toHaveBeenCalled();
  });

  it('accepts a confidence equal to the threshold', async () => {
    const { updater, deps } = setup(() => Promise.resolve(extraction(0.3)));
    updater.start(conversation(3));
    await expect(updater.force()).resolves.toMatchObject({ success: true });
    expect(deps.apply).toHaveBeenCalled();
  });

  it('after a discarded extraction, a tick waits for new messages instead of resending', async () => {
    const { updater, deps, timer } = setup(() => Promise.resolve(extraction(0.1)));
    updater.start(conversation(3));
    timer.fire();
    await settle();
    timer.fire();
    await settle();
    expect(deps.extract).toHaveBeenCalledTimes(1);
    expect(deps.onResult).toHaveBeenCalledTimes(1);
    expect(deps.onResult.mock.calls[0]?.[0]).toMatchObject({
      error: 'Confiança muito baixa (10%)',
    });

    // The earlier messages were never applied, so they still count towards the minimum.
    updater.setMessages([...conversation(3), message('user')]);
    timer.fire();
    await settle();
    expect(deps.extract).toHaveBeenCalledTimes(2);
  });

  it('runs one attempt at a time', async () => {
    let finish: (value: ExtractionResult) => void = () => undefined;
    const { updater, deps, timer } = setup(
      () => new Promise<ExtractionResult>((resolve) => (finish = resolve)),
    );
    updater.start(conversation(3));
    const first = updater.force();
    expect(updater.running).toBe(true);
    await expect(updater.force()).resolves.toEqual({
      success: false,
      confidence: 0,
      error: 'Processamento já em andamento',
      timestamp: NOW,
    });
    timer.fire();
    await settle();
    expect(deps.extract).toHaveBeenCalledTimes(1);

    finish(extraction(0.9));
    await expect(first).resolves.toMatchObject({ success: true });
    expect(updater.running).toBe(false);
  });

  it('reports a thrown error by its message, or as unknown', async () => {
    const failing = setup(() => Promise.reject(new Error('Erro de conexão')));
    failing.updater.start(conversation(3));
    await expect(failing.updater.force()).resolves.toEqual({
      success: false,
      confidence: 0,
      error: 'Erro de conexão',
      timestamp: NOW,
    });
    expect(failing.deps.apply).not.toHaveBeenCalled();

    const odd = setup(() => Promise.reject(new Error('')));
    odd.updater.start(conversation(3));
    await expect(odd.updater.force()).resolves.toMatchObject({ error: 'Erro no processamento' });

    // A rejection with no Error at all is what 'Erro desconhecido' is for.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    const unknown = setup(() => Promise.reject('falhou'));
    unknown.updater.start(conversation(3));
    await expect(unknown.updater.force()).resolves.toMatchObject({ error: 'Erro desconhecido' });
    expect(unknown.updater.running).toBe(false);
  });

  it('stop aborts an attempt in flight and nothing is applied', async () => {
    let finish: (value: ExtractionResult) => void = () => undefined;
    let seen: AbortSignal | undefined;
    const { updater, deps } = setup((_messages, signal) => {
      seen = signal;
      return new Promise<ExtractionResult>((resolve) => (finish = resolve));
    });
    updater.start(conversation(3));
    const pending = updater.force();
    updater.stop();
    expect(seen?.aborted).toBe(true);
    expect(updater.running).toBe(false);
    finish(extraction(0.9));
    await expect(pending).resolves.toMatchObject({ error: 'Auto-update não está habilitado' });
    expect(deps.apply).not.toHaveBeenCalled();
  });

  it('treats a cleared conversation as all new', async () => {
    const { updater, deps } = setup(undefined, { minNewMessages: 3 });
    updater.start(conversation(3));
    await updater.force();
    updater.setMessages(conversation(3)); // 'Nova conversa': other ids
    await expect(updater.force()).resolves.toMatchObject({ success: true });
    expect(deps.apply).toHaveBeenCalledTimes(2);
  });

  it('restarting forgets what was processed', async () => {
    const { updater, deps } = setup();
    const messages = conversation(3);
    updater.start(messages);
    await updater.force();
    updater.start(messages);
    await expect(updater.force()).resolves.toMatchObject({ success: true });
    expect(deps.apply).toHaveBeenCalledTimes(2);
  });

  it('exposes the documented error texts', () => {
    expect(AUTO_UPDATE_MESSAGES).toEqual({
      busy: 'Processamento já em andamento',
      notEnough: 'Insuficientes mensagens novas',
      lowConfidence: 'Confiança muito baixa',
      disabled: 'Auto-update não está habilitado',
      unknown: 'Erro desconhecido',
      failed: 'Erro no processamento',
    });
  });
});
