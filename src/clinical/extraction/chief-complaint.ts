import { answerTo, sentenceAt, type Consultation, type Sentence } from './consultation-text';
import { isNegated } from './negation';
import {
  complaintPhraseEnd,
  findSymptomWords,
  isConditionalSymptom,
  startsWithSymptom,
  tellsAnAllergy,
} from './symptom-lexicon';
import { capitalizeFirst, cleanPhrase } from './text-normalization';

/**
 * The chief complaint: the reason for the visit, in a few words ('Dor de garganta', 'Cefaleia
 * occipital'). From a note's 'QP:' line, a dictation's 'queixa de …' / 'referindo …', or the
 * patient's answer to the doctor's opening question ('o que te traz aqui?').
 */
export interface ChiefComplaint {
  text: string;
  /** Where the complaint starts in the prepared text: durations are looked for from here. */
  start: number;
  end: number;
}

/** A doctor's opening question. */
const OPENING_QUESTION =
  /\b(?:o que (?:(?:te|o|a|lhe|trouxe|traz)\s+)?(?:trouxe|traz|trazem)|o que (?:houve|aconteceu|esta acontecendo|ta acontecendo|esta sentindo|ta sentindo|voce tem|o senhor tem|a senhora tem|ele tem|ela tem|sente)|qual (?:e )?(?:o|a) (?:problema|queixa|motivo)|me (?:conta|conte|fala|fale|diga|diz)(?! (?:seu|sua|o seu|a sua) (?:nome|idade))|em que (?:posso|eu posso) (?:te |lhe )?ajudar|como (?:posso|eu posso) (?:te |lhe )?ajudar|motivo da consulta|por que (?:voce|o senhor|a senhora) veio|o que (?:voce|o senhor|a senhora) (?:esta|ta) sentindo)/;

/** Ways a patient names what brings them, each followed by the complaint. */
const ANSWER_LEADS = [
  /\b(?:vim|vim aqui|estou aqui|to aqui|vim me consultar|vim consultar|vim na consulta|vim a consulta)\s+(?:por causa|por conta|devido|em razao)\s+d[aeo]s?\s+(?:minha\s+|meu\s+|essa\s+|esse\s+)?/g,
  /\b(?:e|eh)\s+(?:uma?|esse|essa|essas|esses|umas|uns)\s+/g,
  /\b(?:estou|to|ando|fico|estava|ta|esta|comecei|comecou|ele (?:esta|ta|comecou)|ela (?:esta|ta|comecou))\s+(?:com|sentindo)\s+(?:(?:um|uma|muita|muito|uns|umas|essa|esse|bastante|tanta|tanto|bem|dessa|desse|dor e)\s+)*/g,
  /\b(?:sinto|sentindo|tenho|tem|teve|tive|apresenta|apresentando)\s+(?:(?:um|uma|muita|muito|umas|uns|essa|esse|bastante)\s+)*/g,
  /\b(?:estou|to|ando|fico|vivo|me sinto|sinto-me|tenho andado|tenho me sentido|tenho estado|anda|esta|ta|fica|vive)\s+(?:(?:muito|bem|meio|um pouco|bastante|sempre|tao)\s+)*/g,
];

/** 'Minha cabeça dói', 'tô com a barriga doendo': a pain told by the body part. */
const BODY_PART_PAIN =
  /\b(?:(minha|meu|minhas|meus|a|o|as|os|sua|seu)\s+)?(cabeca|barriga|garganta|costas|coluna|peito|estomago|ouvido|ouvidos|dente|dentes|joelho|joelhos|perna|pernas|braco|bracos|ombro|ombros|pe|pes|mao|maos|olho|olhos|pescoco|lombar|quadril|tornozelo|punho|cotovelo|nuca|bexiga|pe da barriga)\s+(?:(?:ta|esta|fica|anda|vive)\s+)?(?:doi|doem|doendo|dolorid[oa]s?)\b/g;
