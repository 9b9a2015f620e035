import type { VitalSigns } from '@shared/records/medical-record';
import { sentenceAt, type Consultation } from './consultation-text';
import { NUMBER_PATTERN, parsePortugueseNumber, parseSpokenDecimal } from './spoken-numbers';

/**
 * Vital signs as doctors say and write them: 'PA 120x80', 'pressão 12 por 8' (→ 120/80), 'FC 82
 * bpm', 'frequência cardíaca de 96', 'FR 16 irpm', 'Tax 36,7 °C', 'temperatura trinta e oito e
 * meio', 'SatO2 97%', 'peso 72 quilos', 'altura 1,68 m' (→ 168 cm). Transcribed speech has no
 * punctuation and says readings without their comma: 'febre de trinta e oito e sete' (38,7),
 * 'um e sessenta e cinco' (165 cm), 'oitenta quilos e meio'. Only what was measured: 'teve febre
 * de 38,5 ontem' is history, 'perdi 5 quilos' is not a weight, and 'trinta e oito anos' is an
 * age. BMI only when both weight and height are stated.
 */

const N = `(${NUMBER_PATTERN})`;
const VALUE = `(?<value>${NUMBER_PATTERN})`;
/**
 * Words that open another reading or another topic. A transcript without punctuation runs
 * everything together, so a label may only skip words that are not one of these: in
 * 'frequência cardíaca normal peso setenta' the 70 is the weight, not the heart rate.
 */
const OTHER_TOPIC = `\\b(?:pa|pressao|fc|fr|frequencia|pulso|temperatura|tax|febre|sat|saturacao|saturando|peso|pesa|pesando|altura|mede|medindo|imc|glicemia|hgt|dextro|hemoglobina|dor|nota|escala|anos?|idade|dias?|semanas?|meses|horas?|vezes)\\b`;
/** Up to a few words between a label and its value ('temperatura agora está 38,1'). */
const GAP = `(?:(?!${OTHER_TOPIC})[^0-9.;?!\\n]){0,24}?`;
/** 'Trinta e sete graus e meio': the half can follow the unit. */
const DEGREES = `(?:\\s*(?<unit>°|º|graus)(?:\\s*c(?:elsius)?\\b)?)?(?<half>\\s+e\\s+mei[oa])?`;
/**
 * What a number is when these follow it: an age or a duration ('trinta e oito anos'), an
 * intensity ('oito de dez'), a count ('duas vezes'), never a vital sign.
 */
const NOT_A_READING_AFTER =
  /^\s*(?:anos?|mes(?:es)?|dias?|semanas?|horas?|minutos|vezes|de dez|em dez|\/\s*10\b|comprimidos?)\b/;

const BLOOD_PRESSURE_LABEL = /\b(?:pa|p\.a\.?|pressao(?: arterial)?|ta|pas)\b/g;
const PAIR = new RegExp(`^(?<lead>[^0-9?!\\n]{0,40}?)${N}\\s*(?:x|\\/|por)\\s*${N}`);
const PAIR_WITH_UNIT = new RegExp(
  `\\b(\\d{2,3})\\s*(?:x|\\/|por)\\s*(\\d{2,3})\\s*(?:mmhg|milimetros de mercurio)`,
  'g',
);
/** Between the label and the numbers: 'a pressão em casa costuma dar doze por oito' is history. */
const USUAL_PRESSURE = /\b(?:em casa|costum\w*|normalmente|geralmente|sempre|ontem|anteontem)\b/;

/**
 * Words before a reading that make it one taken before the visit — at home, at a pharmacy,
 * yesterday — or told by the patient: 'em casa deu dezesseis por dez', 'ontem mediu 38'.
 */
const ELSEWHERE_BEFORE =
  /\b(?:em casa|teve|tive|tinha|tava|deu(?! entrada)|chegou a|relata|refere|referiu|medi|mediu|medimos|ontem|anteontem|no posto|na farmacia|costum\w*|normalmente|geralmente|sempre)\b[^.]*$/;
