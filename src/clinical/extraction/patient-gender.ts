import { sentenceAt, type Consultation, type Sentence } from './consultation-text';
import { genderOfFirstName } from './first-names';
import { isAboutRelative } from './negation';
import { NUMBER_PATTERN } from './spoken-numbers';

type Gender = 'masculino' | 'feminino';

/**
 * The patient's sex, from the strongest evidence the text gives (docs/product.md, "Motor offline"):
 * the words themselves ('sexo feminino'), then 'a paciente' / 'o paciente', 'mulher de 45 anos',
 * a pregnancy ('gestante'), then how words agree with the patient ('obrigada' said by the
 * patient, 'corado' in the exam, 'o senhor', 'ele' from a mother), then the first name.
 */

const EXPLICIT = /\b(?:sexo|genero)\s*:?\s*(masculino|feminino|m|f)\b|\b(masculino|feminino)\b/g;
const ARTICLE = /\b(?:(a|da|na|pela|a esta)|(o|do|no|pelo|ao|este))\s+paciente\b/g;
// Spoken notes spell the age out and may drop the 'de': 'mulher quarenta anos'.
const DESCRIBED_AS = new RegExp(
  `\\b(?:(mulher|senhora|menina|idosa|gestante|gravida|puerpera|jovem do sexo feminino)|(homem|senhor|menino|idoso|rapaz))\\s+(?:(?:de|com)\\s+\\d|(?:(?:de|com)\\s+)?(?:${NUMBER_PATTERN})\\s+(?:anos|meses)\\b)`,
  'g',
);
/**
 * Only a woman is pregnant or asked about it ('gestante', 'nega gestação', 'está grávida?'),
 * unless the pregnancy is a relative's ('minha filha está grávida').
 */
const PREGNANCY =
  /\b(?:gestante|gravida|gravidez|gestacao|puerpera|puerperio|primigesta|secundigesta|multigesta|primigravida|idade gestacional|pre-natal|prenatal)\b/g;

/** Words a patient says of themself, in their feminine and masculine forms. */
const SELF_AGREEMENT =
  /\b(?:obrigad|cansad|preocupad|nervos|ansios|casad|solteir|divorciad|viuv|aposentad|tont|enjoad|gripad|resfriad|desanimad|estressad|sozinh|assustad|operad|internad|acostumad)(a|o)s?\b|\b(gravida)\b/g;
/** Exam words that agree with the patient ('corada, hidratada'). */
const EXAM_AGREEMENT =
  /\b(?:corad|hidratad|descorad|desidratad|acianotic|anicteric|icteric|eupneic|dispneic|lucid|cianotic|emagrecid)(a|o)\b/g;
/**
 * Someone other than the patient answers for them in an unlabelled transcript: 'a senhora' and
 * 'o senhor' then address the carer, not the patient.
 */
const CARER_PRESENT =
  /\b(?:meu filho|minha filha|meu neto|minha neta|meu bebe|minha bebe|o bebe|a bebe|nome dele|nome dela|ele se chama|ela se chama|mae dele|mae dela|pai dele|pai dela|sou a mae|sou o pai)\b/;
/** 'doutora, a senhora acha…': the patient addressing the doctor. */
const NEAR_DOCTOR = /\b(?:doutor|doutora|dr|dra)\b/;
/** How the doctor addresses the patient face to face. */
const ADDRESS =
  /\b(?:(a senhora|fica tranquila|fique tranquila)|(o senhor|fica tranquilo|fique tranquilo))\b/g;
/** How a carer and the doctor speak of the patient. */
const THIRD_PERSON =
  /\b(?:(ela|dela|minha filha|a menina|a bebe|nome dela)|(ele|dele|meu filho|o menino|o bebe|nome dele))\b/g;

/**
 * The patient's sex, or undefined when nothing in the text tells.
 * @param consultation - the parsed consultation
 * @param name - the extracted name, whose first word is the last resort
 */
