import * as Dialog from '@radix-ui/react-dialog';
import { Info, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ITEM_INFO_ERROR, type ConversationMessage } from '@shared/ai/tasks';
import type { Exam, Medication } from '@shared/records/medical-record';
import { treatmentDurationPhrase } from '@shared/prescriptions/posology';
import { askItemInfo } from '../../data/ai-tasks';
import { Button } from '../../ui/button';
import { ChatInput } from '../../ui/chat/chat-input';
import { MessageList, type ChatListMessage } from '../../ui/chat/message-list';

/** A prescribed item the doctor asks about: its kind, name and the details written for it. */
export interface InfoItem {
  kind: 'medication' | 'exam';
  name: string;
  /** 'dosage — frequency — duration' or 'type, priority — justification'; empty when none. */
  details: string;
}

/** The server reads at most this many earlier messages of the little chat. */
const HISTORY_MAX_MESSAGES = 20;
const QUESTION_MAX_LENGTH = 500;

const DISCLAIMER =
  'As informações são apenas informativas e não substituem a bula, as diretrizes clínicas nem o julgamento médico.';

const KIND_LABELS: Record<InfoItem['kind'], string> = {
  medication: 'Medicamento',
  exam: 'Exame',
};

const SUGGESTED_QUESTIONS: Record<InfoItem['kind'], string[]> = {
  medication: [
    'Qual a posologia usual?',
    'Quais as principais contraindicações?',
    'Quais as interações importantes?',
  ],
  exam: ['Qual o preparo?', 'Quando está indicado?', 'Como interpretar o resultado?'],
};

const joinDetails = (parts: (string | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' — ');

/** The medication as the info dialog shows and sends it: '500 mg — 8/8h — por 7 dias'. */
export function medicationInfoItem(medication: Medication): InfoItem {
  const duration = treatmentDurationPhrase(medication.duration);
  return {
    kind: 'medication',
    name: medication.name,
    details: joinDetails([
      medication.dosage,
      medication.frequency,
      duration,
      medication.instructions,
    ]),
  };
}

/** The exam as the info dialog shows and sends it: 'laboratorial, rotina — suspeita de anemia'. */
export function examInfoItem(exam: Exam): InfoItem {
  const kindAndPriority = [exam.type, exam.priority].filter(Boolean).join(', ');
  return {
    kind: 'exam',
    name: exam.name,
    details: joinDetails([kindAndPriority, exam.justification]),
  };
}

type ItemMessage = ChatListMessage & { role: 'user' | 'assistant' };

let nextId = 0;
const messageId = (role: string) => `item-info-${role}-${++nextId}`;

/**
 * Asks the server about the item (`POST /api/ai/item-info`).
 * @returns the answer as a chat message: 'Modo offline' when the offline engine wrote it, and
 *   the error text of docs/product.md, "Erros do chat e do provedor de IA" when the call failed or
 *   the answer is the fallback
 */
async function askAboutItem(
  item: InfoItem,
  question: string,
  history: ConversationMessage[],
  signal: AbortSignal,
): Promise<ItemMessage> {
  const id = messageId('assistant');
  try {
    const { answer, source } = await askItemInfo(
      {
        item: {
          kind: item.kind,
          name: item.name,
          ...(item.details ? { details: item.details } : {}),
        },
        question,
        history,
      },
      signal,
    );
    if (source === 'fallback') {
      return { id, role: 'assistant', content: ITEM_INFO_ERROR, isError: true };
    }
    return {
      id,
      role: 'assistant',
      content: answer.answer,
      ...(source === 'offline' ? { offline: true } : {}),
    };
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('Informações do item indisponíveis.', error);
    return { id, role: 'assistant', content: ITEM_INFO_ERROR, isError: true };
  }
}

/**
 * The 'Mais informações' button of a prescribed medication or exam, and the dialog it opens
 * (docs/product.md, "Mais informações sobre um item"): a small question-and-answer chat about the
 * item, with suggested first questions and the reminder that the answers are informative only.
 * Closing it forgets the chat.
 */
export function ItemInfoDialog({ item }: { item: InfoItem }) {
  const label = `Mais informações sobre ${item.name}`;
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="ghost" className="shrink-0 px-2" aria-label={label} title={label}>
          <Info aria-hidden className="size-4 text-accent-fg" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex h-[min(40rem,calc(100dvh-2rem))] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-surface shadow-xl">
          <header className="flex items-start justify-between gap-2 border-b border-line p-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold break-words text-fg">
                {`Mais informações: ${item.name}`}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm break-words text-fg-muted">
                {item.details
                  ? `${KIND_LABELS[item.kind]}: ${item.details}`
                  : KIND_LABELS[item.kind]}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" className="shrink-0 px-2" aria-label="Fechar">
                <X aria-hidden className="size-4" />
              </Button>
            </Dialog.Close>
          </header>
          <ItemInfoChat item={item} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The chat itself: mounted while the dialog is open, so each opening starts afresh. */
function ItemInfoChat({ item }: { item: InfoItem }) {
  const [messages, setMessages] = useState<ItemMessage[]>([]);
  const [waiting, setWaiting] = useState(false);
  const abortRef = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abortRef.current?.abort(), []);

  const send = async (question: string) => {
    if (waiting) return;
    const history: ConversationMessage[] = messages
      .filter((message) => !message.isError)
      .map(({ role, content }) => ({ role, content }))
      .slice(-HISTORY_MAX_MESSAGES);
    setMessages((current) => [
      ...current,
      { id: messageId('user'), role: 'user', content: question },
    ]);
    setWaiting(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const reply = await askAboutItem(item, question, history, controller.signal);
      setMessages((current) => [...current, reply]);
    } catch {
      // Only an abort gets here: the dialog closed, and the chat with it.
    } finally {
      if (!controller.signal.aborted) setWaiting(false);
    }
  };

  return (
    <>
      <p className="flex items-start gap-2 border-b border-line bg-warning-soft px-4 py-2 text-xs text-warning-fg">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {DISCLAIMER}
      </p>
      <MessageList
        label={`Conversa sobre ${item.name}`}
        messages={messages}
        thinking={waiting}
        busy={waiting}
        emptyState={
          <div className="m-auto flex max-w-sm flex-col items-center gap-3 text-center">
            <p className="text-sm text-fg-muted">
              Pergunte sobre {item.kind === 'medication' ? 'este medicamento' : 'este exame'} ou
              escolha uma pergunta:
            </p>
            <ul className="flex flex-wrap justify-center gap-2">
              {SUGGESTED_QUESTIONS[item.kind].map((question) => (
                <li key={question}>
                  <Button
                    variant="secondary"
                    className="rounded-full px-3 py-1"
                    disabled={waiting}
                    onClick={() => void send(question)}
                  >
                    {question}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        }
      />
      <div className="border-t border-line p-3">
        <ChatInput
          label={`Pergunta sobre ${item.name}`}
          placeholder="Digite sua pergunta..."
          maxLength={QUESTION_MAX_LENGTH}
          disabled={waiting}
          onSend={(text) => void send(text)}
        />
      </div>
    </>
  );
}
