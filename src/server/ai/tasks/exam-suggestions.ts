import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import {
  EXAM_SUGGESTIONS_FALLBACK,
  EXAM_SUGGESTIONS_ON_ERROR,
  examSuggestionsAnswerSchema,
  recordTaskRequestSchema,
  type AiRecord,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { system, recordSection, caseText, OFFLINE_NOTE } from './prompt';

export const examSuggestionsTask: AiTask<
  { record: AiRecord; caseDescription?: string | undefined },
  typeof EXAM_SUGGESTIONS_FALLBACK
> = {
  path: 'exam-suggestions',
  request: recordTaskRequestSchema,
  answer: examSuggestionsAnswerSchema,
  system: system(
    'Você é um médico experiente. Sugira exames complementares pertinentes ao caso, com justificativa.',
    '{"exams": [{"name": "...", "type": "laboratorial|imagem|funcional|outro", "priority": "rotina|urgente|eletivo", "justification": "..."}], "reasoning": "...", "priority": "routine|urgent"}',
  ),
  prompt: ({ record, caseDescription }) =>
    `${caseDescription ?? ''}${recordSection(record)}`.trim() || 'Caso sem dados.',
  offline: ({ record, caseDescription }) => {
    const exams = extractMedicalData(caseText(record, caseDescription)).prescriptions.exams ?? [];
    return exams.length > 0
      ? { exams, reasoning: `${OFFLINE_NOTE} Exames citados no caso.`, priority: 'routine' }
      : { ...EXAM_SUGGESTIONS_FALLBACK, reasoning: `${OFFLINE_NOTE} Exames gerais.` };
  },
  fallback: () => EXAM_SUGGESTIONS_FALLBACK,
  onError: () => EXAM_SUGGESTIONS_ON_ERROR,
};
