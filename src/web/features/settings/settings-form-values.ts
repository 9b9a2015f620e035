import {
  DEFAULT_DOCTOR_SETTINGS,
  doctorSettingsSchema,
  isBrazilianState,
  readCrm,
  type DoctorSettings,
  type DoctorSettingsField,
  type DoctorSettingsPatch,
} from '@shared/account/doctor-settings';

/** What the form holds: every field as typed (the number too, so a half-typed value survives). */
export type SettingsFormValues = Record<DoctorSettingsField, string>;
/** The fields the doctor changed and has not saved yet — all the draft keeps. */
export type SettingsEdits = Partial<SettingsFormValues>;
export type SettingsFieldErrors = Partial<Record<DoctorSettingsField, string>>;

const FIELDS = Object.keys(DEFAULT_DOCTOR_SETTINGS) as DoctorSettingsField[];

export function formValuesOf(settings: DoctorSettings): SettingsFormValues {
  return {
    ...settings,
    prescriptionsPerPage: String(settings.prescriptionsPerPage),
    aiEnabled: String(settings.aiEnabled),
  };
}

/** The form: the saved settings with the doctor's edits on top. */
export function withEdits(saved: SettingsFormValues, edits: SettingsEdits): SettingsFormValues {
  return { ...saved, ...edits };
}

/**
 * Records one field as typed. An edit back to the saved value is no edit at all, so the draft
 * never pins a field the doctor did not change over newer settings from the server.
 */
export function applyEdit(
  edits: SettingsEdits,
  saved: SettingsFormValues,
  field: DoctorSettingsField,
  value: string,
): SettingsEdits {
  const { [field]: _previous, ...others } = edits;
  return value === saved[field] ? others : { ...others, [field]: value };
}

/**
 * A saved draft read back: known text fields that still differ from the saved settings. A draft
 * from an older version or a tampered one can't put anything else in the form.
 */
export function editsFromDraft(draft: unknown, saved: SettingsFormValues): SettingsEdits {
  if (typeof draft !== 'object' || draft === null) return {};
  let edits: SettingsEdits = {};
  for (const field of FIELDS) {
    const value: unknown = (draft as Record<string, unknown>)[field];
    if (typeof value === 'string') edits = applyEdit(edits, saved, field, value);
  }
  return edits;
}

/** After a save: edits typed while it was under way stay; those it saved are done. */
export function editsAfterSave(edits: SettingsEdits, submitted: SettingsFormValues): SettingsEdits {
  const remaining: SettingsEdits = {};
  for (const field of FIELDS) {
    const value = edits[field];
    if (value !== undefined && value !== submitted[field]) remaining[field] = value;
  }
  return remaining;
}

/**
 * The settings to send for a save: the valid values of the fields the doctor changed, nothing
 * else, so a save never writes back an older copy of a field another tab changed.
 */
export function changedSettings(
  settings: DoctorSettings,
  edits: SettingsEdits,
): DoctorSettingsPatch {
  const changes: DoctorSettingsPatch = {};
  for (const field of FIELDS) {
    if (edits[field] !== undefined) Object.assign(changes, { [field]: settings[field] });
  }
  // A CRM typed with its UF ('123456-SP') set the UF too: it goes with the number.
  if (changes.crm !== undefined) changes.crmState = settings.crmState;
  return changes;
}

export function hasEdits(edits: SettingsEdits): boolean {
  return Object.keys(edits).length > 0;
}

/** Validates the form with the API's own schema: the settings, or a message per field. */
export function validateSettingsForm(
  values: SettingsFormValues,
): { ok: true; settings: DoctorSettings } | { ok: false; errors: SettingsFieldErrors } {
  const typedNumber = values.prescriptionsPerPage.trim();
  const parsed = doctorSettingsSchema.safeParse({
    ...values,
    prescriptionsPerPage: typedNumber === '' ? Number.NaN : Number(typedNumber),
    aiEnabled: values.aiEnabled !== 'false',
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: SettingsFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in DEFAULT_DOCTOR_SETTINGS) {
      errors[field as DoctorSettingsField] ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/**
 * The edits with a CRM typed with its UF ('123456-SP', 'CRM/SP 123456') shown split: the number
 * in the CRM field, the UF in its select. Left as typed when the UF is not one of the 27 or
 * contradicts the UF chosen, so the form's check says which.
 */
export function withCrmSplit(edits: SettingsEdits, saved: SettingsFormValues): SettingsEdits {
  const values = withEdits(saved, edits);
  const read = readCrm(values.crm);
  const state = read?.state;
  if (!read || !state || !isBrazilianState(state)) return edits;
  if (values.crmState !== '' && values.crmState !== state) return edits;
  return applyEdit(applyEdit(edits, saved, 'crm', read.crm), saved, 'crmState', state);
}
