import type { SessionDoctor } from './auth-client';

/** docs/product.md, "Rotas": what the main area at `/` can show; the route keeps it in `?view=`. */
export const WORKSPACE_VIEWS = [
  'chat',
  'medical-record',
  'medical-records-menu',
  'mobile-consultation',
] as const;
export type WorkspaceView = (typeof WORKSPACE_VIEWS)[number];
export const DEFAULT_WORKSPACE_VIEW: WorkspaceView = 'chat';

/**
 * docs/product.md, "Modos de exibição": how the record view shows the record (Formulário,
 * Relatório, Anamnese, Feedback).
 */
export const RECORD_DISPLAY_MODES = ['form', 'report', 'anamnesis', 'feedback'] as const;
export type RecordDisplayMode = (typeof RECORD_DISPLAY_MODES)[number];

export interface WorkspaceSearch {
  view?: WorkspaceView;
  /** Only with the record view; the form when absent. */
  mode?: Exclude<RecordDisplayMode, 'form'>;
}

function isWorkspaceView(value: unknown): value is WorkspaceView {
  return (WORKSPACE_VIEWS as readonly unknown[]).includes(value);
}

/** Reads `?view=`; anything unknown falls back to the chat (an old or mistyped link). */
export function parseWorkspaceSearch(search: Record<string, unknown>): WorkspaceSearch {
  if (!isWorkspaceView(search.view) || search.view === DEFAULT_WORKSPACE_VIEW) return {};
  const mode = RECORD_DISPLAY_MODES.find((known) => known !== 'form' && known === search.mode);
  return search.view === 'medical-record' && mode && mode !== 'form'
    ? { view: search.view, mode }
    : { view: search.view };
}

/** What every workspace view receives from the page. */
export interface WorkspaceViewProps {
  doctor: SessionDoctor;
  /** Shows a view; the record view in the given display mode (the form when not given). */
  openView: (view: WorkspaceView, mode?: RecordDisplayMode) => void;
  /** The record view's display mode from the address (`?mode=`). */
  recordMode: RecordDisplayMode;
  preloadView: (view: WorkspaceView) => void;
}
