import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractPatientAge } from './patient-age';

const ageOf = (text: string) => extractPatientAge(parseConsultation(text));

describe('extractPatientAge', () => {
  it('reads ages in digits and in words', () => {
    expect(ageOf('Paciente: Tenho sessenta e dois anos.')).toBe(62);
    expect(ageOf('Paciente: Eu tenho 19 anos.')).toBe(19);
    expect(ageOf('Paciente: Tô com oitenta e quatro anos, doutor.')).toBe(84);
    expect(ageOf('Idosa de 91 anos, acamada.')).toBe(91);
    expect(ageOf('Idade: 40')).toBe(40);
    expect(ageOf('Lauro Pinto, 33 anos, motorista.')).toBe(33);
    expect(ageOf('Homem, 27a, refere tosse.')).toBe(27);
  });

  it('reads the answer to "quantos anos?"', () => {
    expect(ageOf('Médico: Quantos anos o senhor tem?\nPaciente: Cinquenta e cinco.')).toBe(55);
    expect(ageOf('Médico: Sua idade?\nPaciente: 23, doutora.')).toBe(23);
  });

  it("reads a carer giving the child's age", () => {
    expect(ageOf('Médica: Qual a idade dele?\nMãe: Ele tem 7 anos.')).toBe(7);
  });

  it("never reads a duration or a relative's age", () => {
    expect(ageOf('Paciente hipertensa há 12 anos, refere cefaleia.')).toBeUndefined();
    expect(ageOf('Paciente: Faz 3 anos que tenho essa dor.')).toBeUndefined();
    expect(ageOf('Paciente: Tem 2 anos que eu sinto isso.')).toBeUndefined();
    expect(ageOf('Paciente: Minha mãe tem 80 anos e cuida de mim.')).toBeUndefined();
    expect(ageOf('Tabagista, 30 anos-maço.')).toBeUndefined();
  });

  it('keeps ages within 0–150', () => {
    expect(ageOf('Paciente: Tenho 200 anos.')).toBeUndefined();
  });
});

describe('extractPatientAge: transcribed speech, lower case and unpunctuated', () => {
  it.each([
    ['boa tarde quantos anos a senhora tem setenta e quatro e o que aconteceu', 74],
    ['qual a sua idade eu tenho quarenta e um doutor', 41],
    ['sebastião ferreira de souza setenta e um anos aposentado vem com falta de ar', 71],
    ['paciente luciana prado quarenta e quatro anos refere cefaleia', 44],
    ['idosa oitenta e sete anos acamada com febre', 87],
    ['eu trouxe meu pai ele se chama josé ribeiro ele tem oitenta e quatro anos', 84],
    ['quantos anos o senhor tem tenho cinquenta e oito faz três anos que tenho pressão alta', 58],
  ])('%s → %s', (text, age) => {
    expect(ageOf(text)).toBe(age);
  });

  it.each([
    'há quantos anos o senhor tem diabetes faz uns quinze anos',
    'quantos anos tem a sua mãe oitenta e dois',
    'e a sua mãe quantos anos ela tem noventa',
    'fumou durante trinta anos e parou faz dois anos',
    'quantos anos a senhora tem três meses de gestação',
    'qual a idade gestacional trinta e duas semanas',
  ])('no age in: %s', (text) => {
    expect(ageOf(text)).toBeUndefined();
  });
});
