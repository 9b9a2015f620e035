import type { ExtractedValue, TextSpan } from '@shared/ai/extraction-evidence';
import { genderOfUnit, quantityInWords } from '@shared/lib/numbers-in-words';
import { foldForMatching } from '@shared/lib/text-folding';
import { BRAND_NAMES, brandNameText } from '../medications/brands';
import { ACRONYMS } from '../transcript/abbreviations';
import type { TextSearch } from './find-quote';

/**
 * Where a model's value stands in the consultation by its own words, when the model gave no
 * quote for it or a quote that is not there (docs/api.md, "Motor offline"). Each kind of value is
 * looked for as people say it:
 * - a name, a medicine, an allergy, an exam (`named`): its own words, the medicine's name without
 *   its dose, its brand for a generic and its generic for a brand ('Tylenol' for paracetamol);
 * - a number (`measured`): in figures or words, with what makes it that measure ('34 anos',
 *   'FC 88', '12 por 8' for 120/80, 'um metro e setenta' for 170 cm);
 * - a summary (`summarised`): the whole phrase, else most of its words, each by its stem or by a
 *   word of the same meaning ('dor de cabeça' for 'cefaleia', 'HAS' for 'hipertensão arterial
 *   sistêmica').
 * @returns the spans found, or undefined when the text does not hold the value
 */
export function ownWordsSpans(search: TextSearch, value: ExtractedValue): TextSpan[] | undefined {
  // A bare number could be any number of the text: it is found only with what makes it this one.
  const bareNumber = value.kind === 'measured' && /^\d+(?:[.,]\d+)?$/.test(value.text);
  const whole = bareNumber ? undefined : search.find(value.text);
  if (whole) return [whole];
  if (value.kind === 'named') return firstFound(search, namedVariants(value.text));
  if (value.kind === 'measured') return firstFound(search, measuredVariants(value));
  return summarySpans(search, value.text);
}

function firstFound(search: TextSearch, variants: readonly string[]): TextSpan[] | undefined {
  for (const variant of variants) {
    // Variants are exact forms: within-edits matching is for the value as the model wrote it.
    const span = search.find(variant, { fuzzy: false });
    if (span) return [span];
  }
  return undefined;
}

/** A medicine's name without its dose, and its other names: brand for generic and back. */
function namedVariants(text: string): string[] {
  const name = text.split(/\s+(?=\d)/)[0]?.trim() ?? text;
  const folded = foldForMatching(name);
  return [name, ...(otherNames().get(folded) ?? [])];
}

let otherNamesByName: Map<string, string[]> | undefined;

/** By a medicine's folded generic or brand name, its other names. */
function otherNames(): Map<string, string[]> {
  if (otherNamesByName) return otherNamesByName;
  const names = new Map<string, string[]>();
  const add = (key: string, other: string) => {
    const list = names.get(key) ?? [];
    if (!list.includes(other)) list.push(other);
    names.set(key, list);
  };
  for (const [generic, brands] of Object.entries(BRAND_NAMES)) {
    for (const brand of brands.map(brandNameText)) {
      add(foldForMatching(generic), brand);
      add(foldForMatching(brand), generic);
    }
  }
  otherNamesByName = names;
  return names;
}

/** What comes before or after a vital sign's number when it is said or written, folded. */
const MEASURE_WORDS: Readonly<Record<string, { before: string[]; after: string[] }>> = {
  'patientInfo.age': { before: ['idade'], after: ['anos', 'ano'] },
  'physicalExam.vitalSigns.heartRate': {
    before: ['fc', 'frequencia cardiaca', 'pulso', 'batimentos'],
    after: ['bpm', 'batimentos'],
  },
  'physicalExam.vitalSigns.respiratoryRate': {
    before: ['fr', 'frequencia respiratoria'],
    after: ['irpm', 'ipm', 'incursoes', 'respiracoes'],
  },
  'physicalExam.vitalSigns.temperature': {
    before: ['temperatura', 'temp', 'tax', 'febre de', 'termometro marcou'],
    after: ['graus', 'c'],
  },
  'physicalExam.vitalSigns.oxygenSaturation': {
    before: ['saturacao', 'saturando', 'sat', 'spo2', 'oximetria'],
    after: ['por cento'],
  },
  'physicalExam.vitalSigns.weight': {
    before: ['peso', 'pesando', 'pesa'],
    after: ['kg', 'quilos', 'kilos'],
  },
  'physicalExam.vitalSigns.height': { before: ['altura', 'mede'], after: ['cm', 'centimetros'] },
};

