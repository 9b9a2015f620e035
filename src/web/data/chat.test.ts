import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_SOURCE_HEADER, type AiSource } from '@shared/ai/protocol';
import type { PrescriptionDetection } from '@shared/ai/tasks';
import { API_ERRORS } from '@shared/api/errors';
import { createApiClient, type ApiTransport } from '@shared/api/client';
import { ANSWER_CUT_ERROR } from '@shared/chat/errors';
import {
  chatStatusOf,
  PRESCRIPTION_SUGGESTION_TEXT,
  RECORD_SUGGESTION_TEXT,
  suggestionOf,
  type ChatConversation,
  type ChatMessage,
} from '@shared/chat/conversation';
import type { ChatRequest } from '@shared/chat/request';
import type { RecordContent } from '@shared/records/medical-record';
import { chatConversationActions, chatKeys, sendChatMessageMutation } from './chat';
import { forgetDoctorEntries } from './local-entries';
import { persistQueries, restoreQueries } from './query-persistence';
import { PERSISTED_QUERIES } from './registry';
import { stubLocalStorage, type MemoryStorage } from '../testing/memory-local-storage';

/**
 * The conversation in a query cache of its own, asking a server played by the test through the
 * real API client: replies wait, piece by piece, until the test answers them.
 */

const DOCTOR = 'doctor-1';
const RECORD: RecordContent = { patientInfo: { name: 'Maria Souza', age: 54 } };
const PRESCRIBED: PrescriptionDetection = { hasPrescription: true, confidence: 0.8 };

type TaskMessages = { role: string; content: string }[];

/** One reply asked for, answered by the test. */
interface PendingReply {
  request: ChatRequest;
  signal: AbortSignal;
  /** Sends a piece of the reply (its headers first, with `source`). */
  emit: (text: string) => void;
  /** Ends the reply; with no piece sent, an empty one. */
  finish: () => void;
  /** The connection drops: before the answer, or in the middle of the reply. */
  drop: () => void;
  /** The server refuses: an error answer of the API. */
  refuse: (status: number, body: unknown) => void;
  source: AiSource;
}

const encoder = new TextEncoder();

/** The server: the chat's replies wait for the test; the two checks answer from lists. */
class ScriptedServer {
  readonly replies: PendingReply[] = [];
  readonly recordChecks: TaskMessages[] = [];
  /** The next answers of should-create-record, in order; an Error fails. Then no. */
  recordAnswers: (boolean | Error)[] = [];
  readonly prescriptionChecks: TaskMessages[] = [];
  /** The next answers of detect-prescription, in order; an Error fails. Then none found. */
  prescriptionAnswers: (PrescriptionDetection | Error)[] = [];
  /** When set, should-create-record waits for this instead. */
  pendingRecordCheck: Promise<boolean> | undefined;

  readonly transport: ApiTransport = async (path, init) => {
    const body: unknown = JSON.parse(typeof init.body === 'string' ? init.body : '{}');
    if (path === '/api/ai/chat') return this.reply(body as ChatRequest, init.signal ?? undefined);
    const { messages } = body as { messages: TaskMessages };
    if (path === '/api/ai/should-create-record') {
      this.recordChecks.push(messages);
      const answer = this.pendingRecordCheck
        ? await this.pendingRecordCheck
        : (this.recordAnswers.shift() ?? false);
      return answer instanceof Error ? failure() : json({ shouldCreate: answer });
    }
    if (path === '/api/ai/detect-prescription') {
      this.prescriptionChecks.push(messages);
      const answer = this.prescriptionAnswers.shift() ?? {
        hasPrescription: false,
        confidence: 0.1,
      };
      return answer instanceof Error ? failure() : json(answer);
    }
    throw new Error(`unexpected ${path}`);
  };

  readonly client = createApiClient(this.transport);

  /** The reply asked for last. */
  lastReply(): PendingReply {
    const reply = this.replies[this.replies.length - 1];
    if (!reply) throw new Error('No reply was asked for.');
    return reply;
  }

