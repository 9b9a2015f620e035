import { companionSpeaksAt, type Consultation, type Sentence } from './consultation-text';

/**
 * Whether a finding is denied or belongs to someone else. Rules find a term ('febre', 'HAS',
 * 'losartana') and ask here before keeping it: 'nega febre', 'sem febre', 'não tenho pressão
 * alta', 'tosse não', 'minha mãe tem diabetes'.
 */

/** Words that deny what follows; the verb after 'não' is part of the cue ('não tenho'). */
const NEGATION_CUE =
  /\b(?:nao(?:\s+(?:tem|tenho|teve|tive|sente|sinto|senti|sentiu|apresenta|apresentou|refere|relata|usa|uso|toma|tomo|faz|faco|sou|e|eh|ha|houve|sei|sabe|lembro|notei|percebi))?|nega(?:m|ndo|va)?|negou|sem|nenhuma?|nem|nunca(?:\s+(?:teve|tive|tomou|tomei|usou|usei|fez|fiz))?|ausencia de|negativo para|afastad[oa]s?)\b/g;

/**
 * What ends a denial's reach: the sentence's end, a contrast, or a new statement ('nega febre,
 * refere tosse'; 'não tenho diabetes, mas tenho pressão alta').
 */
const SCOPE_END =
  /[.;?!]|\b(?:mas|porem|contudo|entretanto|exceto|apenas|somente|so que|refere|relata|apresenta|apresentando|tem|tenho|teve|tive|sou|eu|uso|usa|toma|tomo|com|faz|faco|esta|estou|to)\b/;

/** The furthest a denial reaches, in characters: a list of denied findings, not a paragraph. */
const MAX_SCOPE = 90;

/**
 * Whether the term at [start, end) is denied by a cue before it in its sentence, or by a 'não'
 * right after it ('tosse não', 'febre não tive').
 */
export function isNegated(
  consultation: Consultation,
  sentence: Sentence,
  start: number,
  end: number,
): boolean {
  const folded = consultation.folded;
  const before = folded.slice(Math.max(sentence.start, start - MAX_SCOPE), start);
  let last: RegExpExecArray | undefined;
  for (const match of before.matchAll(NEGATION_CUE)) {
    // 'Não, …' opening an answer says no to the question, not to what follows it.
    const absolute = start - before.length + match.index;
    if (isAnswerInterjection(folded, sentence, absolute, match[0])) continue;
    last = match;
  }
  if (last) {
    const between = before.slice(last.index + last[0].length);
    if (!SCOPE_END.test(between)) return true;
  }
  const after = folded.slice(end, Math.min(sentence.end, end + 24));
  return /^\s*,?\s*(?:nao|nunca)\s*(?:$|[.,;!?]|(?:tenho|tive|tem|teve|sinto|senti|sente|uso|tomo|toma|usa)\b)/.test(
    after,
  );
}

function isAnswerInterjection(
  folded: string,
  sentence: Sentence,
  position: number,
  cue: string,
): boolean {
  if (cue !== 'nao') return false;
  const lead = folded.slice(sentence.start, position);
  return (
    /^[\s,]*(?:(?:ah|ai|olha|bom|doutor|doutora|nao)[\s,]*)*$/.test(lead) &&
    /^nao\s*[,.!]/.test(folded.slice(position, position + 6))
  );
}

const RELATIVE =
  /\b(?:mae|pai|avo|avos|irmao|irma|irmaos|irmas|tio|tia|tios|tias|primo|prima|esposa|esposo|marido|sogra|sogro|filho|filha|filhos|filhas|neto|neta|familia|familiar|familiares|parente|parentes)\b/g;
const CHILD = /^(?:filho|filha|filhos|filhas)$/;
/**
 * What ends a relative's reach: the patient back as the subject, by 'eu', by a verb in the
 * first person ('o meu pai tinha asma tomo losartana': the losartana is hers) or by what a note
 * says of the patient ('o pai faleceu de infarto, nega tabagismo, usa…').
 */
const RELATIVE_SCOPE_END =
  /[.;?!]|\b(?:eu|mas|porem|ja eu|e eu|enquanto|tenho|tomo|uso|sou|estou|to|faco|sinto|tive|tomei|usei|nega|negou|refere|referiu|relata|relatou|queixa)\b/;

/**
 * A relative who came with the patient ('veio com a esposa', 'acompanhado da filha') is not whom
 * the words after are about, unless a clause about them follows ('mora com a mãe, que tem…').
 */
