import { describe, expect, it } from 'vitest';
import { extractDoctorNotes } from './assessment-and-plan';
import { parseConsultation } from './consultation-text';

const notesOf = (text: string) => extractDoctorNotes(parseConsultation(text));

describe('extractDoctorNotes', () => {
  it("takes a note's sections as they are", () => {
    const notes = notesOf(
      'QP: tosse.\nEF: BEG, eupneico. MV presente.\nHD: bronquite aguda.\nConduta: sintomáticos. Retorno em 7 dias.',
    );
    expect(notes.assessment).toBe('Bronquite aguda.');
    expect(notes.plan).toBe('Sintomáticos. Retorno em 7 dias.');
    expect(notes.generalAppearance).toBe('BEG, eupneico. MV presente.');
  });

  it('reads the impression and plan the doctor says in a dialogue', () => {
    const notes = notesOf(
      [
        'Médico: É grave?',
        'Paciente: Dói muito.',
        'Médico: Vou examinar. A garganta está bem vermelha. Você está com uma faringite viral, nada de antibiótico.',
        'Médico: Pode tomar dipirona se tiver febre. Retorne se piorar. Tudo bem?',
      ].join('\n'),
    );
    expect(notes.assessment).toBe('Faringite viral.');
    expect(notes.plan).toBe('Pode tomar dipirona se tiver febre. Retorne se piorar.');
    expect(notes.generalAppearance).toBe('A garganta está bem vermelha.');
  });

  it('leaves fields empty when the text has nothing for them', () => {
    expect(notesOf('Paciente: Tenho tosse.')).toEqual({
      assessment: '',
      plan: '',
      generalAppearance: '',
    });
  });
});
