import { sentenceAt, type Consultation } from './consultation-text';
import { formatCount } from './medicine-mentions';
import { isAboutRelative, isNegated } from './negation';
import { NUMBER_PATTERN, parsePortugueseNumber } from './spoken-numbers';

/**
 * Words that say the patient is pregnant now. 'gestação' alone is not among them: 'nega
 * gestação', 'três gestações' (her history) and 'diabetes gestacional' do not say she is.
 */
const PREGNANT =
  /\b(?:gestante|gravida|primigesta|secundigesta|multigesta|primigravida|idade gestacional|(?:semanas|meses) de (?:gestacao|gravidez)|(?:esta|estou|to|ta) gravida)\b/g;

/**
 * Whether the consultation says the patient is pregnant (docs/receitas.md, "Segurança da prescrição": the prescription's safety
 * check warns of what to avoid): a pregnancy that is not denied ('nega gestação', 'não estou
 * grávida'), not asked ('está grávida?') and not a relative's ('minha filha está grávida').
 * Undefined when nothing says so: not knowing is not 'not pregnant'.
 */
export function extractPregnancy(consultation: Consultation): true | undefined {
  return locatePregnancy(consultation) ? true : undefined;
}

/**
 * Where the consultation says the patient is pregnant ({@link extractPregnancy}), if it does:
 * one of the words above, or a gestational age said with its own words ('IG 30 semanas').
 */
export function locatePregnancy(
  consultation: Consultation,
): { start: number; end: number } | undefined {
  for (const match of consultation.folded.matchAll(PREGNANT)) {
    const end = match.index + match[0].length;
    if (isPatientsOwn(consultation, match.index, end)) return { start: match.index, end };
  }
  const age = readGestationalAges(consultation, false)[0];
  return age && { start: age.start, end: age.end };
}

function isPatientsOwn(consultation: Consultation, start: number, end: number): boolean {
  const sentence = sentenceAt(consultation, start);
  if (!sentence || sentence.question) return false;
  if (isNegated(consultation, sentence, start, end)) return false;
  return !isAboutRelative(consultation, sentence, start, end);
}

/** How far along a pregnancy is, as the consultation says it. */
export interface GestationalAge {
  start: number;
  end: number;
  /** '28 semanas', '27 semanas e 3 dias', '7 meses'. */
  value: string;
}

const N = `(${NUMBER_PATTERN})`;
const WEEKS = `(?:semanas?|sem)\\b(?:\\s+e\\s+${N}\\s+dias?\\b)?`;
/** What may stand between a pregnancy word and its age: 'gestante, está com', 'IG pela DUM de'. */
const LINK = `(?:[\\s,:=]+(?:de|com|atual|estimada(?: em)?|pela dum|pelo usg|pela usg|esta|ta|to|estou|ja|tem|e|agora|hoje|aproximadamente|cerca de|mais ou menos|uns|umas))*[\\s,:=]+`;
const PREGNANCY_WORD = `(?:ig|idade gestacional|gestante|gravida|gestacao|gravidez|primigesta|secundigesta|multigesta|primigravida)`;

/** Weeks of something else said after them ('… duas semanas de tosse', '… semanas que'). */
const NOT_ANOTHER_SPAN = `(?!\\s+(?:de\\s+(?!gestacao|gravidez|idade|ig\\b|barriga)|que\\b|atras\\b))`;

/**
 * Gestational ages named with a word of pregnancy: 'IG 30 semanas', 'gestante de trinta e duas
 * semanas', '28 semanas de gestação', 'trinta semanas de barriga', 'grávida de sete meses'.
 */
const NAMED_AGES: { pattern: RegExp; unit: 'semanas' | 'meses' }[] = [
  {
    pattern: new RegExp(`\\b${PREGNANCY_WORD}${LINK}${N}\\s*${WEEKS}${NOT_ANOTHER_SPAN}`, 'g'),
    unit: 'semanas',
  },
  {
    pattern: new RegExp(
      `\\b${N}\\s*${WEEKS}\\s*(?:de\\s+)?(?:gestacao|gravidez|idade gestacional|gestacional|gestacionais|barriga)\\b`,
      'g',
    ),
    unit: 'semanas',
  },
  {
    pattern: new RegExp(
      `\\b(?:gestante|gravida|gestacao|gravidez)\\s+(?:de\\s+)?${N}\\s+mes(?:es)?\\b`,
      'g',
    ),
    unit: 'meses',
  },
  {
    pattern: new RegExp(`\\b${N}\\s+mes(?:es)?\\s+de\\s+(?:gestacao|gravidez|barriga)\\b`, 'g'),
    unit: 'meses',
  },
];

/**
 * Once the consultation says she is pregnant, weeks said as something she is at or has
 * ('está com vinte e oito semanas', 'já tem vinte semanas', 'vai fazer trinta semanas') are
 * her gestational age, not a complaint's duration. Not what follows 'há' or 'faz' alone, and not
 * weeks 'de' something else ('está com três semanas de tosse').
 */
const WEEKS_SHE_IS_AT = new RegExp(
  `\\b(?:(?:esta|estou|ta|to|estava|ja esta|ja ta|ja estou|ja to)\\s+com|(?:ja\\s+)?(?:tem|vai fazer|vai pra|vai para|completa|completou|completando|entrou na|entrando na))\\s+${N}\\s+semanas\\b(?!\\s+(?:de|que|atras)\\b)`,
  'g',
);

/** The fewest weeks a pregnancy is told in after 'está com' / 'tem' (earlier, it is days). */
const FEWEST_WEEKS = 4;
const MOST_WEEKS = 42;

/**
 * The gestational ages the consultation tells of the patient, in text order.
 * @param consultation - the parsed consultation
 */
export function findGestationalAges(consultation: Consultation): GestationalAge[] {
  return readGestationalAges(consultation, true);
}

/**
 * @param pregnancyKnown - whether weeks said without a pregnancy word count, once the
 *   consultation says she is pregnant (false while finding out whether she is)
 */
function readGestationalAges(
  consultation: Consultation,
  pregnancyKnown: boolean,
): GestationalAge[] {
  const ages: GestationalAge[] = [];
  const add = (match: RegExpMatchArray & { index: number }, unit: 'semanas' | 'meses') => {
    const end = match.index + match[0].length;
    if (ages.some((age) => match.index < age.end && age.start < end)) return;
    const count = parsePortugueseNumber(match[1] ?? '');
    if (count === undefined) return;
    const limit = unit === 'semanas' ? MOST_WEEKS : 10;
    if (count < 1 || count > limit) return;
    if (!isPatientsOwn(consultation, match.index, end)) return;
    const days = match[2] !== undefined ? parsePortugueseNumber(match[2]) : undefined;
    const value = formatCount(count, unit) + (days ? ` e ${formatCount(days, 'dias')}` : '');
    ages.push({ start: match.index, end, value });
  };
  for (const { pattern, unit } of NAMED_AGES) {
    for (const match of consultation.folded.matchAll(pattern)) add(match, unit);
  }
  if (pregnancyKnown && locatePregnancy(consultation)) {
    for (const match of consultation.folded.matchAll(WEEKS_SHE_IS_AT)) {
      const weeks = parsePortugueseNumber(match[1] ?? '') ?? 0;
      if (weeks >= FEWEST_WEEKS) add(match, 'semanas');
    }
  }
  return ages.sort((a, b) => a.start - b.start);
}
