import { evidenceOfModelValues } from '@clinical/evidence/quoted-evidence';
import { emptyExtraction } from '@shared/ai/extraction';
import {
  doctorMessagesText,
  evidenceWithoutValues,
  withoutValues,
  type EvidencedExtraction,
} from '@shared/ai/extraction-evidence';
import {
  conversationRequestSchema,
  type AiRecord,
  type ConversationMessage,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import {
  EXTRACTION_FORMAT,
  readExtractionReply,
  quotesInstruction,
  type QuotedExtraction,
  quotedExtractionSchema,
  noEvidence,
  offlineEvidencedExtraction,
} from './extraction-reply';
import { extractionWithQuantities } from './medicines';
import { system, conversationText, recordSection } from './prompt';

/**
 * From the chat, with a model: only what the doctor's own messages hold reaches the record. A
 * value without a quote found in them (the assistant's replies do not count: a model cannot
 * vouch for itself) is left out of the answer and named in `unsupported`; the chat has no review
 * where the doctor could tick it.
 */
export const extractChatInfoTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  EvidencedExtraction,
  QuotedExtraction
> = {
  path: 'extract-chat-info',
  request: conversationRequestSchema,
  answer: quotedExtractionSchema,
  readReply: readExtractionReply,
  system: system(
    `Extraia da conversa entre o médico e o assistente os dados clínicos do paciente para o prontuário.\n${quotesInstruction('das mensagens do médico')}`,
    EXTRACTION_FORMAT,
  ),
  prompt: ({ messages, record }) => `${conversationText(messages)}${recordSection(record)}`,
  finish: ({ messages }, { quotes, ...reply }) => {
    const extraction = extractionWithQuantities(reply);
    const { evidence, unsupported } = evidenceOfModelValues(
      doctorMessagesText(messages),
      extraction,
      quotes,
    );
    return {
      ...withoutValues(extraction, unsupported),
      evidence: evidenceWithoutValues(evidence, unsupported),
      unsupported,
    };
  },
  offline: ({ messages }) => offlineEvidencedExtraction(doctorMessagesText(messages)),
  fallback: () => noEvidence(emptyExtraction()),
};
