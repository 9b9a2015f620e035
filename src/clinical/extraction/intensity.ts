import type { INTENSITIES } from '@shared/records/medical-record';
import { answerTo, sentenceAt, type Consultation } from './consultation-text';
import { isNegated } from './negation';
import { NUMBER_PATTERN, parsePortugueseNumber } from './spoken-numbers';
import { SYMPTOM_PATTERN } from './symptom-lexicon';

export type Intensity = (typeof INTENSITIES)[number];

/**
 * The complaint's intensity (docs/product.md, "Etapa Sintomas"): a 0–10 score ('EVA 7/10', 'nota
 * 6', 'uns 7' answering 'de zero a dez?') maps to leve 1–3, moderada 4–6, intensa 7–10; words map
 * directly (fraca, leve → leve; moderada, média → moderada; forte, intensa, insuportável →
 * intensa).
 */

const N = `(${NUMBER_PATTERN})`;
const SCORE_PATTERNS = [
  // Not '2 de 10 mg' nor 'de 10 em 10 minutos': a score is out of ten, with nothing after it.
  new RegExp(
    `\\b${N}\\s*(?:\\/|de|em)\\s*(?:10|dez)\\b(?!\\s*(?:em|a|x|mg|g|ml|mcg|ui|kg|anos|dias|meses|semanas|horas|minutos|%|[.,]\\d))`,
    'g',
  ),
  new RegExp(
    `\\b(?:eva|escala (?:visual )?(?:analogica )?(?:de dor)?|nota|intensidade)\\s*(?::|=|de)?\\s*${N}\\b`,
    'g',
  ),
];
const SCALE_QUESTION = /\b(?:de (?:0|zero|um|1) a (?:10|dez)|nota|escala|numa escala)\b/;
const ANSWER_SCORE = new RegExp(`\\b${N}\\b`, 'g');

const WORD_LEVEL: Record<string, Intensity> = {
  leve: 'leve',
  fraca: 'leve',
  fraquinha: 'leve',
  fraquinho: 'leve',
  levinha: 'leve',
  levinho: 'leve',
  levezinha: 'leve',
  levezinho: 'leve',
  pequena: 'leve',
  moderada: 'moderada',
  media: 'moderada',
  forte: 'intensa',
  fortissima: 'intensa',
  fortissimo: 'intensa',
  // 'Fortinha' is 'rather strong' in speech: stronger than mild, short of 'forte'.
  fortinha: 'moderada',
  fortinho: 'moderada',
  intensa: 'intensa',
  insuportavel: 'intensa',
  horrivel: 'intensa',
  terrivel: 'intensa',
  grande: 'intensa',
};
const LEVEL =
  '(leve|levinh[ao]|levezinh[ao]|fraca|fraquinh[ao]|moderada|media|forte|fortissim[ao]|fortinh[ao]|intensa|insuportavel|horrivel|terrivel)';
const WORD_PATTERNS = [
  new RegExp(`\\b(?:de\\s+)?intensidade\\s+${LEVEL}\\b`, 'g'),
  new RegExp(`\\bde\\s+(leve|fraca|moderada|media|forte|grande)\\s+intensidade\\b`, 'g'),
  new RegExp(
    `${SYMPTOM_PATTERN}\\s+(?:(?:e|esta|ta|fica|ficou|era)\\s+)?(?:muito\\s+|bem\\s+|bastante\\s+|super\\s+|mais\\s+)?${LEVEL}\\b`,
    'g',
  ),
  new RegExp(`\\b(?:uma\\s+)?${LEVEL}\\s+(?:dor|cefaleia|colica|queimacao)\\b`, 'g'),
  new RegExp(`\\b(?:doi|doendo|esta|ta)\\s+(?:muito\\s+)?(forte|insuportavel|demais)\\b`, 'g'),
];
/**
 * 'É uma dor de cabeça. Ela é fraquinha.': the level said of 'ela' / 'ele' / 'a dor', counted
 * when that sentence or the one before it in the same turn names a symptom.
 */
