import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { doctorMessagesText } from '@shared/ai/extraction-evidence';
import {
  conversationRequestSchema,
  prescriptionDetectionAnswerSchema,
  type AiRecord,
  type ConversationMessage,
} from '@shared/ai/tasks';
import { lastMessages, RECENT_MESSAGES_FOR_DETECTION } from '@shared/chat/rules';
import type { AiTask } from '../ai-task';
import { system, conversationText } from './prompt';

const PRESCRIBING = /\b(receit|prescrev|prescri|tomar|tome|posologia)/i;

export const detectPrescriptionTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  { hasPrescription: boolean; confidence: number }
> = {
  path: 'detect-prescription',
  request: conversationRequestSchema,
  answer: prescriptionDetectionAnswerSchema,
  system: system(
    'Decida se a conversa contém a prescrição de medicamentos para um paciente.',
    '{"hasPrescription": true, "confidence": 0.0}',
  ),
  prompt: ({ messages }) => conversationText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION)),
  offline: ({ messages }) => {
    const text = doctorMessagesText(lastMessages(messages, RECENT_MESSAGES_FOR_DETECTION));
    const medicines = extractMedicalData(text).prescriptions.medications?.length ?? 0;
    const hasPrescription = medicines > 0 && PRESCRIBING.test(text);
    return { hasPrescription, confidence: hasPrescription ? 0.7 : medicines > 0 ? 0.4 : 0.1 };
  },
  fallback: () => ({ hasPrescription: false, confidence: 0 }),
};
