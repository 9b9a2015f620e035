import { describe, expect, it } from 'vitest';
import type { MedicationEntry } from './catalogue';
import { foldForMatching } from '@shared/lib/text-folding';
import { compareMedicationNames } from './medication-text';
import {
  MEDICATION_SUGGESTIONS_SHOWN,
  detectMedicationsInText,
  findMedication,
  genericNameOfBrand,
  readMedicationName,
  searchMedications,
  type MedicationSuggestion,
} from './search';

const names = (found: readonly (MedicationEntry | MedicationSuggestion)[]) =>
  found.map((each) => ('entry' in each ? each.entry.name : each.name));
const terms = (entry: MedicationEntry) =>
  [entry.name, ...(entry.aliases ?? [])].map(foldForMatching);

describe('searchMedications', () => {
  it('puts names starting with the query first, then names containing it', () => {
    const results = names(searchMedications('amox'));
    expect(results.slice(0, 2)).toEqual(['amoxicilina', 'amoxicilina + clavulanato']);
    // 'cefamox' and 'vigamox' contain the query in the middle of an alias.
    expect(results.slice(2)).toEqual(expect.arrayContaining(['cefadroxila', 'moxifloxacino']));
  });

  it.each(['cilina', 'ol', 'pred', 'azol', 'ina', 'mg'])(
    'orders %s as prefix matches then the rest, each group alphabetical',
    (query) => {
      const results = searchMedications(query, 50).map(({ entry }) => entry);
      const isPrefix = (entry: MedicationEntry) =>
        terms(entry).some((term) => term.startsWith(foldForMatching(query)));
      const firstOther = results.findIndex((entry) => !isPrefix(entry));
      const prefix = firstOther === -1 ? results : results.slice(0, firstOther);
      const others = firstOther === -1 ? [] : results.slice(firstOther);
      expect(others.every((entry) => !isPrefix(entry))).toBe(true);
      expect(names(prefix)).toEqual(names(prefix).sort(compareMedicationNames));
      expect(names(others)).toEqual(names(others).sort(compareMedicationNames));
    },
  );

  it('sorts by the pt-BR alphabet, accented names among the plain ones', () => {
    expect(names(searchMedications('aci', 5))).toEqual([
      'aciclovir',
      'ácido acetilsalicílico',
      'ácido ascórbico',
      'ácido azelaico',
      'ácido fólico',
    ]);
  });

  it('ignores case and accents in the query and in the names', () => {
    const expected = names(searchMedications('ácido fólico'));
    expect(expected[0]).toBe('ácido fólico');
    expect(names(searchMedications('ACIDO FOLICO'))).toEqual(expected);
    expect(names(searchMedications('acido folico'))).toEqual(expected);
    expect(names(searchMedications('Nitrofurantoina'))).toEqual(['nitrofurantoína']);
  });

  it('finds medicines by brand name or abbreviation and answers with the generic entry', () => {
    expect(names(searchMedications('novalgina'))).toEqual(['dipirona']);
    expect(names(searchMedications('Tylenol'))).toEqual(['paracetamol', 'paracetamol + cafeína']);
    expect(names(searchMedications('AAS'))).toEqual(['ácido acetilsalicílico']);
    expect(names(searchMedications('glifage'))).toEqual(['metformina']);
    expect(names(searchMedications('puran'))).toEqual(['levotiroxina']);
    expect(names(searchMedications('buscopan'))).toEqual([
      'butilbrometo de escopolamina',
      'butilbrometo de escopolamina + dipirona',
    ]);
  });

  it('shows the brand or abbreviation the query matched beside its generic', () => {
    expect(searchMedications('amoxil')).toEqual([
      { entry: findMedication('amoxicilina'), brand: 'Amoxil' },
    ]);
    expect(searchMedications('Clavulin BD')).toEqual([
      { entry: findMedication('amoxicilina + clavulanato'), brand: 'Clavulin BD' },
    ]);
    expect(searchMedications('hctz')).toEqual([
      { entry: findMedication('hidroclorotiazida'), brand: 'HCTZ' },
    ]);
    // The generic's own name, a salt or another spelling shows no brand.
    expect(searchMedications('amoxicilina')[0]).toEqual({ entry: findMedication('amoxicilina') });
    expect(searchMedications('simvastatina')).toEqual([{ entry: findMedication('sinvastatina') }]);
  });

  it('lists each medicine once even when its name and aliases all match', () => {
    const results = names(searchMedications('dipirona', 20));
    expect(new Set(results).size).toBe(results.length);
    expect(results).toEqual([
      'dipirona',
      'dipirona + isometepteno + cafeína',
      'dipirona + orfenadrina + cafeína',
      'butilbrometo de escopolamina + dipirona',
    ]);
  });

  it('reads a combination written with +, com or spaces alike', () => {
    expect(names(searchMedications('amoxicilina + clav'))).toEqual(['amoxicilina + clavulanato']);
    expect(names(searchMedications('amoxicilina clav'))).toEqual(['amoxicilina + clavulanato']);
  });

  it('starts searching at 2 characters', () => {
    expect(searchMedications('')).toEqual([]);
    expect(searchMedications('a')).toEqual([]);
    expect(searchMedications('  á  ')).toEqual([]);
    expect(searchMedications('+-')).toEqual([]);
    expect(searchMedications('am').length).toBeGreaterThan(0);
  });

  it('returns at most the limit: 10 by default, 8 shown by the UI', () => {
    expect(MEDICATION_SUGGESTIONS_SHOWN).toBe(8);
    expect(searchMedications('ina')).toHaveLength(10);
    expect(searchMedications('ina', MEDICATION_SUGGESTIONS_SHOWN)).toHaveLength(8);
    expect(searchMedications('ina', 3)).toEqual(searchMedications('ina').slice(0, 3));
    expect(searchMedications('ina', 0)).toEqual([]);
  });

  it('finds nothing for a word no medicine contains', () => {
    expect(searchMedications('xyzw')).toEqual([]);
  });
});

