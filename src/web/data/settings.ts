import { useMutation, useQuery } from '@tanstack/react-query';
import { API_ERRORS } from '@shared/api/errors';
import { ApiError } from '@shared/api/client';
import { settingsAnswerSchema, settingsApi, type SettingsAnswer } from '@shared/api/settings';
import {
  DEFAULT_DOCTOR_SETTINGS,
  doctorSettingsPatchSchema,
  type DoctorSettings,
  type DoctorSettingsPatch,
} from '@shared/account/doctor-settings';
import { z } from 'zod';
import { api } from './api';
import { useDoctorData } from './doctor-data-context';
import { doctorEntry } from './local-entries';
import type { PersistedQuery } from './query-persistence';
import type { WriteKind, WriteResult } from './write-queue';

/**
 * The doctor's settings (`/api/settings`): read through the query cache (kept on the device, so
 * they show at once and offline), written through the write queue. A save sends only the fields
 * the doctor changed (PATCH), merged on the server with what another tab saved; a reset names
 * the version read (If-Match) and, when the settings changed elsewhere meanwhile, takes theirs.
 */

export const settingsKeys = {
  all: ['settings'] as const,
};

/** The settings kept on the device under `doctorSettings`, shown at once and offline. */
export const persistedSettings: PersistedQuery<SettingsAnswer> = {
  queryKey: settingsKeys.all,
  entry: doctorEntry('doctorSettings', settingsAnswerSchema),
};

/** The settings and their version, or undefined until they are first read. */
export function useSettingsQuery() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.call(settingsApi.get, { signal }),
  });
}

/** The settings as the screens use them: the defaults until the server's arrive. */
export function useDoctorSettings(): DoctorSettings {
  return useSettingsQuery().data?.settings ?? DEFAULT_DOCTOR_SETTINGS;
}

/** Told to the doctor when a reset met settings saved meanwhile elsewhere. */
export const SETTINGS_CHANGED_MESSAGE = API_ERRORS.settings_changed.message;

export const saveSettingsWrite: WriteKind<DoctorSettingsPatch, SettingsAnswer> = {
  name: 'settings.update',
  resource: 'settings',
  payload: doctorSettingsPatchSchema,
  // Two saves not yet sent are one: the later value of each field wins.
  fold: (older, newer) => ({ ...older.payload, ...newer.payload }),
  send: (client, write) => client.call(settingsApi.update, { body: write.payload }),
  identify: (answer) => ({ version: answer.version }),
  settled: (cache, _write, answer) => cache.setQueryData(settingsKeys.all, answer),
};

export const resetSettingsWrite: WriteKind<Record<string, never>, SettingsAnswer> = {
  name: 'settings.reset',
  resource: 'settings',
  payload: z.object({}).strict(),
  send: (client, write) => client.call(settingsApi.reset, { ifMatch: write.version }),
  identify: (answer) => ({ version: answer.version }),
  settled: (cache, _write, answer) => cache.setQueryData(settingsKeys.all, answer),
  refused: (cache, _write, error) => {
    // Saved meanwhile elsewhere: nothing is erased unseen; the doctor gets the current ones.
    const current = settingsAnswerSchema.safeParse(error.body);
    if (error.code !== 'settings_changed' || !current.success) return { kind: 'drop' };
    cache.setQueryData(settingsKeys.all, current.data);
    return { kind: 'drop', message: SETTINGS_CHANGED_MESSAGE };
  },
};

/** The settings' only entity: the signed-in doctor's. */
const SETTINGS_ENTITY = 'mine';

/** What a settings write ended in, as an error for the form to show (none when sent). */
function failureOf(result: WriteResult<SettingsAnswer>): SettingsAnswer {
  if (result.status === 'sent') return result.answer;
  if (result.status === 'refused') {
    throw result.error.code === 'settings_changed'
      ? new ApiError('settings_changed', SETTINGS_CHANGED_MESSAGE, 409, result.error.body)
      : result.error;
  }
  // Kept on the device: it is sent when the server answers; the form keeps the edits meanwhile.
  throw new ApiError('unreachable', API_ERRORS.unreachable.message, 0);
}

/** Saves the fields the doctor changed. */
export function useSaveSettings() {
  const { queue } = useDoctorData();
  return useMutation({
    mutationFn: async (changes: DoctorSettingsPatch) =>
      failureOf(
        await queue.submit(saveSettingsWrite, { entityId: SETTINGS_ENTITY, payload: changes }),
      ),
  });
}

/** Resets the settings to the defaults, if they are still the version read. */
export function useResetSettings() {
  const { queue } = useDoctorData();
  const settings = useSettingsQuery();
  return useMutation({
    mutationFn: async () =>
      failureOf(
        await queue.submit(resetSettingsWrite, {
          entityId: SETTINGS_ENTITY,
          payload: {},
          version: settings.data?.version,
        }),
      ),
  });
}
