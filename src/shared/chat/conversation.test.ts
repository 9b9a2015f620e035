import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../api/errors';
import { ApiError } from '../api/client';
import { ANSWER_CUT_ERROR, chatErrorText } from './errors';
import {
  addChatSuggestions,
  appendChatMessage,
  appendReplyText,
  askChatQuestion,
  chatRequestOf,
  chatStatusOf,
  chooseChatAgent,
  clearChatMessages,
  conversationForModel,
  createChatMessage,
  failChatReply,
  finishChatReply,
  isConfidentPrescription,
  KEPT_CHAT_MESSAGES,
  NEW_CHAT_CONVERSATION,
  PRESCRIPTION_SUGGESTION_TEXT,
  RECORD_SUGGESTION_TEXT,
  storedChatConversation,
  storedChatConversationSchema,
  suggestionCheckOf,
  suggestionOf,
  switchChatMode,
  type ChatConversation,
  type ChatMessage,
} from './conversation';
import { CHAT_ERROR_MESSAGES } from './errors';
import { CHAT_MAX_MESSAGES } from './request';
import type { RecordContent } from '../records/medical-record';
import type { SpecialistAgentId } from './specialist-agents';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const CARDIOLOGIST_MESSAGE =
  'Consulta agora com o Agente Cardiologista. ' +
  'Hipertensão, dor torácica, arritmias, insuficiência cardíaca e risco cardiovascular';
const RECORD: RecordContent = { patientInfo: { name: 'Maria Souza', age: 54 } };

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

/** The messages without their ids and timestamps. */
function contents(messages: readonly ChatMessage[]) {
  return messages.map(({ role, content, kind, source }) => ({
    role,
    content,
    ...(kind ? { kind } : {}),
    ...(source ? { source } : {}),
  }));
}

const conversationOf = (...messages: ChatMessage[]): ChatConversation => ({
  mode: 'general',
  messages,
});

/** Asks `text`; fails the test when the question is refused. */
function ask(conversation: ChatConversation, text: string) {
  const asked = askChatQuestion(conversation, text, NOW);
  if (!asked) throw new Error(`"${text}" was refused`);
  return asked;
}

/** Asks `text` and answers it whole with `reply`. */
function exchange(conversation: ChatConversation, text: string, reply: string): ChatConversation {
  const asked = ask(conversation, text);
  const answered = appendReplyText(asked.conversation, asked.replyId, reply, NOW);
  return finishChatReply(answered, asked.replyId, 'model', NOW);
}

describe('createChatMessage', () => {
  it('names the message by its kind, or its role, with the time', () => {
    const note = createChatMessage('system', 'Nota', NOW);
    expect(note).toEqual({
      id: expect.stringMatching(/^system-1741608000000-\d+$/) as unknown,
      role: 'system',
      content: 'Nota',
      timestamp: '2025-03-10T12:00:00.000Z',
    });
    expect(createChatMessage('assistant', 'x', NOW, 'error').id).toMatch(/^error-/);
    expect(createChatMessage('assistant', 'x', NOW, 'record').kind).toBe('record');
    // A command is its role's: the doctor's typed command, the assistant's answer.
    expect(createChatMessage('user', '/ajuda', NOW, 'command').id).toMatch(/^user-/);
    expect(createChatMessage('user', 'a', NOW).id).not.toBe(createChatMessage('user', 'a', NOW).id);
  });
});

