import { ArrowDown } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

// The Markdown renderer (react-markdown, about 35 KB gzipped) would take the landing past its
// 150 KB budget, and the landing's demo chat has no reply to show until a question is sent: it
// loads with the first message, while the reply is on its way.
const loadMarkdown = () => import('../markdown');
const Markdown = lazy(() => loadMarkdown().then((module) => ({ default: module.Markdown })));
const preloadMarkdown = () => {
  void loadMarkdown().catch(() => {
    // Only a head start; showing a reply reports a failure.
  });
};

export interface ChatListMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  /**
   * An error shown in the conversation (docs/product.md, "Conversa e respostas em streaming":
   * errors appear as assistant messages).
   */
  isError?: boolean;
  /** Written by the offline engine: the bubble says so ('Modo offline'). */
  offline?: boolean;
  /** Buttons under the message (a suggestion's answers). */
  actions?: ReactNode;
}

/**
 * docs/product.md, "Conversa e respostas em streaming": the scroll-to-bottom button appears beyond
 * 50 px from the bottom.
 */
const BOTTOM_THRESHOLD_PX = 50;

/**
 * The conversation: an empty state, a thinking indicator while the reply loads, auto-scroll
 * while the reader is at the bottom, and a button back to the bottom when they scrolled up.
 */
export function MessageList(props: {
  messages: readonly ChatListMessage[];
  thinking: boolean;
  /** While a reply streams in: screen readers wait for it whole instead of every fragment. */
  busy?: boolean;
  emptyState: ReactNode;
  label: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const lastContent = props.messages[props.messages.length - 1]?.content;
  const hasMessages = props.messages.length > 0;

  useEffect(() => {
    if (hasMessages) preloadMarkdown();
  }, [hasMessages]);

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box && atBottom) box.scrollTop = box.scrollHeight;
  }, [props.messages.length, lastContent, props.thinking, atBottom]);

  const onScroll = () => {
    const box = scrollRef.current;
    if (!box) return;
    setAtBottom(box.scrollHeight - box.scrollTop - box.clientHeight <= BOTTOM_THRESHOLD_PX);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label={props.label}
        aria-busy={props.busy ?? false}
        tabIndex={0}
        className="flex h-full flex-col gap-3 overflow-y-auto p-4"
      >
        {props.messages.length === 0 && !props.thinking ? props.emptyState : null}
        {props.messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {props.thinking && (
          <p className="flex items-center gap-2 self-start text-sm text-fg-muted">
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-accent" />
            Pensando...
          </p>
        )}
      </div>
      {!atBottom && (
        <button
          type="button"
          aria-label="Ir para a última mensagem"
          onClick={() => {
            const box = scrollRef.current;
            if (box) box.scrollTo({ top: box.scrollHeight, behavior: 'smooth' });
          }}
          className="absolute right-4 bottom-4 rounded-full border border-line bg-surface p-2 text-fg shadow-md hover:bg-surface-muted"
        >
          <ArrowDown aria-hidden="true" size={18} />
        </button>
      )}
    </div>
  );
}

function MessageBubble({ message }: { message: ChatListMessage }) {
  if (message.role === 'system') {
    return (
      <p className="self-center rounded-full bg-surface-muted px-3 py-1 text-center text-sm text-fg-muted">
        {message.content}
      </p>
    );
  }
  const fromUser = message.role === 'user';
  const tone = message.isError
    ? 'border border-danger-fg bg-danger-soft text-danger-fg'
    : fromUser
      ? 'bg-accent text-on-accent'
      : 'border border-line bg-surface text-fg';
  return (
    <div
      data-role={message.role}
      className={`max-w-[85%] rounded-lg px-4 py-2 ${tone} ${fromUser ? 'self-end' : 'self-start'}`}
    >
      <span className="sr-only">{fromUser ? 'Você: ' : 'Prontu: '}</span>
      {fromUser || message.isError ? (
        <span className="whitespace-pre-wrap">{message.content}</span>
      ) : (
        // Replies are Markdown, rendered as elements: no HTML from a model reaches the page.
        // Until the renderer has loaded, the reply shows as the plain text it is.
        <Suspense fallback={<span className="whitespace-pre-wrap">{message.content}</span>}>
          <Markdown text={message.content} />
        </Suspense>
      )}
      {message.offline && (
        <span
          title="Resposta do motor clínico local do Prontu: nenhum modelo de IA está configurado."
          className="mt-2 inline-block rounded-full border border-line bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg-muted"
        >
          Modo offline
        </span>
      )}
      {message.actions && <div className="mt-2 flex flex-wrap gap-2">{message.actions}</div>}
    </div>
  );
}
