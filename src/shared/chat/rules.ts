import type { RecordContent } from '../records/medical-record';
import { patientAgeText, patientNameOf } from '../records/list-rules';

/** docs/product.md, "Caixa de mensagem": the app's chat input takes at most 500 characters. */
export const CHAT_INPUT_MAX_LENGTH = 500;

/**
 * docs/product.md, "Sugestões de prontuário e de receita": the record-creation check reads the last
 * 5 messages.
 */
export const RECENT_MESSAGES_FOR_DETECTION = 5;

/**
 * Updating a record or a receita from the chat reads the last 10 messages
 * (docs/product.md, "Comandos do prontuário" and "Comandos de receitas e lotes").
 */
export const RECENT_MESSAGES_FOR_UPDATE = 10;

/**
 * docs/product.md, "Sugestões de prontuário e de receita": a record is suggested only once the
 * conversation has more than this many messages.
 */
const MESSAGES_BEFORE_RECORD_CHECK = 2;

/** The prefixes of chat message ids (docs/product.md, "Conversa e respostas em streaming"). */
export type ChatMessageKind = 'user' | 'assistant' | 'system' | 'suggestion' | 'error' | 'record';

let messageCounter = 0;

/**
 * A chat message id: its kind, the time and a counter, so two messages made in the same
 * millisecond (a reply and its suggestion) still differ.
 * @param kind - what the message is
 * @param now - the time in ms, injectable for tests
 */
export function chatMessageId(kind: ChatMessageKind, now: number = Date.now()): string {
  messageCounter += 1;
  return `${kind}-${now}-${messageCounter}`;
}

/** What the chat input's placeholder depends on (docs/product.md, "Caixa de mensagem"). */
export interface ChatInputContext {
  /** Whether the open record already holds patient information. */
  hasPatientInfo: boolean;
  mode: 'general' | 'specialist';
  /** The chosen specialist, e.g. 'Agente Cardiologista'. */
  agentName?: string;
  patientName?: string;
}

/**
 * The chat input's placeholder: about the patient's case when the record has patient
 * information, else a general question in general mode, else a consultation with the
 * specialist.
 */
export function chatInputPlaceholder(ctx: ChatInputContext): string {
  if (ctx.hasPatientInfo) {
    const name = ctx.patientName?.replace(/\s+/g, ' ').trim();
    return name ? `Pergunte sobre o caso de ${name}...` : 'Pergunte sobre o caso do paciente...';
  }
  if (ctx.mode === 'general') return 'Faça uma pergunta médica...';
  const agent = ctx.agentName?.trim();
  return agent ? `Consulte o ${agent}...` : 'Consulte o especialista...';
}

/**
 * Whether, after a reply, to ask the model if the conversation should become a record
 * (docs/product.md, "Sugestões de prontuário e de receita"): only with no record open and more than
 * two messages.
 */
export function shouldCheckRecordCreation(state: {
  hasRecord: boolean;
  messageCount: number;
}): boolean {
  return !state.hasRecord && state.messageCount > MESSAGES_BEFORE_RECORD_CHECK;
}

/**
 * Whether the model's yes/no answer says yes: YES or SIM as a whole word, in any case.
 * 'SIMPLES' or 'YESTERDAY' do not count, nor does 'NÃO'.
 * @param text - the model's answer
 */
export function isAffirmativeAnswer(text: string): boolean {
  // \b is ASCII-only in JS; letters on either side (accented too) make it another word.
  return /(?<![\p{L}\p{N}])(?:yes|sim)(?![\p{L}\p{N}])/iu.test(text);
}

/**
 * The last `n` messages, oldest first; all of them when there are fewer.
 * @param messages - the conversation
 * @param n - how many to keep; 0 or less keeps none
 */
export function lastMessages<T>(messages: readonly T[], n: number): T[] {
  return n > 0 ? messages.slice(-n) : [];
}

export const AGE_NOT_INFORMED = 'Idade não informada';
export const COMPLAINT_NOT_INFORMED = 'Queixa não informada';

/** What the 'Atendimento em Andamento' card shows of the open record. */
export interface TreatmentCardSummary {
  name: string;
  age: string;
  complaint: string;
}

/**
 * The patient's name, age and chief complaint (with its duration) for the 'Atendimento em
 * Andamento' card (docs/product.md, "Cartão Atendimento em Andamento").
 * @param record - the open record
 */
export function treatmentCardSummary(record: RecordContent): TreatmentCardSummary {
  return {
    name: patientNameOf(record),
    age: patientAgeText(record.patientInfo?.age) ?? AGE_NOT_INFORMED,
    complaint: complaintWithDuration(record.symptoms?.chiefComplaint, record.symptoms?.duration),
  };
}

function complaintWithDuration(
  complaint: string | undefined,
  duration: string | undefined,
): string {
  const what = complaint?.replace(/\s+/g, ' ').trim();
  if (!what) return COMPLAINT_NOT_INFORMED;
  const since = duration?.replace(/\s+/g, ' ').trim();
  if (!since) return what;
  // '2 dias' reads 'há 2 dias'; a duration already phrased ('há 3 dias', 'desde ontem') is
  // kept as written.
  if (/^h[áa]\s/i.test(since)) return `${what} ${since}`;
  if (
    /^(?:\d|uma?\b|dois\b|duas\b|três\b|tres\b|alguns\b|algumas\b|poucos\b|poucas\b|mais\b|cerca\b)/i.test(
      since,
    )
  ) {
    return `${what} há ${since}`;
  }
  return `${what}, ${since}`;
}

/**
 * docs/product.md, "Tela inicial e cabeçalho do chat", automatic switch: on a narrow screen an
 * empty chat gives way to the voice consultation, whether or not the doctor's name and CRM are set.
 * Once per browser session, so that 'Voltar ao Chat' leads to the chat rather
 * than straight back.
 */
export function shouldOpenMobileConsultation(state: {
  narrowScreen: boolean;
  hasMessages: boolean;
  alreadyOpenedThisSession: boolean;
}): boolean {
  return state.narrowScreen && !state.hasMessages && !state.alreadyOpenedThisSession;
}
