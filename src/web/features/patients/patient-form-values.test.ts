import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/client';
import { PASSPORT_INVALID } from '@shared/patients/identifiers';
import type { Patient } from '@shared/patients/patient';
import {
  EMPTY_PATIENT_FORM,
  formValuesOf,
  patientWriteOf,
  refusalOf,
  validatePatientForm,
  type PatientFormValues,
} from './patient-form-values';

const today = () => '2026-11-26';

const filled: PatientFormValues = {
  ...EMPTY_PATIENT_FORM,
  name: '  Maria Aparecida da Silva ',
  birthDate: '12/03/1961',
  sex: 'feminino',
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
  address: { ...EMPTY_PATIENT_FORM.address, city: 'São Paulo', uf: 'SP', cep: '01310-100' },
  allergies: 'Dipirona\n\n  Penicilina  \n',
  medications: 'Losartana 50 mg',
};

describe('patientWriteOf', () => {
  it('sends what was typed, blank fields left out, one list item a line', () => {
    expect(patientWriteOf(filled)).toEqual({
      name: 'Maria Aparecida da Silva',
      birthDate: '12/03/1961',
      sex: 'feminino',
      cpf: '529.982.247-25',
      phone: '(11) 98765-4321',
      address: { city: 'São Paulo', uf: 'SP', cep: '01310-100' },
      allergies: ['Dipirona', 'Penicilina'],
      chronicConditions: [],
      medications: ['Losartana 50 mg'],
    });
  });

  it("sends a foreigner's passport as typed", () => {
    expect(
      patientWriteOf({ ...EMPTY_PATIENT_FORM, name: 'Anna', passport: ' YB 123456 ' }),
    ).toEqual(expect.objectContaining({ passport: 'YB 123456' }));
  });

  it('leaves the address out when none of it was typed', () => {
    expect(patientWriteOf({ ...EMPTY_PATIENT_FORM, name: 'Ana' })).not.toHaveProperty('address');
  });
});

describe('formValuesOf', () => {
  it('shows a patient as typed: dd/mm/aaaa, CPF and CNS punctuated, lists a line each', () => {
    const patient: Patient = {
      id: 'patient-1',
      name: 'Maria Aparecida da Silva',
      birthDate: '1961-03-12',
      sex: 'feminino',
      cpf: '52998224725',
      cns: '898001028000008',
      passport: 'YB123456',
      address: { city: 'São Paulo', uf: 'SP', cep: '01310100' },
      allergies: ['Dipirona', 'Penicilina'],
      chronicConditions: [],
      medications: ['Losartana 50 mg'],
      version: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = formValuesOf(patient);
    expect(values).toMatchObject({
      birthDate: '12/03/1961',
      cpf: '529.982.247-25',
      cns: '898 0010 2800 0008',
      passport: 'YB123456',
      address: { city: 'São Paulo', uf: 'SP', cep: '01310-100', street: '' },
      allergies: 'Dipirona\nPenicilina',
      notes: '',
    });
    // What it shows is what it sends back, unchanged.
    expect(validatePatientForm(values, today)).toEqual({});
  });
});

describe('validatePatientForm', () => {
  it('accepts a patient with only a name', () => {
    expect(validatePatientForm({ ...EMPTY_PATIENT_FORM, name: 'Ana' }, today)).toEqual({});
    expect(validatePatientForm(filled, today)).toEqual({});
  });

  it('puts each problem under its field, in Portuguese', () => {
    const errors = validatePatientForm(
      {
        ...EMPTY_PATIENT_FORM,
        name: '   ',
        birthDate: '31/02/1990',
        cpf: '111.111.111-11',
        cns: '123',
        passport: '#!',
        address: { ...EMPTY_PATIENT_FORM.address, cep: '123' },
      },
      today,
    );
    expect(errors).toEqual({
      name: 'Informe o nome do paciente.',
      birthDate: 'Data de nascimento inválida: use dd/mm/aaaa.',
      cpf: 'CPF inválido: confira os 11 dígitos.',
      cns: 'CNS inválido: confira os 15 dígitos do Cartão Nacional de Saúde.',
      passport: PASSPORT_INVALID,
      'address.cep': 'CEP inválido: informe os 8 dígitos, por exemplo 01310-100.',
    });
  });

  it('refuses a birth date after today', () => {
    expect(validatePatientForm({ ...filled, birthDate: '27/11/2026' }, today).birthDate).toBe(
      'A data de nascimento não pode estar no futuro.',
    );
  });
});

describe('refusalOf', () => {
  it('puts a CPF already taken under the CPF', () => {
    const error = new ApiError(
      'patient_duplicate',
      'Já existe um paciente seu com este CPF.',
      409,
      {
        field: 'cpf',
        patientId: 'patient-2',
      },
    );
    expect(refusalOf(error)).toEqual({
      field: 'cpf',
      message: 'Já existe um paciente seu com este CPF.',
    });
  });

  it('reads the field a 400 names in its message', () => {
    const error = new ApiError('validation', 'CEP (address.cep): CEP inválido.', 400, {});
    expect(refusalOf(error)).toEqual({ field: 'address.cep', message: 'CEP inválido.' });
  });

  it('keeps any other refusal above the form', () => {
    expect(refusalOf(new ApiError('unreachable', 'Sem conexão com o servidor.', 0))).toEqual({
      message: 'Sem conexão com o servidor.',
    });
  });
});
