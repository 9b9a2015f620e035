import type { ChiefComplaint } from './chief-complaint';
import { answerTo, sentenceAt, type Consultation, type Sentence } from './consultation-text';
import { formatCount } from './medicine-mentions';
import { findGestationalAges } from './pregnancy';
import { NUMBER_PATTERN, parsePortugueseNumber } from './spoken-numbers';

/**
 * How long the complaint has lasted, normalised to '<n> <unit>': 'há quinze dias' → '15 dias',
 * 'desde ontem' → '1 dia', 'faz uma semana' → '1 semana', '3 dias de evolução' → '3 dias'.
 * A duration that dates a chronic disease ('hipertensa há 15 anos') or a past event ('DUM há
 * 10 dias') is not the complaint's.
 */

export interface DurationMention {
  start: number;
  end: number;
  /** Normalised: '15 dias', '1 mês'. */
  value: string;
}

const N = `(${NUMBER_PATTERN})`;
const UNIT = `(horas?|h|dias?|semanas?|mes|meses|anos?)`;
const APPROX = `(?:(?:uns|umas|cerca de|mais de|quase|mais ou menos|aproximadamente|uns bons|umas boas)\\s+)?`;

const COUNTED: RegExp[] = [
  new RegExp(
    `\\b(?:ha|faz|fazem|ja faz|ja tem|vai fazer|vai pra|vai para|a cerca de)\\s+${APPROX}${N}\\s+${UNIT}\\b`,
    'g',
  ),
  new RegExp(`\\btem\\s+${APPROX}${N}\\s+${UNIT}\\s+(?:que|q)\\b`, 'g'),
  // 'Tem quatro dias isso', 'tem uma semana que tá assim': 'tem' said of the complaint.
  new RegExp(
    `\\btem\\s+${APPROX}${N}\\s+${UNIT}\\s+(?:isso|assim|desse jeito|com isso|com essa|com esse)\\b`,
    'g',
  ),
  // 'Tem dois dias.' opening a sentence: how long, not an age ('tem 3 anos' is left out).
  new RegExp(
    `(?<=(?:^|[.!?:\\n])\\s{0,3})(?:ja\\s+)?tem\\s+${APPROX}${N}\\s+(horas?|dias?|semanas?|mes|meses)\\s*(?=[.!]|$)`,
    'g',
  ),
  new RegExp(`\\b${N}\\s+${UNIT}\\s+(?:atras|de (?:evolucao|duracao|historia|inicio))\\b`, 'g'),
  new RegExp(`\\b(?:nos|nas)\\s+ultim[oa]s\\s+${N}\\s+${UNIT}\\b`, 'g'),
  new RegExp(`\\b(?:quadro|historia|historico|evolucao)\\s+de\\s+${APPROX}${N}\\s+${UNIT}\\b`, 'g'),
];

/** Named days and periods, with what they mean as a duration. */
const NAMED: [RegExp, string][] = [
  [
    /\b(?:desde|comecou|comecei|iniciou|apareceu|surgiu|comecaram|iniciado|iniciada)\s+(?:de\s+)?(?:anteontem|antes de ontem)\b|\banteontem\s+(?:comecou|comecei|iniciou)\b/g,
    '2 dias',
  ],
  [
    /\b(?:desde|comecou|comecei|iniciou|apareceu|surgiu|comecaram|iniciado|iniciada)\s+(?:de\s+)?ontem\b|\bontem\s+(?:comecou|comecei|iniciou)\b/g,
    '1 dia',
  ],
  [
    /\b(?:desde|comecou|comecei|iniciou|apareceu|surgiu|comecaram|iniciado|iniciada)\s+(?:n?a\s+)?semana passada\b/g,
    '1 semana',
  ],
  [
    /\b(?:desde|comecou|comecei|iniciou|apareceu|surgiu|comecaram|iniciado|iniciada)\s+(?:n?o\s+)?mes passado\b/g,
    '1 mês',
  ],
  [
    /\b(?:desde|comecou|comecei|iniciou|apareceu|surgiu|comecaram|iniciado|iniciada)\s+(?:n?o\s+)?ano passado\b/g,
    '1 ano',
  ],
];

