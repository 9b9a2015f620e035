import type { QueryClient } from '@tanstack/react-query';
import { lastMessages, RECENT_MESSAGES_FOR_UPDATE } from '@shared/chat/rules';
import { doctorMessagesText, saidValues, type SaidValue } from '@shared/ai/extraction-evidence';
import { patientNameTypedFirst } from '@shared/chat/start-record-command';
import { recordSummaryMessage } from '@shared/records/chat-context';
import { finalizationGaps } from '@shared/records/flow';
import { patientNameOf } from '@shared/records/list-rules';
import {
  COMMAND_ERROR_MESSAGES,
  dispatchSlashCommand,
  findSlashCommand,
  suggestCommands,
  type CommandState,
  type SlashCommand,
} from '@shared/chat/slash-commands';
import {
  conversationForTasks,
  recordContentOf,
  startRecordFromConversation,
} from '../../data/record-from-chat';
import { FINALIZED_OFFLINE_MESSAGE, type OpenRecordActions } from '../../data/open-record';
import { extractChatInfo } from '../../data/ai-tasks';
import { patientForVisitNamed } from '../../data/patients';
import type { ChatConversationActions } from '../../data/chat';
import type { InputSuggestion } from '../../ui/chat/chat-input';
import type { RecordDisplayMode, WorkspaceView } from '../../data/workspace-views';

/**
 * The chat's slash commands (docs/product.md, "Comandos de barra"): what the doctor types after '/'
 * runs here instead of going to the model. The command and its answer both stay in the
 * conversation.
 */

/**
 * docs/product.md, "Comandos do prontuário": the start command opens the record 1 s later when the
 * extraction is confident.
 */
const OPEN_RECORD_DELAY_MS = 1_000;
const OPEN_RECORD_CONFIDENCE = 0.7;

export interface CommandContext {
  chat: ChatConversationActions;
  record: OpenRecordActions;
  openView: (view: WorkspaceView, mode?: RecordDisplayMode) => void;
  /** The query cache: a patient created for a new record joins the patient lists. */
  queryCache: QueryClient;
  /** Runs a prescription command (`prescription-commands.ts`); undefined until it is wired. */
  runPrescriptionCommand?: (command: SlashCommand, text: string) => Promise<string>;
  state: Omit<CommandState, 'hasRecord'>;
}

/** The command suggestions for the chat input, while the first word is being typed. */
export function commandSuggestions(text: string): InputSuggestion[] {
  if (!/^\/\S*$/.test(text)) return [];
  const suggestions = suggestCommands(text).map(({ command, word }) => ({
    value: `${word} `,
    label: word,
    description: command.description,
  }));
  // A command typed in full ('/imprimir', an alias) comes first, so Enter runs it as typed.
  const typed = findSlashCommand(text);
  const exact = typed && [typed.name, ...typed.aliases].find((word) => word === text);
  if (!typed || !exact) return suggestions;
  return [
    { value: `${exact} `, label: exact, description: typed.description },
    ...suggestions.filter((suggestion) => suggestion.label !== exact),
  ];
}

/**
 * Runs what the doctor typed when it is a slash command.
 * @returns false when the text is no command (it goes to the model)
 */
export async function runSlashCommand(input: string, ctx: CommandContext): Promise<boolean> {
  const record = ctx.record.record;
  const dispatch = dispatchSlashCommand(input, {
    ...ctx.state,
    hasRecord: record !== undefined && record.status === 'em_andamento',
  });
  if (!dispatch) return false;
  ctx.chat.post('user', input.trim(), 'command');
  if (dispatch.kind === 'reply') {
    ctx.chat.post('assistant', dispatch.message, 'command');
    return true;
  }
  const { command, text } = dispatch;
  let answer: string;
  if (command.group === 'prescription') {
    answer = ctx.runPrescriptionCommand
      ? await ctx.runPrescriptionCommand(command, text)
      : COMMAND_ERROR_MESSAGES['prescription-process'];
  } else {
    answer = await runRecordCommand(command, text, ctx);
  }
  ctx.chat.post('assistant', answer, 'command');
  return true;
}

