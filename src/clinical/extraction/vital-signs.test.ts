import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractVitalSigns, formatBloodPressure } from './vital-signs';

const vitalsOf = (text: string) => extractVitalSigns(parseConsultation(text));

describe('extractVitalSigns', () => {
  it("reads a note's abbreviations", () => {
    expect(vitalsOf('EF: PA 140x90 mmHg, FC 64 bpm, FR 18 irpm, Tax 37,9 °C, SatO2 95%.')).toEqual({
      bloodPressure: '140/90',
      heartRate: 64,
      respiratoryRate: 18,
      temperature: 37.9,
      oxygenSaturation: 95,
    });
  });

  it('reads spoken notations', () => {
    expect(
      vitalsOf(
        'Médico: A pressão tá 13 por 8 e meio. Pulso 100. Temperatura trinta e nove e meio.',
      ),
    ).toEqual({ bloodPressure: '130/85', heartRate: 100, temperature: 39.5 });
    expect(
      vitalsOf('Médico: Vou medir. Pressão arterial de dezessete por onze.').bloodPressure,
    ).toBe('170/110');
    expect(
      vitalsOf('Médico: Saturação de 92 por cento, respirando 28 incursões por minuto.'),
    ).toEqual({
      oxygenSaturation: 92,
      respiratoryRate: 28,
    });
  });

  it('reads weight and height, and computes the BMI only with both', () => {
    expect(vitalsOf('Peso 58 kg, altura 1,62 m.')).toEqual({ weight: 58, height: 162, bmi: 22.1 });
    expect(vitalsOf('Pesando 91,3 quilos e medindo 180 cm.')).toEqual({
      weight: 91.3,
      height: 180,
      bmi: 28.2,
    });
    expect(vitalsOf('Peso: 70 kg. IMC 25.')).toEqual({ weight: 70 });
    expect(vitalsOf('Médico: Quanto pesa?\nPaciente: Peso uns 64 quilos.')).toEqual({ weight: 64 });
  });

  it('does not read history, reports from home, losses or questions', () => {
    expect(vitalsOf('Paciente: Ontem medi em casa e deu 15 por 10. Tive febre de 39.')).toEqual({});
    expect(vitalsOf('Refere febre de 38,5 ontem. Perdeu 6 kg em um mês.')).toEqual({});
    expect(vitalsOf('Paciente: Engordei uns 4 quilos.')).toEqual({});
    expect(vitalsOf('Médico: A pressão costuma ficar em 12 por 8?\nPaciente: Sim.')).toEqual({});
  });
});

describe('formatBloodPressure', () => {
  it('writes systolic/diastolic in mmHg', () => {
    expect(formatBloodPressure('12', '8')).toBe('120/80');
    expect(formatBloodPressure('15', '9')).toBe('150/90');
    expect(formatBloodPressure('128', '84')).toBe('128/84');
    expect(formatBloodPressure('80', '120')).toBeUndefined();
  });

  it("reads a bare 'frequência' right after the blood pressure as the heart rate (rule 7)", () => {
    expect(vitalsOf('Médico: Pressão 11 por 7, frequência 74.').heartRate).toBe(74);
    expect(vitalsOf('Médico: A pressão está 14 e meio por 9, frequência de 90.').heartRate).toBe(
      90,
    );
  });

  it("does not read another 'frequência' as the heart rate", () => {
    expect(
      vitalsOf('Médico: Pressão 11 por 7, frequência respiratória 16.').heartRate,
    ).toBeUndefined();
    expect(
      vitalsOf('Médico: A frequência 3 vezes por dia, pressão 12 por 8.').heartRate,
    ).toBeUndefined();
  });
});

describe('extractVitalSigns: look-alikes', () => {
  it('never reads an angle, a fetal heart rate or a head circumference as vitals', () => {
    expect(vitalsOf('EF: Lasègue positivo a 40 graus.')).toEqual({});
    expect(vitalsOf('EF: BCF 140 bpm.')).toEqual({});
    expect(vitalsOf('EF: Perímetro cefálico mede 35 cm.')).toEqual({});
  });

  it('near miss: a real temperature, heart rate and height', () => {
    expect(vitalsOf('EF: Febril, 38,2 graus. FC 98 bpm.')).toEqual({
      temperature: 38.2,
      heartRate: 98,
    });
    expect(vitalsOf('EF: Tax 37,8 °C.')).toEqual({ temperature: 37.8 });
    expect(vitalsOf('Paciente: Eu meço 1 e 75.').height).toBe(175);
  });
});
