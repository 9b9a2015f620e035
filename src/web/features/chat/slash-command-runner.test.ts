import { describe, expect, it } from 'vitest';
import { emptyExtraction } from '@shared/ai/extraction';
import { saidValues } from '@shared/ai/extraction-evidence';
import { leftOutNote, saidValuesNote } from './slash-command-runner';

describe('leftOutNote', () => {
  it('says how many values the doctor’s messages did not hold, in agreement', () => {
    expect(leftOutNote(0)).toBe('');
    expect(leftOutNote(1)).toBe(' 1 dado que não está nas suas mensagens ficou de fora.');
    expect(leftOutNote(3)).toBe(' 3 dados que não estão nas suas mensagens ficaram de fora.');
  });
});

describe('saidValuesNote', () => {
  const said = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      label: 'Sintoma',
      value: `Sintoma ${index + 1}`,
      words: `sintoma ${index + 1}`,
    }));

  it('lists what went into the record with the words it came from', () => {
    const extraction = {
      ...emptyExtraction(),
      patientInfo: { ...emptyExtraction().patientInfo, age: 45, allergies: ['Dipirona'] },
    };
    const text = 'Paciente de 45 anos\ntem  alergia a dipirona';
    const evidence = {
      'patientInfo.age': [{ start: 12, end: 19 }],
      'patientInfo.allergies[0]': [{ start: 20, end: 43 }],
    };
    expect(saidValuesNote(saidValues(extraction, evidence, text))).toBe(
      '\n\nDe onde veio cada dado:\n- Idade: 45 — “45 anos”\n- Alergia: Dipirona — “tem alergia a dipirona”',
    );
    expect(saidValuesNote([])).toBe('');
  });

  it('counts what it does not list', () => {
    expect(saidValuesNote(said(9)).split('\n').at(-1)).toBe('- e mais 1 dado.');
    expect(saidValuesNote(said(12)).split('\n').at(-1)).toBe('- e mais 4 dados.');
  });
});
