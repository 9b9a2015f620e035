import type { Medication } from '@shared/records/medical-record';
import { answerTo, sentenceAt, type Consultation, type Sentence } from './consultation-text';
import { readDoseDetails, type MedicineMention } from './medicine-mentions';
import { isAboutRelative, isNegated } from './negation';
import { parsePortugueseNumber } from './spoken-numbers';

/**
 * What each named medicine is to this patient: taken now ('tomo losartana', 'em uso de'),
 * prescribed today ('vou passar amoxicilina', 'Conduta: …'), stopped ('parei de tomar'), only
 * considered ('se não melhorar, talvez…'), an allergy, or just mentioned.
 */
export type MedicineRole =
  'in-use' | 'prescribed' | 'stopped' | 'considered' | 'allergy' | 'mentioned';

type CueKind = 'in-use' | 'prescribed' | 'stopped' | 'allergy' | 'exam';

/** Cues in a sentence that say what the medicines after them are; the nearest one wins. */
const CUES: [RegExp, CueKind, 'any' | 'doctor' | 'not-doctor'][] = [
  [
    /\b(?:parei|parou|paramos|pararam)(?:\s+(?:de\s+(?:tomar|usar)|com|o|a))?\b|\b(?:suspend(?:i|eu|emos|o|er|ido|ida)|suspens[oa]s?|deixei de|deixou de|interromp(?:i|eu|ido|ida)|retir(?:ei|ou|ado|ada|o)|tir(?:ei|ou|aram)|cort(?:ei|ou|aram)|larg(?:uei|ou)|abandon(?:ei|ou)|tomava|usava|tomei|usei|tomou|usou|ja tomou|ja usou|dei|demos|passei|fez|fiz|tinha (?:feito|tomado|usado)|nao (?:uso|tomo|toma|usa|estou tomando|to tomando|esta tomando|ta tomando) mais|(?:faz tempo que|ja) nao (?:uso|tomo|toma|usa))\b/g,
    'stopped',
    'any',
  ],
  [/\b(?:alergi(?:a|as|co|ca|cos|cas)|alergic[oa]s?)\b/g, 'allergy', 'any'],
  // 'Solicito TSH, potássio…': names in an exam request are exams, whatever the catalogue says.
  [
    /\b(?:solicito|solicitad[oa]s?|solicitar|peco|pedir|pedid[oa]s?|exames?|dosagem de|dosar)\b/g,
    'exam',
    'any',
  ],
  [
    /\b(?:em uso (?:de|regular de|continuo de)|faz uso|faco uso|uso continuo|uso diario|(?:ja|ainda|so|tambem) (?:tomo|uso|toma|usa)|continu(?:a|e|o|ar) (?:tomando|usando|com)|mant(?:er|enho|em|enha|emos|ido|ida)|tomo|tomando|uso|usando|estou tomando|to tomando|trocou (?:para|pra|por)|troquei (?:para|pra|por)|agora tomo)\b/g,
    'in-use',
    'any',
  ],
  [/\b(?:toma|usa)\b/g, 'in-use', 'not-doctor'],
  [
    /\b(?:vou (?:te |lhe )?(?:passar|prescrever|receitar|indicar|comecar|iniciar|entrar|trocar|associar|dar|deixar|colocar|mandar|acrescentar|fazer|tratar|medicar|aplicar)|vamos (?:comecar|iniciar|usar|tratar|entrar|passar|associar|trocar|fazer|medicar|aplicar|mandar)|(?:tratar|tratamos|trato) com|prescrevo|receito|associo|inicio|introduzo|acrescento|adiciono|prescrit[oa]s?|iniciad[oa]|introduzid[oa]|substituo|troco|passo|receita|prescricao|rx|conduta)\b/g,
    'prescribed',
    'any',
  ],
  // A doctor's or a note's past tense for what was given today: 'receitei', 'medicada com'.
  [
    /\b(?:receitei|prescrevi|indiquei|mediquei|medicad[oa]s?|administrad[oa]s?|administrei|administro|apliquei|aplicad[oa]s?|(?<!\b(?:tratamento|ja|tinha|foi|foram|havia|ter) )feit[oa]s?|leva|leve|levar|vai levar)\b/g,
    'prescribed',
    'doctor',
  ],
  [
    /\b(?:toma|tome|tomar|use|usar|usa|aplique|aplicar|aplica|pingue|pingar|passe|passar|vai tomar|vai usar)\b/g,
    'prescribed',
    'doctor',
  ],
  // 'Vou tentar a nortriptilina': the doctor trying a medicine is prescribing it.
  [
    /\b(?:vou (?:te |lhe )?(?:tentar|experimentar|optar por|ficar com)|vamos (?:tentar|experimentar|optar por|ficar com)|opto por|optamos por)\b/g,
    'prescribed',
    'doctor',
  ],
];

