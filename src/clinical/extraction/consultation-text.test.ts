import { describe, expect, it } from 'vitest';
import { answerTo, parseConsultation, sentenceAt, type Consultation } from './consultation-text';

const textOf = (c: Consultation, i: number) => {
  const s = c.sentences[i];
  return s ? c.original.slice(s.start, s.end) : undefined;
};

describe('parseConsultation', () => {
  it('splits a dialogue into speakers and sentences', () => {
    const c = parseConsultation(
      'Dra.: Oi! Como vai?\nPaciente: Mal, doutora. Estou tossindo.\nAcompanhante: Ela não dorme.',
    );
    expect(c.dialogue).toBe(true);
    expect(c.companion).toBe(true);
    expect(c.turns.map((t) => t.speaker)).toEqual(['doctor', 'patient', 'companion']);
    expect(c.sentences.map((s) => c.original.slice(s.start, s.end))).toEqual([
      'Oi!',
      'Como vai?',
      'Mal, doutora.',
      'Estou tossindo.',
      'Ela não dorme.',
    ]);
    expect(c.sentences[1]?.question).toBe(true);
    expect(answerTo(c, 0)?.speaker).toBe('patient');
  });

  it('reads speakers run together on one line', () => {
    const c = parseConsultation('Médico: Tem febre? Paciente: Não. Médico: Certo.');
    expect(c.turns.map((t) => t.speaker)).toEqual(['doctor', 'patient', 'doctor']);
  });

  it('treats a note with "Paciente:" as a note, not a dialogue, with its sections', () => {
    const c = parseConsultation(
      'Paciente: Rui Alves, 50 anos.\nQP: tosse.\nAP: HAS. Alergias: nega.\nEF: PA 12x8.\nHD: IVAS.\nConduta: repouso.',
    );
    expect(c.dialogue).toBe(false);
    expect(c.sentences.map((s) => s.section)).toEqual([
      'identification',
      'complaint',
      'history',
      'allergies',
      'exam',
      'assessment',
      'plan',
    ]);
  });

  it('finds inline headers of a dictation', () => {
    const c = parseConsultation(
      'Refere dor. Ao exame: corado. Impressão: virose. Conduta: repouso.',
    );
    expect(c.sentences.map((s) => s.section)).toEqual(['none', 'exam', 'assessment', 'plan']);
  });

  it('does not end a sentence at a decimal, an abbreviation or an initial', () => {
    const c = parseConsultation('Dr. Luís pediu pesquisa de H. pylori. Peso 70.5 kg.');
    expect(textOf(c, 0)).toBe('Dr. Luís pediu pesquisa de H. pylori.');
    expect(textOf(c, 1)).toBe('Peso 70.5 kg.');
    expect(sentenceAt(c, c.original.indexOf('70.5'))?.index).toBe(1);
  });
});
