import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import type { SessionDoctor } from '../data/auth-client';
import { SignedInShell } from './shell/signed-in-shell';
import type { SidebarSection } from './shell/sidebar';
import { LoadingScreen } from '../ui/loading-screen';
import {
  DEFAULT_WORKSPACE_VIEW,
  type RecordDisplayMode,
  type WorkspaceSearch,
  type WorkspaceView,
  type WorkspaceViewProps,
} from '../data/workspace-views';

// Every view is its own chunk, fetched when shown or when the doctor shows intent (hover/focus).
const VIEW_LOADERS: Record<
  WorkspaceView,
  () => Promise<{ default: ComponentType<WorkspaceViewProps> }>
> = {
  chat: () => import('../features/chat/chat-view'),
  'medical-record': () => import('../features/record/medical-record-view'),
  'medical-records-menu': () => import('../features/records-list/records-list-view'),
  'mobile-consultation': () => import('../features/voice/mobile-consultation-view'),
  patients: () => import('../features/patients/patients-view'),
};

const VIEWS: Record<WorkspaceView, ComponentType<WorkspaceViewProps>> = {
  chat: lazy(VIEW_LOADERS.chat),
  'medical-record': lazy(VIEW_LOADERS['medical-record']),
  'medical-records-menu': lazy(VIEW_LOADERS['medical-records-menu']),
  'mobile-consultation': lazy(VIEW_LOADERS['mobile-consultation']),
  patients: lazy(VIEW_LOADERS.patients),
};

/** The sidebar entry each view belongs to. */
function sectionOf(view: WorkspaceView): SidebarSection {
  if (view === 'chat') return 'chat';
  if (view === 'patients') return 'patients';
  return 'medical-records';
}

export function preloadView(view: WorkspaceView): void {
  void VIEW_LOADERS[view]().catch(() => {
    // Preloading is a hint; the real navigation reports a failure.
  });
}

/** `/` for a signed-in doctor: the sidebar frame and the view named by `?view=`. */
export function WorkspacePage({ doctor }: { doctor: SessionDoctor }) {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const view = search.view ?? DEFAULT_WORKSPACE_VIEW;
  const View = VIEWS[view];
  const openView = (next: WorkspaceView, mode: RecordDisplayMode = 'form') => {
    const nextSearch: WorkspaceSearch =
      next === DEFAULT_WORKSPACE_VIEW
        ? {}
        : next === 'medical-record' && mode !== 'form'
          ? { view: next, mode }
          : { view: next };
    void navigate({ to: '/', search: nextSearch });
  };
  const openPatient = (id?: string) => {
    const nextSearch: WorkspaceSearch =
      id === undefined ? { view: 'patients' } : { view: 'patients', patient: id };
    void navigate({ to: '/', search: nextSearch });
  };

  return (
    <SignedInShell
      doctor={doctor}
      section={sectionOf(view)}
      fullScreen={view === 'mobile-consultation'}
      onViewIntent={preloadView}
    >
      <Suspense fallback={<LoadingScreen />}>
        <View
          doctor={doctor}
          openView={openView}
          preloadView={preloadView}
          recordMode={search.mode ?? 'form'}
          patientId={search.patient}
          openPatient={openPatient}
        />
      </Suspense>
    </SignedInShell>
  );
}
