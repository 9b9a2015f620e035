import { foldAccents } from '@shared/lib/text-folding';
import { formatDecimal } from '@shared/lib/pt-br-format';
import { CONTINUOUS_USE } from '@shared/prescriptions/posology';
import { NUMBER_PATTERN, parsePortugueseNumber } from '../extraction/spoken-numbers';
import { parseFrequency } from '../medications/dose-notation';

/**
 * How a prescribed item is taken over time, read from its own words (docs/receitas.md,
 * "Esquemas"): the dose of one intake ('1 comprimido', '10 gotas'), how long ('7 dias', '2
 * semanas', 'uso contínuo'), and the phases of a schedule that changes — a loading dose ('3 cp
 * hoje, depois 1 ao dia'), a titration ('meio cp por 7 dias, depois 1 cp'), a dose repeated after
 * some days ('repetir após 7 dias'). The quantity to dispense sums the phases; what a phase does
 * not say is taken from the item's frequency and duration, never guessed.
 */

/** 'Uso contínuo' with no stated duration dispenses a month. */
export const CONTINUOUS_USE_DAYS = 30;

/** Lower case, no accents, one space between words. */
export function foldQuantityText(text: string | undefined): string {
  return foldAccents(text ?? '').replace(/\s+/g, ' ');
}

/** What one intake is counted in, when written ('1 comprimido', '10 gotas', '2 jatos'). */
export type IntakeUnit =
  | 'comprimido'
  | 'capsula'
  | 'dragea'
  | 'ml'
  | 'gota'
  | 'jato'
  | 'ampola'
  | 'grama'
  | 'aplicacao'
  | 'envelope';

export interface Intake {
  amount: number;
  unit: IntakeUnit;
}

const INTAKE_WORDS: readonly [RegExp, IntakeUnit][] = [
  [/^(?:comprimidos?|cps?|comp|cpr)$/, 'comprimido'],
  [/^(?:capsulas?|caps)$/, 'capsula'],
  [/^drageas?$/, 'dragea'],
  [/^ml$/, 'ml'],
  [/^(?:gotas?|gts?|gtt)$/, 'gota'],
  [/^(?:jatos?|puffs?|borrifadas?|inalac(?:ao|oes))$/, 'jato'],
  [/^(?:ampolas?|amp)$/, 'ampola'],
  [/^(?:g|gramas?)$/, 'grama'],
  [/^aplicac(?:ao|oes)$/, 'aplicacao'],
  [/^(?:envelopes?|saches?)$/, 'envelope'],
];

const HALF = String.raw`meio|meia|½|1\/2`;
const INTAKE_AMOUNT = String.raw`(${HALF}|${NUMBER_PATTERN})(?:\s*(?:a|ou|-)\s*(${NUMBER_PATTERN}))?`;
const INTAKE = new RegExp(
  String.raw`(?:^|[^\w/])${INTAKE_AMOUNT}\s*(comprimidos?|cps?|comp|cpr|capsulas?|caps|drageas?|ml|gotas?|gts?|gtt|jatos?|puffs?|borrifadas?|inalac(?:ao|oes)|ampolas?|amp|g|gramas?|aplicac(?:ao|oes)|envelopes?|saches?)(?![a-z])`,
);
/** '250 mg/5 ml', '500 mg/ml': a concentration, whose mL is no intake. */
const CONCENTRATION = /\d+(?:[.,]\d+)?\s*(?:mcg|mg|g|ui)\s*\/\s*\d*(?:[.,]\d+)?\s*ml/g;

export function amountOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (/^(?:meio|meia|½|1\/2)$/.test(text)) return 0.5;
  return parsePortugueseNumber(text.replace(',', '.'));
}

/** The dose of one intake as written in a text: '1 comprimido', 'meio comprimido', '10 gotas'. */
export function readIntake(text: string | undefined): Intake | undefined {
  const folded = foldQuantityText(text).replace(CONCENTRATION, ' ').replace(CONTAINER, ' ');
  const match = INTAKE.exec(folded);
  if (!match) return undefined;
  const low = amountOf(match[1]);
  const high = amountOf(match[2]);
  const word = match[3] ?? '';
  const unit = INTAKE_WORDS.find(([pattern]) => pattern.test(word))?.[1];
  const amount = Math.max(low ?? 0, high ?? 0);
  if (!unit || !(amount > 0)) return undefined;
  return { amount, unit };
}

