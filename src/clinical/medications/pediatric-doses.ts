import { capitalizeFirst } from '@shared/lib/pt-br-format';
import { findDosingHint } from './dosing';
import { parseFrequency } from './dose-notation';
import type { SafetyWarning } from '@shared/prescriptions/safety-warnings';

/**
 * Children's doses by weight for the medicines children are prescribed most, from the Brazilian
 * labels and the Sociedade Brasileira de Pediatria's usual doses: what one dose and one day may
 * hold per kilogram, and the usual range the suggestion is written from.
 */
export interface PediatricDoseRule {
  /** The catalogue's generic name. */
  name: string;
  /** The usual dose, mg/kg per administration. */
  usualPerDose: readonly [number, number];
  /** The most one administration may hold, mg/kg. */
  maxPerDose: number;
  /** The most a day may hold, mg/kg. */
  maxPerDay: number;
  /** The most a day may hold whatever the weight (an adult's maximum), mg. */
  maxMgPerDay: number;
  /** How often the usual dose is given: 'de 6/6h'. */
  usualFrequency: string;
  reference: string;
}

const SBP = 'Sociedade Brasileira de Pediatria';

export const PEDIATRIC_DOSE_RULES: readonly PediatricDoseRule[] = [
  {
    name: 'paracetamol',
    usualPerDose: [10, 15],
    maxPerDose: 15,
    maxPerDay: 75,
    maxMgPerDay: 4000,
    usualFrequency: 'de 6/6h',
    reference: `Bula do paracetamol (ANVISA); ${SBP}`,
  },
  {
    name: 'dipirona',
    usualPerDose: [10, 25],
    maxPerDose: 25,
    maxPerDay: 100,
    maxMgPerDay: 4000,
    usualFrequency: 'de 6/6h',
    reference: `Bula da dipirona (ANVISA); ${SBP}`,
  },
  {
    name: 'ibuprofeno',
    usualPerDose: [5, 10],
    maxPerDose: 10,
    maxPerDay: 40,
    maxMgPerDay: 2400,
    usualFrequency: 'de 6/6h a 8/8h',
    reference: `Bula do ibuprofeno (ANVISA); ${SBP}`,
  },
  {
    name: 'amoxicilina',
    usualPerDose: [15, 30],
    maxPerDose: 45,
    maxPerDay: 90,
    maxMgPerDay: 4000,
    usualFrequency: 'de 8/8h (ou 45 mg/kg de 12/12h na otite)',
    reference: `Bula da amoxicilina (ANVISA); ${SBP}, otite média aguda`,
  },
  {
    name: 'amoxicilina + clavulanato',
    usualPerDose: [15, 30],
    maxPerDose: 45,
    maxPerDay: 90,
    maxMgPerDay: 4000,
    usualFrequency: 'de 8/8h ou 12/12h (dose pela amoxicilina)',
    reference: `Bula da amoxicilina + clavulanato (ANVISA); ${SBP}`,
  },
  {
    name: 'azitromicina',
    usualPerDose: [10, 10],
    maxPerDose: 12,
    maxPerDay: 12,
    maxMgPerDay: 500,
    usualFrequency: 'uma vez ao dia, por 3 dias',
    reference: 'Bula da azitromicina (ANVISA)',
  },
  {
    name: 'cefalexina',
    usualPerDose: [6.25, 25],
    maxPerDose: 25,
    maxPerDay: 100,
    maxMgPerDay: 4000,
    usualFrequency: 'de 6/6h',
    reference: 'Bula da cefalexina (ANVISA)',
  },
  {
    name: 'prednisolona',
    usualPerDose: [1, 2],
    maxPerDose: 2,
    maxPerDay: 2,
    maxMgPerDay: 60,
    usualFrequency: 'uma vez ao dia, pela manhã',
    reference: `Bula da prednisolona (ANVISA); ${SBP}`,
  },
];

const RULES_BY_NAME = new Map(PEDIATRIC_DOSE_RULES.map((rule) => [rule.name, rule]));

/** Children are dosed by weight up to this age (years), and at any age under this weight (kg). */
export const PEDIATRIC_AGE_LIMIT = 12;
export const PEDIATRIC_WEIGHT_LIMIT_KG = 40;

/** '1.000' (thousands), '7,5' or '7.5' (decimals), '500'. */
const NUMBER = String.raw`(\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)`;
/**
 * A liquid's strength: '400 mg/5 ml', '200 mg/ml', '250mg / 5mL', and a combination's by its
 * first part ('400 mg + 57 mg/5 ml': 400 mg of amoxicilina in 5 mL).
 */
