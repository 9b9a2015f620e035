import type { Consultation, Sentence } from './consultation-text';
import { answerTo, sentenceAt } from './consultation-text';
import { isAboutRelative, isNegated } from './negation';

/**
 * The patient's chronic conditions, named in full whatever the text wrote ('HAS', 'pressão
 * alta', 'hipertensa' → 'hipertensão arterial sistêmica'). Only the patient's own history:
 * never a relative's ('minha mãe tem diabetes'), a denied one ('não tenho pressão alta'), one
 * the doctor only asks about, or today's diagnosis.
 */

interface ConditionRule {
  name: string;
  /** Matched on folded text (lower case, no accents). */
  folded?: RegExp;
  /** Matched on text without accents but with its case: abbreviations are capitals. */
  abbreviation?: RegExp;
  /** Common words that are a chronic condition only in a history ('tenho ansiedade'). */
  needsHistoryCue?: boolean;
  /** The word is also a measure ('gota'): 'uma gota', 'gota de' are quantities. */
  alsoQuantity?: boolean;
}

const RULES: ConditionRule[] = [
  {
    name: 'hipertensão arterial sistêmica',
    folded:
      /\b(?:hipertensao(?: arterial)?(?: sistemica)?|hipertens[oa]s?|pressao alta|problema de pressao|(?:remedio|remedios|medicamento|medicacao) (?:pra|para|da|de) (?:a )?pressao)\b/g,
    abbreviation: /\bHAS\b/g,
  },
  {
    name: 'diabetes mellitus tipo 1',
    folded: /\b(?:diabetes(?: mellitus)?|diabetic[oa]) (?:tipo )?(?:1|i|um)\b/g,
    abbreviation: /\bDM ?(?:tipo )?(?:1|I)\b/g,
  },
  { name: 'diabetes gestacional', folded: /\bdiabetes gestacional\b/g },
  { name: 'pré-diabetes', folded: /\bpre-? ?diabet(?:es|ico|ica)\b/g },
  {
    name: 'diabetes mellitus tipo 2',
    folded: /\b(?:diabetes(?: mellitus)?|diabetic[oa]s?) (?:do |de )?(?:tipo )?(?:2|ii|dois)\b/g,
    abbreviation: /\bDM ?(?:tipo )?(?:2|II)\b/g,
  },
  // Without a type said, none is invented ('tenho diabetes, uso insulina NPH').
  {
    name: 'diabetes mellitus',
    folded:
      /\b(?:diabetes(?: mellitus)?|diabete|diabetic[oa]s?|acucar alto|acucar no sangue|(?:remedio|remedios) (?:pra|para) (?:o )?(?:diabetes|acucar))\b/g,
    abbreviation: /\bDM\b/g,
  },
  {
    name: 'dislipidemia',
    folded:
      /\b(?:dislipidemia|dislipidemic[oa]|hipercolesterolemia|hipertrigliceridemia|colesterol (?:alto|elevado)|triglicerides? (?:alto|elevado)s?|(?:remedio|remedios) (?:pra|para) (?:o )?colesterol)\b/g,
    abbreviation: /\bDLP\b/g,
  },
  {
    name: 'hipotireoidismo',
    folded:
      /\b(?:hipotireoidismo|hipotireoide[ao]?|tireoide baixa|tireoidite de hashimoto|hashimoto)\b/g,
  },
  { name: 'hipertireoidismo', folded: /\b(?:hipertireoidismo|doenca de graves)\b/g },
  {
    name: 'asma',
    folded: /\b(?:asma|asmatic[oa]s?|bronquite asmatica)\b/g,
  },
  {
    name: 'bronquite',
    folded: /\bbronquite(?! asmatica)(?: cronica)?\b/g,
    needsHistoryCue: true,
  },
  {
    name: 'doença pulmonar obstrutiva crônica',
    folded: /\b(?:doenca pulmonar obstrutiva cronica|enfisema(?: pulmonar)?)\b/g,
    abbreviation: /\bDPOC\b/g,
  },
  {
    name: 'insuficiência cardíaca',
    folded: /\binsuficiencia cardiaca(?: congestiva)?\b/g,
    abbreviation: /\bICC\b|\bIC(?= (?:com|de) fra[cç]ao)/g,
  },
  {
    name: 'doença renal crônica',
    folded:
      /\b(?:doenca renal cronica|insuficiencia renal(?: cronica)?|problema (?:nos|de) rins?)\b/g,
    abbreviation: /\b(?:IRC|DRC)\b/g,
  },
  {
    name: 'fibrilação atrial',
    folded: /\bfibrilacao atrial\b/g,
  },
  {
    name: 'doença arterial coronariana',
    folded:
      /\b(?:doenca arterial coronariana|doenca coronariana|coronariopatia|infarto previo|ja (?:tive|teve) (?:um )?infarto)\b/g,
    abbreviation: /\bDAC\b|\bIAM previo\b/g,
  },
  {
    name: 'acidente vascular cerebral prévio',
    folded: /\b(?:avc previo|ja (?:tive|teve) (?:um )?(?:avc|derrame)|sequela de avc)\b/g,
  },
  { name: 'epilepsia', folded: /\b(?:epilepsia|epileptic[oa])\b/g },
  {
    name: 'obesidade',
    folded: /\bobesidade(?: grau (?:i|ii|iii|1|2|3))?\b/g,
    needsHistoryCue: true,
  },
  { name: 'depressão', folded: /\bdepressao\b/g, needsHistoryCue: true },
  {
    name: 'transtorno de ansiedade',
    folded: /\b(?:transtorno de ansiedade(?: generalizada)?|ansiedade)\b/g,
    abbreviation: /\bTAG\b/g,
    needsHistoryCue: true,
  },
  { name: 'transtorno bipolar', folded: /\b(?:transtorno bipolar|bipolaridade|sou bipolar)\b/g },
  { name: 'esquizofrenia', folded: /\besquizofrenia\b/g },
  { name: 'enxaqueca', folded: /\b(?:enxaqueca|migranea)\b/g, needsHistoryCue: true },
  { name: 'rinite alérgica', folded: /\brinite alergica\b/g, needsHistoryCue: true },
  { name: 'rinite', folded: /\brinite\b/g, needsHistoryCue: true },
  { name: 'gastrite', folded: /\bgastrite(?: cronica)?\b/g, needsHistoryCue: true },
  {
    name: 'doença do refluxo gastroesofágico',
    folded: /\b(?:doenca do refluxo(?: gastroesofagico)?|refluxo gastroesofagico)\b/g,
    abbreviation: /\bDRGE\b/g,
    needsHistoryCue: true,
  },
  {
    name: 'osteoartrose',
    folded: /\b(?:osteoartrose|artrose|osteoartrite)\b/g,
    needsHistoryCue: true,
  },
  { name: 'artrite reumatoide', folded: /\bartrite reumatoide\b/g },
  { name: 'osteoporose', folded: /\bosteoporose\b/g },
  {
    name: 'gota',
    folded: /\b(?:gota|hiperuricemia)\b(?! (?:a|de|por) gota)/g,
    needsHistoryCue: true,
    alsoQuantity: true,
  },
  { name: 'fibromialgia', folded: /\bfibromialgia\b/g },
  { name: 'lúpus eritematoso sistêmico', folded: /\blupus\b/g, abbreviation: /\bLES\b/g },
  { name: 'psoríase', folded: /\bpsoriase\b/g },
  { name: 'HIV', folded: /\b(?:hiv positivo|soropositivo|aids)\b/g, abbreviation: /\bHIV\b/g },
  { name: 'hepatite C crônica', folded: /\bhepatite c\b/g },
  { name: 'hepatite B crônica', folded: /\bhepatite b\b/g },
  { name: 'cirrose hepática', folded: /\bcirrose(?: hepatica)?\b/g },
  {
    name: 'hiperplasia prostática benigna',
    folded: /\b(?:hiperplasia prostatica benigna|prostata aumentada)\b/g,
    abbreviation: /\bHPB\b/g,
  },
  { name: 'doença de Parkinson', folded: /\b(?:doenca de )?parkinson\b/g },
  { name: 'doença de Alzheimer', folded: /\b(?:doenca de )?alzheimer\b/g },
  { name: 'glaucoma', folded: /\bglaucoma\b/g },
  { name: 'anemia crônica', folded: /\b(?:anemia falciforme|anemia cronica)\b/g },
  {
    name: 'síndrome dos ovários policísticos',
    folded: /\bovarios? policisticos?\b/g,
    abbreviation: /\bSOP\b/g,
  },
  { name: 'TDAH', abbreviation: /\bTDAH\b/g, folded: /\bdeficit de atencao\b/g },
  {
    name: 'transtorno do espectro autista',
    folded: /\b(?:autismo|autista)\b/g,
    abbreviation: /\bTEA\b/g,
  },
];