/** Body parts named with 'de' after 'dor' ('dor de cabeça'); the rest take 'no'/'na'. */
const PAIN_WITH_DE = new Set([
  'cabeca',
  'barriga',
  'garganta',
  'dente',
  'dentes',
  'ouvido',
  'ouvidos',
]);

/** How a patient says a symptom of themself ('ando cansada') and its name in a record. */
const STATE_TO_SYMPTOM: [RegExp, string][] = [
  [/^cansad[oa]s?\b/, 'cansaço'],
  [/^tont[oa]s?\b/, 'tontura'],
  [/^enjoad[oa]s?\b/, 'enjoo'],
  [/^gripad[oa]s?\b/, 'gripe'],
  [/^resfriad[oa]s?\b/, 'resfriado'],
  [/^desanimad[oa]s?\b/, 'desânimo'],
  [/^(?:frac[oa]s?|sem energia)\b/, 'fraqueza'],
];

/**
 * A dictation's or note's way of stating the complaint. The strong leads name the reason for the
 * visit ('com queixa de', 'procura atendimento por'); the weak ones ('refere', 'apresenta') may
 * introduce anything the patient tells, so they count only when no strong lead does.
 */
const STRONG_NOTE_LEADS =
  /\b(?:(?:com|apresentando|apresenta|refere|relata|iniciou|inicio de) (?:um |uma )?(?:quadro|historia|historico) de|queixa (?:principal )?(?:de|:)|com queixa de|queixando-se de|queixa-se de|queixa\s*:|procura (?:atendimento |o servico |o pronto[- ]socorro |a unidade |o ambulatorio )?(?:por|devido a|com|por causa de)|vem (?:a consulta |ao ambulatorio |ao pronto[- ]socorro |ao ps |a ubs |ao consultorio )?(?:por|com|devido a|por causa de)|motivo da consulta:?)\s+/g;
const WEAK_NOTE_LEADS = /\b(?:referindo|refere|relata|relatando|apresentando|apresenta)\s+/g;

/** What a lead may introduce that is not a complaint: a history, an allergy, a treatment. */
const NOT_A_COMPLAINT =
  /^(?:que|ter|estar|ser|uso|usar|melhora|piora|ter tido|episodio|alergi|alergic|intensidade|nota|historia|antecedente|tratamento|acompanhamento)/;

/** 'Alergia a dipirona' is an allergy the patient has, not why they came. */
const ALLERGY_STATEMENT = /^alergi\w*\s+(?:a|ao|aos|as|à|de|medicamentosa|conhecida)\b/;

/** Adjectives a patient puts after the body part ('o tornozelo inchado'). */
const BODY_PART_STATE = /^(?:inchad[oa]s?|dolorid[oa]s?|vermelh[oa]s?|roxo|roxa|quente)\b/;
/** The body part right before such an adjective, with what specifies it ('do pé esquerdo'). */
const BODY_PART_BEFORE =
  /\b((?:cabeca|barriga|garganta|costas|peito|ouvido|dente|joelho|perna|braco|ombro|pe|mao|olho|pescoco|quadril|tornozelo|punho|cotovelo|dedo|dedao|dedinho|unha|labio|boca|rosto|face|calcanhar|canela|coxa|panturrilha|testiculo|seio|mama|virilha|nariz|lingua|gengiva|palpebra)s?(?:\s+(?:do|da|dos|das|de)\s+[a-z]+)?(?:\s+(?:direit[oa]s?|esquerd[oa]s?))?)\s+$/;

/**
 * The chief complaint, or undefined when the text gives none.
 * @param consultation - the parsed consultation
 */
export function extractChiefComplaint(consultation: Consultation): ChiefComplaint | undefined {
  return (
    fromComplaintSection(consultation) ??
    (consultation.dialogue ? fromOpeningAnswer(consultation) : undefined) ??
    fromNoteLeads(consultation) ??
    fromFirstSymptom(consultation)
  );
}

