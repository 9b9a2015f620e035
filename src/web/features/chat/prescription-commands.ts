import type { PrescriptionExtraction } from '@shared/ai/tasks';
import { lastMessages, RECENT_MESSAGES_FOR_UPDATE } from '@shared/chat/rules';
import type { AiSource } from '@shared/ai/protocol';
import type { PresentedPrescription } from '@shared/api/prescriptions';
import type { ChatMessage } from '@shared/chat/conversation';
import {
  fillPrescriptionTemplate,
  type ReceitaSettings,
} from '@shared/prescriptions/receita-document';
import { quickPrescriptionQuality } from '@shared/prescriptions/prescription';
import { PRESCRIPTION_MESSAGES, type PrescribingDoctor } from '@shared/prescriptions/draft';
import { defaultPrintSelection, printsBatch } from '@shared/prescriptions/receita-print-selection';
import { COMMAND_ERROR_MESSAGES, type SlashCommand } from '@shared/chat/slash-commands';
import { conversationForTasks } from '../../data/record-from-chat';
import { errorText } from '../../data/api';
import { extractPrescription, extractQuickPrescription } from '../../data/ai-tasks';
import type { PrescriptionActions } from '../../data/prescription-actions';

/**
 * The prescription slash commands (docs/product.md, "Comandos de receitas e lotes"): receitas and
 * lotes written from the chat. Each returns the answer the chat shows (Markdown).
 */

/** What the print dialog opens with. */
export interface PrintRequest {
  /** The receitas to choose from. */
  prescriptions: readonly PresentedPrescription[];
  /** Ids of those ticked at first; all of them when left out. */
  selectedIds?: readonly string[];
  /** The lote's name, when printing a lote. */
  batchName?: string;
}

export interface PrescriptionCommandContext {
  prescriptions: PrescriptionActions;
  doctor: PrescribingDoctor;
  /**
   * The doctor's settings: their receita template
   * (docs/product.md, "Modelos de prontuário e de receita"), filled by /mostrar-receita.
   */
  settings: ReceitaSettings;
  messages: readonly ChatMessage[];
  /** The patient of the open record, if one is open: whose receitas print first. */
  openRecordPatientName?: string | undefined;
  /** Opens the print preview with these receitas to choose from. */
  openPrint: (request: PrintRequest) => void;
  /**
   * Shows the notice of docs/product.md, "Erros dos comandos" when there is nothing to print,
   * as the screen shows an action's error.
   */
  warn: (message: string) => void;
}

const NOTHING_TO_PRINT = 'Nenhuma prescrição para imprimir!';

/**
 * docs/product.md, "Erros dos comandos": what to try when nothing could be read from a quick
 * prescription.
 */
const QUICK_TIPS = [
  'Dicas:',
  '- mencione o paciente (ex.: "Maria 45 anos");',
  '- inclua ao menos um medicamento com a dose (ex.: "amoxicilina 500mg");',
  '- use termos conhecidos para a frequência e a duração (ex.: "8/8h por 7 dias").',
].join('\n');

/** A receita as the chat shows it: patient, then each medicine on its own line. */
export function describePrescription(prescription: PresentedPrescription): string {
  const age = prescription.patientAge ? `, ${prescription.patientAge} anos` : '';
  const lines = [`**Receita de ${prescription.patientName}${age}**`];
  if (prescription.diagnosis) lines.push(`Diagnóstico: ${prescription.diagnosis}`);
  prescription.medications.forEach((medication, index) => {
    const parts = [medication.dosage, medication.frequency, medication.duration]
      .filter(Boolean)
      .join(' — ');
    lines.push(`${index + 1}. ${medication.name}${parts ? ` — ${parts}` : ''}`);
  });
  if (prescription.notes) lines.push(`Observações: ${prescription.notes}`);
  return lines.join('\n');
}

/**
 * The receita in the doctor's template (docs/product.md, "Modelos de prontuário e de receita"), in
 * a fenced block so the chat keeps its lines; variables with nothing to fill stay visible.
 */