/** A place other than the consultation room. */
const AT_HOME = /\b(?:em casa|no posto|na farmacia|costum\w*|normalmente|geralmente|sempre)\b/;
/** The same, said after the reading: 'dezesseis por dez lá em casa ontem'. */
const ELSEWHERE_AFTER =
  /^\s*(?:mmhg|graus|°c?|º)?\s*,?\s*(?:(?:la\s+)?em casa|ontem|anteontem|no posto|na farmacia|de (?:manha|tarde|noite) em casa)\b/;
/**
 * Words that make a reading today's, in the room, even after one taken at home: 'agora aqui deu
 * treze por oito', 'e aqui no consultório catorze por nove', 'vou medir… treze por oito'.
 */
const HERE_NOW =
  /\b(?:agora|aqui|no consultorio|na consulta|neste momento|nesse momento|vou medir|vamos medir|medindo agora|afericao|aferida|aferi)\b/;
const HERE_NOW_AFTER = /^\s*(?:mmhg)?\s*,?\s*(?:agora|aqui|hoje aqui|no consultorio)\b/;

/** A number soon after: the 'agora' or 'aqui' it follows opens the next reading. */
const NUMBER_AHEAD = new RegExp(`^[^.;?!\\n]{0,40}?${NUMBER_PATTERN}`);

/** Where a reading in the doctor's voice was taken: in the room now, or before the visit. */
type ReadingPlace = 'here' | 'elsewhere';

/**
 * Where the reading between `start` and `end` was taken, from the words `lead` between its label
 * and it (or the reading before it) and the words around it.
 */
function placeOf(c: Consultation, start: number, end: number, lead: string): ReadingPlace {
  const after = c.folded.slice(end, end + 30);
  if (HERE_NOW.test(lead)) return 'here';
  if (USUAL_PRESSURE.test(lead) || ELSEWHERE_AFTER.test(after)) return 'elsewhere';
  // 'Deu quinze por nove agora'; not the 'agora' that opens the next reading.
  if (HERE_NOW_AFTER.test(after) && !NUMBER_AHEAD.test(after)) return 'here';
  const sentence = sentenceAt(c, start);
  const before = c.folded.slice(Math.max(sentence?.start ?? 0, start - 40), start);
  return ELSEWHERE_BEFORE.test(before) || ELSEWHERE_BEFORE.test(lead) ? 'elsewhere' : 'here';
}

interface ReadingPattern {
  /** Captures the number as `value`; `unit` and `half` when a temperature names its degrees. */
  regex: RegExp;
  /**
   * A whole number alone is not enough here: only a decimal or a degree sign makes 'febre de …'
   * a reading ('febre de trinta e oito e sete'), where 'febre de trinta e oito há dias' may be
   * the story.
   */
  needsPrecision?: boolean;
  /** Words right before the match that make it the patient's story. */
  notBefore?: RegExp;
  /** Words right after the value that make it the patient's story. */
  notAfter?: RegExp;
}

interface NumericSign {
  key: 'heartRate' | 'respiratoryRate' | 'temperature' | 'oxygenSaturation';
  /** Label first ('FC 82'), then a number with its unit and no label ('82 bpm'). */
  patterns: ReadingPattern[];
  min: number;
  max: number;
  /** Words right before the value that make it someone else's or something else. */
  notBefore?: RegExp;
  /** Temperatures are said with their comma left out ('trinta e oito e sete'); rates never. */
  spokenDecimals?: boolean;
}

