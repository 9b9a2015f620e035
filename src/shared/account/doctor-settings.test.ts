import { describe, expect, it } from 'vitest';
import {
  BRAZILIAN_STATES,
  DEFAULT_DOCTOR_SETTINGS,
  DEFAULT_PRESCRIPTION_TEMPLATE,
  PREVIOUS_DEFAULT_PRESCRIPTION_TEMPLATE,
  doctorSettingsPatchSchema,
  doctorSettingsSchema,
  formatClinic,
  formatCrm,
  isDoctorProfileConfigured,
  readCrm,
  readStoredSettings,
  type DoctorSettings,
} from './doctor-settings';

const filled: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana Souza',
  crm: '123456',
  crmState: 'SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'ana@clinica.com.br',
};

function errorsOf(input: unknown): Record<string, string> {
  const result = doctorSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('doctorSettingsSchema', () => {
  it('accepts the defaults and a filled profile', () => {
    expect(doctorSettingsSchema.parse(DEFAULT_DOCTOR_SETTINGS)).toEqual(DEFAULT_DOCTOR_SETTINGS);
    expect(doctorSettingsSchema.parse(filled)).toEqual(filled);
  });

  it('defaults to 2 prescriptions per page and blank fields', () => {
    expect(DEFAULT_DOCTOR_SETTINGS.prescriptionsPerPage).toBe(2);
    expect(DEFAULT_DOCTOR_SETTINGS.name).toBe('');
  });

  it('lists the 27 federative units once each', () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(new Set(BRAZILIAN_STATES).size).toBe(27);
    expect(BRAZILIAN_STATES).toContain('DF');
  });

  it('trims text fields', () => {
    expect(doctorSettingsSchema.parse({ ...filled, name: '  Dr. Caio  ' }).name).toBe('Dr. Caio');
  });

  it.each([
    ['12a456', 'O CRM deve conter apenas números (até 8 dígitos).'],
    ['123456789', 'O CRM deve conter apenas números (até 8 dígitos).'],
    ['CRM123', 'O CRM deve conter apenas números (até 8 dígitos).'],
  ])('refuses the CRM %s', (crm, message) => {
    expect(errorsOf({ ...filled, crm })).toEqual({ crm: message });
  });

  it('needs a UF with a CRM, and only one of the 27', () => {
    expect(errorsOf({ ...filled, crmState: '' })).toEqual({ crmState: 'Informe a UF do CRM.' });
    expect(errorsOf({ ...filled, crmState: 'XX' })).toEqual({
      crmState: 'Selecione uma UF válida para o CRM.',
    });
    expect(errorsOf({ ...filled, crm: '', crmState: '' })).toEqual({});
  });

  it.each([
    ['123456-SP', { crm: '123456', crmState: 'SP' }],
    ['123456/SP', { crm: '123456', crmState: 'SP' }],
    ['CRM-SP 123456', { crm: '123456', crmState: 'SP' }],
    ['CRM/SP 123456', { crm: '123456', crmState: 'SP' }],
    [' 52845 rj ', { crm: '52845', crmState: 'RJ' }],
  ])('reads the CRM %j as its number and UF', (crm, split) => {
    expect(doctorSettingsSchema.parse({ ...filled, crm, crmState: '' })).toMatchObject(split);
    // The same UF chosen in the select too is no contradiction.
    expect(doctorSettingsSchema.parse({ ...filled, crm, crmState: split.crmState })).toEqual({
      ...filled,
      ...split,
    });
  });

  it('splits a CRM with its UF in a partial change as well', () => {
    expect(doctorSettingsPatchSchema.parse({ crm: 'CRM/MG 98765' })).toEqual({
      crm: '98765',
      crmState: 'MG',
    });
    // Nor does a change that leaves the AI out switch it back on.
    expect(doctorSettingsPatchSchema.parse({ crm: '98765' })).toEqual({ crm: '98765' });
  });

  it('refuses a UF in the CRM that is not one of the 27, or that contradicts the one chosen', () => {
    expect(errorsOf({ ...filled, crm: '123456-XX', crmState: '' })).toEqual({
      crm: 'A UF XX do CRM não existe: use uma das 27 UFs, por exemplo 123456-SP.',
    });
    expect(errorsOf({ ...filled, crm: '123456-SP', crmState: 'RJ' })).toEqual({
      crm: 'O CRM 123456-SP é de SP, mas a UF do CRM escolhida é RJ: corrija uma das duas.',
    });
    expect(readCrm('123456789-SP')).toBeUndefined();
    expect(readCrm('SP')).toBeUndefined();
  });

  it("keeps the doctor's CPF as digits, checked by its check digits", () => {
    expect(doctorSettingsSchema.parse({ ...filled, cpf: '529.982.247-25' }).cpf).toBe(
      '52998224725',
    );
    expect(errorsOf({ ...filled, cpf: '529.982.247-24' })).toEqual({
      cpf: 'CPF inválido: confira os 11 dígitos.',
    });
  });

  it('states a specialty only with its RQE, and an RQE only with a specialty', () => {
    expect(errorsOf({ ...filled, specialty: 'Cardiologia', rqe: '4567' })).toEqual({});
    expect(errorsOf({ ...filled, specialty: 'Cardiologia' })).toEqual({
      rqe: 'Informe o RQE da especialidade.',
    });
    expect(errorsOf({ ...filled, rqe: '4567' })).toEqual({
      specialty: 'Informe a especialidade do RQE.',
    });
    expect(errorsOf({ ...filled, specialty: 'Cardiologia', rqe: 'RQE 45' })).toEqual({
      rqe: 'O RQE deve conter apenas números (até 8 dígitos).',
    });
  });

  it.each(['(11) 3456-7890', '11 98765-4321', '+55 11 98765-4321', '1134567890', ''])(
    'accepts the phone %j',
    (clinicPhone) => {
      expect(errorsOf({ ...filled, clinicPhone })).toEqual({});
    },
  );

  it.each(['3456-7890', '(11) 3456-78901234', 'ligar depois', '11 9876a-4321'])(
    'refuses the phone %j',
    (clinicPhone) => {
      expect(errorsOf({ ...filled, clinicPhone })).toEqual({
        clinicPhone: 'Telefone inválido: informe DDD e número, por exemplo (11) 3456-7890.',
      });
    },
  );

  it('checks the e-mail only when filled', () => {
    expect(errorsOf({ ...filled, doctorEmail: 'ana@' })).toEqual({
      doctorEmail: 'E-mail inválido.',
    });
    expect(errorsOf({ ...filled, doctorEmail: '' })).toEqual({});
  });

  it.each([0, 5, 2.5, Number.NaN])('refuses %d prescriptions per page', (prescriptionsPerPage) => {
    expect(errorsOf({ ...filled, prescriptionsPerPage })).toEqual({
      prescriptionsPerPage: 'Receitas por página deve ser um número de 1 a 4.',
    });
  });

  it.each([1, 4])('accepts %d prescriptions per page', (prescriptionsPerPage) => {
    expect(errorsOf({ ...filled, prescriptionsPerPage })).toEqual({});
  });

  it.each([
    'name',
    'prescriptionName',
    'prescriptionText',
    'clinicAddress',
    'prescriptionTemplate',
  ])('refuses a NUL character in %s', (field) => {
    expect(Object.keys(errorsOf({ ...filled, [field]: 'a\u0000b' }))).toEqual([field]);
  });

  it('refuses unknown fields, over-long templates and NUL characters', () => {
    expect(Object.keys(errorsOf({ ...filled, isAdmin: true }))).toEqual(['']);
    expect(errorsOf({ ...filled, prescriptionTemplate: 'x'.repeat(10_001) })).toEqual({
      prescriptionTemplate: 'Modelo de receita: no máximo 10000 caracteres.',
    });
    expect(errorsOf({ ...filled, medicalRecordOutput: 'a\u0000b' })).toEqual({
      medicalRecordOutput: 'Modelo de prontuário: contém caracteres inválidos.',
    });
  });
});

