import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '../../../shared/doctor-settings';
import {
  formValuesOf,
  restoreDraft,
  sameFormValues,
  SETTINGS_FIELD_ORDER,
  validateSettingsForm,
} from './settings-form-values';

const defaults = formValuesOf(DEFAULT_DOCTOR_SETTINGS);

describe('settings form values', () => {
  it('holds the number as typed text', () => {
    expect(defaults.prescriptionsPerPage).toBe('2');
  });

  it('restores only the text fields of a draft', () => {
    const restored = restoreDraft(
      { name: 'Dr. Caio', prescriptionsPerPage: 3, extra: 'x' },
      defaults,
    );
    expect(restored).toEqual({ ...defaults, name: 'Dr. Caio' });
    expect(restoreDraft('lixo', defaults)).toBe(defaults);
    expect(restoreDraft(null, defaults)).toBe(defaults);
  });

  it('compares field by field', () => {
    expect(sameFormValues(defaults, { ...defaults })).toBe(true);
    expect(sameFormValues(defaults, { ...defaults, crm: '1' })).toBe(false);
  });

  it('validates with the API schema and reports one message per field', () => {
    const result = validateSettingsForm({
      ...defaults,
      crm: '12a',
      doctorEmail: 'x@',
      prescriptionsPerPage: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        crm: 'O CRM deve conter apenas números (até 8 dígitos).',
        doctorEmail: 'E-mail inválido.',
        prescriptionsPerPage: 'Receitas por página deve ser um número de 1 a 4.',
      },
    });
  });

  it('turns valid values into settings', () => {
    const result = validateSettingsForm({
      ...defaults,
      prescriptionsPerPage: ' 3 ',
      name: ' Ana ',
    });
    expect(result).toEqual({
      ok: true,
      settings: { ...DEFAULT_DOCTOR_SETTINGS, prescriptionsPerPage: 3, name: 'Ana' },
    });
  });

  it('orders every field once', () => {
    expect([...SETTINGS_FIELD_ORDER].sort()).toEqual(Object.keys(DEFAULT_DOCTOR_SETTINGS).sort());
  });
});
