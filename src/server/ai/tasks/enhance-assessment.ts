import { cleanUpTranscript } from '@clinical/transcript/clean-up';
import {
  assessmentEnhancementAnswerSchema,
  enhanceAssessmentRequestSchema,
} from '@shared/ai/tasks';
import { assessmentEnhancementFallback } from '@shared/records/step-rules';
import type { AiTask } from '../ai-task';
import { cidSuggestions } from './cid-suggestions';
import { system } from './prompt';

export const enhanceAssessmentTask: AiTask<
  { text: string; chiefComplaint?: string | undefined; generalAppearance?: string | undefined },
  ReturnType<typeof assessmentEnhancementFallback>
> = {
  path: 'enhance-assessment',
  request: enhanceAssessmentRequestSchema,
  answer: assessmentEnhancementAnswerSchema,
  system: system(
    'Reescreva a avaliação clínica em linguagem médica formal e sugira os códigos CID-10 mais prováveis (com ponto, ex.: M54.5).',
    '{"improvedText": "...", "suggestedCIDs": [{"code": "...", "description": "...", "category": "...", "confidence": 0.0}], "confidence": 0.0}',
  ),
  prompt: ({ text, chiefComplaint, generalAppearance }) =>
    [
      `Avaliação: ${text}`,
      chiefComplaint && `Queixa principal: ${chiefComplaint}`,
      generalAppearance && `Exame físico: ${generalAppearance}`,
    ]
      .filter(Boolean)
      .join('\n'),
  offline: ({ text }, engine) => ({
    improvedText: cleanUpTranscript(text),
    suggestedCIDs: cidSuggestions(engine, text, 3),
    confidence: 0.5,
  }),
  fallback: ({ text }) => assessmentEnhancementFallback(text),
};