function fromComplaintSection(c: Consultation): ChiefComplaint | undefined {
  const sentence = c.sentences.find((s) => s.section === 'complaint');
  if (!sentence) return undefined;
  let start = sentence.start;
  while (start < sentence.end && !/[a-z0-9]/.test(c.folded.charAt(start))) start++;
  const lead = /^(?:paciente\s+)?(?:refere|relata|queixa-se de|com)\s+/.exec(
    c.folded.slice(start, sentence.end),
  );
  if (lead) start += lead[0].length;
  return phraseAt(c, start, Math.min(sentence.end, complaintPhraseEnd(c.folded, start, 10)));
}

function fromOpeningAnswer(c: Consultation): ChiefComplaint | undefined {
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor' || !OPENING_QUESTION.test(c.folded.slice(turn.start, turn.end))) {
      continue;
    }
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const found = complaintIn(c, answer.start, answer.end);
    if (found) return found;
  }
  // No opening question: the first answer that names a symptom.
  for (const turn of c.turns) {
    if (turn.speaker !== 'patient' && turn.speaker !== 'companion') continue;
    const found = complaintIn(c, turn.start, turn.end);
    if (found) return found;
  }
  return undefined;
}

/** The earliest lead-in followed by a symptom; else the first symptom named and not denied. */
function complaintIn(c: Consultation, start: number, end: number): ChiefComplaint | undefined {
  const text = c.folded.slice(start, end);
  let best: number | undefined;
  for (const lead of ANSWER_LEADS) {
    for (const match of text.matchAll(lead)) {
      const at = start + match.index + match[0].length;
      if (!startsWithSymptom(c.folded.slice(at, at + 40))) continue;
      if (best === undefined || at < best) best = at;
    }
  }
  const pain = bodyPartPain(c, start, end);
  if (pain && (best === undefined || pain.start < best)) return pain;
  if (best !== undefined) return phraseAt(c, best, complaintPhraseEnd(c.folded, best));
  for (const word of findSymptomWords(text)) {
    const at = start + word.start;
    const sentence = sentenceAt(c, at);
    if (!sentence || sentence.question || isNegated(c, sentence, at, start + word.end)) continue;
    if (!isOwnSymptom(c, sentence, at)) continue;
    const found = phraseAt(c, at, complaintPhraseEnd(c.folded, at));
    if (found) return found;
  }
  return undefined;
}

function bodyPartPain(c: Consultation, start: number, end: number): ChiefComplaint | undefined {
  const text = c.folded.slice(start, end);
  for (const match of text.matchAll(BODY_PART_PAIN)) {
    const at = start + match.index;
    const sentence = sentenceAt(c, at);
    if (!sentence || sentence.question || isNegated(c, sentence, at, at + match[0].length))
      continue;
    const part = match[2] ?? '';
    const original = c.original.slice(
      at + match[0].indexOf(part),
      at + match[0].indexOf(part) + part.length,
    );
    const possessive = match[1] ?? '';
    let preposition = /^(?:minha|a|sua)$/.test(possessive) ? 'na' : 'no';
    if (/^(?:minhas|as|suas)$/.test(possessive) || part === 'costas') preposition = 'nas';
    else if (/^(?:meus|os|seus)$/.test(possessive)) preposition = 'nos';
    if (PAIN_WITH_DE.has(part)) preposition = 'de';
    return {
      text: `Dor ${preposition} ${original.toLowerCase()}`,
      start: at,
      end: at + match[0].length,
    };
  }
  return undefined;
}

function fromNoteLeads(c: Consultation): ChiefComplaint | undefined {
  for (const leads of [STRONG_NOTE_LEADS, WEAK_NOTE_LEADS]) {
    for (const match of c.folded.matchAll(leads)) {
      const at = match.index + match[0].length;
      const sentence = sentenceAt(c, at);
      if (!sentence || !isStorySentence(sentence)) continue;
      if (NOT_A_COMPLAINT.test(c.folded.slice(at, at + 40))) continue;
      const found = phraseAt(c, at, complaintPhraseEnd(c.folded, at));
      if (found) return found;
    }
  }
  return undefined;
}

