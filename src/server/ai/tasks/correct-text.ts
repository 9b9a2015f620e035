import { cleanUpTranscript } from '@clinical/transcript/clean-up';
import {
  correctTextRequestSchema,
  correctedTextAnswerSchema,
  type CorrectedText,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { system } from './prompt';

export const correctTextTask: AiTask<CorrectedText, CorrectedText> = {
  path: 'correct-text',
  request: correctTextRequestSchema,
  answer: correctedTextAnswerSchema,
  system: system(
    'Corrija ortografia, gramática e terminologia médica dos campos recebidos, sem mudar o sentido.',
    '{"chiefComplaint": "...", "additionalInfo": "...", "assessment": "...", "plan": "..."} (só os campos recebidos)',
  ),
  prompt: (input) => JSON.stringify(input),
  // Only the fields sent come back, and a blank correction keeps the doctor's text.
  finish: (input, answer) =>
    Object.fromEntries(
      Object.entries(input).map(([key, original]) => {
        const corrected = answer[key as keyof CorrectedText];
        return [key, corrected?.trim() ? corrected : original];
      }),
    ),
  offline: (input) => mapFields(input, cleanUpTranscript),
  // docs/product.md, "Tarefas e respostas padrão": text correction returns the input unchanged.
  fallback: (input) => input,
};

function mapFields(input: CorrectedText, change: (text: string) => string): CorrectedText {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, value.trim() ? change(value) : value]),
  );
}