const CONCENTRATION = new RegExp(
  String.raw`${NUMBER}\s*mg(?:\s*\+\s*${NUMBER}\s*mg)?\s*\/\s*(?:${NUMBER}\s*)?ml\b`,
  'i',
);
const VOLUME = new RegExp(String.raw`${NUMBER}\s*ml\b`, 'i');
const MASS = new RegExp(String.raw`${NUMBER}\s*(mg|g)\b(?!\s*[+/])`, 'i');
const DROPS = new RegExp(String.raw`${NUMBER}\s*gotas?\b`, 'i');
/** Tablets or capsules counted: '1 comprimido', '2 cápsulas', 'meio comprimido'. */
const UNITS = /(\d+(?:[.,]\d+)?|meio|meia|um|uma|dois|duas)\s*(comprimidos?|c[áa]psulas?)\b/i;
const WORD_COUNTS: Readonly<Record<string, number>> = {
  meio: 0.5,
  meia: 0.5,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
};

const toNumber = (text: string | undefined) => {
  const written = text ?? '';
  return /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(written)
    ? Number(written.replaceAll('.', '').replace(',', '.'))
    : Number(written.replace(',', '.'));
};

/** A liquid's strength, mg per mL, as written in the name or the dosage. */
function concentrationIn(text: string): { mgPerMl: number; written: string } | undefined {
  const match = CONCENTRATION.exec(text);
  if (!match) return undefined;
  const mg = toNumber(match[1]);
  const ml = match[3] === undefined ? 1 : toNumber(match[3]);
  return mg > 0 && ml > 0 ? { mgPerMl: mg / ml, written: match[0] } : undefined;
}

/**
 * The mg of one administration as written: '750 mg', '1.000 mg', '1 g'; '400 mg/5 ml, 7 ml' (7 mL
 * of 80 mg/mL); '1 comprimido' of 'Paracetamol 750 mg';
 * '7 ml' of a medicine whose name states its strength ('Amoxicilina 250 mg/5 ml'); '30 gotas' of
 * a medicine whose drops the dosing table knows (dipirona, paracetamol; ibuprofeno with its
 * strength written, '100 mg/ml, 12 gotas'). Undefined when it cannot be read.
 */
export function milligramsPerDose(name: string, dosage: string): number | undefined {
  const concentration = concentrationIn(dosage) ?? concentrationIn(name);
  const rest = concentration ? dosage.replace(concentration.written, ' ') : dosage;
  const volume = VOLUME.exec(rest);
  if (volume && concentration) return toNumber(volume[1]) * concentration.mgPerMl;
  const mass = MASS.exec(rest);
  if (mass) return toNumber(mass[1]) * (mass[2]?.toLowerCase() === 'g' ? 1000 : 1);
  // '1 comprimido' of 'Paracetamol 750 mg': the strength the name states.
  const units = UNITS.exec(dosage);
  const strength = MASS.exec(name);
  if (units && strength && !concentration) {
    const count = WORD_COUNTS[units[1]?.toLowerCase() ?? ''] ?? toNumber(units[1]);
    return count * toNumber(strength[1]) * (strength[2]?.toLowerCase() === 'g' ? 1000 : 1);
  }
  const drops = DROPS.exec(rest);
  const mgPerDrop = drops ? milligramsPerDrop(name, concentration) : undefined;
  return drops && mgPerDrop !== undefined ? toNumber(drops[1]) * mgPerDrop : undefined;
}

/**
 * The mg in one drop of a medicine's oral drops: its written strength over the drops per mL of
 * its label ('100 mg/ml' of ibuprofeno, 10 gotas/ml: 10 mg), or the one strength sold (dipirona).
 */
function milligramsPerDrop(
  name: string,
  concentration: { mgPerMl: number } | undefined,
): number | undefined {
  const hint = findDosingHint(name);
  return concentration && hint?.dropsPerMl
    ? concentration.mgPerMl / hint.dropsPerMl
    : hint?.mgPerDrop;
}

// Built once: a number format takes longer to build than the whole check to run.
const FORMATS = [0, 1].map(
  (digits) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits }),
);
const format = (value: number, digits: 0 | 1 = 1) =>
  (FORMATS[digits] ?? FORMATS[1])?.format(value) ?? String(value);

