import { buildConsultationFeedback } from '@clinical/anamnesis/consultation-feedback';
import { anamnesisRequestSchema, consultationFeedbackAnswerSchema } from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import {
  consultationOf,
  offlineExtraction,
  type ConsultationInput,
  consultationPrompt,
} from './consultation';
import { system } from './prompt';

export const consultationFeedbackTask: AiTask<
  ConsultationInput,
  ReturnType<typeof buildConsultationFeedback>
> = {
  path: 'consultation-feedback',
  request: anamnesisRequestSchema,
  answer: consultationFeedbackAnswerSchema,
  system: system(
    'Você é um preceptor médico. Resuma a consulta e dê um retorno construtivo ao médico.',
    '{"mainSymptoms": "...", "relevantFindings": "...", "clinicalDiscussion": "...", "conductGuidance": "...", "humanAspects": "...", "doctorFeedback": "...", "generatedAt": "<data ISO>"}',
  ),
  prompt: consultationPrompt,
  offline: (input, engine) => {
    const text = consultationOf(input);
    return buildConsultationFeedback(
      offlineExtraction(text, input.record),
      engine.now(),
      text || undefined,
    );
  },
  fallback: (input) => {
    const text = consultationOf(input);
    return buildConsultationFeedback(
      offlineExtraction(text, input.record),
      new Date(),
      text || undefined,
    );
  },
};
