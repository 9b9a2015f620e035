import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractCurrentSymptoms } from './current-symptoms';

const symptomsOf = (text: string) => extractCurrentSymptoms(parseConsultation(text));

describe('extractCurrentSymptoms', () => {
  it('lists the symptoms told, once each, without denied ones', () => {
    expect(
      symptomsOf('Paciente: Tenho febre e tosse seca. Falta de ar não.\nMédico: Tem vômito?'),
    ).toEqual(['febre e tosse seca']);
    expect(symptomsOf('Refere cefaleia, náuseas. Nega vômitos. Refere cefaleia intensa.')).toEqual([
      'cefaleia',
      'náuseas',
    ]);
  });
});

describe('extractCurrentSymptoms: a transcript with no punctuation or speakers', () => {
  it('ends a symptom at a vital sign, a measurement, the plan and a duration', () => {
    expect(
      symptomsOf(
        'chegou com febre de trinta e nove e meio tosse seca frequência respiratória vinte e quatro saturação noventa e um vou pedir um raio x',
      ),
    ).toEqual(['febre', 'tosse seca']);
    expect(symptomsOf('dona ana com dor de barriga tem dois dias pressão doze por oito')).toEqual([
      'dor de barriga',
    ]);
  });

  it('near miss: keeps a symptom that holds a vital word or a count', () => {
    expect(symptomsOf('perda de peso a dois meses')).toEqual(['perda de peso']);
    expect(symptomsOf('formigamento nas duas mãos')).toEqual(['formigamento nas duas mãos']);
  });

  it('keeps the symptoms told apart from an allergy in the same run of words', () => {
    expect(
      symptomsOf('sou alérgica a dipirona me dá manchas no corpo e tô com dor de garganta'),
    ).toEqual(['dor de garganta']);
  });

  it("leaves out the doctor's unanswered or denied questions and the plan's conditions", () => {
    const text =
      'o que o senhor tá sentindo doutor tô com dor de cabeça faz dois dias e enjoo tem febre tem vômito não nada disso vou passar dipirona se dor e ondansetrona se enjoo volta se tiver falta de ar';
    expect(symptomsOf(text)).toEqual(['dor de cabeça', 'enjoo']);
  });

  it("near miss: 'não' that tells how a symptom behaves does not deny it", () => {
    expect(symptomsOf('tô com uma tosse não passa')).toEqual(['tosse']);
  });
});