  /**
   * A reply the test answers. Like a server that does not notice the doctor left, it goes on
   * sending after the request was aborted: what arrives then must stay out.
   */
  private reply(request: ChatRequest, signal: AbortSignal | undefined): Promise<Response> {
    if (!signal) throw new Error('A reply must be abortable.');
    return new Promise<Response>((resolve, reject) => {
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
      const start = (source: AiSource) => {
        if (stream) return stream;
        const opened = openStream();
        resolve(new Response(opened.body, { headers: { [AI_SOURCE_HEADER]: source } }));
        stream = opened.controller;
        return stream;
      };
      const reply: PendingReply = {
        request,
        signal,
        source: 'model',
        emit: (text) => start(reply.source).enqueue(encoder.encode(text)),
        finish: () => start(reply.source).close(),
        drop: () => {
          if (stream) stream.error(new TypeError('network error'));
          else reject(new TypeError('Failed to fetch'));
        },
        refuse: (status, body) => resolve(json(body, status)),
      };
      this.replies.push(reply);
    });
  }
}

/** A body the test writes into piece by piece. */
function openStream() {
  const opened: { controller?: ReadableStreamDefaultController<Uint8Array> } = {};
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      opened.controller = controller;
    },
  });
  if (!opened.controller) throw new Error('The stream did not start.');
  return { body, controller: opened.controller };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', [AI_SOURCE_HEADER]: 'model' },
  });

const failure = () => json({ success: false, code: 'provider_failed', error: 'Falhou' }, 502);

/** Waits until `check` passes, looking often: a reply's pieces take a few ticks to arrive. */
const until = (check: () => void) => vi.waitFor(check, { interval: 1 });

/** Lets the pieces sent travel through the client's stream reader. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function setUp() {
  const cache = new QueryClient();
  const server = new ScriptedServer();
  const chat = chatConversationActions(cache);
  const conversation = (): ChatConversation =>
    cache.getQueryData<ChatConversation>(chatKeys.conversation) ?? {
      mode: 'general',
      messages: [],
    };
  /** Sends the question as the chat screen does: a mutation in the cache. */
  const send = (
    text: string,
    context: { record?: RecordContent; hasPrescription?: boolean } = {},
  ): Promise<void> =>
    new MutationObserver(cache, sendChatMessageMutation(server.client)).mutate({
      text,
      ...context,
      controller: new AbortController(),
    });
  /** Sends `text` and answers it whole with `pieces`. */
  const exchange = async (
    text: string,
    pieces: string[],
    options: { source?: AiSource; record?: RecordContent; hasPrescription?: boolean } = {},
  ) => {
    const { source, ...context } = options;
    const asked = server.replies.length;
    const sending = send(text, context);
    await until(() => expect(server.replies).toHaveLength(asked + 1));
    const reply = server.lastReply();
    if (source) reply.source = source;
    for (const piece of pieces) reply.emit(piece);
    reply.finish();
    await sending;
  };
  return {
    cache,
    server,
    chat,
    conversation,
    status: () => chatStatusOf(chat.current()),
    send,
    exchange,
  };
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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sending', () => {
  it('adds the question, waits, streams the reply in and ends idle', async () => {
    const { server, conversation, status, send } = setUp();
    const sending = send('  Qual a dose de amoxicilina?  ');
    await until(() => expect(server.replies).toHaveLength(1));
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
    ]);
    expect(status()).toBe('waiting');

    const reply = server.lastReply();
    reply.source = 'offline';
    reply.emit('500 mg ');
    await until(() => expect(status()).toBe('streaming'));
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
      { role: 'assistant', content: '500 mg ' },
    ]);
    reply.emit('de 8/8 h.');
    await until(() => expect(conversation().messages[1]?.content).toBe('500 mg de 8/8 h.'));
    expect(status()).toBe('streaming');

    reply.finish();
    await sending;
    expect(status()).toBe('idle');
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
      { role: 'assistant', content: '500 mg de 8/8 h.', source: 'offline' },
    ]);
  });

  it('sends the exchange, the agent in specialist mode and the open record', async () => {
    const { server, chat, send } = setUp();
    chat.chooseAgent('cardiologist');
    void send('Paciente com dor torácica', { record: RECORD });
    await until(() => expect(server.replies).toHaveLength(1));
    expect(server.lastReply().request).toEqual({
      messages: [{ role: 'user', content: 'Paciente com dor torácica' }],
      mode: 'specialist',
      agentId: 'cardiologist',
      recordContext: RECORD,
    });
  });

  it('ignores a second message while a reply loads, and a blank one', async () => {
    const { server, conversation, send, exchange } = setUp();
    await send('   \n\t ');
    expect(server.replies).toEqual([]);
    expect(conversation().messages).toEqual([]);

    const first = send('Primeira');
    await send('Segunda');
    expect(server.replies).toHaveLength(1);
    server.lastReply().emit('Resp');
    await settle();
    await send('Terceira');
    expect(server.replies).toHaveLength(1);
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Primeira' },
      { role: 'assistant', content: 'Resp' },
    ]);

    server.lastReply().finish();
    await first;
    await exchange('Quarta', ['ok']);
    expect(server.replies).toHaveLength(2);
  });

  it('goes on while no screen watches: the mutation outlives them', async () => {
    const { cache, server, conversation, send } = setUp();
    const sending = send('Oi');
    await until(() => expect(server.replies).toHaveLength(1));
    expect(cache.getMutationCache().findAll({ mutationKey: chatKeys.send })).toHaveLength(1);
    server.lastReply().emit('Olá');
    server.lastReply().finish();
    await sending;
    expect(contents(conversation().messages).at(-1)).toEqual({
      role: 'assistant',
      content: 'Olá',
      source: 'model',
    });
  });
});

