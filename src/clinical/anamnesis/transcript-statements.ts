/**
 * What a consultation transcript states that the extraction result has no field for, for the
 * offline anamnesis: explicit denials (allergies, chronic diseases, medicines in use), habits,
 * family and social history, denied symptoms. Only what is said — a statement ("nega alergias",
 * "não fumo") or a question followed by its answer ("Tem alergia a algum remédio?" / "Não,
 * nenhuma."). Never a guess. Pure functions.
 */
import { foldForMatching } from '@shared/lib/text-folding';
import { capitalizeFirst, normalizeTextSpacing } from '../transcript/text';

/** One sentence of the transcript, with the turn (line) it belongs to. */
interface Sentence {
  /** Index of the line (a dialogue turn) the sentence is on. */
  turn: number;
  /** Whether the line started with a speaker label ("Médico:", "Paciente:"). */
  labelled: boolean;
  /** The sentence as written, without the speaker label. */
  text: string;
  /** Folded for matching: lower case, no accents, no punctuation. */
  folded: string;
  question: boolean;
}

/** What the transcript says beyond the extraction result. Lists are empty when nothing is said. */
export interface TranscriptStatements {
  allergiesDenied: boolean;
  chronicConditionsDenied: boolean;
  continuousMedicationDenied: boolean;
  /** "Nega tabagismo", "Etilismo social", "Sedentarismo"… at most one per habit. */
  habits: string[];
  /** Sentences about relatives' diseases, or "Nega antecedentes familiares". */
  familyHistory: string[];
  /** Sentences about work, home and family situation. */
  socialHistory: string[];
  /** Symptoms the patient denies ("febre", "vômitos"), as written. */
  deniedSymptoms: string[];
}

const SPEAKER_LABEL =
  /^\s*((?:dr|dra|doutor|doutora|m[ée]dic[oa]|paciente|m[ãa]e|pai|acompanhante|respons[áa]vel|enfermeir[oa]|filh[oa])\.?(?:\s+[\p{L}]+)?)\s*:\s*/iu;

/** Sentences with their turns: one turn per line, the speaker label removed. */
function splitSentences(transcript: string): Sentence[] {
  const sentences: Sentence[] = [];
  transcript.split(/\r?\n/).forEach((line, turn) => {
    const label = SPEAKER_LABEL.exec(line);
    const content = label ? line.slice(label[0].length) : line;
    for (const raw of content.split(/(?<=[.!?…])\s+/)) {
      const text = raw.trim();
      const folded = foldForMatching(text);
      if (folded === '') continue;
      sentences.push({
        turn,
        labelled: label !== null,
        text,
        folded,
        question: text.endsWith('?'),
      });
    }
  });
  return sentences;
}

/**
 * The sentence that answers each question: in a labelled dialogue the first sentence of the next
 * turn (for every question of the asking turn); otherwise the sentence right after the question.
 */
function questionsWithAnswers(sentences: readonly Sentence[]): [Sentence, Sentence][] {
  const pairs: [Sentence, Sentence][] = [];
  sentences.forEach((sentence, index) => {
    if (!sentence.question) return;
    const answer = sentence.labelled
      ? sentences.find((other) => other.turn === sentence.turn + 1)
      : sentences[index + 1];
    if (answer && !answer.question) pairs.push([sentence, answer]);
  });
  return pairs;
}

const NEGATIVE_ANSWER = /^(?:nao|nenhum|nenhuma|nunca|negativo|jamais)\b/;
/** "Não, só esse": a "no" that goes on to name something is not a denial. */
const EXCEPT = /\b(?:so|apenas|somente|mas|exceto|fora|menos)\b/;

function isNegativeAnswer(answer: Sentence): boolean {
  return NEGATIVE_ANSWER.test(answer.folded) && !EXCEPT.test(answer.folded);
}
const POSITIVE_ANSWER = /^(?:sim|tenho|uso|tomo|fumo|bebo|faco|pratico)\b/;

const ALLERGY_TOPIC = /\balergi|\balergic/;
const ALLERGY_DENIED = [
  /\b(?:nega|sem|nao tem|nao tenho|nao possui|nao apresenta|desconhece|nenhuma)\b.{0,30}\balergi/,
  /\bnao (?:sou|e) alergic/,
  /\balergi\w* (?:nega|negativ|desconhecid|nenhuma)/,
];