describe('asking and the reply', () => {
  it('adds the trimmed question and waits, then streams the reply in and ends idle', () => {
    const asked = ask(NEW_CHAT_CONVERSATION, '  Qual a dose de amoxicilina?  ');
    expect(contents(asked.conversation.messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
    ]);
    expect(asked.conversation.messages[0]?.id).toMatch(/^user-1741608000000-\d+$/);
    expect(asked.conversation.messages[0]?.timestamp).toBe('2025-03-10T12:00:00.000Z');
    expect(asked.replyId).toMatch(/^assistant-/);
    expect(chatStatusOf(asked.conversation)).toBe('waiting');

    const first = appendReplyText(asked.conversation, asked.replyId, '500 mg ', NOW);
    expect(chatStatusOf(first)).toBe('streaming');
    expect(contents(first.messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
      { role: 'assistant', content: '500 mg ' },
    ]);
    const second = appendReplyText(first, asked.replyId, 'de 8/8 h.', NOW);
    expect(second.messages[1]?.content).toBe('500 mg de 8/8 h.');
    expect(second.messages[1]?.id).toBe(asked.replyId);
    expect(chatStatusOf(second)).toBe('streaming');

    const done = finishChatReply(second, asked.replyId, 'offline', NOW);
    expect(chatStatusOf(done)).toBe('idle');
    expect(done.replyId).toBeUndefined();
    expect(contents(done.messages)).toEqual([
      { role: 'user', content: 'Qual a dose de amoxicilina?' },
      { role: 'assistant', content: '500 mg de 8/8 h.', source: 'offline' },
    ]);
  });

  it('refuses a blank message, and a second one while a reply loads, waiting or streaming', () => {
    expect(askChatQuestion(NEW_CHAT_CONVERSATION, '   \n\t ', NOW)).toBeUndefined();
    expect(askChatQuestion(NEW_CHAT_CONVERSATION, '', NOW)).toBeUndefined();

    const asked = ask(NEW_CHAT_CONVERSATION, 'Primeira');
    expect(askChatQuestion(asked.conversation, 'Segunda', NOW)).toBeUndefined();
    const streaming = appendReplyText(asked.conversation, asked.replyId, 'Resp', NOW);
    expect(askChatQuestion(streaming, 'Terceira', NOW)).toBeUndefined();

    const done = finishChatReply(streaming, asked.replyId, 'model', NOW);
    expect(askChatQuestion(done, 'Quarta', NOW)).toBeDefined();
  });

  it('leaves a conversation alone when the reply is no longer awaited', () => {
    const asked = ask(NEW_CHAT_CONVERSATION, 'Febre');
    const cleared = clearChatMessages(
      appendReplyText(asked.conversation, asked.replyId, 'Há quanto', NOW),
    );
    expect(chatStatusOf(cleared)).toBe('idle');
    expect(appendReplyText(cleared, asked.replyId, ' tempo?', NOW)).toBe(cleared);
    expect(finishChatReply(cleared, asked.replyId, 'model', NOW)).toBe(cleared);
    expect(failChatReply(cleared, asked.replyId, new Error('x'), NOW)).toBe(cleared);

    // A new question meanwhile: the old reply's pieces stay out of it.
    const next = ask(cleared, 'Segunda');
    expect(appendReplyText(next.conversation, asked.replyId, 'velha', NOW)).toBe(next.conversation);
  });
});