const INTAKE_NOUNS: Readonly<Record<IntakeUnit, [string, string]>> = {
  comprimido: ['comprimido', 'comprimidos'],
  capsula: ['cápsula', 'cápsulas'],
  dragea: ['drágea', 'drágeas'],
  ml: ['mL', 'mL'],
  gota: ['gota', 'gotas'],
  jato: ['jato', 'jatos'],
  ampola: ['ampola', 'ampolas'],
  grama: ['g', 'g'],
  aplicacao: ['aplicação', 'aplicações'],
  envelope: ['envelope', 'envelopes'],
};

/** One intake as a receita writes it: '1 comprimido', 'meio comprimido', '7,5 mL'. */
export function writeIntake(intake: Intake): string {
  const [singular, plural] = INTAKE_NOUNS[intake.unit];
  if (intake.amount === 0.5 && intake.unit === 'comprimido') return 'meio comprimido';
  const noun = intake.amount <= 1 ? singular : plural;
  return `${formatDecimal(intake.amount)} ${noun}`;
}

/** What a receita names to dispense in: 'frasco de 100 ml', 'caixa com 28 comprimidos'. */
const CONTAINER =
  /\b(?:(?:1|um|uma)\s+)?(?:(frascos?|fr|fco|vidros?)|(caixas?|cx))\s*(?:de|com|c\/)\s*(\d+(?:[.,]\d+)?)\s*(ml|doses|jatos|comprimidos?|cp|capsulas?|caps|drageas?|envelopes?|saches?|unidades)?\b/g;

/** A bottle, an inhaler or a box of the size the receita names. */
export interface Container {
  kind: 'frasco' | 'doses' | 'caixa';
  /** mL of a frasco, doses of an inhaler, units of a box. */
  contents: number;
}

/**
 * The bottle or box the receita's own words name: 'frasco de 100 ml' (100 mL), 'frasco com 200
 * doses', 'caixa com 28 comprimidos'. It counts before the catalogue's presentations.
 * @param folded - folded text
 */
export function containerIn(folded: string): Container | undefined {
  for (const match of folded.matchAll(CONTAINER)) {
    const contents = amountOf(match[3]);
    const unit = match[4] ?? '';
    if (contents === undefined || !(contents > 0)) continue;
    if (match[1] && unit === 'ml') return { kind: 'frasco', contents };
    if (match[1] && /^(?:doses|jatos)$/.test(unit)) return { kind: 'doses', contents };
    if (match[2] && unit !== 'ml') return { kind: 'caixa', contents };
  }
  return undefined;
}

/** The bottle or box as a receita writes it: 'Frasco de 100 mL', 'Caixa com 28 unidades'. */
export function writeContainer(container: Container): string {
  const contents = formatDecimal(container.contents);
  if (container.kind === 'frasco') return `Frasco de ${contents} mL`;
  if (container.kind === 'doses') return `Frasco com ${contents} doses`;
  return `Caixa com ${contents} ${container.contents === 1 ? 'unidade' : 'unidades'}`;
}

// ---------------------------------------------------------------------------------------------
// How long

/** The unit of a duration, wherever it is: the number before it is read only there. */
const DURATION_UNIT = /(?<![a-z])(dias?|d|semanas?|sem|mes|meses)\b/g;
/** The amount that ends right before a unit: '7 ', 'sete ', '3 a 5 '. */
const AMOUNT_BEFORE_UNIT = new RegExp(
  `(${NUMBER_PATTERN})(?:\\s*(?:a|-|ou)\\s*(${NUMBER_PATTERN}))?\\s*$`,
);
/** How far before a unit its amount may start: 'cento e vinte e oito ' fits. */
const AMOUNT_WINDOW = 40;

/** A treatment's duration as a receita writes it ('7 dias', '2 semanas', 'Uso contínuo') and in days. */
export interface TreatmentDuration {
  text: string;
  days: number;
}