const ACCOMPANIED_BY =
  /\b(?:com|acompanhad[oa]s?\s+(?:de|d[ao]|pel[ao])|trazid[oa]s?\s+pel[ao]|junto\s+(?:com|d[ao]))\s+(?:(?:a|o|sua|seu|minha|meu)\s+){0,2}$/;
const CLAUSE_ABOUT_THEM = /^\s*,?\s*(?:(?:dela|dele)\s+)?(?:que|q)\b/;

/**
 * A relative named right after the term, as the one who has it: 'asma só o meu pai tem',
 * 'diabetes tem na família', 'pressão alta do lado da mãe'. The relative's clause ends there:
 * in 'sou diabética o meu pai tinha asma' the father has the asthma, not the diabetes. Not
 * 'tenho asma, meu pai também' nor 'igual à minha mãe': then the patient has it too.
 */
const RELATIVE_AFTER =
  /^\s*,?\s*(?:(?:so|somente|apenas|quem tem e|quem tinha era)\s+)?(?:(?:tem|teve|tinha|ha|houve)\s+)?(?:(?:(?:n?a|d?a|de)\s+familia|familiar(?:es)?)\b|(?:(?:do|pelo)\s+)?lado\s+d[ao]\s+(?:mae|pai)\b|(?:(?:a|o|minha|meu|sua|seu)\s+){0,2}(?<relative>mae|pai|avo|avos|irmao|irma|tio|tia|primo|prima|esposa|esposo|marido|sogra|sogro)(?:\s+(?:dela|dele))?(?:\s+(?:tem|tinha|teve|e|era|sao|eram))?\s*(?:$|[.,;!?]|(?:e|mas|so|porque)\b(?!\s+eu\b)))/;

/**
 * What a companion's label says the patient is to them: a daughter's 'a mãe' is the patient.
 * Labels name who talks (consultation-text.ts); a mother's or father's child is handled by CHILD.
 */
const PATIENT_TO_COMPANION: Readonly<Record<string, RegExp>> = {
  filho: /^(?:mae|pai)$/,
  filha: /^(?:mae|pai)$/,
  esposa: /^(?:marido|esposo)$/,
  esposo: /^esposa$/,
  marido: /^esposa$/,
  irma: /^(?:irma|irmao)$/,
  irmao: /^(?:irma|irmao)$/,
};

/**
 * Whether the term at `start` is said of a relative ('minha mãe tem diabetes', 'pai hipertenso',
 * 'asma só o meu pai tem') or sits in the family-history section. When a carer speaks, 'meu
 * filho' is the patient, and so is a daughter's 'a mãe'.
 * @param end - where the term ends, to read a relative named after it; omitted, only before
 */
export function isAboutRelative(
  consultation: Consultation,
  sentence: Sentence,
  start: number,
  end?: number,
): boolean {
  if (sentence.section === 'family') return true;
  if (isCompanionsOwn(consultation, sentence, start)) return true;
  if (relativeInScope(consultation, sentence, Math.max(sentence.start, start - 80), start)) {
    return true;
  }
  if (end !== undefined) {
    const after = consultation.folded.slice(end, Math.min(sentence.end, end + 50));
    const named = RELATIVE_AFTER.exec(after);
    const relative = named?.groups?.relative;
    if (named && !relative) return true;
    if (named && relative) {
      const relativeEnd = end + named[0].search(new RegExp(`\\b${relative}\\b`)) + relative.length;
      if (!isPatientToCompanion(consultation, sentence, relativeEnd, relative)) return true;
    }
  }
  return continuesAboutRelative(consultation, sentence, start);
}

/**
 * Whether a relative word names the patient, by the companion's label.
 * @param relativeEnd - where the relative word ends
 * @param relative - the folded relative word ('mae')
 */
function isPatientToCompanion(
  c: Consultation,
  sentence: Sentence,
  relativeEnd: number,
  relative: string,
): boolean {
  const position = relativeEnd - relative.length;
  if (!companionSpeaksAt(c, sentence, position)) return false;
  // 'O pai dela': the patient's father, not the patient.
  if (/^\s+(?:dela|dele|d[ao] paciente)\b/.test(c.folded.slice(relativeEnd, relativeEnd + 20))) {
    return false;
  }
  const voice = c.voices.find((v) => v.start <= position && position < v.end);
  if (!voice) return false;
  const label = /([a-z]+)\.?\s*:\s*$/.exec(
    c.folded.slice(Math.max(0, voice.start - 20), voice.start),
  );
  return PATIENT_TO_COMPANION[label?.[1] ?? '']?.test(relative) ?? false;
}

