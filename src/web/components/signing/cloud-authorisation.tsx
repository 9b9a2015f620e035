import { useCallback, useEffect, useRef, useState } from 'react';
import { API_ERRORS } from '@shared/api/errors';
import type { SigningSession } from '@shared/documents/signing-certificate';
import {
  cancelSigningSession,
  readSigningSession,
  startSigningSession,
} from '../../data/signing-sessions';
import { Button } from '../../ui/button';

/** How long between two questions to the server while a push waits for her approval. */
export const PUSH_POLL_INTERVAL_MS = 1500;

/** Why an authorisation ended without a session: the doctor's words, or her own cancel. */
export class AuthorisationStopped extends Error {
  constructor(
    message: string,
    /** She pressed 'Cancelar': nothing to tell her. */
    readonly cancelled = false,
  ) {
    super(message);
  }
}

/** What a pending push shows: the PSC's prompt, as the server gave it. */
export interface PendingPush {
  sessionId: string;
  prompt: string;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new AuthorisationStopped('', true));
      },
      { once: true },
    );
  });
}

/**
 * Authorises a session at a PSC: with the one-time code she typed (authorised at once), or by a
 * push to her phone, asked again every {@link PUSH_POLL_INTERVAL_MS} until she approves, refuses
 * or it expires. `pending` is the push waiting (for its prompt and 'Cancelar'); `cancel` ends it
 * at the server. A screen that goes away mid-wait stops asking.
 */
export function useCloudAuthorisation() {
  const [pending, setPending] = useState<PendingPush>();
  const stop = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => stop.current?.abort(), []);

  const authorise = useCallback(async (provider: string, otp?: string): Promise<SigningSession> => {
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    let session = await startSigningSession(provider, otp);
    try {
      while (session.status === 'pending') {
        setPending({ sessionId: session.id, prompt: session.prompt ?? 'Aprove no aplicativo' });
        await wait(PUSH_POLL_INTERVAL_MS, controller.signal);
        session = await readSigningSession(session.id, controller.signal);
      }
    } catch (failure) {
      if (controller.signal.aborted) {
        void cancelSigningSession(session.id);
        throw new AuthorisationStopped('', true);
      }
      throw failure;
    } finally {
      setPending(undefined);
    }
    if (session.status === 'refused') {
      throw new AuthorisationStopped(API_ERRORS.psc_refused.message);
    }
    if (session.status === 'expired') {
      throw new AuthorisationStopped(API_ERRORS.psc_expired.message);
    }
    return session;
  }, []);

  const cancel = useCallback(() => stop.current?.abort(), []);

  return { pending, authorise, cancel };
}

/** The push waiting for her approval: the PSC's prompt, a spinner and 'Cancelar'. */
export function PendingPushNotice(props: { pending: PendingPush; onCancel: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-line p-3">
      <span
        aria-hidden="true"
        className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-line border-t-accent"
      />
      <p role="status" className="flex-1 text-sm text-fg">
        {props.pending.prompt}
      </p>
      <Button variant="ghost" onClick={props.onCancel}>
        Cancelar
      </Button>
    </div>
  );
}