/**
 * The duration of a treatment read from a text (docs/product.md, "Receita rápida": days as is,
 * weeks × 7, months × 30): '7 dias', 'duas semanas' (14), '3 meses' (90), '3 a 5 dias' (5, the
 * longer), 'uso contínuo' ({@link CONTINUOUS_USE_DAYS}). '2x ao dia', '1 vez por semana' and '20
 * mg/dia' are not durations. The one reader of durations for the quick prescription and the
 * quantity to dispense.
 * @param text - the text, in any case, with or without accents
 */
export function readTreatmentDuration(text: string | undefined): TreatmentDuration | undefined {
  const folded = foldQuantityText(text);
  // Units first, then the amount just before each: spelled numbers are costly to seek everywhere.
  for (const unitMatch of folded.matchAll(DURATION_UNIT)) {
    const windowStart = folded.lastIndexOf(' ', Math.max(0, unitMatch.index - AMOUNT_WINDOW));
    const window = folded.slice(windowStart + 1, unitMatch.index);
    const match = AMOUNT_BEFORE_UNIT.exec(window);
    if (!match) continue;
    const before = window.slice(Math.max(0, match.index - 12), match.index);
    // '2x ao dia', '1 vez por semana', '20 mg/dia' are rates; '12/12h x 7 dias' is a duration.
    if (/(?:\d\s*x|vez(?:es)?|\/)\s*(?:ao|por|\/)?\s*$/.test(before)) continue;
    const n = Math.max(amountOf(match[1]) ?? 0, amountOf(match[2]) ?? 0);
    const unit = unitMatch[1] ?? '';
    if (n <= 0) continue;
    if (unit.startsWith('d')) return { text: `${n} ${n === 1 ? 'dia' : 'dias'}`, days: n };
    if (unit.startsWith('sem')) {
      return { text: `${n} ${n === 1 ? 'semana' : 'semanas'}`, days: n * 7 };
    }
    return { text: `${n} ${n === 1 ? 'mês' : 'meses'}`, days: n * 30 };
  }
  return CONTINUOUS_USE.test(folded)
    ? { text: 'Uso contínuo', days: CONTINUOUS_USE_DAYS }
    : undefined;
}

/** Days of treatment: see {@link readTreatmentDuration}. */
export function treatmentDays(duration: string | undefined): number | undefined {
  return readTreatmentDuration(duration)?.days;
}

// ---------------------------------------------------------------------------------------------
// Phases

/** One stretch of a schedule in which the dose and how often stay the same. */
export interface SchedulePhase {
  /** The dose of one intake the phase writes ('3 cp hoje'); otherwise the one before it. */
  intake?: Intake;
  /** Intakes a day the phase writes ('1 ao dia', '12/12h'; '1 por semana' is 1/7). */
  perDay?: number;
  /** Days the phase lasts: 'hoje' and 'no primeiro dia' are one, 'do 2º ao 5º dia' four. */
  days?: number;
  /** 'Dose única': one intake, whatever else the phase says. */
  single: boolean;
  /** 'Uso contínuo' said in the phase: it has no end. */
  continuous: boolean;
  /** 'De 8 em 8 horas', 'uma vez ao dia', 'à noite': how often, as a receita writes it. */
  how?: string;
  /** The phase writes its dose as a mass ('250 mg ao dia') and not as units to count. */
  doseByMass?: boolean;
}

/** A prescribed item's schedule: its phases in order, given `courses` times. */
export interface Schedule {
  readonly phases: readonly Readonly<SchedulePhase>[];
  /** How many times the whole is given: 'repetir após 7 dias' gives it twice. */
  readonly courses: number;
  /** 'após 7 dias' of a repetition, as written. */
  readonly repeatAfter?: string;
}