/**
 * The usual dose for the weight, in mg and, for a liquid of known strength, in mL — and in drops
 * when prescribed in drops: 'Para 12 kg: 120 a 180 mg por dose (10 a 15 mg/kg), de 6/6h; de
 * 200 mg/ml, 0,6 a 0,9 mL (9 a 13 gotas).'
 */
export function suggestedPediatricDose(
  rule: PediatricDoseRule,
  weightKg: number,
  concentration: { mgPerMl: number; written: string } | undefined,
  mgPerDrop?: number,
): string {
  const [low, high] = rule.usualPerDose;
  const cap = rule.maxMgPerDay;
  const lowMg = Math.min(low * weightKg, cap);
  const highMg = Math.min(high * weightKg, cap);
  // One figure when both ends read the same once rounded ('0,1 mL', not '0,1 a 0,1 mL').
  const range = (a: number, b: number, unit: string, digits?: 0 | 1) =>
    format(a, digits) === format(b, digits)
      ? `${format(a, digits)} ${unit}`
      : `${format(a, digits)} a ${format(b, digits)} ${unit}`;
  // Whole drops within the range: the fewest that reach it, the most that stay under it. When no
  // whole drop fits (a newborn's dose), none is suggested: rounding up would pass the maximum.
  const fewest = mgPerDrop === undefined ? 0 : Math.ceil(lowMg / mgPerDrop - 1e-9);
  const most = mgPerDrop === undefined ? 0 : Math.floor(highMg / mgPerDrop + 1e-9);
  const drops =
    mgPerDrop === undefined || fewest > most || most === 0
      ? ''
      : range(fewest, most, most === 1 ? 'gota' : 'gotas', 0);
  const volume = concentration
    ? `; de ${concentration.written}, ${range(lowMg / concentration.mgPerMl, highMg / concentration.mgPerMl, 'mL')}${drops ? ` (${drops})` : ''}`
    : drops
      ? `; ${drops}`
      : '';
  return `Para ${format(weightKg)} kg: ${range(lowMg, highMg, 'mg', 0)} por dose (${range(low, high, 'mg/kg')}), ${rule.usualFrequency}${volume}.`;
}

/**
 * A child's dose above the most per kilogram (one administration or one day), with the usual
 * dose for her weight. Silent when the medicine has no rule, or the dose cannot be read.
 * @param item - the prescribed medicine: its catalogue name, what the doctor wrote
 * @param weightKg - the child's weight in the record
 */
export function pediatricDoseWarning(
  catalogueName: string,
  item: { name: string; dosage?: string | undefined; frequency?: string | undefined },
  weightKg: number,
): SafetyWarning | undefined {
  const rule = RULES_BY_NAME.get(catalogueName);
  if (!rule || !item.dosage || !(weightKg > 0)) return undefined;
  const mg = milligramsPerDose(item.name, item.dosage);
  if (mg === undefined || !(mg > 0)) return undefined;
  const perDay = item.frequency ? parseFrequency(item.frequency)?.perDay : undefined;
  const perKgDose = mg / weightKg;
  const perKgDay = perDay === undefined ? undefined : perKgDose * perDay;
  const concentration = concentrationIn(item.dosage) ?? concentrationIn(item.name);
  const suggestion = suggestedPediatricDose(
    rule,
    weightKg,
    concentration,
    DROPS.test(item.dosage) ? milligramsPerDrop(item.name, concentration) : undefined,
  );
  const written = `${format(mg)} mg por dose para ${format(weightKg)} kg são ${format(perKgDose)} mg/kg`;
  let problem: string | undefined;
  if (perKgDose > rule.maxPerDose * 1.0001) {
    problem = `${written}, acima do máximo de ${format(rule.maxPerDose)} mg/kg por dose.`;
  } else if (perKgDay !== undefined && perKgDay > rule.maxPerDay * 1.0001) {
    problem = `${written}, ${format(perKgDay)} mg/kg por dia, acima do máximo de ${format(rule.maxPerDay)} mg/kg por dia.`;
  } else if (perDay !== undefined && mg * perDay > rule.maxMgPerDay * 1.0001) {
    problem = `${format(mg * perDay)} mg por dia passa do máximo de ${format(rule.maxMgPerDay)} mg por dia.`;
  }
  if (!problem) return undefined;
  return {
    kind: 'dose',
    severity: 'grave',
    medications: [item.name],
    message: `${capitalizeFirst(catalogueName)}: ${problem} ${suggestion}`,
    reference: rule.reference,
  };
}
