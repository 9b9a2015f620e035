import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiSource } from '../../shared/ai-protocol';
import type { PrescriptionDetection } from '../../shared/ai-tasks';
import { CHAT_ERROR_MESSAGES } from '../../shared/chat-errors';
import { CHAT_MAX_MESSAGES, type ChatRequest } from '../../shared/chat-request';
import type { RecordContent } from '../../shared/medical-record';
import type { SpecialistAgentId } from '../../shared/specialist-agents';
import { ApiError } from '../api-request';
import {
  ChatConversationStore,
  conversationForModel,
  PRESCRIPTION_SUGGESTION_TEXT,
  RECORD_SUGGESTION_TEXT,
  suggestionOf,
  type ChatBackend,
  type ChatMessage,
  type ChatStorage,
} from './chat-conversation-store';

const DOCTOR = 'doctor-1';
const NOW = new Date('2025-03-10T12:00:00.000Z');
const CARDIOLOGIST_MESSAGE =
  'Consulta agora com o Agente Cardiologista. ' +
  'Hipertensão, dor torácica, arritmias, insuficiência cardíaca e risco cardiovascular';

/** The browser's local storage entry of the conversation, kept in memory. */
class MemoryChatStorage implements ChatStorage {
  value: string | null = null;
  readonly writes: string[] = [];
  read = (): string | null => this.value;
  write = (value: string): void => {
    this.value = value;
    this.writes.push(value);
  };
  remove = (): void => {
    this.value = null;
  };
  /** What is stored, parsed. */
  stored(): unknown {
    return this.value === null ? null : JSON.parse(this.value);
  }
}

/** One reply the store asked for, answered piece by piece by the test. */
interface PendingReply {
  request: ChatRequest;
  signal: AbortSignal;
  emit: (text: string) => void;
  finish: (source: AiSource) => void;
  fail: (error: unknown) => void;
}

/** The server, played by the test: replies wait until the test answers them. */
class ScriptedBackend implements ChatBackend {
  readonly replies: PendingReply[] = [];
  readonly recordChecks: ChatMessage[][] = [];
  /** The next answers of `shouldCreateRecord`, in order; an Error rejects. Then false. */
  recordAnswers: (boolean | Error)[] = [];
  readonly prescriptionChecks: ChatMessage[][] = [];
  /** The next answers of `detectPrescription`, in order; an Error rejects. Then none found. */
  prescriptionAnswers: (PrescriptionDetection | Error)[] = [];

  streamReply = (
    request: ChatRequest,
    onText: (text: string) => void,
    signal: AbortSignal,
  ): Promise<AiSource> =>
    new Promise<AiSource>((resolve, reject) => {
      this.replies.push({ request, signal, emit: onText, finish: resolve, fail: reject });
    });

  shouldCreateRecord = (messages: readonly ChatMessage[]): Promise<boolean> => {
    this.recordChecks.push([...messages]);
    const answer = this.recordAnswers.shift() ?? false;
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };

  detectPrescription = (messages: readonly ChatMessage[]): Promise<PrescriptionDetection> => {
    this.prescriptionChecks.push([...messages]);
    const answer = this.prescriptionAnswers.shift() ?? { hasPrescription: false, confidence: 0.1 };
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };

  /** The reply the store asked for last. */
  lastReply(): PendingReply {
    const reply = this.replies[this.replies.length - 1];
    if (!reply) throw new Error('No reply was asked for.');
    return reply;
  }
}

function setUp(userId = DOCTOR, storage = new MemoryChatStorage()) {
  const backend = new ScriptedBackend();
  const store = new ChatConversationStore(userId, storage, backend, () => NOW);
  return { store, storage, backend };
}

/** Sends `text` and answers it with `pieces`. */
async function exchange(
  store: ChatConversationStore,
  backend: ScriptedBackend,
  text: string,
  pieces: string[],
  options: { source?: AiSource; record?: RecordContent; hasPrescription?: boolean } = {},
): Promise<void> {
  const sending = store.send(text, {
    ...(options.record ? { record: options.record } : {}),
    ...(options.hasPrescription ? { hasPrescription: true } : {}),
  });
  const reply = backend.lastReply();
  for (const piece of pieces) reply.emit(piece);
  reply.finish(options.source ?? 'model');
  await sending;
}

