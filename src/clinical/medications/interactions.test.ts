import { describe, expect, it } from 'vitest';
import { MEDICATIONS } from './catalogue';
import { INTERACTIONS, MEDICATION_GROUPS } from './interactions';
import { SAFETY_SEVERITIES } from '@shared/prescriptions/safety-warnings';

const CATALOGUE_NAMES = new Set(MEDICATIONS.map((entry) => entry.name));

/** The same pair whichever side comes first. */
function pairKey(a: string, b: string): string {
  return [a, b].sort().join(' | ');
}

/** Portuguese words written without their accents, a sign of text typed on a US keyboard. */
const UNACCENTED_WORDS =
  /\b(nao|e recomendado|associacao|funcao|pressao|potassio|sindrome|frequencia|niveis|serico|eficacia|apos|ate|litio)\b/i;

describe('the drug–drug interaction table', () => {
  it('holds at least 150 rules', () => {
    expect(INTERACTIONS.length).toBeGreaterThanOrEqual(150);
  });

  it('names only catalogue medicines in its groups, each group with a label', () => {
    for (const [key, group] of Object.entries(MEDICATION_GROUPS)) {
      expect(key, key).toMatch(/^[a-z0-9_]+$/);
      expect(group.label, key).toMatch(/^(um|uma) /);
      expect(group.members.length, key).toBeGreaterThan(0);
      expect(new Set(group.members).size, key).toBe(group.members.length);
      for (const member of group.members) expect(CATALOGUE_NAMES, key).toContain(member);
    }
  });

  it('gives every side a catalogue medicine or a group that exists', () => {
    for (const rule of INTERACTIONS) {
      for (const side of [rule.a, rule.b]) {
        if (side.startsWith('@')) expect(MEDICATION_GROUPS, side).toHaveProperty([side.slice(1)]);
        else expect(CATALOGUE_NAMES, side).toContain(side);
      }
    }
  });

  it('uses every group in some rule', () => {
    const used = new Set(
      INTERACTIONS.flatMap((rule) => [rule.a, rule.b]).filter((side) => side.startsWith('@')),
    );
    for (const key of Object.keys(MEDICATION_GROUPS)) expect(used, key).toContain(`@${key}`);
  });

  it('has each pair once, whichever side comes first', () => {
    const seen = new Set<string>();
    for (const rule of INTERACTIONS) {
      const key = pairKey(rule.a, rule.b);
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('never pairs a medicine with itself; a group with itself means two of its members', () => {
    for (const rule of INTERACTIONS) {
      if (rule.a !== rule.b) continue;
      expect(rule.a.startsWith('@'), rule.a).toBe(true);
      expect(MEDICATION_GROUPS[rule.a.slice(1)]?.members.length, rule.a).toBeGreaterThan(1);
    }
  });

  it('keeps an NSAID with another NSAID out: that is a duplication, not an interaction', () => {
    expect(INTERACTIONS.some((rule) => rule.a === '@aine' && rule.b === '@aine')).toBe(false);
  });

  it('grades every rule with a known severity', () => {
    for (const rule of INTERACTIONS) expect(SAFETY_SEVERITIES).toContain(rule.severity);
  });

  it('says the risk and what to do in one line of Portuguese of at most 200 characters', () => {
    for (const rule of INTERACTIONS) {
      const { message } = rule;
      expect(message.length, message).toBeLessThanOrEqual(200);
      expect(message, message).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕ].*[^.]\.$/s);
      expect(message, message).not.toMatch(/\n/);
      expect(message, message).toContain(':');
      expect(message, message).not.toMatch(UNACCENTED_WORDS);
      expect(message, message).not.toMatch(/\s{2}/);
    }
  });

  it('cites a public reference for every rule, with no invented web address', () => {
    for (const rule of INTERACTIONS) {
      expect(rule.reference.trim().length, pairKey(rule.a, rule.b)).toBeGreaterThan(5);
      expect(rule.reference, rule.reference).not.toMatch(/https?:\/\//);
    }
  });

  it('knows the interactions a prescriber must never miss', () => {
    const severityOf = (a: string, b: string) =>
      INTERACTIONS.find((rule) => pairKey(rule.a, rule.b) === pairKey(a, b))?.severity;
    expect(severityOf('@nitrato', '@inibidor_pde5')).toBe('contraindicado');
    expect(severityOf('sinvastatina', '@inibidor_cyp3a4_forte')).toBe('contraindicado');
    expect(severityOf('isotretinoína', '@tetraciclina')).toBe('contraindicado');
    expect(severityOf('tizanidina', '@inibidor_cyp1a2_forte')).toBe('contraindicado');
    expect(severityOf('@anticoagulante', '@aine')).toBe('grave');
    expect(severityOf('@opioide', '@benzodiazepinico')).toBe('grave');
    expect(severityOf('carbonato de lítio', '@diuretico_tiazidico')).toBe('grave');
    expect(severityOf('@valproato', 'lamotrigina')).toBe('grave');
    expect(severityOf('levotiroxina', '@sal_mineral_ou_antiacido')).toBe('moderado');
  });
});