describe('a failed reply', () => {
  it("shows the API error's message as an assistant error and ends idle", () => {
    const asked = ask(NEW_CHAT_CONVERSATION, 'Oi');
    const failed = failChatReply(
      asked.conversation,
      asked.replyId,
      new ApiError('provider_quota', API_ERRORS.provider_quota.message, 502),
      NOW,
    );
    expect(CHAT_ERROR_MESSAGES.quota).toBe(
      'Limite de uso da API excedido. Tente novamente mais tarde.',
    );
    expect(contents(failed.messages)).toEqual([
      { role: 'user', content: 'Oi' },
      {
        role: 'assistant',
        content: 'Limite de uso da API excedido. Tente novamente mais tarde.',
        kind: 'error',
      },
    ]);
    expect(failed.messages[1]?.id).toMatch(/^error-/);
    expect(chatStatusOf(failed)).toBe('idle');
  });

  it('keeps what arrived before the connection dropped, then says the reply was cut', () => {
    const asked = ask(NEW_CHAT_CONVERSATION, 'Oi');
    const half = appendReplyText(asked.conversation, asked.replyId, 'Metade da', NOW);
    const failed = failChatReply(
      half,
      asked.replyId,
      new ApiError('unreachable', API_ERRORS.unreachable.message, 0),
      NOW,
    );
    expect(ANSWER_CUT_ERROR).toBe(
      'A resposta foi interrompida. Erro de conexão. Verifique sua internet e tente novamente.',
    );
    expect(contents(failed.messages)).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Metade da' },
      { role: 'assistant', content: ANSWER_CUT_ERROR, kind: 'error' },
    ]);
    expect(chatStatusOf(failed)).toBe('idle');
  });

  it('says the connection failed when nothing arrived, and the generic error with no message', () => {
    const unreachable = new ApiError('unreachable', API_ERRORS.unreachable.message, 0);
    expect(chatErrorText(unreachable, false)).toBe(CHAT_ERROR_MESSAGES.network);
    expect(chatErrorText(unreachable, true)).toBe(ANSWER_CUT_ERROR);
    expect(chatErrorText(new Error(''), false)).toBe(CHAT_ERROR_MESSAGES.other);
    expect(chatErrorText('falhou', true)).toBe(CHAT_ERROR_MESSAGES.other);
  });

  it('shows the generic error when the reply ends with no text', () => {
    const asked = ask(NEW_CHAT_CONVERSATION, 'Oi');
    const done = finishChatReply(asked.conversation, asked.replyId, 'model', NOW);
    expect(contents(done.messages)).toEqual([
      { role: 'user', content: 'Oi' },
      {
        role: 'assistant',
        content:
          'Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente em alguns instantes.',
        kind: 'error',
      },
    ]);
    expect(chatStatusOf(done)).toBe('idle');
  });
});

describe('chatRequestOf', () => {
  it('sends the exchange only, in general mode, with no agent nor record', () => {
    const conversation = conversationOf(
      message('system', 'Consulta agora com o Agente Cardiologista.'),
      message('user', 'Pergunta 1'),
      message('assistant', 'Resposta 1'),
      message('assistant', CHAT_ERROR_MESSAGES.network, 'error'),
      message('assistant', RECORD_SUGGESTION_TEXT, 'suggestion'),
      message('assistant', 'Prontuário finalizado: Maria', 'record'),
    );
    const asked = ask(conversation, 'Pergunta 2');
    expect(chatRequestOf(asked.conversation, undefined)).toEqual({
      messages: [
        { role: 'user', content: 'Pergunta 1' },
        { role: 'assistant', content: 'Resposta 1' },
        { role: 'user', content: 'Pergunta 2' },
      ],
      mode: 'general',
    });
  });

  it('sends the agent in specialist mode and the record when one is given', () => {
    const withAgent = chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW);
    const asked = ask(withAgent, 'Paciente com dor torácica');
    expect(chatRequestOf(asked.conversation, RECORD)).toEqual({
      messages: [{ role: 'user', content: 'Paciente com dor torácica' }],
      mode: 'specialist',
      agentId: 'cardiologist',
      recordContext: RECORD,
    });
  });

  it('names the open visit, so its chart records the use, and its patient when it has one', () => {
    const asked = ask(NEW_CHAT_CONVERSATION, 'Resuma o caso');
    expect(chatRequestOf(asked.conversation, RECORD, { recordId: 'record-1' })).toMatchObject({
      recordContext: RECORD,
      recordId: 'record-1',
    });
    expect(chatRequestOf(asked.conversation, RECORD, { recordId: 'record-1' })).not.toHaveProperty(
      'patientId',
    );
    expect(
      chatRequestOf(asked.conversation, RECORD, { recordId: 'record-1', patientId: 'patient-1' }),
    ).toMatchObject({ recordId: 'record-1', patientId: 'patient-1' });
  });

  it('sends no agent in general mode even after one was chosen', () => {
    const general = switchChatMode(
      chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW),
      'general',
    );
    expect(chatRequestOf(ask(general, 'Oi').conversation, undefined)).toEqual({
      messages: [{ role: 'user', content: 'Oi' }],
      mode: 'general',
    });
  });
});