describe('findMedication', () => {
  it('resolves a prescribed name, brand or salt, with or without its strength', () => {
    expect(findMedication('Dipirona')?.name).toBe('dipirona');
    expect(findMedication('Dipirona sódica 500 mg')?.name).toBe('dipirona');
    expect(findMedication('Novalgina gotas')?.name).toBe('dipirona');
    expect(findMedication('Losartana potássica 50mg')?.name).toBe('losartana');
    expect(findMedication('simvastatina 20 mg')?.name).toBe('sinvastatina');
  });

  it('prefers the longest name: a combination over its first component', () => {
    expect(findMedication('Amoxicilina + Clavulanato 875 mg')?.name).toBe(
      'amoxicilina + clavulanato',
    );
    expect(findMedication('amoxicilina com clavulanato')?.name).toBe('amoxicilina + clavulanato');
    expect(findMedication('Amoxicilina 500 mg')?.name).toBe('amoxicilina');
    expect(findMedication('Buscopan composto')?.name).toBe(
      'butilbrometo de escopolamina + dipirona',
    );
  });

  it('knows nothing it was not told', () => {
    expect(findMedication('Remédio caseiro')).toBeUndefined();
    expect(findMedication('')).toBeUndefined();
    expect(findMedication('ácido')).toBeUndefined();
  });

  it('reads an abbreviation shared by two medicines by the strength written after it', () => {
    expect(findMedication('levo 500')?.name).toBe('levofloxacino');
    expect(findMedication('Levo 750 mg')?.name).toBe('levofloxacino');
    expect(findMedication('levo 50 mcg')?.name).toBe('levotiroxina');
    expect(findMedication('Levo 88')?.name).toBe('levotiroxina');
    // In the dosage, when the name is written apart.
    expect(findMedication('Levo', '500 mg')?.name).toBe('levofloxacino');
    expect(findMedication('Levo', '1 comprimido de 25 mcg')?.name).toBe('levotiroxina');
    // Both are sold in 20 mg: the first listed; 40 mg and the solution are prednisolona's only.
    expect(findMedication('pred 20 mg')?.name).toBe('prednisona');
    expect(findMedication('Pred 40mg')?.name).toBe('prednisolona');
    expect(findMedication('pred 3 mg/ml')?.name).toBe('prednisolona');
  });

  it('reads no shared abbreviation without a strength, nor with one neither is sold in', () => {
    expect(findMedication('levo')).toBeUndefined();
    expect(findMedication('Levo', '1 comprimido')).toBeUndefined();
    expect(findMedication('levo 12/12h')).toBeUndefined();
    expect(findMedication('levo 300 mg')).toBeUndefined();
    expect(findMedication('Pred')).toBeUndefined();
    // A longer name that starts with it is read as itself.
    expect(findMedication('Pred Fort')?.name).toBe('prednisolona');
  });
});

describe('readMedicationName', () => {
  it('says which brand or abbreviation a name was written as', () => {
    expect(readMedicationName('Amoxil BD 875 mg')).toMatchObject({
      entry: { name: 'amoxicilina' },
      brand: 'Amoxil BD',
    });
    expect(readMedicationName('AZITRO 500mg')?.brand).toBe('azitro');
    expect(readMedicationName('Levo', '500 mg')?.brand).toBe('levo');
    expect(readMedicationName('Amoxicilina 500 mg')).toEqual({
      entry: findMedication('amoxicilina'),
    });
    expect(readMedicationName('Losartana potássica')?.brand).toBeUndefined();
  });

  it('narrows a brand that names its presentation to what it is sold as', () => {
    expect(readMedicationName('Amoxil BD')?.entry).toMatchObject({
      name: 'amoxicilina',
      strengths: ['875 mg', '200 mg/5 mL', '400 mg/5 mL'],
      forms: ['comprimido', 'suspensão oral'],
    });
    const drops = readMedicationName('Novalgina gotas')?.entry;
    expect(drops).toMatchObject({ strengths: ['500 mg/mL'], forms: ['solução oral (gotas)'] });
    expect(drops?.presentations).toEqual([{ form: 'solução oral (gotas)', contents: 20 }]);
    // A brand with no presentation of its own is its generic entry as it is.
    expect(readMedicationName('Novalgina')?.entry).toBe(findMedication('dipirona'));
  });
});