/** Words that make what follows hypothetical: the doctor considers, does not prescribe. */
const CONSIDERED =
  /\b(?:talvez|poderia|poderiamos|podemos (?:pensar|considerar|usar|tentar|trocar)|pode ser que|se (?:\w+ ){0,3}nao (?:melhorar|resolver|passar|responder|ceder|baixar)|caso (?:\w+ ){0,3}nao|se (?:piorar|persistir|continuar|mantiver)|considerar|pensar em|eventualmente|futuramente|se for o caso|mais pra frente|num segundo momento)\b/;

/**
 * A refusal: what the doctor will not give ('não vou passar antibiótico', 'não precisa de
 * exame', 'evitar anti-inflamatório'). Unlike a condition it does not reach past a later
 * prescribing cue: '… não precisa de exame de imagem agora vou passar ciclobenzaprina'.
 */
const REFUSED =
  /\b(?:nao vou (?:passar|prescrever|usar|dar|receitar)|nao precisa (?:de|tomar|usar)|nao (?:tome|use|tomar|usar)|evit(?:ar|e)|sem necessidade de)\b/;

/**
 * A 'se / caso …' clause earlier in the sentence governs the decision that follows it: 'Se a
 * febre persistir, aí sim usaremos X', 'Se vier alterado, vou passar X'. Only a decision for
 * later (a future, 'aí sim'): 'se tiver dor, tome X' is an as-needed prescription.
 */
const CONDITIONAL_DECISION =
  /(?:^|[\s,])(?:se|(?<!\b(?:nesse|neste|desse|deste|esse|este|o|um|qualquer|todo|cada) )caso)\s+[^.;!?]{1,120}?(?:,\s*|\s+)(?:(?:ai|entao)\s+(?:sim\s+|a gente\s+)?)?(?:vou|vamos|iremos|usaremos|iniciaremos|comecaremos|passaremos|entraremos|trocaremos|associaremos|prescreveremos|passarei|prescreverei|iniciarei|usarei|a gente (?:vai|passa|entra|inicia|comeca|troca|usa)|ai sim)\b/;

/** 'Avaliar tramadol', 'considerar o uso de X': the name is only weighed. */
const CONSIDERED_RIGHT_BEFORE =
  /\b(?:avaliar|reavaliar|discutir|cogitar|considerar|pensar em)\s+(?:(?:o|a|os|as)\s+)?(?:(?:uso|introducao|necessidade|inicio|possibilidade|troca)\s+(?:de|do|da|para)\s+)?(?:(?:iniciar|associar|introduzir|usar|trocar para|entrar com)\s+)?(?:(?:o|a|os|as)\s+)?$/;

/**
 * 'O alopurinol a gente só pensa depois', 'X fica pro retorno': a decision put off, said
 * after the name.
 */
