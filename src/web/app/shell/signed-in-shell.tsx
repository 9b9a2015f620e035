import type { ReactNode } from 'react';
import type { SessionDoctor } from '../../data/auth-client';
import { RecordConflictDialog } from '../../features/record/record-conflict-dialog';
import { useSignOut } from '../../data/account';
import { DoctorDataProvider } from '../../data/doctor-data';
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
  const signing = useSignOut();
  const { notice, show } = useStatusNotice();
  useReadPrescriptionsOnStart();
  const signOut = () => {
    if (signing.isPending) return;
    signing.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome === 'unsaved') show(UNSAVED_CHANGES_ON_SIGN_OUT, 'error');
      },
      // Still signed in on the server: say so rather than pretend.
      onError: () =>
        show('Não foi possível sair. Verifique sua conexão e tente novamente.', 'error'),
    });
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
            onSignOut={signOut}
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
