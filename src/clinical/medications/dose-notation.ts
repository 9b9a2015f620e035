/**
 * Reading the dosage and frequency a Brazilian doctor types on a prescription: '500 mg',
 * '1 g', '750mg', '2 jatos', '40 gotas', '1 comprimido de 500 mg'; '8/8h', 'de 6 em 6 horas',
 * '3x ao dia', 'a cada 4 horas', 'pela manhã e à noite', 'se dor', 'SOS'.
 *
 * Anything these functions cannot read with confidence comes back undefined: the dose check
 * stays silent rather than warn on a guess.
 */

import { foldAccents } from '@shared/lib/text-folding';

/** Units a dose may be counted in. */
export type DoseUnit = 'jato' | 'gota' | 'comprimido' | 'ml';

/** One administration, as written. */
export interface ParsedDose {
  /** Mass per administration in mg, when stated ('1 g' → 1000) or derivable ('2 comprimidos de 500 mg'). */
  mg?: number;
  /** How many units per administration ('2 jatos' → 2), when counted. */
  count?: number;
  unit?: DoseUnit;
  /** The mass was written in micrograms, as inhaled and other low-dose medicines are. */
  micrograms?: boolean;
  /** The amount is already a daily total ('4 g/dia'), so the frequency must not multiply it. */
  dailyTotal?: boolean;
}

/** How often, as written. */
export interface ParsedFrequency {
  /** Administrations per day ('8/8h' → 3, '1x por semana' → 1/7), when stated. */
  perDay?: number;
  /** Taken only when needed ('se dor', 'SOS', 'se necessário'). */
  asNeeded: boolean;
}

const WORD_NUMBERS: Record<string, string> = {
  meio: '0.5',
  meia: '0.5',
  um: '1',
  uma: '1',
  dois: '2',
  duas: '2',
  tres: '3',
  quatro: '4',
  cinco: '5',
  seis: '6',
  sete: '7',
  oito: '8',
  dez: '10',
  doze: '12',
};

/**
 * Lower case without accents, decimal comma as a point, thousands points dropped ('1.000 mg'),
 * spelled numbers as digits ('duas vezes' → '2 vezes'). Keeps '/', '.' and '-', which carry meaning.
 */
function foldDoseText(text: string): string {
  return foldAccents(text.replace(/[µμ]g/g, 'mcg'))
    .replace(/(\d)\.(\d{3})(?!\d)/g, '$1$2')
    .replace(/(\d)\.(\d{3})(?!\d)/g, '$1$2')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(SPELLED_NUMBER, (word) => WORD_NUMBERS[word] ?? word);
}

/** The words of {@link WORD_NUMBERS}, whole: only they are rewritten. */
const SPELLED_NUMBER = new RegExp(`\\b(?:${Object.keys(WORD_NUMBERS).join('|')})\\b`, 'g');

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
/** A number or a range ('1 a 2', '1-2', '1 ou 2'); ranges count at their upper end. */
const AMOUNT = String.raw`${NUMBER}(?:\s*(?:a|-|ou)\s*${NUMBER})?`;
const MASS_UNIT = String.raw`(mcg|ug|microgramas?|mg|miligramas?|gramas?|g)(?![a-z])`;
const COUNT_UNIT = String.raw`(jatos?|puffs?|inalac(?:ao|oes)|aplicac(?:ao|oes)|gotas?|gts?|comprimidos?|comp|cps?|capsulas?|caps?|drageas?|ml)(?![a-z])`;

