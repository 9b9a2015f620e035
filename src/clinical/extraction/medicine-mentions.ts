import { AMBIGUOUS_MEDICATION_TERMS, MEDICATIONS } from '../medications/catalogue';
import { sentenceAt, type Consultation } from './consultation-text';
import { NUMBER_PATTERN, parsePortugueseNumber } from './spoken-numbers';
import { foldText } from './text-normalization';
import { formatDecimal } from '@shared/lib/pt-br-format';

/**
 * Where medicines are named in a consultation, and the dose written after each name. Names come
 * from the medicine catalogue (generic names and aliases); a medicine the catalogue lacks is
 * still caught when the text leaves no doubt: a name followed by a strength ('nitrofurantoína
 * 100 mg'), after a pharmaceutical form ('gel de adapaleno'), or right after 'tomo' / 'vou
 * passar' with a drug-like ending.
 */

export interface MedicineMention {
  /** Catalogue name ('amoxicilina'), or the word as written when the catalogue lacks it. */
  name: string;
  start: number;
  end: number;
}

export interface DoseDetails {
  dosage?: string;
  /** The dose of one intake when said apart from the strength: '1 comprimido', '10 gotas'. */
  dosePerIntake?: string;
  frequency?: string;
  duration?: string;
  instructions?: string;
}

interface CatalogueForm {
  tokens: string[];
  name: string;
}

let catalogueIndex: Map<string, CatalogueForm[]> | undefined;

/**
 * Catalogue names and aliases by their first folded word, longest forms first. Built on first
 * use, not at import, because the catalogue module may still be loading its entries.
 */
function catalogue(): Map<string, CatalogueForm[]> {
  if (catalogueIndex) return catalogueIndex;
  const index = new Map<string, CatalogueForm[]>();
  for (const entry of MEDICATIONS) {
    for (const form of [entry.name, ...(entry.aliases ?? [])]) {
      if (AMBIGUOUS_MEDICATION_TERMS.has(form.toLowerCase())) continue;
      const tokens = foldText(form)
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
      const first = tokens[0];
      if (!first || (tokens.length === 1 && first.length < 3)) continue;
      const forms = index.get(first) ?? [];
      forms.push({ tokens, name: entry.name });
      index.set(first, forms);
    }
  }
  for (const forms of index.values()) forms.sort((a, b) => b.tokens.length - a.tokens.length);
  catalogueIndex = index;
  return index;
}

/** Medicines people name by their kind rather than a generic name ('tomo anticoncepcional'). */
const MEDICINE_CLASSES =
  /\b(?:anticoncepcional(?: oral| injetavel)?|pilula anticoncepcional|reposicao hormonal)\b/g;

/**
 * The product named right after a class ('o anticoncepcional, o Selene', 'anticoncepcional
 * Yaz'): a capitalised word in the original text, after an optional comma and article.
 */
const PRODUCT_AFTER_CLASS = /^(?:\s*,)?\s+(?:(?:o|a|do|da|que e o|que e a|chamado|chamada)\s+)?/;
const PRODUCT_NAME = /^\p{Lu}[\p{L}-]{2,}(?:\s+\d+)?/u;
/** Capitalised words after a class that are not its product ('…, Doutor'). */
const NOT_PRODUCTS = /^(?:doutor|doutora|dr|dra|senhor|senhora|sr|sra|nao|sim|mas|so|eu|ele|ela)$/;

/** Words that join the parts of a combination ('amoxicilina com clavulanato'). */
const CONNECTORS = new Set(['com', 'e', 'mais']);