const NUMERIC_SIGNS: NumericSign[] = [
  {
    key: 'heartRate',
    patterns: [
      {
        // A bare 'cardíaca' names the rate in a run of readings ('pressão onze por sete
        // cardíaca oitenta').
        regex: new RegExp(
          `\\b(?:fc|(?:frequencia |freq\\.? )?cardiaca|pulso|batimentos cardiacos(?! fet))\\b${GAP}${VALUE}`,
          'g',
        ),
        // 'Insuficiência cardíaca', 'cirurgia cardíaca': a disease or a procedure, not the rate.
        notBefore:
          /\b(?:insuficiencia|doenca|cirurgia|parada|arritmia|sindrome|reabilitacao|consulta|avaliacao|problemas?)\s*$/,
      },
      { regex: new RegExp(`\\b${VALUE}\\s*(?:bpm|batimentos por minuto)\\b`, 'g') },
    ],
    min: 20,
    max: 250,
    // 'BCF 140 bpm' is the baby's heart, not the mother's.
    notBefore: /\b(?:bcfs?|fetal|fetais|feto|do bebe)\b[^.;?!\n]{0,20}$/,
  },
  {
    key: 'respiratoryRate',
    patterns: [
      {
        // A bare 'respiratória' names the rate in a run of readings ('cardíaca cento e dez
        // respiratória vinte e dois').
        regex: new RegExp(`\\b(?:fr|(?:frequencia |freq\\.? )?respiratoria)\\b${GAP}${VALUE}`, 'g'),
      },
      {
        regex: new RegExp(
          `\\b${VALUE}\\s*(?:irpm|ipm|rpm|incursoes(?: respiratorias)? por minuto|respiracoes por minuto)\\b`,
          'g',
        ),
      },
    ],
    min: 4,
    max: 80,
    // 'Infecção respiratória', 'insuficiência respiratória': a disease, not the rate.
    notBefore:
      /\b(?:insuficiencia|infeccao|infeccoes|doenca|desconforto|sindrome|vias?|fisioterapia|alergia|crise|parada|quadro|problemas?|sintomas?|virose)\s*$/,
  },
  {
    key: 'temperature',
    patterns: [
      {
        regex: new RegExp(
          `\\b(?:tax|t\\.ax|temperatura(?: axilar)?|temp|tax\\.|t axilar|t(?=\\s*[:=]))\\b${GAP}${VALUE}${DEGREES}`,
          'g',
        ),
      },
      // Degrees are a temperature only in Celsius or near a fever word: 'Lasègue a 40 graus' is not.
      { regex: new RegExp(`\\b${VALUE}\\s*(?:°|º|graus)\\s*c(?:elsius)?\\b`, 'g') },
      {
        regex: new RegExp(
          `\\b(?:febre|febril|termometro|axilar)\\b(?:(?!${OTHER_TOPIC})[^0-9.;?!\\n]){0,30}?${VALUE}${DEGREES}`,
          'g',
        ),
        needsPrecision: true,
        notBefore: /\b(?:nega|sem|ontem|anteontem|semana passada)\b[^.;?!\n]*$/,
        notAfter:
          /^\s*(?:ontem|anteontem|(?:a|de|essa|esta|nesta|na) (?:noite|madrugada)|em casa|semana passada|na semana)\b/,
      },
    ],
    min: 30,
    max: 45,
    spokenDecimals: true,
  },
  {
    key: 'oxygenSaturation',
    patterns: [
      {
        regex: new RegExp(
          `\\b(?:sat ?o2|spo2|sato2|sat|saturacao(?: de oxigenio| de o2| periferica)?|saturando|oximetria)\\b${GAP}${VALUE}`,
          'g',
        ),
      },
      { regex: new RegExp(`\\b${VALUE}\\s*%\\s*(?:em ar ambiente|em aa)\\b`, 'g') },
    ],
    min: 50,
    max: 100,
  },
];

/**
 * 'Pressão 12 por 8, frequência 68': a bare 'frequência' right after a blood pressure is the
 * heart rate (doctors name the respiratory one in full).
 */
const BARE_FREQUENCY = new RegExp(
  `\\bfrequencia\\b(?!\\s+(?:respiratoria|resp|de (?:evacua|mic|urin)))\\s*(?:de\\s+|e\\s+|:\\s*)?${N}(?!\\s*(?:vezes|x|por dia|irpm|rpm))`,
  'g',
);
const AFTER_BLOOD_PRESSURE =
  /(?:\b(?:por|x)\s+[0-9a-z,.]+(?:\s+e\s+(?:meio|[0-9a-z]+))?|\d\s*\/\s*\d+)\s*(?:mmhg)?\s*[,;]?\s*(?:e\s+)?(?:a\s+)?$/;

