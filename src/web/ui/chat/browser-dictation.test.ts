import { describe, expect, it } from 'vitest';
import {
  BrowserDictation,
  browserSpeechRecognition,
  DICTATION_ANSWER_TIMEOUT_MS,
  DICTATION_PROBLEM_MESSAGES,
  type DictationState,
} from './browser-dictation';
import { FakeSpeechRecognition } from '../../testing/fake-speech-recognition';

/** A dictation on the fake browser, with timers the test fires, and what it told the screen. */
function dictation({ supported }: { supported: boolean } = { supported: true }) {
  const Recognition = supported ? FakeSpeechRecognition : undefined;
  FakeSpeechRecognition.reset();
  const phrases: string[] = [];
  const states: DictationState[] = [];
  const timers = new Map<number, () => void>();
  let nextTimer = 0;
  const subject = new BrowserDictation({
    Recognition,
    onPhrase: (phrase) => phrases.push(phrase),
    onChange: (state) => states.push(state),
    setTimer: (run, ms) => {
      expect(ms).toBe(DICTATION_ANSWER_TIMEOUT_MS);
      nextTimer += 1;
      timers.set(nextTimer, run);
      return nextTimer;
    },
    clearTimer: (timer) => {
      timers.delete(timer as number);
    },
  });
  const session = () => {
    const last = FakeSpeechRecognition.sessions.at(-1);
    if (!last) throw new Error('no recognition was started');
    return last;
  };
  const fireTimers = () => [...timers.values()].forEach((run) => run());
  return { subject, phrases, states, session, fireTimers, pendingTimers: () => timers.size };
}

