import { describe, expect, it } from 'vitest';
import { foldForMatching } from '@shared/lib/text-folding';
import { capitalizeFirst, countMatches, foldedTermsPattern, normalizeTextSpacing } from './text';

describe('foldForMatching', () => {
  it('drops case, accents and punctuation', () => {
    expect(foldForMatching('  Dor de CABEÇA, há 2 dias!  ')).toBe('dor de cabeca ha 2 dias');
    expect(foldForMatching('Pressão')).toBe(foldForMatching('pressao'));
  });
});

describe('foldedTermsPattern and countMatches', () => {
  it('matches whole words, or stems marked with *', () => {
    const pattern = foldedTermsPattern(['dor', 'alergi*', 'falta de ar']);
    expect(pattern.test('tenho dor')).toBe(true);
    expect(pattern.test('vou dormir')).toBe(false);
    expect(pattern.test('e alergico')).toBe(true);
    expect(pattern.test('sinto falta de ar')).toBe(true);
  });

  it('counts every occurrence, including neighbours', () => {
    const pattern = foldedTermsPattern(['dor', 'febre']);
    expect(countMatches('dor dor febre e mais dor', pattern)).toBe(4);
    expect(countMatches('nada aqui', pattern)).toBe(0);
  });
});

describe('capitalizeFirst', () => {
  it('capitalises a leading letter, after quotes or brackets', () => {
    expect(capitalizeFirst('dor de cabeça')).toBe('Dor de cabeça');
    expect(capitalizeFirst('"febre alta"')).toBe('"Febre alta"');
    expect(capitalizeFirst('ébrio')).toBe('Ébrio');
  });

  it('leaves a leading number alone', () => {
    expect(capitalizeFirst('3 dias de febre')).toBe('3 dias de febre');
  });
});

describe('normalizeTextSpacing', () => {
  it.each([
    ['dor   de \t cabeça', 'dor de cabeça'],
    ['febre , tosse ; coriza .', 'febre, tosse; coriza.'],
    ['febre,tosse;coriza', 'febre, tosse; coriza'],
    ['SatO2 97 %', 'SatO2 97%'],
    ['( sem febre )', '(sem febre)'],
    ['febre,, tosse', 'febre, tosse'],
    ['febre , .', 'febre.'],
    ['febre..', 'febre.'],
    ['Paciente:Juliana', 'Paciente: Juliana'],
    ['PA:120/80', 'PA: 120/80'],
    ['dor.Paciente refere', 'dor. Paciente refere'],
    ['espera...e volta', 'espera... e volta'],
    ['Tax 37,8 às 10:30, 8/8h, 1.000 UI', 'Tax 37,8 às 10:30, 8/8h, 1.000 UI'],
    ['febre,38 graus', 'febre, 38 graus'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeTextSpacing(input)).toBe(expected);
  });

  it('keeps line breaks and collapses runs of blank lines', () => {
    expect(normalizeTextSpacing('  Médico: oi \r\n\n\n\nPaciente:  oi  \n')).toBe(
      'Médico: oi\n\nPaciente: oi',
    );
  });

  it('removes NUL characters', () => {
    expect(normalizeTextSpacing('dor\u0000 lombar')).toBe('dor lombar');
  });
});