export function prescriptionTemplateBlock(
  prescription: PresentedPrescription,
  settings: ReceitaSettings,
): string {
  const text = fillPrescriptionTemplate(prescription, settings);
  // A fence longer than any run of backticks in the text, so the text cannot close it.
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** What the chat says once a receita is started from the conversation's suggestion. */
export const PRESCRIPTION_STARTED_FROM_CHAT =
  'Receita iniciada. Use /finalizar-receita para salvar.';

/**
 * 'Criar Receita' (docs/product.md, "Sugestões de prontuário e de receita"): extracts the receita
 * from the last 10 exchanged messages and starts it. Returns the answer the chat shows (Markdown):
 * the receita, or the error.
 * @param ctx - the prescription actions, the doctor who signs and the conversation
 */
export async function startPrescriptionFromConversation(
  ctx: Pick<PrescriptionCommandContext, 'prescriptions' | 'doctor' | 'messages'>,
): Promise<string> {
  try {
    const messages = lastMessages(conversationForTasks(ctx.messages), RECENT_MESSAGES_FOR_UPDATE);
    const { answer } = await extractPrescription(messages);
    const result = await ctx.prescriptions.start(answer, ctx.doctor);
    return result.ok
      ? `${describePrescription(result.value)}\n\n${PRESCRIPTION_STARTED_FROM_CHAT}`
      : result.error;
  } catch (error) {
    console.warn('Falha ao criar a receita da conversa.', error);
    return COMMAND_ERROR_MESSAGES['prescription-process'];
  }
}

/**
 * Runs one prescription command; the guards of docs/product.md, "Como os comandos são lidos" have
 * already passed.
 */
export async function runPrescriptionCommand(
  command: SlashCommand,
  text: string,
  ctx: PrescriptionCommandContext,
): Promise<string> {
  const { prescriptions } = ctx;
  switch (command.id) {
    case 'start-prescription': {
      try {
        const { answer } = await extractQuickPrescription(text);
        const result = await prescriptions.start(answer, ctx.doctor);
        return result.ok
          ? `${describePrescription(result.value)}\n\nReceita iniciada. Use /adicionar-medicamento, /finalizar-receita ou /cancelar-receita.`
          : result.error;
      } catch (error) {
        console.warn('Falha ao iniciar a receita.', error);
        return COMMAND_ERROR_MESSAGES['prescription-create'];
      }
    }
    case 'add-medication': {
      try {
        const { answer } = await extractQuickPrescription(text);
        const medication = answer.medications[0];
        if (!medication || medication.name === 'Medicamento mencionado') {
          return COMMAND_ERROR_MESSAGES['prescription-process'];
        }
        const result = await prescriptions.addMedication(medication);
        return result.ok ? describePrescription(result.value) : result.error;
      } catch (error) {
        console.warn('Falha ao adicionar o medicamento.', error);
        return COMMAND_ERROR_MESSAGES['prescription-process'];
      }
    }
    case 'update-prescription': {
      try {
        const messages = lastMessages(
          conversationForTasks(ctx.messages),
          RECENT_MESSAGES_FOR_UPDATE,
        );
        const withText = text ? [...messages, { role: 'user' as const, content: text }] : messages;
        if (withText.length === 0) return COMMAND_ERROR_MESSAGES['prescription-update'];
        const { answer } = await extractPrescription(withText);
        const result = await prescriptions.update(answer);
        return result.ok ? describePrescription(result.value) : result.error;
      } catch (error) {
        console.warn('Falha ao atualizar a receita.', error);
        return COMMAND_ERROR_MESSAGES['prescription-update'];
      }
    }
    case 'show-prescription': {
      const current = prescriptions.state.current;
      return current
        ? `${describePrescription(current)}\n\n${prescriptionTemplateBlock(current, ctx.settings)}`
        : COMMAND_ERROR_MESSAGES['prescription-process'];
    }
    case 'finalize-prescription': {
      const result = await prescriptions.finalize();
      return result.ok
        ? `${describePrescription(result.value)}\n\nReceita finalizada e salva. Use /imprimir-receitas para imprimir.`
        : result.error;
    }
    case 'cancel-prescription': {
      const result = await prescriptions.cancel();
      return result.ok ? 'Receita cancelada.' : result.error;
    }
    case 'quick-prescription': {
      let extraction: PrescriptionExtraction;
      let source: AiSource;
      try {
        ({ answer: extraction, source } = await extractQuickPrescription(text));
      } catch (error) {
        const detail = errorText(error, 'Erro desconhecido');
        return `Não foi possível criar a receita rápida: ${detail}\n\n${QUICK_TIPS}`;
      }
      if (extraction.medications.every((item) => item.name === 'Medicamento mencionado')) {
        return `Não encontrei nenhum medicamento no texto.\n\n${QUICK_TIPS}`;
      }
      const result = await prescriptions.quick(extraction, ctx.doctor);
      if (!result.ok)
        return `Não foi possível criar a receita rápida: ${result.error}\n\n${QUICK_TIPS}`;
      // Made, but held as a draft until the doctor gives her reason for a grave warning.
      if (!result.value.isFinalized) {
        return [describePrescription(result.value), '', PRESCRIPTION_MESSAGES.heldForSafety].join(
          '\n',
        );
      }
      const batch = prescriptions.state.batch;
      return [
        describePrescription(result.value),
        '',
        `Receita rápida criada e finalizada (qualidade ${quickPrescriptionQuality(extraction, source !== 'model')}%).${
          batch ? ` Incluída no lote "${batch.name}".` : ''
        } Use /imprimir-receitas para imprimir.`,
      ].join('\n');
    }
    case 'start-batch': {
      const result = await prescriptions.startBatch(text || undefined);
      return result.ok
        ? `Lote "${result.value.name}" iniciado. As receitas rápidas entram nele; use /adicionar-ao-lote para a receita atual.`
        : result.error;
    }
    case 'add-to-batch': {
      const result = await prescriptions.addCurrentToBatch();
      return result.ok
        ? `Receita adicionada ao lote "${result.value.name}" (${result.value.prescriptionIds.length} no lote).`
        : result.error;
    }
    case 'show-batch': {
      const { batch, saved, current } = prescriptions.state;
      if (!batch) return COMMAND_ERROR_MESSAGES['prescription-process'];
      const known = [...saved, ...(current ? [current] : [])];
      const names = batch.prescriptionIds.map((id, index) => {
        const prescription = known.find((item) => item.id === id);
        return `${index + 1}. ${prescription ? prescription.patientName : id}`;
      });
      return [`**Lote "${batch.name}"** (${batch.prescriptionIds.length} receitas)`, ...names].join(
        '\n',
      );
    }
    case 'finalize-batch': {
      const result = await prescriptions.finalizeBatch();
      return result.ok
        ? `Lote "${result.value.name}" finalizado com ${result.value.prescriptionIds.length} receitas. Use /imprimir-receitas para imprimir.`
        : result.error;
    }
    case 'print-prescriptions': {
      const latest = prescriptions.latestBatchWithPrescriptions();
      if (latest && printsBatch(latest.batch.prescriptionIds, prescriptions.state.saved)) {
        ctx.openPrint({ prescriptions: latest.prescriptions, batchName: latest.batch.name });
        return `Abrindo a impressão do lote "${latest.batch.name}".`;
      }
      const { saved, current } = prescriptions.state;
      // The draft being written prints too: printing issues it, once it passes the safety check.
      const printable = current && !current.isFinalized ? [current, ...saved] : saved;
      if (printable.length === 0) {
        ctx.warn(NOTHING_TO_PRINT);
        return NOTHING_TO_PRINT;
      }
      // The current patient's receitas of today are ticked; the doctor may tick others.
      const selection = defaultPrintSelection(
        printable,
        {
          openRecordPatientName: ctx.openRecordPatientName,
          justMadePatientName: current?.patientName,
        },
        new Date(),
      );
      ctx.openPrint({ prescriptions: selection.choices, selectedIds: selection.selectedIds });
      const count = selection.selectedIds.length;
      const patient = selection.patientName ?? 'o paciente';
      return count === 0
        ? `Abrindo a impressão: nenhuma receita de hoje para ${patient}. Escolha as receitas a imprimir.`
        : `Abrindo a impressão de ${count === 1 ? 'uma receita' : `${count} receitas`} de ${patient}.`;
    }
    default:
      return COMMAND_ERROR_MESSAGES['prescription-process'];
  }
}
