import { describe, expect, it } from 'vitest';
import { codedCondition, codedDiagnoses, displayCid10Code, withConditionCode } from './diagnoses';
import { addCidToAssessment } from './step-rules';

describe('coded diagnoses in what the doctor wrote', () => {
  it('reads the lines the CID panel adds, with their description', () => {
    expect(
      codedDiagnoses(
        'Quadro compatível com IVAS.\nJ06.9 - Infecção aguda das vias aéreas superiores',
      ),
    ).toEqual([{ code: 'J06.9', text: 'Infecção aguda das vias aéreas superiores' }]);
  });

  it('reads back the lines addCidToAssessment adds, each code once', () => {
    const assessment = [
      'Cefaleia tensional provável; afastar I10 se a PA seguir alta.',
      'G44.2 - Cefaleia tensional',
      ' i10 – Hipertensão essencial (primária) ',
      'G44.2 - Cefaleia tensional',
      'J45 - Asma',
      'G44 -',
    ].join('\n');
    expect(codedDiagnoses(assessment)).toEqual([
      { code: 'G44.2', text: 'Cefaleia tensional' },
      { code: 'I10', text: 'Hipertensão essencial (primária)' },
      { code: 'J45', text: 'Asma' },
    ]);
    const cid = { code: 'M54.5', description: 'Dor lombar baixa' };
    expect(codedDiagnoses(addCidToAssessment('Lombalgia.', cid))).toEqual([
      { code: 'M54.5', text: 'Dor lombar baixa' },
    ]);
    expect(codedDiagnoses(undefined)).toEqual([]);
  });

  it('reads a code written anywhere after CID, with the words that name it', () => {
    expect(codedDiagnoses('HAS (CID-10 I10), em uso irregular de losartana.')).toEqual([
      { code: 'I10', text: 'HAS' },
    ]);
    expect(codedDiagnoses('HD: faringite aguda, CID J02.9. Orientado.')).toEqual([
      { code: 'J02.9', text: 'faringite aguda' },
    ]);
    expect(codedDiagnoses('Hipótese diagnóstica: gastrite CID10: k29,7')).toEqual([
      { code: 'K29.7', text: 'gastrite' },
    ]);
  });

  it('reads codes alone in parentheses, each with its own words', () => {
    expect(codedDiagnoses('HAS (I10) e DM2 (E11.9) compensados')).toEqual([
      { code: 'I10', text: 'HAS' },
      { code: 'E11.9', text: 'DM2' },
    ]);
  });

  it('gives a list of codes after one CID no words, as they name none in particular', () => {
    expect(codedDiagnoses('Comorbidades. CID-10: I10, E11.9 e E78.5')).toEqual([
      { code: 'I10' },
      { code: 'E11.9' },
      { code: 'E78.5' },
    ]);
  });

  it('takes each code once, in the order written', () => {
    expect(
      codedDiagnoses('I10 - Hipertensão essencial (primária)\nHAS (CID-10 I10) descompensada'),
    ).toEqual([{ code: 'I10', text: 'Hipertensão essencial (primária)' }]);
  });

  it('reads no code that is not written as a diagnosis', () => {
    expect(codedDiagnoses('Dor lombar irradiada, hérnia em L4-L5, fratura antiga de T12.')).toEqual(
      [],
    );
    expect(codedDiagnoses('Deficiência de vitamina B12; repor por 3 meses.')).toEqual([]);
    expect(codedDiagnoses('PA 140/90 (medida 2x)')).toEqual([]);
    expect(codedDiagnoses(undefined)).toEqual([]);
  });

  it('writes codes in their display form', () => {
    expect(displayCid10Code('j069')).toBe('J06.9');
    expect(displayCid10Code('k29,7')).toBe('K29.7');
    expect(displayCid10Code('i10')).toBe('I10');
  });
});

describe("a chart's coded conditions", () => {
  it('reads the code written in a condition, and its words', () => {
    expect(codedCondition('Hipertensão arterial (CID-10 I10)')).toEqual({
      text: 'Hipertensão arterial',
      code: 'I10',
    });
    expect(codedCondition('E11.9 - Diabetes mellitus não-insulino-dependente')).toEqual({
      text: 'Diabetes mellitus não-insulino-dependente',
      code: 'E11.9',
    });
    expect(codedCondition('Asma')).toEqual({ text: 'Asma' });
  });

  it('writes a confirmed code into the condition the way it is read back', () => {
    const coded = withConditionCode('Hipertensão arterial', 'i10');
    expect(coded).toBe('Hipertensão arterial (CID-10 I10)');
    expect(codedCondition(coded)).toEqual({ text: 'Hipertensão arterial', code: 'I10' });
    expect(withConditionCode(coded, 'I15')).toBe(coded);
  });
});
