import { answerTo, sentenceAt, type Consultation } from './consultation-text';
import { isAboutRelative } from './negation';
import { NUMBER_PATTERN, parsePortugueseNumber } from './spoken-numbers';
import { locatePatientName } from './patient-name';

/**
 * The patient's age in years (0–150), in digits or words: '45 anos de idade', 'tenho sessenta e
 * dois anos', 'Paciente X, 45 anos', 'homem de 45 anos', the number right after the patient's
 * name ('joão pedro silva trinta e dois anos'), or the answer to 'quantos anos você tem?' — in a
 * dialogue's next turn, or in an unlabelled transcript right after the question ('quantos anos a
 * senhora tem sessenta e três'). 'Há 15 anos' and 'faz 2 anos' are durations, never ages.
 */

const N = `(${NUMBER_PATTERN})`;

/** What may follow 'N anos' when it is not an age ('20 anos-maço', '8 anos de evolução'). */
const NOT_AGE_AFTER =
  /^\s*(?:-?\s*maco|que\b|q\b|atras|de (?:evolucao|diagnostico|doenca|historia|tabagismo|uso|casad|idade)|seguidos)/;
/** What before a number makes it a duration or a relative's age. */
const DURATION_BEFORE =
  /(?:\b(?:ha|faz|fazem|desde|durante|por|ultimos|a cerca de|ja faz)\s+(?:uns\s+|umas\s+|cerca de\s+|mais de\s+|quase\s+)?)$/;

const EXPLICIT = [
  new RegExp(`\\b${N}\\s+anos\\s+de\\s+idade\\b`, 'g'),
  new RegExp(`\\bidade\\s*(?::|=|de|e)?\\s*${N}(?!\\s*(?:mes|dia|semana))`, 'g'),
];
const SELF = new RegExp(
  `\\b(?:tenho|tem|ja tenho|completei|completou|completa|completo|fiz|fez|vou fazer|vai fazer|estou com|to com|esta com|ta com)\\s+(?:uns\\s+|quase\\s+)?${N}\\s+anos\\b`,
  'g',
);
/** Words that describe the patient in a note's header: 'homem de 45 anos', 'idosa 80 anos'. */
const DESCRIPTOR =
  '(?:paciente|homem|mulher|senhor|senhora|crianca|menino|menina|idos[oa]|jovem|adolescente|sr|sra|gestante|masculino|feminino|lactente|pre-escolar|escolar)';
const HEADER = new RegExp(
  `(?:^|\\n|[,;:(]\\s*|\\b${DESCRIPTOR}\\b[^.\\n]{0,40}?\\b(?:de|com)\\s+|\\b${DESCRIPTOR}\\s+)${N}\\s*(?:anos|a)\\b`,
  'g',
);
const AGE_QUESTION = /\b(?:quantos anos|que idade|qual (?:e )?a (?:sua )?idade|idade\b)/;
const ANSWER_NUMBER = new RegExp(`\\b${N}(?:\\s+anos)?\\b`, 'g');
/** The age question as said aloud, up to whom it asks about: 'quantos anos a senhora tem'. */
const SPOKEN_AGE_QUESTION =
  /\b(?:quantos anos|que idade|qual (?:e )?a (?:sua )?idade|e a idade|sua idade|a idade)(?: d[oa] (?:senhor|senhora|paciente)| de voce| dele| dela)?(?: (?:o senhor|a senhora|voce|vc|tu|ele|ela|o paciente|a paciente))?(?: tem| completou| fez)?\b/g;
/** What the answer may say before the number: 'tenho', 'eu tenho', 'doutor', 'uns'. */
const SPOKEN_AGE_ANSWER = new RegExp(
  `^(?:\\s+(?:e|eh|sim|ah|olha|doutor|doutora|eu|ja|tenho|tem|fiz|fez|completei|completo|vou fazer|to com|estou com|uns|quase))*\\s+${N}\\b`,
);
/** After an answer's number, units that make it something other than years. */
const NOT_YEARS_AFTER =
  /^\s*(?:mes|meses|dia|dias|semana|semanas|hora|horas|minuto|vez|vezes|kg|quilo|quilos|mg|ml|graus|por|comprimido|gota|cm|metro|x)\b/;
/**
 * Right after the patient's name: 'ana costa, 28 anos', 'joão silva trinta e dois anos', 'miguel
 * souza doutora ele tem cinco anos'.
 */
const AGE_AFTER_NAME = new RegExp(
  `^\\s*,?\\s*(?:(?:de|com|idade|e|eh|doutor|doutora|ele|ela|eu|ja|tem|tenho|fez|fiz|completou|completei|esta com|ta com|estou com|to com)\\s+)*${N}\\s*(?:anos|a)\\b`,
);

/**
 * The patient's age, or undefined when the consultation does not state it.
 * @param consultation - the parsed consultation
 */
export function extractPatientAge(consultation: Consultation): number | undefined {
  return locatePatientAge(consultation)?.age;
}

/** An age the rules read, and the stretch of the prepared text that states it. */
export interface AgeSpan {
  age: number;
  start: number;
  end: number;
}

