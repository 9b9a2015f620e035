import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractVitalSigns, formatBloodPressure, readHomeReadings } from './vital-signs';

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

  it("reads a bare 'frequência' right after the blood pressure as the heart rate", () => {
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

describe('extractVitalSigns: transcribed speech (no punctuation, numbers in words)', () => {
  it('reads a temperature said without its comma, or with vírgula, ponto or graus e meio', () => {
    expect(
      vitalsOf(
        'deu entrada no pronto socorro com febre de trinta e nove e dois desde a madrugada pulso cento e vinte',
      ),
    ).toEqual({ temperature: 39.2, heartRate: 120 });
    expect(
      vitalsOf('idosa de oitenta anos temperatura trinta e seis vírgula nove sem queixas'),
    ).toEqual({ temperature: 36.9 });
    expect(vitalsOf('agora a temperatura axilar tá trinta e oito ponto quatro')).toEqual({
      temperature: 38.4,
    });
    expect(vitalsOf('acabei de aferir a temperatura trinta e sete graus e meio')).toEqual({
      temperature: 37.5,
    });
  });

  it('reads a run of readings with no punctuation between them', () => {
    expect(
      vitalsOf(
        'vamos aos sinais vitais pressão onze por sete cardíaca oitenta e quatro respiratória vinte e quatro saturando noventa e três temperatura trinta e sete e um',
      ),
    ).toEqual({
      bloodPressure: '110/70',
      heartRate: 84,
      respiratoryRate: 24,
      oxygenSaturation: 93,
      temperature: 37.1,
    });
    expect(vitalsOf('pressão arterial cento e quarenta e cinco por noventa e cinco')).toEqual({
      bloodPressure: '145/95',
    });
    expect(vitalsOf('a pa tá 14 por 9 e a frequência setenta e seis')).toEqual({
      bloodPressure: '140/90',
      heartRate: 76,
    });
  });

  it('reads weight and height said in words', () => {
    expect(
      vitalsOf('subiu na balança peso cinquenta e sete quilos e meio altura um e cinquenta e oito'),
    ).toEqual({
      weight: 57.5,
      height: 158,
      bmi: 23,
    });
    expect(vitalsOf('o recém nascido pesa dois quilos e novecentos gramas')).toEqual({
      weight: 2.9,
    });
    expect(vitalsOf('peso sessenta e oito e trezentos mede um metro e meio')).toEqual({
      weight: 68.3,
      height: 150,
      bmi: 30.4,
    });
  });

  it('never reads an age, a duration, a pain score, a disease or a past fever as a vital', () => {
    expect(
      vitalsOf('homem de trinta e sete anos com temperatura trinta e sete anos atrás'),
    ).toEqual({});
    expect(vitalsOf('frequência respiratória normal dor sete de dez no peito')).toEqual({});
    expect(vitalsOf('tem insuficiência respiratória há dois anos e usa bombinha')).toEqual({});
    expect(vitalsOf('insuficiência cardíaca classe funcional três desde os cinquenta')).toEqual({});
    expect(vitalsOf('sinto um peso nas pernas faz uns quatro dias')).toEqual({});
    expect(vitalsOf('eu tive febre de trinta e nove e meio anteontem')).toEqual({});
    expect(vitalsOf('febre de trinta e oito e meio ontem à noite agora tá melhor')).toEqual({});
    expect(vitalsOf('nega febre de trinta e oito e meio')).toEqual({});
    expect(vitalsOf('a pressão em casa costuma dar treze por nove')).toEqual({});
  });

  it('never reads an implausible temperature, nor a whole number after a fever word', () => {
    expect(vitalsOf('temperatura quarenta e oito e dois')).toEqual({});
    expect(vitalsOf('febre de trinta e nove há três dias tosse seca')).toEqual({});
  });
});

describe('a reading taken at home is not today’s', () => {
  it.each([
    'em casa a pressão deu dezesseis por dez',
    'a pressão estava dezesseis por dez lá em casa ontem',
    'pressão dezesseis por dez em casa de manhã',
    'ontem mediu trinta e oito e meio de febre',
    'a temperatura em casa deu trinta e oito e sete',
  ])('reads no vital sign in %j', (text) => {
    expect(vitalsOf(text)).toEqual({});
  });

  it.each([
    ['pressão em casa deu dezesseis por dez agora aqui deu treze por oito', '130/80'],
    ['em casa a pressão deu dezesseis por dez e aqui no consultório catorze por nove', '140/90'],
    ['a pressão em casa tava alta vou medir treze por oito', '130/80'],
    ['a pressão deu quinze por nove agora', '150/90'],
  ])('reads today’s after the one at home in %j', (text, bloodPressure) => {
    expect(vitalsOf(text).bloodPressure).toBe(bloodPressure);
  });

  it('lists the readings taken at home', () => {
    const c = parseConsultation(
      'em casa a pressão deu dezesseis por dez a glicemia em casa estava duzentos e ontem mediu ' +
        'trinta e oito de febre agora aqui deu treze por oito',
    );
    expect(readHomeReadings(c).map(({ key, value }) => [key, value])).toEqual([
      ['bloodPressure', '160/100'],
      ['glucose', 200],
      ['temperature', 38],
    ]);
  });
});
