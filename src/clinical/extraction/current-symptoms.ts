import type { Consultation, Sentence } from './consultation-text';
import { isNegated } from './negation';
import {
  complaintPhraseEnd,
  findSymptomWords,
  isConditionalSymptom,
  isDeniedAfter,
  isExamFinding,
  tellsAnAllergy,
} from './symptom-lexicon';
import { cleanPhrase } from './text-normalization';

/** At most this many symptoms: a list for the record, not a transcript. */
const MAX_SYMPTOMS = 10;

/**
 * The symptoms the patient has now, as short phrases ('dor de garganta', 'febre'), without the
 * denied ones ('nega febre', 'tosse não') and without the doctor's questions.
 * @param consultation - the parsed consultation
 */
export function extractCurrentSymptoms(consultation: Consultation): string[] {
  const found = new Map<string, string>();
  const folded = consultation.folded;
  for (const sentence of consultation.sentences) {
    if (sentence.question || sentence.speaker === 'doctor') continue;
    if (!['none', 'complaint', 'hda'].includes(sentence.section)) continue;
    const text = folded.slice(sentence.start, sentence.end);
    const words = findSymptomWords(text);
    const runOn = isRunOnTranscript(consultation, sentence);
    for (const [i, word] of words.entries()) {
      const start = sentence.start + word.start;
      if (isNegated(consultation, sentence, start, sentence.start + word.end)) continue;
      if (isConditionalSymptom(folded, start)) continue;
      if (tellsAnAllergy(folded, sentence.start, start)) continue;
      if (runOn && isAskedAbout(folded, sentence, words, i)) continue;
      const end = Math.min(sentence.end, complaintPhraseEnd(folded, start, 4));
      if (isDeniedAfter(folded, end) || isExamFinding(folded, end)) continue;
      const phrase = cleanPhrase(consultation.original.slice(start, end)).toLowerCase();
      const key = folded.slice(start, end).trim();
      if (phrase && ![...found.keys()].some((k) => k.includes(key) || key.includes(k))) {
        found.set(key, phrase);
      }
      if (found.size >= MAX_SYMPTOMS) return [...found.values()];
    }
  }
  return [...found.values()];
}

/**
 * A transcript returned with no speakers and no punctuation: one long narrator sentence where
 * the doctor's questions run into the patient's answers.
 */
function isRunOnTranscript(c: Consultation, sentence: Sentence): boolean {
  if (c.dialogue || sentence.speaker !== 'narrator') return false;
  const text = c.folded.slice(sentence.start, sentence.end);
  return text.length > 150 && !/[,.;:?!]/.test(text);
}

/** 'Tem febre', 'já teve alguma crise': a verb with no subject before it, the doctor asking. */
const QUESTION_LEAD =
  /(?:^|\s)(?:tem|teve|sente|sentiu|apresenta|apresentou)\s+(?:(?:alguma|algum|muita|muito|uma|um)\s+)?$/;
/** Who the verb is about when someone tells it ('ele tem febre', 'paciente tem'). */
const SUBJECT_BEFORE_LEAD =
  /\b(?:ele|ela|eu|filho|filha|bebe|nene|menino|menina|gente|paciente|que|tambem|ainda|e)\s+(?:tem|teve|sente|sentiu|apresenta|apresentou)\s+(?:(?:alguma|algum|muita|muito|uma|um)\s+)?$/;
/** What joins the symptoms of one list ('tosse coriza e nariz escorrendo'). */
const LIST_GAP = /^[\s,]*(?:(?:e|ou)\s+)?$/;

/**
 * Whether the list of symptoms holding word `i` follows a question's verb ('tem tosse coriza
 * nariz escorrendo'): in a run-on transcript that is the doctor asking, not the patient telling.
 */
function isAskedAbout(
  folded: string,
  sentence: Sentence,
  words: { start: number; end: number }[],
  i: number,
): boolean {
  let first = i;
  for (;;) {
    const current = words[first];
    const previous = words[first - 1];
    if (!current || !previous) break;
    const gap = folded.slice(sentence.start + previous.end, sentence.start + current.start);
    if (!LIST_GAP.test(gap)) break;
    first--;
  }
  const listStart = sentence.start + (words[first]?.start ?? 0);
  const before = folded.slice(Math.max(sentence.start, listStart - 40), listStart);
  const lead = QUESTION_LEAD.exec(before);
  if (!lead) return false;
  return !SUBJECT_BEFORE_LEAD.test(before.slice(0, lead.index + lead[0].length));
}
