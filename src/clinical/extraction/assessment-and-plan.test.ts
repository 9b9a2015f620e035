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

describe("today's diagnosis in speech that runs on", () => {
  it.each([
    [
      'ardência pra urinar há dois dias vou tratar como infecção urinária receitei nitrofurantoína',
      'Infecção urinária.',
    ],
    [
      'febre alta há três dias dor atrás dos olhos hipótese de dengue vou pedir hemograma',
      'Dengue.',
    ],
    ['tosse e dor na face isso é uma sinusite vou passar amoxicilina', 'Sinusite.'],
    [
      'placas nas amígdalas isso é uma amigdalite bacteriana leva amoxicilina de oito em oito horas',
      'Amigdalite bacteriana.',
    ],
    ['dor ao urinar quadro compatível com cistite nega febre', 'Cistite.'],
  ])('reads the diagnosis of %j, without the plan after it', (text, assessment) => {
    expect(notesOf(text).assessment).toBe(assessment);
  });
});