describe('send errors', () => {
  it("shows the server's message as an assistant error message and ends idle", async () => {
    const { server, conversation, status, send } = setUp();
    const sending = send('Oi');
    await until(() => expect(server.replies).toHaveLength(1));
    server.lastReply().refuse(502, {
      success: false,
      code: 'provider_quota',
      error: API_ERRORS.provider_quota.message,
    });
    await sending;
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Oi' },
      {
        role: 'assistant',
        content: 'Limite de uso da API excedido. Tente novamente mais tarde.',
        kind: 'error',
      },
    ]);
    expect(status()).toBe('idle');
  });

  it('keeps what arrived before the connection dropped, then says the reply was cut', async () => {
    const { server, conversation, status, send } = setUp();
    const sending = send('Oi');
    await until(() => expect(server.replies).toHaveLength(1));
    server.lastReply().emit('Metade da');
    await settle();
    server.lastReply().drop();
    await sending;
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Metade da' },
      { role: 'assistant', content: ANSWER_CUT_ERROR, kind: 'error' },
    ]);
    expect(status()).toBe('idle');
  });

  it('says the connection failed when the server could not be reached', async () => {
    const { server, conversation, send } = setUp();
    const sending = send('Oi');
    await until(() => expect(server.replies).toHaveLength(1));
    server.lastReply().drop();
    await sending;
    expect(contents(conversation().messages).at(-1)).toEqual({
      role: 'assistant',
      content: 'Erro de conexão. Verifique sua internet e tente novamente.',
      kind: 'error',
    });
  });

  it('shows the generic error when the reply ends with no text', async () => {
    const { conversation, status, exchange } = setUp();
    await exchange('Oi', []);
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Oi' },
      {
        role: 'assistant',
        content:
          'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
        kind: 'error',
      },
    ]);
    expect(status()).toBe('idle');
  });

  it('does not check for suggestions after an error', async () => {
    const { server, send, exchange } = setUp();
    await exchange('Paciente de 40 anos', ['Entendi.']);
    const sending = send('com febre');
    await until(() => expect(server.replies).toHaveLength(2));
    server.lastReply().drop();
    await sending;
    expect(server.recordChecks).toEqual([]);
    expect(server.prescriptionChecks).toEqual([]);
  });
});