/**
 * Words right before a term that make it a test, a vaccine or a quantity, not a diagnosis:
 * 'sorologia para HIV', 'fiz exame de HIV', 'vacina da hepatite B', 'uma gota de colírio'.
 */
const NOT_DISEASE_BEFORE =
  /\b(?:vacina\w*|vacinei|vacinou|vacinad[oa]s?|imuniza\w*|teste|testes|testagem|testei|testou|sorologias?|exames?|anti|pesquisa|rastreio|triagem)\s+(?:(?:de|do|da|dos|das|para|pra|contra|o|a|rapido|rapida)\s+){0,2}$/;
/** A word that is also a measure ('uma gota de colírio', '2 gotas'): then it is a quantity. */
const QUANTITY_BEFORE = /\b(?:uma|duas|tres|quatro|cinco|meia|cada|\d+)\s+$/;
const QUANTITY_AFTER = /^s?\s+d[eao]s?\b/;
/** Words right after a term that undo it: 'HIV, deu negativo', 'HIV não reagente', 'IRA aguda'. */
const NOT_DISEASE_AFTER =
  /^[\s:,-]*(?:(?:deu|foi|veio|resultado|e|esta|estava)\s+){0,2}(?:negativ[oa]s?|nao reagentes?|nao-reagentes?|nr\b)|^\s+agud[oa]s?\b/;