const CONDITION_TOPIC =
  /\b(?:doencas?|problemas? de saude|comorbidades?|pressao alta|diabet\w*|hipertens\w*)\b/;
const CONDITIONS_DENIED = [
  /\bnega (?:comorbidades|doencas (?:cronicas|previas|de base)|patologias)/,
  /\b(?:sem|nao tem|nao tenho|nao possui) (?:comorbidades|doencas? (?:cronicas?|de base|previas?)|nenhuma doenca|problemas? de saude)/,
  /\bprevi\w* higid[oa]\b/,
];

const MEDICATION_TOPIC = /\b(?:remedios?|medicamentos?|medicac\w*)\b/;
const MEDICATION_DENIED = [
  /\bnega uso (?:continuo |regular )?de (?:medicamentos|medicacoes|remedios)/,
  /\bnao (?:faz uso|faco uso|usa|uso|toma|tomo)(?: de)?(?: nenhum| nenhuma| qualquer)? (?:remedio|medicamento|medicac)/,
  /\bsem uso de (?:medicamentos|medicacoes|remedios)/,
  /\b(?:medicac\w*|medicamentos?|remedios?) (?:em uso|de uso continuo) (?:nenhum|nenhuma|nega)\b/,
];

/** Whether a topic is denied by a statement or by a "no" answering a question about it. */
function isDenied(
  sentences: readonly Sentence[],
  topic: RegExp,
  statements: readonly RegExp[],
  excludedTopic?: RegExp,
): boolean {
  const stated = sentences.some(
    (sentence) => !sentence.question && statements.some((pattern) => pattern.test(sentence.folded)),
  );
  if (stated) return true;
  return questionsWithAnswers(sentences).some(
    ([question, answer]) =>
      topic.test(question.folded) &&
      !(excludedTopic?.test(question.folded) ?? false) &&
      isNegativeAnswer(answer),
  );
}

interface HabitRule {
  topic: RegExp;
  /** Checked in order on statements; the first that matches gives the habit. */
  statements: readonly (readonly [RegExp, string | ((match: RegExpExecArray) => string)])[];
  onNo: string;
  onYes: string;
  /** An answer naming a habit more precisely than yes/no ("Parei há dois anos"). */
  answers?: readonly (readonly [RegExp, string])[];
  /** Statements this rule must not read ("bebe bastante água" says nothing about alcohol). */
  skip?: RegExp;
}

/** Words after which "bebe" is about water, not alcohol. */
const NOT_ALCOHOL = /\b(?:agua|liquidos?|leite|suco)\b/;