/** Words just before a duration that make it date something other than the complaint. */
const OTHER_SUBJECT =
  /\b(?:dum|pressao alta|colesterol|tireoide|menstrua\w*|fum\w*|tabag\w*|etil\w*|bebe|bebia|oper\w*|cirurgi\w*|parto|casad\w*|diagnostic\w*|tratamento|trata|uso|usa|usar|toma|tomo|tomar|tomando|usando|parei|parou|hipertens\w*|diabet\w*|dislipidem\w*|portador\w*|gravid\w*|gestac\w*|vacina\w*|exame\w*|consulta|internad\w*|internacao|trabalh\w*|mor[ao]\w*)\b[^.;,]{0,30}$/;

/** 'Faz 20 anos que sou hipertenso', 'há 2 anos que parei de fumar': not the complaint's. */
const OTHER_SUBJECT_AFTER =
  /^\s*(?:que|q)\s+(?:eu\s+|ele\s+|ela\s+)?(?:\w+\s+){0,2}?(?:sou|tom\w*|us\w*|par\w*|fum\w*|trabalh\w*|mor\w*|oper\w*|descobr\w*|hipertens\w*|diabet\w*|trat\w*|cas\w*)\b/;

/**
 * Every duration in the text, in order.
 * @param consultation - the parsed consultation
 */
export function findDurations(consultation: Consultation): DurationMention[] {
  const out: DurationMention[] = [];
  for (const pattern of COUNTED) {
    for (const match of consultation.folded.matchAll(pattern)) {
      const count = parsePortugueseNumber(match[1] ?? '');
      if (count === undefined || count <= 0) continue;
      const value = formatCount(count, (match[2] ?? '') === 'h' ? 'horas' : (match[2] ?? ''));
      out.push({ start: match.index, end: match.index + match[0].length, value });
    }
  }
  for (const [pattern, value] of NAMED) {
    for (const match of consultation.folded.matchAll(pattern)) {
      out.push({ start: match.index, end: match.index + match[0].length, value });
    }
  }
  return out
    .sort((a, b) => a.start - b.start)
    .filter((d, i, all) => i === 0 || d.start >= (all[i - 1]?.end ?? 0));
}

const TIME_QUESTION =
  /\b(?:quanto tempo|desde quando|quando (?:comecou|iniciou|surgiu|apareceu)|faz quanto|ha quantos dias)\b/;
const BARE_COUNT = new RegExp(`\\b${APPROX}${N}\\s+${UNIT}\\b`, 'g');

/**
 * The complaint's duration, or undefined when the text does not say.
 * @param consultation - the parsed consultation
 * @param complaint - where the chief complaint was found, to prefer the duration told with it
 */
export function extractDuration(
  consultation: Consultation,
  complaint: ChiefComplaint | undefined,
): string | undefined {
  // A gestational age is how far along the pregnancy is, not how long the complaint has lasted.
  const gestational = findGestationalAges(consultation);
  const durations = findDurations(consultation).filter(
    (d) =>
      isStoryDuration(consultation, d) &&
      !gestational.some((age) => d.start < age.end && age.start < d.end),
  );
  // The words of a gestational age said before a duration ('trinta semanas de gravidez e há dois
  // dias…') are that age's, not a sign that the duration dates the pregnancy.
  const afterAges = (position: number) =>
    Math.max(0, ...gestational.filter((age) => age.end <= position).map((age) => age.end));
  const aboutComplaint = (d: DurationMention, from: number) =>
    !OTHER_SUBJECT.test(
      consultation.folded.slice(Math.max(from, d.start - 50, afterAges(d.start)), d.start),
    ) && !OTHER_SUBJECT_AFTER.test(consultation.folded.slice(d.end, d.end + 40));
  if (complaint) {
    const sentence = sentenceAt(consultation, complaint.start);
    if (sentence) {
      const scope = complaintScope(consultation, sentence);
      const near = durations.find(
        (d) => d.start >= complaint.start && d.start < scope && aboutComplaint(d, complaint.end),
      );
      if (near) return near.value;
      const sameTurn = durations.find(
        (d) =>
          consultation.dialogue &&
          sentenceAt(consultation, d.start)?.turn === sentence.turn &&
          aboutComplaint(d, sentence.start),
      );
      if (sameTurn) return sameTurn.value;
    }
  }
  const answered = fromAnswerToTimeQuestion(consultation);
  if (answered) return answered;
  const after = complaint?.start ?? 0;
  const story =
    durations.find((d) => d.start >= after && aboutComplaint(d, 0)) ??
    durations.find((d) => aboutComplaint(d, 0));
  return story?.value;
}

