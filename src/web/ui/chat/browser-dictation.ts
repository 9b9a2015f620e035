/**
 * Dictation with the browser's own speech recognition (the Web Speech API's `SpeechRecognition`,
 * `webkitSpeechRecognition` in Chrome, Edge and Safari), in Brazilian Portuguese: what it heard
 * so far, each finished phrase, and — whenever it stops without being asked or never starts — why,
 * in the doctor's words (docs/product.md, "Sem serviço de transcrição"). Never silence.
 */

/** The part of the Web Speech API dictation uses (not in TypeScript's DOM types). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onstart: (() => void) | null;
  onaudiostart: (() => void) | null;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}

export interface SpeechRecognitionEventLike {
  resultIndex: number;
  results: ArrayLike<SpeechResultLike>;
}

export interface SpeechResultLike {
  isFinal: boolean;
  0: { transcript: string };
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's recognition, where it has one. */
export function browserSpeechRecognition(
  scope: object = globalThis,
): SpeechRecognitionConstructor | undefined {
  const speech = scope as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition;
}

/** Why dictation gave no text. */
export type DictationProblem =
  | 'unsupported'
  | 'not-allowed'
  | 'service-not-allowed'
  | 'no-speech'
  | 'network'
  | 'audio-capture'
  | 'aborted'
  | 'language-not-supported'
  | 'no-answer'
  | 'failed';

/**
 * What the doctor reads beside 'Ditar com o navegador' (docs/product.md, "Sem serviço de
 * transcrição"). Chrome's recognition is Google's service: the network message says where the
 * audio goes.
 */
export const DICTATION_PROBLEM_MESSAGES: Readonly<Record<DictationProblem, string>> = {
  unsupported:
    'Este navegador não faz ditado por voz. Use o Chrome, o Edge ou o Safari, ou cole uma transcrição.',
  'not-allowed':
    'O microfone está bloqueado para o ditado. Permita o microfone para este site nas configurações do navegador e toque de novo em Ditar com o navegador.',
  'service-not-allowed':
    'O ditado por voz está desligado neste navegador ou aparelho. No iPhone, ative a Siri e o Ditado em Ajustes; ou cole uma transcrição.',
  'no-speech':
    'Nenhuma fala foi ouvida. Confira o microfone, fale mais perto dele e toque de novo em Ditar com o navegador.',
  network:
    'O ditado deste navegador precisa de internet e não conseguiu se conectar. Ele envia o áudio ao fabricante do navegador (no Chrome, ao Google) para reconhecer a fala. Verifique a conexão ou cole uma transcrição.',
  'audio-capture':
    'O navegador não encontrou um microfone, ou outro aplicativo o está usando. Confira o microfone e tente de novo.',
  aborted:
    'O navegador interrompeu o ditado. Toque de novo em Ditar com o navegador para continuar.',
  'language-not-supported':
    'O ditado deste navegador não reconhece o português do Brasil. Use o Chrome ou o Edge, ou cole uma transcrição.',
  'no-answer':
    'O navegador não respondeu ao ditado: alguns navegadores, como o Chromium, têm o ditado sem o serviço que reconhece a fala. Use o Chrome ou o Edge, ou cole uma transcrição.',
  failed: 'O ditado do navegador parou com um erro. Tente de novo, ou cole uma transcrição.',
};

/** The Web Speech API's error codes that have a message of their own. */
const ERROR_PROBLEMS: Readonly<Record<string, DictationProblem>> = {
  'not-allowed': 'not-allowed',
  'service-not-allowed': 'service-not-allowed',
  'no-speech': 'no-speech',
  network: 'network',
  'audio-capture': 'audio-capture',
  aborted: 'aborted',
  'language-not-supported': 'language-not-supported',
};

export type DictationState =
  | { readonly status: 'idle'; readonly problem?: DictationProblem | undefined }
  | { readonly status: 'listening'; readonly interim: string };

/** How long the browser may take to start (or to stop) before dictation gives up on it. */
export const DICTATION_ANSWER_TIMEOUT_MS = 8_000;

