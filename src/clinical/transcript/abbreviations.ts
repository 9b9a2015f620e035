import { WORD_END, WORD_START } from './text';

/**
 * Expansion of the abbreviations Brazilian doctors say and type
 * (docs/product.md, "Revisão, processamento e prontuário": "abbreviations expanded"). Only where
 * the abbreviation is unambiguous in clinical speech:
 * - disease and finding acronyms are matched in upper case only ("HAS", never the word "has");
 * - vital-sign abbreviations only before a value ("PA 120x80", "FC: 80"), because on their own
 *   they mean other things ("RX de tórax PA e perfil", "FR" = fator reumatoide);
 * - SC, SL and IV only after a dose ("10 UI SC"), because "SC" is also Santa Catarina and "IV"
 *   a roman numeral; VO, EV and IM in upper case anywhere, and in any case after a dose
 *   ("1 cp vo").
 * Ambiguous ones (IRA, HDA, FA, RX, TC) are left as they are.
 */

/** Disease, finding and exam acronyms, matched in upper case as whole words. */
export const ACRONYMS: readonly (readonly [string, string])[] = [
  ['HAS', 'hipertensão arterial sistêmica'],
  ['IAM', 'infarto agudo do miocárdio'],
  ['AVC', 'acidente vascular cerebral'],
  ['AVE', 'acidente vascular encefálico'],
  ['AIT', 'ataque isquêmico transitório'],
  ['DPOC', 'doença pulmonar obstrutiva crônica'],
  ['ICC', 'insuficiência cardíaca congestiva'],
  ['DAC', 'doença arterial coronariana'],
  ['ITU', 'infecção do trato urinário'],
  ['IVAS', 'infecção das vias aéreas superiores'],
  ['IST', 'infecção sexualmente transmissível'],
  ['DRGE', 'doença do refluxo gastroesofágico'],
  ['DRC', 'doença renal crônica'],
  ['TVP', 'trombose venosa profunda'],
  ['TEP', 'tromboembolismo pulmonar'],
  ['TCE', 'traumatismo cranioencefálico'],
  ['HPB', 'hiperplasia prostática benigna'],
  ['ECG', 'eletrocardiograma'],
  ['BEG', 'bom estado geral'],
  ['REG', 'regular estado geral'],
  ['MEG', 'mau estado geral'],
  ['LOTE', 'lúcido e orientado no tempo e no espaço'],
];

/** Vital signs, expanded only when a value follows: "PA 120/80", "FC: 80", "Sat de 97%". */
const VITAL_SIGNS: readonly (readonly [source: string, flags: string, expansion: string])[] = [
  ['PA', 'u', 'pressão arterial'],
  ['FC', 'u', 'frequência cardíaca'],
  ['FR', 'u', 'frequência respiratória'],
  ['HGT', 'u', 'glicemia capilar'],
  ['tax', 'iu', 'temperatura axilar'],
  ['temp\\.?', 'iu', 'temperatura'],
  ['(?:sat\\.?\\s?o2|spo2|sat\\.?)', 'iu', 'saturação de oxigênio'],
];
const VALUE_FOLLOWS = '(?=\\s*(?:[:=]\\s*|de\\s+)?\\d)';

/** Routes of administration: the expansion includes "via", so "via VO" must not double it. */
const ROUTES: readonly (readonly [string, string, anywhereInUpperCase: boolean])[] = [
  ['VO', 'via oral', true],
  ['EV', 'via endovenosa', true],
  ['IV', 'via intravenosa', false],
  ['IM', 'via intramuscular', true],
  ['SC', 'via subcutânea', false],
  ['SL', 'via sublingual', false],
];
/** What a dose ends with, so a route right after it is certainly a route: "500 mg VO", "1 cp vo". */
const AFTER_DOSE =
  '(?<=(?:\\d|\\b(?:mg|g|mcg|ml|ui|UI|cp|cps|comp|comprimidos?|c[áa]psulas?|gotas?|gts|ampolas?|amp|jatos?|puffs?|unidades?))\\.?\\s+)';

/** One expansion step; they run in order, each on the previous one's output. */
type Rule = (text: string) => string;

const acronymRules: Rule[] = ACRONYMS.map(([acronym, expansion]) => {
  const pattern = new RegExp(`${WORD_START}${acronym}${WORD_END}`, 'gu');
  return (text) => text.replace(pattern, expansion);
});

/** "DM", "DM2", "DM 2", "DM tipo 2", "DMII" → "diabetes mellitus (tipo N)". */
const diabetesRule: Rule = (text) =>
  text.replace(
    new RegExp(`${WORD_START}DM(?:\\s?(?:tipo\\s)?(1|2|II|I))?${WORD_END}`, 'gu'),
    (_match, type: string | undefined) => {
      if (!type) return 'diabetes mellitus';
      return `diabetes mellitus tipo ${type === 'II' || type === '2' ? '2' : '1'}`;
    },
  );

