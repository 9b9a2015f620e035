import { describe, expect, it } from 'vitest';
import { extractChronicConditions } from './chronic-conditions';
import { parseConsultation } from './consultation-text';

const conditionsOf = (text: string) => extractChronicConditions(parseConsultation(text));

describe('extractChronicConditions', () => {
  it('expands abbreviations and lay words to the full name', () => {
    expect(conditionsOf('AP: HAS, DM2, DPOC e ICC. IRC em tratamento conservador.')).toEqual([
      'hipertensão arterial sistêmica',
      'diabetes mellitus tipo 2',
      'doença pulmonar obstrutiva crônica',
      'insuficiência cardíaca',
      'doença renal crônica',
    ]);
    expect(conditionsOf('Paciente: Tenho pressão alta e colesterol alto.')).toEqual([
      'hipertensão arterial sistêmica',
      'dislipidemia',
    ]);
    expect(conditionsOf('Senhora hipotireoidea, diabética tipo 1.')).toEqual([
      'hipotireoidismo',
      'diabetes mellitus tipo 1',
    ]);
  });

  it("never takes a relative's, a denied or an asked-about condition", () => {
    expect(conditionsOf('Paciente: Minha mãe tem diabetes e meu pai pressão alta.')).toEqual([]);
    expect(conditionsOf('Paciente: Não tenho pressão alta nem diabetes.')).toEqual([]);
    expect(conditionsOf('Nega HAS e DM. AF: pai com DPOC.')).toEqual([]);
    expect(conditionsOf('Médico: Tem asma ou bronquite?\nPaciente: Não.')).toEqual([]);
    expect(conditionsOf('Paciente: Tenho medo de ter diabetes.')).toEqual([]);
  });

  it("never takes today's diagnosis for a chronic condition", () => {
    expect(conditionsOf('Refere tosse. Impressão: asma descompensada.')).toEqual([]);
    expect(conditionsOf('Médico: O senhor está com hipertensão, vamos tratar.')).toEqual([]);
  });

  it('needs a history cue for common words such as anxiety', () => {
    expect(conditionsOf('Paciente: Tô com muita ansiedade.')).toEqual([]);
    expect(conditionsOf('Paciente: Tenho depressão, faço tratamento.')).toEqual(['depressão']);
  });

  it("keeps a relative's disease told in the next sentence with 'ele' / 'ela'", () => {
    expect(
      conditionsOf('Paciente: Minha irmã tem asma desde pequena. Ela também é hipertensa.'),
    ).toEqual([]);
  });

  it("still reads the patient's own disease after a sentence about a relative", () => {
    expect(conditionsOf('Paciente: Minha avó teve derrame. Eu sou hipertenso.')).toEqual([
      'hipertensão arterial sistêmica',
    ]);
    // A carer's 'ela' is the patient.
    expect(
      conditionsOf('Médico: Quais doenças ela tem?\nFilho: É minha mãe. Ela é diabética.'),
    ).toEqual(['diabetes mellitus']);
  });
});

describe('extractChronicConditions: tests, vaccines, acute episodes and quantities', () => {
  it('never takes a negative test, a vaccine, an acute episode or a drop for a disease', () => {
    expect(conditionsOf('Paciente: Fiz sorologia para HIV não reagente.')).toEqual([]);
    expect(conditionsOf('Paciente: Fiz exame de HIV, deu negativo.')).toEqual([]);
    expect(conditionsOf('Paciente: Tomei a vacina da hepatite B.')).toEqual([]);
    expect(
      conditionsOf('Paciente: Tive insuficiência renal aguda no ano passado, mas já recuperei.'),
    ).toEqual([]);
    expect(conditionsOf('Paciente: Tenho que pingar uma gota de colírio.')).toEqual([]);
  });

  it('near miss: the disease itself, or a positive test, is kept', () => {
    expect(conditionsOf('Paciente: Tenho HIV e hepatite B. Tenho gota.')).toEqual([
      'HIV',
      'hepatite B crônica',
      'gota',
    ]);
    expect(conditionsOf('Paciente: A sorologia para HIV deu positivo.')).toEqual(['HIV']);
    expect(conditionsOf('Paciente: Tenho insuficiência renal crônica.')).toEqual([
      'doença renal crônica',
    ]);
  });

  it('names only what was said: no invented type or qualifier', () => {
    expect(conditionsOf('Paciente: Tenho diabetes, uso insulina NPH.')).toEqual([
      'diabetes mellitus',
    ]);
    expect(conditionsOf('Paciente: Tenho diabetes tipo 2.')).toEqual(['diabetes mellitus tipo 2']);
    expect(conditionsOf('Paciente: Tenho bronquite e rinite.')).toEqual(['bronquite', 'rinite']);
    expect(conditionsOf('Paciente: Tenho rinite alérgica.')).toEqual(['rinite alérgica']);
  });
});

describe("today's diagnosis is not a chronic condition", () => {
  it.each([
    'tosse e chiado há três dias isso é asma vou passar a bombinha',
    'glicemia de jejum cento e oitenta e glicada oito isso confirma diabetes vamos começar metformina',
    'pressão de dezesseis por dez de novo hipótese de hipertensão arterial vou pedir um mapa',
    'espirros e coriza toda manhã vou tratar como rinite alérgica',
    'dor de cabeça latejante com enjoo parece uma enxaqueca',
  ])('leaves out the diagnosis of %j', (text) => {
    expect(conditionsOf(text)).toEqual([]);
  });

  it('keeps what she already has, even after a diagnosis made today', () => {
    expect(
      conditionsOf(
        'tosse e dor na face isso é uma sinusite ela tem pressão alta há dez anos e é diabética',
      ),
    ).toEqual(['hipertensão arterial sistêmica', 'diabetes mellitus']);
    expect(conditionsOf('paciente é diabética e hipertensa veio por dor de garganta')).toEqual([
      'diabetes mellitus',
      'hipertensão arterial sistêmica',
    ]);
  });
});

describe("a relative's condition in speech that runs on", () => {
  it.each([
    'meu pai tem asma e a minha mãe é diabética eu não tenho nada',
    'a mãe dela é diabética e o pai hipertenso',
    'asma só o meu pai tem',
    'diabetes tem na família o avô e a tia',
  ])('leaves out the relatives’ of %j', (text) => {
    expect(conditionsOf(text)).toEqual([]);
  });

  it('keeps her own after a relative’s', () => {
    expect(conditionsOf('o meu pai tinha asma sou hipertensa há dez anos')).toEqual([
      'hipertensão arterial sistêmica',
    ]);
    expect(conditionsOf('tenho diabetes igual a minha mãe')).toEqual(['diabetes mellitus']);
    expect(conditionsOf('tenho pressão alta e sou diabética o meu pai tinha asma')).toEqual([
      'hipertensão arterial sistêmica',
      'diabetes mellitus',
    ]);
  });
});
