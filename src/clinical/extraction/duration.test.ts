import { describe, expect, it } from 'vitest';
import { extractChiefComplaint } from './chief-complaint';
import { parseConsultation } from './consultation-text';
import { extractDuration } from './duration';

const durationOf = (text: string) => {
  const c = parseConsultation(text);
  return extractDuration(c, extractChiefComplaint(c));
};

describe('extractDuration', () => {
  it.each([
    ['Paciente refere tosse há quinze dias.', '15 dias'],
    ['Paciente refere tosse desde ontem.', '1 dia'],
    ['Paciente refere tosse desde anteontem.', '2 dias'],
    ['Paciente refere tosse, faz uma semana.', '1 semana'],
    ['Paciente refere dor lombar de 3 dias de evolução.', '3 dias'],
    ['Paciente refere febre há 48 horas.', '48 horas'],
    ['Paciente refere cansaço há uns dois meses.', '2 meses'],
    ['Quadro de 10 dias de tosse produtiva.', '10 dias'],
    ['Refere manchas que começaram semana passada.', '1 semana'],
  ])('%s → %s', (text, expected) => {
    expect(durationOf(text)).toBe(expected);
  });

  it("prefers the duration told with the complaint over a disease's", () => {
    expect(durationOf('Hipertenso há 20 anos. Refere cefaleia há 2 dias.')).toBe('2 dias');
    expect(
      durationOf(
        'Médico: O que houve?\nPaciente: Tô com dor de dente. Faz 3 dias. Parei de fumar há 1 ano.',
      ),
    ).toBe('3 dias');
  });

  it('reads the answer to "há quanto tempo?"', () => {
    const text = 'Médico: E essa tosse, há quanto tempo?\nPaciente: Uns cinco dias.';
    expect(durationOf(text)).toBe('5 dias');
  });

  it('gives nothing when only other events are dated', () => {
    expect(durationOf('Paciente: Faz 10 anos que sou diabético.')).toBeUndefined();
    expect(durationOf('DUM há 20 dias. Sem queixas.')).toBeUndefined();
  });

  it("reads 'tem N dias isso' as the complaint's duration", () => {
    expect(
      durationOf('Médico: O que houve?\nPaciente: Uma tosse chata. Tem cinco dias isso.'),
    ).toBe('5 dias');
    expect(durationOf('Médico: O que houve?\nPaciente: Dor de garganta. Tem três dias.')).toBe(
      '3 dias',
    );
  });

  it("does not read an age said with 'tem' as a duration", () => {
    expect(durationOf('Médico: Quantos anos ele tem?\nMãe: Tem 3 anos.')).toBeUndefined();
  });
});

describe('a gestational age is never a duration', () => {
  it.each([
    'gestante está com vinte e oito semanas veio pra consulta de rotina',
    'Paciente: Tô grávida. Já tem vinte semanas.',
    'já vai fazer trinta semanas de barriga e tá com inchaço nas pernas',
    'IG 30 semanas, queixa de dor lombar',
    'gestante de 32 semanas, DUM dez de agosto, sem queixas',
    'grávida de sete meses com azia',
    'Paciente: Estou com 34 semanas e sinto a barriga endurecer.',
  ])('reads no duration in %j', (text) => {
    expect(durationOf(text)).toBeUndefined();
  });

  it("reads the complaint's own duration beside the gestational age", () => {
    expect(
      durationOf('tá com trinta e duas semanas de gravidez e há dois dias começou dor de cabeça'),
    ).toBe('2 dias');
    expect(durationOf('gestante de 20 semanas com tosse faz duas semanas')).toBe('2 semanas');
  });

  it('does not date the complaint by a chronic disease told in lay words', () => {
    expect(durationOf('tenho pressão alta há dez anos e hoje vim pela receita')).toBeUndefined();
  });
});
