import { sentenceAt, type Consultation } from './consultation-text';
import { isAboutRelative, isNegated } from './negation';

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

/** Where the consultation says the patient is pregnant ({@link extractPregnancy}), if it does. */
export function locatePregnancy(
  consultation: Consultation,
): { start: number; end: number } | undefined {
  for (const match of consultation.folded.matchAll(PREGNANT)) {
    const sentence = sentenceAt(consultation, match.index);
    if (!sentence || sentence.question) continue;
    const end = match.index + match[0].length;
    if (isNegated(consultation, sentence, match.index, end)) continue;
    if (isAboutRelative(consultation, sentence, match.index)) continue;
    return { start: match.index, end };
  }
  return undefined;
}