const KILO_UNIT = `kg|quilos?|kilos?|quilogramas?`;
/** After the kilos: 'oitenta quilos e meio', 'três quilos e duzentos (gramas)'. */
const AFTER_KILOS = `(?:\\s+e\\s+(?:(?<half>mei[oa])|(?<grams>${NUMBER_PATTERN})(?!\\s*(?:anos?|mes(?:es)?|dias?|semanas?|horas?|vezes)\\b)(?<gramsUnit>\\s*(?:g|gramas)\\b)?))?`;
const WEIGHT_LABEL = new RegExp(
  `\\b(?:peso|pesa|pesando|pesou|pesagem)\\b${GAP}${VALUE}(?:\\s*(?<unit>${KILO_UNIT}|g|gramas)\\b)?${AFTER_KILOS}`,
  'g',
);
const WEIGHT_UNIT = new RegExp(
  `\\b${VALUE}\\s*(?<unit>${KILO_UNIT})\\b(?!\\s*\\/)${AFTER_KILOS}`,
  'g',
);
const NOT_A_WEIGHT_BEFORE =
  /\b(?:perd\w*|ganh\w*|emagrec\w*|engord\w*|perda de|ganho de|menos|mais|de)(?:\s+(?:uns|umas|cerca de|quase|mais de|uns bons))?\s*$/;
// 'Mede 1 e 75', 'um metro e sessenta e cinco', 'um sessenta e cinco', 'um metro e meio': the
// unit is optional as a whole, so its spaces never hide the centimetres.
const HEIGHT_LABEL = new RegExp(
  `\\b(?:altura(?! (?:uterina|de fundo))|estatura|mede|meco|medindo)\\b${GAP}${VALUE}(?:\\s*(?<unit>m|metros?|cm|centimetros)\\b)?(?:\\s+(?:e\\s+)?(?:(?<half>mei[oa])\\b|(?<extra>${NUMBER_PATTERN})))?`,
  'g',
);
/** 'Perímetro cefálico mede 35 cm', 'a lesão mede 2 cm': a part of the body, not the stature. */
const NOT_STATURE_BEFORE =
  /\b(?:perimetro|circunferencia|pc|lesao|ferida|nodulo|cisto|cicatriz|mancha|tumor|tumoracao|massa|figado|baco|utero|rim|tireoide|prostata|placa|corte|diametro|fundo uterino)\b[^.;?!\n]*$/;
const HEIGHT_METERS = /\b([12][.,]\d{1,2})\s*(?:m|metros?)\b/g;

/** A value a rule read, and the stretch of the prepared text its match covered. */
interface Reading<T> {
  value: T;
  start: number;
  end: number;
}

const readingOf = <T>(value: T, match: RegExpMatchArray & { index: number }): Reading<T> => ({
  value,
  start: match.index,
  end: match.index + match[0].length,
});

/** Where in the prepared text each vital sign was read (the BMI is computed, never read). */
export type VitalSignSpans = Partial<Record<keyof VitalSigns, { start: number; end: number }[]>>;

/**
 * The vital signs the consultation states as measured now.
 * @param consultation - the parsed consultation
 */
export function extractVitalSigns(consultation: Consultation): VitalSigns {
  return readVitalSigns(consultation).vitals;
}

/**
 * The vital signs the consultation states as measured now, with the stretch each rule matched.
 * @param consultation - the parsed consultation
 */