const UNIT = `(?:mg|miligramas?|mcg|microgramas?|µg|g|gramas?|ml|mililitros?|ui|unidades)`;
const N = `(${NUMBER_PATTERN})`;
const STRENGTH_AFTER_WORD = new RegExp(
  `\\b([a-z][a-z-]{3,})\\s+${N}\\s*${UNIT}\\b(?!\\s*\\/\\s*(?:dl|l|litro|dia|kg|min|h)\\b)`,
  'g',
);
const AFTER_FORM =
  /\b(?:gel|pomada|creme|colirio|xarope|spray|solucao|locao|suspensao|shampoo|xampu|ampola|injecao|adesivo|comprimidos?|capsulas?)\s+(?:de\s+|do\s+|da\s+)?([a-z][a-z-]{4,})\b/g;
const AFTER_VERB =
  /\b(?:tomo|toma|tomando|tomar|uso|usa|usando|em uso de|faz uso de|faco uso de|passar|prescrevo|prescrever|receito|receitar|associo|associar|inicio|iniciar|comecar com|introduzo|introduzir|mantenho|manter|continua com|continuar com)\s+(?:(?:o|a|os|as|um|uma|tambem|so|apenas|ainda|com)\s+)*([a-z][a-z-]{4,})\b/g;
/** Endings of generic drug names (DCB): '-ina', '-pril', '-sartana', '-azol', '-ona'… */
const DRUG_ENDING =
  /(?:ina|ino|ona|ol|il|ida|ana|eno|am|aco|ato|ila|ima|ox|ex|ix|ax|ose|ide|vir|mab|ibe|ase)$/;
/** Words that look like drug names by their ending, or come before a strength, but are not. */
const NOT_MEDICINES = new Set(
  `rotina vacina urina menina medicina camisinha cozinha piscina disciplina gasolina proteina
  oficina esquina vitrine retina angina cocaina heroina dose doses tomar usar passar comprimido
  comprimidos capsula capsulas gotas gota xarope solucao dia dias vezes vez cada total cerca
  apenas somente mais menos entre sendo para pelo pela glicemia jejum creatinina hemoglobina
  colesterol triglicerides potassio sodio ferritina peso aumentar reduzir diminuir dobrar
  ajustar antibiotico analgesico remedio remedios medicamento medicamentos medicacao
  anticoncepcional antialergico antiinflamatorio anti-inflamatorio corticoide pomada creme
  gel spray locao farmacia manipulado generico protetor hidratante sabonete shampoo soro agua
  chazinho cafe leite comida dieta caminhada fisioterapia terapia psicoterapia insulina-nph
  quando entao depois antes agora sempre ontem hoje manha tarde noite semana semanas mes meses
  ano anos hora horas inteiro metade outro outra mesmo mesma esse essa isso este esta aquele
  tambem ainda junto bastante pouco muito certo tomando usando tomo toma uso usa esse tipo
  novamente direto parte uma dele dela deles delas ele ela eles elas assim bem mal nada tudo
  alguma algum nenhum nenhuma coisa coisas`.split(/\s+/),
);

/**
 * Every medicine named in the consultation, in text order, one mention per occurrence.
 * @param consultation - the parsed consultation
 */
export function findMedicineMentions(consultation: Consultation): MedicineMention[] {
  const fromCatalogue = [
    ...catalogueMentions(consultation.folded),
    ...spokenMentions(consultation.folded),
  ].filter((m, i, all) => !all.some((o, j) => j < i && m.start < o.end && o.start < m.end));
  const guessed = guessedMentions(consultation).filter(
    (g) => !fromCatalogue.some((m) => g.start < m.end && m.start < g.end),
  );
  const named = [...fromCatalogue, ...guessed];
  const classes = [...consultation.folded.matchAll(MEDICINE_CLASSES)]
    .map((m) => withProduct(consultation, named, m.index, m.index + m[0].length))
    .filter((k): k is MedicineMention => k !== undefined)
    .filter((k) => !named.some((m) => k.start < m.end && m.start < k.end));
  const all = [...fromCatalogue, ...guessed, ...classes].sort((a, b) => a.start - b.start);
  // A guessed name seen once with a strength counts wherever else the text repeats it.
  const guessedNames = new Set(guessed.map((g) => g.name));
  const repeats: MedicineMention[] = [];
  for (const name of guessedNames) {
    const folded = foldText(name);
    for (const match of consultation.folded.matchAll(new RegExp(`\\b${escape(folded)}\\b`, 'g'))) {
      if (!all.some((m) => match.index < m.end && m.start < match.index + folded.length)) {
        repeats.push({ name, start: match.index, end: match.index + folded.length });
      }
    }
  }
  return [...all, ...repeats].sort((a, b) => a.start - b.start);
}