/** Last resort: the first symptom the story names. */
function fromFirstSymptom(c: Consultation): ChiefComplaint | undefined {
  for (const sentence of c.sentences) {
    if (!isStorySentence(sentence) || sentence.question) continue;
    const text = c.folded.slice(sentence.start, sentence.end);
    for (const word of findSymptomWords(text)) {
      const at = sentence.start + word.start;
      if (isNegated(c, sentence, at, sentence.start + word.end)) continue;
      if (!isOwnSymptom(c, sentence, at)) continue;
      const found = phraseAt(c, at, complaintPhraseEnd(c.folded, at));
      if (found) return found;
    }
  }
  return undefined;
}

/** 'Acordei com o dedão do pé inchado': the body part and its state, not a lone adjective. */
function bodyPartState(c: Consultation, start: number, end: number): ChiefComplaint | undefined {
  const adjective = BODY_PART_STATE.exec(c.folded.slice(start, end));
  if (!adjective) return undefined;
  const sentence = sentenceAt(c, start);
  const from = Math.max(sentence?.start ?? 0, start - 60);
  const part = BODY_PART_BEFORE.exec(c.folded.slice(from, start));
  if (!part) return undefined;
  const partStart = from + part.index;
  const adjectiveEnd = start + adjective[0].length;
  const text = cleanPhrase(c.original.slice(partStart, adjectiveEnd));
  return { text: capitalizeFirst(text), start: partStart, end: adjectiveEnd };
}

/** Not a condition of the plan ('se dor') nor what an allergy does ('alergia a X, dá manchas'). */
function isOwnSymptom(c: Consultation, sentence: Sentence, at: number): boolean {
  return !isConditionalSymptom(c.folded, at) && !tellsAnAllergy(c.folded, sentence.start, at);
}

function isStorySentence(sentence: Sentence): boolean {
  return (
    sentence.speaker !== 'doctor' &&
    ['none', 'complaint', 'hda', 'identification'].includes(sentence.section)
  );
}

const CAPITAL = 'A-ZÁÉÍÓÚÂÊÔÃÕÇÀÜ';
const SMALL = 'a-záéíóúâêôãõçàüñ';
/** A capitalised word and a name's particle right before ('Maria das …'). */
const NAME_PARTICLE_BEFORE = new RegExp(`[${CAPITAL}][${SMALL}]+\\s+(?:da|de|do|das|dos)\\s+$`);
const CAPITAL_FIRST = new RegExp(`^[${CAPITAL}]`);
const NAME_WORD_BEFORE = new RegExp(`[${CAPITAL}][${SMALL}]+\\s+$`);
const NAME_WORD_AFTER = new RegExp(`^[${SMALL}]*\\s+[${CAPITAL}][${SMALL}]+`);

/**
 * Whether a capitalised symptom word is part of a person's name ('Maria das Dores Silva'): after
 * a name and its particle, or between two capitalised words.
 */
function isPartOfName(c: Consultation, start: number): boolean {
  if (!CAPITAL_FIRST.test(c.original.charAt(start))) return false;
  const before = c.original.slice(Math.max(0, start - 40), start);
  if (NAME_PARTICLE_BEFORE.test(before)) return true;
  return (
    NAME_WORD_BEFORE.test(before) && NAME_WORD_AFTER.test(c.original.slice(start + 1, start + 40))
  );
}

function phraseAt(c: Consultation, start: number, end: number): ChiefComplaint | undefined {
  if (isPartOfName(c, start)) return undefined;
  if (ALLERGY_STATEMENT.test(c.folded.slice(start, end + 12))) return undefined;
  const swollen = bodyPartState(c, start, end);
  if (swollen) return swollen;
  const state = STATE_TO_SYMPTOM.find(([pattern]) => pattern.test(c.folded.slice(start, end)));
  if (state) return { text: capitalizeFirst(state[1]), start, end };
  const text = cleanPhrase(c.original.slice(start, end));
  if (!text || text.length < 3) return undefined;
  return { text: capitalizeFirst(text), start, end };
}