describe('mode and agent', () => {
  it('switchChatMode clears the messages and the awaited reply, and in general mode the agent', () => {
    const withAgent = exchange(
      chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW),
      'Oi',
      'Olá',
    );
    const waiting = ask(withAgent, 'Outra').conversation;
    expect(switchChatMode(waiting, 'specialist')).toEqual({
      mode: 'specialist',
      agentId: 'cardiologist',
      messages: [],
    });
    expect(switchChatMode(waiting, 'general')).toEqual({ mode: 'general', messages: [] });
  });

  it('chooseChatAgent posts the system message and switches to specialist mode', () => {
    const waiting = ask(NEW_CHAT_CONVERSATION, 'Febre');
    const chosen = chooseChatAgent(
      appendReplyText(waiting.conversation, waiting.replyId, 'Há quanto', NOW),
      'cardiologist',
      NOW,
    );
    expect(chosen.mode).toBe('specialist');
    expect(chosen.agentId).toBe('cardiologist');
    // The reply was asked of the previous specialist: it is no longer awaited.
    expect(chatStatusOf(chosen)).toBe('idle');
    expect(contents(chosen.messages)).toEqual([
      { role: 'user', content: 'Febre' },
      { role: 'assistant', content: 'Há quanto' },
      { role: 'system', content: CARDIOLOGIST_MESSAGE },
    ]);
    expect(chosen.messages.at(-1)?.id).toMatch(/^system-/);
  });

  it('chooseChatAgent ignores an unknown agent', () => {
    const before = conversationOf(message('user', 'Oi'));
    expect(chooseChatAgent(before, 'astrologer' as SpecialistAgentId, NOW)).toBe(before);
  });

  it('clearChatMessages keeps the mode and the agent', () => {
    const conversation = exchange(
      chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW),
      'Oi',
      'Olá',
    );
    expect(clearChatMessages(ask(conversation, 'Mais').conversation)).toEqual({
      mode: 'specialist',
      agentId: 'cardiologist',
      messages: [],
    });
  });
});

describe('appendChatMessage', () => {
  it(`keeps the last ${KEPT_CHAT_MESSAGES} messages`, () => {
    let conversation = NEW_CHAT_CONVERSATION;
    for (let i = 0; i < KEPT_CHAT_MESSAGES + 5; i++) {
      conversation = appendChatMessage(conversation, message('user', `m${i}`));
    }
    expect(KEPT_CHAT_MESSAGES).toBe(200);
    expect(conversation.messages).toHaveLength(200);
    expect(conversation.messages[0]?.content).toBe('m5');
    expect(conversation.messages.at(-1)?.content).toBe('m204');
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

  it('leaves out blank messages, system notes, errors, suggestions, summaries and commands', () => {
    expect(
      conversationForModel([
        message('user', 'Oi'),
        message('assistant', '   '),
        message('system', 'nota'),
        message('assistant', 'erro', 'error'),
        message('assistant', RECORD_SUGGESTION_TEXT, 'suggestion'),
        message('assistant', 'resumo', 'record'),
        message('user', '/ajuda', 'command'),
        message('assistant', 'Olá'),
      ]),
    ).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá' },
    ]);
  });
});

