import { describe, expect, it } from 'vitest';
import { agreeWithPatient, patientSubject } from './agreement';

describe('agreeWithPatient', () => {
  const forms = { masculine: 'idoso', feminine: 'idosa', unknown: 'com 65 anos ou mais' };

  it('takes the form of the patient’s sex, and the neutral one when it is not known', () => {
    expect(agreeWithPatient('feminino', forms)).toBe('idosa');
    expect(agreeWithPatient('masculino', forms)).toBe('idoso');
    expect(agreeWithPatient('outro', forms)).toBe('com 65 anos ou mais');
    expect(agreeWithPatient(undefined, forms)).toBe('com 65 anos ou mais');
  });
});

describe('patientSubject', () => {
  it('is A paciente, O paciente, or Paciente without an article', () => {
    expect(patientSubject('feminino')).toBe('A paciente');
    expect(patientSubject('masculino')).toBe('O paciente');
    expect(patientSubject(undefined)).toBe('Paciente');
  });
});