/**
 * A class mention ('anticoncepcional'), named with its product when one follows ('anticoncepcional
 * Selene'); none when the product is itself a known medicine, which then stands for it.
 */
function withProduct(
  c: Consultation,
  named: MedicineMention[],
  start: number,
  end: number,
): MedicineMention | undefined {
  const name = c.folded.slice(start, end);
  const lead = PRODUCT_AFTER_CLASS.exec(c.folded.slice(end, end + 30));
  if (!lead) return { name, start, end };
  const at = end + lead[0].length;
  if (named.some((m) => m.start === at)) return undefined;
  const product = PRODUCT_NAME.exec(c.original.slice(at, at + 40));
  if (!product || NOT_PRODUCTS.test(foldText(product[0]))) return { name, start, end };
  return { name: `${name} ${product[0]}`, start, end: at + product[0].length };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What an emergency room calls by a word of its own: 'vou fazer um soro' is saline in the vein,
 * 'soro oral' the oral rehydration salts. The catalogue's forms ('soro fisiológico', 'soro de
 * reidratação oral') are read first and win where they overlap.
 */
const SPOKEN_FORMS: [RegExp, string][] = [
  [/\bsoro (?:oral|caseiro|de reidratacao)\b/g, 'sais para reidratação oral'],
  [/\bsoro\b(?! (?:anti\w*|oral|caseiro|de reidratacao|fisiologico)\b)/g, 'soro fisiológico'],
];

function spokenMentions(folded: string): MedicineMention[] {
  return SPOKEN_FORMS.flatMap(([pattern, name]) =>
    [...folded.matchAll(pattern)].map((match) => ({
      name,
      start: match.index,
      end: match.index + match[0].length,
    })),
  );
}

function catalogueMentions(folded: string): MedicineMention[] {
  const index = catalogue();
  const words = [...folded.matchAll(/[a-z0-9]+/g)];
  const mentions: MedicineMention[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (!word) continue;
    const forms = index.get(word[0]);
    if (!forms) continue;
    for (const form of forms) {
      const last = matchForm(words, i, form.tokens);
      if (last === undefined) continue;
      const end = words[last];
      if (!end) continue;
      mentions.push({ name: form.name, start: word.index, end: end.index + end[0].length });
      i = last;
      break;
    }
  }
  return mentions;
}

/** The index of the last word of `tokens` matched from word `i`, skipping connectors. */
function matchForm(words: RegExpExecArray[] | RegExpMatchArray[], i: number, tokens: string[]) {
  let at = i;
  for (let t = 0; t < tokens.length; t++) {
    if (t > 0) {
      at++;
      while (CONNECTORS.has(words[at]?.[0] ?? '') && words[at]?.[0] !== tokens[t]) at++;
    }
    if (words[at]?.[0] !== tokens[t]) return undefined;
  }
  return at;
}

function guessedMentions(c: Consultation): MedicineMention[] {
  const out: MedicineMention[] = [];
  const add = (word: string, start: number) => {
    if (NOT_MEDICINES.has(word) || out.some((m) => m.start === start)) return;
    const sentence = sentenceAt(c, start);
    if (!sentence || sentence.section === 'exam') return;
    out.push({
      name: c.original.slice(start, start + word.length).toLowerCase(),
      start,
      end: start + word.length,
    });
  };
  for (const match of c.folded.matchAll(STRENGTH_AFTER_WORD)) {
    const word = match[1] ?? '';
    if (parsePortugueseNumber(word) !== undefined) continue;
    add(word, match.index);
  }
  for (const pattern of [AFTER_FORM, AFTER_VERB]) {
    for (const match of c.folded.matchAll(pattern)) {
      const word = match[1] ?? '';
      if (!DRUG_ENDING.test(word)) continue;
      add(word, match.index + match[0].length - word.length);
    }
  }
  return out;
}

const UNIT_NAMES: [RegExp, string][] = [
  [/^(?:mg|miligramas?)$/, 'mg'],
  [/^(?:mcg|microgramas?|µg)$/, 'mcg'],
  [/^(?:g|gramas?)$/, 'g'],
  [/^(?:ml|mililitros?)$/, 'ml'],
  [/^(?:ui|unidades)$/, 'UI'],
];
const STRENGTH = new RegExp(
  `\\b(\\d+(?:[.,]\\d+)?\\s*\\/\\s*\\d+(?:[.,]\\d+)?|${NUMBER_PATTERN})\\s*(${UNIT})\\b((?:\\s*\\/\\s*(?:kg|ml|dia|dose|gota|jato))*)|${N}\\s*%`,
);
const COUNT = new RegExp(
  `\\b(meio|meia|${NUMBER_PATTERN})\\s+(gotas?|gts|jatos?|puffs?|comprimidos?|capsulas?|saches?|envelopes?|colheres?|ampolas?|aplicac(?:ao|oes))\\b`,
);
const INTERVAL = new RegExp(
  `\\bde\\s+${N}\\s+em\\s+${N}\\s*(?:horas|h)\\b|\\b(\\d+)\\s*\\/\\s*(\\d+)\\s*h`,
);
const EVERY = new RegExp(`\\ba cada\\s+${N}\\s*(?:horas|h)\\b`);
/**
 * How many times a day or week: a small count. Matching any number would read a strength said
 * just before the count as part of it ('oitocentos e cinquenta duas vezes por dia').
 */
const TIMES = `(\\d{1,2}|uma|um|duas|dois|tres|quatro|cinco|seis|sete|oito|nove|dez|doze)`;
const TIMES_A_DAY = new RegExp(
  `\\b${TIMES}\\s*(?:x|vez|vezes)\\s*(?:ao|por|no|\\/)\\s*dia\\b|\\b${TIMES}\\s*(?:x|vez|vezes)\\s+(?:por|na)\\s+semana\\b`,
);
const ONCE_A_DAY = /\b(?:um|uma|1)\s+(?:comprimido|capsula|dose|sache)s?\s+(?:ao|por)\s+dia\b/;
const EVERY_DAY = /\b(?:diariamente|todos os dias|todo dia|uma vez por dia)\b/;
const TIME_OF_DAY =
  /\b(?:ao deitar|a noite|de noite|pela manha|de manha|em jejum|ao acordar|apos o almoco|depois do almoco|no almoco|ao cafe da manha|no cafe da manha|antes do cafe)\b/;
const COURSE = new RegExp(
  `\\b(?:por|durante)\\s+(?:mais\\s+)?${N}\\s+(dias?|semanas?|mes|meses|anos?)\\b|\\b(uso continuo)\\b`,
);
const AS_NEEDED =
  /\b(?:se precisar|se necessario|se tiver (?:dor|febre|enjoo|crise)|se dor|se febre|se crise|na crise|em crise|se enjoo|se nausea|em caso de (?:dor|febre)|s\/n|sos|quando (?:tiver|houver) (?:dor|febre))\b/;

/**
 * The dosage, frequency, course and as-needed note written after a medicine's name, read from
 * the folded text between `from` and `to` (up to the next medicine or the sentence's end).
 * @param medicine - the medicine's name, when known: a bare number said right after it
 *   ('losartana cinquenta', 'atenolol de vinte e cinco') is read as its strength when the
 *   catalogue sells that strength or it is plausible for the medicine
 */
export function readDoseDetails(
  consultation: Consultation,
  from: number,
  to: number,
  medicine?: string,
): DoseDetails {
  const text = consultation.folded.slice(from, to);
  const details: DoseDetails = {};
  const dosage = (medicine && readBareStrength(text, medicine)) || readDosage(text);
  if (dosage) details.dosage = dosage;
  const perIntake = readDosePerIntake(text);
  if (perIntake && perIntake !== dosage) details.dosePerIntake = perIntake;
  const frequency = readFrequency(consultation, from, text);
  if (frequency) details.frequency = frequency;
  const course = COURSE.exec(text);
  if (course) {
    if (course[3]) details.duration = 'uso contínuo';
    else {
      const count = parsePortugueseNumber(course[1] ?? '');
      if (count !== undefined) details.duration = formatCount(count, course[2] ?? '');
    }
  }
  if (AS_NEEDED.test(text)) details.instructions = 'Se necessário';
  return details;
}

/** What makes a strength a concentration: 'mg/ml', '250 mg/5 ml'. */
const PER_VOLUME_AFTER = /^\s*\/\s*(\d+(?:[.,]\d+)?\s*)?(?:ml|mililitros?)\b/;

/**
 * The dose given. A concentration ('250 mg/5 ml', '100 mg/ml') is what the bottle holds, not the
 * dose: the amount said after it ('10 ml', '10 gotas') is the dosage; the concentration, whole,
 * only when no amount follows.
 */
/** The dosage as written after the name, the litre in its symbol: '10 mL', '250 mg/5 mL'. */
function readDosage(text: string): string | undefined {
  return readFoldedDosage(text)?.replace(/(?<![a-z])ml\b/g, 'mL');
}

function readFoldedDosage(text: string): string | undefined {
  const strength = STRENGTH.exec(text);
  if (strength && strength[4] === undefined) {
    const end = strength.index + strength[0].length;
    const perVolume = PER_VOLUME_AFTER.exec(text.slice(end, end + 24));
    const perMl = /\/ml/.test((strength[3] ?? '').replace(/\s+/g, ''));
    if (perVolume || perMl) {
      const rest = text.slice(end + (perVolume?.[0].length ?? 0));
      const amount = readDosage(rest);
      if (amount) return amount;
      const written = text.slice(strength.index, end + (perVolume?.[0].length ?? 0));
      return written
        .replace(/\s*\/\s*/g, '/')
        .replace(/\s+/g, ' ')
        .trim();
    }
  }
  if (strength) {
    if (strength[4] !== undefined) return `${formatNumber(strength[4])}%`;
    const unit = UNIT_NAMES.find(([re]) => re.test(strength[2] ?? ''))?.[1] ?? strength[2] ?? '';
    const per = (strength[3] ?? '').replace(/\s+/g, '');
    // A combination's strengths stay together: 'amoxicilina + clavulanato 875/125 mg'.
    const amount = (strength[1] ?? '').includes('/')
      ? (strength[1] ?? '').replace(/\s+/g, '')
      : formatNumber(strength[1] ?? '');
    return `${amount} ${unit}${per}`;
  }
  const count = COUNT.exec(text);
  if (!count) return undefined;
  const amount = count[1] === 'meio' || count[1] === 'meia' ? '1/2' : formatNumber(count[1] ?? '');
  return `${amount} ${count[2] ?? ''}`;
}

/**
 * A number right after the name, or after 'de' ('atenolol de vinte e cinco'). 'Mil' may open it
 * ('metformina mil', 'mil e quinhentos'), which the shared number pattern does not allow.
 */
const BARE_NUMBER = new RegExp(
  `^\\s*,?\\s*(?:(?:(?:que\\s+)?e\\s+)?de\\s+)?((?:\\bmil\\s+(?:e\\s+)?)?${NUMBER_PATTERN}|\\bmil\\b)`,
);
/**
 * What makes the number after a name something other than its strength: a unit (the strength is
 * then read with it), a count of tablets or drops, an interval, a time span, a percentage.
 */
const NOT_A_BARE_STRENGTH = new RegExp(
  `^\\s*(?:[/%]|${UNIT}\\b|em\\s+(?:${NUMBER_PATTERN})|(?:x|vez|vezes|por cento|a cada|horas?|h|hs|minutos?|min|dias?|semanas?|mes|meses|anos?|comprimidos?|capsulas?|gotas?|gts|jatos?|puffs?|saches?|ampolas?|colheres?|graus|quilos?|kg)\\b)`,
);

interface SimpleStrength {
  /** In the unit below; a strength in grams is kept in mg ('1 g' → 1000). */
  value: number;
  unit: 'mg' | 'mcg' | 'UI';
  /** As the catalogue writes it: '850 mg', '1 g'. */
  label: string;
}

let strengthIndex: Map<string, SimpleStrength[]> | undefined;

/**
 * A catalogue medicine's single-ingredient strengths ('50 mg', '1 g', '25 mcg'); undefined for
 * a medicine the catalogue lacks.
 */
function catalogueStrengths(medicine: string): SimpleStrength[] | undefined {
  if (!strengthIndex) {
    strengthIndex = new Map();
    for (const entry of MEDICATIONS) {
      const simple: SimpleStrength[] = [];
      for (const label of entry.strengths) {
        const match = /^(\d+(?:,\d+)?) (mg|mcg|g|UI)$/.exec(label);
        if (!match) continue;
        const amount = Number((match[1] ?? '').replace(',', '.'));
        const unit = match[2];
        if (unit === 'g') simple.push({ value: amount * 1000, unit: 'mg', label });
        else if (unit === 'mg' || unit === 'mcg' || unit === 'UI') {
          simple.push({ value: amount, unit, label });
        }
      }
      strengthIndex.set(entry.name, simple);
    }
  }
  return strengthIndex.get(medicine);
}

/**
 * The strength said as a bare number right after a medicine's name, as speech has it: 'losartana
 * cinquenta de manhã', 'o aas cem', 'atenolol de vinte e cinco'. The number counts when the
 * catalogue sells that strength, else when it is plausible (see plausibleStrength). Small
 * numbers not sold as a strength are tablets ('losartana uma de manhã'): they never count.
 */
function readBareStrength(text: string, medicine: string): string | undefined {
  const bare = BARE_NUMBER.exec(text);
  if (!bare) return undefined;
  const said = bare[1] ?? '';
  const afterNumber = bare[0].length;
  const candidates = numberReadings(said).filter(
    (reading) => !NOT_A_BARE_STRENGTH.test(text.slice(afterNumber - said.length + reading.length)),
  );
  const strengths = catalogueStrengths(medicine);
  const values = candidates
    .map((reading) => parsePortugueseNumber(reading.text))
    .filter((value): value is number => value !== undefined);
  for (const value of values) {
    const sold = strengths?.find((strength) => strength.value === value);
    if (sold) return sold.label;
  }
  for (const value of values) {
    const plausible = plausibleStrength(value, strengths);
    if (plausible) return plausible;
  }
  return undefined;
}

/**
 * The ways to read a number said after a name, longest first. Portuguese joins the words of one
 * number with 'e' ('oitocentos e cinquenta'); a number word right after another without 'e'
 * ('oitocentos e cinquenta duas vezes') starts a new number, except around 'mil' ('mil
 * duzentos').
 */
function numberReadings(said: string): { text: string; length: number }[] {
  const readings = [{ text: said, length: said.length }];
  const words = [...said.matchAll(/[a-z]+/g)];
  for (let i = words.length - 2; i >= 0; i--) {
    const word = words[i];
    const next = words[i + 1];
    if (!word || !next) continue;
    if ([word[0], next[0]].some((w) => w === 'e' || w === 'mil' || /^mei[oa]$/.test(w))) continue;
    const length = word.index + word[0].length;
    readings.push({ text: said.slice(0, length), length });
  }
  return readings;
}

/**
 * A strength not sold but plausible for the medicine, in the unit it is sold in: round (a
 * multiple of 5, at least 10) and between half the smallest and twice the largest strength sold.
 * @param strengths - the catalogue's strengths; undefined for a medicine it lacks (then mg)
 */
function plausibleStrength(
  value: number,
  strengths: SimpleStrength[] | undefined,
): string | undefined {
  if (value < 10 || value % 5 !== 0) return undefined;
  if (!strengths) return `${value} mg`;
  const unit = strengths[0]?.unit;
  if (!unit) return undefined;
  const sold = strengths.filter((s) => s.unit === unit).map((s) => s.value);
  const inReach = value >= Math.min(...sold) / 2 && value <= Math.max(...sold) * 2;
  return inReach ? `${value} ${unit}` : undefined;
}

/** Folded count nouns as a prescription writes them. */
const COUNT_NOUNS: Readonly<Record<string, string>> = {
  capsula: 'cápsula',
  capsulas: 'cápsulas',
  gts: 'gotas',
  sache: 'sachê',
  saches: 'sachês',
  aplicacao: 'aplicação',
  aplicacoes: 'aplicações',
};

/** The dose of one intake said as a count ('1 comprimido', 'meio comprimido', '10 gotas'). */
function readDosePerIntake(text: string): string | undefined {
  const count = COUNT.exec(text);
  if (!count) return undefined;
  const amount =
    count[1] === 'meio' || count[1] === 'meia' ? count[1] : formatNumber(count[1] ?? '');
  const noun = count[2] ?? '';
  return `${amount} ${COUNT_NOUNS[noun] ?? noun}`;
}

function readFrequency(c: Consultation, from: number, text: string): string | undefined {
  const interval = INTERVAL.exec(text);
  if (interval) {
    const hours = parsePortugueseNumber(interval[1] ?? interval[3] ?? '');
    if (hours !== undefined) return `${hours}/${hours}h`;
  }
  const every = EVERY.exec(text);
  if (every) {
    const hours = parsePortugueseNumber(every[1] ?? '');
    if (hours !== undefined) return `${hours}/${hours}h`;
  }
  const times = TIMES_A_DAY.exec(text);
  if (times) {
    const daily = times[1] !== undefined;
    const count = parsePortugueseNumber(times[1] ?? times[2] ?? '');
    if (count !== undefined) return daily ? `${count}x ao dia` : `${count}x por semana`;
  }
  if (ONCE_A_DAY.test(text) || EVERY_DAY.test(text)) return '1x ao dia';
  const moment = TIME_OF_DAY.exec(text);
  if (moment) return c.original.slice(from + moment.index, from + moment.index + moment[0].length);
  return undefined;
}

/** '500' → '500', 'quinhentos' → '500', '2.5' → '2,5' (Brazilian decimal comma). */
function formatNumber(text: string): string {
  const value = parsePortugueseNumber(text);
  if (value === undefined) return text;
  return formatDecimal(value);
}

/** '10' + 'dias' → '10 dias'; '1' + 'meses' → '1 mês'. */
export function formatCount(count: number, unit: string): string {
  const singular = /^(?:hora|dia|semana|mes|ano)/.exec(unit)?.[0] ?? unit;
  const forms: Record<string, [string, string]> = {
    hora: ['hora', 'horas'],
    dia: ['dia', 'dias'],
    semana: ['semana', 'semanas'],
    mes: ['mês', 'meses'],
    ano: ['ano', 'anos'],
  };
  const [one, many] = forms[singular] ?? [unit, unit];
  return `${formatDecimal(count)} ${count === 1 ? one : many}`;
}
