import { describe, expect, it } from 'vitest';
import { AMBIGUOUS_MEDICATION_TERMS, MEDICATIONS } from './catalogue';
import { DOSING_HINTS } from './dosing';
import { DRUG_CLASSES } from './drug-classes';
import { compareMedicationNames, medicationWords } from './medication-text';

/** '500 mg', '7,5 mg', '250 mg/5 ml', '100 mcg/dose', '1.200.000 UI', '875 mg + 125 mg'… */
const STRENGTH =
  /^\d{1,3}(\.\d{3})*(,\d+)? (mg|g|mcg|UI)(\/(\d+(,\d+)? )?(mL|g|dose|gota|envelope|24 h))?$/;

describe('the medicine catalogue', () => {
  it('holds at least 300 medicines', () => {
    expect(MEDICATIONS.length).toBeGreaterThanOrEqual(300);
  });

  it('has each name once, in lower case, trimmed', () => {
    const names = MEDICATIONS.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toBe(name.toLowerCase().trim());
      expect(name).not.toMatch(/\s{2}/);
    }
  });

  it('keeps the entries in pt-BR alphabetical order', () => {
    const names = MEDICATIONS.map((entry) => entry.name);
    expect(names).toEqual([...names].sort(compareMedicationNames));
  });

  it('gives every entry at least one strength and one form, without repeats', () => {
    for (const entry of MEDICATIONS) {
      expect(entry.strengths.length, entry.name).toBeGreaterThan(0);
      expect(entry.forms.length, entry.name).toBeGreaterThan(0);
      expect(new Set(entry.strengths).size, entry.name).toBe(entry.strengths.length);
      expect(new Set(entry.forms).size, entry.name).toBe(entry.forms.length);
    }
  });

  it('writes strengths as on a prescription, one amount per component of a combination', () => {
    for (const entry of MEDICATIONS) {
      const components = entry.name.split(' + ').length;
      for (const strength of entry.strengths) {
        const parts = strength.split(' + ');
        expect(
          parts.every((part) => STRENGTH.test(part)),
          `${entry.name}: ${strength}`,
        ).toBe(true);
        // A single medicine has one amount; a fixed combination one per component.
        expect([1, components], `${entry.name}: ${strength}`).toContain(parts.length);
      }
    }
  });

  it('lets no name or alias stand for two different medicines', () => {
    const owner = new Map<string, string>();
    for (const entry of MEDICATIONS) {
      for (const term of [entry.name, ...(entry.aliases ?? [])]) {
        const key = medicationWords(term).join(' ');
        expect(key, `${entry.name}: '${term}'`).not.toBe('');
        const previous = owner.get(key);
        expect(
          previous === undefined || previous === entry.name,
          `'${term}': ${previous} and ${entry.name}`,
        ).toBe(true);
        owner.set(key, entry.name);
      }
    }
  });

  it('uses only drug classes the allergy check knows', () => {
    for (const entry of MEDICATIONS) {
      if (entry.drugClass !== undefined)
        expect(DRUG_CLASSES, entry.name).toHaveProperty([entry.drugClass]);
    }
  });

  it('classes the medicines an allergy cross-check depends on', () => {
    const classOf = (name: string) => MEDICATIONS.find((entry) => entry.name === name)?.drugClass;
    expect(classOf('amoxicilina')).toBe('penicilina');
    expect(classOf('benzilpenicilina benzatina')).toBe('penicilina');
    expect(classOf('cefalexina')).toBe('cefalosporina');
    expect(classOf('sulfametoxazol + trimetoprima')).toBe('sulfonamida');
    expect(classOf('dipirona')).toBe('pirazolona');
    expect(classOf('ibuprofeno')).toBe('aine');
    expect(classOf('ácido acetilsalicílico')).toBe('aine');
    expect(classOf('azitromicina')).toBe('macrolídeo');
    expect(classOf('ciprofloxacino')).toBe('quinolona');
    expect(classOf('tramadol')).toBe('opioide');
  });

  it('knows the brand names and abbreviations doctors type, among its aliases', () => {
    const aliasOwner = (alias: string) =>
      MEDICATIONS.find((entry) => entry.aliases?.some((each) => each.toLowerCase() === alias))
        ?.name;
    expect(aliasOwner('novalgina')).toBe('dipirona');
    expect(aliasOwner('aas')).toBe('ácido acetilsalicílico');
    expect(aliasOwner('tylenol')).toBe('paracetamol');
    expect(aliasOwner('tylenol dc')).toBe('paracetamol + cafeína');
    expect(aliasOwner('buscopan')).toBe('butilbrometo de escopolamina');
    expect(aliasOwner('glifage')).toBe('metformina');
    expect(aliasOwner('puran t4')).toBe('levotiroxina');
    expect(aliasOwner('simvastatina')).toBe('sinvastatina');
  });

  it('lists no alias twice for one medicine', () => {
    for (const entry of MEDICATIONS) {
      const keys = [entry.name, ...(entry.aliases ?? [])].map((term) =>
        medicationWords(term).join(' '),
      );
      expect(new Set(keys).size, entry.name).toBe(keys.length);
    }
  });

  it('flags only names it knows as ambiguous, in lower case', () => {
    const known = new Set(
      MEDICATIONS.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]).map((term) =>
        term.toLowerCase(),
      ),
    );
    for (const term of AMBIGUOUS_MEDICATION_TERMS) expect(known, term).toContain(term);
  });

  it('has a catalogue entry for every dosing hint', () => {
    const names = new Set(MEDICATIONS.map((entry) => entry.name));
    for (const hint of DOSING_HINTS) expect(names, hint.name).toContain(hint.name);
  });
});
