import type { SessionDoctor } from './auth-client';

/** docs/product.md, "Rotas": what the main area at `/` can show; the route keeps it in `?view=`. */
export const WORKSPACE_VIEWS = [
  'chat',
  'medical-record',
  'medical-records-menu',
  'mobile-consultation',
  'patients',
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
  /** Only with the patients view: the patient whose chart is open; the list when absent. */
  patient?: string;
}

/**
 * A patient id as it may stand in the address: the server's `patient-<uuid>` form, letters,
 * digits, `-` and `_`, at most 200 characters. Anything else is dropped (the list shows).
 */
const PATIENT_ID_IN_ADDRESS = /^[A-Za-z0-9_-]{1,200}$/;

function isWorkspaceView(value: unknown): value is WorkspaceView {
  return (WORKSPACE_VIEWS as readonly unknown[]).includes(value);
}

/**
 * Reads `?view=` (anything unknown falls back to the chat: an old or mistyped link), the record
 * view's `?mode=` and the patients view's `?patient=`; a parameter of another view is dropped.
 */
export function parseWorkspaceSearch(search: Record<string, unknown>): WorkspaceSearch {
  if (!isWorkspaceView(search.view) || search.view === DEFAULT_WORKSPACE_VIEW) return {};
  if (search.view === 'patients') {
    const patient = search.patient;
    return typeof patient === 'string' && PATIENT_ID_IN_ADDRESS.test(patient)
      ? { view: search.view, patient }
      : { view: search.view };
  }
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
  /** The patient whose chart the address names (`?view=patients&patient=`), if any. */
  patientId: string | undefined;
  /** Shows a patient's chart, or the patients list without an id. */
  openPatient: (id?: string) => void;
}
