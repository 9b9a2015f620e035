import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractMedicalData } from './extract-medical-data';
import { extractPregnancy, findGestationalAges } from './pregnancy';

const pregnancyOf = (text: string) => extractPregnancy(parseConsultation(text));

describe('extractPregnancy', () => {
  it.each([
    'Paciente gestante de 28 semanas, refere dor lombar.',
    'Médico: O que a senhora sente?\nPaciente: Estou grávida de cinco meses e tenho enjoo.',
    'ana beatriz costa vinte e oito anos gestante refere náusea',
    'idade gestacional trinta e duas semanas pressão cento e quarenta por noventa',
    'Primigesta, 19 anos, com queixa de corrimento.',
  ])('reads a pregnancy in %j', (text) => {
    expect(pregnancyOf(text)).toBe(true);
  });

  it.each([
    'Paciente de 30 anos, nega gestação, DUM há 15 dias.',
    'Médico: A senhora está grávida?\nPaciente: Não, doutor.',
    'Paciente: Não estou grávida, fiz o teste.',
    'Paciente: Minha filha está grávida e eu vim pela minha pressão.',
    'Paciente com história de diabetes gestacional há dez anos.',
    'Paciente de 40 anos, três gestações, dois partos normais.',
  ])('reads none in %j', (text) => {
    expect(pregnancyOf(text)).toBeUndefined();
  });

  it('puts it in the patient data of the extraction, never for a man', () => {
    expect(
      extractMedicalData('Paciente Joana, 25 anos, gestante de 12 semanas.').patientInfo.pregnant,
    ).toBe(true);
    expect(
      extractMedicalData('Paciente Carlos, 40 anos, masculino, a esposa está grávida.').patientInfo
        .pregnant,
    ).toBeUndefined();
  });
});

describe('findGestationalAges', () => {
  const agesOf = (text: string) => findGestationalAges(parseConsultation(text)).map((a) => a.value);

  it.each([
    ['IG 30 semanas, queixa de dor lombar', '30 semanas'],
    ['está com vinte e oito semanas de gestação', '28 semanas'],
    ['gestante de trinta e duas semanas com cefaleia', '32 semanas'],
    ['gestante, está com vinte e oito semanas', '28 semanas'],
    ['idade gestacional de 27 semanas e 3 dias', '27 semanas e 3 dias'],
    ['grávida de sete meses com azia', '7 meses'],
  ])('reads %j', (text, age) => {
    expect(agesOf(text)).toEqual([age]);
  });

  it.each([
    'gestante com tosse há duas semanas',
    'o bebê está com oito semanas de vida',
    'DUM dez de agosto',
    'está com vinte e oito semanas',
  ])('reads none in %j', (text) => {
    expect(agesOf(text)).toEqual([]);
  });

  it.each(['IG 30 semanas, queixa de dor lombar', 'está com vinte e oito semanas de gestação'])(
    'says the patient is pregnant in %j',
    (text) => {
      expect(pregnancyOf(text)).toBe(true);
    },
  );

  it('keeps the gestational age in the extraction’s additional information', () => {
    const result = extractMedicalData(
      'gestante de vinte e oito semanas veio por corrimento há três dias',
    );
    expect(result.patientInfo.pregnant).toBe(true);
    expect(result.symptoms.duration).toBe('3 dias');
    expect(result.symptoms.additionalInfo).toBe('Idade gestacional: 28 semanas.');
  });
});
