import { describe, expect, it } from 'vitest';
import { parseDose, parseFrequency } from './dose-notation';
import { DOSING_HINTS, checkPrescription, findDosingHint } from './dosing';

/**
 * The dosing hints the original product specification listed (it spells sinvastatina
 * 'simvastatina', an alias here).
 */
const SPEC_DRUGS = [
  'dipirona',
  'paracetamol',
  'ibuprofeno',
  'omeprazol',
  'losartana',
  'amoxicilina',
  'azitromicina',
  'simvastatina',
  'metformina',
  'loratadina',
  'fluoxetina',
  'atenolol',
  'beclometasona',
  'budesonida',
  'salbutamol',
];

describe('dosing hints', () => {
  it.each(SPEC_DRUGS)('has a full adult regimen with a daily maximum for %s', (name) => {
    const hint = findDosingHint(name);
    expect(hint).toBeDefined();
    expect(hint?.dosage).not.toBe('');
    expect(hint?.frequency).not.toBe('');
    expect(hint?.duration).not.toBe('');
    expect(hint?.instructions).not.toBe('');
    expect(hint?.maxDaily).toBeDefined();
  });

  it('holds more than the required medicines, each once', () => {
    expect(DOSING_HINTS.length).toBeGreaterThan(SPEC_DRUGS.length);
    const names = DOSING_HINTS.map((hint) => hint.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('finds the hint by brand name or with a strength after the name', () => {
    expect(findDosingHint('Novalgina')?.name).toBe('dipirona');
    expect(findDosingHint('Tylenol 750 mg')?.name).toBe('paracetamol');
    expect(findDosingHint('Aerolin spray')?.name).toBe('salbutamol');
    expect(findDosingHint('Remédio desconhecido')).toBeUndefined();
  });

  it('states the fixed daily maxima', () => {
    expect(findDosingHint('paracetamol')?.maxDaily).toMatchObject({ mg: 4000 });
    expect(findDosingHint('dipirona')?.maxDaily).toMatchObject({ mg: 4000 });
    expect(findDosingHint('salbutamol')?.maxDaily).toMatchObject({ puffs: 8 });
    expect(findDosingHint('ibuprofeno')?.maxDaily).toMatchObject({ mg: 2400 });
  });

  it.each(DOSING_HINTS.filter((hint) => hint.maxDaily).map((hint) => [hint.name, hint] as const))(
    'suggests for %s a regimen the dose check can read and accepts',
    (_name, hint) => {
      expect(parseDose(hint.dosage)).toBeDefined();
      expect(parseFrequency(hint.frequency)).toBeDefined();
      expect(checkPrescription(hint)).toEqual([]);
    },
  );
});

describe('checkPrescription: daily dose', () => {
  it('warns when dosage × frequency exceeds the maximum, in the unit of the maximum', () => {
    expect(checkPrescription({ name: 'paracetamol', dosage: '1 g', frequency: '4/4h' })).toEqual([
      'Dose diária de paracetamol (6 g) acima do máximo recomendado de 4 g/dia.',
    ]);
    expect(
      checkPrescription({ name: 'ibuprofeno', dosage: '800 mg', frequency: 'de 6 em 6 horas' }),
    ).toEqual(['Dose diária de ibuprofeno (3,2 g) acima do máximo recomendado de 2,4 g/dia.']);
    expect(checkPrescription({ name: 'losartana', dosage: '100mg', frequency: '12/12h' })).toEqual([
      'Dose diária de losartana (200 mg) acima do máximo recomendado de 100 mg/dia.',
    ]);
    expect(
      checkPrescription({ name: 'salbutamol', dosage: '2 jatos', frequency: 'a cada 4 horas' }),
    ).toEqual(['Dose diária de salbutamol (12 jatos) acima do máximo recomendado de 8 jatos/dia.']);
  });

  it('accepts a dose exactly at the maximum', () => {
    expect(checkPrescription({ name: 'paracetamol', dosage: '1 g', frequency: '6/6h' })).toEqual(
      [],
    );
    expect(checkPrescription({ name: 'dipirona', dosage: '1 g', frequency: '6/6h' })).toEqual([]);
    expect(
      checkPrescription({ name: 'ibuprofeno', dosage: '800 mg', frequency: '3x ao dia' }),
    ).toEqual([]);
    expect(
      checkPrescription({ name: 'salbutamol', dosage: '2 jatos', frequency: '4x ao dia' }),
    ).toEqual([]);
  });

  it('reads every common notation of dose and frequency', () => {
    const over = (dosage: string, frequency: string) =>
      checkPrescription({ name: 'paracetamol', dosage, frequency }).length;
    expect(over('750mg', '3x ao dia')).toBe(0);
    expect(over('750 mg', '8/8h')).toBe(0);
    expect(over('2 comprimidos de 750 mg', '6/6h')).toBe(1);
    expect(over('1 g', 'de 4 em 4 horas')).toBe(1);
    expect(over('1 g', '12/12h')).toBe(0);
    expect(over('1 g', '1x ao dia')).toBe(0);
    expect(over('1 g', 'a cada 4 horas')).toBe(1);
  });

  it('counts an as-needed dose at the most the label allows a day', () => {
    // Dipirona: at most 4 doses a day; 1 g each is exactly the 4 g maximum.
    expect(checkPrescription({ name: 'dipirona', dosage: '1 g', frequency: 'se dor' })).toEqual([]);
    expect(checkPrescription({ name: 'dipirona', dosage: '1,5 g', frequency: 'SOS' })).toEqual([
      'Dose diária de dipirona (6 g) acima do máximo recomendado de 4 g/dia.',
    ]);
    // Paracetamol: up to 5 doses a day, so 1 g 'se dor' may reach 5 g.
    expect(checkPrescription({ name: 'paracetamol', dosage: '1 g', frequency: 'se dor' })).toEqual([
      'Dose diária de paracetamol (5 g) acima do máximo recomendado de 4 g/dia.',
    ]);
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '750 mg', frequency: 'se febre' }),
    ).toEqual([]);
    // An interval beside 'se dor' is what counts.
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '1 g', frequency: 'de 6/6h se dor' }),
    ).toEqual([]);
  });

  it('reads dipirona drops at 25 mg each (500 mg/ml, 20 drops per ml)', () => {
    expect(checkPrescription({ name: 'dipirona', dosage: '40 gotas', frequency: '6/6h' })).toEqual(
      [],
    );
    expect(checkPrescription({ name: 'dipirona', dosage: '60 gotas', frequency: '6/6h' })).toEqual([
      'Dose diária de dipirona (6 g) acima do máximo recomendado de 4 g/dia.',
    ]);
  });

  it('warns about a single dose already above the daily maximum when the frequency is unclear', () => {
    expect(checkPrescription({ name: 'paracetamol', dosage: '6 g' })).toEqual([
      'Uma única dose de paracetamol (6 g) já excede o máximo recomendado de 4 g/dia.',
    ]);
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '1 g', frequency: 'conforme orientação' }),
    ).toEqual([]);
  });

  it('takes a daily total as written', () => {
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '5 g/dia', frequency: '4x ao dia' }),
    ).toEqual(['Dose diária de paracetamol (5 g) acima do máximo recomendado de 4 g/dia.']);
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '3 g/dia', frequency: '4x ao dia' }),
    ).toEqual([]);
  });

  it('holds inhaled corticoids to the inhaled maximum only when the dose is inhaled', () => {
    expect(
      checkPrescription({ name: 'budesonida', dosage: '2 jatos de 400 mcg', frequency: '12/12h' }),
    ).toEqual([]);
    expect(
      checkPrescription({ name: 'budesonida', dosage: '2 jatos de 400 mcg', frequency: '8/8h' }),
    ).toEqual([
      'Dose diária de budesonida (2.400 mcg) acima do máximo recomendado de 1.600 mcg/dia.',
    ]);
    // Oral budesonida for Crohn's disease: 9 mg a day is a usual dose, not an overdose.
    expect(
      checkPrescription({ name: 'budesonida', dosage: '9 mg', frequency: '1x ao dia' }),
    ).toEqual([]);
  });

  it('gives no dose warning for unknown medicines, unreadable doses or missing fields', () => {
    expect(
      checkPrescription({ name: 'Fitoterápico X', dosage: '10 g', frequency: '8/8h' }),
    ).toEqual([]);
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '1 colher', frequency: '4/4h' }),
    ).toEqual([]);
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '15 mg/kg', frequency: '4/4h' }),
    ).toEqual([]);
    expect(
      checkPrescription({ name: 'paracetamol', dosage: '2 jatos', frequency: '4/4h' }),
    ).toEqual([]);
    expect(checkPrescription({ name: 'paracetamol' })).toEqual([]);
    expect(
      checkPrescription({ name: 'prednisona', dosage: '80 mg', frequency: '1x ao dia' }),
    ).toEqual([]);
  });

  it('checks a prescribed brand name against its generic maximum', () => {
    expect(checkPrescription({ name: 'Tylenol 750', dosage: '1,5 g', frequency: '6/6h' })).toEqual([
      'Dose diária de paracetamol (6 g) acima do máximo recomendado de 4 g/dia.',
    ]);
  });

  it('reports the allergy and the dose together', () => {
    expect(
      checkPrescription(
        { name: 'dipirona', dosage: '2 g', frequency: '6/6h' },
        { allergies: ['Dipirona'] },
      ),
    ).toEqual([
      'Alergia a Dipirona: evite dipirona.',
      'Dose diária de dipirona (8 g) acima do máximo recomendado de 4 g/dia.',
    ]);
  });
});

describe('checkPrescription with the strength in the name', () => {
  it('multiplies tablets by the strength written in the name', () => {
    expect(
      checkPrescription({ name: 'Paracetamol 750 mg', dosage: '2 comprimidos', frequency: '6/6h' }),
    ).toEqual(['Dose diária de paracetamol (6 g) acima do máximo recomendado de 4 g/dia.']);
    expect(
      checkPrescription({ name: 'Paracetamol 500 mg', dosage: '1 comprimido', frequency: '6/6h' }),
    ).toEqual([]);
  });

  it('does not apply a tablet strength to drops', () => {
    expect(
      checkPrescription({ name: 'Dipirona 500 mg', dosage: '40 gotas', frequency: '6/6h' }),
    ).toEqual([]);
  });
});
