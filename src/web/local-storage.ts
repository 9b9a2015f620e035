/**
 * The browser's local storage under the keys the spec lists (§3 Local storage). Storage can be
 * full or blocked (private mode, policies): errors are only warned, never break the app (§8).
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  doctorSettings: 'doctorSettings',
  /** Settings typed but not saved yet, so a reload or a failed save loses nothing. */
  doctorSettingsDraft: 'doctorSettings-draft',
  pwaInstallDismissed: 'pwa-install-dismissed',
  sidebarCollapsed: 'sidebar-collapsed',
  /** The open prontuário, with whether the server has its latest edits (spec §3). */
  currentRecord: 'currentMedicalRecord',
  /** Set when the doctor left the record on purpose: it is then not reopened on the next start. */
  recordExplicitExit: 'medicalRecordExplicitExit',
  /** The newest 3 records put aside (spec §4 Clearing), with their patient's name. */
  recordBackups: 'medicalRecordBackups',
  /** The voice consultation's transcript under review, so a reload loses none of its words. */
  consultationTranscript: 'consultationTranscript',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`Não foi possível ler "${key}" do armazenamento local.`, error);
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Não foi possível salvar "${key}" no armazenamento local.`, error);
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`Não foi possível remover "${key}" do armazenamento local.`, error);
  }
}
