/**
 * What the signed-in doctor's chat answers when this server has no language model configured.
 * It is a deterministic engine, not a model, and says so: it answers the few questions it can
 * answer from built-in data (CID-10 codes, usual doses, what the open record lacks), sends
 * emergencies to SAMU 192 first, and for anything else explains that a model is needed.
 */
import { RECORD_STEPS, type RecordContent, type RecordStep } from '@shared/records/medical-record';
import { isStepComplete, STEP_LABELS, type WorkingRecord } from '@shared/records/flow';
import { CID10_QUERY_MAX_LENGTH } from '@shared/records/cid10-search';
import type { SpecialistAgent } from '@shared/chat/specialist-agents';
import { formatCid10Code, type Cid10Entry } from './cid10/entry';
import { searchCid10 } from './cid10/search';
import type { Cid10Index } from './cid10/search-index';
import { findDosingHint, type DosingHint, type MaxDailyDose } from './medications/dosing';
import { medicationWords } from './medications/medication-text';
import { findMedication } from './medications/search';
import type { MedicationEntry } from './medications/catalogue';
import { GREETING, mentionsEmergency } from './offline-chat';
import { foldForMatching } from '@shared/lib/text-folding';
import { formatDate, formatDecimal, listInWords } from '@shared/lib/pt-br-format';
import { visitLine, type EarlierVisit, type PatientHistory } from '@shared/patients/history';

/** What the offline clinical chat needs to answer. */
export interface OfflineClinicalChatInput {
  /** The conversation, oldest first; the last user message is the one answered. */
  messages: readonly { role: 'user' | 'assistant'; content: string }[];
  /** The chosen specialist; undefined in the general mode. */
  agent: SpecialistAgent | undefined;
  /** The medical record open in the workspace, if any. */
  record?: RecordContent;
  /** The open record's patient's earlier visits and lists, when the record belongs to one. */
  history?: PatientHistory;
  /** The CID-10 catalogue's search index. */
  cid10: Cid10Index;
}

/** Which kind of answer the offline engine gave. */
export type OfflineChatAnswerKind =
  | 'emergency'
  | 'cid-code'
  | 'cid-search'
  | 'dosing'
  | 'record-gaps'
  | 'patient-history'
  | 'greeting'
  | 'needs-model';

/** An offline reply: Markdown-friendly plain text (**bold**, '- ' lists). */
export interface OfflineClinicalReply {
  kind: OfflineChatAnswerKind;
  text: string;
}

/** Written to the doctor, not to a patient: act now, and how to send the patient on. */
const EMERGENCY_REPLY =
  '**Atenção: sinais de possível emergência.** Se o paciente está com você, priorize o ' +
  'atendimento imediato e acione o **SAMU 192**; se o contato é à distância, oriente-o a ligar ' +
  'agora para o SAMU 192 ou ir ao pronto-socorro mais próximo. Não espere por uma resposta ' +
  'deste chat.';

const CAPABILITIES = [
  '- o código e a descrição de um CID-10 (ex.: "o que é o CID J45.9?");',
  '- o CID de um diagnóstico (ex.: "qual o CID de hipertensão?");',
  '- a posologia usual de medicamentos comuns (ex.: "qual a dose de amoxicilina?");',
  '- o que ainda falta preencher no prontuário aberto (ex.: "o que falta no prontuário?");',
  '- o que a ficha do paciente diz das consultas anteriores (ex.: "como estava a PA na última consulta?").',
].join('\n');

/** Questions about the patient's earlier visits ('e na última consulta?', 'histórico'). */
const HISTORY_QUESTION =
  /\b(?:ultim[ao]s? (?:consultas?|visitas?|atendimentos?)|consultas? anterior(?:es)?|historico|da ultima vez|vez passada|antes)\b/;

/** Most codes answered from one message, and most subcategories listed for a category. */
const MAX_CODES = 5;
const MAX_SUBCATEGORIES = 8;
const CID_SEARCH_RESULTS = 3;

/**
 * A code as a doctor types it: a letter, two digits, maybe a dot and one more ('J45', 'i10',
 * 'E11.9', 'E119'), not inside a word ('CID10' is not 'D10').
 */
