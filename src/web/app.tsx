import { LandingPage } from './features/landing/landing-page';
import { authClient } from './features/session/auth-client';
import { SignedInHome } from './features/session/signed-in-home';
import { LoadingScreen } from './ui/loading-screen';

/** Signed out: the landing. Signed in: the doctor's home. Unknown yet: 'Carregando...'. */
export function App() {
  const session = authClient.useSession();
  if (session.isPending) return <LoadingScreen />;
  if (!session.data) return <LandingPage />;
  return <SignedInHome doctorName={session.data.user.name} />;
}
