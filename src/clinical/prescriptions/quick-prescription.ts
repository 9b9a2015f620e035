import type { PrescriptionExtraction } from '@shared/ai/tasks';
import type { Medication } from '@shared/records/medical-record';
import { quantityInWords } from '@shared/lib/numbers-in-words';
import { ROUTE_WORDS } from '@shared/prescriptions/posology';
import { expandInstructionAbbreviations, guessRoute } from '@shared/prescriptions/prescription';
import { NUMBER_PATTERN, parsePortugueseNumber } from '../extraction/spoken-numbers';
import { readNameAt } from '../extraction/patient-name';
import {
  capitalizeFirst,
  cleanPhrase,
  foldText,
  normalizeConsultationText,
} from '../extraction/text-normalization';
import { AMBIGUOUS_MEDICATION_TERMS, type MedicationEntry } from '../medications/catalogue';
import { medicationWords } from '../medications/medication-text';
import { findMedication, readMedicationName } from '../medications/search';
import { planDispense } from './dispense-plan';
import {
  readSchedule,
  readTreatmentDuration,
  scheduleDays,
  writeIntake,
  writeSchedule,
  writeContainer,
  containerIn,
  type Schedule,
  type TreatmentDuration,
} from './schedule';

/**
 * The rule parser behind `/receita-rapida` when no model answers
 * (docs/product.md, "Receita rápida"): 'Maria 45 anos amoxicilina 500mg 8/8h por 7 dias' becomes a
 * patient, an age and one medicine with its dosage, frequency, duration and quantity.
 *
 * Each medicine owns the text from its name to the next medicine's name, and its dosage,
 * frequency and duration are read there only, so 'losartana 50mg 1x ao dia e sinvastatina 20mg
 * à noite' gives each its own.
 */

/** The defaults of docs/product.md, "Receita rápida". */
export const QUICK_PRESCRIPTION_DEFAULTS = {
  patientName: 'Paciente',
  frequency: 'Conforme orientação médica',
  duration: '30 dias',
  quantityDays: 30,
  placeholder: {
    name: 'Medicamento mencionado',
    frequency: 'Conforme prescrição',
    duration: '30 dias',
    quantity: '30',
  },
} as const;

/** docs/product.md, "Limiares de confiança": the weights of the prescription confidence. */
export const PRESCRIPTION_CONFIDENCE_WEIGHTS = {
  patientName: 0.2,
  medications: 0.7,
  diagnosis: 0.1,
} as const;

/**
 * The "nomes conhecidos" of docs/product.md, "Receita rápida": medicines recognised by name alone,
 * with no dosage after them. The catalogue adds every other generic and brand name it knows; these
 * are the ones a quick prescription names most, kept here so that they are found whatever the
 * catalogue says ('insulina' alone, 'AAS').
 */
export const COMMON_QUICK_MEDICINES: readonly string[] = [
  'aas',
  'amoxicilina',
  'anlodipino',
  'atenolol',
  'atorvastatina',
  'azitromicina',
  'captopril',
  'cefalexina',
  'ciprofloxacino',
  'dexametasona',
  'diclofenaco',
  'dipirona',
  'enalapril',
  'escopolamina',
  'fluoxetina',
  'glibenclamida',
  'hidroclorotiazida',
  'ibuprofeno',
  'insulina',
  'levotiroxina',
  'loratadina',
  'losartana',
  'metformina',
  'metoclopramida',
  'nimesulida',
  'omeprazol',
  'ondansetrona',
  'pantoprazol',
  'paracetamol',
  'prednisona',
  'salbutamol',
  'sertralina',
  'simeticona',
  'sinvastatina',
];
const COMMON = new Set(COMMON_QUICK_MEDICINES);

// ---------------------------------------------------------------------------------------------
// Text

interface QuickText {
  /** Normalised text as typed: what names and dosages are copied from. */
  original: string;
  /** Same length, lower case, no accents: what the rules match. */
  folded: string;
  words: Word[];
}

interface Word {
  start: number;
  end: number;
  /** Folded. */
  text: string;
}

function prepare(text: string): QuickText {
  const original = normalizeConsultationText(text).replace(/\n/g, ' ');
  const folded = foldText(original);
  const words = [...folded.matchAll(/[a-z0-9]+(?:['-][a-z0-9]+)*/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
  }));
  return { original, folded, words };
}

const N = `(${NUMBER_PATTERN})`;

function numberOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parsePortugueseNumber(text.trim());
}

// ---------------------------------------------------------------------------------------------
// Dosage

/** '500mg', '500 mg', '1g', '2,5 mg', '250mg/5ml', '50.000 UI', '100 mcg/dose', '875/125 mg'. */
const DOSAGE =
  /(?<![\w,.])\d+(?:[.,]\d+)*(?:\s*\/\s*\d+(?:[.,]\d+)?)?\s*(?:mcg|mg|ml|ui|g)(?:\s*\/\s*\d*(?:[.,]\d+)?\s*(?:ml|dose|gotas?|kg))?(?![a-z])/g;