describe('suggestions (record and receita)', () => {
  const both = { record: true, prescription: true };

  it('asks about the last 5 exchanged messages once there are more than 2', () => {
    let conversation = exchange(
      chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW),
      'Paciente de 60 anos',
      'Qual a queixa?',
    );
    expect(suggestionCheckOf(conversation, both)).toBeUndefined();

    conversation = exchange(conversation, 'Dor no peito', 'Há quanto tempo?');
    const check = suggestionCheckOf(conversation, both);
    expect(check).toEqual({
      askRecord: true,
      askPrescription: true,
      recent: [
        { role: 'user', content: 'Paciente de 60 anos' },
        { role: 'assistant', content: 'Qual a queixa?' },
        { role: 'user', content: 'Dor no peito' },
        { role: 'assistant', content: 'Há quanto tempo?' },
      ],
      lastAskedId: conversation.messages.at(-1)?.id,
    });

    conversation = exchange(conversation, 'Dois dias', 'Irradia?');
    // The system message of the agent is not one of the exchanged messages.
    expect(suggestionCheckOf(conversation, both)?.recent.map((m) => m.content)).toEqual([
      'Qual a queixa?',
      'Dor no peito',
      'Há quanto tempo?',
      'Dois dias',
      'Irradia?',
    ]);
  });

  it('does not count errors, suggestions or commands as exchanged', () => {
    const conversation = conversationOf(
      message('user', 'Paciente João'),
      message('assistant', 'falhou', 'error'),
      message('user', '/ajuda', 'command'),
      message('assistant', 'Comandos', 'command'),
      message('assistant', 'Qual a queixa?'),
    );
    expect(suggestionCheckOf(conversation, both)).toBeUndefined();
  });

  it('asks only what the open record and receita allow, and what was not suggested yet', () => {
    let conversation = exchange(
      exchange(NEW_CHAT_CONVERSATION, 'Maria', 'Ok'),
      'Amoxicilina',
      'Ok',
    );
    expect(suggestionCheckOf(conversation, { record: false, prescription: true })).toMatchObject({
      askRecord: false,
      askPrescription: true,
    });
    expect(suggestionCheckOf(conversation, { record: true, prescription: false })).toMatchObject({
      askRecord: true,
      askPrescription: false,
    });
    expect(suggestionCheckOf(conversation, { record: false, prescription: false })).toBeUndefined();

    const lastAskedId = conversation.messages.at(-1)?.id ?? '';
    conversation = addChatSuggestions(conversation, { ...both, lastAskedId }, NOW);
    conversation = exchange(conversation, '500mg', 'Ok');
    // Once suggested, the model is not asked again.
    expect(suggestionCheckOf(conversation, both)).toBeUndefined();
  });

  it('posts the record suggestion, then the receita one, each once', () => {
    const conversation = exchange(
      exchange(NEW_CHAT_CONVERSATION, 'Maria, 45 anos', 'Queixa?'),
      'Amoxicilina 500mg 8/8h',
      'Certo.',
    );
    const lastAskedId = conversation.messages.at(-1)?.id ?? '';
    const suggested = addChatSuggestions(conversation, { ...both, lastAskedId }, NOW);
    expect(contents(suggested.messages.slice(-2))).toEqual([
      { role: 'assistant', content: RECORD_SUGGESTION_TEXT, kind: 'suggestion' },
      { role: 'assistant', content: PRESCRIPTION_SUGGESTION_TEXT, kind: 'suggestion' },
    ]);
    expect(suggested.messages.slice(-2).map(suggestionOf)).toEqual(['record', 'prescription']);
    expect(suggested.messages.at(-1)?.suggestion).toBe('prescription');
    expect(suggested.messages.at(-1)?.id).toMatch(/^suggestion-/);
    expect(RECORD_SUGGESTION_TEXT).toBe(
      'Parece que esta conversa é sobre o atendimento de um paciente. Deseja iniciar um prontuário com os dados já informados?',
    );
    expect(PRESCRIPTION_SUGGESTION_TEXT).toBe(
      'Parece que esta conversa inclui uma prescrição. Deseja criar a receita com os medicamentos citados?',
    );

    // Suggested already (by an answer that came back first): not twice.
    expect(addChatSuggestions(suggested, { ...both, lastAskedId }, NOW)).toBe(suggested);
    expect(
      addChatSuggestions(conversation, { record: false, prescription: false, lastAskedId }, NOW),
    ).toBe(conversation);
    const onlyReceita = addChatSuggestions(
      conversation,
      { record: false, prescription: true, lastAskedId },
      NOW,
    );
    expect(onlyReceita.messages.map(suggestionOf).filter(Boolean)).toEqual(['prescription']);
  });

  it('does not suggest into a conversation started while the server was asked', () => {
    const conversation = exchange(
      exchange(NEW_CHAT_CONVERSATION, 'Paciente João', 'Qual a queixa?'),
      'Febre',
      'Há quanto tempo?',
    );
    const lastAskedId = conversation.messages.at(-1)?.id ?? '';
    const cleared = clearChatMessages(conversation);
    expect(addChatSuggestions(cleared, { ...both, lastAskedId }, NOW)).toBe(cleared);
  });

  it('suggests a receita from 0.5 confidence on, and only for a prescription', () => {
    expect(isConfidentPrescription({ hasPrescription: true, confidence: 0.5 })).toBe(true);
    expect(isConfidentPrescription({ hasPrescription: true, confidence: 0.8 })).toBe(true);
    expect(isConfidentPrescription({ hasPrescription: true, confidence: 0.49 })).toBe(false);
    expect(isConfidentPrescription({ hasPrescription: false, confidence: 0.9 })).toBe(false);
  });

  it('reads a suggestion without a kind as a record suggestion', () => {
    expect(suggestionOf(message('assistant', RECORD_SUGGESTION_TEXT, 'suggestion'))).toBe('record');
    expect(
      suggestionOf({
        ...message('assistant', PRESCRIPTION_SUGGESTION_TEXT, 'suggestion'),
        suggestion: 'prescription',
      }),
    ).toBe('prescription');
    expect(suggestionOf(message('assistant', 'Olá'))).toBeUndefined();
  });
});

