import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { genderOfFirstName } from './first-names';
import { extractPatientGender } from './patient-gender';

const genderOf = (text: string, name?: string) =>
  extractPatientGender(parseConsultation(text), name);

describe('extractPatientGender', () => {
  it('takes the explicit word first', () => {
    expect(genderOf('Paciente Ariel, sexo feminino, 30 anos.', 'Ariel')).toBe('feminino');
    expect(genderOf('Sexo: M. Refere tosse.')).toBe('masculino');
  });

  it('reads "a paciente" / "o paciente" in a note', () => {
    expect(genderOf('A paciente refere dor pélvica.')).toBe('feminino');
    expect(genderOf('Oriento o paciente sobre dieta.')).toBe('masculino');
  });

  it('reads words that agree with the patient', () => {
    const dialogue = 'Médico: Como está?\nPaciente: Cansada, doutor. Muito preocupada.';
    expect(genderOf(dialogue)).toBe('feminino');
    expect(genderOf('Médico: O senhor tem febre?\nPaciente: Não.')).toBe('masculino');
    expect(genderOf('Ao exame: corado, hidratado, eupneico.')).toBe('masculino');
  });

  it("with a carer, reads how the child is spoken of, not the carer's words", () => {
    const text = 'Médica: O que ele tem?\nMãe: Meu filho tá com febre. Obrigada, doutora.';
    expect(genderOf(text)).toBe('masculino');
  });

  it('falls back to the first name', () => {
    expect(genderOf('Médico: Nome?\nPaciente: Sebastião Lopes.', 'Sebastião Lopes')).toBe(
      'masculino',
    );
    expect(genderOf('Médico: Nome?\nPaciente: Raíssa Lopes.', 'Raíssa Lopes')).toBe('feminino');
    expect(genderOf('Refere tosse.')).toBeUndefined();
  });
});

describe('genderOfFirstName', () => {
  it('knows common names and the usual endings', () => {
    expect(genderOfFirstName('Conceição')).toBe('feminino');
    expect(genderOfFirstName('Xyz')).toBeUndefined();
    expect(genderOfFirstName('Vitória')).toBe('feminino');
    expect(genderOfFirstName('DOUGLAS')).toBe('masculino');
    expect(genderOfFirstName('Jussimara')).toBe('feminino');
    expect(genderOfFirstName('Luca')).toBeUndefined();
  });
});