const vitalSignRules: Rule[] = VITAL_SIGNS.map(([source, flags, expansion]) => {
  const pattern = new RegExp(`${WORD_START}${source}${VALUE_FOLLOWS}`, `g${flags}`);
  return (text) => text.replace(pattern, expansion);
});

const routeRules: Rule[] = ROUTES.flatMap(([route, expansion, anywhereInUpperCase]) => {
  const viaPrefix = '(?:via\\s+)?';
  const afterDose = new RegExp(`${AFTER_DOSE}${viaPrefix}${route}${WORD_END}`, 'giu');
  const rules: Rule[] = [(text) => text.replace(afterDose, expansion)];
  if (anywhereInUpperCase) {
    // Case-sensitive: "vo" alone may be "vó" typed without its accent.
    const upper = new RegExp(`${WORD_START}(?:([Vv]ia)\\s+)?${route}${WORD_END}`, 'gu');
    const afterVia = expansion.replace(/^via /, '');
    rules.push((text) =>
      text.replace(upper, (_match, via: string | undefined) =>
        via ? `${via} ${afterVia}` : expansion,
      ),
    );
  }
  return rules;
});

/** "8/8h", "de 8/8 h", "12/12 horas" → "de 8 em 8 horas"; both numbers must be the same. */
const intervalRule: Rule = (text) =>
  text.replace(
    new RegExp(
      `${WORD_START}(?:de\\s+)?(\\d{1,2})\\s*\\/\\s*\\1\\s*(?:h|hs|hrs|horas?)${WORD_END}`,
      'giu',
    ),
    (_match, hours: string) => `de ${hours} em ${hours} horas`,
  );

/** "1x/dia", "2 x ao dia", "3x por dia", "1x/semana" → "1 vez ao dia", "2 vezes ao dia"… */
const timesPerRule: Rule = (text) =>
  text.replace(
    new RegExp(`${WORD_START}(\\d+)\\s*x\\s*(?:\\/|ao|por|na)?\\s*(dia|semana)${WORD_END}`, 'giu'),
    (_match, count: string, unit: string) => {
      const times = count === '1' ? 'vez' : 'vezes';
      return `${count} ${times} ${unit.toLowerCase() === 'dia' ? 'ao dia' : 'por semana'}`;
    },
  );

/** Dose units after a number: "1 cp" → "1 comprimido", "20 gts" → "20 gotas", "1 amp" → "1 ampola". */
const DOSE_UNITS: readonly (readonly [string, string, string])[] = [
  ['cps?|comps?', 'comprimido', 'comprimidos'],
  ['gts|gt', 'gota', 'gotas'],
  ['amps?', 'ampola', 'ampolas'],
  ['caps', 'cápsula', 'cápsulas'],
];
const doseUnitRules: Rule[] = DOSE_UNITS.map(([source, singular, plural]) => {
  // Anchored at a number's start and bounded: a long run of digits must not go quadratic.
  const pattern = new RegExp(
    `(?<![\\d.,/])(\\d{1,6}(?:[.,/]\\d{1,6})?)\\s*(?:${source})\\.?${WORD_END}`,
    'giu',
  );
  return (text) =>
    text.replace(pattern, (_match, amount: string) => {
      return `${amount} ${quantityOf(amount) > 1 ? plural : singular}`;
    });
});

/** The number an amount stands for: "2" → 2, "1,5" → 1.5, "1/2" → 0.5. */
function quantityOf(amount: string): number {
  const [numerator, denominator] = amount.split('/');
  const value = Number((numerator ?? '').replace(',', '.'));
  return denominator ? value / Number(denominator) : value;
}

/** "500mg" → "500 mg", "1g" → "1 g", "mmhg" → "mmHg": units written apart, in their usual case. */
const unitRule: Rule = (text) =>
  text
    .replace(/(?<=\d)(mg|mcg|ml|kg|g|UI)(?=\/|[^\p{L}\p{N}]|$)/gu, ' $1')
    .replace(new RegExp(`(?<=\\d\\s?)mmhg${WORD_END}`, 'giu'), 'mmHg');

/** "pcte" is how many doctors write "paciente" in a hurry. */
const patientRule: Rule = (text) =>
  text.replace(new RegExp(`${WORD_START}pcte${WORD_END}`, 'giu'), (match) =>
    match.startsWith('P') ? 'Paciente' : 'paciente',
  );

const RULES: readonly Rule[] = [
  ...acronymRules,
  diabetesRule,
  ...vitalSignRules,
  intervalRule,
  timesPerRule,
  unitRule,
  ...doseUnitRules,
  ...routeRules,
  patientRule,
];

/**
 * The text with the unambiguous clinical abbreviations written out: "PA 120x80" → "pressão
 * arterial 120x80", "HAS e DM2" → "hipertensão arterial sistêmica e diabetes mellitus tipo 2",
 * "1 cp VO 8/8h" → "1 comprimido via oral de 8 em 8 horas". Running it twice changes nothing more.
 * @param text - any text
 */
export function expandClinicalAbbreviations(text: string): string {
  return RULES.reduce((current, rule) => rule(current), text);
}