/** The messages without their ids and timestamps. */
function contents(messages: readonly ChatMessage[]) {
  return messages.map(({ role, content, kind, source }) => ({
    role,
    content,
    ...(kind ? { kind } : {}),
    ...(source ? { source } : {}),
  }));
}

let fixtureCount = 0;

function message(
  role: ChatMessage['role'],
  content: string,
  kind?: ChatMessage['kind'],
): ChatMessage {
  return {
    id: `${kind ?? role}-${NOW.getTime()}-fixture-${++fixtureCount}`,
    role,
    content,
    timestamp: NOW.toISOString(),
    ...(kind ? { kind } : {}),
  };
}

const RECORD: RecordContent = { patientInfo: { name: 'Maria Souza', age: 54 } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('send', () => {
  it('adds the question, waits, streams the reply in and ends idle', async () => {
    const { store, backend } = setUp();
    const statuses: string[] = [];
    store.subscribe(() => statuses.push(store.getSnapshot().status));

    const sending = store.send('  Qual a dose de amoxicilina?  ');
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
    ]);
    expect(store.getSnapshot().status).toBe('waiting');
    const { id, timestamp } = store.getSnapshot().messages[0] ?? {};
    expect(id).toMatch(/^user-1741608000000-\d+$/);
    expect(timestamp).toBe('2025-03-10T12:00:00.000Z');

    const reply = backend.lastReply();
    reply.emit('500 mg ');
    expect(store.getSnapshot().status).toBe('streaming');
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
      { role: 'assistant', content: '500 mg ' },
    ]);
    reply.emit('de 8/8 h.');
    expect(store.getSnapshot().messages[1]?.content).toBe('500 mg de 8/8 h.');
    expect(store.getSnapshot().status).toBe('streaming');

    reply.finish('offline');
    await sending;
    expect(store.getSnapshot().status).toBe('idle');
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
      { role: 'assistant', content: '500 mg de 8/8 h.', source: 'offline' },
    ]);
    expect(store.getSnapshot().messages[1]?.id).toMatch(/^assistant-/);
    // waiting → streaming → (pieces) → source saved → idle; never idle in between.
    expect(statuses.slice(statuses.indexOf('waiting'))).toEqual([
      'waiting',
      'streaming',
      'streaming',
      'streaming',
      'idle',
    ]);
  });

  it('sends the exchange only, in general mode, with no agent nor record', () => {
    const { store, storage, backend } = setUp();
    storage.value = JSON.stringify({
      userId: DOCTOR,
      mode: 'general',
      messages: [
        message('system', 'Consulta agora com o Agente Cardiologista.'),
        message('user', 'Pergunta 1'),
        message('assistant', 'Resposta 1'),
        message('assistant', CHAT_ERROR_MESSAGES.network, 'error'),
        message('assistant', RECORD_SUGGESTION_TEXT, 'suggestion'),
        message('assistant', 'Prontuário finalizado: Maria', 'record'),
      ],
    });
    store.restore();

    void store.send('Pergunta 2');
    expect(backend.lastReply().request).toEqual({
      messages: [
        { role: 'user', content: 'Pergunta 1' },
        { role: 'assistant', content: 'Resposta 1' },
        { role: 'user', content: 'Pergunta 2' },
      ],
      mode: 'general',
    });
  });

  it('sends the agent in specialist mode and the record when one is given', () => {
    const { store, backend } = setUp();
    store.chooseAgent('cardiologist');

    void store.send('Paciente com dor torácica', { record: RECORD });
    expect(backend.lastReply().request).toEqual({
      messages: [{ role: 'user', content: 'Paciente com dor torácica' }],
      mode: 'specialist',
      agentId: 'cardiologist',
      recordContext: RECORD,
    });
  });

  it('sends no agent in general mode even after one was chosen', () => {
    const { store, backend } = setUp();
    store.chooseAgent('cardiologist');
    store.setMode('general');

    void store.send('Oi');
    expect(backend.lastReply().request).toEqual({
      messages: [{ role: 'user', content: 'Oi' }],
      mode: 'general',
    });
  });

  it('ignores a second message while a reply loads, waiting or streaming', async () => {
    const { store, backend } = setUp();
    const sending = store.send('Primeira');
    await store.send('Segunda');
    expect(backend.replies).toHaveLength(1);

    backend.lastReply().emit('Resp');
    await store.send('Terceira');
    expect(backend.replies).toHaveLength(1);
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Primeira' },
      { role: 'assistant', content: 'Resp' },
    ]);

    backend.lastReply().finish('model');
    await sending;
    await exchange(store, backend, 'Quarta', ['ok']);
    expect(backend.replies).toHaveLength(2);
  });

  it('ignores a blank message', async () => {
    const { store, storage, backend } = setUp();
    await store.send('   \n\t ');
    await store.send('');
    expect(backend.replies).toEqual([]);
    expect(store.getSnapshot().messages).toEqual([]);
    expect(store.getSnapshot().status).toBe('idle');
    expect(storage.writes).toEqual([]);
  });
});