/** A number as it may be written or said: '38,5', '38.5', 'trinta e oito e meio'. */
function numberForms(value: number, gender: 'masculine' | 'feminine' = 'masculine'): string[] {
  const forms = [String(value), String(value).replace('.', ',')];
  const whole = Math.trunc(value);
  const fraction = Math.round((value - whole) * 10);
  if (value >= 0 && whole <= 9999) {
    const words = quantityInWords(whole, gender);
    if (fraction === 0) forms.push(words);
    else if (fraction === 5) forms.push(`${words} e meio`);
    else forms.push(`${words} virgula ${quantityInWords(fraction)}`);
  }
  return [...new Set(forms)];
}

function measuredVariants(value: ExtractedValue): string[] {
  if (value.path === 'physicalExam.vitalSigns.bloodPressure') return pressureForms(value.text);
  const number = Number(value.text.replace(',', '.'));
  const words = MEASURE_WORDS[value.path];
  if (words && Number.isFinite(number)) {
    const forms = numberForms(number);
    // A height in centimetres is said in metres: 'um metro e setenta', '1,70 m'.
    if (value.path === 'physicalExam.vitalSigns.height' && number >= 100) {
      const metres = (number / 100).toFixed(2).replace(/0$/, '');
      forms.push(`${metres.replace('.', ',')} m`, `${metres} m`);
      forms.push(`${quantityInWords(1)} metro e ${quantityInWords(Math.round(number % 100))}`);
    }
    return forms.flatMap((form) => [
      ...words.after.map((after) => `${form} ${after}`),
      ...words.before.flatMap((before) => [`${before} ${form}`, `${before} de ${form}`]),
      ...(value.path === 'physicalExam.vitalSigns.height' && /\D$/.test(form) ? [form] : []),
    ]);
  }
  // A duration or a count with its unit: '3 dias' is also 'três dias'.
  return [
    value.text.replace(/\d+(?=\s+(\p{L}+))/gu, (digits, unit: string) => {
      const count = Number(digits);
      return count <= 9999 ? quantityInWords(count, genderOfUnit(unit)) : digits;
    }),
  ];
}

/** A blood pressure as it is said: '120/80', '120 x 80', '12 por 8', 'doze por oito'. */
function pressureForms(text: string): string[] {
  const match = /^(\d{2,3})\s*[/x×]\s*(\d{2,3})$/i.exec(text.trim());
  if (!match) return [];
  const systolic = Number(match[1]);
  const diastolic = Number(match[2]);
  const pairs: [string, string][] = [
    [String(systolic), String(diastolic)],
    [quantityInWords(systolic), quantityInWords(diastolic)],
  ];
  if (systolic % 10 === 0 && diastolic % 10 === 0) {
    pairs.push([String(systolic / 10), String(diastolic / 10)]);
    pairs.push([quantityInWords(systolic / 10), quantityInWords(diastolic / 10)]);
  }
  return pairs.flatMap(([high, low]) => [
    `${high}/${low}`,
    `${high}x${low}`,
    `${high} x ${low}`,
    `${high} por ${low}`,
  ]);
}