/**
 * Who a companion's clause is about: the patient ('ele', 'ela', 'meu filho', a verb in the third
 * person, or what they give the patient: 'dou', 'dei') or the companion themself ('eu', 'tenho',
 * 'tomo', 'sou', 'minha'). The patient's words come first, so 'minha filha' wins over 'minha'.
 */
const PERSON_MARKER =
  /\b(?:(meu filho|minha filha|meu neto|minha neta|meu bebe|minha bebe|o bebe|a bebe|o menino|a menina|o paciente|a paciente|ele|ela|dele|dela|nele|nela|pra ele|pra ela|tem|tenha|teve|toma|tomou|usa|usou|esta|ta|sente|sentiu|faz|fez|e alergic[oa]|dou|dei|damos|demos|dando|dado|dar)|(eu|tenho|tive|tomo|tomei|uso|usei|sou|fui|estou|to|faco|fiz|sinto|senti|minha|meu|meus|minhas|me|comigo))\b/g;

/**
 * Whether a companion speaks of themself at `start` ('Ele não, mas eu tenho asma', 'tomo
 * metformina', 'sou alérgica a dipirona'): the nearest person before the term in the sentence
 * is the first person. A companion's first person is never the patient.
 */
function isCompanionsOwn(c: Consultation, sentence: Sentence, start: number): boolean {
  if (!companionSpeaksAt(c, sentence, start)) return false;
  const before = c.folded.slice(Math.max(sentence.start, start - 120), start);
  let firstPerson = false;
  for (const match of before.matchAll(PERSON_MARKER)) firstPerson = match[2] !== undefined;
  return firstPerson;
}

/** Whether a relative named in [from, to) of the sentence is still the subject at `to`. */
function relativeInScope(c: Consultation, sentence: Sentence, from: number, to: number): boolean {
  const before = c.folded.slice(from, to);
  let last: RegExpExecArray | undefined;
  for (const match of before.matchAll(RELATIVE)) {
    if (sentence.speaker === 'companion' && CHILD.test(match[0])) continue;
    const rest = before.slice(match.index + match[0].length);
    // 'Mãe: ele tem 5 anos': a speaker's label names who talks, not whom the words are about.
    if (/^\s*:/.test(rest)) continue;
    if (ACCOMPANIED_BY.test(before.slice(0, match.index)) && !CLAUSE_ABOUT_THEM.test(rest)) {
      continue;
    }
    if (isPatientToCompanion(c, sentence, from + match.index + match[0].length, match[0])) {
      continue;
    }
    last = match;
  }
  if (!last) return false;
  return !RELATIVE_SCOPE_END.test(before.slice(last.index + last[0].length));
}

/** A sentence that opens with 'ele' / 'ela' and so goes on about someone. */
const THIRD_PERSON_OPENING = /^(?:(?:e|mas|ai|so que)\s+)?(?:ele|ela|eles|elas)\b/;

/**
 * 'Meu pai teve pedra no rim. Ele também é diabético.': a sentence by the patient (or a note's
 * narration) that opens with 'ele' / 'ela' right after a sentence about a relative is still about
 * that relative. A carer's 'ela' is the patient, so their turns are left alone.
 */
function continuesAboutRelative(c: Consultation, sentence: Sentence, start: number): boolean {
  if (sentence.speaker !== 'patient' && sentence.speaker !== 'narrator') return false;
  const opening = THIRD_PERSON_OPENING.exec(c.folded.slice(sentence.start, start));
  if (!opening) return false;
  // Up to the term, the sentence must not turn back to the patient ('ele tem, eu não').
  if (RELATIVE_SCOPE_END.test(c.folded.slice(sentence.start + opening[0].length, start))) {
    return false;
  }
  const previous = c.sentences[sentence.index - 1];
  if (previous?.turn !== sentence.turn || previous.section !== sentence.section) return false;
  // The previous sentence's relative must still be its subject at its end.
  let end = previous.end;
  while (end > previous.start && /[.!?;\s]/.test(c.folded.charAt(end - 1))) end--;
  return relativeInScope(c, previous, Math.max(previous.start, end - 160), end);
}
