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
  if (['history', 'family', 'habits', 'complaint', 'hda'].includes(sentence.section)) {
    // A note's story may repeat a home reading; only the exam section measures.
    return false;
  }
  const before = c.folded.slice(Math.max(sentence.start, position - 40), position);
  return !/\b(?:em casa|teve|tive|tinha|tava|deu(?! entrada)|chegou a|relata|refere|referiu|medi|mediu)\b[^.]*$/.test(
    before,
  );
}

function readBloodPressure(c: Consultation): Reading<string> | undefined {
  for (const label of c.folded.matchAll(BLOOD_PRESSURE_LABEL)) {
    const from = label.index + label[0].length;
    const pair = PAIR.exec(c.folded.slice(from, from + 80));
    if (!pair) continue;
    if (USUAL_PRESSURE.test(pair.groups?.lead ?? '')) continue;
    const at = from + pair.index + pair[0].length - 1;
    if (!isMeasured(c, label.index) && !isMeasured(c, at)) continue;
    const value = formatBloodPressure(pair[2] ?? '', pair[3] ?? '');
    if (value) return { value, start: label.index, end: at + 1 };
  }
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
    if (!isMeasured(c, match.index)) continue;
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