describe('send errors', () => {
  it('shows the API error as an assistant error message and ends idle', async () => {
    const { store, backend } = setUp();
    const sending = store.send('Oi');
    backend.lastReply().fail(new ApiError(CHAT_ERROR_MESSAGES.quota, 429));
    await sending;

    expect(CHAT_ERROR_MESSAGES.quota).toBe(
      'Limite de uso da API excedido. Tente novamente mais tarde.',
    );
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Oi' },
      {
        role: 'assistant',
        content: 'Limite de uso da API excedido. Tente novamente mais tarde.',
        kind: 'error',
      },
    ]);
    expect(store.getSnapshot().messages[1]?.id).toMatch(/^error-/);
    expect(store.getSnapshot().status).toBe('idle');
  });

  it('keeps what arrived before the stream broke, then the error', async () => {
    const { store, storage, backend } = setUp();
    const sending = store.send('Oi');
    backend.lastReply().emit('Metade da');
    backend.lastReply().fail(new ApiError('A resposta foi interrompida.'));
    await sending;

    const expected = [
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Metade da' },
      { role: 'assistant', content: 'A resposta foi interrompida.', kind: 'error' },
    ];
    expect(contents(store.getSnapshot().messages)).toEqual(expected);
    expect(store.getSnapshot().status).toBe('idle');
    expect(contents((storage.stored() as { messages: ChatMessage[] }).messages)).toEqual(expected);
  });

  it('shows the generic error for an error with no message', async () => {
    const { store, backend } = setUp();
    const sending = store.send('Oi');
    backend.lastReply().fail(new Error(''));
    await sending;
    expect(contents(store.getSnapshot().messages).at(-1)).toEqual({
      role: 'assistant',
      content: CHAT_ERROR_MESSAGES.other,
      kind: 'error',
    });
  });

  it('shows the generic error when the stream ends with no text', async () => {
    const { store, backend } = setUp();
    await exchange(store, backend, 'Oi', []);

    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Oi' },
      {
        role: 'assistant',
        content:
          'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
        kind: 'error',
      },
    ]);
    expect(store.getSnapshot().status).toBe('idle');
  });

  it('does not check for a record after an error', async () => {
    const { store, backend } = setUp();
    await exchange(store, backend, 'Paciente de 40 anos', ['Entendi.']);
    const sending = store.send('com febre');
    backend.lastReply().fail(new ApiError(CHAT_ERROR_MESSAGES.network));
    await sending;
    expect(backend.recordChecks).toEqual([]);
  });
});

