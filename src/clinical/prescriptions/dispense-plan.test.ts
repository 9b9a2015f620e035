import { describe, expect, it } from 'vitest';
import { computeDispenseQuantity, planDispense, withDispenseQuantity } from './dispense-plan';
import { treatmentDays } from './schedule';

describe('computeDispenseQuantity', () => {
  it('counts cápsulas from the strength the dosage names: amoxicilina 500 mg 8/8h for 7 days', () => {
    expect(
      planDispense({
        name: 'Amoxicilina',
        dosage: '500mg',
        frequency: 'A cada 8 horas',
        duration: '7 dias',
      }),
    ).toEqual({
      dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
      derivedDosePerIntake: '1 cápsula',
    });
  });

  it('counts comprimidos: ibuprofeno 600 mg 8/8h for 5 days is 15', () => {
    expect(
      computeDispenseQuantity({
        name: 'Ibuprofeno',
        dosage: '600 mg',
        frequency: '8/8h',
        duration: '5 dias',
      }),
    ).toEqual({ amount: 15, unit: 'comprimidos', text: '15 (quinze) comprimidos' });
  });

  it('takes the form and count the doctor wrote: 1 comprimido à noite, 2 drágeas', () => {
    expect(
      computeDispenseQuantity({
        name: 'Clonazepam',
        dosage: '2mg',
        dosePerIntake: '1 comprimido',
        frequency: 'À noite',
        duration: '30 dias',
      })?.text,
    ).toBe('30 (trinta) comprimidos');
    expect(
      computeDispenseQuantity({
        name: 'Hioscina',
        dosePerIntake: '2 drágeas',
        frequency: '3x ao dia',
        duration: '2 dias',
      })?.text,
    ).toBe('12 (doze) drágeas');
  });

  it('counts half a tablet and rounds up to whole ones', () => {
    expect(
      computeDispenseQuantity({
        name: 'Losartana',
        dosage: '50mg',
        dosePerIntake: 'meio comprimido',
        frequency: '1x ao dia',
        duration: '15 dias',
      })?.text,
    ).toBe('8 (oito) comprimidos');
  });

  it('dispenses mL of a suspension in frascos of the catalogue volume', () => {
    // 7 mL × 3 × 10 days = 210 mL; amoxicilina suspension frascos hold 150 mL.
    expect(
      computeDispenseQuantity({
        name: 'Amoxicilina',
        dosage: '250 mg/5 ml',
        dosePerIntake: '7 ml',
        frequency: '8/8h',
        duration: '10 dias',
      }),
    ).toEqual({ amount: 2, unit: 'frascos', text: '2 (dois) frascos' });
    expect(
      computeDispenseQuantity({
        name: 'Paracetamol',
        dosage: '32 mg/ml',
        dosePerIntake: '5 mL',
        frequency: '6/6h',
        duration: '3 dias',
      })?.text,
    ).toBe('1 (um) frasco');
  });

  it('dispenses drops in frascos at 20 drops a mL', () => {
    // 40 gotas × 4 × 5 days = 800 gotas = 40 mL; dipirona drops come in 20 mL.
    expect(
      computeDispenseQuantity({
        name: 'Dipirona',
        dosage: '500 mg/ml',
        dosePerIntake: '40 gotas',
        frequency: 'de 6/6h',
        duration: '5 dias',
      })?.text,
    ).toBe('2 (dois) frascos');
  });

  it('picks the frasco of the strength written when volumes differ', () => {
    const drops = (dosage: string) =>
      computeDispenseQuantity({
        name: 'Ibuprofeno',
        dosage,
        dosePerIntake: '30 gotas',
        frequency: '8/8h',
        duration: '10 dias',
      })?.amount;
    // 900 gotas at 10 a mL (its bula) = 90 mL: three frascos of 30 mL, five of 20 mL; no
    // strength, no guess.
    expect(drops('50 mg/ml')).toBe(3);
    expect(drops('100 mg/ml')).toBe(5);
    expect(drops('')).toBeUndefined();
  });

  it("counts drops by the label's dropper where it is not 20 a mL", () => {
    // Paracetamol 200 mg/ml: 15 gotas a mL. 15 gotas × 4 × 5 days = 300 gotas = 20 mL, and its
    // frasco holds 15 mL: two (at 20 a mL it would have read one, and run short).
    expect(
      computeDispenseQuantity({
        name: 'Paracetamol',
        dosage: '200 mg/ml',
        dosePerIntake: '15 gotas',
        frequency: '6/6h',
        duration: '5 dias',
      })?.text,
    ).toBe('2 (dois) frascos');
  });

  it('counts ampolas whole per intake', () => {
    expect(
      computeDispenseQuantity({
        name: 'Dipirona',
        dosage: '1 g',
        dosePerIntake: '1 ampola',
        frequency: 'dose única',
      })?.text,
    ).toBe('1 (uma) ampola');
    expect(
      computeDispenseQuantity({
        name: 'Ondansetrona',
        dosePerIntake: '1 ampola',
        frequency: '12/12h',
        duration: '2 dias',
      })?.text,
    ).toBe('4 (quatro) ampolas');
  });

  it('dispenses creams in bisnagas: one per 30 days, or by grams when written', () => {
    expect(
      computeDispenseQuantity({
        name: 'Cetoconazol creme',
        dosage: '20 mg/g',
        frequency: '2x ao dia',
        duration: '14 dias',
      })?.text,
    ).toBe('1 (uma) bisnaga');
    expect(
      computeDispenseQuantity({
        name: 'Diclofenaco gel',
        dosePerIntake: '4 g',
        frequency: '3x ao dia',
        duration: '7 dias',
      })?.text,
    ).toBe('2 (duas) bisnagas');
  });

  it('dispenses inhaler doses in frascos', () => {
    // 2 jatos × 4 × 30 days = 240 doses; a frasco holds 200.
    expect(
      computeDispenseQuantity({
        name: 'Salbutamol',
        dosage: '100 mcg/dose',
        dosePerIntake: '2 jatos',
        frequency: '6/6h',
        duration: '30 dias',
      })?.text,
    ).toBe('2 (dois) frascos');
  });

  it("counts 'se necessário' at its stated interval, else at the table's most a day", () => {
    expect(
      computeDispenseQuantity({
        name: 'Dipirona',
        dosage: '500mg',
        frequency: 'A cada 6 horas, em caso de dor',
        duration: '3 dias',
      })?.amount,
    ).toBe(12);
    // Dipirona: at most 4 a day.
    expect(
      computeDispenseQuantity({
        name: 'Dipirona',
        dosage: '500mg',
        frequency: 'se dor ou febre',
        duration: '2 dias',
      })?.amount,
    ).toBe(8);
    // No interval and no table entry: nothing to count from.
    expect(
      computeDispenseQuantity({
        name: 'Ambroxol',
        dosePerIntake: '5 mL',
        frequency: 'SOS',
        duration: '5 dias',
      }),
    ).toBeUndefined();
  });

  it("counts 'uso contínuo' as 30 days, unless a duration is stated", () => {
    const losartana = { name: 'Losartana', dosage: '50mg', frequency: '12/12h' };
    expect(computeDispenseQuantity({ ...losartana, duration: 'Uso contínuo' })?.amount).toBe(60);
    expect(
      computeDispenseQuantity({ ...losartana, frequency: '12/12h, uso contínuo' })?.amount,
    ).toBe(60);
    expect(computeDispenseQuantity({ ...losartana, duration: '90 dias' })?.amount).toBe(180);
  });

  it('reads durations in days, weeks and months', () => {
    const weekly = {
      name: 'Alendronato',
      dosePerIntake: '1 comprimido',
      frequency: '1x por semana',
    };
    expect(computeDispenseQuantity({ ...weekly, duration: '4 semanas' })?.amount).toBe(4);
    expect(computeDispenseQuantity({ ...weekly, duration: '3 meses' })?.amount).toBe(13);
    expect(treatmentDays('7 dias')).toBe(7);
    expect(treatmentDays('duas semanas')).toBe(14);
    expect(treatmentDays('2 meses')).toBe(60);
    expect(treatmentDays('3 a 5 dias')).toBe(5);
    expect(treatmentDays('uso contínuo')).toBe(30);
    expect(treatmentDays('')).toBeUndefined();
  });

  it('invents nothing: no duration, no frequency, an unknown medicine or presentation', () => {
    const amoxicilina = { name: 'Amoxicilina', dosage: '500mg' };
    expect(computeDispenseQuantity({ ...amoxicilina, frequency: '8/8h' })).toBeUndefined();
    expect(computeDispenseQuantity({ ...amoxicilina, duration: '7 dias' })).toBeUndefined();
    expect(
      computeDispenseQuantity({
        ...amoxicilina,
        frequency: 'Conforme orientação médica',
        duration: '7 dias',
      }),
    ).toBeUndefined();
    expect(
      computeDispenseQuantity({
        name: 'Xyzzyl',
        dosage: '500mg',
        frequency: '8/8h',
        duration: '7 dias',
      }),
    ).toBeUndefined();
    // A mass no strength of the catalogue makes.
    expect(
      computeDispenseQuantity({
        ...amoxicilina,
        dosage: '300mg',
        frequency: '8/8h',
        duration: '7 dias',
      }),
    ).toBeUndefined();
    // Losartana has no liquid presentation to put mL in.
    expect(
      computeDispenseQuantity({
        name: 'Losartana',
        dosePerIntake: '5 mL',
        frequency: '1x ao dia',
        duration: '7 dias',
      }),
    ).toBeUndefined();
  });
});

