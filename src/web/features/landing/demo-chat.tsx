import { Bot } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  DEMO_CHAT_MAX_LENGTH,
  type DemoChatMessage,
  type DemoChatMode,
} from '@shared/chat/demo-chat-protocol';
import { fetchDemoChatMode, streamDemoReply } from '../../data/demo-chat';
import { ChatInput } from '../../ui/chat/chat-input';
import { MessageList, type ChatListMessage } from '../../ui/chat/message-list';
import { chatErrorText } from '@shared/chat/errors';

type DemoMessage = ChatListMessage & { role: 'user' | 'assistant' };

let nextId = 0;
const messageId = (role: string) => `${role}-${Date.now()}-${++nextId}`;

/**
 * Whether the server answers with a model or the offline engine, as `GET /api/ai/demo-chat`
 * says. Without the query cache: the landing doesn't load it, to keep its first download small.
 */
function useAiMode(): DemoChatMode | undefined {
  const [mode, setMode] = useState<DemoChatMode>();
  useEffect(() => {
    const controller = new AbortController();
    fetchDemoChatMode(controller.signal)
      .then(setMode)
      .catch(() => {
        // The badge is a courtesy; after the first reply its X-Prontu-AI-Mode header decides.
      });
    return () => controller.abort();
  }, []);
  return mode;
}

/**
 * The landing's demo chat (docs/product.md, "Página inicial e chat de demonstração"): a welcome
 * empty state, 500 characters per message, replies streamed from the server — from the offline
 * engine, and labelled so, when no model is set.
 */
export function DemoChat() {
  const [messages, setMessages] = useState<DemoMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  const [streaming, setStreaming] = useState(false);
  const serverMode = useAiMode();
  const [replyMode, setReplyMode] = useState<'offline' | 'model'>();
  const mode = replyMode ?? serverMode;
  const abortRef = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abortRef.current?.abort(), []);

  const send = async (text: string) => {
    const question: DemoMessage = { id: messageId('user'), role: 'user', content: text };
    const conversation: DemoChatMessage[] = [...messages, question]
      .filter((message) => !message.isError)
      .map(({ role, content }) => ({ role, content }));
    const replyId = messageId('assistant');
    setMessages((current) => [...current, question]);
    setWaiting(true);
    // Set by the stream's callback: whether some of the reply arrived before a failure.
    const answered = { current: false };
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const answeredBy = await streamDemoReply(
        conversation,
        (chunk) => {
          answered.current = true;
          setWaiting(false);
          setStreaming(true);
          setMessages((current) =>
            current.some((message) => message.id === replyId)
              ? current.map((message) =>
                  message.id === replyId
                    ? { ...message, content: message.content + chunk }
                    : message,
                )
              : [...current, { id: replyId, role: 'assistant', content: chunk }],
          );
        },
        controller.signal,
      );
      setReplyMode(answeredBy);
    } catch (error) {
      if (controller.signal.aborted) return;
      const text = chatErrorText(error, answered.current);
      // Any part of the answer that arrived stays; the error follows it.
      setMessages((current) => [
        ...current,
        { id: messageId('error'), role: 'assistant', content: text, isError: true },
      ]);
    } finally {
      setWaiting(false);
      setStreaming(false);
    }
  };

  return (
    <section
      aria-labelledby="demo-chat-title"
      className="flex h-[32rem] flex-col overflow-hidden rounded-xl border border-line bg-surface-muted shadow-sm"
    >
      <header className="flex items-center justify-between gap-2 border-b border-line bg-surface px-4 py-3">
        <h2 id="demo-chat-title" className="flex items-center gap-2 font-semibold text-fg">
          <Bot aria-hidden="true" size={20} /> Experimente o Prontu
        </h2>
        {mode === 'offline' && (
          <span
            title="Nenhum modelo de IA configurado: quem responde é o motor clínico local do Prontu."
            className="rounded-full border border-line bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg"
          >
            Modo offline
          </span>
        )}
      </header>
      <MessageList
        label="Conversa de demonstração"
        messages={messages}
        thinking={waiting}
        busy={waiting || streaming}
        emptyState={
          <div className="m-auto max-w-sm text-center">
            <p className="font-medium text-fg">Olá! Sou o Prontu, seu assistente de saúde.</p>
            <p className="mt-2 text-sm text-fg-muted">
              Pergunte o que o Prontu faz por você no consultório: prontuário SOAP, receitas, CID-10
              ou consulta por voz.
            </p>
          </div>
        }
      />
      <div className="border-t border-line bg-surface p-3">
        <ChatInput
          label="Mensagem para o Prontu"
          placeholder="Digite sua pergunta..."
          maxLength={DEMO_CHAT_MAX_LENGTH}
          disabled={waiting || streaming}
          onSend={(text) => void send(text)}
        />
      </div>
    </section>
  );
}
