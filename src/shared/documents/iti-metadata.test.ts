import { describe, expect, it } from 'vitest';
import { itiMetadataOf } from './iti-metadata';

const doctor = {
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  address: 'Av. Paulista, 1000',
  phone: '',
  email: 'helena@clinica.com.br',
};

describe('itiMetadataOf', () => {
  it('names the CRM, its UF and the document type for VALIDAR', () => {
    expect(itiMetadataOf('atestado', doctor)).toEqual({
      '2.16.76.1.12.1.2': '',
      '2.16.76.1.4.2.2.1': '123456',
      '2.16.76.1.4.2.2.2': 'SP',
    });
    expect(Object.keys(itiMetadataOf('exames', doctor))).toContain('2.16.76.1.12.1.3');
    expect(Object.keys(itiMetadataOf('relatorio', doctor))).toContain('2.16.76.1.12.1.11');
    expect(Object.keys(itiMetadataOf('receita', doctor))).toContain('2.16.76.1.12.1.1');
  });

  it('adds the specialty when one is stated', () => {
    expect(
      itiMetadataOf('relatorio', { ...doctor, specialty: 'Cardiologia', rqe: '4567' }),
    ).toMatchObject({ '2.16.76.1.4.2.2.3': 'Cardiologia' });
  });
});
