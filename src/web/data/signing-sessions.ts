import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signingSessionsApi } from '@shared/api/signing-sessions';
import type { SigningProvider, SigningSession } from '@shared/documents/signing-certificate';
import { api } from './api';
import { documentKeys } from './documents';
import { patientKeys } from './patients';
import { changeState } from './prescriptions';
import { withServerPrescription } from '@shared/prescriptions/state';

/**
 * Signing with a cloud certificate (docs/assinatura-nuvem.md, "Como o Prontu usa o PSC"): the
 * providers the server offers, a session the doctor authorises at one of them (a one-time code,
 * or a push approved in her phone's app), and a visit's papers signed with it in one call.
 *
 * The session id lives only in this page's memory ({@link heldSessions}): never in the query
 * cache (which is kept on the device), never in localStorage. Only the chosen provider's id,
 * which is no secret, is remembered in the browser.
 */

export const signingProviderKeys = {
  all: ['signing-providers'] as const,
};

/** The PSCs the server offers: an empty list when none is configured. */
export function useSigningProviders() {
  return useQuery({
    queryKey: signingProviderKeys.all,
    queryFn: async ({ signal }) =>
      (await api.call(signingSessionsApi.providers, { signal })).providers,
    // The server's configuration: it changes only when the server restarts.
    staleTime: 60 * 60 * 1000,
  });
}

/** Where the chosen provider is remembered: its id only, nothing secret. */
const CHOSEN_PROVIDER_KEY = 'prontu.cloudSigningProvider';

/** The provider she chose last, when the browser remembers one. */
export function rememberedProviderId(): string | undefined {
  try {
    return globalThis.localStorage.getItem(CHOSEN_PROVIDER_KEY) ?? undefined;
  } catch {
    // Storage refused (private mode): the first provider is chosen instead.
    return undefined;
  }
}

/** Remembers the chosen provider for the next visit and the next page. */
export function rememberProvider(providerId: string): void {
  try {
    globalThis.localStorage.setItem(CHOSEN_PROVIDER_KEY, providerId);
  } catch {
    // Not remembered: she chooses it again next time.
  }
}

/** The provider to preselect: the remembered one when still offered, or the first. */
export function preferredProvider(
  providers: readonly SigningProvider[],
): SigningProvider | undefined {
  const remembered = rememberedProviderId();
  return providers.find((provider) => provider.id === remembered) ?? providers[0];
}

/** How a provider authorises in the screens: by code when that is all it offers, else by push. */
export function authorisationOf(provider: SigningProvider): 'otp' | 'push' {
  return provider.grants.includes('push') ? 'push' : 'otp';
}

/**
 * The authorised sessions of this page, by provider: reused while they live, so a second
 * 'Assinar' in the same visit needs no new approval. Kept in memory only: a reload forgets them.
 */
const heldSessions = new Map<string, SigningSession>();

/** A session is not reused this close to its end: signing a batch takes a few seconds. */
const SESSION_END_MARGIN_MS = 30 * 1000;

/** The provider's authorised session still alive, if this page holds one. */
export function heldSession(providerId: string, now = Date.now()): SigningSession | undefined {
  const session = heldSessions.get(providerId);
  if (!session) return undefined;
  if (Date.parse(session.expiresAt) - SESSION_END_MARGIN_MS > now) return session;
  heldSessions.delete(providerId);
  return undefined;
}

/** Keeps an authorised session for reuse while it lives. */
export function holdSession(session: SigningSession): void {
  if (session.status === 'authorized') heldSessions.set(session.provider, session);
}

/** Forgets a session the server no longer accepts (expired, refused, cancelled). */
export function forgetSession(sessionId: string): void {
  for (const [provider, session] of heldSessions) {
    if (session.id === sessionId) heldSessions.delete(provider);
  }
}

/** Forgets every session of this page (tests, and signing out). */
export function forgetAllSessions(): void {
  heldSessions.clear();
}

/** Signing out: the page's sessions and the remembered provider go with the rest of her data. */
export function forgetCloudSigning(): void {
  forgetAllSessions();
  try {
    globalThis.localStorage.removeItem(CHOSEN_PROVIDER_KEY);
  } catch {
    // Storage refused: nothing was remembered there either.
  }
}

/** Starts a session: with `otp`, authorised at once; without, a push pending her approval. */
export async function startSigningSession(provider: string, otp?: string): Promise<SigningSession> {
  const { session } = await api.call(signingSessionsApi.start, {
    body: otp === undefined ? { provider } : { provider, otp },
  });
  return session;
}

/** Where a session stands now (a pending push is asked of the PSC again). */
export async function readSigningSession(
  id: string,
  signal?: AbortSignal,
): Promise<SigningSession> {
  const { session } = await api.call(signingSessionsApi.get, {
    params: { id },
    ...(signal ? { signal } : {}),
  });
  return session;
}

/** Ends a session at the server; a session already gone is as good as ended. */
export async function cancelSigningSession(id: string): Promise<void> {
  forgetSession(id);
  try {
    await api.call(signingSessionsApi.cancel, { params: { id } });
  } catch {
    // It ends by itself when its token expires: nothing more to do here.
  }
}

/** What a visit's batch signs with one authorisation. */
export interface SessionBatch {
  /** The patient whose documents are signed (their list and timeline are read again). */
  patientId?: string | undefined;
  documentIds: readonly string[];
  prescriptionIds: readonly string[];
}

/**
 * Signs a visit's documents and receitas with one session and ONE request to the PSC
 * (`POST /api/signing-sessions/:id/sign`): all signed, or none. Each signed receita is held as the
 * server answered it; the patient's documents and timeline are read again.
 */
export function useSessionBatchSigning() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sessionId: string; batch: SessionBatch }) => {
      const answer = await api.call(signingSessionsApi.sign, {
        params: { id: input.sessionId },
        body: {
          documents: [...input.batch.documentIds],
          prescriptions: [...input.batch.prescriptionIds],
        },
      });
      for (const prescription of answer.prescriptions) {
        changeState(cache, (state) =>
          withServerPrescription(state, prescription.id, prescription, false),
        );
      }
      return answer;
    },
    onSettled: (_answer, _error, input) => {
      const { patientId } = input.batch;
      if (patientId === undefined) return;
      return Promise.all([
        cache.invalidateQueries({ queryKey: documentKeys.ofPatient(patientId) }),
        cache.invalidateQueries({ queryKey: patientKeys.timeline(patientId) }),
      ]);
    },
  });
}
