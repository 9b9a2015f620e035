import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  prescriptionDetectionAnswerSchema,
  shouldCreateRecordAnswerSchema,
} from '../../shared/ai-tasks';
import { requestAiTask, streamChatReply } from '../ai-client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../local-storage';
import {
  ChatConversationStore,
  type ChatBackend,
  type ChatSnapshot,
  type ChatStorage,
} from './chat-conversation-store';

const browserChatStorage: ChatStorage = {
  read: () => readStorage(STORAGE_KEYS.chatConversation),
  write: (value) => {
    writeStorage(STORAGE_KEYS.chatConversation, value);
  },
  remove: () => {
    removeStorage(STORAGE_KEYS.chatConversation);
  },
};

const browserChatBackend: ChatBackend = {
  streamReply: streamChatReply,
  shouldCreateRecord: async (messages) => {
    const { answer } = await requestAiTask(
      'should-create-record',
      { messages: messages.map(({ role, content }) => ({ role, content })) },
      shouldCreateRecordAnswerSchema,
    );
    return answer.shouldCreate;
  },
  detectPrescription: async (messages) => {
    const { answer } = await requestAiTask(
      'detect-prescription',
      { messages: messages.map(({ role, content }) => ({ role, content })) },
      prescriptionDetectionAnswerSchema,
    );
    return answer;
  },
};

const ChatConversationContext = createContext<ChatConversationStore | undefined>(undefined);

/** Holds the doctor's chat conversation for every view of the workspace (it survives a reload). */
export function ChatConversationProvider(props: { userId: string; children: ReactNode }) {
  const [store] = useState(() => {
    const created = new ChatConversationStore(props.userId, browserChatStorage, browserChatBackend);
    created.restore();
    return created;
  });
  useEffect(() => () => store.dispose(), [store]);
  return (
    <ChatConversationContext.Provider value={store}>
      {props.children}
    </ChatConversationContext.Provider>
  );
}

/** The conversation's store; throws outside the provider. */
export function useChatConversationStore(): ChatConversationStore {
  const store = useContext(ChatConversationContext);
  if (!store) {
    throw new Error('useChatConversation must be used within a ChatConversationProvider');
  }
  return store;
}

/** The conversation, re-rendering on every change. */
export function useChatConversation(): ChatSnapshot & { store: ChatConversationStore } {
  const store = useChatConversationStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, store };
}
