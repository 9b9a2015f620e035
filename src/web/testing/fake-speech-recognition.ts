import { onTestFinished, vi } from 'vitest';
import type {
  SpeechRecognitionEventLike,
  SpeechRecognitionLike,
} from '../ui/chat/browser-dictation';

/**
 * The browser's speech recognition (happy-dom has none), played by the test through the Web
 * Speech API's interface: the test says when it starts, what it hears, which error it raises and
 * when it ends. It is the browser's, not ours.
 */
export class FakeSpeechRecognition implements SpeechRecognitionLike {
  /** Every recognition the code under test created, the latest last. */
  static sessions: FakeSpeechRecognition[] = [];
  /** What `start()` throws, as a browser that refuses to listen does. */
  static refuseStart: Error | undefined;
  lang = '';
  continuous = false;
  interimResults = false;
  onstart: (() => void) | null = null;
  onaudiostart: (() => void) | null = null;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  calls: string[] = [];

  constructor() {
    FakeSpeechRecognition.sessions.push(this);
  }

  /** Forgets the sessions and refusals of an earlier test. */
  static reset(): void {
    FakeSpeechRecognition.sessions = [];
    FakeSpeechRecognition.refuseStart = undefined;
  }

  /** The latest recognition started. */
  static last(): FakeSpeechRecognition {
    const session = FakeSpeechRecognition.sessions.at(-1);
    if (!session) throw new Error('dictation never started');
    return session;
  }

  start(): void {
    this.calls.push('start');
    if (FakeSpeechRecognition.refuseStart) throw FakeSpeechRecognition.refuseStart;
  }
  stop(): void {
    this.calls.push('stop');
  }
  abort(): void {
    this.calls.push('abort');
  }

  /** Results as the browser lists them: finished ones, then the one still being heard. */
  hear(resultIndex: number, results: [text: string, isFinal: boolean][]): void {
    this.onresult?.({
      resultIndex,
      results: results.map(([transcript, isFinal]) => ({ isFinal, 0: { transcript } })),
    });
  }
  fail(error: string): void {
    this.onerror?.({ error });
    this.onend?.();
  }
  end(): void {
    this.onend?.();
  }
}

/** A browser with speech recognition for this test (Chrome's `webkitSpeechRecognition`). */
export function stubSpeechRecognition(): typeof FakeSpeechRecognition {
  FakeSpeechRecognition.reset();
  vi.stubGlobal('webkitSpeechRecognition', FakeSpeechRecognition);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return FakeSpeechRecognition;
}
