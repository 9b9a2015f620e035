import type { VitalSigns } from '../../shared/medical-record';
import { sentenceAt, type Consultation } from './consultation-text';
import { NUMBER_PATTERN, parsePortugueseNumber } from './number-words';

/**
 * Vital signs as doctors say and write them: 'PA 120x80', 'pressão 12 por 8' (→ 120/80), 'FC 82
 * bpm', 'frequência cardíaca de 96', 'FR 16 irpm', 'Tax 36,7 °C', 'temperatura trinta e oito e
 * meio', 'SatO2 97%', 'peso 72 quilos', 'altura 1,68 m' (→ 168 cm). Only what was measured:
 * 'teve febre de 38,5 ontem' is history, and 'perdi 5 quilos' is not a weight. BMI only when
 * both weight and height are stated.
 */

const N = `(${NUMBER_PATTERN})`;
/** Up to a few words between a label and its value ('temperatura agora está 38,1'). */
const GAP = `[^0-9.;?!\\n]{0,24}?`;

const BLOOD_PRESSURE_LABEL = /\b(?:pa|p\.a\.?|pressao(?: arterial)?|ta|pas)\b/g;
const PAIR = new RegExp(`^[^0-9?!\\n]{0,40}?${N}\\s*(?:x|\\/|por)\\s*${N}`);
const PAIR_WITH_UNIT = new RegExp(
  `\\b(\\d{2,3})\\s*(?:x|\\/|por)\\s*(\\d{2,3})\\s*(?:mmhg|milimetros de mercurio)`,
  'g',
);

interface NumericSign {
  key: 'heartRate' | 'respiratoryRate' | 'temperature' | 'oxygenSaturation';
  label: RegExp;
  /** A number followed by its unit, without a label ('82 bpm'). */
  unit?: RegExp;
  min: number;
  max: number;
  /** Words right before the value that make it someone else's or something else. */
  notBefore?: RegExp;
}

