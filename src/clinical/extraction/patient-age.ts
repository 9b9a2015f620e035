import { answerTo, sentenceAt, type Consultation } from './consultation-text';
import { isAboutRelative } from './negation';
import { NUMBER_PATTERN, parsePortugueseNumber } from './number-words';

/**
 * The patient's age in years (0–150), in digits or words: '45 anos de idade', 'tenho sessenta e
 * dois anos', 'Paciente X, 45 anos', 'homem de 45 anos', or the answer to 'quantos anos você
 * tem?'. 'Há 15 anos' and 'faz 2 anos' are durations, never ages.
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
const HEADER = new RegExp(
  `(?:^|\\n|[,;:(]\\s*|\\b(?:paciente|homem|mulher|senhor|senhora|crianca|menino|menina|idos[oa]|jovem|adolescente|sr|sra|gestante|masculino|feminino|lactente|pre-escolar|escolar)\\b[^.\\n]{0,40}?\\b(?:de|com)\\s+)${N}\\s*(?:anos|a)\\b`,
  'g',
);
const AGE_QUESTION = /\b(?:quantos anos|que idade|qual (?:e )?a (?:sua )?idade|idade\b)/;
const ANSWER_NUMBER = new RegExp(`\\b${N}(?:\\s+anos)?\\b`, 'g');

/**
 * The patient's age, or undefined when the consultation does not state it.
 * @param consultation - the parsed consultation
 */
export function extractPatientAge(consultation: Consultation): number | undefined {
  return (
    firstAge(consultation, EXPLICIT) ??
    firstAge(consultation, [SELF], { skipDoctor: true }) ??
    fromAnswer(consultation) ??
    firstAge(consultation, [HEADER], { narratorOnly: true })
  );
}

function firstAge(
  c: Consultation,
  patterns: RegExp[],
  options: { skipDoctor?: boolean; narratorOnly?: boolean } = {},
): number | undefined {
  let best: { at: number; age: number } | undefined;
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
      if (age !== undefined && (!best || match.index < best.at)) best = { at: match.index, age };
    }
    if (best) return best.age;
  }
  return undefined;
}

function fromAnswer(c: Consultation): number | undefined {
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
      if (age !== undefined) return age;
    }
  }
  return undefined;
}

function toAge(text: string): number | undefined {
  const value = parsePortugueseNumber(text);
  if (value === undefined || !Number.isInteger(value) || value < 0 || value > 150) return undefined;
  return value;
}
