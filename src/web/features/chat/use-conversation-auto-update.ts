import { useEffect, useState } from 'react';
import type { ChatMessage } from '@shared/chat/conversation';
import {
  ConversationAutoUpdater,
  type AutoUpdateResult,
} from '@shared/chat/conversation-auto-update';
import { recordContentOf } from '../../data/record-from-chat';
import type { OpenRecordActions } from '../../data/open-record';
import { extractChatInfo } from '../../data/ai-tasks';

export interface AutoUpdateControls {
  enabled: boolean;
  running: boolean;
  lastResult: AutoUpdateResult | undefined;
  start: () => void;
  stop: () => void;
  force: () => void;
}

/**
 * docs/product.md, "Atualização automática pela conversa": while the doctor keeps it on, the open
 * record is filled from the chat every 10 s when at least 3 new messages came in and the extraction
 * is confident enough. Stops when the record closes.
 */
export function useConversationAutoUpdate(
  recordStore: OpenRecordActions,
  messages: readonly ChatMessage[],
  recordOpen: boolean,
): AutoUpdateControls {
  const [state, setState] = useState<{
    enabled: boolean;
    running: boolean;
    last?: AutoUpdateResult;
  }>({ enabled: false, running: false });
  const [updater] = useState(
    () =>
      new ConversationAutoUpdater({
        extract: async (conversation, signal) => {
          const record = recordStore.record;
          setState((current) => ({ ...current, running: true }));
          try {
            const { answer } = await extractChatInfo(
              {
                messages: conversation
                  .filter((message) => message.role !== 'system')
                  .map(({ role, content }) => ({ role, content })),
                ...(record ? { record: recordContentOf(record) } : {}),
              },
              signal,
            );
            return answer;
          } finally {
            setState((current) => ({ ...current, running: false }));
          }
        },
        apply: (extraction) => recordStore.mergeExtraction(extraction),
        onResult: (result) => setState((current) => ({ ...current, last: result })),
      }),
  );

  const exchange = messages.filter((message) => !message.kind);
  useEffect(() => {
    updater.setMessages(exchange);
  });

  // The record closed (finalised, left, deleted): the switch goes off with it.
  const [wasOpen, setWasOpen] = useState(recordOpen);
  if (wasOpen !== recordOpen) {
    setWasOpen(recordOpen);
    if (!recordOpen) setState({ enabled: false, running: false });
  }
  useEffect(() => {
    if (!recordOpen) updater.stop();
  }, [recordOpen, updater]);

  useEffect(() => () => updater.stop(), [updater]);

  return {
    enabled: state.enabled,
    running: state.running,
    lastResult: state.last,
    start: () => {
      updater.start(exchange);
      setState((current) => ({ ...current, enabled: true }));
    },
    stop: () => {
      updater.stop();
      setState((current) => ({ ...current, enabled: false, running: false }));
    },
    force: () => {
      void updater.force();
    },
  };
}