const AMOUNT_WORD = String.raw`(?:meio|meia|½|1\/2|\d+(?:[.,]\d+)?|uma?|duas|dois|tres|quatro)`;
/** Where a new phase starts: 'depois', 'em seguida', 'seguido de', before a dose or a verb. */
const PHASE_BREAK = new RegExp(
  String.raw`\s*[,;.]?\s*(?:e\s+)?(?:depois|em seguida|seguido de|a seguir|apos isso|apos|entao)\s*(?:disso\s*)?[,:]?\s*(?=(?:tomar|manter|reduzir|aumentar|passar|seguir|continuar|${AMOUNT_WORD})(?:\b|\s*(?:mcg|mg|g)\b))`,
  'g',
);
/** A dose written as a mass: '250 mg', '1 g', '50 mcg' (a concentration is masked before). */
const MASS_DOSE = /\b\d+(?:[.,]\d+)?\s*(?:mcg|mg|g)\b/;
/** A comma or semicolon before a dose: a new phase only when the one before says its days. */
const LIST_BREAK = new RegExp(
  String.raw`\s*[,;]\s*(?=${AMOUNT_WORD}\s*(?:cp|comp|comprimidos?|capsulas?|caps|drageas?|ml|gotas?|gts|jatos?)\b)`,
  'g',
);
/** A dose repeated: 'repetir após 7 dias', 'repetir a dose em 14 dias', 'repetir em 1 semana'. */
const REPEAT = new RegExp(
  String.raw`[,;.]?\s*(?:e\s+)?repetir(?:\s+(?:a dose|o esquema|o tratamento|a mesma dose))?(?:\s+(?:1 vez|uma vez))?(?:\s+((?:apos|em|depois de|daqui a|com)\s+(${NUMBER_PATTERN})\s*(dias?|semanas?)))?`,
);
const ONE_DAY =
  /\b(?:hoje|no (?:primeiro|1o?|1º) dia|dia 1|d1|na (?:primeira|1a) dose|como dose de ataque|dose de ataque)\b/;
const DAY_RANGE = /\bdo (\d+)o? (?:ao|a|até o|ate o) (\d+)o? dias?\b/;
/** A bare amount that opens a phase ('depois 1 ao dia'): counted in the phase before's unit. */
const BARE_AMOUNT = new RegExp(
  String.raw`^(?:(?:tomar|manter|reduzir para|aumentar para|passar para|seguir com|continuar com)\s+)?(${AMOUNT_WORD})(?!\s*(?:x\b|vez|vezes|\/|h\b|horas?|dias?|semanas?|mes|mg|mcg|g\b|ui))`,
);

/** 'De 8 em 8 horas', 'uma vez ao dia', 'à noite': how often a phase is taken, as printed. */
function howOften(piece: string, perDay: number | undefined): string | undefined {
  const interval =
    /(\d{1,2})\s*\/\s*\1\s*h?/.exec(piece) ??
    /\bde (\d{1,2}) em \1 (?:h|horas?)\b/.exec(piece) ??
    /\ba cada (\d{1,2}) ?(?:h|horas?)\b/.exec(piece);
  const moments = [
    /\bjejum\b/.test(piece) ? 'em jejum' : '',
    /\bmanha\b/.test(piece) ? 'pela manhã' : '',
    /\bnoite\b/.test(piece) ? 'à noite' : '',
    /\bao deitar\b/.test(piece) ? 'ao deitar' : '',
  ].filter(Boolean);
  if (interval?.[1]) {
    const hours = Number(interval[1]);
    return hours === 24 ? 'uma vez ao dia' : `de ${hours} em ${hours} horas`;
  }
  const times = [
    '',
    'uma vez',
    'duas vezes',
    'três vezes',
    'quatro vezes',
    'cinco vezes',
    'seis vezes',
  ];
  let rate: string | undefined;
  if (perDay !== undefined && Math.abs(perDay * 7 - 1) < 1e-9) rate = 'uma vez por semana';
  else if (
    perDay !== undefined &&
    Number.isInteger(perDay) &&
    times[perDay] &&
    moments.length < perDay
  )
    rate = `${times[perDay]} ao dia`;
  const said = [rate, moments.join(' e ')].filter(Boolean).join(', ');
  return said || undefined;
}

