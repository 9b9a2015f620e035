import { describe, expect, it } from 'vitest';
import {
  asSentence,
  bodyMassIndex,
  cleanClinicalText,
  describeExamFindings,
  formatAge,
  formatDuration,
  formatMedication,
  formatTerm,
  formatTerms,
  formatVitalSigns,
  mentionsDuration,
  normalizeBloodPressure,
} from './clinical-format';

describe('bodyMassIndex', () => {
  it('computes weight / height² with one decimal', () => {
    expect(bodyMassIndex({ weight: 72, height: 168 })).toBe(25.5);
  });

  it('uses a given BMI and needs both measures otherwise', () => {
    expect(bodyMassIndex({ bmi: 22.1, weight: 72, height: 168 })).toBe(22.1);
    expect(bodyMassIndex({ weight: 72 })).toBeUndefined();
    expect(bodyMassIndex({ weight: 72, height: 0 })).toBeUndefined();
  });
});

describe('normalizeBloodPressure', () => {
  it.each([
    ['120/80', '120/80'],
    ['120x80', '120/80'],
    ['150 X 90', '150/90'],
    ['12 por 8', '12 por 8'],
    ['130 por 85', '130/85'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBloodPressure(input)).toBe(expected);
  });
});

describe('formatVitalSigns', () => {
  it('writes every vital sign the Brazilian way, in the usual order, with comma decimals', () => {
    expect(
      formatVitalSigns({
        weight: 72,
        height: 168,
        temperature: 37.8,
        oxygenSaturation: 97,
        respiratoryRate: 16,
        heartRate: 80,
        bloodPressure: '120x80',
      }),
    ).toBe(
      'PA 120/80 mmHg, FC 80 bpm, FR 16 irpm, Tax 37,8 °C, SatO2 97%, peso 72 kg, ' +
        'altura 168 cm, IMC 25,5',
    );
  });

  it('writes only what was measured', () => {
    expect(formatVitalSigns({ temperature: 38.25, weight: 60.5 })).toBe(
      'Tax 38,3 °C, peso 60,5 kg',
    );
    expect(formatVitalSigns({})).toBe('');
    expect(formatVitalSigns(undefined)).toBe('');
    expect(formatVitalSigns({ bloodPressure: '  ' })).toBe('');
  });
});

describe('describeExamFindings', () => {
  it('gives the general description, then labelled systems', () => {
    expect(
      describeExamFindings({
        generalAppearance: 'BEG, corado , hidratado',
        abdomen: 'flácido, indolor',
        heart: 'RCR 2T BNF',
      }),
    ).toEqual([
      'Bom estado geral, corado, hidratado.',
      'Aparelho cardiovascular: RCR 2T BNF.',
      'Abdome: Flácido, indolor.',
    ]);
  });

  it('is empty when nothing was described', () => {
    expect(describeExamFindings({ vitalSigns: { heartRate: 80 }, head: '  ' })).toEqual([]);
  });
});

describe('cleanClinicalText', () => {
  it('normalises spacing, expands abbreviations, capitalises drugs and the first letter', () => {
    expect(cleanClinicalText('  HAS descompensada ,ajustar losartana ')).toBe(
      'Hipertensão arterial sistêmica descompensada, ajustar Losartana',
    );
    expect(cleanClinicalText(undefined)).toBe('');
    expect(cleanClinicalText('   ')).toBe('');
  });
});

describe('formatTerm and formatTerms', () => {
  it('capitalises medical terms and drops a final full stop', () => {
    expect(formatTerm('dor de garganta.')).toBe('Dor de garganta');
    expect(formatTerm('DM2')).toBe('Diabetes mellitus tipo 2');
    expect(formatTerm('dipirona')).toBe('Dipirona');
  });

  it('drops blanks and repeats that differ only in case or accents', () => {
    expect(formatTerms(['febre', 'Febre', ' ', 'tosse', 'TOSSE'])).toEqual(['Febre', 'Tosse']);
    expect(formatTerms(undefined)).toEqual([]);
  });
});

describe('asSentence', () => {
  it('ends the text with a full stop', () => {
    expect(asSentence('Febre')).toBe('Febre.');
    expect(asSentence('Febre,')).toBe('Febre.');
    expect(asSentence('Febre?')).toBe('Febre?');
    expect(asSentence(' ')).toBe('');
  });
});

describe('formatAge', () => {
  it.each([
    [45, '45 anos'],
    [1, '1 ano'],
    [0, 'Menos de 1 ano'],
  ])('%d → %s', (age, expected) => {
    expect(formatAge(age)).toBe(expected);
  });
});

describe('formatDuration and mentionsDuration', () => {
  it('puts "há" before a count, keeps other wordings', () => {
    expect(formatDuration('3 dias')).toBe('há 3 dias');
    expect(formatDuration('15 dias')).toBe('há 15 dias');
    expect(formatDuration('duas semanas')).toBe('há duas semanas');
    expect(formatDuration('desde ontem')).toBe('desde ontem');
    expect(formatDuration('há 1 mês')).toBe('há 1 mês');
  });

  it('sees a duration the complaint already states', () => {
    expect(mentionsDuration('Dor lombar há 5 dias', '5 dias')).toBe(true);
    expect(mentionsDuration('Dor lombar', '5 dias')).toBe(false);
  });
});

describe('formatMedication', () => {
  it('writes name, dose, frequency, duration and instructions', () => {
    expect(
      formatMedication({
        name: 'amoxicilina',
        dosage: '500mg',
        frequency: '1 cp VO 8/8h',
        duration: '10 dias',
        instructions: 'tomar após as refeições.',
      }),
    ).toBe(
      'Amoxicilina 500 mg, 1 comprimido via oral de 8 em 8 horas, por 10 dias, tomar após as refeições',
    );
  });

  it('writes only what the prescription holds', () => {
    expect(formatMedication({ name: 'dipirona' })).toBe('Dipirona');
    expect(formatMedication({ name: 'levotiroxina', duration: 'uso contínuo' })).toBe(
      'Levotiroxina, uso contínuo',
    );
  });
});
