import { useEffect } from 'react';
import { shouldOpenMobileConsultation } from '@shared/chat/rules';
import { WIDE_SCREEN_QUERY } from '../../ui/use-media-query';

/**
 * Session storage, per doctor: the switch already happened in this tab (it survives a reload,
 * not a new tab; another doctor signing in on the same tab gets it too).
 */
const openedKey = (doctorId: string) => `mobileConsultationAutoOpened:${doctorId}`;

function openedThisSession(doctorId: string): boolean {
  try {
    return window.sessionStorage.getItem(openedKey(doctorId)) !== null;
  } catch {
    // Storage blocked: never switch, rather than switch on every visit to the chat.
    return true;
  }
}

function markOpened(doctorId: string): void {
  try {
    window.sessionStorage.setItem(openedKey(doctorId), 'true');
  } catch {
    // Nothing to remember it in; openedThisSession already says true.
  }
}

/**
 * docs/product.md, "Tela inicial e cabeçalho do chat", automatic switch: a phone opening an empty
 * chat lands on the voice consultation. Decided once, when the chat first shows; a conversation
 * already under way keeps the chat.
 * @param doctorId - the signed-in doctor
 * @param hasMessages - whether the chat has a conversation
 * @param openMobileConsultation - shows the voice consultation
 */
export function useMobileConsultationSwitch(
  doctorId: string,
  hasMessages: boolean,
  openMobileConsultation: () => void,
): void {
  useEffect(() => {
    const open = shouldOpenMobileConsultation({
      narrowScreen: !window.matchMedia(WIDE_SCREEN_QUERY).matches,
      hasMessages,
      alreadyOpenedThisSession: openedThisSession(doctorId),
    });
    if (!open) return;
    markOpened(doctorId);
    openMobileConsultation();
    // Only on arrival: a conversation emptied later ('Nova conversa') does not send the doctor away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
