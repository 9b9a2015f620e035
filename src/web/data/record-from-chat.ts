import { aiApi } from '@shared/api/ai';
import type { ChatMessage } from '@shared/chat/conversation';
import { lastMessages, RECENT_MESSAGES_FOR_UPDATE } from '@shared/chat/rules';
import type { RecordContent } from '@shared/records/medical-record';
import type { OpenRecordActions } from './open-record';
import { api } from './api';

/**
 * What the chat does with the open record
 * (docs/product.md, "Criar, abrir, sair e cancelar" and "Anamnese estruturada"): start one from the
 * conversation, and draw its structured anamnesis from it.
 */

/** The conversation as the AI tasks read it: the exchange, without notes and errors. */
export function conversationForTasks(
  messages: readonly ChatMessage[],
): { role: 'user' | 'assistant'; content: string }[] {
  return messages
    .filter(
      (message): message is ChatMessage & { role: 'user' | 'assistant' } =>
        message.role !== 'system' && !message.kind && message.content.trim() !== '',
    )
    .map(({ role, content }) => ({ role, content }));
}

/** The record's content, as the AI tasks read it (no ids, dates or versions). */
export function recordContentOf(record: RecordContent): RecordContent {
  const {
    patientInfo,
    symptoms,
    physicalExam,
    assessment,
    prescriptions,
    plan,
    structuredAnamnesis,
  } = record;
  return Object.fromEntries(
    Object.entries({
      patientInfo,
      symptoms,
      physicalExam,
      assessment,
      prescriptions,
      plan,
      structuredAnamnesis,
    }).filter(([, value]) => value !== undefined),
  );
}

/**
 * docs/product.md, "Criar, abrir, sair e cancelar": starting from chat creates the record, then
 * fills it with what the conversation says. An extraction that fails still leaves an empty record.
 * @param patientName - the name the doctor typed for this visit (`/iniciar-prontuario Ana…`): the
 *   record's patient name, whatever the extraction reads
 * @returns the extraction's confidence (0 when it failed)
 */
export async function startRecordFromConversation(
  store: OpenRecordActions,
  messages: readonly ChatMessage[],
  patientName?: string,
): Promise<number> {
  const conversation = lastMessages(conversationForTasks(messages), RECENT_MESSAGES_FOR_UPDATE * 2);
  let confidence = 0;
  await store.create(patientName ? { patientInfo: { name: patientName } } : {});
  if (conversation.length === 0) return confidence;
  try {
    const { answer } = await api.call(aiApi.extractChatInfo, {
      body: { messages: conversation },
    });
    store.mergeExtraction(
      patientName
        ? { ...answer, patientInfo: { ...answer.patientInfo, name: patientName } }
        : answer,
    );
    confidence = answer.confidence;
  } catch (error) {
    // docs/product.md, "Criar, abrir, sair e cancelar": extraction failures are logged and
    // swallowed; the record stays as started.
    console.warn('Extração da conversa indisponível.', error);
  }
  return confidence;
}

/**
 * Asked before a structured anamnesis is drawn with no record open: it creates one, which the
 * doctor must agree to (else a record nobody asked for, often 'Paciente sem nome', is left).
 */
export const NEW_RECORD_FOR_ANAMNESIS = {
  title: 'Criar um novo prontuário?',
  question:
    'Nenhum prontuário está aberto. Para gerar a anamnese estruturada, será criado um novo prontuário com os dados desta conversa.',
  confirmLabel: 'Criar prontuário',
} as const;

/**
 * Draws the structured anamnesis of the open record from the conversation and stores it.
 * @throws ApiError when the server refused (the caller says so)
 */
export async function generateAnamnesisFromConversation(
  store: OpenRecordActions,
  messages: readonly ChatMessage[],
): Promise<void> {
  const record = store.record;
  const conversation = conversationForTasks(messages).slice(-50);
  const { answer } = await api.call(aiApi.structuredAnamnesis, {
    body: {
      ...(conversation.length ? { messages: conversation } : {}),
      ...(record ? { record: recordContentOf(record) } : {}),
    },
  });
  store.setPart('structuredAnamnesis', answer);
}
