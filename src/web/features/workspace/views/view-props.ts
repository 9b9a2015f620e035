import type { SessionDoctor } from '../../../auth-client';
import type { WorkspaceView } from '../../../workspace-views';

/** What every workspace view receives from the page. */
export interface WorkspaceViewProps {
  doctor: SessionDoctor;
  openView: (view: WorkspaceView) => void;
  preloadView: (view: WorkspaceView) => void;
}
