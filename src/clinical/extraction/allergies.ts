import { answerTo, sentenceAt, type Consultation } from './consultation-text';
import type { MedicineMention } from './medicine-mentions';
import { isAboutRelative } from './negation';
import { cleanPhrase } from './text-normalization';

/**
 * The patient's allergies: 'alérgico a penicilina', 'tenho alergia a dipirona e a sulfa',
 * 'Alergia: sulfa', or 'Sim, à dipirona' answering 'tem alergia a algum remédio?'. Denials
 * ('nega alergias', 'não tenho alergia', 'Não, nenhuma') leave the list empty.
 */

/** The cue and the preposition before what the patient is allergic to. */
const ALLERGY_TO =
  /\b(?:alergi(?:a|as)(?:\s+(?:medicamentosas?|conhecidas?))?\s*(?::|a|ao|a[os]|com|por|de)|alergic[oa]s?\s+(?:a|ao|aos|as|com|de))\s+/g;
const ALLERGY_CUE = new RegExp(ALLERGY_TO.source);
/** Words that end the list of allergens: a verb or a new clause ('então vou passar …'). */
const LIST_END =
  /[\s,]+(?:que|quando|me|mas|porem|porque|pois|entao|logo|portanto|por isso|vou|vamos|e (?:me|eu|tomo|uso|tenho|ela|ele|da|deu|vou|vamos|a gente)|eu|da|deu|dava|dá|causa|provoca|tenho|tomo|uso)\b/;
/** What a denial or a non-answer says: no allergen to record. */
const NOTHING =
  /^(?:nenhum|nenhuma|nada|nao|nega|algum|alguma|alguns|algumas|qualquer|medicamento|medicamentos|remedio|remedios|medicacao|medicacoes|desconhecida|desconhece|ignorad[oa])\b/;
/** Allergens named without a preposition in an answer ('Sim, dipirona e camarão'). */
const COMMON_ALLERGENS =
  /\b(?:sulfa|penicilina|dipirona|aas|aspirina|ibuprofeno|diclofenaco|amoxicilina|cefalexina|iodo|contraste|latex|camarao|frutos do mar|amendoim|leite|ovo|poeira|acaro|acaros|picada de inseto|abelha|corante|nimesulida|anti-inflamatorios?|aines?)\b/g;
const ALLERGY_QUESTION = /\balergi/;
/**
 * What an allergy does, said after the allergen ('alergia a X, com urticária', 'X (edema de
 * glote)'): the reaction, never an allergen.
 */
const REACTION =
  /^(?:com|tipo|causando|causa|dando|deu|gerando|evoluindo com|apresentando|teve|tive)\b|^(?:urticaria|angioedema|anafilaxia|choque anafilatico|edema(?: de glote)?|inchaco|coceira|prurido|manchas?|placas|vermelhidao|rash|exantema|broncoespasmo|falta de ar|bolhas?|empolad[oa]|vomitos?|diarreia|reacao\b)/;
const PARENTHESIS = /\s*\(([^()]{0,60})\)[\s.;!?]*$/;

/**
 * The allergies the consultation states, or an empty list (none stated or all denied).
 * @param consultation - the parsed consultation
 * @param mentions - medicine names found in it, to name allergens by their generic name
 */
export function extractAllergies(
  consultation: Consultation,
  mentions: MedicineMention[],
): string[] {
  const found: string[] = [];
  const add = (item: string) => {
    const key = item.toLowerCase();
    if (!found.some((f) => f.toLowerCase() === key)) found.push(item);
  };
  for (const match of consultation.folded.matchAll(ALLERGY_TO)) {
    const start = match.index + match[0].length;
    // A note header ('Alergia:') sits outside its sentence; the allergens are inside it.
    const sentence = sentenceAt(consultation, match.index) ?? sentenceAt(consultation, start);
    // The doctor naming an allergy is asking or explaining, not the patient telling.
    if (!sentence || sentence.question || sentence.speaker === 'doctor') continue;
    if (isAboutRelative(consultation, sentence, Math.max(sentence.start, match.index))) continue;
    if (
      isDeniedBefore(
        consultation.folded.slice(sentence.start, Math.max(sentence.start, match.index)),
      )
    ) {
      continue;
    }
    for (const item of readAllergens(consultation, mentions, start, sentence.end)) add(item);
  }
  // A note's 'Alergias: dipirona, AAS' line: the header is the cue.
  for (const sentence of consultation.sentences) {
    if (sentence.section !== 'allergies') continue;
    const text = consultation.folded.slice(sentence.start, sentence.end);
    if (ALLERGY_CUE.test(text) || /^\s*(?:nega|nao|nenhuma|sem|desconhece)/.test(text)) continue;
    for (const item of readAllergens(consultation, mentions, sentence.start, sentence.end))
      add(item);
  }
  for (const item of fromAnswers(consultation, mentions)) add(item);
  return found;
}