export function readVitalSigns(consultation: Consultation): {
  vitals: VitalSigns;
  spans: VitalSignSpans;
} {
  const vitals: VitalSigns = {};
  const spans: VitalSignSpans = {};
  const keep = <K extends keyof VitalSigns>(
    key: K,
    reading: Reading<NonNullable<VitalSigns[K]>>,
  ) => {
    vitals[key] = reading.value;
    spans[key] = [{ start: reading.start, end: reading.end }];
  };
  const bloodPressure = readBloodPressure(consultation);
  if (bloodPressure) keep('bloodPressure', bloodPressure);
  for (const sign of NUMERIC_SIGNS) {
    for (const pattern of sign.patterns) {
      const reading = firstMeasured(consultation, pattern, sign);
      if (reading === undefined) continue;
      keep(sign.key, reading);
      break;
    }
  }
  if (vitals.heartRate === undefined) {
    const rate = frequencyAfterPressure(consultation);
    if (rate !== undefined) keep('heartRate', rate);
  }
  const weight = readWeight(consultation);
  if (weight !== undefined) keep('weight', weight);
  const height = readHeight(consultation);
  if (height !== undefined) keep('height', height);
  if (weight !== undefined && height !== undefined && height.value > 0) {
    vitals.bmi = Math.round((weight.value / (height.value / 100) ** 2) * 10) / 10;
  }
  return { vitals, spans };
}

/**
 * Whether a position holds a measurement: the doctor's words (or a note's), not a question,
 * not the patient's report of a reading at home.
 */
function isMeasured(c: Consultation, position: number, selfReportCounts = false): boolean {
  const sentence = sentenceAt(c, position);
  if (!sentence || sentence.question) return false;
  if (sentence.speaker === 'patient' || sentence.speaker === 'companion') return selfReportCounts;
  if (!mayMeasure(c, position)) return false;
  const before = c.folded.slice(Math.max(sentence.start, position - 40), position);
  return !/\b(?:em casa|teve|tive|tinha|tava|deu(?! entrada)|chegou a|relata|refere|referiu|medi|mediu)\b[^.]*$/.test(
    before,
  );
}

/**
 * Whether a position is in words that may hold a measurement: the doctor's (or a note's), not a
 * question, not a note's story, which may repeat a home reading (only the exam section measures).
 */
function mayMeasure(c: Consultation, position: number): boolean {
  const sentence = sentenceAt(c, position);
  if (!sentence || sentence.question) return false;
  if (sentence.speaker === 'patient' || sentence.speaker === 'companion') return false;
  return !['history', 'family', 'habits', 'complaint', 'hda'].includes(sentence.section);
}

/** A blood pressure said after its label, and where it was taken. */
interface PressureReading extends Reading<string> {
  place: ReadingPlace;
}

/**
 * The pairs said after each blood-pressure label, in order: 'pressão em casa deu dezesseis por
 * dez agora aqui deu treze por oito' says two, the first taken at home. Only the doctor's words
 * (or a note's) are read.
 */
function pressuresAfterLabels(c: Consultation, selfReports = false): PressureReading[] {
  const readings: PressureReading[] = [];
  const seen = new Set<number>();
  for (const label of c.folded.matchAll(BLOOD_PRESSURE_LABEL)) {
    let from = label.index + label[0].length;
    let start = label.index;
    for (let pairs = 0; pairs < 3; pairs++) {
      const pair = PAIR.exec(c.folded.slice(from, from + 80));
      if (!pair) break;
      const lead = pair.groups?.lead ?? '';
      // A later pair belongs to the same label only if nothing else was measured in between.
      if (pairs > 0 && SOME_OTHER_TOPIC.test(lead)) break;
      const pairStart = from + pair.index + lead.length;
      const end = from + pair.index + pair[0].length;
      const value = formatBloodPressure(pair[2] ?? '', pair[3] ?? '');
      if (value && !seen.has(pairStart)) {
        seen.add(pairStart);
        const place = placeOfSpeech(c, start, end, lead, selfReports);
        if (place) readings.push({ value, start, end, place });
      }
      from = end;
      start = end;
    }
  }
  return readings;
}

const SOME_OTHER_TOPIC = new RegExp(OTHER_TOPIC);

/**
 * Where a reading was taken ({@link placeOf}) when the words may hold one: in the doctor's or a
 * note's words; with `selfReports`, also in the patient's or a carer's, which are always of a
 * reading taken before the visit.
 */