const CONSIDERED_AFTER =
  /^[\s,]*(?:(?:eu|a gente|nos|voce)\s+)?(?:so\s+)?(?:(?:pens[ao]|pensamos|vemos|ve|avali[ao]|avaliamos|decid[oe]|decidimos|discutimos|conversamos|consider[ao]|consideramos)\s+(?:(?:nele|nela|nisso|isso|sobre isso)\s+)?(?:so\s+)?(?:depois|no retorno|na volta|mais (?:pra|para) frente|mais tarde|futuramente|quando|se|outra hora|num segundo momento)|(?:fica|ficam|deixo|deixamos|deixa)\s+(?:(?:pra|para)\s+)(?:depois|o retorno|outro momento|mais tarde|a proxima))\b/;

/** 'Troco a sinvastatina pela atorvastatina': the first is stopped, the second prescribed. */
const SWITCH_BEFORE =
  /\b(?:troco|trocar|trocamos|substituo|substituir|substituimos|vou trocar|vamos trocar)\s+(?:(?:o|a|os|as)\s+)?$/;
const SWITCH_AFTER = /^\s+(?:\d+\s*mg\s+)?(?:por|pela|pelo|para|pra)\b/;

/** Right after a name: 'X, mas parei', 'X eu não tomo mais', 'X (suspenso)'. */
const STOPPED_AFTER =
  /^[\s,(]*(?:mas\s+|que\s+|e\s+)?(?:(?:eu|ele|ela|a paciente|o paciente|(?:o|a)\s+(?:medic[oa]|doutor|doutora|dr|dra|cardiologista|endocrinologista|endocrino|clinico|clinica|geriatra|psiquiatra|neurologista|ginecologista|especialista))\s+)?(?:ja\s+)?(?:parei|parou|suspend|suspens|mand(?:ou|aram) parar|pediu (?:pra|para) parar|tir(?:ei|ou|aram)\b|cort(?:ei|ou|aram)\b|larg(?:uei|ou)\b|abandon|nao (?:tomo|uso|toma|usa|esta tomando|ta tomando) mais|deixei|deixou|tomava|usava)/;

/**
 * A later clause, or the next sentence of the same speaker, saying the patient stopped: 'tava
 * tomando X pra dor, quase todo dia, mas parei semana passada'; 'Usava X. Parei faz um mês.'
 * The stop must stand alone or be about taking a medicine: 'mas parei de fumar' is not.
 */
const STOP_CLAUSE =
  /(?:^|[,;]\s*|\b(?:mas|porem|so que|e|ai)\s+)(?:(?:eu|ele|ela|a gente)\s+)?(?:ja\s+)?(?:parei|parou|paramos|suspendi|suspendeu|deixei de (?:tomar|usar)|deixou de (?:tomar|usar)|nao (?:tomo|uso|toma|usa) mais)(?=\s*(?:$|[.,;!?]|(?:de (?:tomar|usar)|com (?:ele|ela|eles|elas|isso|esse|essa)|ha|faz|fazem|tem|semana|mes|ano|ontem|anteontem|hoje|porque|pois|quando|por conta|sozinh[oa]|uns|umas|depois|antes|logo|agora|desde|no|na|em|de vez|ja)\b))/;

/** How far after a name a later stop may be, in characters. */
const LOOK_AHEAD = 160;

/** How far before a name its cue may be, in characters. */
const LOOK_BACK = 200;

const MEDICATION_QUESTION =
  /\b(?:remedio|remedios|medicamento|medicamentos|medicacao|medicacoes|toma algum|usa algum|tomando algum|usando algum)\b/;

/**
 * The role of each mention (same order as `mentions`).
 * @param consultation - the parsed consultation
 * @param mentions - the medicines named in it, from findMedicineMentions
 */
export function classifyMedicineMentions(
  consultation: Consultation,
  mentions: MedicineMention[],
): MedicineRole[] {
  const prescribingTurns = new Set<number>();
  const roles: MedicineRole[] = [];
  mentions.forEach((mention, i) => {
    const sentence = sentenceAt(consultation, mention.start);
    if (!sentence) {
      roles.push('mentioned');
      return;
    }
    const nextMention = mentions[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const previous = mentions[i - 1];
    const listedAfter =
      previous && listLinks(consultation, sentence, previous, mention) ? roles[i - 1] : undefined;
    const role = roleOf(consultation, mention, sentence, {
      prescribingTurns,
      nextMention,
      listedAfter,
    });
    if (role === 'prescribed') prescribingTurns.add(sentence.turn * 1000 + sectionKey(sentence));
    roles.push(role);
  });
  return roles;
}

/**
 * Words that may sit between two medicines of one list ('losartana cinquenta de manhã e à
 * noite, metformina…'): strengths, counts, units, times of day and connectors. Any other word —
 * a verb, a denial, a person — ends the list.
 */
const LIST_WORDS = new Set(
  `e o a os as mais tambem com de do da dos das no na nos nas ao aos em por pra para x vez vezes
  dia dias diario diaria diariamente manha tarde noite cedo jejum almoco janta jantar cafe
  deitar acordar antes depois apos hora horas h cada todo toda todos todas meio meia comprimido
  comprimidos capsula capsulas gota gotas cp cps mg mcg g ml ui unidade unidades miligrama
  miligramas micrograma microgramas virgula ponto`.split(/\s+/),
);

/** How far apart two medicines of one list may be named, in characters. */
const LIST_GAP = 120;

/**
 * Whether `mention` continues the list `previous` opened in the same sentence: only doses, times
 * and connectors between them. A list read aloud outlasts the look-back of its cue ('toma
 * losartana cinquenta metformina oitocentos e cinquenta … omeprazol vinte'); each name in it is
 * what the first one is.
 */
function listLinks(
  c: Consultation,
  sentence: Sentence,
  previous: MedicineMention,
  mention: MedicineMention,
): boolean {
  if (previous.start < sentence.start || mention.start - previous.end > LIST_GAP) return false;
  const gap = c.folded.slice(previous.end, mention.start);
  return [...gap.matchAll(/[a-z0-9]+/g)].every(
    ([word]) =>
      LIST_WORDS.has(word) || /^\d+$/.test(word) || parsePortugueseNumber(word) !== undefined,
  );
}

function sectionKey(sentence: Sentence): number {
  return sentence.section === 'plan' ? 1 : 0;
}

interface RoleContext {
  /** Turns (and plan sections) that already prescribed, keyed as in classifyMedicineMentions. */
  prescribingTurns: Set<number>;
  /** Where the next medicine is named. */
  nextMention: number;
  /** The role of the medicine right before, when this one continues its list. */
  listedAfter: MedicineRole | undefined;
}

/** Given in a vein or a muscle, or breathed in: what a doctor does now, not the patient at home. */
const GIVEN_HERE =
  /^[\s,]*(?:\S+\s+){0,3}?(?:na veia|endovenos[oa]|ev|iv|intravenos[oa]|intramuscular|im|no musculo|subcutane[oa]|nebulizacao|inalacao)\b/;

function roleOf(
  c: Consultation,
  mention: MedicineMention,
  sentence: Sentence,
  { prescribingTurns, nextMention, listedAfter }: RoleContext,
): MedicineRole {
  const folded = c.folded;
  // Cues sit close to the name; a bounded look-back keeps long run-on transcripts linear.
  const before = folded.slice(Math.max(sentence.start, mention.start - LOOK_BACK), mention.start);
  if (sentence.section === 'allergies') return 'allergy';
  if (isAboutRelative(c, sentence, mention.start, mention.end)) return 'mentioned';
  const found = findNearestCue(before, sentence);
  if (CONSIDERED.test(before) || CONSIDERED_RIGHT_BEFORE.test(before)) return 'considered';
  if (REFUSED.test(before.slice(refusalReachStart(before, found)))) return 'considered';
  if (sentence.speaker !== 'patient' && CONDITIONAL_DECISION.test(before)) return 'considered';
  if (CONSIDERED_AFTER.test(folded.slice(mention.end, Math.min(sentence.end, mention.end + 60)))) {
    return 'considered';
  }
  if (STOPPED_AFTER.test(folded.slice(mention.end, mention.end + 40))) return 'stopped';
  if (stoppedLater(c, mention, sentence, nextMention)) return 'stopped';
  if (
    SWITCH_BEFORE.test(before) &&
    SWITCH_AFTER.test(folded.slice(mention.end, mention.end + 20))
  ) {
    return 'stopped';
  }

  const cue = found?.kind;
  if (cue === 'allergy' || cue === 'stopped') return cue;
  if (cue === 'exam') return 'mentioned';
  if (sentence.question) return confirmedUse(c, sentence, cue) ? 'in-use' : 'mentioned';
  if (isDenied(c, sentence, mention, found, mention.start - before.length)) return 'mentioned';
  if (cue === 'in-use') return 'in-use';
  if (cue === 'prescribed') return 'prescribed';

  // No cue in reach: a list carries its first name's role to the rest.
  if (listedAfter === 'in-use' || listedAfter === 'prescribed' || listedAfter === 'stopped') {
    return listedAfter;
  }
  // No cue in the sentence: the section, or what the turn has been doing, decides.
  if (sentence.section === 'medications' || sentence.section === 'history') return 'in-use';
  if (sentence.section === 'plan') return 'prescribed';
  if (
    (sentence.speaker === 'doctor' || sentence.speaker === 'narrator') &&
    GIVEN_HERE.test(c.folded.slice(mention.end, Math.min(sentence.end, mention.end + 40)))
  ) {
    return 'prescribed';
  }
  if (sentence.speaker === 'doctor') {
    if (prescribingTurns.has(sentence.turn * 1000 + sectionKey(sentence))) return 'prescribed';
    if (turnHasPrescribingCue(c, sentence)) return 'prescribed';
    return 'mentioned';
  }
  if (sentence.speaker === 'narrator') {
    // A note's sentence inherits a prescription only from the sentence right before it.
    const previous = c.sentences[sentence.index - 1];
    if (previous && sentencePrescribes(c, previous)) return 'prescribed';
    return 'mentioned';
  }
  if (answersMedicationQuestion(c, sentence)) return 'in-use';
  return 'mentioned';
}

/**
 * Whether the rest of the name's sentence, or the speaker's next sentence, says it was stopped.
 * Only the stretch before the next medicine named counts, so a stop is about the nearest name.
 */
function stoppedLater(
  c: Consultation,
  mention: MedicineMention,
  sentence: Sentence,
  nextMention: number,
): boolean {
  if (sentence.speaker === 'doctor') return false;
  const bound = Math.min(mention.end + LOOK_AHEAD, nextMention);
  const rest = c.folded.slice(mention.end, Math.min(bound, sentence.end));
  // 'Tomo X, mas parei', not 'tomava X pra dor e uso Y': a new 'tomo' / 'uso' ends the reach.
  const cut = /\b(?:tomo|uso|tomando|usando|tambem)\b/.exec(rest);
  const stop = STOP_CLAUSE.exec(cut ? rest.slice(0, cut.index) : rest);
  if (stop) {
    // 'X, mas suspendi a Y': a stop with another name after it in its clause is about that one.
    const stopEnd = mention.end + stop.index + stop[0].length;
    if (nextMention >= sentence.end) return true;
    return /[,;]|\b(?:e agora|agora|mas)\b/.test(c.folded.slice(stopEnd, nextMention));
  }
  const next = c.sentences[sentence.index + 1];
  if (next?.turn !== sentence.turn || next.start >= bound) return false;
  // The speaker's next sentence must open with the stop ('Parei faz um mês.') and name no other
  // medicine ('Suspendeu a Y por conta própria' is about Y).
  if (nextMention < next.end) return false;
  const following = c.folded.slice(next.start, Math.min(bound, next.end));
  return STOP_CLAUSE.exec(following)?.index === 0;
}

interface FoundCue {
  kind: CueKind;
  /** Where the cue starts and ends in the text searched. */
  start: number;
  at: number;
}

function nearestCue(before: string, sentence: Sentence): CueKind | undefined {
  return findNearestCue(before, sentence)?.kind;
}

function findNearestCue(before: string, sentence: Sentence): FoundCue | undefined {
  let best: FoundCue | undefined;
  for (const [pattern, kind, who] of CUES) {
    if (who === 'doctor' && sentence.speaker !== 'doctor' && sentence.speaker !== 'narrator') {
      continue;
    }
    if (who === 'not-doctor' && sentence.speaker === 'doctor') continue;
    for (const match of before.matchAll(pattern)) {
      const at = match.index + match[0].length;
      if (!best || at > best.at) best = { kind, start: match.index, at };
    }
  }
  return best;
}

/**
 * Where a refusal before a name may start: at the nearest prescribing or in-use cue, or the
 * denial that opens it ('não vou passar'); anywhere in the look-back when no such cue is near.
 */
function refusalReachStart(before: string, cue: FoundCue | undefined): number {
  if (cue?.kind !== 'prescribed' && cue?.kind !== 'in-use') return 0;
  const denial = /\b(?:nao|nunca|nem)\s+$/.exec(before.slice(0, cue.start));
  return denial ? denial.index : cue.start;
}

/** A denial right before a cue ('não tomo', 'nunca usei', 'não estou tomando'). */
const DENIED_CUE = /\b(?:nao|nunca|nem|jamais)\s+(?:(?:eu|ele|ela|mais|ainda|to|estou|esta)\s+)?$/;

/**
 * A 'não' right after the name answers a question about it: 'usa anticoncepcional? não',
 * which speech returns as 'anticoncepcional não não uso nada'. Not 'não sei a dose'.
 */
const DENIED_AFTER = /^\s*,?\s*(?:nao|nunca)\b(?!\s+(?:sei|lembro|me lembro|esqueco|falho|deixo))/;

/**
 * Whether the mention is denied. A cue between a denial and the name governs it: in a run-on
 * transcript 'remédio não tomo nenhum … vou passar amoxicilina' prescribes amoxicilina. Then
 * only a denial of the cue itself, or one after it ('uso nenhum remédio'), counts.
 */
function isDenied(
  c: Consultation,
  sentence: Sentence,
  mention: MedicineMention,
  cue: FoundCue | undefined,
  beforeStart: number,
): boolean {
  if (DENIED_AFTER.test(c.folded.slice(mention.end, mention.end + 30))) return true;
  if (!cue || (cue.kind !== 'in-use' && cue.kind !== 'prescribed')) {
    return isNegated(c, sentence, mention.start, mention.end);
  }
  const cueStart = beforeStart + cue.start;
  if (DENIED_CUE.test(c.folded.slice(Math.max(sentence.start, cueStart - 30), cueStart))) {
    return true;
  }
  const afterCue = { ...sentence, start: beforeStart + cue.at };
  return isNegated(c, afterCue, mention.start, mention.end);
}

/** Whether each sentence prescribes, computed once per consultation. */
const prescribingSentences = new WeakMap<Consultation, boolean[]>();

function sentencePrescribes(c: Consultation, sentence: Sentence): boolean {
  let known = prescribingSentences.get(c);
  if (!known) {
    known = c.sentences.map(
      (s) => nearestCue(c.folded.slice(Math.max(s.start, s.end - 2000), s.end), s) === 'prescribed',
    );
    prescribingSentences.set(c, known);
  }
  return known[sentence.index] ?? false;
}

/** An earlier sentence of the same doctor's turn (or plan section) already prescribes. */
function turnHasPrescribingCue(c: Consultation, sentence: Sentence): boolean {
  for (let i = sentence.index - 1; i >= 0; i--) {
    const other = c.sentences[i];
    if (!other || other.turn !== sentence.turn) break;
    if (other.section === sentence.section && sentencePrescribes(c, other)) return true;
  }
  return false;
}

/** 'Você toma a losartana certinho?' — 'Tomo, sim.': the doctor's question, confirmed. */
function confirmedUse(c: Consultation, sentence: Sentence, cue: CueKind | undefined): boolean {
  if (sentence.speaker !== 'doctor') return false;
  const question = c.folded.slice(sentence.start, sentence.end);
  if (cue !== 'in-use' && !/\b(?:toma|usa|tomando|usando)\b/.test(question)) {
    return false;
  }
  const answer = answerTo(c, sentence.turn);
  if (!answer) return false;
  return /^\s*(?:sim|tomo|uso|isso|tomo sim|uso sim|certinho|todo dia|aham|uhum|claro)\b/.test(
    c.folded.slice(answer.start, answer.end),
  );
}

/** A patient's or carer's answer to 'usa algum remédio?' names what they take. */
function answersMedicationQuestion(c: Consultation, sentence: Sentence): boolean {
  const previous = c.turns[sentence.turn - 1];
  if (!previous || previous.speaker !== 'doctor') return false;
  if (answerTo(c, previous.index)?.index !== sentence.turn) return false;
  const question = c.folded.slice(previous.start, previous.end);
  return MEDICATION_QUESTION.test(question) && !/\balergi/.test(question);
}

/**
 * Medicines the patient takes now, as 'losartana 50 mg 12/12h', without the ones stopped.
 * @param consultation - the parsed consultation
 * @param mentions - medicines named in it
 * @param roles - their roles, from classifyMedicineMentions
 */
export function extractMedicationsInUse(
  consultation: Consultation,
  mentions: MedicineMention[],
  roles: MedicineRole[],
): string[] {
  // Stopped by the patient ('parei de tomar'), not by today's plan ('suspender a metformina'):
  // a medicine the doctor stops today was still in use when the patient came in.
  const stopped = new Set(
    mentions
      .filter((mention, i) => roles[i] === 'stopped' && !isTodaysPlan(consultation, mention))
      .map((m) => m.name),
  );
  const out = new Map<string, string>();
  mentions.forEach((mention, i) => {
    if (roles[i] !== 'in-use' || stopped.has(mention.name) || out.has(mention.name)) return;
    const details = readDoseDetails(
      consultation,
      mention.end,
      detailsEnd(consultation, mentions, i),
      mention.name,
    );
    out.set(
      mention.name,
      [mention.name, details.dosage, details.frequency].filter(Boolean).join(' '),
    );
  });
  return [...out.values()];
}

/**
 * Medicines the doctor prescribes in this consultation, with what the text says of the dose.
 * @param consultation - the parsed consultation
 * @param mentions - medicines named in it
 * @param roles - their roles, from classifyMedicineMentions
 */
export function extractPrescribedMedications(
  consultation: Consultation,
  mentions: MedicineMention[],
  roles: MedicineRole[],
): Medication[] {
  const out = new Map<string, Medication>();
  mentions.forEach((mention, i) => {
    if (roles[i] !== 'prescribed') return;
    const details = readDoseDetails(
      consultation,
      mention.end,
      detailsEnd(consultation, mentions, i),
      mention.name,
    );
    const existing = out.get(mention.name);
    if (existing) {
      // A second mention ('…da amoxicilina, tomar de 8/8h') may complete the first.
      out.set(mention.name, { ...details, ...existing });
      return;
    }
    out.set(mention.name, { name: mention.name, ...details });
  });
  return [...out.values()];
}

function isTodaysPlan(c: Consultation, mention: MedicineMention): boolean {
  const sentence = sentenceAt(c, mention.start);
  return sentence?.speaker === 'doctor' || sentence?.section === 'plan';
}

/** The dose of a mention is read up to the next medicine or the end of its sentence. */
function detailsEnd(c: Consultation, mentions: MedicineMention[], i: number): number {
  const mention = mentions[i];
  if (!mention) return 0;
  const sentenceEnd = Math.min(sentenceAt(c, mention.start)?.end ?? mention.end, mention.end + 200);
  const next = mentions[i + 1];
  return next && next.start < sentenceEnd ? next.start : sentenceEnd;
}
