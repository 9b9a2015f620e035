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

  it("keeps a relative's disease told in the next sentence with 'ele' / 'ela' (rule 2)", () => {
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
    ).toEqual(['diabetes mellitus tipo 2']);
  });
});