const CONCENTRATION = new RegExp(
  String.raw`${NUMBER}\s*${MASS_UNIT}\s*\/\s*(?:${NUMBER}\s*)?ml(?![a-z])`,
  'g',
);
const PER_UNIT = new RegExp(
  String.raw`${AMOUNT}\s*${COUNT_UNIT}\s*(?:de|com|x)\s*${NUMBER}\s*${MASS_UNIT}`,
);
const MASS = new RegExp(String.raw`${AMOUNT}\s*${MASS_UNIT}`, 'g');
/** A fixed combination's strengths ('875/125 mg'): the first is the dose of the main medicine. */
const COMBINED_MASS = new RegExp(String.raw`${NUMBER}\s*\/\s*${NUMBER}\s*${MASS_UNIT}`, 'g');
const COUNT = new RegExp(String.raw`${AMOUNT}\s*${COUNT_UNIT}`);
const DAILY_MASS = new RegExp(String.raw`${NUMBER}\s*${MASS_UNIT}\s*(?:\/\s*dia|por dia|ao dia)\b`);

function isMicrograms(unit: string): boolean {
  return unit.startsWith('mc') || unit.startsWith('u') || unit.startsWith('micro');
}

function toMg(value: number, unit: string): number {
  if (isMicrograms(unit)) return value / 1000;
  if (unit.startsWith('mg') || unit.startsWith('mili')) return value;
  return value * 1000;
}

function upperOf(low: string | undefined, high: string | undefined): number {
  return Math.max(Number(low), high === undefined ? 0 : Number(high));
}

function countUnitOf(word: string): DoseUnit {
  if (/^(jato|puff|inalac|aplicac)/.test(word)) return 'jato';
  if (/^(gota|gt)/.test(word)) return 'gota';
  if (word === 'ml') return 'ml';
  return 'comprimido';
}

/**
 * Reads one administration: '500 mg', '1 g', '750mg', '0,5 mg', '2 jatos', '40 gotas',
 * '2 comprimidos de 500 mg', '10 ml de 250 mg/5 ml', '1 a 2 jatos' (upper end of a range).
 * A mass alongside a count without 'de' ('2 jatos (200 mcg)') is read as the whole dose.
 * @returns undefined when no amount can be read, or for weight-based doses ('10 mg/kg')
 */
export function parseDose(text: string): ParsedDose | undefined {
  let folded = foldDoseText(text);
  if (/\/\s*kg\b|por\s+kg\b/.test(folded)) return undefined;

  let mgPerMl: number | undefined;
  folded = folded.replace(CONCENTRATION, (_match, value: string, unit: string, volume?: string) => {
    mgPerMl = toMg(Number(value), unit) / (volume === undefined ? 1 : Number(volume));
    return ' ';
  });
  folded = folded.replace(COMBINED_MASS, (_match, first: string, _second, unit: string) => {
    return `${first} ${unit}`;
  });
  // Flags are only ever present as true, so results compare cleanly.
  const flags: Pick<ParsedDose, 'dailyTotal'> = DAILY_MASS.test(folded) ? { dailyTotal: true } : {};
  const inMicrograms = (unit: string) => (isMicrograms(unit) ? { micrograms: true } : {});

  const perUnit = PER_UNIT.exec(folded);
  if (perUnit) {
    const [, low, high, unitWord = '', each = '', massUnit = ''] = perUnit;
    const count = upperOf(low, high);
    return {
      mg: count * toMg(Number(each), massUnit),
      count,
      unit: countUnitOf(unitWord),
      ...inMicrograms(massUnit),
      ...flags,
    };
  }

  let mass: ParsedDose | undefined;
  for (const [, low, high, massUnit = ''] of folded.matchAll(MASS)) {
    const mg = toMg(upperOf(low, high), massUnit);
    if (mass?.mg === undefined || mg > mass.mg) mass = { mg, ...inMicrograms(massUnit) };
  }
  const counted = COUNT.exec(folded);
  if (!counted) return mass && { ...mass, ...flags };
  const [, low, high, unitWord = ''] = counted;
  const count = upperOf(low, high);
  const unit = countUnitOf(unitWord);
  if (!mass && unit === 'ml' && mgPerMl !== undefined) mass = { mg: count * mgPerMl };
  return { ...mass, count, unit, ...flags };
}

