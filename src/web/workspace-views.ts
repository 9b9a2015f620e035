import type { SessionDoctor } from './auth-client';

/** Spec §2: what the main area at `/` can show; the route keeps it in `?view=`. */
export const WORKSPACE_VIEWS = [
  'chat',
  'medical-record',
  'medical-records-menu',
  'mobile-consultation',
] as const;
export type WorkspaceView = (typeof WORKSPACE_VIEWS)[number];
export const DEFAULT_WORKSPACE_VIEW: WorkspaceView = 'chat';

export interface WorkspaceSearch {
  view?: WorkspaceView;
}

function isWorkspaceView(value: unknown): value is WorkspaceView {
  return (WORKSPACE_VIEWS as readonly unknown[]).includes(value);
}

/** Reads `?view=`; anything unknown falls back to the chat (an old or mistyped link). */
export function parseWorkspaceSearch(search: Record<string, unknown>): WorkspaceSearch {
  return isWorkspaceView(search.view) && search.view !== DEFAULT_WORKSPACE_VIEW
    ? { view: search.view }
    : {};
}

/** What every workspace view receives from the page. */
export interface WorkspaceViewProps {
  doctor: SessionDoctor;
  openView: (view: WorkspaceView) => void;
  preloadView: (view: WorkspaceView) => void;
}
