import { describe, expect, it } from 'vitest';
import {
  shouldOpenMobileConsultation,
  CHAT_INPUT_MAX_LENGTH,
  RECENT_MESSAGES_FOR_DETECTION,
  RECENT_MESSAGES_FOR_UPDATE,
  chatInputPlaceholder,
  chatMessageId,
  isAffirmativeAnswer,
  lastMessages,
  shouldCheckRecordCreation,
  treatmentCardSummary,
} from './rules';

describe('chat constants', () => {
  it('match the documented values', () => {
    expect(CHAT_INPUT_MAX_LENGTH).toBe(500);
    expect(RECENT_MESSAGES_FOR_DETECTION).toBe(5);
    expect(RECENT_MESSAGES_FOR_UPDATE).toBe(10);
  });
});

describe('chatMessageId', () => {
  it('is the kind, the time and a counter', () => {
    expect(chatMessageId('suggestion', 1_700_000_000_000)).toMatch(
      /^suggestion-1700000000000-\d+$/,
    );
  });

  it('never repeats, even within the same millisecond', () => {
    const ids = Array.from({ length: 100 }, () => chatMessageId('assistant', 42));
    expect(new Set(ids).size).toBe(100);
  });

  it('uses the current time by default', () => {
    const [, time] = chatMessageId('user').split('-');
    expect(Math.abs(Number(time) - Date.now())).toBeLessThan(1_000);
  });
});

describe('chatInputPlaceholder', () => {
  it('asks about the patient case when the record has patient info', () => {
    expect(
      chatInputPlaceholder({
        hasPatientInfo: true,
        mode: 'general',
        patientName: ' Maria  Souza ',
      }),
    ).toBe('Pergunte sobre o caso de Maria Souza...');
    expect(
      chatInputPlaceholder({
        hasPatientInfo: true,
        mode: 'specialist',
        agentName: 'Agente Cardiologista',
      }),
    ).toBe('Pergunte sobre o caso do paciente...');
  });

  it('invites a medical question in general mode', () => {
    expect(chatInputPlaceholder({ hasPatientInfo: false, mode: 'general' })).toBe(
      'Faça uma pergunta médica...',
    );
  });

  it('names the specialist in specialist mode', () => {
    expect(
      chatInputPlaceholder({
        hasPatientInfo: false,
        mode: 'specialist',
        agentName: 'Agente Cardiologista',
      }),
    ).toBe('Consulte o Agente Cardiologista...');
    expect(chatInputPlaceholder({ hasPatientInfo: false, mode: 'specialist' })).toBe(
      'Consulte o especialista...',
    );
  });
});

describe('shouldCheckRecordCreation', () => {
  it.each([
    [false, 3, true],
    [false, 2, false],
    [false, 0, false],
    [true, 10, false],
  ])('hasRecord %s, %i messages → %s', (hasRecord, messageCount, expected) => {
    expect(shouldCheckRecordCreation({ hasRecord, messageCount })).toBe(expected);
  });
});

describe('isAffirmativeAnswer', () => {
  it.each([
    ['YES', true],
    ['SIM', true],
    ['sim', true],
    ['Sim.', true],
    ['Resposta: SIM, criar prontuário', true],
    ['yes, this is a consultation', true],
    ['NÃO', false],
    ['NO', false],
    ['não', false],
    ['SIMPLES', false],
    ['simulação', false],
    ['YESTERDAY', false],
    ['ASSIM', false],
    ['SIMÃO', false],
    ['', false],
  ])('%j → %s', (answer, expected) => {
    expect(isAffirmativeAnswer(answer)).toBe(expected);
  });
});

describe('lastMessages', () => {
  const messages = [1, 2, 3, 4, 5, 6, 7];

  it('keeps the last n in order', () => {
    expect(lastMessages(messages, 5)).toEqual([3, 4, 5, 6, 7]);
  });

  it('keeps all when there are fewer', () => {
    expect(lastMessages(messages, 10)).toEqual(messages);
    expect(lastMessages(messages, 10)).not.toBe(messages);
  });

  it('keeps none for 0 or less', () => {
    expect(lastMessages(messages, 0)).toEqual([]);
    expect(lastMessages(messages, -1)).toEqual([]);
  });
});

describe('treatmentCardSummary', () => {
  it('shows name, age and complaint with its duration', () => {
    expect(
      treatmentCardSummary({
        patientInfo: { name: 'João Pereira', age: 45 },
        symptoms: { chiefComplaint: 'Dor torácica', duration: '2 dias' },
      }),
    ).toEqual({ name: 'João Pereira', age: '45 anos', complaint: 'Dor torácica há 2 dias' });
  });

  it('says what is not informed', () => {
    expect(treatmentCardSummary({})).toEqual({
      name: 'Paciente sem nome',
      age: 'Idade não informada',
      complaint: 'Queixa não informada',
    });
    expect(treatmentCardSummary({ symptoms: { duration: '3 dias' } }).complaint).toBe(
      'Queixa não informada',
    );
  });

  it('shows the complaint alone without a duration, and age 0 and 1', () => {
    expect(
      treatmentCardSummary({
        patientInfo: { age: 0 },
        symptoms: { chiefComplaint: '  Febre  ' },
      }),
    ).toMatchObject({ age: '0 anos', complaint: 'Febre' });
    expect(treatmentCardSummary({ patientInfo: { age: 1 } }).age).toBe('1 ano');
  });

  it.each([
    ['uma semana', 'Tosse há uma semana'],
    ['há 3 dias', 'Tosse há 3 dias'],
    ['desde ontem', 'Tosse, desde ontem'],
  ])('phrases the duration %j', (duration, complaint) => {
    expect(
      treatmentCardSummary({ symptoms: { chiefComplaint: 'Tosse', duration } }).complaint,
    ).toBe(complaint);
  });
});

describe('shouldOpenMobileConsultation', () => {
  it('opens the voice consultation from an empty chat on a narrow screen, once per session', () => {
    const state = { narrowScreen: true, hasMessages: false, alreadyOpenedThisSession: false };
    expect(shouldOpenMobileConsultation(state)).toBe(true);
    expect(shouldOpenMobileConsultation({ ...state, alreadyOpenedThisSession: true })).toBe(false);
  });

  it('stays in the chat on a wide screen or with a conversation going', () => {
    const state = { narrowScreen: true, hasMessages: false, alreadyOpenedThisSession: false };
    expect(shouldOpenMobileConsultation({ ...state, narrowScreen: false })).toBe(false);
    expect(shouldOpenMobileConsultation({ ...state, hasMessages: true })).toBe(false);
  });
});