const HABIT_RULES: readonly HabitRule[] = [
  {
    topic: /\b(?:fuma|fumante|cigarros?|tabag\w*)\b/,
    statements: [
      [/\bex (?:fumante|tabagista)\b|\b(?:parou|parei) de fumar\b/, 'Ex-tabagista'],
      [
        /\b(?:nega|nao|nunca)\b(?: \w+){0,3} (?:tabagismo|fuma|fumo|fumou|fumei|cigarros?|fumante)\b/,
        'Nega tabagismo',
      ],
      [
        /\b(\d+) (cigarros?|macos?) (?:por|ao|num|no) dia\b/,
        (match) =>
          `Tabagista (${match[1] ?? ''} ${(match[2] ?? '').replace('maco', 'maço')} por dia)`,
      ],
      [/\b(?:tabagista|fumante|fuma|fumo)\b/, 'Tabagista'],
    ],
    onNo: 'Nega tabagismo',
    onYes: 'Tabagista',
    answers: [[/\b(?:parei|parou)\b/, 'Ex-tabagista']],
  },
  {
    topic: /\b(?:bebe|bebida\w*|alcool\w*|cerveja|etilismo)\b/,
    statements: [
      [/\b(?:etilismo|etilista) social\b|\b(?:bebe|bebo)\b.*\bsocialmente\b/, 'Etilismo social'],
      [
        /\b(?:nega|nao|nunca)\b(?: \w+){0,3} (?:etilismo|bebe|bebo|bebida\w*|alcool\w*)\b/,
        'Nega etilismo',
      ],
      [
        /\b(?:etilista|etilismo)\b|\b(?:bebe|bebo) (?:todo dia|todos os dias|diariamente|cerveja|cachaca|vinho|destilados?)\b/,
        'Etilista',
      ],
    ],
    onNo: 'Nega etilismo',
    onYes: 'Etilista',
    answers: [
      [/\b(?:socialmente|fim de semana|final de semana|de vez em quando)\b/, 'Etilismo social'],
    ],
    skip: NOT_ALCOHOL,
  },
  {
    topic: /\b(?:atividade fisica|exercicios?|academia)\b/,
    statements: [
      [
        /\bsedentari\w*|\bnao (?:pratica|pratico|faz|faco) (?:nenhuma |nenhum )?(?:atividade|exercicio)/,
        'Sedentarismo',
      ],
      [
        /\b(?:pratica|pratico|faz|faco) (?:atividade fisica|exercicios?|caminhadas?|academia|musculacao|corrida|natacao)\b/,
        'Pratica atividade física',
      ],
    ],
    onNo: 'Sedentarismo',
    onYes: 'Pratica atividade física',
  },
  {
    topic: /\bdrogas\b/,
    statements: [
      [
        /\b(?:nega|nao usa|nao uso|nunca usou|nunca usei)(?: uso de)? drogas\b/,
        'Nega uso de drogas ilícitas',
      ],
    ],
    onNo: 'Nega uso de drogas ilícitas',
    // A "yes" about drugs is too delicate to summarise from a keyword: left to the doctor.
    onYes: '',
  },
];

function findHabit(sentences: readonly Sentence[], rule: HabitRule): string {
  for (const sentence of sentences) {
    if (sentence.question || (rule.skip?.test(sentence.folded) ?? false)) continue;
    for (const [pattern, habit] of rule.statements) {
      const match = pattern.exec(sentence.folded);
      if (match) return typeof habit === 'string' ? habit : habit(match);
    }
  }
  for (const [question, answer] of questionsWithAnswers(sentences)) {
    if (!rule.topic.test(question.folded)) continue;
    const precise = rule.answers?.find(([pattern]) => pattern.test(answer.folded));
    if (precise) return precise[1];
    if (isNegativeAnswer(answer)) return rule.onNo;
    if (POSITIVE_ANSWER.test(answer.folded) && rule.onYes) return rule.onYes;
  }
  return '';
}

const RELATIVE =
  /\b(?:pai|mae|irmao|irma|irmaos|irmas|avo|avos|tio|tia|tios|tias|primo|prima|familia|familiar|familiares)\b/;
const FAMILY_DISEASE =
  /\b(?:infart\w*|cancer|tumor|diabet\w*|hipertens\w*|pressao alta|avc|derrame|doencas?|asma|depress\w*|alzheimer|demencia|morreu|faleceu|obito|cardiac\w*|coracao|renal|rins|tireoide|colesterol|epilep\w*|tuberculose)\b/;
const FAMILY_DENIED = /\b(?:nega|sem) (?:antecedentes|historia|historico|casos?) (?:\w+ )?famil/;

const SOCIAL =
  /\b(?:trabalh[ao] (?:como|de|em|na|no|numa|num)|profissao|aposentad[oa]|desempregad[oa]|estudante|mora (?:com|sozinh[oa])|moro (?:com|sozinh[oa])|casad[oa]|solteir[oa]|divorciad[oa]|viuv[oa]|escolaridade)\b/;
const SOCIAL_QUESTION = /\b(?:trabalha|profissao|mora com|estado civil|casad[oa])\b/;

/** A quoted sentence as the anamnesis shows it: "Meu pai teve infarto" → "Pai teve infarto." */
function quoteSentence(text: string): string {
  const withoutLead = text
    .replace(/^(?:sim|é|olha|bom|então|entao|ah|ai)[,!]?\s+/iu, '')
    .replace(/^(?:meu|minha|meus|minhas)\s+/iu, '');
  const sentence = capitalizeFirst(normalizeTextSpacing(withoutLead));
  return /[.!?…]$/.test(sentence) ? sentence.replace(/[!?]$/, '.') : `${sentence}.`;
}

