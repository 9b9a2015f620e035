import type { AiRecord, ConversationMessage } from '@shared/ai/tasks';
import { recordChatContext } from '@shared/records/chat-context';

/** Every structured task asks for JSON only, in Brazilian Portuguese clinical language. */
const JSON_ONLY =
  'Responda somente com um objeto JSON válido, sem texto antes ou depois, sem blocos de código. ' +
  'Escreva em português do Brasil, em linguagem médica. Use apenas o que está no texto: não ' +
  'invente dados do paciente.';

export const system = (task: string, shape: string) => `${task}\n${JSON_ONLY}\nFormato: ${shape}`;

/** A conversation as the prompt shows it: 'Médico:' for the doctor, 'Assistente:' for replies. */
export function conversationText(messages: readonly ConversationMessage[]): string {
  return messages
    .filter((message) => message.role !== 'system')
    .map((message) => `${message.role === 'user' ? 'Médico' : 'Assistente'}: ${message.content}`)
    .join('\n');
}

export const recordSection = (record: AiRecord | undefined) => {
  const context = record ? recordChatContext(record) : '';
  return context ? `\n\nProntuário atual:\n${context}` : '';
};

/** The case as written in the record and the doctor's description, for the offline engine. */
export function caseText(record: AiRecord, caseDescription?: string): string {
  return [caseDescription, record.symptoms?.chiefComplaint, record.assessment, record.plan]
    .filter((text): text is string => Boolean(text?.trim()))
    .join('\n');
}

export const OFFLINE_NOTE =
  'Modo offline: análise por regras do Prontu, sem modelo de IA configurado.';
