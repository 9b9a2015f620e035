import { describe, expect, it } from 'vitest';
import { parseDose, parseFrequency } from './dose-notation';

describe('parseDose', () => {
  it.each([
    ['500 mg', { mg: 500 }],
    ['750mg', { mg: 750 }],
    ['1 g', { mg: 1000 }],
    ['1g', { mg: 1000 }],
    ['0,5 mg', { mg: 0.5 }],
    ['7,5 mg', { mg: 7.5 }],
    ['1.000 mg', { mg: 1000 }],
    ['2 gramas', { mg: 2000 }],
    ['500 miligramas', { mg: 500 }],
  ])('reads the mass in %s', (text, expected) => {
    expect(parseDose(text)).toEqual(expected);
  });

  it('reads micrograms and says so (inhaled doses are written in mcg)', () => {
    expect(parseDose('250 mcg')).toEqual({ mg: 0.25, micrograms: true });
    expect(parseDose('100 µg')).toEqual({ mg: 0.1, micrograms: true });
  });

  it.each([
    ['2 jatos', { count: 2, unit: 'jato' }],
    ['1 jato', { count: 1, unit: 'jato' }],
    ['2 puffs', { count: 2, unit: 'jato' }],
    ['1 inalação', { count: 1, unit: 'jato' }],
    ['40 gotas', { count: 40, unit: 'gota' }],
    ['20 gts', { count: 20, unit: 'gota' }],
    ['1 comprimido', { count: 1, unit: 'comprimido' }],
    ['2 cápsulas', { count: 2, unit: 'comprimido' }],
    ['um comprimido', { count: 1, unit: 'comprimido' }],
    ['duas cápsulas', { count: 2, unit: 'comprimido' }],
    ['5 ml', { count: 5, unit: 'ml' }],
  ])('counts units in %s', (text, expected) => {
    expect(parseDose(text)).toEqual(expected);
  });

  it('multiplies a count by the strength of each unit', () => {
    expect(parseDose('2 comprimidos de 500 mg')).toEqual({
      mg: 1000,
      count: 2,
      unit: 'comprimido',
    });
    expect(parseDose('meio comprimido de 50 mg')).toEqual({
      mg: 25,
      count: 0.5,
      unit: 'comprimido',
    });
    expect(parseDose('2 jatos de 100 mcg')).toEqual({
      mg: 0.2,
      count: 2,
      unit: 'jato',
      micrograms: true,
    });
  });

  it('reads a mass beside a count without "de" as the whole dose', () => {
    expect(parseDose('1 comprimido (500 mg)')).toEqual({ mg: 500, count: 1, unit: 'comprimido' });
    expect(parseDose('2 jatos (200 mcg)')).toEqual({
      mg: 0.2,
      count: 2,
      unit: 'jato',
      micrograms: true,
    });
  });

  it('takes the upper end of a range', () => {
    expect(parseDose('500 mg a 1 g')).toEqual({ mg: 1000 });
    expect(parseDose('500 a 750 mg')).toEqual({ mg: 750 });
    expect(parseDose('1 a 2 jatos')).toEqual({ count: 2, unit: 'jato' });
    expect(parseDose('1-2 comprimidos de 500 mg')).toEqual({
      mg: 1000,
      count: 2,
      unit: 'comprimido',
    });
  });

  it('works out a volume of a solution from its concentration', () => {
    expect(parseDose('10 ml de 250 mg/5 ml')).toEqual({ mg: 500, count: 10, unit: 'ml' });
    expect(parseDose('5 ml (50 mg/ml)')).toEqual({ mg: 250, count: 5, unit: 'ml' });
    // A concentration alone is not a dose.
    expect(parseDose('250 mg/5 ml')).toBeUndefined();
  });

  it('marks a daily total so the frequency does not multiply it', () => {
    expect(parseDose('4 g/dia')).toEqual({ mg: 4000, dailyTotal: true });
    expect(parseDose('3 g por dia')).toEqual({ mg: 3000, dailyTotal: true });
  });

  it('gives up on what it cannot read', () => {
    expect(parseDose('')).toBeUndefined();
    expect(parseDose('conforme orientação')).toBeUndefined();
    expect(parseDose('10 mg/kg')).toBeUndefined();
    expect(parseDose('uma colher')).toBeUndefined();
  });
});

describe('parseFrequency', () => {
  it.each([
    ['8/8h', 3],
    ['8/8 h', 3],
    ['12/12h', 2],
    ['12/12 horas', 2],
    ['6/6h', 4],
    ['4/4h', 6],
    ['24/24h', 1],
    ['48/48h', 0.5],
    ['8/8', 3],
    ['de 6 em 6 horas', 4],
    ['de oito em oito horas', 3],
    ['a cada 4 horas', 6],
    ['cada 12h', 2],
    ['a cada 4 a 6 horas', 6],
    ['3x ao dia', 3],
    ['1x ao dia', 1],
    ['2x/dia', 2],
    ['3 vezes ao dia', 3],
    ['duas vezes por dia', 2],
    ['uma vez ao dia', 1],
    ['até 4x ao dia', 4],
    ['1x por semana', 1 / 7],
    ['a cada 2 dias', 0.5],
    ['diariamente', 1],
    ['dose única', 1],
    ['pela manhã', 1],
    ['em jejum', 1],
    ['pela manhã e à noite', 2],
    ['após o almoço e o jantar', 2],
  ])('reads %s as %d a day', (text, perDay) => {
    expect(parseFrequency(text)).toEqual({ perDay, asNeeded: false });
  });

  it.each([
    'se dor',
    'SOS',
    'se febre',
    'se necessário',
    's/n',
    'em caso de dor',
    'se falta de ar',
  ])('reads %s as taken when needed', (text) => {
    expect(parseFrequency(text)).toEqual({ asNeeded: true });
  });

  it('keeps the interval of an as-needed medicine when there is one', () => {
    expect(parseFrequency('de 6/6h, se dor ou febre')).toEqual({ perDay: 4, asNeeded: true });
    expect(parseFrequency('até 4x ao dia, se falta de ar')).toEqual({ perDay: 4, asNeeded: true });
  });

  it('gives up on what it cannot read', () => {
    expect(parseFrequency('')).toBeUndefined();
    expect(parseFrequency('conforme orientação médica')).toBeUndefined();
    expect(parseFrequency('1/2')).toBeUndefined();
  });
});