const HOURS = String.raw`(?:h|hs|hrs?|horas?)(?![a-z])`;
const INTERVAL_SLASH = new RegExp(String.raw`(\d+)\s*\/\s*(\d+)\s*(${HOURS})?`);
const INTERVAL_IN = new RegExp(String.raw`de\s+(\d+)\s+em\s+(\d+)\s*${HOURS}`);
const INTERVAL_EVERY = new RegExp(String.raw`cada\s+${AMOUNT}\s*${HOURS}`);
const EVERY_DAYS = /cada\s+(\d+)\s*dias?\b/;
const TIMES = new RegExp(
  String.raw`${NUMBER}\s*(?:x|vez|vezes)(?![a-z])(?:\s*(?:ao|por|\/|a|na|no)?\s*(dia|semana|mes)\b)?`,
);
const ONCE_A_DAY = /\b(diariamente|ao dia|por dia|dose unica|todos os dias|1 vez)\b|\/\s*dia\b/;
const ONCE_A_WEEK = /\b(?:por semana|na semana|semanal|semanalmente)\b|\/\s*semana\b/;
const DAY_PERIODS: readonly RegExp[] = [
  /\b(manha|jejum|cafe)\b/,
  /\b(tarde|almoco)\b/,
  /\b(noite|deitar|jantar)\b/,
];
const AS_NEEDED =
  /\b(sos|s\/n|sn|acm|se necessario|quando necessario|em caso de|se houver|se tiver|caso tenha)\b|\bse\s+(dor|febre|colica|nausea|enjoo|vomitos?|falta|chiado|tosse|crise|prurido|coceira|insonia|ansiedade|agitacao)\b/;

/** Administrations a day from an interval in hours, or undefined for a nonsensical one. */
function perDayFromHours(hours: number): number | undefined {
  return hours > 0 && hours <= 24 * 30 ? 24 / hours : undefined;
}

function readPerDay(folded: string): number | undefined {
  const slash = INTERVAL_SLASH.exec(folded);
  // '8/8' reads as hours even without the 'h'; '1/2' (half a tablet) does not.
  if (slash && (slash[3] !== undefined || slash[1] === slash[2])) {
    return perDayFromHours(Number(slash[2]));
  }
  const inHours = INTERVAL_IN.exec(folded);
  if (inHours) return perDayFromHours(Number(inHours[2]));
  const every = INTERVAL_EVERY.exec(folded);
  if (every) {
    // 'a cada 4 a 6 horas': the shortest interval is the most the patient may take.
    const hours = Math.min(Number(every[1]), every[2] === undefined ? Infinity : Number(every[2]));
    return perDayFromHours(hours);
  }
  const everyDays = EVERY_DAYS.exec(folded);
  if (everyDays && Number(everyDays[1]) > 0) return 1 / Number(everyDays[1]);
  const times = TIMES.exec(folded);
  if (times && Number(times[1]) > 0) {
    const count = Number(times[1]);
    if (times[2] === 'semana') return count / 7;
    if (times[2] === 'mes') return count / 30;
    return count;
  }
  if (ONCE_A_WEEK.test(folded)) return 1 / 7;
  if (ONCE_A_DAY.test(folded)) return 1;
  const periods = DAY_PERIODS.filter((period) => period.test(folded)).length;
  return periods > 0 ? periods : undefined;
}

/**
 * Reads how often a medicine is taken: '8/8h', '12/12h', 'de 6 em 6 horas', 'a cada 4 horas',
 * '3x ao dia', '1x ao dia', 'duas vezes por dia', '1x por semana', 'pela manhã e à noite',
 * 'dose única'; 'se dor', 'SOS', 'se necessário' mark it as needed (with or without an interval).
 * @returns undefined when neither a rate nor an as-needed use can be read
 */
export function parseFrequency(text: string): ParsedFrequency | undefined {
  const folded = foldDoseText(text);
  const perDay = readPerDay(folded);
  const asNeeded = AS_NEEDED.test(folded);
  if (perDay === undefined && !asNeeded) return undefined;
  return perDay === undefined ? { asNeeded } : { perDay, asNeeded };
}
