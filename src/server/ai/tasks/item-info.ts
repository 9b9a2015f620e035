import { findDosingHint } from '@clinical/medications/dosing';
import {
  ITEM_INFO_ERROR,
  itemInfoAnswerSchema,
  itemInfoRequestSchema,
  type ConversationMessage,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { conversationText } from './prompt';

export const itemInfoTask: AiTask<
  {
    item: { kind: 'medication' | 'exam'; name: string; details?: string | undefined };
    question: string;
    history: ConversationMessage[];
  },
  { answer: string }
> = {
  path: 'item-info',
  request: itemInfoRequestSchema,
  answer: itemInfoAnswerSchema,
  model: 'chat',
  system:
    'Você responde a um médico, em português do Brasil e em poucas frases, perguntas sobre um ' +
    'medicamento ou exame: indicação, posologia usual, contraindicações, interações, preparo. ' +
    'As informações são apenas informativas e não substituem a bula nem o julgamento clínico.',
  prompt: ({ item, question, history }) =>
    [
      `${item.kind === 'medication' ? 'Medicamento' : 'Exame'}: ${item.name}${item.details ? ` (${item.details})` : ''}`,
      conversationText(history),
      `Médico: ${question}`,
    ]
      .filter(Boolean)
      .join('\n'),
  readReply: (reply) => ({ answer: reply }),
  offline: ({ item }) => ({ answer: offlineItemInfo(item) }),
  fallback: () => ({ answer: ITEM_INFO_ERROR }),
};

function offlineItemInfo(item: { kind: 'medication' | 'exam'; name: string }): string {
  const needsModel =
    'Perguntas abertas sobre este item precisam de um modelo de IA configurado no servidor (modo offline).';
  if (item.kind === 'exam') {
    return `Modo offline: não tenho uma descrição de "${item.name}" na base local. ${needsModel}`;
  }
  const hint = findDosingHint(item.name);
  if (!hint) {
    return `Modo offline: "${item.name}" não está na tabela de posologia do Prontu. ${needsModel}`;
  }
  return [
    `Modo offline — posologia usual de adulto de ${hint.name}, pela tabela do Prontu:`,
    `- Dose: ${hint.dosage}`,
    `- Frequência: ${hint.frequency}`,
    `- Duração usual: ${hint.duration}`,
    `- Orientações: ${hint.instructions}`,
    'Ajuste ao paciente (peso, função renal e hepática, alergias). ' + needsModel,
  ].join('\n');
}
