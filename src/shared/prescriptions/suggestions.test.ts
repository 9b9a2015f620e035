import { describe, expect, it } from 'vitest';
import {
  capitalizedMedicationName,
  isAlreadyPrescribed,
  fillMissingFromTable,
  medicationFromDetection,
  medicationWithHint,
  shouldShowMedicationSuggestions,
} from './suggestions';

const amoxicillin = { name: 'Amoxicilina', instructions: 'Completar o tratamento.' };

describe('shouldShowMedicationSuggestions', () => {
  it.each([
    'Infecção confirmada de garganta',
    'Febre alta há 2 dias',
    'Dor intensa no flanco',
    'Quadro AGUDO de tosse',
    'pneumonia aguda, prescrevo amoxicilina 500mg',
    'Paciente hipertenso descompensado',
    'Diabetes tipo 2',
    'Sinusite bacteriana',
    'Otite média',
    'Amigdalite purulenta',
    'ITU baixa',
    'Crise asmática',
  ])('shows them for an urgent-sounding case: %s', (caseText) => {
    expect(shouldShowMedicationSuggestions([amoxicillin], caseText)).toBe(true);
  });

  it('shows them when the urgent term is in a suggestion rather than the case', () => {
    const suggestion = { name: 'Amoxicilina', explanation: 'Primeira escolha na pneumonia.' };
    expect(shouldShowMedicationSuggestions([suggestion], 'Tosse com catarro')).toBe(true);
  });

  it.each([
    'Consulta de rotina, paciente hipertenso',
    'Check-up anual; diabetes controlado',
    'checkup com febre alta ontem',
    'Exame preventivo; infecção urinária tratada',
    'Acompanhamento de rotina da hipertensão',
  ])('hides them when anything sounds routine: %s', (caseText) => {
    expect(shouldShowMedicationSuggestions([amoxicillin], caseText)).toBe(false);
  });

  it('hides them when a suggestion itself is routine', () => {
    const routine = { name: 'Sinvastatina', explanation: 'Uso preventivo de rotina.' };
    expect(shouldShowMedicationSuggestions([amoxicillin, routine], 'Pneumonia')).toBe(false);
  });

  it('hides them when nothing sounds urgent, and when there are none', () => {
    expect(shouldShowMedicationSuggestions([amoxicillin], 'Tosse leve há 1 dia')).toBe(false);
    expect(shouldShowMedicationSuggestions([], 'Pneumonia aguda')).toBe(false);
  });

  it('matches terms at the start of a word, short ones as whole words', () => {
    // 'habitual' and 'situação' contain 'itu'; 'desagudo' is not a word start.
    expect(shouldShowMedicationSuggestions([amoxicillin], 'Situação habitual')).toBe(false);
    expect(shouldShowMedicationSuggestions([{ name: 'Dipirona' }], 'Agudização da dor')).toBe(true);
  });
});

describe('isAlreadyPrescribed', () => {
  const prescribed = [{ name: 'Amoxicilina' }, { name: 'Ácido fólico' }];

  it('finds the same name whatever the case, accents and spacing', () => {
    expect(isAlreadyPrescribed('amoxicilina', prescribed)).toBe(true);
    expect(isAlreadyPrescribed('  AMOXICILINA ', prescribed)).toBe(true);
    expect(isAlreadyPrescribed('acido  folico', prescribed)).toBe(true);
  });

  it('does not take a different or longer name, nor a blank one, as prescribed', () => {
    expect(isAlreadyPrescribed('Amoxicilina + clavulanato', prescribed)).toBe(false);
    expect(isAlreadyPrescribed('Dipirona', prescribed)).toBe(false);
    expect(isAlreadyPrescribed('  ', [{ name: '' }])).toBe(false);
    expect(isAlreadyPrescribed('Dipirona', [])).toBe(false);
  });
});

describe('capitalizedMedicationName', () => {
  it('capitalises the first letter only', () => {
    expect(capitalizedMedicationName('amoxicilina + clavulanato')).toBe(
      'Amoxicilina + clavulanato',
    );
    expect(capitalizedMedicationName(' ácido fólico')).toBe('Ácido fólico');
    expect(capitalizedMedicationName('')).toBe('');
  });
});

describe('medicationWithHint', () => {
  it('takes the regimen of the table under the chosen name', () => {
    expect(
      medicationWithHint('amoxicilina', {
        name: 'amoxicilina',
        dosage: '500 mg',
        frequency: 'de 8/8h',
        duration: '7 dias',
        instructions: 'Completar o tratamento.',
      }),
    ).toEqual({
      name: 'Amoxicilina',
      dosage: '500 mg',
      frequency: 'de 8/8h',
      duration: '7 dias',
      instructions: 'Completar o tratamento.',
    });
  });

  it('is the name alone when the table has no regimen', () => {
    expect(medicationWithHint('cetoconazol', null)).toEqual({ name: 'Cetoconazol' });
  });
});

describe('medicationFromDetection', () => {
  const losartanaTable = {
    name: 'losartana',
    dosage: '50 mg',
    frequency: '1x ao dia',
    duration: 'uso contínuo',
    instructions: '',
  };

  it('prescribes what the doctor wrote, not the table: losartana 50 mg 12/12h', () => {
    expect(
      medicationFromDetection(
        'Losartana',
        { dosage: '50 mg', frequency: '12/12h' },
        losartanaTable,
      ),
    ).toEqual({
      medication: {
        name: 'Losartana',
        dosage: '50 mg',
        frequency: '12/12h',
        duration: 'uso contínuo',
      },
      filledFromTable: true,
    });
  });

  it('says when nothing came from the table', () => {
    expect(
      medicationFromDetection(
        'Amoxicilina',
        { dosage: '500 mg', dosePerIntake: '1 cápsula', frequency: '8/8h', duration: '7 dias' },
        null,
      ),
    ).toEqual({
      medication: {
        name: 'Amoxicilina',
        dosage: '500 mg',
        dosePerIntake: '1 cápsula',
        frequency: '8/8h',
        duration: '7 dias',
      },
      filledFromTable: false,
    });
  });
});

describe('fillMissingFromTable', () => {
  it('fills only the empty fields', () => {
    expect(
      fillMissingFromTable(
        { dosage: '25 mg', frequency: '', duration: '', instructions: 'Com água' },
        {
          name: 'losartana',
          dosage: '50 mg',
          frequency: '1x ao dia',
          duration: '30 dias',
          instructions: 'x',
        },
      ),
    ).toEqual({
      fields: {
        dosage: '25 mg',
        frequency: '1x ao dia',
        duration: '30 dias',
        instructions: 'Com água',
      },
      filledFromTable: true,
    });
  });
});