const CODE_TOKEN = /(?<![\p{L}\p{N}])([A-Za-z]\d{2})(?:\.?(\d))?(?![\p{L}\p{N}])/gu;
/** The message talks about codes, so a bare 'I10' in it is one. */
const MENTIONS_CODES = /(?:^| )(?:cid|cid10|cids|icd|codigo|codigos)(?= |$)/;
/** 'CID de …', 'CID-10 para …', 'cid da …': the rest of the message is what to search. */
const CID_SEARCH =
  /(?<![\p{L}\p{N}])(?:cid|icd)(?:\s*-?\s*10)?\s+(?:de|da|do|das|dos|para|pra|pro)\s+(.+)$/iu;

const DOSING_QUESTION =
  /(?:^| )(?:doses?|dosagem|dosagens|posologias?|quantos? mg|quantas? gotas|como (?:prescrever|prescrevo|tomar|usar))(?= |$)/;
/** Adult doses would mislead for a child: the reply then says to calculate by weight. */
const CHILD = /(?:^| )(?:crianca|criancas|infantil|pediatric[ao]s?|bebe|lactente|kg)(?= |$)/;

const RECORD_GAP_VERB =
  /(?:^| )(?:falta|faltam|faltando|pendente|pendentes|pendencias?|incompleto|completo)(?= |$)/;
const RECORD_GAP_OBJECT = /(?:^| )(?:prontuario|preencher|completar|registro|ficha|etapas?)(?= |$)/;

const HELP =
  /(?:^| )(?:ajuda|help|o que voce (?:faz|pode fazer|sabe fazer|sabe|responde)|como (?:voce )?funciona|quem e voce)(?= |$)/;
/** Words that may come with a greeting without making it a question. */
const COURTESY_WORDS: ReadonlySet<string> = new Set([
  'doutor',
  'doutora',
  'dr',
  'dra',
  'prontu',
  'agente',
  'colega',
  'pessoal',
  'como',
  'vai',
  'voce',
  'vc',
  'e',
  'ai',
  'tudo',
  'bem',
  'ola',
  'por',
  'favor',
]);

/**
 * What the steps need to count as complete (docs/product.md, "Conclusão das etapas e progresso"),
 * in the doctor's words.
 */
const MISSING_PART: Record<Exclude<RecordStep, 'print-summary'>, string> = {
  'patient-info': 'nome do paciente',
  symptoms: 'queixa principal',
  'physical-exam': 'descrição do exame físico',
  assessment: 'avaliação (hipóteses diagnósticas)',
  prescriptions: 'ao menos um medicamento ou exame',
  plan: 'plano terapêutico',
};
const DATA_STEPS = RECORD_STEPS.filter(
  (step): step is Exclude<RecordStep, 'print-summary'> => step !== 'print-summary',
);

/**
 * The offline engine's reply to the doctor's last message, tried in this order: emergency,
 * CID-10 code, CID-10 search, usual dose, what the record lacks, greeting, and otherwise an
 * honest "this needs a language model".
 * @param input - the conversation, the chosen agent, the open record and the CID-10 index
 */