function placeOfSpeech(
  c: Consultation,
  start: number,
  end: number,
  lead: string,
  selfReports: boolean,
): ReadingPlace | undefined {
  if (mayMeasure(c, end - 1)) return placeOf(c, start, end, lead);
  if (!selfReports) return undefined;
  const sentence = sentenceAt(c, end - 1);
  if (!sentence || sentence.question) return undefined;
  return sentence.speaker === 'patient' || sentence.speaker === 'companion'
    ? 'elsewhere'
    : undefined;
}

function readBloodPressure(c: Consultation): Reading<string> | undefined {
  const here = pressuresAfterLabels(c).find((reading) => reading.place === 'here');
  if (here) return { value: here.value, start: here.start, end: here.end };
  for (const match of c.folded.matchAll(PAIR_WITH_UNIT)) {
    if (!isMeasured(c, match.index)) continue;
    const value = formatBloodPressure(match[1] ?? '', match[2] ?? '');
    if (value) return readingOf(value, match);
  }
  return undefined;
}

/** '12' / '8' → '120/80'; '15 por 9' → '150/90'; '13 por 8,5' → '130/85'. */
export function formatBloodPressure(
  systolicText: string,
  diastolicText: string,
): string | undefined {
  let systolic = parsePortugueseNumber(systolicText);
  let diastolic = parsePortugueseNumber(diastolicText);
  if (systolic === undefined || diastolic === undefined) return undefined;
  // Said in centimetres of mercury, the way Brazilians say it: 'doze por oito'.
  if (systolic < 30) systolic *= 10;
  if (diastolic < 20) diastolic *= 10;
  systolic = Math.round(systolic);
  diastolic = Math.round(diastolic);
  if (systolic < 50 || systolic > 300 || diastolic < 20 || diastolic > 200) return undefined;
  if (diastolic >= systolic) return undefined;
  return `${systolic}/${diastolic}`;
}

function firstMeasured(
  c: Consultation,
  pattern: ReadingPattern,
  sign: NumericSign,
): Reading<number> | undefined {
  for (const match of c.folded.matchAll(pattern.regex)) {
    // 'A temperatura em casa deu 38,7': measured at home. Only a place says so here: in
    // 'febre desde ontem chegou a 39 graus', 'ontem' dates the fever, not the reading.
    const end = match.index + match[0].length;
    const elsewhere = AT_HOME.test(match[0]) || ELSEWHERE_AFTER.test(c.folded.slice(end, end + 30));
    if (!isMeasured(c, match.index) || (elsewhere && !HERE_NOW.test(match[0]))) {
      const later = laterReadingHere(c, end, sign);
      if (later) return later;
      continue;
    }
    const before = c.folded.slice(Math.max(0, match.index - 30), match.index);
    if (sign.notBefore?.test(before) || pattern.notBefore?.test(before)) continue;
    const after = c.folded.slice(match.index + match[0].length);
    if (NOT_A_READING_AFTER.test(after) || pattern.notAfter?.test(after)) continue;
    const text = match.groups?.value ?? '';
    const number = sign.spokenDecimals ? parseSpokenDecimal(text) : parsePortugueseNumber(text);
    if (number === undefined) continue;
    const value = number + (match.groups?.half ? 0.5 : 0);
    if (pattern.needsPrecision && !match.groups?.unit && Number.isInteger(value)) continue;
    if (value >= sign.min && value <= sign.max) return readingOf(value, match);
  }
  return undefined;
}

/** A second value after a reading taken elsewhere: '… em casa 39,5 aqui no consultório 37,8'. */
const LATER_VALUE = new RegExp(
  `^(?<lead>(?:(?!${OTHER_TOPIC})[^0-9.;?!\\n]){0,30}?)${VALUE}${DEGREES}`,
);