export interface BrowserDictationDeps {
  /** The browser's recognition; undefined where there is none. */
  Recognition: SpeechRecognitionConstructor | undefined;
  /** A finished phrase, trimmed and never empty. */
  onPhrase: (phrase: string) => void;
  onChange: (state: DictationState) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * One doctor's dictation: start, stop, and the state to show. A phrase the browser has not
 * finished when it stops is kept too, so nothing heard is lost.
 */
export class BrowserDictation {
  private current: DictationState = { status: 'idle' };
  private session: SpeechRecognitionLike | undefined;
  private heard = false;
  private stopRequested = false;
  private problem: DictationProblem | undefined;
  private timer: unknown;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: BrowserDictationDeps) {
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  get state(): DictationState {
    return this.current;
  }

  get supported(): boolean {
    return this.deps.Recognition !== undefined;
  }

  /** Starts listening; where the browser has no recognition, says so instead. */
  start(): void {
    if (this.session) return;
    const Recognition = this.deps.Recognition;
    if (!Recognition) {
      this.show({ status: 'idle', problem: 'unsupported' });
      return;
    }
    const session = new Recognition();
    session.lang = 'pt-BR';
    session.continuous = true;
    session.interimResults = true;
    session.onstart = () => this.answered();
    session.onaudiostart = () => this.answered();
    session.onresult = (event) => this.readResults(event);
    session.onerror = (event) => this.failed(event.error);
    session.onend = () => this.ended(session);
    this.session = session;
    this.heard = false;
    this.stopRequested = false;
    this.problem = undefined;
    this.show({ status: 'listening', interim: '' });
    this.waitForBrowser();
    try {
      session.start();
    } catch (error) {
      this.problem =
        error instanceof Error && error.name === 'NotAllowedError' ? 'not-allowed' : 'failed';
      this.ended(session);
    }
  }

  /** Stops listening; what the browser still finishes is kept. */
  stop(): void {
    const session = this.session;
    if (!session) return;
    this.stopRequested = true;
    this.waitForBrowser();
    session.stop();
  }

  /** The screen is gone: stop without a word. */
  dispose(): void {
    const session = this.session;
    if (!session) return;
    this.stopRequested = true;
    this.detach(session);
    session.abort();
  }

  private show(state: DictationState): void {
    this.current = state;
    this.deps.onChange(state);
  }

  /** A browser that neither starts nor ends is given up on, and the doctor told. */
  private waitForBrowser(): void {
    this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      const session = this.session;
      if (!session) return;
      if (!this.stopRequested) this.problem = 'no-answer';
      this.ended(session);
      session.abort();
    }, DICTATION_ANSWER_TIMEOUT_MS);
  }

  private answered(): void {
    if (this.stopRequested) return;
    this.clearTimer(this.timer);
    this.timer = undefined;
  }

  private readResults(event: SpeechRecognitionEventLike): void {
    this.answered();
    let interim = '';
    for (let index = event.resultIndex; index < event.results.length; index += 1) {
      const result = event.results[index];
      if (!result) continue;
      const text = result[0].transcript.trim();
      if (!text) continue;
      this.heard = true;
      if (result.isFinal) this.deps.onPhrase(text);
      else interim = interim ? `${interim} ${text}` : text;
    }
    if (this.session) this.show({ status: 'listening', interim });
  }

  private failed(error: string): void {
    // Stopping by the doctor may end in 'aborted': that is no problem to report.
    if (this.stopRequested && (error === 'aborted' || error === 'no-speech')) return;
    this.problem = ERROR_PROBLEMS[error] ?? 'failed';
  }

  private ended(session: SpeechRecognitionLike): void {
    if (this.session !== session) return;
    this.detach(session);
    const state = this.current;
    // Words the browser had not finished are still the doctor's.
    if (state.status === 'listening' && state.interim) this.deps.onPhrase(state.interim);
    const problem = this.problem ?? (!this.heard && !this.stopRequested ? 'no-speech' : undefined);
    this.show({ status: 'idle', problem });
  }

  private detach(session: SpeechRecognitionLike): void {
    this.clearTimer(this.timer);
    this.timer = undefined;
    session.onstart = null;
    session.onaudiostart = null;
    session.onresult = null;
    session.onerror = null;
    session.onend = null;
    this.session = undefined;
  }
}