export function composeOfflineClinicalReply(input: OfflineClinicalChatInput): OfflineClinicalReply {
  const text = input.messages.findLast((message) => message.role === 'user')?.content ?? '';
  const speak = (kind: OfflineChatAnswerKind, body: string): OfflineClinicalReply => ({
    kind,
    text: `${input.agent?.name ?? 'Prontu'} (modo offline): ${capitalize(body)}`,
  });
  if (mentionsEmergency(text)) return { kind: 'emergency', text: EMERGENCY_REPLY };

  const folded = foldForMatching(text);
  const codes = cidCodesIn(text, folded);
  if (codes.length > 0) {
    return speak('cid-code', describeCodes(input.cid10, codes));
  }
  const cidQuery = CID_SEARCH.exec(text)?.[1];
  const searchTerms = cidQuery === undefined ? '' : cleanSearchTerms(cidQuery);
  if (searchTerms) {
    return speak('cid-search', describeSearch(input.cid10, searchTerms));
  }
  let unknownDose: MedicationEntry | undefined;
  if (DOSING_QUESTION.test(folded)) {
    const medication = medicationIn(text);
    const hint = medication && findDosingHint(medication.name);
    if (hint) {
      const forChild = CHILD.test(folded) || input.agent?.id === 'pediatrician';
      return speak('dosing', describeDose(hint, forChild));
    }
    unknownDose = medication;
  }
  if (HISTORY_QUESTION.test(folded)) {
    return speak('patient-history', describeHistory(input.history));
  }
  if (RECORD_GAP_VERB.test(folded) && RECORD_GAP_OBJECT.test(folded)) {
    return speak('record-gaps', describeRecordGaps(input.record));
  }
  if (!folded || isGreeting(folded, input.agent)) {
    return speak('greeting', greeting(input.agent));
  }
  const noDose = unknownDose
    ? `não tenho a posologia de **${unknownDose.name}** na tabela offline do Prontu. E este`
    : 'este';
  return speak(
    'needs-model',
    `${noDose} servidor não tem um modelo de linguagem configurado, então não consigo ` +
      'responder perguntas clínicas abertas como esta. O administrador da clínica pode ' +
      'ligar um modelo de linguagem no Prontu. Enquanto isso, respondo sem IA:\n' +
      CAPABILITIES,
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// The patient's earlier visits

/** 'na última consulta, em 12/10/2026, a PA era 150x95 mmHg e a FC era 88 bpm.' */
function lastVisitSentence(visit: EarlierVisit): string {
  const measured = [
    visit.bloodPressure && `a PA era ${visit.bloodPressure} mmHg`,
    visit.heartRate !== undefined && `a FC era ${formatDecimal(visit.heartRate)} bpm`,
    visit.temperature !== undefined && `a temperatura era ${formatDecimal(visit.temperature)} °C`,
    visit.weight !== undefined && `o peso era ${formatDecimal(visit.weight)} kg`,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  const when = `na última consulta, em ${formatDate(visit.date)}`;
  if (measured.length === 0) return `${when}, não foram registrados sinais vitais.`;
  return `${when}, ${listInWords(measured)}.`;
}

function describeHistory(history: PatientHistory | undefined): string {
  if (!history) {
    return (
      'este atendimento não está ligado à ficha de um paciente, então não tenho consultas ' +
      'anteriores para consultar. Ligue o prontuário a um paciente na etapa **Paciente**.'
    );
  }
  const [last, ...earlier] = history.visits;
  if (!last) {
    return `**${history.name}** não tem consultas anteriores registradas no Prontu.`;
  }
  const lines = [`**${history.name}** — ${lastVisitSentence(last)}`];
  if (last.assessment) lines.push(`- Avaliação: ${last.assessment.trim()}`);
  if (last.plan) lines.push(`- Plano: ${last.plan.trim()}`);
  if (earlier.length > 0) {
    lines.push('', 'Consultas anteriores:', ...earlier.map((visit) => `- ${visitLine(visit)}`));
  }
  const lists = [
    history.allergies.length > 0 && `**Alergias:** ${history.allergies.join(', ')}`,
    history.medications.length > 0 && `**Em uso:** ${history.medications.join(', ')}`,
  ].filter((line): line is string => typeof line === 'string');
  if (lists.length > 0) lines.push('', ...lists);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// CID-10

/** Codes in the message, compact ('J459'), when the message is about codes. */
function cidCodesIn(text: string, folded: string): string[] {
  const tokens = [...text.matchAll(CODE_TOKEN)];
  if (tokens.length === 0) return [];
  // A bare 'B12' or 'T4' in a clinical sentence is a vitamin or a hormone, not a code: a code
  // counts when the message is about codes, written with its subcategory, or is all codes.
  const onlyCodes = folded.replace(/(?:^| )[a-z]\d{2}(?: ?\d)?(?= |$)/g, '').trim() === '';
  const aboutCodes =
    MENTIONS_CODES.test(folded) || onlyCodes || tokens.some((token) => token[2] !== undefined);
  if (!aboutCodes) return [];
  const codes = tokens.map((token) => `${token[1] ?? ''}${token[2] ?? ''}`.toUpperCase());
  return [...new Set(codes)].slice(0, MAX_CODES);
}

/** '**J45.9** — Asma não especificada (categoria J45: Asma)'; no category under its own. */
function describeEntry(entry: Cid10Entry, withCategory = true): string {
  const category =
    !withCategory || entry.category.code === entry.code
      ? ''
      : ` (categoria ${entry.category.code}: ${entry.category.description})`;
  return `**${entry.code}** — ${entry.description}${category}`;
}

/** The entries of a category, in code order. */
function subcategoriesOf(index: Cid10Index, category: string): Cid10Entry[] {
  return index.entries.filter((entry) => entry.category.code === category);
}

function describeCode(index: Cid10Index, compact: string): string {
  const id = index.idByCompactCode.get(compact);
  const entry = id === undefined ? undefined : index.entries[id];
  if (entry) return `- ${describeEntry(entry)}`;

  const code = formatCid10Code(compact);
  const category = compact.slice(0, 3);
  const members = subcategoriesOf(index, category);
  const first = members[0];
  if (!first) return `- **${code}**: não está no catálogo CID-10 deste servidor.`;
  const list = members
    .slice(0, MAX_SUBCATEGORIES)
    .map((member) => `  - ${describeEntry(member, false)}`)
    .join('\n');
  const more = members.length > MAX_SUBCATEGORIES ? '\n  - …' : '';
  // A typed category ('J45') whose subcategories are in the catalogue is the category itself.
  const head =
    compact.length === 3
      ? `- **${code}** — ${first.category.description} (categoria). Subcategorias:`
      : `- **${code}**: não está no catálogo CID-10 deste servidor. Na categoria ${category} ` +
        `(${first.category.description}) há:`;
  return `${head}\n${list}${more}`;
}

function describeCodes(index: Cid10Index, codes: readonly string[]): string {
  const lines = codes.map((code) => describeCode(index, code)).join('\n');
  return `pelo catálogo CID-10 deste servidor:\n${lines}`;
}

/**
 * The words to search: no trailing punctuation, no leading article or 'paciente com' ('a asma'
 * → 'asma'), whose words would only pull in codes that merely mention them.
 */
function cleanSearchTerms(raw: string): string {
  return raw
    .replace(/[\s?!.;:]+$/u, '')
    .replace(/^(?:(?:a|o|as|os|um|uma)\s+)+/iu, '')
    .replace(/^pacientes?\s+(?:com|que\s+tem|apresentando)\s+/iu, '')
    .trim()
    .slice(0, CID10_QUERY_MAX_LENGTH);
}

function describeSearch(index: Cid10Index, terms: string): string {
  const found = searchCid10(index, terms, CID_SEARCH_RESULTS);
  // A code far below the best one matched only a word or two: listing it would mislead.
  const results = found.filter((result) => result.relevance >= (found[0]?.relevance ?? 0) / 2);
  if (results.length === 0) {
    return (
      `não encontrei no catálogo CID-10 deste servidor um código para “${terms}”. Tente outras ` +
      'palavras (o diagnóstico pelo nome técnico, por exemplo) ou o código.'
    );
  }
  const lines = results.map(
    (result) =>
      `- **${result.code}** — ${result.description}` +
      (result.categoryCode === result.code
        ? ''
        : ` (categoria ${result.categoryCode}: ${result.category})`),
  );
  return (
    `códigos CID-10 mais próximos de “${terms}”:\n${lines.join('\n')}\n` +
    'Confira a descrição antes de registrar o código; a busca completa fica na etapa Avaliação ' +
    'do prontuário.'
  );
}

// ---------------------------------------------------------------------------------------------
// Doses

/**
 * The first medicine the message names, by generic or brand name ('Novalgina'), longest name
 * first at each word ('amoxicilina com clavulanato' is not plain amoxicilina).
 */
function medicationIn(text: string): MedicationEntry | undefined {
  const words = medicationWords(text);
  for (let start = 0; start < words.length; start++) {
    const entry = findMedication(words.slice(start).join(' '));
    if (entry) return entry;
  }
  return undefined;
}

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** '4 g', '1,6 mg', '8 jatos'; the limit is stored in mg (or puffs), shown in its unit. */
function formatMaxDaily(max: MaxDailyDose): string | undefined {
  const parts: string[] = [];
  if (max.mg !== undefined) {
    const unit = max.unit ?? 'mg';
    const value = unit === 'g' ? max.mg / 1000 : unit === 'mcg' ? max.mg * 1000 : max.mg;
    parts.push(
      `${numberFormat.format(value)} ${unit}${max.inhaledOnly ? ' (via inalatória)' : ''}`,
    );
  }
  if (max.puffs !== undefined) {
    parts.push(`${numberFormat.format(max.puffs)} ${max.puffs === 1 ? 'jato' : 'jatos'}`);
  }
  return parts.length > 0 ? `${parts.join(' ou ')} por dia` : undefined;
}

function describeDose(hint: DosingHint, forChild: boolean): string {
  const max = hint.maxDaily && formatMaxDaily(hint.maxDaily);
  const lines = [
    `posologia usual de **${hint.name}** em adultos, pela tabela de referência do Prontu:`,
    `- Dose: ${hint.dosage}`,
    `- Frequência: ${hint.frequency}`,
    `- Duração: ${hint.duration}`,
    ...(max ? [`- Dose máxima diária: ${max}`] : []),
    `- Orientações: ${hint.instructions}`,
  ];
  if (forChild) {
    lines.push('Estas são doses de adulto: em crianças, calcule a dose pelo peso (mg/kg).');
  }
  lines.push(
    'Ajuste ao paciente: peso, idade, função renal e hepática, alergias e interações com os ' +
      'medicamentos em uso.',
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The open record

function describeRecordGaps(record: RecordContent | undefined): string {
  if (!record) {
    return (
      'nenhum prontuário está aberto agora. Para começar um, clique em “Novo Prontuário” no ' +
      'topo do chat (ou use o comando /iniciar-prontuario).'
    );
  }
  // isStepComplete reads only the record's content (and its steps, for print-summary, which is
  // not asked here): the identity fields of a WorkingRecord are placeholders.
  const working: WorkingRecord = {
    ...record,
    id: 'open-record',
    status: record.status ?? 'em_andamento',
    currentStep: record.currentStep ?? 'patient-info',
    steps: record.steps ?? [],
    createdAt: '',
    updatedAt: '',
  };
  const missing = DATA_STEPS.filter((step) => !isStepComplete(working, step));
  const name = record.patientInfo?.name?.trim();
  const whose = name ? `prontuário de **${name}**` : 'prontuário aberto';

  if (missing.length === 0) {
    return record.status === 'finalizado'
      ? `o ${whose} está completo e finalizado.`
      : `o ${whose} tem todas as etapas preenchidas. Falta só revisar o resumo e clicar em ` +
          '“Finalizar consulta”.';
  }
  const lines = missing.map((step) => `- **${STEP_LABELS[step]}**: ${MISSING_PART[step]}`);
  const extras = [
    ...(record.patientInfo?.age === undefined ? ['idade do paciente'] : []),
    ...(Object.keys(record.physicalExam?.vitalSigns ?? {}).length === 0 ? ['sinais vitais'] : []),
  ];
  const filled = DATA_STEPS.length - missing.length;
  return [
    `no ${whose} ainda falta:`,
    ...lines,
    ...(extras.length > 0 ? [`Vale registrar também: ${extras.join(' e ')}.`] : []),
    `Etapas preenchidas: ${filled} de ${DATA_STEPS.length}.`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Greeting

/**
 * A greeting or a request for help, and nothing more: 'Olá, Agente Cardiologista!' is one,
 * 'Bom dia, paciente com febre há 3 dias' is a clinical question.
 */
function isGreeting(folded: string, agent: SpecialistAgent | undefined): boolean {
  if (!GREETING.test(folded) && !HELP.test(folded)) return false;
  const agentWords = new Set(foldForMatching(agent?.name ?? '').split(' '));
  const rest = folded
    .replace(new RegExp(GREETING.source, 'g'), ' ')
    .replace(new RegExp(HELP.source, 'g'), ' ')
    .split(' ')
    .filter((word) => word !== '' && !COURTESY_WORDS.has(word) && !agentWords.has(word));
  return rest.length <= 1;
}

function greeting(agent: SpecialistAgent | undefined): string {
  const who = agent
    ? `Sou o ${agent.name} do Prontu (${agent.specialty}).`
    : 'Sou o Prontu, assistente clínico para médicos.';
  return (
    `Olá! ${who} Este servidor está sem modelo de linguagem configurado, então respondo por ` +
    `regras fixas, sem IA. Posso responder:\n${CAPABILITIES}`
  );
}