/** The value said right after `from` as measured here and now, if one is. */
function laterReadingHere(
  c: Consultation,
  from: number,
  sign: NumericSign,
): Reading<number> | undefined {
  const later = LATER_VALUE.exec(c.folded.slice(from, from + 80));
  if (!later || !HERE_NOW.test(later.groups?.lead ?? '')) return undefined;
  const end = from + later[0].length;
  if (!mayMeasure(c, end - 1)) return undefined;
  const text = later.groups?.value ?? '';
  const number = sign.spokenDecimals ? parseSpokenDecimal(text) : parsePortugueseNumber(text);
  if (number === undefined) return undefined;
  const value = number + (later.groups?.half ? 0.5 : 0);
  if (value < sign.min || value > sign.max) return undefined;
  return { value, start: from + (later.groups?.lead?.length ?? 0), end };
}

function frequencyAfterPressure(c: Consultation): Reading<number> | undefined {
  for (const match of c.folded.matchAll(BARE_FREQUENCY)) {
    const sentence = sentenceAt(c, match.index);
    if (!sentence || !isMeasured(c, match.index)) continue;
    const before = c.folded.slice(Math.max(sentence.start, match.index - 40), match.index);
    if (!AFTER_BLOOD_PRESSURE.test(before)) continue;
    const value = parsePortugueseNumber(match[1] ?? '');
    if (value !== undefined && value >= 20 && value <= 250) return readingOf(value, match);
  }
  return undefined;
}

/** Weight and height a patient tells ('peso uns 70 quilos') are stated as well as measured. */
function readWeight(c: Consultation): Reading<number> | undefined {
  for (const pattern of [WEIGHT_LABEL, WEIGHT_UNIT]) {
    for (const match of c.folded.matchAll(pattern)) {
      if (!isMeasured(c, match.index, true)) continue;
      const before = c.folded.slice(Math.max(0, match.index - 20), match.index);
      if (pattern === WEIGHT_UNIT && NOT_A_WEIGHT_BEFORE.test(before)) continue;
      if (NOT_A_READING_AFTER.test(c.folded.slice(match.index + match[0].length))) continue;
      const value = weightInKilos(match.groups ?? {});
      if (value !== undefined && value >= 0.3 && value <= 400) return readingOf(value, match);
    }
  }
  return undefined;
}

/** The kilos of a weight match: '62', 'sessenta e dois e quinhentos', '3 quilos e 200', '800 g'. */
function weightInKilos(groups: Record<string, string | undefined>): number | undefined {
  const value = parseSpokenDecimal(groups.value ?? '');
  if (value === undefined) return undefined;
  const unit = groups.unit ?? '';
  if (/^g/.test(unit)) return value / 1000;
  const kilos = unit !== '';
  if (kilos && groups.half) return value + 0.5;
  const grams = kilos && groups.grams ? parsePortugueseNumber(groups.grams) : undefined;
  // 'Setenta quilos e oito' is no weight anyone says; grams are tens or hundreds, or named.
  if (grams !== undefined && grams < 1000 && (grams >= 10 || groups.gramsUnit)) {
    return Math.round((value + grams / 1000) * 1000) / 1000;
  }
  return value;
}

function readHeight(c: Consultation): Reading<number> | undefined {
  for (const match of c.folded.matchAll(HEIGHT_LABEL)) {
    if (!isMeasured(c, match.index, true)) continue;
    const sentenceStart = sentenceAt(c, match.index)?.start ?? match.index;
    const before = c.folded.slice(Math.max(sentenceStart, match.index - 40), match.index);
    if (NOT_STATURE_BEFORE.test(before)) continue;
    if (NOT_A_READING_AFTER.test(c.folded.slice(match.index + match[0].length))) continue;
    const height = heightInCentimetres(match.groups ?? {});
    if (height !== undefined && height >= 30 && height <= 250) return readingOf(height, match);
  }
  for (const match of c.folded.matchAll(HEIGHT_METERS)) {
    if (!isMeasured(c, match.index, true)) continue;
    const value = parsePortugueseNumber(match[1] ?? '');
    if (value !== undefined) return readingOf(Math.round(value * 1000) / 10, match);
  }
  return undefined;
}