/** A phase read from its own words, or undefined when they hold nothing of a schedule. */
function readPhase(
  piece: string,
  unitBefore: Intake['unit'] | undefined,
): SchedulePhase | undefined {
  let intake = readIntake(piece);
  if (!intake && unitBefore) {
    const bare = BARE_AMOUNT.exec(piece.trim());
    const amount = amountOf(bare?.[1]);
    if (amount !== undefined && amount > 0) intake = { amount, unit: unitBefore };
  }
  const frequency = parseFrequency(piece);
  const single = /\bdose unica\b/.test(piece);
  const doseByMass = !intake && MASS_DOSE.test(piece);
  const range = DAY_RANGE.exec(piece);
  const duration = readTreatmentDuration(piece.replace(DAY_RANGE, ' '));
  const continuous = CONTINUOUS_USE.test(piece);
  const days = range
    ? Number(range[2]) - Number(range[1]) + 1
    : ONE_DAY.test(piece)
      ? 1
      : continuous
        ? undefined
        : duration?.days;
  const perDay = single ? undefined : frequency?.perDay;
  if (
    !intake &&
    !doseByMass &&
    perDay === undefined &&
    days === undefined &&
    !single &&
    !continuous
  )
    return undefined;
  const how = howOften(piece, perDay);
  return {
    ...(intake ? { intake } : {}),
    ...(perDay !== undefined ? { perDay } : {}),
    ...(days !== undefined && days > 0 ? { days } : {}),
    single,
    continuous,
    ...(how ? { how } : {}),
    ...(doseByMass ? { doseByMass } : {}),
  };
}

/**
 * The schedule a text writes: '3 cp hoje, depois 1 cp ao dia por 5 dias' is two phases (3
 * comprimidos for one day, then 1 a day for five); 'meio cp por 7 dias, depois 1 cp ao dia' two;
 * '2 cp ao dia por 5 dias, 1 cp ao dia por 5 dias' two, a comma starting a phase only after one
 * that says its days; 'dose única, repetir após 7 dias' one phase given twice. A text of one
 * steady schedule is one phase.
 * @param text - the item's words: its frequency, or the instructions that hold the schedule
 */
export function readSchedule(text: string | undefined): Schedule {
  const key = text ?? '';
  const known = readSchedules.get(key);
  if (known) return known;
  const schedule = scheduleOf(key);
  if (readSchedules.size >= READ_SCHEDULES_KEPT) readSchedules.clear();
  readSchedules.set(key, schedule);
  return schedule;
}

/**
 * Schedules already read: a receita's items are read again at every save, check and print.
 * A schedule is never changed once read (its readers only look at it).
 */
const readSchedules = new Map<string, Schedule>();
const READ_SCHEDULES_KEPT = 1_000;

function scheduleOf(text: string): Schedule {
  let folded = foldQuantityText(text).replace(
    /\d+(?:[.,]\d+)?\s*(?:mcg|mg|g|ui)\s*\/\s*\d*(?:[.,]\d+)?\s*ml/g,
    ' ',
  );
  let courses = 1;
  let repeatAfter: string | undefined;
  const repeat = REPEAT.exec(folded);
  if (repeat) {
    courses = 2;
    if (repeat[1]) repeatAfter = repeat[1].replace(/^apos\b/, 'após');
    folded = folded.slice(0, repeat.index) + folded.slice(repeat.index + repeat[0].length);
  }
  const pieces = folded.split(PHASE_BREAK).flatMap((piece) => {
    // A comma before a dose starts a phase only after a piece that says how long it lasts.
    const parts = piece.split(LIST_BREAK);
    const joined: string[] = [];
    for (const part of parts) {
      const previous = joined[joined.length - 1];
      const lasts =
        previous !== undefined &&
        (ONE_DAY.test(previous) || readTreatmentDuration(previous) !== undefined);
      if (previous !== undefined && !lasts) joined[joined.length - 1] = `${previous}, ${part}`;
      else joined.push(part);
    }
    return joined;
  });
  const phases: SchedulePhase[] = [];
  let pending = '';
  for (const piece of pieces) {
    const words = `${pending} ${piece}`.trim();
    const phase = readPhase(words, phases[phases.length - 1]?.intake?.unit);
    // Words of no schedule ('amoxicilina 500 mg,') join the next piece.
    if (phase) {
      phases.push(phase);
      pending = '';
    } else pending = words;
  }
  return { phases, courses, ...(repeatAfter ? { repeatAfter } : {}) };
}

/** What the item says apart from its schedule's words: its frequency and its total days. */
export interface ScheduleDefaults {
  perDay?: number;
  /** The treatment's whole length, when its duration says it. */
  days?: number;
}