interface Span {
  start: number;
  end: number;
}

function findDosages(text: QuickText): Span[] {
  return [...text.folded.matchAll(DOSAGE)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The dosage as typed, with units written the standard way ('500MG' → '500mg', 'ml' → 'mL'). */
function formatDosage(typed: string): string {
  return typed.replace(/\s+/g, ' ').replace(/(mcg|mg|ml|ui|g)(?![a-z])/gi, (unit: string) => {
    const lower = unit.toLowerCase();
    if (lower === 'ml') return 'mL';
    if (lower === 'ui') return 'UI';
    return lower;
  });
}

// ---------------------------------------------------------------------------------------------
// Medicines

interface Mention extends Span {
  /** The name as it goes on the prescription. */
  name: string;
  /** Folded words of the name, for duplicate checks. */
  key: string;
  dosage?: Span;
  /** The unit of a strength written without one ('AAS 81' → 'mg'), from what it is sold in. */
  dosageUnit?: string;
}

/** Form and connective words that may sit between a medicine and its dosage. */
const BETWEEN_NAME_AND_DOSE = new Set([
  'de',
  'da',
  'do',
  'comprimido',
  'comprimidos',
  'cp',
  'comp',
  'capsula',
  'capsulas',
  'caps',
  'gotas',
  'gts',
  'xarope',
  'suspensao',
  'solucao',
  'oral',
  'sodica',
  'sodico',
  'potassica',
  'injetavel',
  'creme',
  'pomada',
  'gel',
  'spray',
  'aerossol',
  'colirio',
  'ampola',
  'sache',
  'retard',
  'xr',
  'cr',
  'sr',
  'lp',
  'ap',
]);

/** Words that lead a name made of two ('vitamina D', 'ácido fólico'). */
const NAME_LEADERS = new Set([
  'acido',
  'vitamina',
  'complexo',
  'sulfato',
  'cloridrato',
  'carbonato',
  'citrato',
  'oleo',
  'soro',
  'sal',
]);

/** Words never read as a medicine's name, even right before a dosage. */
const NOT_MEDICINE_WORDS = new Set([
  'de',
  'da',
  'do',
  'e',
  'a',
  'o',
  'com',
  'por',
  'para',
  'pra',
  'em',
  'tomar',
  'usar',
  'uso',
  'dose',
  'doses',
  'dar',
  'fazer',
  'aplicar',
  'receitar',
  'prescrever',
  'prescrevo',
  'iniciar',
  'anos',
  'ano',
  'paciente',
  'mais',
  'total',
  'maximo',
  'ate',
  'dia',
  'dias',
  'frasco',
  'frascos',
  'fr',
  'fco',
  'vidro',
  'caixa',
  'caixas',
  'cx',
  'bisnaga',
  'tubo',
  // The words of a schedule: 'depois 250 mg', 'reduzir para 10 mg'.
  'depois',
  'entao',
  'seguido',
  'seguida',
  'apos',
  'hoje',
  'manter',
  'reduzir',
  'aumentar',
  'passar',
  'continuar',
  'repetir',
  'primeiro',
  'semana',
  'semanas',
  'ao',
  'no',
  'na',
  'para',
]);

function capitalizeName(name: string): string {
  return capitalizeFirst(name.trim());
}

/**
 * The catalogue's generic name, which restores accents ('acido folico' → 'Ácido fólico'), with
 * the abbreviations the doctor typed in capitals kept ('insulina NPH').
 */
function catalogueName(entry: MedicationEntry, typed: string): string {
  const typedWords = typed.split(/\s+/);
  const words = entry.name.split(' ').map((word, index) => {
    const typedWord = typedWords[index];
    return typedWord !== undefined &&
      /^[A-Z0-9]{2,4}$/.test(typedWord) &&
      foldText(typedWord) === foldText(word)
      ? typedWord
      : word;
  });
  return capitalizeFirst(words.join(' '));
}

/**
 * The catalogue medicine that starts at word `index`, longest first: its generic name or an
 * alias, whole ('insulina glargina', not 'insulina' alone unless the built-in list has it).
 */
function catalogueMatchAt(
  text: QuickText,
  index: number,
): { entry: MedicationEntry; words: number; viaAlias: boolean; term: string } | undefined {
  for (let count = Math.min(4, text.words.length - index); count >= 1; count--) {
    const last = text.words[index + count - 1];
    const first = text.words[index];
    if (!first || !last || ['de', 'da', 'do', 'com', 'e'].includes(last.text)) continue;
    const phrase = text.original.slice(first.start, last.end);
    // 'levo 500': an abbreviation of several medicines reads by the strength after it.
    const reading = readMedicationName(phrase, text.original.slice(last.end, last.end + 24));
    if (!reading) continue;
    const { entry } = reading;
    const typed = medicationWords(phrase).join(' ');
    const names = [entry.name, ...(entry.aliases ?? []), ...(reading.brand ? [reading.brand] : [])];
    const term = names.find((name) => medicationWords(name).join(' ') === typed);
    if (term === undefined) continue;
    return { entry, words: count, viaAlias: term !== entry.name, term };
  }
  return undefined;
}

/** Whether a dosage follows the word ending at `end`, with only form words between. */
function dosageAfter(
  text: QuickText,
  wordIndex: number,
  dosages: readonly Span[],
): Span | undefined {
  let index = wordIndex + 1;
  for (let skipped = 0; skipped <= 3; skipped++) {
    const word = text.words[index];
    if (!word) return undefined;
    const dosage = dosages.find((span) => span.start === word.start);
    if (dosage) return dosage;
    if (!BETWEEN_NAME_AND_DOSE.has(word.text)) return undefined;
    index += 1;
  }
  return undefined;
}

/** After a strength written without its unit, what shows the number is something else. */
const NOT_A_STRENGTH =
  /^\s*(?:x\b|vez|vezes|\/|h\b|hs?\b|horas?|dias?|d\b|semanas?|meses|cp|comp|comprimidos?|capsulas?|caps|drageas?|gotas?|gts|ml|jatos?|puffs?|mg|mcg|g\b|ui|anos?)/;

/**
 * A strength written without its unit right after a medicine's name ('Amoxil BD 875', 'AAS 81',
 * 'levo 500'): a bare number the medicine is sold in, with that strength's unit.
 */
function bareStrengthAfter(
  text: QuickText,
  wordIndex: number,
  entry: MedicationEntry,
): { span: Span; unit: string } | undefined {
  const word = text.words[wordIndex + 1];
  if (!word || !/^\d+$/.test(word.text)) return undefined;
  if (NOT_A_STRENGTH.test(text.folded.slice(word.end))) return undefined;
  const amount = Number(word.text);
  for (const strength of entry.strengths) {
    const sold = /^(\d+(?:[.,]\d+)?)\s*(mcg|mg|g|ui)\b/.exec(foldText(strength));
    if (sold?.[1] && sold[2] && Number(sold[1].replace(',', '.')) === amount) {
      return { span: { start: word.start, end: word.end }, unit: sold[2] };
    }
  }
  return undefined;
}

function findMentions(text: QuickText, blocked: Span | undefined): Mention[] {
  const dosages = findDosages(text);
  const mentions: Mention[] = [];
  const inBlocked = (at: number) =>
    blocked !== undefined && at >= blocked.start && at < blocked.end;
  // 1. Known names: the catalogue (generic and brand names) and the built-in list.
  for (let index = 0; index < text.words.length; index++) {
    const word = text.words[index];
    if (!word || inBlocked(word.start) || /^\d/.test(word.text)) continue;
    const match = catalogueMatchAt(text, index);
    const lastIndex = index + (match?.words ?? 1) - 1;
    const bare =
      match && !dosageAfter(text, lastIndex, dosages)
        ? bareStrengthAfter(text, lastIndex, match.entry)
        : undefined;
    const dosage = dosageAfter(text, lastIndex, dosages) ?? bare?.span;
    let name: string | undefined;
    if (match) {
      const ambiguous = AMBIGUOUS_MEDICATION_TERMS.has(match.term.toLowerCase());
      const short = word.text.length <= 3 && !COMMON.has(word.text);
      if ((ambiguous || short) && !dosage) continue;
      const last = text.words[lastIndex] ?? word;
      name = match.viaAlias
        ? capitalizeName(text.original.slice(word.start, last.end))
        : catalogueName(match.entry, text.original.slice(word.start, last.end));
    } else if (COMMON.has(word.text)) {
      name =
        word.text === 'aas' ? 'AAS' : capitalizeName(text.original.slice(word.start, word.end));
    }
    if (name === undefined) continue;
    const last = text.words[lastIndex] ?? word;
    mentions.push({
      start: word.start,
      end: (bare?.span ?? last).end,
      name,
      key: medicationWords(name).join(' '),
      dosage,
      ...(bare ? { dosageUnit: bare.unit } : {}),
    });
    index = lastIndex;
  }
  // 2. Any other name right before a dosage ('rivaroxabana 20mg', 'vitamina D 50.000 UI').
  for (const dosage of dosages) {
    if (mentions.some((mention) => mention.dosage === dosage)) continue;
    const before = text.words.filter((word) => word.end <= dosage.start);
    let at = before.length - 1;
    while (at >= 0 && BETWEEN_NAME_AND_DOSE.has(before[at]?.text ?? '')) at--;
    const word = before[at];
    if (!word || inBlocked(word.start) || /\d/.test(word.text.charAt(0))) continue;
    // '3mg/ml 5ml': the 'ml' of one dosage is not the name of the next.
    if (dosages.some((span) => word.start >= span.start && word.start < span.end)) continue;
    if (NOT_MEDICINE_WORDS.has(word.text) || word.text.length < 2) continue;
    if (mentions.some((mention) => word.start >= mention.start && word.start < mention.end))
      continue;
    // Nothing but spaces and form words may separate the name from its dosage.
    const gap = text.folded.slice(word.end, dosage.start);
    if (/[,;.:]/.test(gap)) continue;
    const previous = before[at - 1];
    const start =
      previous &&
      (NAME_LEADERS.has(previous.text) || word.text.length <= 2) &&
      !inBlocked(previous.start)
        ? previous.start
        : word.start;
    const name = capitalizeName(text.original.slice(start, word.end));
    mentions.push({ start, end: word.end, name, key: medicationWords(name).join(' '), dosage });
  }
  mentions.sort((a, b) => a.start - b.start);
  // docs/product.md, "Receita rápida": duplicate names dropped (the first mention stays).
  const seen = new Set<string>();
  return mentions.filter((mention) => {
    if (seen.has(mention.key)) return false;
    seen.add(mention.key);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Frequency

const TIMES_PER_DAY = new RegExp(
  `\\b${N}\\s*(?:x|vez|vezes)\\s*(?:ao|por|\\/|p\\/)?\\s*(dia|d|semana|sem)\\b`,
);
const TIMES_ALONE = /\b([1-6])\s*x\b(?!\s*\d)/;
const INTERVAL_SLASH = /\b(\d{1,2})\s*\/\s*\1\s*(?:h(?:oras?|rs?|s)?\b|(?![\d/]))/;
const INTERVAL_WORDS = new RegExp(`\\b(?:de\\s+)?${N}\\s+em\\s+${N}\\s+(?:h|horas?)\\b`);
const EVERY_HOURS = new RegExp(`\\ba\\s+cada\\s+${N}\\s*(?:h|horas?)\\b`);
const AS_NEEDED_REASON =
  /\b(?:se|em caso de|caso tenha|quando tiver|na presenca de)\s+(dor(?: de cabeca)?|febre|nauseas?|enjoo|vomitos?|colica|falta de ar|chiado|tosse|coceira|prurido|insonia|ansiedade|crise|azia|diarreia)(?:\s+ou\s+(dor|febre|nauseas?|enjoo|vomitos?|colica|falta de ar|coceira))?/;
const AS_NEEDED = /\b(?:sos|s\/n|sn|se necessario|se precisar|quando necessario)\b/;
const AT_DISCRETION = /\b(?:acm|a criterio medico)\b/;
/** '1 cp ao dia', '1cp/dia', 'diariamente': once a day, when no count or interval is written. */
const ONCE_A_DAY = /\b(?:ao dia|por dia|diariamente|todos os dias)\b|\/\s*dia\b/;
const ONCE_A_WEEK = /\b(?:por semana|na semana|semanal|semanalmente)\b|\/\s*semana\b/;

/** 'Uma vez ao dia', 'Duas vezes ao dia', 'Uma vez por semana'. */
function timesPhrase(count: number, period: 'dia' | 'semana'): string {
  const words =
    Number.isInteger(count) && count >= 1 && count <= 12
      ? quantityInWords(count, 'feminine')
      : String(count);
  const noun = count === 1 ? 'vez' : 'vezes';
  return `${capitalizeFirst(words)} ${noun} ${period === 'dia' ? 'ao dia' : 'por semana'}`;
}

/**
 * The frequency phrase of one medicine's text (the keywords of docs/product.md, "Receita rápida"):
 * intervals ('8/8h', 'de oito em oito horas', 'a cada 6 horas') → 'A cada 8 horas'; counts ('1x',
 * '2x ao dia', 'duas vezes ao dia') → 'Duas vezes ao dia'; 'jejum', 'manhã', 'tarde', 'noite', 'ao
 * deitar'; and 'se dor', 'se febre', 'SOS'. Several combine: 'Uma vez ao dia, em jejum'.
 */
function readFrequency(segment: string): string | undefined {
  const parts: string[] = [];
  const slash = INTERVAL_SLASH.exec(segment);
  const words = INTERVAL_WORDS.exec(segment);
  const every = EVERY_HOURS.exec(segment);
  const hours = slash
    ? Number(slash[1])
    : words && numberOf(words[1]) === numberOf(words[2])
      ? numberOf(words[1])
      : numberOf(every?.[1]);
  const times = TIMES_PER_DAY.exec(segment);
  const timesAlone = TIMES_ALONE.exec(segment);
  if (hours !== undefined && hours > 0) {
    parts.push(`A cada ${hours} ${hours === 1 ? 'hora' : 'horas'}`);
  } else if (times) {
    const count = numberOf(times[1]);
    if (count !== undefined && count > 0) {
      parts.push(timesPhrase(count, times[2]?.startsWith('sem') ? 'semana' : 'dia'));
    }
  } else if (timesAlone) {
    parts.push(timesPhrase(Number(timesAlone[1]), 'dia'));
  } else if (/\bdose unica\b/.test(segment)) {
    parts.push('Dose única');
  } else if (ONCE_A_WEEK.test(segment)) {
    parts.push(timesPhrase(1, 'semana'));
  } else if (ONCE_A_DAY.test(segment)) {
    parts.push(timesPhrase(1, 'dia'));
  }
  const moments: string[] = [];
  if (/\bjejum\b/.test(segment)) moments.push('em jejum');
  if (/\bmanha\b/.test(segment)) moments.push('pela manhã');
  if (/\b(?:a|de|pela|durante a)\s+tarde\b/.test(segment)) moments.push('à tarde');
  if (/\bnoite\b/.test(segment)) moments.push('à noite');
  if (/\bao deitar\b/.test(segment)) moments.push('ao deitar');
  if (moments.length > 0) parts.push(moments.join(' e '));
  const reason = AS_NEEDED_REASON.exec(segment);
  if (reason) {
    parts.push(`em caso de ${[reason[1], reason[2]].filter(Boolean).join(' ou ')}`);
  } else if (AS_NEEDED.test(segment)) {
    parts.push('se necessário');
  } else if (AT_DISCRETION.test(segment)) {
    parts.push('a critério médico');
  }
  if (parts.length === 0) return undefined;
  return capitalizeFirst(parts.join(', '));
}

// ---------------------------------------------------------------------------------------------
// Dose per intake

const DOSE_PER_INTAKE = new RegExp(
  `(?:^|[^\\w/])((?:meio|meia|1\\/2|${NUMBER_PATTERN})\\s*(?:comprimidos?|cp|comp|capsulas?|caps|drageas?|ml|gotas?|gts|jatos?|puffs?|ampolas?|envelopes?|saches?|colher(?:es)? de (?:sopa|cha)|medidas?))(?![a-z])`,
);
const CONCENTRATION_IN_TEXT = /\d+(?:[.,]\d+)?\s*(?:mcg|mg|g|ui)\s*\/\s*\d*(?:[.,]\d+)?\s*ml/g;

/**
 * The dose of one intake as the doctor wrote it ('1 comprimido', 'meio comprimido', '7 ml',
 * '10 gotas', '2 jatos'), abbreviations written out; a concentration ('250mg/5ml') is no dose.
 * @param original - the medicine's text as typed
 * @param folded - the same text folded (same length)
 */
function readDosePerIntake(original: string, folded: string): string | undefined {
  const masked = folded.replace(CONCENTRATION_IN_TEXT, (match) => ' '.repeat(match.length));
  const match = DOSE_PER_INTAKE.exec(masked);
  if (!match?.[1]) return undefined;
  const start = match.index + match[0].length - match[1].length;
  const typed = original.slice(start, start + match[1].length);
  return expandInstructionAbbreviations(typed.toLowerCase().replace(/(\d)(?=\p{L})/u, '$1 '))
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Patient

/** Words that open a quick prescription before the patient ('para', 'paciente', 'receita para'). */
const INTRO =
  /^(?:\s*(?:(?:receita|receitar|prescricao|prescrever)(?:\s+(?:para|pra))?|para|pra|paciente|pcte|pct|sr\.?|sra\.?|senhor|senhora|dona|seu|o|a|nome\s*:)\s*:?\s+)*/;

/** Lower-case words that describe a patient rather than name one. */
const NOT_NAME = new Set([
  'paciente',
  'mulher',
  'homem',
  'crianca',
  'menino',
  'menina',
  'bebe',
  'lactente',
  'gestante',
  'idoso',
  'idosa',
  'adolescente',
  'jovem',
  'senhor',
  'senhora',
  'adulto',
  'adulta',
  'masculino',
  'feminino',
  'sexo',
  'receita',
  'para',
  'pra',
  'com',
  'de',
  'tomar',
  'usar',
]);

/**
 * What may follow a patient's name (docs/product.md, "Receita rápida": 'N anos', 'com', 'precisa',
 * 'para').
 */
const NAME_CUE = new RegExp(
  `^\\s*,?\\s*(?:${N}\\s*(?:anos?|a)\\b|idade\\b|com\\b|precisa\\b|necessita\\b|para\\b|pra\\b|tem\\b|apresenta\\b|-)`,
);
const AGE = new RegExp(`\\b${N}\\s*(?:anos?|a)(?:\\s+de\\s+idade)?\\b`, 'g');
const AGE_LABEL = new RegExp(`\\bidade\\s*:?\\s*${N}\\b`);
/** Before a number, what makes 'N anos' a duration ('há 2 anos', 'por 3 anos'). */
const DURATION_BEFORE = /\b(?:ha|faz|desde|durante|por|ate|em|a cada)\s+$/;

interface Patient {
  name?: string;
  age?: string;
  /** Where the text after the name and age begins. */
  end: number;
}

function readAge(text: QuickText, from: number): { age: string; end: number } | undefined {
  const label = AGE_LABEL.exec(text.folded);
  const candidates = [...text.folded.matchAll(AGE)].filter((match) => match.index >= from);
  for (const match of candidates) {
    if (DURATION_BEFORE.test(text.folded.slice(Math.max(0, match.index - 12), match.index)))
      continue;
    // '58 a' only right after the name ('Antônio, 58 a'), never 'a' as a word further on.
    if (/\s+a$/.test(match[0]) && match.index > from + 3) continue;
    const age = numberOf(match[1]);
    if (age === undefined || age > 150 || !Number.isInteger(age)) continue;
    return { age: String(age), end: match.index + match[0].length };
  }
  const labelled = numberOf(label?.[1]);
  if (label && labelled !== undefined && labelled <= 150) {
    return { age: String(labelled), end: label.index + label[0].length };
  }
  return undefined;
}

/** A name in lower case, only before an age ('maria souza 45 anos'): each word capitalised. */
function lowerCaseNameAt(
  text: QuickText,
  from: number,
  mentions: readonly Span[],
): string | undefined {
  const words = text.words.filter((word) => word.start >= from);
  const taken: Word[] = [];
  for (const word of words) {
    if (mentions.some((mention) => word.start >= mention.start && word.start < mention.end)) break;
    if (!/^[a-z'-]+$/.test(word.text) || (NOT_NAME.has(word.text) && taken.length === 0)) break;
    if (NOT_NAME.has(word.text) && !/^(?:de|da|do|dos|das)$/.test(word.text)) break;
    taken.push(word);
    if (taken.length > 5) return undefined;
  }
  while (taken.length > 0 && /^(?:de|da|do|dos|das)$/.test(taken[taken.length - 1]?.text ?? ''))
    taken.pop();
  const last = taken[taken.length - 1];
  const first = taken[0];
  if (!first || !last) return undefined;
  const after = text.folded.slice(last.end);
  if (!new RegExp(`^\\s*,?\\s*${N}\\s*(?:anos?|a)\\b`).test(after)) return undefined;
  return text.original
    .slice(first.start, last.end)
    .split(/\s+/)
    .map((word) =>
      /^(?:de|da|do|dos|das)$/i.test(word)
        ? word.toLowerCase()
        : capitalizeFirst(word.toLowerCase()),
    )
    .join(' ');
}

/** A capitalised name at `at` that is not a medicine, cut before any medicine it runs into. */
function capitalisedNameAt(
  text: QuickText,
  at: number,
  mentions: readonly Span[],
): string | undefined {
  const name = readNameAt(text.original, at);
  if (!name) return undefined;
  const clash = mentions.find((mention) => mention.start >= at && mention.start < at + name.length);
  const cut = clash ? text.original.slice(at, clash.start).trim() : name;
  return cut === '' ? undefined : cut;
}

function readPatient(text: QuickText, mentions: readonly Span[]): Patient {
  const intro = INTRO.exec(text.folded);
  const at = intro ? intro[0].length : 0;
  const capitalised = capitalisedNameAt(text, at, mentions);
  let name: string | undefined;
  let end = at;
  if (capitalised !== undefined) {
    const after = text.folded.slice(at + capitalised.length);
    const nextMention = mentions.find((mention) => mention.start >= at + capitalised.length);
    const beforeMention =
      nextMention && text.folded.slice(at + capitalised.length, nextMention.start).trim() === '';
    if (NAME_CUE.test(after) || beforeMention) {
      name = capitalised;
      end = at + capitalised.length;
    }
  }
  if (name === undefined) {
    const lower = lowerCaseNameAt(text, at, mentions);
    if (lower !== undefined) {
      name = lower;
      end = at + lower.length;
    }
  }
  if (name === undefined) {
    // 'receita de amoxicilina para Ana Lima, 30 anos': a name further on, after a cue.
    for (const cue of text.folded.matchAll(
      /\b(?:paciente|para|pra|sr|sra|dona|seu|nome\s*:)\s+/g,
    )) {
      const found = capitalisedNameAt(text, cue.index + cue[0].length, mentions);
      if (found !== undefined) {
        name = found;
        end = Math.max(end, cue.index + cue[0].length + found.length);
        break;
      }
    }
  }
  const age = readAge(text, end);
  const firstMedicine = mentions[0]?.start ?? text.folded.length;
  if (age && age.end > end && age.end <= firstMedicine) end = age.end;
  return { name, age: age?.age, end };
}

// ---------------------------------------------------------------------------------------------
// Diagnosis

/** Words that end a condition phrase: the doctor turns to the treatment. */
const CONDITION_END =
  /\b(?:precisa|necessita|tomar|usar|uso|receitar|receito|prescrever|prescrevo|iniciar|indico|solicito|passar|passo|fazer)\b|[,.;:]|\d/;
const CONDITION_START =
  /\b(?:com|para|pra|por causa de|devido a|diagnostico\s*:?|dx\s*:?|hd\s*:?)\s+/g;
const NOT_CONDITION = /^(?:tomar|usar|uso|o|a|os|as|ele|ela|receita|\d)/;

function readDiagnosis(text: QuickText, from: number, to: number): string | undefined {
  const region = text.folded.slice(from, to);
  for (const cue of region.matchAll(CONDITION_START)) {
    const start = cue.index + cue[0].length;
    const rest = region.slice(start);
    const stop = CONDITION_END.exec(rest);
    const phrase = rest.slice(0, stop ? stop.index : rest.length);
    const cleaned = cleanPhrase(text.original.slice(from + start, from + start + phrase.length));
    if (cleaned === '' || NOT_CONDITION.test(foldText(cleaned))) continue;
    if (cleaned.split(/\s+/).length > 8) continue;
    if (findMedication(cleaned)) continue;
    return capitalizeFirst(cleaned);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Durations

/**
 * A schedule whose doses are masses ('500 mg no primeiro dia, depois 250 mg ao dia por 4 dias'),
 * kept as the doctor wrote it, with the verb and the route: how many units each mass takes is
 * not written, so nothing is counted.
 */
function scheduleAsWritten(typed: string, route: { verb: string; via?: string }): string {
  const text = expandInstructionAbbreviations(typed.replace(/\s+/g, ' ').trim())
    .replace(/^[\s:,;-]+/, '')
    .replace(/[\s.;,]+$/, '');
  const withRoute = route.via
    ? text.replace(
        /\d+(?:[.,]\d+)?\s*(?:mcg|mg|g)\b/i,
        (mass) => `${formatDosage(mass)} ${route.via}`,
      )
    : text;
  return `${route.verb} ${withRoute}.`;
}

/** 'tudo por 10 dias', 'ambos por 7 dias': one duration for every medicine that has none. */
const DURATION_OF_ALL =
  /\b(?:tudo|todos|todas|ambos|ambas|os dois|as duas)\s+(?:por|durante|x)\s+([^,;.]*)/;

function durationOfAll(folded: string): TreatmentDuration | undefined {
  const match = DURATION_OF_ALL.exec(folded);
  return match ? readTreatmentDuration(match[1]) : undefined;
}

/** A schedule of phases' whole length: the sum of its days, 'Uso contínuo' when it has no end. */
function scheduleDuration(schedule: Schedule): TreatmentDuration | undefined {
  if (schedule.phases[schedule.phases.length - 1]?.continuous) {
    return readTreatmentDuration('uso contínuo');
  }
  const days = scheduleDays(schedule);
  return days === undefined || schedule.courses > 1
    ? undefined
    : { text: `${days} ${days === 1 ? 'dia' : 'dias'}`, days };
}

// ---------------------------------------------------------------------------------------------
// The parser

/**
 * Reads a quick prescription without a model (docs/product.md, "Receita rápida"): the patient's
 * name ('Paciente' when none is found) and age, an optional diagnosis ('com sinusite', 'para
 * hipertensão'), and each medicine with its dosage, frequency (default 'Conforme orientação
 * médica'), duration (default '30 dias') and quantity in days (weeks × 7, months × 30, default 30).
 * No medicine found gives the one placeholder 'Medicamento mencionado'. Confidence follows the
 * weights of docs/product.md, "Limiares de confiança", see {@link prescriptionConfidence}.
 * @param text - what the doctor typed after `/receita-rapida`
 */
export function parseQuickPrescription(text: string): PrescriptionExtraction {
  const prepared = prepare(text);
  // Medicines first without a patient, so a name never swallows one; then again with the
  // patient's name blocked, so 'Dona Rosa' or 'Sr. Valium' is never a medicine.
  const firstPass = findMentions(prepared, undefined);
  const patient = readPatient(prepared, firstPass);
  const nameSpan =
    patient.name === undefined
      ? undefined
      : (() => {
          const start = prepared.original.indexOf(patient.name);
          return start < 0 ? undefined : { start, end: start + patient.name.length };
        })();
  const mentions = findMentions(prepared, nameSpan).filter(
    (mention) => mention.start >= (nameSpan?.end ?? 0) || mention.end <= (nameSpan?.start ?? 0),
  );
  const firstMedicine = mentions[0]?.start ?? prepared.folded.length;
  const diagnosis = readDiagnosis(
    prepared,
    Math.min(nameSpan?.end ?? 0, firstMedicine),
    firstMedicine,
  );

  const sharedDuration = durationOfAll(prepared.folded);
  const found: ConfidenceParts['medicines'] = [];
  const medications: Medication[] = mentions.map((mention, index) => {
    const segmentEnd = mentions[index + 1]?.start ?? prepared.folded.length;
    const segment = prepared.folded.slice(mention.end, segmentEnd);
    const dosageSpan =
      mention.dosage ??
      findDosages(prepared).find((span) => span.start >= mention.end && span.start < segmentEnd);
    const schedule = readSchedule(segment);
    const phased = schedule.phases.length > 1 || schedule.courses > 1;
    const ownDuration = phased ? scheduleDuration(schedule) : readTreatmentDuration(segment);
    const duration = ownDuration ?? (phased ? undefined : sharedDuration);
    const frequency = phased ? undefined : readFrequency(segment);
    found.push({
      dosage: dosageSpan !== undefined,
      frequency: frequency !== undefined || phased,
      duration: duration !== undefined,
    });
    const medication: Medication = {
      name: mention.name,
      quantity: String(duration?.days ?? QUICK_PRESCRIPTION_DEFAULTS.quantityDays),
    };
    // A schedule's phases say how long each lasts: no default length is added to them.
    if (duration || !phased) {
      medication.duration = duration?.text ?? QUICK_PRESCRIPTION_DEFAULTS.duration;
    }
    // A schedule of phases is written out as the instructions; a steady one as its frequency.
    const route = ROUTE_WORDS[guessRoute(medication)];
    const written = phased
      ? (writeSchedule(schedule, route.verb, route.via) ??
        scheduleAsWritten(prepared.original.slice(mention.end, segmentEnd), route))
      : undefined;
    if (written) medication.instructions = written;
    else medication.frequency = frequency ?? QUICK_PRESCRIPTION_DEFAULTS.frequency;
    // The bottle or box the doctor named goes on the receita, and the quantity counts in it.
    const container = containerIn(segment);
    if (container) {
      medication.instructions = [medication.instructions, `${writeContainer(container)}.`]
        .filter(Boolean)
        .join(' ');
    }
    if (dosageSpan) {
      const written = prepared.original.slice(dosageSpan.start, dosageSpan.end);
      medication.dosage = formatDosage(
        mention.dosageUnit ? `${written} ${mention.dosageUnit}` : written,
      );
    }
    const firstDose = schedule.phases[0]?.intake;
    const dose =
      phased && firstDose
        ? writeIntake(firstDose)
        : readDosePerIntake(prepared.original.slice(mention.end, segmentEnd), segment);
    if (dose) medication.dosePerIntake = dose;
    // The quantity to dispense from what was written only: the defaults above are no duration
    // or frequency the doctor gave.
    const plan = planDispense({
      ...medication,
      frequency: frequency ?? '',
      duration: duration?.text ?? '',
    });
    // A dose read from the strength is one phase's at most: a schedule says its own.
    if (plan.derivedDosePerIntake && !medication.dosePerIntake && !phased) {
      medication.dosePerIntake = plan.derivedDosePerIntake;
    }
    if (plan.dispenseQuantity) medication.dispenseQuantity = plan.dispenseQuantity;
    return medication;
  });

  const extractedSections: string[] = [];
  if (patient.name !== undefined) extractedSections.push('patientName');
  if (patient.age !== undefined) extractedSections.push('patientAge');
  if (diagnosis !== undefined) extractedSections.push('diagnosis');
  if (medications.length > 0) extractedSections.push('medications');

  return {
    patientName: patient.name ?? QUICK_PRESCRIPTION_DEFAULTS.patientName,
    patientAge: patient.age ?? '',
    diagnosis: diagnosis ?? '',
    medications:
      medications.length > 0 ? medications : [{ ...QUICK_PRESCRIPTION_DEFAULTS.placeholder }],
    notes: '',
    confidence: weighConfidence({
      named: patient.name !== undefined,
      diagnosis: diagnosis !== undefined,
      medicines: found,
    }),
    extractedSections,
  };
}

/**
 * The prescription confidence of docs/product.md, "Limiares de confiança", 0–1: the patient's name
 * (other than the default 'Paciente') 0.2, the diagnosis 0.1, and the medicines up to 0.7 — each
 * medicine scores 0.4 for being named, plus 0.1 each for a dosage, a frequency and a duration of
 * its own (not the defaults); the medicines' mean is taken, so one complete medicine scores the
 * full 0.7. The placeholder 'Medicamento mencionado' scores nothing. Rounded to two decimals.
 * @param result - a prescription extraction
 */
export function prescriptionConfidence(
  result: Pick<PrescriptionExtraction, 'patientName' | 'diagnosis' | 'medications'>,
): number {
  const defaults = QUICK_PRESCRIPTION_DEFAULTS;
  const stated = (value: string | undefined, fallback?: string) =>
    value !== undefined && value.trim() !== '' && value !== fallback;
  return weighConfidence({
    named: stated(result.patientName, defaults.patientName),
    diagnosis: stated(result.diagnosis),
    medicines: result.medications
      .filter((m) => m.name !== defaults.placeholder.name)
      .map((m) => ({
        dosage: stated(m.dosage),
        frequency: stated(m.frequency, defaults.frequency),
        duration: stated(m.duration, defaults.duration),
      })),
  });
}

interface ConfidenceParts {
  named: boolean;
  diagnosis: boolean;
  medicines: { dosage: boolean; frequency: boolean; duration: boolean }[];
}

function weighConfidence(parts: ConfidenceParts): number {
  const weights = PRESCRIPTION_CONFIDENCE_WEIGHTS;
  const each = parts.medicines.map(
    (m) => 0.4 + (m.dosage ? 0.1 : 0) + (m.frequency ? 0.1 : 0) + (m.duration ? 0.1 : 0),
  );
  const medicineScore =
    each.length === 0 ? 0 : each.reduce((sum, score) => sum + score, 0) / each.length;
  const score =
    (parts.named ? weights.patientName : 0) +
    Math.min(weights.medications, medicineScore) +
    (parts.diagnosis ? weights.diagnosis : 0);
  return Math.round(score * 100) / 100;
}