describe('withDispenseQuantity', () => {
  it("replaces a model's number with the computed one and fills the derived dose", () => {
    expect(
      withDispenseQuantity({
        name: 'Amoxicilina',
        dosage: '500mg',
        frequency: '8/8h',
        duration: '7 dias',
        dispenseQuantity: { amount: 7, unit: '', text: '7 (sete)' },
      }),
    ).toEqual({
      name: 'Amoxicilina',
      dosage: '500mg',
      dosePerIntake: '1 cápsula',
      frequency: '8/8h',
      duration: '7 dias',
      dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
    });
  });

  it("drops a model's number it cannot check, and keeps the doctor's own", () => {
    expect(
      withDispenseQuantity({
        name: 'Amoxicilina',
        dispenseQuantity: { amount: 7, unit: 'caixas', text: '7 (sete) caixas' },
      }),
    ).toEqual({ name: 'Amoxicilina' });
    const doctors = { amount: 2, unit: 'caixas', text: '2 (duas) caixas', enteredByDoctor: true };
    expect(
      withDispenseQuantity({
        name: 'Amoxicilina',
        dosage: '500mg',
        frequency: '8/8h',
        duration: '7 dias',
        dispenseQuantity: doctors,
      }).dispenseQuantity,
    ).toEqual(doctors);
  });
});
