import { Navigate } from '@tanstack/react-router';
import { useDoctorSession } from '../data/auth-client';
import { SignedInShell } from './shell/signed-in-shell';
import { LoadingScreen } from '../ui/loading-screen';
import { SettingsPage } from '../features/settings/settings-page';

/** `/settings`: the doctor's settings; a signed-out visitor goes to the landing. */
export function SettingsRoute() {
  const session = useDoctorSession();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'signed-out') return <Navigate to="/" replace />;
  return (
    <SignedInShell doctor={session.doctor} section="settings">
      <SettingsPage />
    </SignedInShell>
  );
}