function findFamilyHistory(sentences: readonly Sentence[]): string[] {
  const found = sentences
    .filter(
      (sentence) =>
        !sentence.question &&
        RELATIVE.test(sentence.folded) &&
        FAMILY_DISEASE.test(sentence.folded) &&
        !FAMILY_DENIED.test(sentence.folded),
    )
    .map((sentence) => quoteSentence(sentence.text));
  if (found.length > 0) return [...new Set(found)].slice(0, 3);
  const denied =
    sentences.some((sentence) => !sentence.question && FAMILY_DENIED.test(sentence.folded)) ||
    questionsWithAnswers(sentences).some(
      ([question, answer]) => /\bfamilia\b/.test(question.folded) && isNegativeAnswer(answer),
    );
  return denied ? ['Nega antecedentes familiares relevantes.'] : [];
}

function findSocialHistory(sentences: readonly Sentence[]): string[] {
  const found = sentences
    .filter((sentence) => !sentence.question && SOCIAL.test(sentence.folded))
    .map((sentence) => quoteSentence(sentence.text));
  for (const [question, answer] of questionsWithAnswers(sentences)) {
    const informative = !NEGATIVE_ANSWER.test(answer.folded) && answer.folded.split(' ').length > 1;
    if (SOCIAL_QUESTION.test(question.folded) && informative && !SOCIAL.test(answer.folded)) {
      found.push(quoteSentence(answer.text));
    }
  }
  return [...new Set(found)].slice(0, 3);
}

/** Topics with a field of their own, so "nega alergias" is not listed as a denied symptom. */
const NOT_A_SYMPTOM =
  /\balergi|\btabag|\betil|\bfum|\bbebid|\balcool|\bdrogas|\bcomorbid|\bdoenca|\bmedicament|\bmedicac|\bremedio|\bantecedente|\bhistoria/;

const DENIAL = /(?<!\p{L})nega(?:ndo)?\s+([^.;!?]+)/giu;

function findDeniedSymptoms(sentences: readonly Sentence[]): string[] {
  const found: string[] = [];
  for (const sentence of sentences) {
    if (sentence.question) continue;
    for (const match of sentence.text.matchAll(DENIAL)) {
      // "nega febre, mas refere calafrios": only what comes before the turn of phrase.
      const clause = (match[1] ?? '').split(/\s+(?:mas|porém|porem|pois|que|embora)\s+/iu)[0] ?? '';
      for (const item of clause.split(/\s*,\s*|\s+e\s+|\s+ou\s+|\s+nem\s+/iu)) {
        // "nega febre, nega dor lombar": the repeated verb is not part of the symptom.
        const term = item.trim().replace(/^(?:nega(?:ndo)?\s+)?(?:(?:de|a|o|as|os)\s+)?/iu, '');
        const folded = foldForMatching(term);
        if (folded === '' || NOT_A_SYMPTOM.test(folded) || term.length > 60) continue;
        if (!found.some((known) => foldForMatching(known) === folded)) found.push(term);
      }
    }
  }
  return found;
}

/**
 * What the transcript states beyond the extraction result, for the anamnesis fields the
 * extraction has no place for. Empty lists and `false` when the transcript does not say.
 * @param transcript - the consultation text (a dialogue with one turn per line, or a note)
 */
export function readTranscriptStatements(transcript: string): TranscriptStatements {
  const sentences = splitSentences(transcript);
  return {
    allergiesDenied: isDenied(sentences, ALLERGY_TOPIC, ALLERGY_DENIED),
    chronicConditionsDenied: isDenied(sentences, CONDITION_TOPIC, CONDITIONS_DENIED, ALLERGY_TOPIC),
    continuousMedicationDenied: isDenied(
      sentences,
      MEDICATION_TOPIC,
      MEDICATION_DENIED,
      ALLERGY_TOPIC,
    ),
    habits: HABIT_RULES.map((rule) => findHabit(sentences, rule)).filter(Boolean),
    familyHistory: findFamilyHistory(sentences),
    socialHistory: findSocialHistory(sentences),
    deniedSymptoms: findDeniedSymptoms(sentences),
  };
}