function isDeniedBefore(text: string): boolean {
  return /\b(?:nega|nao (?:tem|tenho|possui|ha|refere)|sem|nenhuma)\s*(?:\w+\s*){0,2}$/.test(text);
}

function readAllergens(
  c: Consultation,
  mentions: MedicineMention[],
  start: number,
  sentenceEnd: number,
): string[] {
  // An allergy list is short; the bound keeps a run-on transcript from being read again and again.
  const tail = c.folded.slice(start, Math.min(sentenceEnd, start + 200));
  const end = start + (LIST_END.exec(tail)?.index ?? tail.length);
  const items: string[] = [];
  const pieces = c.folded.slice(start, end).split(/\s*(?:,|\be\b|\bou\b|(?<!\d)\/(?!\d))\s*/);
  let at = start;
  let stop = false;
  pieces.forEach((piece, index) => {
    const pieceStart = c.folded.indexOf(piece, at);
    at = pieceStart + piece.length;
    if (stop) return;
    const article = /^(?:a|ao|aos|as|o|os)\s+/.exec(piece)?.[0].length ?? 0;
    let folded = piece.slice(article).trim();
    if (!folded || NOTHING.test(folded)) return;
    // After the allergen comes what it does: the list ends there.
    if (index > 0 && REACTION.test(folded)) {
      stop = true;
      return;
    }
    // 'AINEs (angioedema)': a reaction in brackets is left out of the allergen's name.
    const bracket = PARENTHESIS.exec(folded);
    let length = piece.length;
    if (bracket && REACTION.test(bracket[1] ?? '')) {
      folded = folded.slice(0, bracket.index);
      length = article + folded.length;
    }
    // After the first allergen, a long piece is a new clause ('me dá manchas'), not an allergen.
    if (index > 0 && folded.split(/\s+/).length > 3) return;
    if (folded.split(/\s+/).length > 5) return;
    const medicine = mentions.find((m) => m.start >= pieceStart && m.end <= pieceStart + length);
    const original = c.original.slice(pieceStart + article, pieceStart + length);
    items.push(medicine ? medicine.name : cleanPhrase(original).toLowerCase());
  });
  return items;
}

/** 'Tem alergia a algum remédio?' — 'Sim, à dipirona.' */
function fromAnswers(c: Consultation, mentions: MedicineMention[]): string[] {
  if (!c.dialogue) return [];
  const items: string[] = [];
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor') continue;
    const question = c.folded.slice(turn.start, turn.end);
    if (!ALLERGY_QUESTION.test(question) || !question.includes('?')) continue;
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const text = c.folded.slice(answer.start, answer.end);
    // The cue pattern already reads 'tenho alergia a …'; here only bare answers.
    if (/\balergi/.test(text) || /^\s*(?:nao|nenhum|nunca|que eu saiba nao)\b/.test(text)) continue;
    if (!/^\s*(?:sim|tenho|tem|a |ao |à )/.test(text) && !/^\s*[a-z]+\s*[.!]?\s*$/.test(text)) {
      continue;
    }
    for (const mention of mentions) {
      if (mention.start >= answer.start && mention.end <= answer.end) items.push(mention.name);
    }
    for (const match of text.matchAll(COMMON_ALLERGENS)) {
      if (!items.includes(match[0])) items.push(match[0]);
    }
  }
  return items;
}