const PRONOUN_LEVEL = new RegExp(
  `\\b(?:ela|ele|essa dor|esse incomodo|a dor|o incomodo)\\s+(?:e|esta|ta|fica|anda|vem|costuma ser)\\s+(?:(?:muito|bem|meio|mais|sempre)\\s+)?${LEVEL}\\b`,
  'g',
);
/** 'Dor no ombro há uma semana, bem forte': a level word on its own, next to a symptom. */
const DETACHED_LEVEL = new RegExp(`\\b(?:bem|muito|bastante|super)\\s+${LEVEL}\\b`, 'g');
const SYMPTOM_OR_PAIN = new RegExp(`${SYMPTOM_PATTERN}|\\b(?:doi|doem|doendo)\\b`);

/**
 * The complaint's intensity, or undefined when the text gives neither a score nor a word.
 * @param consultation - the parsed consultation
 */
export function extractIntensity(consultation: Consultation): Intensity | undefined {
  const score = explicitScore(consultation) ?? answeredScore(consultation);
  if (score !== undefined) return levelOfScore(score);
  return fromWords(consultation);
}

/** docs/product.md, "Etapa Sintomas": leve 1–3, moderada 4–6, intensa 7–10. */
export function levelOfScore(score: number): Intensity | undefined {
  if (score <= 0 || score > 10) return undefined;
  if (score < 4) return 'leve';
  if (score < 7) return 'moderada';
  return 'intensa';
}

function explicitScore(c: Consultation): number | undefined {
  for (const pattern of SCORE_PATTERNS) {
    for (const match of c.folded.matchAll(pattern)) {
      const sentence = sentenceAt(c, match.index);
      if (!sentence || sentence.question) continue;
      const value = parsePortugueseNumber(match[1] ?? '');
      // 'de 0 a 10' names the scale, not a score.
      if (value !== undefined && value >= 1 && value <= 10) return value;
    }
  }
  return undefined;
}

function answeredScore(c: Consultation): number | undefined {
  if (!c.dialogue) return undefined;
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor' || !SCALE_QUESTION.test(c.folded.slice(turn.start, turn.end))) {
      continue;
    }
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const text = c.folded.slice(answer.start, answer.end);
    for (const match of text.matchAll(ANSWER_SCORE)) {
      if (
        /^\s*(?:dias?|semanas?|mes|meses|anos?|horas?|vezes)\b/.test(
          text.slice(match.index + match[0].length),
        )
      ) {
        continue;
      }
      const value = parsePortugueseNumber(match[1] ?? '');
      if (value !== undefined && value >= 0 && value <= 10) return value;
    }
  }
  return undefined;
}

function fromWords(c: Consultation): Intensity | undefined {
  let best: { at: number; level: Intensity } | undefined;
  for (const pattern of WORD_PATTERNS) {
    for (const match of c.folded.matchAll(pattern)) {
      const sentence = sentenceAt(c, match.index);
      if (!sentence || sentence.question || sentence.speaker === 'doctor') continue;
      if (['history', 'family', 'exam', 'assessment', 'plan'].includes(sentence.section)) continue;
      if (isNegated(c, sentence, match.index, match.index + match[0].length)) continue;
      const word = match[1] ?? '';
      const level = word === 'demais' ? 'intensa' : WORD_LEVEL[word];
      if (level && (!best || match.index < best.at)) best = { at: match.index, level };
    }
  }
  for (const match of c.folded.matchAll(PRONOUN_LEVEL)) {
    const sentence = sentenceAt(c, match.index);
    if (!sentence || sentence.question || sentence.speaker === 'doctor') continue;
    if (['history', 'family', 'exam', 'assessment', 'plan'].includes(sentence.section)) continue;
    if (best && best.at < match.index) break;
    const previous = c.sentences[sentence.index - 1];
    const context =
      previous?.turn === sentence.turn ? c.folded.slice(previous.start, sentence.end) : '';
    if (!SYMPTOM_OR_PAIN.test(context || c.folded.slice(sentence.start, sentence.end))) continue;
    const level = WORD_LEVEL[match[1] ?? ''];
    if (level) best = { at: match.index, level };
    break;
  }
  if (best) return best.level;
  for (const match of c.folded.matchAll(DETACHED_LEVEL)) {
    const sentence = sentenceAt(c, match.index);
    if (!sentence || sentence.question || sentence.speaker === 'doctor') continue;
    if (!SYMPTOM_OR_PAIN.test(c.folded.slice(sentence.start, sentence.end))) continue;
    if (isNegated(c, sentence, match.index, match.index + match[0].length)) continue;
    const level = WORD_LEVEL[match[1] ?? ''];
    if (level) return level;
  }
  return undefined;
}