describe('record suggestion (spec §4)', () => {
  it('asks with the last 5 exchanged messages once there are more than 2', async () => {
    const { store, backend } = setUp();
    store.chooseAgent('cardiologist');
    await exchange(store, backend, 'Paciente de 60 anos', ['Qual a queixa?']);
    expect(backend.recordChecks).toEqual([]);

    backend.recordAnswers = [false, false];
    await exchange(store, backend, 'Dor no peito', ['Há quanto tempo?']);
    expect(backend.recordChecks).toHaveLength(1);
    expect(contents(backend.recordChecks[0] ?? [])).toEqual([
      { role: 'user', content: 'Paciente de 60 anos' },
      { role: 'assistant', content: 'Qual a queixa?', source: 'model' },
      { role: 'user', content: 'Dor no peito' },
      { role: 'assistant', content: 'Há quanto tempo?', source: 'model' },
    ]);

    await exchange(store, backend, 'Dois dias', ['Irradia?']);
    // The system message of the agent is not one of the exchanged messages.
    expect(backend.recordChecks[1]?.map((m) => m.content)).toEqual([
      'Qual a queixa?',
      'Dor no peito',
      'Há quanto tempo?',
      'Dois dias',
      'Irradia?',
    ]);
    expect(store.getSnapshot().messages.some((m) => m.kind === 'suggestion')).toBe(false);
  });

  it('posts the suggestion once per conversation on a yes', async () => {
    const { store, backend } = setUp();
    backend.recordAnswers = [true, true, true];
    await exchange(store, backend, 'Paciente João, 45 anos', ['Qual a queixa?']);
    await exchange(store, backend, 'Febre há 3 dias', ['Tem tosse?']);

    const suggestions = () => store.getSnapshot().messages.filter((m) => m.kind === 'suggestion');
    expect(contents(suggestions())).toEqual([
      { role: 'assistant', content: RECORD_SUGGESTION_TEXT, kind: 'suggestion' },
    ]);
    expect(RECORD_SUGGESTION_TEXT).toBe(
      'Parece que esta conversa é sobre o atendimento de um paciente. Deseja iniciar um prontuário com os dados já informados?',
    );
    expect(suggestions()[0]?.id).toMatch(/^suggestion-/);
    expect(store.getSnapshot().messages.at(-1)?.kind).toBe('suggestion');

    await exchange(store, backend, 'Sim, tosse seca', ['Ausculta?']);
    expect(suggestions()).toHaveLength(1);
    // Once suggested, the model is not asked again.
    expect(backend.recordChecks).toHaveLength(1);
  });

  it('is not asked when a record is open', async () => {
    const { store, backend } = setUp();
    backend.recordAnswers = [true, true];
    await exchange(store, backend, 'Paciente João', ['Ok'], { record: RECORD });
    await exchange(store, backend, 'Febre', ['Ok'], { record: RECORD });
    await exchange(store, backend, 'Tosse', ['Ok'], { record: RECORD });
    expect(backend.recordChecks).toEqual([]);
    expect(store.getSnapshot().messages.some((m) => m.kind === 'suggestion')).toBe(false);
  });

  it('posts nothing when the check fails', async () => {
    const { store, backend } = setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    backend.recordAnswers = [new ApiError('Falhou')];
    await exchange(store, backend, 'Paciente João', ['Qual a queixa?']);
    await exchange(store, backend, 'Febre', ['Há quanto tempo?']);

    expect(backend.recordChecks).toHaveLength(1);
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Paciente João' },
      { role: 'assistant', content: 'Qual a queixa?', source: 'model' },
      { role: 'user', content: 'Febre' },
      { role: 'assistant', content: 'Há quanto tempo?', source: 'model' },
    ]);
    expect(store.getSnapshot().status).toBe('idle');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not suggest into a conversation started while the check ran', async () => {
    const { store, backend } = setUp();
    await exchange(store, backend, 'Paciente João', ['Qual a queixa?']);
    let answer: (value: boolean) => void = () => undefined;
    backend.shouldCreateRecord = (messages) => {
      backend.recordChecks.push([...messages]);
      return new Promise<boolean>((resolve) => {
        answer = resolve;
      });
    };
    const sending = store.send('Febre');
    backend.lastReply().emit('Há quanto tempo?');
    backend.lastReply().finish('model');
    await vi.waitFor(() => expect(backend.recordChecks).toHaveLength(1));

    store.newConversation();
    answer(true);
    await sending;
    expect(store.getSnapshot().messages).toEqual([]);
  });
});

