import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { useState } from 'react';

/**
 * The accounts client: same origin, cookies only (the session never reaches JavaScript). With
 * two-factor, a password sign-in answers `twoFactorRedirect` and the sign-in dialog asks the code.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient()],
});

/** The signed-in doctor as the session names them. */
export interface SessionDoctor {
  id: string;
  name: string;
  email: string;
}

export type DoctorSession =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; doctor: SessionDoctor };

/** Who is using the app: unknown while the session loads (spec: 'Carregando...'). */
export function useDoctorSession(): DoctorSession {
  const session = authClient.useSession();
  // Better Auth marks a signed-out session pending again while it refetches (after a password
  // sign-in that still needs the 2FA code, say); showing 'loading' then would unmount the landing
  // page and its sign-in dialog. Only the first answer is worth waiting for.
  const [answeredOnce, setAnsweredOnce] = useState(false);
  if (!session.isPending && !answeredOnce) setAnsweredOnce(true);
  if (session.isPending && !answeredOnce) return { status: 'loading' };
  if (!session.data) return { status: 'signed-out' };
  const { id, name, email } = session.data.user;
  return { status: 'signed-in', doctor: { id, name, email } };
}
