import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BrowserDictation,
  browserSpeechRecognition,
  DICTATION_PROBLEM_MESSAGES,
  type DictationState,
} from './browser-dictation';

/**
 * Dictation into a text box with the browser's own speech recognition (pt-BR), where the browser
 * offers it (browser-dictation.ts). Each finished phrase is handed to `onPhrase`; what is still
 * being heard is `interim`, and `problem` says why the last dictation gave no text.
 */
export function useDictation(onPhrase: (text: string) => void) {
  const [state, setState] = useState<DictationState>({ status: 'idle' });
  const [Recognition] = useState(() =>
    typeof window === 'undefined' ? undefined : browserSpeechRecognition(window),
  );
  const onPhraseRef = useRef(onPhrase);
  useEffect(() => {
    onPhraseRef.current = onPhrase;
  }, [onPhrase]);
  const dictation = useRef<BrowserDictation | undefined>(undefined);
  useEffect(() => {
    const created = new BrowserDictation({
      Recognition,
      onPhrase: (phrase) => onPhraseRef.current(phrase),
      onChange: setState,
    });
    dictation.current = created;
    return () => {
      created.dispose();
      dictation.current = undefined;
    };
  }, [Recognition]);

  const listening = state.status === 'listening';
  const toggle = useCallback(() => {
    const current = dictation.current;
    if (current?.state.status === 'listening') current.stop();
    else current?.start();
  }, []);

  return {
    supported: Recognition !== undefined,
    listening,
    /** What the browser is still hearing, not yet a phrase. */
    interim: listening ? state.interim : '',
    /** Why the last dictation stopped or never started, in the doctor's words. */
    problem:
      state.status === 'idle' && state.problem
        ? DICTATION_PROBLEM_MESSAGES[state.problem]
        : undefined,
    toggle,
  };
}