const NUMERIC_SIGNS: NumericSign[] = [
  {
    key: 'heartRate',
    label: new RegExp(
      `\\b(?:fc|frequencia cardiaca|freq\\.? cardiaca|pulso|batimentos cardiacos(?! fet))\\b${GAP}${N}`,
      'g',
    ),
    unit: new RegExp(`\\b${N}\\s*(?:bpm|batimentos por minuto)\\b`, 'g'),
    min: 20,
    max: 250,
    // 'BCF 140 bpm' is the baby's heart, not the mother's.
    notBefore: /\b(?:bcfs?|fetal|fetais|feto|do bebe)\b[^.;?!\n]{0,20}$/,
  },
  {
    key: 'respiratoryRate',
    label: new RegExp(`\\b(?:fr|frequencia respiratoria|freq\\.? respiratoria)\\b${GAP}${N}`, 'g'),
    unit: new RegExp(
      `\\b${N}\\s*(?:irpm|ipm|rpm|incursoes(?: respiratorias)? por minuto|respiracoes por minuto)\\b`,
      'g',
    ),
    min: 4,
    max: 80,
  },
  {
    key: 'temperature',
    label: new RegExp(
      `\\b(?:tax|t\\.ax|temperatura(?: axilar)?|temp|tax\\.|t axilar|t(?=\\s*[:=]))\\b${GAP}${N}`,
      'g',
    ),
    // Degrees are a temperature only in Celsius or near a fever word: 'Lasègue a 40 graus' is not.
    unit: new RegExp(
      `\\b(\\d{2}(?:[.,]\\d)?)\\s*(?:°|º|graus)\\s*c(?:elsius)?\\b|\\b(?:febre|febril|termometro|axilar)\\b[^0-9.;?!\\n]{0,30}?\\b(\\d{2}(?:[.,]\\d)?)\\s*(?:°|º|graus)`,
      'g',
    ),
    min: 30,
    max: 45,
  },
  {
    key: 'oxygenSaturation',
    label: new RegExp(
      `\\b(?:sat ?o2|spo2|sato2|sat|saturacao(?: de oxigenio| de o2| periferica)?|saturando|oximetria)\\b${GAP}${N}`,
      'g',
    ),
    unit: new RegExp(`\\b${N}\\s*%\\s*(?:em ar ambiente|em aa)\\b`, 'g'),
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

const WEIGHT_LABEL = new RegExp(
  `\\b(?:peso|pesa|pesando|pesou|pesagem)\\b${GAP}${N}\\s*(kg|quilos?|kilos?|quilogramas?|g|gramas)?`,
  'g',
);
const WEIGHT_UNIT = new RegExp(`\\b${N}\\s*(?:kg|quilos|kilos|quilogramas)\\b(?!\\s*\\/)`, 'g');
const NOT_A_WEIGHT_BEFORE =
  /\b(?:perd\w*|ganh\w*|emagrec\w*|engord\w*|perda de|ganho de|menos|mais|de)(?:\s+(?:uns|umas|cerca de|quase|mais de|uns bons))?\s*$/;
// 'Mede 1 e 75': the unit is optional as a whole, so its spaces never hide the centimetres.
const HEIGHT_LABEL = new RegExp(
  `\\b(?:altura(?! (?:uterina|de fundo))|estatura|mede|meco|medindo)\\b${GAP}${N}(?:\\s*(m|metros?|cm|centimetros)\\b)?(?:\\s+e\\s+${N})?`,
  'g',
);
/** 'Perímetro cefálico mede 35 cm', 'a lesão mede 2 cm': a part of the body, not the stature. */
const NOT_STATURE_BEFORE =
  /\b(?:perimetro|circunferencia|pc|lesao|ferida|nodulo|cisto|cicatriz|mancha|tumor|tumoracao|massa|figado|baco|utero|rim|tireoide|prostata|placa|corte|diametro|fundo uterino)\b[^.;?!\n]*$/;
const HEIGHT_METERS = /\b([12][.,]\d{1,2})\s*(?:m|metros?)\b/g;

/**
 * The vital signs the consultation states as measured now.
 * @param consultation - the parsed consultation
 */
export function extractVitalSigns(consultation: Consultation): VitalSigns {
  const vitals: VitalSigns = {};
  const bloodPressure = readBloodPressure(consultation);
  if (bloodPressure) vitals.bloodPressure = bloodPressure;
  for (const sign of NUMERIC_SIGNS) {
    const value =
      firstMeasured(consultation, sign.label, sign) ??
      (sign.unit ? firstMeasured(consultation, sign.unit, sign) : undefined);
    if (value !== undefined) vitals[sign.key] = value;
  }
  if (vitals.heartRate === undefined) {
    const rate = frequencyAfterPressure(consultation);
    if (rate !== undefined) vitals.heartRate = rate;
  }
  const weight = readWeight(consultation);
  if (weight !== undefined) vitals.weight = weight;
  const height = readHeight(consultation);
  if (height !== undefined) vitals.height = height;
  if (vitals.weight !== undefined && vitals.height !== undefined && vitals.height > 0) {
    vitals.bmi = Math.round((vitals.weight / (vitals.height / 100) ** 2) * 10) / 10;
  }
  return vitals;
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
  return !/\b(?:em casa|teve|tinha|tava|deu|chegou a|relata|refere|referiu|medi|mediu)\b[^.]*$/.test(
    before,
  );
}

function readBloodPressure(c: Consultation): string | undefined {
  for (const label of c.folded.matchAll(BLOOD_PRESSURE_LABEL)) {
    const from = label.index + label[0].length;
    const pair = PAIR.exec(c.folded.slice(from, from + 80));
    if (!pair) continue;
    const at = from + pair.index + pair[0].length - 1;
    if (!isMeasured(c, label.index) && !isMeasured(c, at)) continue;
    const value = formatBloodPressure(pair[1] ?? '', pair[2] ?? '');
    if (value) return value;
  }
  for (const match of c.folded.matchAll(PAIR_WITH_UNIT)) {
    if (!isMeasured(c, match.index)) continue;
    const value = formatBloodPressure(match[1] ?? '', match[2] ?? '');
    if (value) return value;
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

function firstMeasured(c: Consultation, pattern: RegExp, sign: NumericSign): number | undefined {
  for (const match of c.folded.matchAll(pattern)) {
    if (!isMeasured(c, match.index)) continue;
    if (sign.notBefore?.test(c.folded.slice(Math.max(0, match.index - 30), match.index))) continue;
    const value = parsePortugueseNumber(match[1] ?? match[2] ?? '');
    if (value !== undefined && value >= sign.min && value <= sign.max) return value;
  }
  return undefined;
}

function frequencyAfterPressure(c: Consultation): number | undefined {
  for (const match of c.folded.matchAll(BARE_FREQUENCY)) {
    const sentence = sentenceAt(c, match.index);
    if (!sentence || !isMeasured(c, match.index)) continue;
    const before = c.folded.slice(Math.max(sentence.start, match.index - 40), match.index);
    if (!AFTER_BLOOD_PRESSURE.test(before)) continue;
    const value = parsePortugueseNumber(match[1] ?? '');
    if (value !== undefined && value >= 20 && value <= 250) return value;
  }
  return undefined;
}

/** Weight and height a patient tells ('peso uns 70 quilos') are stated as well as measured. */
function readWeight(c: Consultation): number | undefined {
  for (const match of c.folded.matchAll(WEIGHT_LABEL)) {
    if (!isMeasured(c, match.index, true)) continue;
    let value = parsePortugueseNumber(match[1] ?? '');
    if (value === undefined) continue;
    if (match[2] && /^g/.test(match[2])) value /= 1000;
    if (value >= 0.3 && value <= 400) return value;
  }
  for (const match of c.folded.matchAll(WEIGHT_UNIT)) {
    if (!isMeasured(c, match.index, true)) continue;
    if (NOT_A_WEIGHT_BEFORE.test(c.folded.slice(Math.max(0, match.index - 20), match.index)))
      continue;
    const value = parsePortugueseNumber(match[1] ?? '');
    if (value !== undefined && value >= 0.3 && value <= 400) return value;
  }
  return undefined;
}

function readHeight(c: Consultation): number | undefined {
  for (const match of c.folded.matchAll(HEIGHT_LABEL)) {
    if (!isMeasured(c, match.index, true)) continue;
    const sentenceStart = sentenceAt(c, match.index)?.start ?? match.index;
    const before = c.folded.slice(Math.max(sentenceStart, match.index - 40), match.index);
    if (NOT_STATURE_BEFORE.test(before)) continue;
    const value = parsePortugueseNumber(match[1] ?? '');
    if (value === undefined) continue;
    const unit = match[2] ?? '';
    const extra = match[3] !== undefined ? parsePortugueseNumber(match[3]) : undefined;
    let centimetres: number;
    if (/^c/.test(unit)) centimetres = value;
    else if (value < 3) centimetres = value * 100 + (extra ?? 0);
    else centimetres = value;
    const height = Math.round(centimetres * 10) / 10;
    if (height >= 30 && height <= 250) return height;
  }
  for (const match of c.folded.matchAll(HEIGHT_METERS)) {
    if (!isMeasured(c, match.index, true)) continue;
    const value = parsePortugueseNumber(match[1] ?? '');
    if (value !== undefined) return Math.round(value * 1000) / 10;
  }
  return undefined;
}
