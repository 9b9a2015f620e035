import { cleanUpTranscript } from '@clinical/transcript/clean-up';
import { processSectionRequestSchema, processedTextAnswerSchema } from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { system } from './prompt';

export const processSectionTask: AiTask<
  { text: string; section: 'symptoms' | 'assessment' },
  { processedText: string }
> = {
  path: 'process-section',
  request: processSectionRequestSchema,
  answer: processedTextAnswerSchema,
  system: system(
    'Reescreva o texto da seção do prontuário em linguagem médica clara, mantendo todas as informações.',
    '{"processedText": "..."}',
  ),
  prompt: ({ text, section }) =>
    `Seção: ${section === 'symptoms' ? 'sintomas' : 'avaliação'}\nTexto: ${text}`,
  offline: ({ text }) => ({ processedText: cleanUpTranscript(text) }),
  fallback: ({ text }) => ({ processedText: text }),
};
