import { useMutation } from '@tanstack/react-query';
import { authClient } from './auth-client';
import { useChatConversationActions } from './chat';
import { useDoctorData } from './doctor-data-context';

/**
 * Signs the doctor out: `unsaved` when words the server has not got yet keep her signed in.
 * Throws when the server did not sign her out (she is still signed in there).
 */
export function useSignOut() {
  const chat = useChatConversationActions();
  const doctorData = useDoctorData();
  return useMutation({
    mutationFn: async (): Promise<'signed-out' | 'unsaved'> => {
      // Words the server has not got yet must not leave with the session.
      if (!(await doctorData.flush())) return 'unsaved';
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message);
      // Nothing of this doctor stays in the browser for the next person.
      // A reply on its way stops before the cache (and the conversation in it) is cleared.
      chat.stopReply();
      doctorData.forget();
      return 'signed-out';
    },
  });
}

/**
 * The accounts calls of "Verificação em duas etapas" in Settings. Each resolves to Better Auth's
 * answer (a refusal is answered, not thrown); a throw means no answer at all. The password is a
 * mutation's variable: `gcTime: 0` and a `reset()` after each try drop it.
 */
export function useTwoFactorSettings() {
  return {
    enable: useMutation({
      gcTime: 0,
      mutationFn: (password: string) => authClient.twoFactor.enable({ password }),
    }),
    confirm: useMutation({
      mutationFn: (code: string) => authClient.twoFactor.verifyTotp({ code }),
    }),
    disable: useMutation({
      gcTime: 0,
      mutationFn: (password: string) => authClient.twoFactor.disable({ password }),
    }),
  };
}