describe('prescription suggestion (spec §9)', () => {
  const PRESCRIBED: PrescriptionDetection = { hasPrescription: true, confidence: 0.8 };
  const prescriptionSuggestions = (store: ChatConversationStore) =>
    store.getSnapshot().messages.filter((m) => suggestionOf(m) === 'prescription');

  it('asks with the last 5 exchanged messages once there are more than 2', async () => {
    const { store, backend } = setUp();
    store.chooseAgent('cardiologist');
    await exchange(store, backend, 'Paciente de 60 anos', ['Qual a queixa?']);
    expect(backend.prescriptionChecks).toEqual([]);

    await exchange(store, backend, 'Hipertensão', ['Qual a conduta?']);
    expect(backend.prescriptionChecks.map((messages) => messages.length)).toEqual([4]);
    await exchange(store, backend, 'Vou prescrever losartana 50mg', ['Certo.']);
    expect(backend.prescriptionChecks[1]?.map((m) => m.content)).toEqual([
      'Qual a queixa?',
      'Hipertensão',
      'Qual a conduta?',
      'Vou prescrever losartana 50mg',
      'Certo.',
    ]);
    expect(prescriptionSuggestions(store)).toEqual([]);
  });

  it('posts the suggestion once per conversation when confident', async () => {
    const { store, backend } = setUp();
    backend.prescriptionAnswers = [PRESCRIBED, PRESCRIBED, PRESCRIBED];
    await exchange(store, backend, 'Maria, 45 anos, amigdalite', ['Conduta?']);
    await exchange(store, backend, 'Vou prescrever amoxicilina 500mg 8/8h', ['Certo.']);

    expect(contents(prescriptionSuggestions(store))).toEqual([
      { role: 'assistant', content: PRESCRIPTION_SUGGESTION_TEXT, kind: 'suggestion' },
    ]);
    expect(PRESCRIPTION_SUGGESTION_TEXT).toBe(
      'Parece que esta conversa inclui uma prescrição. Deseja criar a receita com os medicamentos citados?',
    );
    const suggestion = store.getSnapshot().messages.at(-1);
    expect(suggestion?.suggestion).toBe('prescription');
    expect(suggestion?.id).toMatch(/^suggestion-/);

    await exchange(store, backend, 'Por 7 dias', ['Ok.']);
    expect(prescriptionSuggestions(store)).toHaveLength(1);
    expect(backend.prescriptionChecks).toHaveLength(1);
  });

  it('is not asked while a receita is being written', async () => {
    const { store, backend } = setUp();
    backend.prescriptionAnswers = [PRESCRIBED, PRESCRIBED];
    await exchange(store, backend, 'Maria', ['Ok'], { hasPrescription: true });
    await exchange(store, backend, 'Amoxicilina', ['Ok'], { hasPrescription: true });
    await exchange(store, backend, '500mg', ['Ok'], { hasPrescription: true });
    expect(backend.prescriptionChecks).toEqual([]);
    expect(prescriptionSuggestions(store)).toEqual([]);
  });

  it('is not asked with 2 messages or fewer', async () => {
    const { store, backend } = setUp();
    backend.prescriptionAnswers = [PRESCRIBED];
    await exchange(store, backend, 'Vou prescrever amoxicilina 500mg', ['Certo.']);
    expect(backend.prescriptionChecks).toEqual([]);
    expect(prescriptionSuggestions(store)).toEqual([]);
  });

  it('posts nothing below 0.5 confidence, nor when nothing is prescribed', async () => {
    const { store, backend } = setUp();
    backend.prescriptionAnswers = [
      { hasPrescription: true, confidence: 0.49 },
      { hasPrescription: false, confidence: 0.9 },
    ];
    await exchange(store, backend, 'Maria', ['Ok']);
    await exchange(store, backend, 'Amoxicilina?', ['Ok']);
    await exchange(store, backend, 'Talvez', ['Ok']);
    expect(backend.prescriptionChecks).toHaveLength(2);
    expect(prescriptionSuggestions(store)).toEqual([]);
  });

  it('posts nothing when the detection fails', async () => {
    const { store, backend } = setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    backend.prescriptionAnswers = [new ApiError('Falhou')];
    await exchange(store, backend, 'Maria', ['Ok']);
    await exchange(store, backend, 'Amoxicilina 500mg', ['Certo.']);
    expect(backend.prescriptionChecks).toHaveLength(1);
    expect(store.getSnapshot().messages.some((m) => m.kind === 'suggestion')).toBe(false);
    expect(store.getSnapshot().status).toBe('idle');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('comes after the record suggestion, each once, and is asked with a record open', async () => {
    const { store, backend } = setUp();
    backend.recordAnswers = [true];
    backend.prescriptionAnswers = [PRESCRIBED];
    await exchange(store, backend, 'Maria, 45 anos', ['Queixa?']);
    await exchange(store, backend, 'Amoxicilina 500mg 8/8h', ['Certo.']);
    expect(store.getSnapshot().messages.slice(-2).map(suggestionOf)).toEqual([
      'record',
      'prescription',
    ]);

    const other = setUp();
    other.backend.prescriptionAnswers = [PRESCRIBED];
    await exchange(other.store, other.backend, 'Maria', ['Ok'], { record: RECORD });
    await exchange(other.store, other.backend, 'Amoxicilina', ['Ok'], { record: RECORD });
    expect(other.backend.recordChecks).toEqual([]);
    expect(other.store.getSnapshot().messages.map(suggestionOf).filter(Boolean)).toEqual([
      'prescription',
    ]);
  });

  it('reads a stored suggestion without a kind as a record suggestion', () => {
    const storage = new MemoryChatStorage();
    storage.value = JSON.stringify({
      userId: DOCTOR,
      mode: 'general',
      messages: [
        message('assistant', RECORD_SUGGESTION_TEXT, 'suggestion'),
        {
          ...message('assistant', PRESCRIPTION_SUGGESTION_TEXT, 'suggestion'),
          suggestion: 'prescription',
        },
      ],
    });
    const { store } = setUp(DOCTOR, storage);
    store.restore();
    expect(store.getSnapshot().messages.map(suggestionOf)).toEqual(['record', 'prescription']);
    expect(suggestionOf(message('assistant', 'Olá'))).toBeUndefined();
  });
});

describe('mode and agent', () => {
  it('setMode clears the messages and, in general mode, the agent', async () => {
    const { store, storage, backend } = setUp();
    store.chooseAgent('cardiologist');
    await exchange(store, backend, 'Oi', ['Olá']);

    store.setMode('specialist');
    expect(store.getSnapshot()).toEqual({
      mode: 'specialist',
      agentId: 'cardiologist',
      messages: [],
      status: 'idle',
    });

    await exchange(store, backend, 'Oi', ['Olá']);
    store.setMode('general');
    expect(store.getSnapshot()).toEqual({
      mode: 'general',
      agentId: undefined,
      messages: [],
      status: 'idle',
    });
    expect(storage.stored()).toEqual({ userId: DOCTOR, mode: 'general', messages: [] });
  });

  it('chooseAgent posts the system message and switches to specialist mode', () => {
    const { store, storage } = setUp();
    store.chooseAgent('cardiologist');

    const snapshot = store.getSnapshot();
    expect(snapshot.mode).toBe('specialist');
    expect(snapshot.agentId).toBe('cardiologist');
    expect(contents(snapshot.messages)).toEqual([
      { role: 'system', content: CARDIOLOGIST_MESSAGE },
    ]);
    expect(snapshot.messages[0]?.id).toMatch(/^system-/);
    expect(storage.stored()).toEqual({
      userId: DOCTOR,
      mode: 'specialist',
      agentId: 'cardiologist',
      messages: snapshot.messages,
    });
  });

  it('ignores an unknown agent', () => {
    const { store, storage } = setUp();
    const before = store.getSnapshot();
    store.chooseAgent('astrologer' as SpecialistAgentId);
    expect(store.getSnapshot()).toBe(before);
    expect(storage.writes).toEqual([]);
  });

  it('newConversation keeps the mode and the agent', async () => {
    const { store, backend } = setUp();
    store.chooseAgent('cardiologist');
    await exchange(store, backend, 'Oi', ['Olá']);

    store.newConversation();
    expect(store.getSnapshot()).toEqual({
      mode: 'specialist',
      agentId: 'cardiologist',
      messages: [],
      status: 'idle',
    });
  });

  it('notifies subscribers until they unsubscribe', () => {
    const { store } = setUp();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.chooseAgent('cardiologist');
    expect(listener).toHaveBeenCalled();
    listener.mockClear();
    unsubscribe();
    store.newConversation();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('persistence', () => {
  it('writes every finished change under the doctor id', async () => {
    const { store, storage, backend } = setUp();
    await exchange(store, backend, 'Oi', ['Olá', ', doutor.'], { source: 'offline' });

    expect(storage.stored()).toEqual({
      userId: DOCTOR,
      mode: 'general',
      messages: store.getSnapshot().messages,
    });
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá, doutor.', source: 'offline' },
    ]);
  });

  it('keeps the question but not a reply still streaming', async () => {
    const { store, storage, backend } = setUp();
    const sending = store.send('Qual a dose?');
    const afterQuestion = storage.writes.length;
    expect(contents((storage.stored() as { messages: ChatMessage[] }).messages)).toEqual([
      { role: 'user', content: 'Qual a dose?' },
    ]);

    backend.lastReply().emit('500 ');
    backend.lastReply().emit('mg');
    // Pieces are not written: a reload now finds the question only.
    expect(storage.writes).toHaveLength(afterQuestion);
    const reloaded = setUp(DOCTOR, storage).store;
    reloaded.restore();
    expect(contents(reloaded.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Qual a dose?' },
    ]);
    expect(reloaded.getSnapshot().status).toBe('idle');

    backend.lastReply().finish('model');
    await sending;
    expect(contents((storage.stored() as { messages: ChatMessage[] }).messages)).toEqual([
      { role: 'user', content: 'Qual a dose?' },
      { role: 'assistant', content: '500 mg', source: 'model' },
    ]);
  });

  it('restores the same doctor conversation, mode and agent', async () => {
    const storage = new MemoryChatStorage();
    const first = setUp(DOCTOR, storage);
    first.store.chooseAgent('cardiologist');
    await exchange(first.store, first.backend, 'Oi', ['Olá']);

    const second = setUp(DOCTOR, storage);
    second.store.restore();
    expect(second.store.getSnapshot()).toEqual({ ...first.store.getSnapshot(), status: 'idle' });
    expect(second.store.getSnapshot().mode).toBe('specialist');
  });

  it("drops another doctor's conversation and loads nothing", async () => {
    const storage = new MemoryChatStorage();
    const first = setUp('doctor-a', storage);
    await exchange(first.store, first.backend, 'Paciente Maria', ['Ok']);

    const second = setUp('doctor-b', storage);
    second.store.restore();
    expect(second.store.getSnapshot().messages).toEqual([]);
    expect(storage.value).toBeNull();
  });

  it('ignores corrupt JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, storage } = setUp();
    storage.value = '{"userId": "doctor-1", "messages": [';
    store.restore();
    expect(store.getSnapshot()).toEqual({
      mode: 'general',
      agentId: undefined,
      messages: [],
      status: 'idle',
    });
    expect(warn).toHaveBeenCalledWith('Conversa salva ilegível; começando uma nova.');
  });

  it('ignores malformed messages, an unknown agent and a specialist mode without agent', () => {
    const { store, storage } = setUp();
    const kept = message('user', 'Oi');
    storage.value = JSON.stringify({
      userId: DOCTOR,
      mode: 'specialist',
      agentId: 'astrologer',
      messages: [kept, { id: 1, role: 'user', content: 'x' }, { ...kept, role: 'robot' }, null],
    });
    store.restore();
    expect(store.getSnapshot()).toEqual({
      mode: 'general',
      agentId: undefined,
      messages: [kept],
      status: 'idle',
    });
  });

  it('does not write when restoring', () => {
    const { store, storage } = setUp();
    storage.value = JSON.stringify({ userId: DOCTOR, mode: 'general', messages: [] });
    store.restore();
    expect(storage.writes).toEqual([]);
  });
});

describe('forget and cancel', () => {
  it('forget clears the storage and the state', async () => {
    const { store, storage, backend } = setUp();
    store.chooseAgent('cardiologist');
    await exchange(store, backend, 'Oi', ['Olá']);
    const listener = vi.fn();
    store.subscribe(listener);

    store.forget();
    expect(storage.value).toBeNull();
    expect(store.getSnapshot()).toEqual({
      mode: 'general',
      agentId: undefined,
      messages: [],
      status: 'idle',
    });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forget during a reply aborts it and nothing comes back', async () => {
    const { store, storage, backend } = setUp();
    const sending = store.send('Oi');
    const reply = backend.lastReply();
    store.forget();
    expect(reply.signal.aborted).toBe(true);
    reply.emit('tarde');
    reply.finish('model');
    await sending;
    expect(store.getSnapshot().messages).toEqual([]);
    expect(storage.value).toBeNull();
  });

  it('chooseAgent during a reply stops it: the new specialist answers the next question', async () => {
    const { store, backend } = setUp();
    const sending = store.send('Febre');
    const reply = backend.lastReply();
    reply.emit('Há quanto');
    store.chooseAgent('cardiologist');
    expect(reply.signal.aborted).toBe(true);
    expect(store.getSnapshot().status).toBe('idle');
    reply.emit(' tempo?');
    reply.finish('model');
    await sending;
    const contents = store.getSnapshot().messages.map((message) => message.content);
    expect(contents[0]).toBe('Febre');
    expect(contents.at(-1)).toMatch(/^Consulta agora com o Agente Cardiologista\./);
    expect(contents.join(' ')).not.toContain('tempo?');
  });

  it('setMode during a reply aborts it and ignores later pieces', async () => {
    const { store, storage, backend } = setUp();
    backend.recordAnswers = [true];
    await exchange(store, backend, 'Paciente João', ['Qual a queixa?']);
    const sending = store.send('Febre');
    const reply = backend.lastReply();
    reply.emit('Há quanto');
    expect(reply.signal.aborted).toBe(false);

    store.setMode('specialist');
    expect(reply.signal.aborted).toBe(true);
    expect(store.getSnapshot().status).toBe('idle');
    reply.emit(' tempo?');
    reply.finish('model');
    await sending;

    expect(store.getSnapshot()).toEqual({
      mode: 'specialist',
      agentId: undefined,
      messages: [],
      status: 'idle',
    });
    expect(backend.recordChecks).toEqual([]);
    expect(storage.stored()).toEqual({ userId: DOCTOR, mode: 'specialist', messages: [] });
  });

  it('an aborted reply that rejects posts no error', async () => {
    const { store, backend } = setUp();
    const sending = store.send('Oi');
    const reply = backend.lastReply();
    store.newConversation();
    reply.fail(new DOMException('Aborted', 'AbortError'));
    await sending;
    expect(store.getSnapshot().messages).toEqual([]);
    expect(store.getSnapshot().status).toBe('idle');
  });

  it('a new message can be sent right after cancelling, and the old reply stays out', async () => {
    const { store, backend } = setUp();
    const first = store.send('Primeira');
    const old = backend.lastReply();
    store.newConversation();

    const second = store.send('Segunda');
    expect(backend.replies).toHaveLength(2);
    old.emit('velha');
    old.finish('model');
    await first;
    expect(store.getSnapshot().status).toBe('waiting');

    backend.lastReply().emit('nova');
    backend.lastReply().finish('model');
    await second;
    expect(contents(store.getSnapshot().messages)).toEqual([
      { role: 'user', content: 'Segunda' },
      { role: 'assistant', content: 'nova', source: 'model' },
    ]);
    expect(store.getSnapshot().status).toBe('idle');
  });

  it('dispose aborts the reply and stops notifying', () => {
    const { store, backend } = setUp();
    const listener = vi.fn();
    store.subscribe(listener);
    void store.send('Oi');
    listener.mockClear();
    store.dispose();
    expect(backend.lastReply().signal.aborted).toBe(true);
    store.chooseAgent('cardiologist');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('conversationForModel', () => {
  it(`keeps the last ${CHAT_MAX_MESSAGES} exchanged messages`, () => {
    const messages = Array.from({ length: 50 }, (_, i) =>
      message(i % 2 === 0 ? 'user' : 'assistant', `m${i}`),
    );
    const sent = conversationForModel([
      message('system', 'Consulta agora com o Agente Cardiologista.'),
      ...messages,
      message('assistant', 'falhou', 'error'),
    ]);
    expect(sent).toHaveLength(CHAT_MAX_MESSAGES);
    expect(CHAT_MAX_MESSAGES).toBe(40);
    expect(sent[0]).toEqual({ role: 'user', content: 'm10' });
    expect(sent.at(-1)).toEqual({ role: 'assistant', content: 'm49' });
    expect(sent.map((m) => m.content)).toEqual(messages.slice(10).map((m) => m.content));
  });

  it('cuts assistant replies to 8000 characters, not the doctor messages', () => {
    const long = 'a'.repeat(9_000);
    const sent = conversationForModel([
      message('user', long),
      message('assistant', long),
      message('assistant', 'b'.repeat(8_000)),
    ]);
    expect(sent.map((m) => m.content.length)).toEqual([9_000, 8_000, 8_000]);
    expect(sent[1]).toEqual({ role: 'assistant', content: 'a'.repeat(8_000) });
  });

  it('leaves out blank messages, system notes, errors, suggestions and summaries', () => {
    expect(
      conversationForModel([
        message('user', 'Oi'),
        message('assistant', '   '),
        message('system', 'nota'),
        message('assistant', 'erro', 'error'),
        message('assistant', RECORD_SUGGESTION_TEXT, 'suggestion'),
        message('assistant', 'resumo', 'record'),
        message('assistant', 'Olá'),
      ]),
    ).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá' },
    ]);
  });
});
