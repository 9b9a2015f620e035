import type { Medication, MedicationRoute } from '../records/medical-record';
import { expandInstructionAbbreviations, guessRoute } from './prescription';
import { capitalizeFirst } from '../lib/pt-br-format';
import { foldAccents } from '../lib/text-folding';

/**
 * The one sentence a receita prints for how to take a medicine, written from the item's parts —
 * 'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.' — followed by the doctor's own
 * further instructions. Abbreviations are written out by {@link expandInstructionAbbreviations};
 * nothing here adds a dose or a frequency the item does not have (docs/receitas.md).
 */

/** The parts of a prescribed item the sentence is written from. */
export type PosologyParts = Pick<Medication, 'name'> &
  Partial<
    Pick<
      Medication,
      'dosage' | 'dosePerIntake' | 'frequency' | 'duration' | 'instructions' | 'route'
    >
  >;

/** The verb a route's instructions start with, and the words that name the route. */
export const ROUTE_WORDS: Readonly<Record<MedicationRoute, { verb: string; via?: string }>> = {
  oral: { verb: 'Tomar', via: 'por via oral' },
  sublingual: { verb: 'Tomar', via: 'por via sublingual' },
  topica: { verb: 'Aplicar' },
  injetavel: { verb: 'Aplicar' },
  inalatoria: { verb: 'Inalar', via: 'por via inalatória' },
  oftalmica: { verb: 'Pingar', via: 'por via oftálmica' },
  nasal: { verb: 'Aplicar', via: 'por via nasal' },
  retal: { verb: 'Aplicar', via: 'por via retal' },
  vaginal: { verb: 'Aplicar', via: 'por via vaginal' },
  otologica: { verb: 'Pingar', via: 'por via otológica' },
};

/** Verbs that open a sentence of instructions already written in full ('Tomar 1 comprimido…'). */
const INSTRUCTION_VERB =
  /^(?:tomar|aplicar|pingar|inalar|usar|colocar|instilar|dissolver|diluir|administrar|mastigar|fazer|introduzir|borrifar)\b/;

/** A counted dose in folded text: '1 comprimido', 'meio comprimido', '10 gotas', '2 jatos'. */
const COUNTED_DOSE =
  /\b(?:\d+(?:[.,]\d+)?|meio|meia|uma?|duas?|dois|tres)\s+(?:comprimidos?|capsulas?|drageas?|gotas?|jatos?|ml|ampolas?|aplicac(?:ao|oes)|envelopes?|saches?|colher(?:es)?|medidas?)\b/;

/** A counted dose at the very start of folded instructions. */
const OPENING_DOSE = new RegExp(`^${COUNTED_DOSE.source.replace(/^\\b/, '')}`);

function fold(text: string): string {
  return foldAccents(text).replace(/\s+/g, ' ').trim();
}

/** Expanded, trimmed, without the full stop or comma it ended on. */
function clean(text: string | undefined): string {
  return expandInstructionAbbreviations(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.;,]+$/, '');
}

