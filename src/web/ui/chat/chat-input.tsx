import { Mic, MicOff, SendHorizontal } from 'lucide-react';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useDictation } from './use-dictation';

/** docs/product.md, "Caixa de mensagem": the box grows from 48 px up to 12 lines of 24 px. */
const MIN_HEIGHT_PX = 48;
const LINE_HEIGHT_PX = 24;
const MAX_LINES = 12;

/**
 * docs/product.md, "Caixa de mensagem": trimmed, non-empty, within the limit, and not while a reply
 * is loading.
 */
export function canSendChatText(text: string, maxLength: number, disabled: boolean): boolean {
  const trimmed = text.trim();
  return !disabled && trimmed !== '' && trimmed.length <= maxLength;
}

/** One completion offered while typing: what replaces the text, and how it is shown. */
export interface InputSuggestion {
  value: string;
  label: string;
  description: string;
}

/**
 * The chat's message box: Enter sends, Shift+Enter breaks the line, Enter while composing an
 * accented character is ignored, a visible counter, and the send button only when the text can
 * be sent.
 */
export function ChatInput(props: {
  label: string;
  placeholder: string;
  maxLength: number;
  disabled: boolean;
  onSend: (text: string) => void;
  /** A tools button (menu) at the start of the box. */
  tools?: ReactNode;
  /** Shows the voice button: dictation with the browser's speech recognition. */
  voice?: boolean;
  /** Completions for what is typed (the slash commands); chosen with arrows, Enter or a click. */
  suggest?: (text: string) => readonly InputSuggestion[];
}) {
  const [text, setText] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string>();
  const listId = useId();
  const suggestions = dismissedFor === text ? [] : (props.suggest?.(text) ?? []);
  const active = suggestions.length > 0 ? Math.min(highlighted, suggestions.length - 1) : -1;
  const choose = (suggestion: InputSuggestion) => {
    setText(suggestion.value);
    setHighlighted(0);
    areaRef.current?.focus();
  };
  const dictation = useDictation((phrase) =>
    setText((current) =>
      `${current}${current && !current.endsWith(' ') ? ' ' : ''}${phrase}`.slice(
        0,
        props.maxLength,
      ),
    ),
  );
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const sendable = canSendChatText(text, props.maxLength, props.disabled);

  useLayoutEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    const max = LINE_HEIGHT_PX * MAX_LINES;
    area.style.height = `${Math.min(max, Math.max(MIN_HEIGHT_PX, area.scrollHeight))}px`;
  }, [text]);

  const send = () => {
    if (!sendable) return;
    props.onSend(text.trim());
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0 && !event.nativeEvent.isComposing) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlighted((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedFor(text);
        return;
      }
      const chosen = suggestions[active];
      // Enter on what is already typed in full (a whole command) sends it; Tab still completes.
      const complete = event.key === 'Enter' && chosen?.value.trim() === text.trim();
      if (
        (event.key === 'Enter' || event.key === 'Tab') &&
        !event.shiftKey &&
        chosen &&
        !complete
      ) {
        event.preventDefault();
        choose(chosen);
        return;
      }
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="relative flex items-end gap-2 rounded-lg border border-line bg-surface p-2"
    >
      {suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Comandos"
          className="absolute right-0 bottom-full left-0 z-20 mb-2 flex max-h-72 flex-col overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.value}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: the box keeps the focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
              className={`flex cursor-pointer flex-col rounded-md px-3 py-1.5 ${
                index === active ? 'bg-accent-soft' : 'hover:bg-surface-muted'
              }`}
            >
              <span className="font-mono text-sm font-medium text-fg">{suggestion.label}</span>
              <span className="text-xs text-fg-muted">{suggestion.description}</span>
            </li>
          ))}
        </ul>
      )}
      {props.tools}
      {props.voice && (
        <button
          type="button"
          onClick={dictation.toggle}
          disabled={!dictation.supported}
          aria-pressed={dictation.listening}
          aria-label={dictation.listening ? 'Parar gravação' : 'Ditar mensagem por voz'}
          title={
            dictation.supported
              ? undefined
              : 'Ditado por voz indisponível neste navegador. Use a Consulta Mobile para gravar a consulta.'
          }
          className={`mb-6 rounded-md p-2 hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50 ${
            dictation.listening ? 'text-danger-fg' : 'text-fg-muted'
          }`}
        >
          {dictation.listening ? (
            <MicOff aria-hidden="true" size={20} />
          ) : (
            <Mic aria-hidden="true" size={20} />
          )}
        </button>
      )}
      <div className="flex flex-1 flex-col">
        <textarea
          ref={areaRef}
          aria-label={props.label}
          aria-describedby={counterId}
          {...(props.suggest
            ? {
                role: 'combobox',
                'aria-expanded': suggestions.length > 0,
                'aria-controls': listId,
                'aria-autocomplete': 'list' as const,
                ...(active >= 0 ? { 'aria-activedescendant': `${listId}-${active}` } : {}),
              }
            : {})}
          placeholder={props.placeholder}
          value={text}
          maxLength={props.maxLength}
          // Pasted text over the limit is cut at the limit, like typing.
          onChange={(event) => setText(event.target.value.slice(0, props.maxLength))}
          onKeyDown={onKeyDown}
          rows={1}
          className="resize-none bg-transparent px-2 py-3 leading-6 text-fg placeholder:text-fg-muted focus-visible:outline-none"
        />
        <span
          id={counterId}
          className={`self-end px-2 text-xs ${
            text.length >= props.maxLength ? 'font-semibold text-danger-fg' : 'text-fg-muted'
          }`}
        >
          {text.length}/{props.maxLength}
        </span>
        {/* Dictation that gave no text says why, next to the box it would have filled. */}
        {props.voice && dictation.problem && (
          <p role="alert" className="px-2 text-xs text-danger-fg">
            {dictation.problem}
          </p>
        )}
      </div>
      {sendable && (
        <button
          type="submit"
          aria-label="Enviar mensagem"
          className="mb-6 rounded-md bg-accent p-2 text-on-accent hover:bg-accent-strong"
        >
          <SendHorizontal aria-hidden="true" size={20} />
        </button>
      )}
    </form>
  );
}
