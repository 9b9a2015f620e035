import type { Consultation } from './consultation-text';
import { isNegated } from './negation';
import { complaintPhraseEnd, findSymptomWords } from './symptom-lexicon';
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
  for (const sentence of consultation.sentences) {
    if (sentence.question || sentence.speaker === 'doctor') continue;
    if (!['none', 'complaint', 'hda'].includes(sentence.section)) continue;
    const text = consultation.folded.slice(sentence.start, sentence.end);
    // 'alergia a dipirona, me dá manchas' tells an allergy, not today's symptoms.
    if (/\balergi/.test(text)) continue;
    for (const word of findSymptomWords(text)) {
      const start = sentence.start + word.start;
      if (isNegated(consultation, sentence, start, sentence.start + word.end)) continue;
      const end = Math.min(sentence.end, complaintPhraseEnd(consultation.folded, start, 4));
      const phrase = cleanPhrase(consultation.original.slice(start, end)).toLowerCase();
      const key = consultation.folded.slice(start, end).trim();
      if (phrase && ![...found.keys()].some((k) => k.includes(key) || key.includes(k))) {
        found.set(key, phrase);
      }
      if (found.size >= MAX_SYMPTOMS) return [...found.values()];
    }
  }
  return [...found.values()];
}