describe('readStoredSettings', () => {
  it('fills fields an older version did not save and drops unknown ones', () => {
    expect(readStoredSettings({ name: 'Dr. Caio', legacy: 1 })).toEqual({
      ...DEFAULT_DOCTOR_SETTINGS,
      name: 'Dr. Caio',
    });
  });

  it.each([null, 'texto', 42, [], { prescriptionsPerPage: 9 }])('refuses %j', (stored) => {
    expect(readStoredSettings(stored)).toBeUndefined();
  });
});

describe('formatCrm and isDoctorProfileConfigured', () => {
  it('writes the CRM the way prescriptions show it', () => {
    expect(formatCrm(filled)).toBe('CRM/SP 123456');
    expect(formatCrm({ crm: '123', crmState: '' })).toBe('CRM 123');
    expect(formatCrm({ crm: '', crmState: 'SP' })).toBe('');
  });

  it('needs both name and CRM', () => {
    expect(isDoctorProfileConfigured(filled)).toBe(true);
    expect(isDoctorProfileConfigured({ ...filled, crm: '' })).toBe(false);
    expect(isDoctorProfileConfigured({ ...filled, name: '' })).toBe(false);
  });
});

describe('the clinic and its CNES', () => {
  const parse = (fields: object) =>
    doctorSettingsSchema.safeParse({ ...DEFAULT_DOCTOR_SETTINGS, ...fields });

  it('takes a clinic name and a 7-digit CNES, both optional', () => {
    expect(parse({ clinicName: ' Clínica Bem Viver ', cnes: '1234567' }).data).toMatchObject({
      clinicName: 'Clínica Bem Viver',
      cnes: '1234567',
    });
    const { clinicName: _name, cnes: _cnes, ...older } = DEFAULT_DOCTOR_SETTINGS;
    expect(doctorSettingsSchema.parse(older)).toMatchObject({ clinicName: '', cnes: '' });
  });

  it('refuses a CNES that is not exactly 7 digits, and an overlong clinic name', () => {
    for (const cnes of ['123456', '12345678', '123456a']) {
      expect(parse({ cnes }).error?.issues[0]?.message).toBe(
        'O CNES deve ter exatamente 7 dígitos.',
      );
    }
    expect(parse({ clinicName: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      'Nome da clínica: no máximo 200 caracteres.',
    );
  });

  it('leaves them alone in a PATCH that does not name them, and the AI switch too', () => {
    const patch = doctorSettingsPatchSchema.parse({ name: 'Dra. Ana' });
    expect(patch).toEqual({ name: 'Dra. Ana' });
    // A default here would switch back on the AI a doctor had switched off.
    expect(doctorSettingsSchema.parse(DEFAULT_DOCTOR_SETTINGS).aiEnabled).toBe(true);
  });

  it('prints as one header line', () => {
    expect(formatClinic({ clinicName: 'Clínica Bem Viver', cnes: '1234567' })).toBe(
      'Clínica Bem Viver · CNES 1234567',
    );
    expect(formatClinic({ clinicName: '', cnes: '1234567' })).toBe('CNES 1234567');
    expect(formatClinic({ clinicName: '', cnes: '' })).toBe('');
  });
});

describe('the default receita template', () => {
  it('no longer prints the diagnosis, and replaces the old default a doctor never edited', () => {
    expect(DEFAULT_PRESCRIPTION_TEMPLATE).not.toContain('Diagnóstico');
    expect(PREVIOUS_DEFAULT_PRESCRIPTION_TEMPLATE).toContain('Diagnóstico: {{diagnostico}}');
    expect(
      readStoredSettings({ prescriptionTemplate: PREVIOUS_DEFAULT_PRESCRIPTION_TEMPLATE })
        ?.prescriptionTemplate,
    ).toBe(DEFAULT_PRESCRIPTION_TEMPLATE);
    const own = `${PREVIOUS_DEFAULT_PRESCRIPTION_TEMPLATE}\nVálida por 30 dias.`;
    expect(readStoredSettings({ prescriptionTemplate: own })?.prescriptionTemplate).toBe(own);
  });
});
