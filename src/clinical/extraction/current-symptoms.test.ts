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