/** Lay and clinical words for the same thing, folded: a summary's word is found by any of them. */
const SAME_MEANING: readonly (readonly string[])[] = [
  ['cefaleia', 'dor de cabeca', 'dores de cabeca'],
  ['odinofagia', 'dor de garganta', 'dor na garganta'],
  ['dispneia', 'falta de ar', 'dificuldade para respirar', 'dificuldade pra respirar'],
  ['mialgia', 'dor no corpo', 'dores no corpo', 'dor muscular'],
  ['artralgia', 'dor nas juntas', 'dor nas articulacoes'],
  ['lombalgia', 'dor nas costas', 'dor lombar'],
  ['otalgia', 'dor de ouvido', 'dor no ouvido'],
  ['epigastralgia', 'dor no estomago', 'dor de estomago'],
  ['nausea', 'nauseas', 'enjoo', 'enjoos', 'enjoada', 'enjoado'],
  ['emese', 'vomito', 'vomitos', 'vomitando'],
  ['pirose', 'azia', 'queimacao'],
  ['diarreia', 'intestino solto', 'barriga solta'],
  ['constipacao', 'intestino preso', 'prisao de ventre'],
  ['febre', 'febril', 'febricula'],
  ['coriza', 'nariz escorrendo'],
  ['disuria', 'ardencia para urinar', 'ardencia ao urinar', 'ardor ao urinar', 'dor para urinar'],
  ['astenia', 'fraqueza', 'cansaco', 'fadiga', 'moleza'],
  ['vertigem', 'tontura', 'tonto', 'tonta'],
  ['prurido', 'coceira'],
  ['edema', 'inchaco', 'inchado', 'inchada'],
  ['insonia', 'dificuldade para dormir', 'dificuldade pra dormir'],
  ['palpitacao', 'palpitacoes', 'coracao acelerado', 'batedeira'],
  ['hipertensao', 'pressao alta'],
  ['diabetes', 'diabete', 'acucar alto'],
  ['dislipidemia', 'colesterol alto'],
  ['linfonodomegalia', 'adenomegalia', 'ingua'],
  ['direita', 'direito'],
  ['esquerda', 'esquerdo'],
  ...ACRONYMS.map(([acronym, expansion]) => [foldForMatching(acronym), foldForMatching(expansion)]),
];

/** Words that name nothing by themselves, units and times among them. */
const FILLER_WORDS = new Set(
  (
    'de da do das dos com sem por para pra uma um uns umas que nos nas no na em ao aos ate ha ' +
    'mais menos muito pouco esta este essa esse ser sua seu suas seus mg ml mcg ui ' +
    'hora horas dia dias semana semanas mes meses ano anos vez vezes'
  ).split(' '),
);

/** Letters of a word that must agree: 'penicilina' finds 'penicilinas', 'inflamada' 'inflamação'. */
export const STEM_LENGTH = 5;

/** The words of a value that name something: three letters or more, not filler, not numbers. */
export function namingWords(text: string): string[] {
  return foldForMatching(text)
    .split(' ')
    .filter((word) => word.length >= 3 && !FILLER_WORDS.has(word) && !/^\d/.test(word));
}

/**
 * A summary's spans: the phrases of the same meaning it holds, then its other words by stem;
 * found when at least half of them are in the text.
 */
function summarySpans(search: TextSearch, text: string): TextSpan[] | undefined {
  let rest = ` ${foldForMatching(text)} `;
  const spans: TextSpan[] = [];
  let terms = 0;
  // The longest phrase first: 'hipertensao arterial sistemica' is HAS, not just 'hipertensao'.
  const heldPhrases = SAME_MEANING.flatMap((meanings) =>
    meanings.filter((phrase) => rest.includes(` ${phrase} `)).map((held) => ({ held, meanings })),
  ).sort((a, b) => b.held.length - a.held.length);
  for (const { held, meanings } of heldPhrases) {
    if (!rest.includes(` ${held} `)) continue;
    terms += 1;
    rest = rest.replace(` ${held} `, ' ');
    const span = meanings.map((phrase) => search.find(phrase, { fuzzy: false })).find(Boolean);
    if (span) spans.push(span);
  }
  for (const word of namingWords(rest)) {
    terms += 1;
    const span =
      word.length > STEM_LENGTH
        ? search.findWord(word.slice(0, STEM_LENGTH))
        : search.findWord(word, true);
    if (span) spans.push(span);
  }
  if (terms === 0 || spans.length * 2 < terms) return undefined;
  return spans.sort((a, b) => a.start - b.start);
}
