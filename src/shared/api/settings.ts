import { z } from 'zod';
import {
  doctorSettingsSchema,
  readStoredSettings,
  type DoctorSettings,
  type DoctorSettingsPatch,
} from '../account/doctor-settings';
import { aiUseSummarySchema } from '../ai/use';
import { endpoint, jsonBody } from './client';

/**
 * The settings as answered, with their version. Settings saved under older rules are read as
 * the defaults fill them (`readStoredSettings`), never refused.
 */
export const settingsAnswerSchema = z.object({
  settings: z.unknown().transform((stored, context): DoctorSettings => {
    const settings = readStoredSettings(stored);
    if (settings) return settings;
    context.addIssue({ code: 'custom', message: 'configurações ilegíveis' });
    return z.NEVER;
  }),
  version: z.number().int().nonnegative(),
});
export type SettingsAnswer = z.output<typeof settingsAnswerSchema>;

/** `/api/settings`: the signed-in doctor's settings (409 `settings_changed` with the current). */
export const settingsApi = {
  get: endpoint({ method: 'GET', path: '/api/settings', answer: settingsAnswerSchema }),
  replace: endpoint({
    method: 'PUT',
    path: '/api/settings',
    body: jsonBody<z.input<typeof doctorSettingsSchema>>(),
    answer: settingsAnswerSchema,
  }),
  /** Her own uses of AI of the last 30 days, per feature (docs/ia-riscos.md, "Monitoramento"). */
  aiUse: endpoint({ method: 'GET', path: '/api/settings/ai-use', answer: aiUseSummarySchema }),
  /** Only the fields sent change, merged on the server with what another tab saved. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/settings',
    body: jsonBody<DoctorSettingsPatch>(),
    answer: settingsAnswerSchema,
  }),
  /** Back to the defaults. */
  reset: endpoint({ method: 'DELETE', path: '/api/settings', answer: settingsAnswerSchema }),
};
