import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readStoredSettings,
  type DoctorSettings,
  type DoctorSettingsPatch,
} from '../shared/doctor-settings';
import { ApiError, errorCodeOf, ifMatchHeaders, requestJson } from './api-request';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './local-storage';

/**
 * The doctor's settings: stored on the server (`/api/settings`), cached in the browser under the
 * spec's `doctorSettings` key so the app shows them at once and keeps them offline. The cache
 * names its doctor, so a shared computer never shows one doctor another's settings.
 */
interface CachedSettings {
  userId: string;
  settings: DoctorSettings;
}

/** The cached settings of this doctor; malformed caches are ignored with a console error (§8). */
export function readCachedSettings(userId: string): DoctorSettings | undefined {
  return readOwnedEntry(STORAGE_KEYS.doctorSettings, userId);
}

export function writeCachedSettings(userId: string, settings: DoctorSettings): void {
  const entry: CachedSettings = { userId, settings };
  writeStorage(STORAGE_KEYS.doctorSettings, JSON.stringify(entry));
}

/** Edits not saved yet (a failed save, a reload, a server restart must not lose them). */
export function readSettingsDraft(userId: string): unknown {
  const raw = readStorage(STORAGE_KEYS.doctorSettingsDraft);
  if (raw === null) return undefined;
  try {
    const entry: unknown = JSON.parse(raw);
    if (isOwnedBy(entry, userId) && 'draft' in entry) return entry.draft;
  } catch {
    console.error('Rascunho de configurações inválido no armazenamento local; ignorado.');
  }
  return undefined;
}

export function writeSettingsDraft(userId: string, draft: unknown): void {
  writeStorage(STORAGE_KEYS.doctorSettingsDraft, JSON.stringify({ userId, draft }));
}

export function clearSettingsDraft(): void {
  removeStorage(STORAGE_KEYS.doctorSettingsDraft);
}

/** On sign-out: nothing of this doctor stays in the browser. */
export function forgetDoctorSettings(): void {
  removeStorage(STORAGE_KEYS.doctorSettings);
  removeStorage(STORAGE_KEYS.doctorSettingsDraft);
}

function readOwnedEntry(key: typeof STORAGE_KEYS.doctorSettings, userId: string) {
  const raw = readStorage(key);
  if (raw === null) return undefined;
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    entry = undefined;
  }
  if (typeof entry === 'object' && entry !== null && 'userId' in entry && 'settings' in entry) {
    if (entry.userId !== userId) return undefined;
    const settings = readStoredSettings(entry.settings);
    if (settings) return settings;
  }
  console.error('Configurações salvas no navegador estão corrompidas e foram ignoradas.');
  return undefined;
}

function isOwnedBy(entry: unknown, userId: string): entry is { userId: string } {
  return (
    typeof entry === 'object' && entry !== null && 'userId' in entry && entry.userId === userId
  );
}

const settingsKey = (userId: string) => ['doctor-settings', userId] as const;

/** Told to the doctor when a write met settings saved meanwhile in another tab (409). */
export const SETTINGS_CHANGED_MESSAGE =
  'As configurações foram alteradas em outra aba ou dispositivo. Carregamos as atuais: confira antes de salvar de novo.';

/**
 * The version of the settings this tab last read, per doctor: a reset names it (If-Match), so it
 * never erases settings saved meanwhile in another tab.
 */
const versionsRead = new Map<string, number>();

function versionFrom(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('version' in body)) return undefined;
  return typeof body.version === 'number' ? body.version : undefined;
}

/** Reads an answer of `/api/settings`, keeping the version it names. */
function readAnswer(userId: string, body: unknown): DoctorSettings {
  const settings = settingsFrom(body);
  const version = versionFrom(body);
  if (version !== undefined) versionsRead.set(userId, version);
  return settings;
}

function settingsFrom(body: unknown): DoctorSettings {
  const settings =
    typeof body === 'object' && body !== null && 'settings' in body
      ? readStoredSettings(body.settings)
      : undefined;
  if (!settings) throw new ApiError('Resposta inesperada do servidor ao ler as configurações.');
  return settings;
}

/**
 * The settings: the cached copy at once, then the server's. When the server can't be reached
 * the cached copy stays in use.
 */
export function useDoctorSettings(userId: string) {
  return useQuery({
    queryKey: settingsKey(userId),
    queryFn: async () => {
      const settings = readAnswer(userId, await requestJson('/api/settings'));
      writeCachedSettings(userId, settings);
      return settings;
    },
    initialData: () => readCachedSettings(userId),
    // The cache may be older than the server's copy: read the server once on every start.
    initialDataUpdatedAt: 0,
  });
}

/**
 * Saves or resets the settings, then updates the query and the cache. A save sends only the
 * fields the doctor changed (PATCH): the server merges them, so another tab's edits of other
 * fields are kept. A reset names the version read (If-Match); when the settings were saved
 * meanwhile elsewhere, the server's current ones are adopted and the error says so
 * ({@link SETTINGS_CHANGED_MESSAGE}).
 */
export function useSettingsMutation(userId: string, action: 'save' | 'reset') {
  const queryClient = useQueryClient();
  const adopt = (settings: DoctorSettings) => {
    queryClient.setQueryData(settingsKey(userId), settings);
    writeCachedSettings(userId, settings);
  };
  return useMutation({
    mutationFn: async (changes?: DoctorSettingsPatch) => {
      try {
        return readAnswer(
          userId,
          await requestJson(
            '/api/settings',
            action === 'save'
              ? { method: 'PATCH', body: JSON.stringify(changes ?? {}) }
              : { method: 'DELETE', headers: ifMatchHeaders(versionsRead.get(userId)) },
          ),
        );
      } catch (error) {
        if (error instanceof ApiError && errorCodeOf(error.body) === 'settings_changed') {
          adopt(readAnswer(userId, error.body));
          throw new ApiError(SETTINGS_CHANGED_MESSAGE, error.status, error.body);
        }
        throw error;
      }
    },
    onSuccess: adopt,
  });
}