describe('genericNameOfBrand', () => {
  it('gives the generic of a brand or an abbreviation', () => {
    expect(genericNameOfBrand('Amoxil BD 875 mg')).toBe('amoxicilina');
    expect(genericNameOfBrand('Clavulin BD', '875 mg + 125 mg')).toBe('amoxicilina + clavulanato');
    expect(genericNameOfBrand('Tylenol DC')).toBe('paracetamol + cafeína');
    expect(genericNameOfBrand('AAS', '100 mg')).toBe('ácido acetilsalicílico');
    expect(genericNameOfBrand('Levo', '500 mg')).toBe('levofloxacino');
  });

  it('gives none for a generic, a salt, a name that holds its generic, or an unknown one', () => {
    expect(genericNameOfBrand('Amoxicilina 500 mg')).toBeUndefined();
    expect(genericNameOfBrand('Losartana potássica 50 mg')).toBeUndefined();
    expect(genericNameOfBrand('Amoxil amoxicilina 500 mg')).toBeUndefined();
    expect(genericNameOfBrand('Levo')).toBeUndefined();
    expect(genericNameOfBrand('Chá de camomila')).toBeUndefined();
  });
});

describe('detectMedicationsInText', () => {
  it('finds medicines in order of appearance, by name or alias, ignoring case and accents', () => {
    const text = 'Paciente em uso de LOSARTANA 50 mg, Novalgina se dor e acido folico.';
    expect(names(detectMedicationsInText(text))).toEqual(['losartana', 'dipirona', 'ácido fólico']);
  });

  it('only looks at texts longer than 10 characters', () => {
    expect(detectMedicationsInText('dipirona')).toEqual([]);
    expect(detectMedicationsInText('dipirona x')).toEqual([]); // exactly 10
    expect(names(detectMedicationsInText('dipirona 1g'))).toEqual(['dipirona']); // 11
    expect(detectMedicationsInText('   dipirona   ')).toEqual([]);
  });

  it('only starts a match at words longer than 3 characters', () => {
    // 'AAS' is an alias of ácido acetilsalicílico but has 3 letters; 'aspirina' is found.
    expect(detectMedicationsInText('Paciente toma AAS todos os dias')).toEqual([]);
    expect(names(detectMedicationsInText('Paciente toma aspirina todos os dias'))).toEqual([
      'ácido acetilsalicílico',
    ]);
  });

  it('needs a multi-word name whole, so a generic first word alone detects nothing', () => {
    expect(detectMedicationsInText('Refere acidez e usa insulina há anos')).toEqual([]);
    expect(detectMedicationsInText('Ácido úrico elevado, sulfato no exame')).toEqual([]);
    expect(names(detectMedicationsInText('Em uso de insulina glargina e sulfato ferroso'))).toEqual(
      ['insulina glargina', 'sulfato ferroso'],
    );
  });

  it('reads a combination written with com, e or + as one medicine', () => {
    expect(
      names(detectMedicationsInText('Prescrita amoxicilina com clavulanato por 7 dias')),
    ).toEqual(['amoxicilina + clavulanato']);
    expect(names(detectMedicationsInText('Prescrita amoxicilina por 7 dias'))).toEqual([
      'amoxicilina',
    ]);
  });

  it('returns each medicine once, even under different names', () => {
    const text = 'Tomou dipirona, depois novalgina e de novo dipirona sódica; também omeprazol.';
    expect(names(detectMedicationsInText(text))).toEqual(['dipirona', 'omeprazol']);
  });

  it('stops at 5 medicines', () => {
    const text =
      'Usa metformina, losartana, sinvastatina, omeprazol, levotiroxina, fluoxetina e atenolol.';
    expect(names(detectMedicationsInText(text))).toEqual([
      'metformina',
      'losartana',
      'sinvastatina',
      'omeprazol',
      'levotiroxina',
    ]);
  });

  it('finds nothing in a text without medicines', () => {
    expect(detectMedicationsInText('Dor lombar há três dias, sem febre.')).toEqual([]);
  });

  it('finds brands and abbreviations as their generic', () => {
    const text = 'Em uso de Aradois 50 mg, sinva 20 mg à noite e Glifage XR 500 mg.';
    expect(names(detectMedicationsInText(text))).toEqual([
      'losartana',
      'sinvastatina',
      'metformina',
    ]);
  });

  it('reads a shared abbreviation only with its strength after it', () => {
    expect(names(detectMedicationsInText('Hipotireoidismo em uso de levo 75 mcg'))).toEqual([
      'levotiroxina',
    ]);
    expect(names(detectMedicationsInText('Pneumonia tratada com levo 750 mg'))).toEqual([
      'levofloxacino',
    ]);
    expect(detectMedicationsInText('Paciente usa levo há anos, sem queixas')).toEqual([]);
  });
});

describe('brand names that are ordinary words', () => {
  it('are not detected in free text, but the search still finds them', () => {
    expect(
      detectMedicationsInText('Paciente com cefaleia frontal há dois dias, sem febre.'),
    ).toEqual([]);
    expect(names(searchMedications('frontal'))).toContain('alprazolam');
  });
});