describe('record suggestion', () => {
  it('asks with the last 5 exchanged messages once there are more than 2', async () => {
    const { server, chat, conversation, exchange } = setUp();
    chat.chooseAgent('cardiologist');
    await exchange('Paciente de 60 anos', ['Qual a queixa?']);
    expect(server.recordChecks).toEqual([]);

    await exchange('Dor no peito', ['Há quanto tempo?']);
    expect(server.recordChecks).toEqual([
      [
        { role: 'user', content: 'Paciente de 60 anos' },
        { role: 'assistant', content: 'Qual a queixa?' },
        { role: 'user', content: 'Dor no peito' },
        { role: 'assistant', content: 'Há quanto tempo?' },
      ],
    ]);
    await exchange('Dois dias', ['Irradia?']);
    expect(server.recordChecks[1]?.map((m) => m.content)).toEqual([
      'Qual a queixa?',
      'Dor no peito',
      'Há quanto tempo?',
      'Dois dias',
      'Irradia?',
    ]);
    expect(conversation().messages.some((m) => m.kind === 'suggestion')).toBe(false);
  });

  it('posts the suggestion once per conversation on a yes', async () => {
    const { server, conversation, exchange } = setUp();
    server.recordAnswers = [true, true, true];
    await exchange('Paciente João, 45 anos', ['Qual a queixa?']);
    await exchange('Febre há 3 dias', ['Tem tosse?']);
    const suggestions = () => conversation().messages.filter((m) => m.kind === 'suggestion');
    expect(contents(suggestions())).toEqual([
      { role: 'assistant', content: RECORD_SUGGESTION_TEXT, kind: 'suggestion' },
    ]);
    expect(conversation().messages.at(-1)?.kind).toBe('suggestion');

    await exchange('Sim, tosse seca', ['Ausculta?']);
    expect(suggestions()).toHaveLength(1);
    // Once suggested, the model is not asked again.
    expect(server.recordChecks).toHaveLength(1);
  });

  it('is not asked when a record is open', async () => {
    const { server, conversation, exchange } = setUp();
    server.recordAnswers = [true, true];
    await exchange('Paciente João', ['Ok'], { record: RECORD });
    await exchange('Febre', ['Ok'], { record: RECORD });
    await exchange('Tosse', ['Ok'], { record: RECORD });
    expect(server.recordChecks).toEqual([]);
    expect(conversation().messages.some((m) => m.kind === 'suggestion')).toBe(false);
  });

  it('posts nothing when the check fails, and only warns', async () => {
    const { server, conversation, status, exchange } = setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.recordAnswers = [new Error('falhou')];
    await exchange('Paciente João', ['Qual a queixa?']);
    await exchange('Febre', ['Há quanto tempo?']);
    expect(server.recordChecks).toHaveLength(1);
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: 'Paciente João' },
      { role: 'assistant', content: 'Qual a queixa?', source: 'model' },
      { role: 'user', content: 'Febre' },
      { role: 'assistant', content: 'Há quanto tempo?', source: 'model' },
    ]);
    expect(status()).toBe('idle');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Verificação de prontuário indisponível.', expect.anything());
  });

  it('does not suggest into a conversation started while the check ran, nor warn', async () => {
    const { server, chat, conversation, send, exchange } = setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await exchange('Paciente João', ['Qual a queixa?']);
    let answer: (value: boolean) => void = () => undefined;
    server.pendingRecordCheck = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const sending = send('Febre');
    await until(() => expect(server.replies).toHaveLength(2));
    server.lastReply().emit('Há quanto tempo?');
    server.lastReply().finish();
    await until(() => expect(server.recordChecks).toHaveLength(1));

    chat.newConversation();
    answer(true);
    await sending;
    expect(conversation().messages).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('prescription suggestion', () => {
  const receitaSuggestions = (conversation: ChatConversation) =>
    conversation.messages.filter((m) => suggestionOf(m) === 'prescription');

  it('asks with the last 5 exchanged messages and posts the suggestion once when confident', async () => {
    const { server, conversation, exchange } = setUp();
    server.prescriptionAnswers = [PRESCRIBED, PRESCRIBED, PRESCRIBED];
    await exchange('Maria, 45 anos, amigdalite', ['Conduta?']);
    expect(server.prescriptionChecks).toEqual([]);
    await exchange('Vou prescrever amoxicilina 500mg 8/8h', ['Certo.']);
    expect(server.prescriptionChecks.map((messages) => messages.length)).toEqual([4]);

    expect(contents(receitaSuggestions(conversation()))).toEqual([
      { role: 'assistant', content: PRESCRIPTION_SUGGESTION_TEXT, kind: 'suggestion' },
    ]);
    await exchange('Por 7 dias', ['Ok.']);
    expect(receitaSuggestions(conversation())).toHaveLength(1);
    expect(server.prescriptionChecks).toHaveLength(1);
  });

  it('is not asked while a receita is being written', async () => {
    const { server, conversation, exchange } = setUp();
    server.prescriptionAnswers = [PRESCRIBED, PRESCRIBED];
    await exchange('Maria', ['Ok'], { hasPrescription: true });
    await exchange('Amoxicilina', ['Ok'], { hasPrescription: true });
    await exchange('500mg', ['Ok'], { hasPrescription: true });
    expect(server.prescriptionChecks).toEqual([]);
    expect(receitaSuggestions(conversation())).toEqual([]);
  });

  it('posts nothing below 0.5 confidence, nor when nothing is prescribed', async () => {
    const { server, conversation, exchange } = setUp();
    server.prescriptionAnswers = [
      { hasPrescription: true, confidence: 0.49 },
      { hasPrescription: false, confidence: 0.9 },
    ];
    await exchange('Maria', ['Ok']);
    await exchange('Amoxicilina?', ['Ok']);
    await exchange('Talvez', ['Ok']);
    expect(server.prescriptionChecks).toHaveLength(2);
    expect(receitaSuggestions(conversation())).toEqual([]);
  });

  it('posts nothing when the detection fails, and only warns', async () => {
    const { server, conversation, exchange } = setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.prescriptionAnswers = [new Error('falhou')];
    await exchange('Maria', ['Ok']);
    await exchange('Amoxicilina 500mg', ['Certo.']);
    expect(server.prescriptionChecks).toHaveLength(1);
    expect(conversation().messages.some((m) => m.kind === 'suggestion')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Detecção de prescrição indisponível.', expect.anything());
  });

  it('comes after the record suggestion, and is asked with a record open', async () => {
    const first = setUp();
    first.server.recordAnswers = [true];
    first.server.prescriptionAnswers = [PRESCRIBED];
    await first.exchange('Maria, 45 anos', ['Queixa?']);
    await first.exchange('Amoxicilina 500mg 8/8h', ['Certo.']);
    expect(first.conversation().messages.slice(-2).map(suggestionOf)).toEqual([
      'record',
      'prescription',
    ]);

    const other = setUp();
    other.server.prescriptionAnswers = [PRESCRIBED];
    await other.exchange('Maria', ['Ok'], { record: RECORD });
    await other.exchange('Amoxicilina', ['Ok'], { record: RECORD });
    expect(other.server.recordChecks).toEqual([]);
    expect(other.conversation().messages.map(suggestionOf).filter(Boolean)).toEqual([
      'prescription',
    ]);
  });
});

describe('stopping a reply', () => {
  /** Sends 'Febre' and lets the first words of the reply arrive. */
  async function replying(setup: ReturnType<typeof setUp>) {
    const sending = setup.send('Febre');
    await until(() => expect(setup.server.replies.length).toBeGreaterThan(0));
    const reply = setup.server.lastReply();
    reply.emit('Há quanto');
    await until(() => expect(setup.status()).toBe('streaming'));
    return { sending, reply };
  }

  it('a new specialist stops it: the reply stays as it was, the new one answers next', async () => {
    const setup = setUp();
    const { sending, reply } = await replying(setup);
    setup.chat.chooseAgent('cardiologist');
    expect(reply.signal.aborted).toBe(true);
    expect(setup.status()).toBe('idle');
    reply.emit(' tempo?');
    reply.finish();
    await sending;
    const texts = setup.conversation().messages.map((message) => message.content);
    expect(texts[0]).toBe('Febre');
    expect(texts.at(-1)).toMatch(/^Consulta agora com o Agente Cardiologista\./);
    expect(texts.join(' ')).not.toContain('tempo?');
  });

  it('another mode stops it, and no suggestion is asked', async () => {
    const setup = setUp();
    setup.server.recordAnswers = [true];
    await setup.exchange('Paciente João', ['Qual a queixa?']);
    const { sending, reply } = await replying(setup);
    expect(reply.signal.aborted).toBe(false);

    setup.chat.setMode('specialist');
    expect(reply.signal.aborted).toBe(true);
    reply.emit(' tempo?');
    reply.finish();
    await sending;
    expect(setup.conversation()).toEqual({ mode: 'specialist', messages: [] });
    expect(setup.status()).toBe('idle');
    expect(setup.server.recordChecks).toEqual([]);
  });

  it('a new conversation stops it, and an aborted reply that fails posts no error', async () => {
    const setup = setUp();
    const { sending, reply } = await replying(setup);
    setup.chat.newConversation();
    reply.drop();
    await sending;
    expect(setup.conversation().messages).toEqual([]);
    expect(setup.status()).toBe('idle');
  });

  it('a new message can be sent right after, and the old reply stays out', async () => {
    const setup = setUp();
    const { sending: first, reply: old } = await replying(setup);
    setup.chat.newConversation();

    const second = setup.send('Segunda');
    await until(() => expect(setup.server.replies).toHaveLength(2));
    old.emit('velha');
    old.finish();
    await first;
    expect(setup.status()).toBe('waiting');

    setup.server.lastReply().emit('nova');
    setup.server.lastReply().finish();
    await second;
    expect(contents(setup.conversation().messages)).toEqual([
      { role: 'user', content: 'Segunda' },
      { role: 'assistant', content: 'nova', source: 'model' },
    ]);
    expect(setup.status()).toBe('idle');
  });

  it('an unknown specialist stops nothing', async () => {
    const setup = setUp();
    const { reply } = await replying(setup);
    const before = setup.conversation();
    setup.chat.chooseAgent('astrologer' as never);
    expect(reply.signal.aborted).toBe(false);
    expect(setup.conversation()).toBe(before);
  });
});

describe('posting', () => {
  it('adds notes and commands that are not sent to the model', async () => {
    const { server, chat, conversation, send } = setUp();
    chat.post('user', '/ajuda', 'command');
    chat.post('assistant', 'Comandos disponíveis', 'command');
    chat.post('system', 'Atendimento de Maria encerrado.');
    expect(contents(conversation().messages)).toEqual([
      { role: 'user', content: '/ajuda', kind: 'command' },
      { role: 'assistant', content: 'Comandos disponíveis', kind: 'command' },
      { role: 'system', content: 'Atendimento de Maria encerrado.' },
    ]);
    void send('Oi');
    await until(() => expect(server.replies).toHaveLength(1));
    expect(server.lastReply().request.messages).toEqual([{ role: 'user', content: 'Oi' }]);
  });
});

describe('on the device', () => {
  let storage: MemoryStorage;

  beforeEach(() => {
    storage = stubLocalStorage();
    // `window` and `document` for their events.
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', new EventTarget());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const stored = () => {
    const raw = storage.getItem('chatConversation');
    return raw === null ? null : (JSON.parse(raw) as { messages: ChatMessage[] });
  };

  it('keeps the question but not a reply still streaming, and the reply once whole', async () => {
    const setup = setUp();
    let stopPersisting = persistQueries(setup.cache, DOCTOR, PERSISTED_QUERIES);
    const sending = setup.send('Qual a dose?');
    await until(() => expect(setup.server.replies).toHaveLength(1));
    setup.server.lastReply().emit('500 ');
    await until(() => expect(setup.status()).toBe('streaming'));
    stopPersisting();
    expect(stored()).toEqual({
      userId: DOCTOR,
      mode: 'general',
      messages: setup.conversation().messages.slice(0, 1),
    });

    // A reload now finds the question only, and no reply on its way.
    const reloaded = new QueryClient();
    restoreQueries(reloaded, DOCTOR, PERSISTED_QUERIES);
    const restored = chatConversationActions(reloaded);
    expect(contents(restored.current().messages)).toEqual([
      { role: 'user', content: 'Qual a dose?' },
    ]);
    expect(chatStatusOf(restored.current())).toBe('idle');

    stopPersisting = persistQueries(setup.cache, DOCTOR, PERSISTED_QUERIES);
    setup.server.lastReply().emit('mg');
    setup.server.lastReply().finish();
    await sending;
    stopPersisting();
    expect(contents(stored()?.messages ?? [])).toEqual([
      { role: 'user', content: 'Qual a dose?' },
      { role: 'assistant', content: '500 mg', source: 'model' },
    ]);
  });

  it("restores the doctor's conversation, mode and agent; not another doctor's", async () => {
    const setup = setUp();
    const stopPersisting = persistQueries(setup.cache, DOCTOR, PERSISTED_QUERIES);
    setup.chat.chooseAgent('cardiologist');
    await setup.exchange('Oi', ['Olá']);
    stopPersisting();

    const same = new QueryClient();
    restoreQueries(same, DOCTOR, PERSISTED_QUERIES);
    expect(chatConversationActions(same).current()).toEqual(setup.conversation());
    expect(chatConversationActions(same).current().mode).toBe('specialist');

    const other = new QueryClient();
    restoreQueries(other, 'doctor-2', PERSISTED_QUERIES);
    expect(chatConversationActions(other).current().messages).toEqual([]);
  });

  it('on sign-out: the reply stops and the conversation leaves the device', async () => {
    const setup = setUp();
    const stopPersisting = persistQueries(setup.cache, DOCTOR, PERSISTED_QUERIES);
    await setup.exchange('Paciente Maria', ['Ok']);
    const { server, send, chat, cache } = setup;
    const sending = send('Mais');
    await until(() => expect(server.replies).toHaveLength(2));

    chat.stopReply();
    stopPersisting();
    cache.clear();
    forgetDoctorEntries();
    expect(server.lastReply().signal.aborted).toBe(true);
    server.lastReply().emit('tarde');
    server.lastReply().finish();
    await sending;
    expect(cache.getQueryData(chatKeys.conversation)).toBeUndefined();
    expect(storage.getItem('chatConversation')).toBeNull();
  });
});
