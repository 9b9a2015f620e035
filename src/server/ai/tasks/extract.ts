import { evidenceOfModelValues } from '@clinical/evidence/quoted-evidence';
import { withSpeechContext } from '@clinical/extraction/spoken-context';
import { emptyExtraction } from '@shared/ai/extraction';
import type { EvidencedExtraction } from '@shared/ai/extraction-evidence';
import { extractionRequestSchema } from '@shared/ai/extraction-request';
import type { AiTask } from '../ai-task';
import {
  EXTRACTION_FORMAT,
  readExtractionReply,
  quotesInstruction,
  SPEECH_INSTRUCTION,
  type QuotedExtraction,
  quotedExtractionSchema,
  noEvidence,
  offlineEvidencedExtraction,
} from './extraction-reply';
import { extractionWithQuantities } from './medicines';
import { system } from './prompt';

export const extractTask: AiTask<
  { text: string; record?: Record<string, unknown> | undefined },
  EvidencedExtraction,
  QuotedExtraction
> = {
  path: 'extract',
  request: extractionRequestSchema,
  answer: quotedExtractionSchema,
  readReply: readExtractionReply,
  system: system(
    `Extraia os dados clínicos da consulta para o prontuário. O prontuário atual, se houver, é só contexto.\n${SPEECH_INSTRUCTION}\n${quotesInstruction('da consulta')}`,
    EXTRACTION_FORMAT,
  ),
  prompt: ({ text, record }) =>
    `Consulta:\n${text}${record ? `\n\nProntuário atual (JSON):\n${JSON.stringify(record)}` : ''}`,
  finish: ({ text }, { quotes, ...reply }) => {
    const extraction = withSpeechContext(text, extractionWithQuantities(reply));
    return { ...extraction, ...evidenceOfModelValues(text, extraction, quotes) };
  },
  offline: ({ text }) => offlineEvidencedExtraction(text),
  // docs/product.md, "Tarefas e respostas padrão": a failed extraction answers an empty one.
  fallback: () => noEvidence(emptyExtraction()),
};