/** '1,68 m', 'um e sessenta e cinco', 'um metro e setenta', '168 cm' → centimetres. */
function heightInCentimetres(groups: Record<string, string | undefined>): number | undefined {
  const value = parseSpokenDecimal(groups.value ?? '');
  if (value === undefined) return undefined;
  const unit = groups.unit ?? '';
  if (/^c/.test(unit)) return value;
  if (value >= 3) return value;
  // Whole metres then the centimetres ('um metro e setenta'); after '1,65 m' a number is
  // something else ('1,65 m 70 kg').
  let centimetres = value * 100;
  if (Number.isInteger(value)) {
    const extra = groups.extra !== undefined ? parsePortugueseNumber(groups.extra) : undefined;
    if (groups.half) centimetres += 50;
    else if (extra !== undefined && extra < 100) centimetres += extra;
  }
  return Math.round(centimetres * 10) / 10;
}

/** What was measured before the visit, which the record keeps apart from today's vital signs. */
export interface HomeReading {
  key: 'bloodPressure' | 'temperature' | 'glucose';
  /** '160/100' for a blood pressure; degrees Celsius; mg/dL. */
  value: string | number;
  start: number;
  end: number;
}

const HOME_TEMPERATURE = [
  new RegExp(
    `\\b(?:temperatura|febre|termometro)\\b(?:(?!${OTHER_TOPIC})[^0-9.;?!\\n]){0,30}?${VALUE}${DEGREES}`,
    'g',
  ),
  new RegExp(
    `\\b(?:mediu|medi|medimos|deu|chegou a|bateu|marcou)\\s+(?:(?:uns|quase)\\s+)?${VALUE}${DEGREES}\\s+(?:de\\s+)?(?:febre|temperatura)\\b`,
    'g',
  ),
];
const HOME_GLUCOSE = new RegExp(
  `\\b(?:glicemia|glicose|dextro|hgt|acucar)\\b(?:(?!${OTHER_TOPIC})[^0-9.;?!\\n]){0,30}?${VALUE}(?!\\s*(?:anos?|dias?|semanas?|meses|horas?|vezes)\\b)`,
  'g',
);

/**
 * The blood pressures, temperatures and capillary glucoses the consultation says were measured
 * before the visit — at home, at a pharmacy, yesterday — in text order: 'em casa a pressão deu
 * dezesseis por dez', 'a glicemia em casa estava duzentos', 'ontem mediu 38 de febre'. Never
 * today's vital signs (docs/product.md, "Motor offline").
 * @param consultation - the parsed consultation
 */
export function readHomeReadings(consultation: Consultation): HomeReading[] {
  const readings: HomeReading[] = pressuresAfterLabels(consultation, true)
    .filter((reading) => reading.place === 'elsewhere')
    .map(({ value, start, end }) => ({ key: 'bloodPressure' as const, value, start, end }));
  const addNumber = (
    key: 'temperature' | 'glucose',
    match: RegExpMatchArray & { index: number },
    min: number,
    max: number,
  ) => {
    const end = match.index + match[0].length;
    if (readings.some((r) => match.index < r.end && r.start < end)) return;
    if (placeOfSpeech(consultation, match.index, end, match[0], true) !== 'elsewhere') return;
    const text = match.groups?.value ?? '';
    const number = key === 'temperature' ? parseSpokenDecimal(text) : parsePortugueseNumber(text);
    if (number === undefined) return;
    const value = number + (match.groups?.half ? 0.5 : 0);
    if (value >= min && value <= max) readings.push({ key, value, start: match.index, end });
  };
  for (const pattern of HOME_TEMPERATURE) {
    for (const match of consultation.folded.matchAll(pattern))
      addNumber('temperature', match, 35, 43);
  }
  for (const match of consultation.folded.matchAll(HOME_GLUCOSE)) {
    addNumber('glucose', match, 20, 900);
  }
  return readings.sort((a, b) => a.start - b.start);
}
