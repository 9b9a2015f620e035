import {
  DEFAULT_DOCTOR_SETTINGS,
  doctorSettingsSchema,
  type DoctorSettings,
  type DoctorSettingsField,
} from '../../../shared/doctor-settings';

/** What the form holds: every field as typed (the number too, so a half-typed value survives). */
export type SettingsFormValues = Record<DoctorSettingsField, string>;
export type SettingsFieldErrors = Partial<Record<DoctorSettingsField, string>>;

const FIELDS = Object.keys(DEFAULT_DOCTOR_SETTINGS) as DoctorSettingsField[];

export function formValuesOf(settings: DoctorSettings): SettingsFormValues {
  return { ...settings, prescriptionsPerPage: String(settings.prescriptionsPerPage) };
}

/**
 * A saved draft read back over the settings it was typed on: text fields only, so a draft from
 * an older version or a tampered one can't put anything else in the form.
 */
export function restoreDraft(draft: unknown, base: SettingsFormValues): SettingsFormValues {
  if (typeof draft !== 'object' || draft === null) return base;
  const restored = { ...base };
  for (const field of FIELDS) {
    const value: unknown = (draft as Record<string, unknown>)[field];
    if (typeof value === 'string') restored[field] = value;
  }
  return restored;
}

export function sameFormValues(a: SettingsFormValues, b: SettingsFormValues): boolean {
  return FIELDS.every((field) => a[field] === b[field]);
}

/** Validates the form with the API's own schema: the settings, or a message per field. */
export function validateSettingsForm(
  values: SettingsFormValues,
): { ok: true; settings: DoctorSettings } | { ok: false; errors: SettingsFieldErrors } {
  const typedNumber = values.prescriptionsPerPage.trim();
  const parsed = doctorSettingsSchema.safeParse({
    ...values,
    prescriptionsPerPage: typedNumber === '' ? Number.NaN : Number(typedNumber),
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

/** The order fields appear in, to focus the first one that is wrong. */
export const SETTINGS_FIELD_ORDER: readonly DoctorSettingsField[] = [
  'name',
  'crm',
  'crmState',
  'doctorEmail',
  'clinicAddress',
  'clinicPhone',
  'prescriptionName',
  'prescriptionText',
  'prescriptionsPerPage',
  'medicalRecordOutput',
  'prescriptionTemplate',
];
