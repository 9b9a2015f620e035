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

describe('extractPatientGender: transcribed speech, lower case and unpunctuated', () => {
  it.each([
    ['quantos anos a senhora tem sessenta e o que a senhora está sentindo', 'feminino'],
    ['o senhor se chama como e o que trouxe o senhor aqui hoje', 'masculino'],
    ['paciente vinte e oito anos gestante refere enjoo pela manhã', 'feminino'],
    ['mulher quarenta e cinco anos refere dor no ombro', 'feminino'],
    ['homem trinta anos com tosse há dez dias', 'masculino'],
  ] as const)('%s → %s', (text, gender) => {
    expect(genderOf(text)).toBe(gender);
  });

  it.each([
    // A carer is addressed, not the patient.
    'meu filho está com febre desde ontem a senhora acha que precisa de antibiótico',
    // The patient addresses the doctor.
    'doutora a senhora acha que é grave',
    // A relative's pregnancy.
    'minha esposa está grávida e eu estou com tosse',
  ])('no sex in: %s', (text) => {
    expect(genderOf(text)).toBeUndefined();
  });

  it('keeps the first name as the last resort when speech says nothing else', () => {
    const text = 'joão pedro silva trinta e dois anos chegou com febre';
    expect(genderOf(text, 'João Pedro Silva')).toBe('masculino');
    expect(genderOf('roberta lins trinta anos com tosse', 'Roberta Lins')).toBe('feminino');
  });
});