/**
 * The patient's age and where it is stated ('tenho 45 anos', 'quantos anos a senhora tem
 * sessenta e três' → the answer), or undefined when the consultation does not state it.
 * @param consultation - the parsed consultation
 */
export function locatePatientAge(consultation: Consultation): AgeSpan | undefined {
  return (
    firstAge(consultation, EXPLICIT) ??
    firstAge(consultation, [SELF], { skipDoctor: true }) ??
    fromAnswer(consultation) ??
    fromSpokenAnswer(consultation) ??
    afterPatientName(consultation) ??
    firstAge(consultation, [HEADER], { narratorOnly: true })
  );
}

function firstAge(
  c: Consultation,
  patterns: RegExp[],
  options: { skipDoctor?: boolean; narratorOnly?: boolean } = {},
): AgeSpan | undefined {
  let best: AgeSpan | undefined;
  for (const pattern of patterns) {
    for (const match of c.folded.matchAll(pattern)) {
      const number = match[1];
      if (number === undefined) continue;
      const numberAt = match.index + match[0].lastIndexOf(number);
      const sentence = sentenceAt(c, numberAt);
      if (!sentence || sentence.question) continue;
      if (options.skipDoctor && sentence.speaker === 'doctor') continue;
      if (options.narratorOnly && sentence.speaker !== 'narrator') continue;
      if (DURATION_BEFORE.test(c.folded.slice(Math.max(0, numberAt - 14), numberAt))) continue;
      if (
        NOT_AGE_AFTER.test(
          c.folded.slice(match.index + match[0].length, match.index + match[0].length + 24),
        )
      ) {
        continue;
      }
      if (isAboutRelative(c, sentence, numberAt)) continue;
      const age = toAge(number);
      if (age !== undefined && (!best || match.index < best.start)) {
        best = { age, start: match.index, end: match.index + match[0].length };
      }
    }
    if (best) return best;
  }
  return undefined;
}

function fromAnswer(c: Consultation): AgeSpan | undefined {
  if (!c.dialogue) return undefined;
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor' || !AGE_QUESTION.test(c.folded.slice(turn.start, turn.end))) {
      continue;
    }
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const text = c.folded.slice(answer.start, answer.end);
    for (const match of text.matchAll(ANSWER_NUMBER)) {
      const before = text.slice(Math.max(0, match.index - 14), match.index);
      if (DURATION_BEFORE.test(before)) continue;
      if (/^\s*(?:mes|meses|dia|semana)/.test(text.slice(match.index + match[0].length))) continue;
      const age = toAge(match[1] ?? '');
      const start = answer.start + match.index;
      if (age !== undefined) return { age, start, end: start + match[0].length };
    }
  }
  return undefined;
}

/**
 * In an unlabelled transcript the question and its answer run together: 'quantos anos a senhora
 * tem sessenta e três o que trouxe…'. The number must follow the question at once; a relative
 * asked about ('quantos anos tem sua mãe') is left out by {@link isAboutRelative}.
 */
function fromSpokenAnswer(c: Consultation): AgeSpan | undefined {
  if (c.dialogue) return undefined;
  for (const question of c.folded.matchAll(SPOKEN_AGE_QUESTION)) {
    // 'há quantos anos o senhor tem pressão alta' asks for a duration.
    if (
      /\b(?:ha|faz|fazem|desde|por)\s+$/.test(
        c.folded.slice(Math.max(0, question.index - 8), question.index),
      )
    ) {
      continue;
    }
    const after = question.index + question[0].length;
    const answer = SPOKEN_AGE_ANSWER.exec(c.folded.slice(after, after + 80));
    const number = answer?.[1];
    if (!answer || number === undefined) continue;
    const end = after + answer[0].length;
    const numberAt = end - number.length;
    if (NOT_YEARS_AFTER.test(c.folded.slice(end, end + 12))) continue;
    const sentence = sentenceAt(c, numberAt);
    if (!sentence || isAboutRelative(c, sentence, numberAt)) continue;
    const age = toAge(number);
    if (age !== undefined) return { age, start: question.index, end };
  }
  return undefined;
}

/** The age stated right after the patient's name, as a header or a dictation gives it. */
function afterPatientName(c: Consultation): AgeSpan | undefined {
  const name = locatePatientName(c);
  if (!name) return undefined;
  const after = AGE_AFTER_NAME.exec(c.folded.slice(name.end, name.end + 80));
  const number = after?.[1];
  if (!after || number === undefined) return undefined;
  const end = name.end + after[0].length;
  // '27a' abbreviates 'anos' only after digits: 'trinta a' is not an age.
  if (!after[0].endsWith('anos') && !/\d/.test(number)) return undefined;
  if (NOT_AGE_AFTER.test(c.folded.slice(end, end + 24))) return undefined;
  const age = toAge(number);
  return age === undefined ? undefined : { age, start: name.end + after.index, end };
}

function toAge(text: string): number | undefined {
  const value = parsePortugueseNumber(text);
  if (value === undefined || !Number.isInteger(value) || value < 0 || value > 150) return undefined;
  return value;
}