/**
 * The intakes of each phase, and the dose each one takes: a phase that gives no dose takes the
 * one before it (the first, the item's); no frequency, the one before it (a phase of one day, a
 * single intake); no days, the last phase lasts what the item's whole length leaves, or — in
 * continuous use — what is left of a month. Undefined when a phase cannot be counted.
 * @param schedule - the schedule read by {@link readSchedule}
 * @param intake - the item's dose of one intake, for phases that give none
 * @param defaults - the item's frequency and whole length
 */
export function scheduleIntakes(
  schedule: Schedule,
  intake: Intake | undefined,
  defaults: ScheduleDefaults,
): { intake: Intake; intakes: number }[] | undefined {
  const counted: { intake: Intake; intakes: number }[] = [];
  let dose = intake;
  let perDay = defaults.perDay;
  let daysSoFar = 0;
  for (const [index, phase] of schedule.phases.entries()) {
    // '500 mg no 1º dia, depois 250 mg': how many units each mass takes is not written.
    if (phase.doseByMass && index > 0) return undefined;
    dose = phase.intake ?? dose;
    if (!dose) return undefined;
    const last = index === schedule.phases.length - 1;
    let days = phase.days;
    if (days === undefined && last) {
      const whole = defaults.days ?? (phase.continuous ? CONTINUOUS_USE_DAYS : undefined);
      if (whole !== undefined) days = whole > daysSoFar ? whole - daysSoFar : whole;
    }
    let intakes: number | undefined;
    if (phase.single) intakes = 1;
    else if (phase.perDay === undefined && days === 1 && (phase.intake || perDay === undefined)) {
      // '3 cp hoje': a loading dose, taken once.
      intakes = 1;
    } else {
      perDay = phase.perDay ?? perDay;
      if (perDay !== undefined && days !== undefined) intakes = perDay * days;
    }
    if (intakes === undefined) return undefined;
    counted.push({ intake: dose, intakes });
    daysSoFar += days ?? 1;
  }
  if (counted.length === 0) return undefined;
  return schedule.courses === 1
    ? counted
    : Array.from({ length: schedule.courses }, () => counted).flat();
}

/** The days a schedule lasts in all, when every phase says it; a single dose lasts one. */
export function scheduleDays(schedule: Schedule): number | undefined {
  let days = 0;
  for (const phase of schedule.phases) {
    const phaseDays = phase.single ? 1 : phase.days;
    if (phaseDays === undefined) return undefined;
    days += phaseDays;
  }
  return days;
}

/**
 * A schedule of phases as a receita writes it, one clause a phase: '3 comprimidos no primeiro
 * dia; depois, 1 comprimido uma vez ao dia, por 5 dias' (with the route after the first dose); a repeated dose adds 'Repetir a dose
 * após 7 dias.' Undefined when a phase's dose is unknown.
 * @param schedule - the schedule read by {@link readSchedule}
 * @param verb - the verb the sentence opens with ('Tomar')
 * @param via - the route, said after the first dose ('por via oral')
 */
export function writeSchedule(schedule: Schedule, verb: string, via?: string): string | undefined {
  const clauses: string[] = [];
  let dose: Intake | undefined;
  for (const phase of schedule.phases) {
    dose = phase.intake ?? dose;
    if (!dose) return undefined;
    const when = phase.single
      ? 'em dose única'
      : phase.days === 1 && phase.perDay === undefined
        ? 'no primeiro dia'
        : [
            phase.how,
            phase.continuous
              ? 'em uso contínuo'
              : phase.days !== undefined
                ? `por ${phase.days} ${phase.days === 1 ? 'dia' : 'dias'}`
                : '',
          ]
            .filter(Boolean)
            .join(', ');
    const route = clauses.length === 0 ? via : undefined;
    clauses.push([writeIntake(dose), route, when].filter(Boolean).join(' '));
  }
  const [first, ...rest] = clauses;
  if (first === undefined) return undefined;
  const sentence = [`${verb} ${first}`, ...rest.map((clause) => `depois, ${clause}`)].join('; ');
  const repeat =
    schedule.courses > 1
      ? ` Repetir a dose${schedule.repeatAfter ? ` ${schedule.repeatAfter}` : ''}.`
      : '';
  return `${sentence}.${repeat}`;
}
