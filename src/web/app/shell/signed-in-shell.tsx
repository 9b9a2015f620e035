import { useState, type ReactNode } from 'react';
import { authClient, type SessionDoctor } from '../../data/auth-client';
import { RecordConflictDialog } from '../../features/record/record-conflict-dialog';
import { useChatConversationActions } from '../../data/chat';
import { DoctorDataProvider } from '../../data/doctor-data';
import { useDoctorData } from '../../data/doctor-data-context';
import { useReadPrescriptionsOnStart } from '../../data/prescriptions';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { Sidebar, type SidebarSection } from './sidebar';
import type { WorkspaceView } from '../../data/workspace-views';

/**
 * The frame of every signed-in screen: the data cache, the sidebar and the main area. A
 * full-screen view (the mobile consultation) gets the whole screen, no sidebar
 * (docs/product.md, "Espaço de trabalho e barra lateral").
 */
export function SignedInShell(props: ShellProps) {
  return (
    <DoctorDataProvider userId={props.doctor.id}>
      <ShellFrame {...props} />
      <RecordConflictDialog />
    </DoctorDataProvider>
  );
}

interface ShellProps {
  doctor: SessionDoctor;
  section: SidebarSection;
  fullScreen?: boolean;
  onViewIntent?: (view: WorkspaceView) => void;
  children: ReactNode;
}

function ShellFrame(props: ShellProps) {
  const [signingOut, setSigningOut] = useState(false);
  const { notice, show } = useStatusNotice();
  const chat = useChatConversationActions();
  const doctorData = useDoctorData();
  useReadPrescriptionsOnStart();
  const signOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      // Words the server has not got yet must not leave with the session.
      if (!(await doctorData.flush())) {
        show(UNSAVED_CHANGES_ON_SIGN_OUT, 'error');
        return;
      }
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message);
      // Nothing of this doctor stays in the browser for the next person.
      // A reply on its way stops before the cache (and the conversation in it) is cleared.
      chat.stopReply();
      doctorData.forget();
    } catch {
      // Still signed in on the server: say so rather than pretend.
      show('Não foi possível sair. Verifique sua conexão e tente novamente.', 'error');
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <>
      <StatusToast notice={notice} />
      {props.fullScreen ? (
        <main className="min-h-screen bg-page">{props.children}</main>
      ) : (
        <div className="min-h-screen bg-page lg:flex">
          <Sidebar
            doctor={props.doctor}
            current={props.section}
            onSignOut={() => void signOut()}
            onIntent={(view) => props.onViewIntent?.(view)}
          />
          <main className="min-w-0 flex-1">{props.children}</main>
        </div>
      )}
    </>
  );
}

const UNSAVED_CHANGES_ON_SIGN_OUT =
  'Há alterações ainda não salvas no servidor. Verifique sua conexão e tente sair novamente.';
