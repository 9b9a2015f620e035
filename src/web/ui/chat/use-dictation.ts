import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of the Web Speech API dictation uses (not in TypeScript's DOM types). */
interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: ArrayLike<SpeechResultLike> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start: () => void;
  stop: () => void;
}
interface SpeechResultLike {
  isFinal: boolean;
  0: { transcript: string };
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechRecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/**
 * Dictation into a text box with the browser's own speech recognition (pt-BR), where the browser
 * offers it. Each finished phrase is handed to `onPhrase`.
 */
export function useDictation(onPhrase: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const [supported] = useState(() => speechRecognition() !== undefined);
  const recognition = useRef<SpeechRecognitionLike | undefined>(undefined);
  const onPhraseRef = useRef(onPhrase);
  useEffect(() => {
    onPhraseRef.current = onPhrase;
  }, [onPhrase]);
  useEffect(() => () => recognition.current?.stop(), []);

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    const Recognition = speechRecognition();
    if (!Recognition) return;
    const session = new Recognition();
    session.lang = 'pt-BR';
    session.continuous = true;
    session.interimResults = false;
    session.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        if (result?.isFinal) onPhraseRef.current(result[0].transcript.trim());
      }
    };
    session.onerror = (event) => {
      console.warn('Ditado por voz interrompido:', event.error);
    };
    session.onend = () => {
      recognition.current = undefined;
      setListening(false);
    };
    recognition.current = session;
    session.start();
    setListening(true);
  }, []);

  return { supported, listening, toggle };
}
