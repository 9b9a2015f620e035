import { useEffect } from 'react';
import { shouldOpenMobileConsultation } from '../../../shared/chat-rules';
import { WIDE_SCREEN_QUERY } from '../../shell/use-media-query';

/** Session storage: the switch already happened in this tab (it survives a reload, not a new tab). */
const OPENED_KEY = 'mobileConsultationAutoOpened';

function openedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(OPENED_KEY) !== null;
  } catch {
    // Storage blocked: never switch, rather than switch on every visit to the chat.
    return true;
  }
}

function markOpened(): void {
  try {
    window.sessionStorage.setItem(OPENED_KEY, 'true');
  } catch {
    // Nothing to remember it in; openedThisSession already says true.
  }
}

/**
 * Spec §2 auto switch: a phone opening an empty chat lands on the voice consultation. Decided
 * once, when the chat first shows; a conversation already under way keeps the chat.
 * @param hasMessages - whether the chat has a conversation
 * @param openMobileConsultation - shows the voice consultation
 */
export function useMobileConsultationSwitch(
  hasMessages: boolean,
  openMobileConsultation: () => void,
): void {
  useEffect(() => {
    const open = shouldOpenMobileConsultation({
      narrowScreen: !window.matchMedia(WIDE_SCREEN_QUERY).matches,
      hasMessages,
      alreadyOpenedThisSession: openedThisSession(),
    });
    if (!open) return;
    markOpened();
    openMobileConsultation();
    // Only on arrival: a conversation emptied later ('Nova conversa') does not send the doctor away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