/** After a test, a positive result is a diagnosis after all ('sorologia para HIV reagente'). */
const POSITIVE_AFTER = /^[\s:,-]*(?:(?:deu|foi|veio|resultado)\s+){0,2}(?:positiv[oa]|reagente)\b/;
/** 'Já recuperei', 'voltou ao normal': a condition that passed is not chronic. */
const RECOVERED_AFTER =
  /\b(?:ja (?:recuperei|recuperou|me recuperei|se recuperou|sarei|sarou|passou|normalizou|curou|curei)|recuperad[oa]|resolvid[oa]|revertid[oa]|voltou ao normal)\b/;

/** Words that place a condition in the patient's history. */
const HISTORY_CUE =
  /\b(?:tenho|tem|teve|tive|sou|portador[a]?|portadora|diagnostico de|historia de|historico de|antecedentes? de|trata|trato|tratamento (?:de|para|pra)|faco tratamento|faz tratamento|acompanhamento (?:de|para|pra)|comorbidades?|sofro de|sofre de|convivo com|com diagnostico)\b/;

/** A condition feared, screened for or ruled out is not one the patient has. */
const UNCERTAIN_BEFORE =
  /\b(?:medo de|risco de|suspeita de|rastre\w+ (?:de|para)|investig\w+|descartar|prevenir|evitar|sera que (?:e|tenho))\s*(?:\w+\s+){0,2}$/;

/**
 * A diagnosis made today, said right before the condition: 'isso é asma', 'hipótese de
 * hipertensão', 'vou tratar como rinite alérgica', 'parece uma enxaqueca', 'isso confirma
 * diabetes'. Right before, not anywhere earlier: a run-on transcript goes on from today's
 * 'isso é uma sinusite' to 'ela tem pressão alta há dez anos', which is her history.
 */
const TODAYS_DIAGNOSIS_LEAD = new RegExp(
  `\\b(?:${[
    '(?:isso|isto|o quadro|o que (?:voce|ele|ela|o senhor|a senhora|a paciente|o paciente) tem) (?:e|eh|parece(?: ser)?|sugere|indica|confirma)',
    '(?:e|parece(?: ser)?|deve ser|pode ser|provavelmente e|acho que (?:e|seja)) (?:uma?|um quadro de|quadro de|caso de)',
    'hipoteses?(?: diagnosticas?)?(?: de| e)?',
    'suspeita(?: diagnostica)?(?: de)?',
    'suspeito de',
    'impressao(?: diagnostica)?(?: de| e)?',
    'diagnostico (?:de hoje|novo|inicial)(?: de)?',
    'novo diagnostico(?: de)?',
    '(?:fech|confirm)\\w*(?: o)? diagnostico(?: de)?',
    'confirm(?:a|o|ou|amos|ado|ada|ando)',
    'compativel com',
    'sugestivo de',
    'cara de',
    '(?:esta|ta) com(?: uma?)?',
    'trat(?:ar|o|amos|ando)(?: (?:isso|o quadro|ela|ele))? como',
    'abr(?:e|iu|indo)(?: o)? quadro de',
  ].join('|')})[\\s:,]+(?:(?:uma?|um|quadro|caso|de|provavel|possivel|nova|novo)\\s+){0,3}$`,
);

/**
 * Whether the words at `start` are a diagnosis made today ({@link TODAYS_DIAGNOSIS_LEAD}) rather
 * than a condition the patient already has.
 * @param consultation - the parsed consultation
 * @param sentence - the sentence holding `start`
 * @param start - where the condition's words start
 */
export function isDiagnosedToday(
  consultation: Consultation,
  sentence: Sentence,
  start: number,
): boolean {
  const before = consultation.folded.slice(Math.max(sentence.start, start - 80), start);
  return TODAYS_DIAGNOSIS_LEAD.test(before);
}

/**
 * The patient's chronic conditions, each once, in the order the text first names them.
 * @param consultation - the parsed consultation
 */
