import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readStoredSettings, type DoctorSettings } from '../shared/doctor-settings';
import { ApiError, requestJson } from './api-request';
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
      const settings = settingsFrom(await requestJson('/api/settings'));
      writeCachedSettings(userId, settings);
      return settings;
    },
    initialData: () => readCachedSettings(userId),
    // The cache may be older than the server's copy: read the server once on every start.
    initialDataUpdatedAt: 0,
  });
}

/** Saves (PUT) or resets (DELETE) the settings, then updates the query and the cache. */
export function useSettingsMutation(userId: string, action: 'save' | 'reset') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings?: DoctorSettings) =>
      settingsFrom(
        await requestJson('/api/settings', {
          method: action === 'save' ? 'PUT' : 'DELETE',
          body: action === 'save' ? JSON.stringify(settings) : undefined,
        }),
      ),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(userId), settings);
      writeCachedSettings(userId, settings);
    },
  });
}