/** How far the complaint's own story goes: its turn in a dialogue, its section in a note. */
function complaintScope(c: Consultation, sentence: Sentence): number {
  if (c.dialogue) return c.turns[sentence.turn]?.end ?? sentence.end;
  if (sentence.section === 'complaint') {
    const last = c.sentences.filter((s) => s.section === 'complaint').pop();
    return last?.end ?? sentence.end;
  }
  return sentence.end;
}

/** A duration told by the patient or in the note's story, not in history, exam or plan. */
function isStoryDuration(c: Consultation, d: DurationMention): boolean {
  const sentence = sentenceAt(c, d.start);
  if (!sentence || sentence.question || sentence.speaker === 'doctor') return false;
  if (answersAboutOtherSubject(c, sentence)) return false;
  return !['history', 'family', 'habits', 'medications', 'plan', 'exam', 'assessment'].includes(
    sentence.section,
  );
}

/** A question about a disease, a habit or a medicine, not about the complaint. */
const ASKED_OTHER_SUBJECT =
  /\b(?:pressao alta|colesterol|tireoide|fum\w*|tabag\w*|cigarro|etil\w*|bebe|bebida|hipertens\w*|diabet\w*|dislipidem\w*|asma|bronquite|doencas?|remedios?|medicamentos?|medicac(?:ao|oes)|cirurgi\w*|operad[oa]|gravid\w*|alergi\w*)\b/;

/**
 * 'A senhora tem pressão alta?' — 'Tenho, faz uns dez anos.': the first sentence of an answer
 * to a question about a disease, a habit or a medicine dates that, not the complaint.
 */
function answersAboutOtherSubject(c: Consultation, sentence: Sentence): boolean {
  if (!c.dialogue) return false;
  const first = c.sentences.find((s) => s.turn === sentence.turn);
  if (first?.index !== sentence.index) return false;
  const question = c.turns[sentence.turn - 1];
  if (question?.speaker !== 'doctor' || answerTo(c, question.index)?.index !== sentence.turn) {
    return false;
  }
  const asked = c.sentences.filter((s) => s.turn === question.index).pop();
  return (
    asked !== undefined &&
    asked.question &&
    ASKED_OTHER_SUBJECT.test(c.folded.slice(asked.start, asked.end)) &&
    !TIME_QUESTION.test(c.folded.slice(asked.start, asked.end))
  );
}

/** 'Há quanto tempo?' — 'Uns três dias.' */
function fromAnswerToTimeQuestion(c: Consultation): string | undefined {
  if (!c.dialogue) return undefined;
  for (const turn of c.turns) {
    if (turn.speaker !== 'doctor' || !TIME_QUESTION.test(c.folded.slice(turn.start, turn.end))) {
      continue;
    }
    const answer = answerTo(c, turn.index);
    if (!answer) continue;
    const named = findDurations(c).find((d) => d.start >= answer.start && d.start < answer.end);
    if (named) return named.value;
    const text = c.folded.slice(answer.start, answer.end);
    for (const match of text.matchAll(BARE_COUNT)) {
      const count = parsePortugueseNumber(match[1] ?? '');
      if (count !== undefined && count > 0) {
        return formatCount(count, (match[2] ?? '') === 'h' ? 'horas' : (match[2] ?? ''));
      }
    }
  }
  return undefined;
}
