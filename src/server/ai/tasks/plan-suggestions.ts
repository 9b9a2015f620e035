import {
  PLAN_SUGGESTIONS_FALLBACK,
  planSuggestionsAnswerSchema,
  recordTaskRequestSchema,
  type AiRecord,
} from '@shared/ai/tasks';
import { agreeWithVisit, generalPlanSuggestions } from '@shared/records/plan-suggestions';
import type { AiTask } from '../ai-task';
import { system, recordSection, OFFLINE_NOTE } from './prompt';

export const planSuggestionsTask: AiTask<
  { record: AiRecord; caseDescription?: string | undefined },
  typeof PLAN_SUGGESTIONS_FALLBACK
> = {
  path: 'plan-suggestions',
  request: recordTaskRequestSchema,
  answer: planSuggestionsAnswerSchema,
  system: system(
    'Você é um médico experiente. Sugira condutas para o plano terapêutico do caso, cada uma em uma frase curta.',
    '{"suggestions": ["..."], "reasoning": "...", "urgencyLevel": "low|medium|high", "followUpRecommendation": "..."}',
  ),
  prompt: ({ record, caseDescription }) =>
    `${caseDescription ?? ''}${recordSection(record)}`.trim() || 'Caso sem dados.',
  // What the doctor already wrote wins: no in-person advice in a face-to-face visit, her return
  // interval, nothing the plan already says (docs/product.md, "Etapa Plano").
  offline: ({ record }) => {
    const medications = record.prescriptions?.medications ?? [];
    const exams = record.prescriptions?.exams ?? [];
    return agreeWithVisit(
      {
        ...PLAN_SUGGESTIONS_FALLBACK,
        suggestions: [
          ...medications.map((item) => `Orientar uso de ${item.name} conforme prescrição`),
          ...exams.map((exam) => `Reavaliar com o resultado de ${exam.name}`),
          ...PLAN_SUGGESTIONS_FALLBACK.suggestions,
        ],
        reasoning: OFFLINE_NOTE,
      },
      record,
    );
  },
  fallback: ({ record }) => generalPlanSuggestions(record),
};
