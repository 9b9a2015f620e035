import { describe, expect, it } from 'vitest';
import { checkedDosage, receitaAgeInYears, receitaSafetyCheck } from './receita-safety';

describe('receitaAgeInYears', () => {
  it.each([
    ['45', 45],
    ['45 anos', 45],
    ['1 ano', 1],
    [' 7 Anos ', 7],
    ['8 meses', 0],
    ['1 mês', 0],
    ['10 dias', 0],
    ['', undefined],
    ['adulta', undefined],
    ['45 anos e 3 meses', undefined],
  ])('%j → %j', (written, years) => {
    expect(receitaAgeInYears(written)).toBe(years);
  });
});

describe('receitaSafetyCheck', () => {
  const receita = {
    patientAge: '6 anos',
    patientSex: 'feminino' as const,
    medications: [
      { name: 'Ibuprofeno', dosage: '100 mg/5 mL, 10 mL', frequency: '8/8h' },
      { name: 'Dipirona', dosage: '', frequency: '' },
    ],
  };

  it('reads the medicines and what the receita says of the patient', () => {
    expect(receitaSafetyCheck(receita)).toEqual({
      medications: [
        { name: 'Ibuprofeno', dosage: '100 mg/5 mL, 10 mL', frequency: '8/8h' },
        { name: 'Dipirona' },
      ],
      patient: { age: 6, sex: 'feminino' },
    });
  });

  it('adds her chart: its age, allergies and medicines in use', () => {
    const chart = {
      age: 7,
      sex: 'feminino' as const,
      allergies: ['Dipirona'],
      medications: ['Varfarina 5 mg'],
    };
    expect(receitaSafetyCheck(receita, chart).patient).toEqual({
      age: 7,
      sex: 'feminino',
      allergies: ['Dipirona'],
      medicationsInUse: ['Varfarina 5 mg'],
    });
    const bare = { age: undefined, sex: undefined, allergies: [], medications: [] };
    expect(receitaSafetyCheck({ ...receita, patientAge: '' }, bare).patient).toEqual({
      sex: 'feminino',
    });
  });

  it("adds the visit it came from: the child's weight, a pregnancy, the clearance, and what the step lists", () => {
    const chart = { age: 7, sex: 'feminino' as const, allergies: ['Dipirona'], medications: [] };
    const visit = {
      patientInfo: {
        age: 6,
        gender: 'feminino' as const,
        allergies: ['dipirona', 'Látex'],
        medications: ['Salbutamol spray'],
        creatinineClearance: 80,
      },
      physicalExam: { vitalSigns: { weight: 21 } },
    };
    expect(receitaSafetyCheck(receita, chart, visit).patient).toEqual({
      age: 6,
      sex: 'feminino',
      weightKg: 21,
      allergies: ['Dipirona', 'Látex'],
      medicationsInUse: ['Salbutamol spray'],
      creatinineClearance: 80,
    });
    expect(
      receitaSafetyCheck(receita, undefined, { patientInfo: { pregnant: true } }).patient,
    ).toMatchObject({ pregnant: true, age: 6 });
  });
});

describe('checkedDosage', () => {
  it.each([
    ['250 mg/5 ml', '5 mL', '250 mg/5 ml, 5 mL'],
    ['500 mg', '2 comprimidos', '2 comprimidos de 500 mg'],
    ['50 mcg', 'meio comprimido', 'meio comprimido de 50 mcg'],
    ['500 mg', '2 jatos', '500 mg, 2 jatos'],
    ['400 mg/5 ml, 7 ml', '7 ml', '400 mg/5 ml, 7 ml'],
    ['', '10 gotas', '10 gotas'],
    ['750 mg', '', '750 mg'],
    [undefined, undefined, undefined],
  ])('%j with %j per intake reads %j', (dosage, perIntake, read) => {
    expect(checkedDosage(dosage, perIntake)).toBe(read);
  });
});