describe('on the device', () => {
  it('keeps the question but not a reply still streaming, and the reply once whole', () => {
    const asked = ask(chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW), 'Qual a dose?');
    const streaming = appendReplyText(asked.conversation, asked.replyId, '500 ', NOW);
    const stored = storedChatConversation(streaming);
    expect(stored).toEqual({
      mode: 'specialist',
      agentId: 'cardiologist',
      messages: asked.conversation.messages,
    });
    expect('replyId' in stored).toBe(false);

    const done = finishChatReply(
      appendReplyText(streaming, asked.replyId, 'mg', NOW),
      asked.replyId,
      'model',
      NOW,
    );
    expect(contents(storedChatConversation(done).messages)).toEqual([
      { role: 'system', content: CARDIOLOGIST_MESSAGE },
      { role: 'user', content: 'Qual a dose?' },
      { role: 'assistant', content: '500 mg', source: 'model' },
    ]);
    expect(storedChatConversation(switchChatMode(done, 'general'))).toEqual({
      mode: 'general',
      messages: [],
    });
  });

  it('reads back the same conversation, mode and agent', () => {
    const conversation = exchange(
      chooseChatAgent(NEW_CHAT_CONVERSATION, 'cardiologist', NOW),
      'Oi',
      'Olá',
    );
    const stored: unknown = JSON.parse(JSON.stringify(storedChatConversation(conversation)));
    expect(storedChatConversationSchema.parse(stored)).toEqual(conversation);
  });

  it('leaves out malformed messages, an unknown agent and a specialist mode without agent', () => {
    const kept = message('user', 'Oi');
    const suggestion = {
      ...message('assistant', PRESCRIPTION_SUGGESTION_TEXT, 'suggestion'),
      suggestion: 'prescription',
    };
    expect(
      storedChatConversationSchema.parse({
        mode: 'specialist',
        agentId: 'astrologer',
        messages: [
          kept,
          { id: 1, role: 'user', content: 'x' },
          { ...kept, role: 'robot' },
          null,
          suggestion,
        ],
      }),
    ).toEqual({ mode: 'general', messages: [kept, suggestion] });
    expect(storedChatConversationSchema.parse({ mode: 'specialist', messages: [] })).toEqual({
      mode: 'general',
      messages: [],
    });
  });

  it('reads no conversation without a list of messages', () => {
    expect(storedChatConversationSchema.safeParse({ mode: 'general' }).success).toBe(false);
    expect(storedChatConversationSchema.safeParse('conversa').success).toBe(false);
  });
});
