import { describe, expect, it } from 'vitest';
import { conditionsIn, LAY_CONDITIONS, withoutAbbreviations } from './lay-terms';

const laysIn = (text: string) =>
  conditionsIn(text).map(({ condition, suspected }) =>
    suspected ? `${condition.lay}?` : condition.lay,
  );

describe('conditionsIn', () => {
  it.each([
    ['HAS', ['pressão alta']],
    ['Hipertensão arterial sistêmica', ['pressão alta']],
    ['I10 - Hipertensão essencial (primária)', ['pressão alta']],
    ['DM2 descompensado', ['diabetes']],
    ['Diabetes mellitus tipo 2', ['diabetes']],
    ['ITU baixa', ['uma infecção urinária']],
    ['IVAS', ['um resfriado ou uma gripe']],
    ['GECA', ['uma infecção no intestino']],
    ['DRGE', ['refluxo']],
    ['Lombociatalgia à direita', ['dor na parte de baixo das costas que desce para a perna']],
    ['G43.0 - Enxaqueca sem aura', ['enxaqueca']],
    ['Faringoamigdalite bacteriana', ['uma inflamação na garganta']],
  ])('%s → %j', (text, lays) => {
    expect(laysIn(text)).toEqual(lays);
  });

  it('keeps the order the doctor wrote, each condition once', () => {
    expect(laysIn('DM2, HAS e diabetes mal controlada')).toEqual(['diabetes', 'pressão alta']);
  });

  it('leaves out what is denied or said of a relative', () => {
    expect(laysIn('Nega HAS e DM. Asma.')).toEqual(['asma']);
    expect(laysIn('Sem sinais de pneumonia, com bronquite aguda')).toEqual(['bronquite']);
    expect(laysIn('Mãe com diabetes')).toEqual([]);
    // A denial earlier in the text does not reach a later mention.
    expect(laysIn('Nega DM prévio. Hoje: DM2 recém-diagnosticado.')).toEqual(['diabetes']);
  });

  it('marks a suspicion', () => {
    expect(laysIn('Suspeita de dengue')).toEqual(['dengue?']);
    expect(laysIn('Pneumonia?')).toEqual(['pneumonia?']);
    // 'HD:' opens an assessment: a diagnosis, not a doubt.
    expect(laysIn('HD: sinusite')).toEqual(['sinusite']);
  });

  it('does not read a condition inside another word, nor pulmonary hypertension as high blood pressure', () => {
    expect(laysIn('Paciente hashimoto; hipertensão pulmonar')).toEqual([]);
    expect(laysIn('10 gotas')).toEqual([]);
  });

  it('has plain words for every condition: no abbreviation in capitals', () => {
    for (const condition of LAY_CONDITIONS) {
      expect(condition.lay).not.toMatch(/\b\p{Lu}{2,}\b/u);
      expect(withoutAbbreviations(condition.lay)).toBe(condition.lay);
    }
  });
});

describe('withoutAbbreviations', () => {
  it('writes out whole abbreviations only', () => {
    expect(withoutAbbreviations('Você tem HAS e DM2. Tome VO, SN.')).toBe(
      'Você tem pressão alta e diabetes. Tome pela boca, se precisar.',
    );
    // Of the same gender: the article before still agrees.
    expect(withoutAbbreviations('Procure o PS ou a UBS; a ICC e a DRGE pioram.')).toBe(
      'Procure o pronto-socorro ou a unidade básica de saúde (o posto); a fraqueza do coração e a doença do refluxo pioram.',
    );
    // Lower case and inside words: kept.
    expect(withoutAbbreviations('HASTE; Shas; has')).toBe('HASTE; Shas; has');
  });
});