async function runRecordCommand(
  command: SlashCommand,
  text: string,
  ctx: CommandContext,
): Promise<string> {
  const store = ctx.record;
  switch (command.id) {
    case 'start-record': {
      try {
        const messages = text
          ? [
              ...ctx.chat.current().messages,
              { id: 'command-text', role: 'user' as const, content: text, timestamp: '' },
            ]
          : ctx.chat.current().messages;
        const patientName = patientNameTypedFirst(text);
        const confidence = await startRecordFromConversation(store, messages, patientName);
        const patientNote = patientName ? await linkPatientNamed(ctx, patientName) : '';
        if (confidence > OPEN_RECORD_CONFIDENCE) {
          setTimeout(() => ctx.openView('medical-record'), OPEN_RECORD_DELAY_MS);
        }
        const started = store.record;
        return started
          ? `Prontuário iniciado para ${patientNameOf(started)} (confiança ${Math.round(confidence * 100)}%).${patientNote} Use /mostrar-prontuario para abri-lo.`
          : COMMAND_ERROR_MESSAGES['record-start'];
      } catch (error) {
        console.warn('Falha ao iniciar o prontuário pelo chat.', error);
        return COMMAND_ERROR_MESSAGES['record-start'];
      }
    }
    case 'update-record': {
      try {
        const current = store.record;
        const recent = lastMessages(
          conversationForTasks(ctx.chat.current().messages),
          RECENT_MESSAGES_FOR_UPDATE,
        );
        const messages = text ? [...recent, { role: 'user' as const, content: text }] : recent;
        if (messages.length === 0) return COMMAND_ERROR_MESSAGES['record-update'];
        const { answer } = await extractChatInfo({
          messages,
          ...(current ? { record: recordContentOf(current) } : {}),
        });
        const { evidence, unsupported, ...extraction } = answer;
        store.mergeExtraction(extraction);
        const said = saidValues(extraction, evidence, doctorMessagesText(messages));
        return `Prontuário atualizado com a conversa (confiança ${Math.round(answer.confidence * 100)}%).${leftOutNote(unsupported.length)}${saidValuesNote(said)}`;
      } catch (error) {
        console.warn('Falha ao atualizar o prontuário pelo chat.', error);
        return COMMAND_ERROR_MESSAGES['record-update'];
      }
    }
    case 'show-record':
      ctx.openView('medical-record');
      return 'Abrindo o prontuário.';
    case 'finalize-record': {
      const current = store.record;
      if (!current) return COMMAND_ERROR_MESSAGES['record-update'];
      // The same checks as 'Finalizar consulta' (docs/product.md, "Finalização do prontuário").
      const gaps = finalizationGaps(current);
      if (gaps.length > 0) {
        return `O prontuário não foi finalizado:\n${gaps.map((gap) => `- ${gap.message}`).join('\n')}`;
      }
      if ((await store.finalize()) !== 'sent') {
        return FINALIZED_OFFLINE_MESSAGE;
      }
      const summary = recordSummaryMessage(current, patientNameOf(current));
      store.clear();
      return summary;
    }
    case 'cancel-record': {
      const current = store.record;
      const name = current ? patientNameOf(current) : 'o paciente';
      await store.cancel();
      return `Prontuário de ${name} cancelado.`;
    }
    default:
      return COMMAND_ERROR_MESSAGES['record-update'];
  }
}

/**
 * Files the record just started under the patient the doctor named: her one patient of that name,
 * or a new one (docs/product.md, "Comandos do prontuário"). A failure leaves the record without a
 * patient, as the patient step can still link it.
 * @returns what the answer adds about her chart
 */
async function linkPatientNamed(ctx: CommandContext, name: string): Promise<string> {
  const record = ctx.record.record;
  if (!record || record.patientId) return '';
  try {
    const found = await patientForVisitNamed(ctx.queryCache, {
      ...record.patientInfo,
      name,
    });
    if (!found.patient) {
      return ` Há ${found.homonyms} pacientes seus com este nome: escolha a ficha na etapa Paciente.`;
    }
    ctx.record.linkPatient(found.patient);
    return found.created
      ? ` Paciente novo cadastrado: ${found.patient.name}.`
      : ` Consulta na ficha de ${found.patient.name}.`;
  } catch (error) {
    console.warn('Paciente não vinculado ao prontuário.', error);
    return ' Não foi possível vincular o paciente: escolha a ficha na etapa Paciente.';
  }
}

/** The most values the answer lists with their words; the rest are counted. */
const SAID_VALUES_LISTED = 8;

/**
 * What went into the record, each value with the words of the doctor's messages it came from:
 * '\n\nDe onde veio cada dado:\n- Alergia: Dipirona — “alergia a dipirona”'.
 */
export function saidValuesNote(said: readonly SaidValue[]): string {
  if (said.length === 0) return '';
  const listed = said
    .slice(0, SAID_VALUES_LISTED)
    .map(({ label, value, words }) => `- ${label}: ${value} — “${words}”`);
  const more = said.length - listed.length;
  const rest = more === 0 ? [] : [more === 1 ? '- e mais 1 dado.' : `- e mais ${more} dados.`];
  return `\n\nDe onde veio cada dado:\n${[...listed, ...rest].join('\n')}`;
}

/** What the model gave that the doctor's messages do not hold, and so stayed out of the record. */
export function leftOutNote(count: number): string {
  if (count === 0) return '';
  return count === 1
    ? ' 1 dado que não está nas suas mensagens ficou de fora.'
    : ` ${count} dados que não estão nas suas mensagens ficaram de fora.`;
}
