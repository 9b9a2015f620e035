import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { containsMedicalTerms } from '@clinical/transcript/clean-up';
import { doctorMessagesText } from '@shared/ai/extraction-evidence';
import {
  conversationRequestSchema,
  shouldCreateRecordAnswerSchema,
  type AiRecord,
  type ConversationMessage,
} from '@shared/ai/tasks';
import {
  isAffirmativeAnswer,
  lastMessages,
  RECENT_MESSAGES_FOR_DETECTION,
} from '@shared/chat/rules';
import type { AiTask } from '../ai-task';
import { conversationText } from './prompt';

export const shouldCreateRecordTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  { shouldCreate: boolean }
> = {
  path: 'should-create-record',
  request: conversationRequestSchema,
  answer: shouldCreateRecordAnswerSchema,
  system:
    'Você decide se a conversa entre um médico e o assistente descreve o atendimento de um ' +
    'paciente específico, que deveria ter um prontuário. Responda apenas SIM ou NÃO.',
  prompt: ({ messages }) => conversationText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION)),
  readReply: (reply) => ({ shouldCreate: isAffirmativeAnswer(reply) }),
  model: 'chat',
  offline: ({ messages }) => {
    const text = doctorMessagesText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION));
    const found = extractMedicalData(text);
    const aboutAPatient =
      Boolean(found.patientInfo.name) ||
      found.patientInfo.age !== undefined ||
      Boolean(found.symptoms.chiefComplaint);
    return { shouldCreate: aboutAPatient && containsMedicalTerms(text) };
  },
  fallback: () => ({ shouldCreate: false }),
};