/** Lower-cases the first letter of a phrase joined mid-sentence, never an acronym ('AAS'). */
function lowerFirst(text: string): string {
  return /^\p{Lu}(?:\p{Ll}|\s|$)/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** 'a cada 8 horas' → 'de 8 em 8 horas'; 'a cada 1 hora' → 'de hora em hora'. */
function intervalWords(text: string): string {
  return text
    .replace(/\ba cada 1 hora\b/gi, 'de hora em hora')
    .replace(/\ba cada (\d+) horas\b/gi, (_m, n: string) => `de ${n} em ${n} horas`);
}

/** A condition of as-needed use as it reads after a comma: 'em caso de dor' → 'se dor'. */
function conditionWords(text: string): string {
  return text.replace(/^(?:em caso de|caso tenha|quando tiver|na presença de)\s+/i, 'se ');
}

/** A sentence that already says how long: 'por 5 dias', 'em uso contínuo', 'em dose única'. */
const DURATION_SAID =
  /\b(?:por|durante) \d+ (?:dias?|semanas?|mes|meses)\b|\buso continuo\b|\bdose unica\b/;
const CONDITION = /^(?:se\b|em caso de\b|caso\b|quando\b|na presença de\b|a critério médico)/i;
const CONTINUOUS = /^(?:em\s+|por\s+)?(?:uso\s+)?cont[íi]nuo$/i;

/**
 * A medicine taken with no end, said anywhere in folded text ('uso contínuo', 'uso crônico',
 * 'permanente'): read alike by the quantity to dispense (a month) and by the patient's chart (it
 * joins her medicines in use).
 */
export const CONTINUOUS_USE = /\b(?:uso )?(?:continuo|cronico|permanente)\b/;

/**
 * Whether a prescribed item is for continuous use, as its duration, frequency or instructions
 * say it.
 * @param item - the prescribed item
 */
export function isContinuousUse(
  item: Partial<Pick<Medication, 'duration' | 'frequency' | 'instructions'>>,
): boolean {
  return CONTINUOUS_USE.test(fold([item.duration, item.frequency, item.instructions].join(' ')));
}

interface Timing {
  /** 'de 8 em 8 horas', 'uma vez ao dia, em jejum', 'à noite'. */
  how: string[];
  /** 'se dor ou febre', 'se necessário'. */
  conditions: string[];
  /** An 'uso contínuo' written in the frequency. */
  continuous: boolean;
}

/** The frequency split into how often, when needed, and a continuous use said there. */
function readTiming(frequency: string): Timing {
  const timing: Timing = { how: [], conditions: [], continuous: false };
  for (const part of intervalWords(clean(frequency)).split(/\s*[,;]\s*/)) {
    const phrase = lowerFirst(part.trim());
    if (!phrase) continue;
    if (CONTINUOUS.test(phrase)) timing.continuous = true;
    else if (CONDITION.test(phrase)) timing.conditions.push(conditionWords(phrase));
    else {
      // 'de 6 em 6 horas se dor': the condition after the interval, on its own.
      const inner = /^(.*?)\s+((?:se|em caso de)\s.*)$/i.exec(phrase);
      if (inner?.[1] && inner[2]) {
        timing.how.push(inner[1]);
        timing.conditions.push(conditionWords(inner[2]));
      } else {
        timing.how.push(phrase);
      }
    }
  }
  return timing;
}

/** 'por 7 dias', 'em uso contínuo', 'até a melhora'; '' when there is no duration. */
function durationPhrase(duration: string, continuous: boolean): string {
  const text = lowerFirst(clean(duration));
  if (CONTINUOUS.test(text) || (!text && continuous)) return 'em uso contínuo';
  if (!text) return '';
  if (/^\d/.test(text)) return `por ${text}`;
  if (/^(?:por|durante|até|em)\b/i.test(text)) return text;
  return `por ${text}`;
}

/**
 * A treatment's duration as a phrase after the medicine: 'por 7 dias', 'em uso contínuo' (never
 * 'por uso contínuo'), 'até a melhora' as written; '' when none.
 * @param duration - the duration as the doctor typed it
 */
export function treatmentDurationPhrase(duration: string | undefined): string {
  return durationPhrase(duration ?? '', false);
}

/** The dose of one intake as printed: '1 comprimido', 'meio comprimido', '7 mL', '10 gotas'. */
function doseWords(dose: string | undefined): string {
  return lowerFirst(clean(dose));
}

/**
 * The posology a receita prints for one item: one sentence from its parts — verb by route, dose
 * per intake, route, how often, when needed, for how long — then the doctor's further
 * instructions, each a sentence of its own. {dosePerIntake: '1 cápsula', frequency: 'A cada 8
 * horas', duration: '7 dias'} → 'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.';
 * 'se dor ou febre' and 'em uso contínuo' join after a comma. Instructions already written as a
 * full sentence ('Tomar 1 cp de 8/8h') are kept as the sentence, with only the duration they
 * lack added. '' when the item says nothing of how to take it.
 * @param item - the prescribed item
 */
export function posologySentence(item: PosologyParts): string {
  const route = guessRoute(item);
  const words = ROUTE_WORDS[route];
  const timing = readTiming(item.frequency ?? '');
  // A condition written as the duration ('se dor') is a condition: never 'por se dor'.
  const writtenDuration = lowerFirst(clean(item.duration));
  const durationIsCondition = CONDITION.test(writtenDuration);
  if (durationIsCondition) {
    const condition = conditionWords(writtenDuration);
    if (!timing.conditions.some((known) => fold(known) === fold(condition)))
      timing.conditions.push(condition);
  }
  const duration = durationPhrase(
    durationIsCondition ? '' : (item.duration ?? ''),
    timing.continuous,
  );
  const dose = doseWords(item.dosePerIntake);
  const instructions = clean(item.instructions);
  const sentences = instructions
    .split(/(?<=[.!?])\s+|\.\s*$/)
    .map((sentence) => sentence.trim().replace(/[.;,]+$/, ''))
    .filter(Boolean);

  const [firstInstruction] = sentences;
  // Instructions that open with a verb are the sentence when they say the dose ('Tomar 1
  // comprimido…') or no dose is given apart ('Aplicar na lesão'); with a dose given apart,
  // 'Tomar com água' is a further instruction.
  const writtenInFull =
    firstInstruction !== undefined &&
    INSTRUCTION_VERB.test(fold(firstInstruction)) &&
    (!dose || COUNTED_DOSE.test(fold(firstInstruction)));
  let main: string;
  let further: string[];
  if (writtenInFull) {
    // The doctor wrote the sentence: keep it, adding only what it lacks.
    main = firstInstruction;
    const said = fold(main);
    const how = timing.how.filter((phrase) => !said.includes(fold(phrase))).join(', ');
    // 'Tomar 1 comprimido de 8 em 8 horas'; after a clause of its own, a comma.
    if (how) main = main.includes(',') ? `${main}, ${how}` : `${main} ${how}`;
    const conditions = timing.conditions.filter((condition) => !said.includes(fold(condition)));
    if (conditions.length > 0) main = `${main}, ${conditions.join(', ')}`;
    const lastly = duration.replace(/^(?:por|em) /, '');
    if (duration && !fold(main).includes(fold(lastly)) && !DURATION_SAID.test(fold(main))) {
      main = `${main}, ${duration}`;
    }
    further = sentences.slice(1);
  } else {
    const parts = [words.verb, dose, words.via ?? ''];
    if (words.via && sentences.some((sentence) => /\bpor via\b/i.test(sentence))) parts.pop();
    const how = timing.how.join(', ');
    main = [parts.filter(Boolean).join(' '), how].filter(Boolean).join(' ');
    const tail = [...timing.conditions, duration].filter(Boolean);
    if (tail.length > 0) main = `${main}, ${tail.join(', ')}`;
    // Nothing of how to take it but the verb: the instructions say it all, or nothing is said.
    if (!dose && !how && tail.length === 0) main = '';
    const said = fold(main);
    further = sentences.filter((sentence) => !said.includes(fold(sentence)));
    // A schedule written as instructions that open on a dose ('3 cp hoje, depois 1 ao dia')
    // takes the verb and the route: 'Tomar 3 comprimidos por via oral hoje, depois…'.
    const [schedule] = further;
    const opening = schedule === undefined ? null : OPENING_DOSE.exec(fold(schedule));
    if (!main && schedule !== undefined && opening) {
      const doseWritten = schedule.slice(0, opening[0].length);
      const rest = schedule.slice(opening[0].length);
      further[0] = [words.verb, lowerFirst(doseWritten), words.via ?? '', rest.trim()]
        .filter(Boolean)
        .join(' ');
    }
  }
  return [main, ...further]
    .filter(Boolean)
    .map((sentence) => `${capitalizeFirst(sentence)}.`)
    .join(' ');
}
