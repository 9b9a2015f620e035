import { describe, expect, it } from 'vitest';
import type { MedicationEntry } from './catalogue';
import { foldForMatching } from '../../shared/text-folding';
import { compareMedicationNames } from './medication-text';
import {
  MEDICATION_SUGGESTIONS_SHOWN,
  detectMedicationsInText,
  findMedication,
  searchMedications,
} from './search';

const names = (entries: readonly MedicationEntry[]) => entries.map((entry) => entry.name);
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
      const results = searchMedications(query, 50);
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
    expect(names(searchMedications('Tylenol'))).toEqual(['paracetamol']);
    expect(names(searchMedications('AAS'))).toEqual(['ácido acetilsalicílico']);
    expect(names(searchMedications('glifage'))).toEqual(['metformina']);
    expect(names(searchMedications('puran'))).toEqual(['levotiroxina']);
    expect(names(searchMedications('buscopan'))).toEqual([
      'butilbrometo de escopolamina',
      'butilbrometo de escopolamina + dipirona',
    ]);
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
});

describe('brand names that are ordinary words', () => {
  it('are not detected in free text, but the search still finds them', () => {
    expect(
      detectMedicationsInText('Paciente com cefaleia frontal há dois dias, sem febre.'),
    ).toEqual([]);
    expect(searchMedications('frontal').map((entry) => entry.name)).toContain('alprazolam');
  });
});