export function extractPatientGender(
  consultation: Consultation,
  name: string | undefined,
): Gender | undefined {
  const explicit = firstVote(consultation, EXPLICIT, () => true);
  if (explicit) return explicit;
  const described = firstVote(
    consultation,
    ARTICLE,
    (s) => s.speaker === 'narrator' || s.speaker === 'doctor',
  );
  if (described) return described;
  const header = firstVote(consultation, DESCRIBED_AS, () => true);
  if (header) return header;
  if (mentionsPatientPregnancy(consultation)) return 'feminino';

  let score = 0;
  score += tally(consultation, SELF_AGREEMENT, (s) => s.speaker === 'patient');
  score += tally(
    consultation,
    EXAM_AGREEMENT,
    (s) => s.speaker !== 'patient' && s.speaker !== 'companion',
  );
  if (consultation.companion) {
    score += tally(consultation, THIRD_PERSON, (s) => s.speaker !== 'patient');
  } else if (consultation.dialogue) {
    score += tally(consultation, ADDRESS, (s) => s.speaker === 'doctor');
  } else if (!CARER_PRESENT.test(consultation.folded)) {
    // An unlabelled transcript: most 'a senhora' / 'o senhor' are the doctor's to the patient.
    score += tallyAddressInSpeech(consultation);
  }
  const firstName = name?.split(/\s+/)[0];
  const byName = firstName ? genderOfFirstName(firstName) : undefined;
  // One stray agreement ('ela' said of the fever) must not overrule a well-known first name.
  if (byName && Math.abs(score) < 2) return byName;
  if (score > 0) return 'feminino';
  if (score < 0) return 'masculino';
  return byName;
}

function mentionsPatientPregnancy(c: Consultation): boolean {
  for (const match of c.folded.matchAll(PREGNANCY)) {
    const sentence = sentenceOf(c, match.index);
    if (sentence && !isAboutRelative(c, sentence, match.index)) return true;
  }
  return false;
}

/** 'a senhora' / 'o senhor' in a transcript without labels, unless said to the doctor. */
function tallyAddressInSpeech(c: Consultation): number {
  let score = 0;
  for (const match of c.folded.matchAll(ADDRESS)) {
    const around = c.folded.slice(
      Math.max(0, match.index - 20),
      match.index + match[0].length + 20,
    );
    if (NEAR_DOCTOR.test(around)) continue;
    score += match[1] !== undefined ? 1 : -1;
  }
  return score;
}

/** Which of a pattern's two capture groups (feminine first) matched, as a gender. */
function genderOf(match: RegExpMatchArray): Gender | undefined {
  // Groups that did not take part in the match are undefined at run time.
  const groups: (string | undefined)[] = match.slice(1);
  const word = groups.find((g) => g !== undefined);
  if (word === undefined) return undefined;
  if (/^(?:m|masculino)$/.test(word)) return 'masculino';
  if (/^(?:f|feminino)$/.test(word)) return 'feminino';
  if (word === 'a' || word === 'gravida') return 'feminino';
  if (word === 'o') return 'masculino';
  // Two-group patterns: group 1 feminine, group 2 masculine.
  return match[1] !== undefined ? 'feminino' : 'masculino';
}

function sentenceOf(c: Consultation, position: number): Sentence | undefined {
  return sentenceAt(c, position);
}

function firstVote(
  c: Consultation,
  pattern: RegExp,
  accept: (sentence: Sentence) => boolean,
): Gender | undefined {
  for (const match of c.folded.matchAll(pattern)) {
    const sentence = sentenceOf(c, match.index);
    if (!sentence || sentence.question || !accept(sentence)) continue;
    const gender = genderOf(match);
    if (gender) return gender;
  }
  return undefined;
}

/** Feminine evidence counts +1, masculine −1. */
function tally(c: Consultation, pattern: RegExp, accept: (sentence: Sentence) => boolean): number {
  let score = 0;
  for (const match of c.folded.matchAll(pattern)) {
    const sentence = sentenceOf(c, match.index);
    if (!sentence || !accept(sentence)) continue;
    const gender = genderOf(match);
    if (gender === 'feminino') score++;
    else if (gender === 'masculino') score--;
  }
  return score;
}
