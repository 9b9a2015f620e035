import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import {
  changedSettings,
  applyEdit,
  editsAfterSave,
  editsFromDraft,
  formValuesOf,
  hasEdits,
  validateSettingsForm,
  withCrmSplit,
  withEdits,
} from './settings-form-values';

const saved = formValuesOf({ ...DEFAULT_DOCTOR_SETTINGS, name: 'Dra. Ana' });

describe('settings form values', () => {
  it('holds the number as typed text', () => {
    expect(saved.prescriptionsPerPage).toBe('2');
  });

  it('keeps only real edits', () => {
    let edits = applyEdit({}, saved, 'crm', '123');
    expect(edits).toEqual({ crm: '123' });
    edits = applyEdit(edits, saved, 'name', 'Dra. Ana');
    expect(edits).toEqual({ crm: '123' });
    edits = applyEdit(edits, saved, 'crm', '');
    expect(hasEdits(edits)).toBe(false);
  });

  it('lets newer saved settings through every field the doctor did not edit', () => {
    const edits = { clinicAddress: 'Av. Paulista, 1000' };
    const newer = { ...saved, name: 'Dra. Ana Souza', crm: '999' };
    expect(withEdits(newer, edits)).toEqual({ ...newer, clinicAddress: 'Av. Paulista, 1000' });
  });

  it('restores only the changed text fields of a draft', () => {
    expect(
      editsFromDraft({ name: 'Dra. Ana', crm: '55', prescriptionsPerPage: 3, extra: 'x' }, saved),
    ).toEqual({ crm: '55' });
    expect(editsFromDraft('lixo', saved)).toEqual({});
    expect(editsFromDraft(null, saved)).toEqual({});
  });

  it('after a save keeps what was typed while it ran', () => {
    const submitted = withEdits(saved, { crm: '1', clinicPhone: '11 3456-7890' });
    const current = { crm: '12', clinicPhone: '11 3456-7890', doctorEmail: 'a@b.com' };
    expect(editsAfterSave(current, submitted)).toEqual({ crm: '12', doctorEmail: 'a@b.com' });
  });

  it('validates with the API schema and reports one message per field', () => {
    const result = validateSettingsForm({
      ...saved,
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
    const result = validateSettingsForm({ ...saved, prescriptionsPerPage: ' 3 ', name: ' Ana ' });
    expect(result).toEqual({
      ok: true,
      settings: { ...DEFAULT_DOCTOR_SETTINGS, prescriptionsPerPage: 3, name: 'Ana' },
    });
  });
});

describe('changedSettings', () => {
  it('sends only the fields the doctor changed, with their valid values', () => {
    const settings = { ...DEFAULT_DOCTOR_SETTINGS, name: 'Dra. Ana', prescriptionsPerPage: 3 };
    expect(changedSettings(settings, { name: 'Dra. Ana', prescriptionsPerPage: ' 3' })).toEqual({
      name: 'Dra. Ana',
      prescriptionsPerPage: 3,
    });
    expect(changedSettings(settings, {})).toEqual({});
  });

  it('sends a CRM typed with its UF as the number and the UF it gave', () => {
    const values = withEdits(saved, { crm: '123456-SP' });
    const result = validateSettingsForm(values);
    if (!result.ok) throw new Error('valid settings refused');
    expect(changedSettings(result.settings, { crm: '123456-SP' })).toEqual({
      crm: '123456',
      crmState: 'SP',
    });
  });
});

describe('withCrmSplit', () => {
  it('shows a CRM typed with its UF as the number and the UF', () => {
    expect(withCrmSplit({ crm: 'CRM/SP 123456' }, saved)).toEqual({
      crm: '123456',
      crmState: 'SP',
    });
    expect(withCrmSplit({ crm: '123456-sp', crmState: 'SP' }, saved)).toEqual({
      crm: '123456',
      crmState: 'SP',
    });
  });

  it('leaves alone a CRM without UF, with an unknown UF or one that contradicts the choice', () => {
    expect(withCrmSplit({ crm: '123456' }, saved)).toEqual({ crm: '123456' });
    expect(withCrmSplit({ crm: '123456-XX' }, saved)).toEqual({ crm: '123456-XX' });
    expect(withCrmSplit({ crm: '123456-SP', crmState: 'RJ' }, saved)).toEqual({
      crm: '123456-SP',
      crmState: 'RJ',
    });
    expect(validateSettingsForm(withEdits(saved, { crm: '123456-SP', crmState: 'RJ' }))).toEqual({
      ok: false,
      errors: {
        crm: 'O CRM 123456-SP é de SP, mas a UF do CRM escolhida é RJ: corrija uma das duas.',
      },
    });
  });
});