export function extractChronicConditions(consultation: Consultation): string[] {
  const found = new Map<string, number>();
  const taken: [number, number][] = [];
  /** The conditions each of the doctor's questions names, by sentence. */
  const asked = new Map<number, { name: string; start: number }[]>();
  for (const rule of RULES) {
    const matches = [
      ...(rule.folded ? [...consultation.folded.matchAll(rule.folded)] : []),
      ...(rule.abbreviation ? [...consultation.accentless.matchAll(rule.abbreviation)] : []),
    ];
    for (const match of matches) {
      const start = match.index;
      const end = start + match[0].length;
      // A longer condition already claimed these words ('diabetes gestacional' over 'diabetes').
      if (taken.some(([s, e]) => start < e && s < end)) continue;
      const sentence = sentenceAt(consultation, start);
      if (!sentence) continue;
      if (isAskedOfPatient(consultation, sentence, start, end, rule)) {
        taken.push([start, end]);
        asked.set(sentence.index, [
          ...(asked.get(sentence.index) ?? []),
          { name: rule.name, start },
        ]);
        continue;
      }
      if (!isPatientHistory(consultation, sentence, start, end, rule)) continue;
      taken.push([start, end]);
      if (!found.has(rule.name) || (found.get(rule.name) ?? 0) > start) found.set(rule.name, start);
    }
  }
  // 'A senhora tem pressão alta?' — 'Tenho, faz uns dez anos.': one condition asked, confirmed.
  for (const [index, conditions] of asked) {
    const sentence = consultation.sentences[index];
    const [only, ...others] = conditions;
    if (!sentence || !only || others.some((other) => other.name !== only.name)) continue;
    if (!isConfirmed(consultation, sentence)) continue;
    if (!found.has(only.name) || (found.get(only.name) ?? 0) > only.start) {
      found.set(only.name, only.start);
    }
  }
  return [...found.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name);
}

/** A condition the doctor asks the patient about, by name, in a dialogue. */
function isAskedOfPatient(
  c: Consultation,
  sentence: Sentence,
  start: number,
  end: number,
  rule: ConditionRule,
): boolean {
  if (!c.dialogue || !sentence.question || sentence.speaker !== 'doctor') return false;
  if (isNegated(c, sentence, start, end) || isAboutRelative(c, sentence, start, end)) return false;
  return isDiseaseNamed(c, sentence, start, end, rule);
}

/** An answer that says yes: 'Tenho, faz uns dez anos', 'Sim, desde os trinta', 'Sou'. */
const YES_ANSWER =
  /^\s*(?:sim|tenho|tem|tive|sou|isso|uhum|aham|e sim|faz|ha|desde|trato|tomo remedio)\b(?!\s*,?\s*nao\b)/;

/** Whether the patient's (or carer's) answer to the doctor's question says yes. */
function isConfirmed(c: Consultation, question: Sentence): boolean {
  // The question must end the doctor's turn: the answer is to it, not to an earlier one.
  const turn = c.turns[question.turn];
  if (!turn || c.folded.slice(question.end, turn.end).trim()) return false;
  const answer = answerTo(c, question.turn);
  return answer !== undefined && YES_ANSWER.test(c.folded.slice(answer.start, answer.end));
}

/** Whether the words name the disease itself, not a test, vaccine, quantity or passing episode. */
function isDiseaseNamed(
  c: Consultation,
  sentence: Sentence,
  start: number,
  end: number,
  rule: ConditionRule,
): boolean {
  const before = c.folded.slice(Math.max(sentence.start, start - 40), start);
  const after = c.folded.slice(end, Math.min(sentence.end, end + 40));
  if (rule.alsoQuantity && (QUANTITY_BEFORE.test(before) || QUANTITY_AFTER.test(after))) {
    return false;
  }
  if (NOT_DISEASE_BEFORE.test(before)) return POSITIVE_AFTER.test(after);
  if (NOT_DISEASE_AFTER.test(after)) return false;
  // An acute episode the patient recovered from ('insuficiência renal aguda, já recuperei').
  const rest = c.folded.slice(end, Math.min(sentence.end, end + 120));
  return !RECOVERED_AFTER.test(rest);
}

function isPatientHistory(
  c: Consultation,
  sentence: Sentence,
  start: number,
  end: number,
  rule: ConditionRule,
): boolean {
  if (sentence.question) return false;
  if (['assessment', 'plan', 'family', 'exam', 'complaint'].includes(sentence.section))
    return false;
  if (sentence.speaker === 'doctor') return false;
  if (isNegated(c, sentence, start, end) || isAboutRelative(c, sentence, start, end)) return false;
  const before = c.folded.slice(Math.max(sentence.start, start - 200), start);
  if (sentence.speaker === 'narrator' && isDiagnosedToday(c, sentence, start)) return false;
  if (UNCERTAIN_BEFORE.test(before)) return false;
  if (!isDiseaseNamed(c, sentence, start, end, rule)) return false;
  if (!rule.needsHistoryCue) return true;
  return sentence.section === 'history' || HISTORY_CUE.test(before);
}
