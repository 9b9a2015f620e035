import { describe, expect, it } from 'vitest';
import { posologySentence } from '../prescriptions/posology';
import type { Medication } from '../records/medical-record';
import {
  draftOutcome,
  patientInstructionsReplySchema,
  patientMedicinesOf,
  sameMedicines,
  sectionParagraphs,
} from './patient-instructions';

const PRESCRIBED: Medication[] = [
  {
    name: 'Amoxicilina',
    dosage: '500 mg',
    dosePerIntake: '1 cápsula',
    frequency: 'A cada 8 horas',
    duration: '7 dias',
  },
  { name: 'Dipirona', dosage: '1 g', frequency: '6/6h se dor ou febre' },
  { name: 'Losartana 50 mg', frequency: '1x ao dia', duration: 'uso contínuo' },
  { name: 'Soro fisiológico' },
];

describe('patientMedicinesOf', () => {
  it("copies each item's name, strength and the receita's posology sentence, unchanged", () => {
    expect(patientMedicinesOf(PRESCRIBED)).toEqual([
      {
        name: 'Amoxicilina 500 mg',
        posology: 'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.',
      },
      { name: 'Dipirona 1 g', posology: 'Tomar por via oral de 6 em 6 horas, se dor ou febre.' },
      { name: 'Losartana 50 mg', posology: 'Tomar por via oral uma vez ao dia, em uso contínuo.' },
      // Nothing of how to take it: no sentence made up.
      { name: 'Soro fisiológico', posology: '' },
    ]);
    // The one sentence the receita prints: the same function, to the letter.
    patientMedicinesOf(PRESCRIBED).forEach((medicine, index) => {
      const item = PRESCRIBED[index];
      if (!item) throw new Error('no item');
      expect(medicine.posology).toBe(posologySentence(item));
    });
  });

  it('is empty without a prescription', () => {
    expect(patientMedicinesOf(undefined)).toEqual([]);
    expect(patientMedicinesOf(null)).toEqual([]);
  });
});

describe('sameMedicines', () => {
  const medicines = patientMedicinesOf(PRESCRIBED);
  it('is true only for the same items, in the same order, to the letter', () => {
    expect(sameMedicines(medicines, patientMedicinesOf(PRESCRIBED))).toBe(true);
    expect(sameMedicines(medicines, [...medicines].reverse())).toBe(false);
    expect(sameMedicines(medicines, medicines.slice(1))).toBe(false);
    const changed = medicines.map((item, index) =>
      index === 0 ? { ...item, posology: item.posology.replace('8 em 8', '12 em 12') } : item,
    );
    expect(sameMedicines(medicines, changed)).toBe(false);
  });
});

describe('sectionParagraphs', () => {
  it('makes a paragraph of each line and a list item of each dash or bullet', () => {
    expect(
      sectionParagraphs('Ligue para o SAMU se tiver:\n- falta de ar\n\n•dor no peito\n'),
    ).toEqual(['Ligue para o SAMU se tiver:', '• falta de ar', '• dor no peito']);
    expect(sectionParagraphs('   ')).toEqual([]);
  });
});

describe('patientInstructionsReplySchema', () => {
  it("reads a model's sections, drops what it was not asked for, blanks a wrong field", () => {
    expect(
      patientInstructionsReplySchema.parse({
        condition: ' Você tem pressão alta. ',
        care: 42,
        warningSigns: 'Ligue 192.',
        medicines: [{ name: 'Losartana', posology: '2 comprimidos' }],
      }),
    ).toEqual({
      condition: 'Você tem pressão alta.',
      care: '',
      warningSigns: 'Ligue 192.',
      followUp: '',
    });
  });

  it('refuses a reply with no words', () => {
    expect(patientInstructionsReplySchema.safeParse({ condition: ' ' }).success).toBe(false);
    expect(patientInstructionsReplySchema.safeParse('texto').success).toBe(false);
  });
});

describe('draftOutcome', () => {
  const draft = {
    condition: 'Você tem pressão alta.',
    care: 'Coma com pouco sal.',
    warningSigns: 'Ligue para o SAMU (192) se tiver dor no peito.',
    followUp: 'Volte em 30 dias.',
  };
  it('is accepted when the approved page says the draft, spaces aside', () => {
    expect(draftOutcome(draft, { ...draft, care: '  Coma com pouco sal.\n' })).toBe('accepted');
  });
  it('is edited when any section changed', () => {
    expect(draftOutcome(draft, { ...draft, followUp: 'Volte em 15 dias.' })).toBe('edited');
    expect(draftOutcome(draft, { ...draft, care: '' })).toBe('edited');
  });
});