describe('BrowserDictation', () => {
  it('listens in Brazilian Portuguese, continuously, with results as they are heard', () => {
    const { subject, session, states } = dictation();
    subject.start();
    expect(session()).toMatchObject({ lang: 'pt-BR', continuous: true, interimResults: true });
    expect(session().calls).toEqual(['start']);
    expect(states.at(-1)).toEqual({ status: 'listening', interim: '' });
  });

  it('shows what it is hearing and hands over each finished phrase, once', () => {
    const { subject, session, phrases, states } = dictation();
    subject.start();
    session().onstart?.();
    session().hear(0, [['paciente com', false]]);
    expect(states.at(-1)).toEqual({ status: 'listening', interim: 'paciente com' });
    expect(phrases).toEqual([]);

    session().hear(0, [
      [' paciente com dor de cabeça ', true],
      ['há três', false],
    ]);
    expect(phrases).toEqual(['paciente com dor de cabeça']);
    expect(states.at(-1)).toEqual({ status: 'listening', interim: 'há três' });

    // The browser lists the finished result again; only the new ones from resultIndex count.
    session().hear(1, [
      ['paciente com dor de cabeça', true],
      ['há três dias', true],
    ]);
    expect(phrases).toEqual(['paciente com dor de cabeça', 'há três dias']);
    expect(states.at(-1)).toEqual({ status: 'listening', interim: '' });
  });

  it('stops when the doctor asks, keeping the words the browser had not finished, with no problem', () => {
    const { subject, session, phrases, states } = dictation();
    subject.start();
    session().hear(0, [['pressão doze por oito', false]]);
    subject.stop();
    expect(session().calls).toEqual(['start', 'stop']);
    session().fail('aborted');

    expect(phrases).toEqual(['pressão doze por oito']);
    expect(states.at(-1)).toEqual({ status: 'idle', problem: undefined });
  });

  it('says the browser has no dictation where there is no SpeechRecognition', () => {
    const { subject, states } = dictation({ supported: false });
    expect(subject.supported).toBe(false);
    subject.start();
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'unsupported' });
  });

  it.each([
    ['not-allowed', 'not-allowed'],
    ['service-not-allowed', 'service-not-allowed'],
    ['no-speech', 'no-speech'],
    ['network', 'network'],
    ['audio-capture', 'audio-capture'],
    ['aborted', 'aborted'],
    ['language-not-supported', 'language-not-supported'],
    ['bad-grammar', 'failed'],
    ['something-new', 'failed'],
  ] as const)("says why when the browser's recognition fails with %s", (error, problem) => {
    const { subject, session, states } = dictation();
    subject.start();
    session().onstart?.();
    session().fail(error);
    expect(states.at(-1)).toEqual({ status: 'idle', problem });
  });

  it('keeps what was heard before an error, and still says why it stopped', () => {
    const { subject, session, phrases, states } = dictation();
    subject.start();
    session().hear(0, [['febre há dois dias', true]]);
    session().fail('network');
    expect(phrases).toEqual(['febre há dois dias']);
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'network' });
  });

  it('says no speech was heard when the browser ends by itself having heard nothing', () => {
    const { subject, session, states } = dictation();
    subject.start();
    session().onstart?.();
    session().onend?.();
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'no-speech' });
  });

  it('ends quietly when the browser ends by itself after hearing the doctor', () => {
    const { subject, session, states } = dictation();
    subject.start();
    session().hear(0, [['tosse seca', true]]);
    session().onend?.();
    expect(states.at(-1)).toEqual({ status: 'idle', problem: undefined });
  });

  it('says the microphone is blocked when the browser refuses to start', () => {
    const { subject, states } = dictation();
    const refusal = new Error('Permission denied');
    refusal.name = 'NotAllowedError';
    FakeSpeechRecognition.refuseStart = refusal;
    subject.start();
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'not-allowed' });
  });

  it('says it failed when the browser throws anything else on start, and may start again', () => {
    const { subject, session, states } = dictation();
    FakeSpeechRecognition.refuseStart = new Error('InvalidStateError');
    subject.start();
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'failed' });

    FakeSpeechRecognition.refuseStart = undefined;
    subject.start();
    expect(states.at(-1)).toEqual({ status: 'listening', interim: '' });
    expect(session().calls).toEqual(['start']);
  });

  it('gives up on a browser that never answers, and says so', () => {
    const { subject, session, states, fireTimers } = dictation();
    subject.start();
    fireTimers();
    expect(session().calls).toEqual(['start', 'abort']);
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'no-answer' });
    // A late end from the abandoned session changes nothing.
    session().fail('aborted');
    expect(states.at(-1)).toEqual({ status: 'idle', problem: 'no-answer' });
  });

  it('waits no longer once the browser has started, and stops a browser that never ends', () => {
    const { subject, session, states, fireTimers, pendingTimers } = dictation();
    subject.start();
    session().onaudiostart?.();
    expect(pendingTimers()).toBe(0);

    subject.stop();
    fireTimers();
    expect(states.at(-1)).toEqual({ status: 'idle', problem: undefined });
  });

  it('stops without a word when the screen goes', () => {
    const { subject, session, states } = dictation();
    subject.start();
    subject.dispose();
    expect(session().calls).toEqual(['start', 'abort']);
    expect(states.at(-1)).toEqual({ status: 'listening', interim: '' });
  });

  it('has a Portuguese reason for every problem, none naming a setting', () => {
    for (const message of Object.values(DICTATION_PROBLEM_MESSAGES)) {
      expect(message).toMatch(/^[A-ZÁÉÍÓÚ]/);
      expect(message).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    }
    expect(DICTATION_PROBLEM_MESSAGES.network).toMatch(/internet/);
    expect(DICTATION_PROBLEM_MESSAGES.network).toMatch(/envia o áudio ao fabricante do navegador/);
  });
});

describe('browserSpeechRecognition', () => {
  it('finds the standard or the prefixed constructor, or none', () => {
    expect(browserSpeechRecognition({ SpeechRecognition: FakeSpeechRecognition })).toBe(
      FakeSpeechRecognition,
    );
    expect(browserSpeechRecognition({ webkitSpeechRecognition: FakeSpeechRecognition })).toBe(
      FakeSpeechRecognition,
    );
    expect(browserSpeechRecognition({})).toBeUndefined();
  });
});
