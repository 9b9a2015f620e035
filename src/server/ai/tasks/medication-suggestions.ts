import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import {
  MEDICATION_SUGGESTIONS_FALLBACK,
  MEDICATION_SUGGESTIONS_ON_ERROR,
  medicationSuggestionsAnswerSchema,
  recordTaskRequestSchema,
  type AiRecord,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { withDosingHint } from './medicines';
import { system, recordSection, caseText, OFFLINE_NOTE } from './prompt';

export const medicationSuggestionsTask: AiTask<
  { record: AiRecord; caseDescription?: string | undefined },
  typeof MEDICATION_SUGGESTIONS_FALLBACK
> = {
  path: 'medication-suggestions',
  request: recordTaskRequestSchema,
  answer: medicationSuggestionsAnswerSchema,
  system: system(
    'Você é um médico experiente. Sugira medicamentos para o caso, com dose usual de adulto, considerando alergias e medicamentos em uso. Explique brevemente cada um.',
    '{"medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "...", "instructions": "...", "explanation": "..."}], "warnings": ["..."], "reasoning": "..."}',
  ),
  prompt: ({ record, caseDescription }) =>
    `${caseDescription ?? ''}${recordSection(record)}`.trim() || 'Caso sem dados.',
  offline: ({ record, caseDescription }) => {
    const mentioned = extractMedicalData(caseText(record, caseDescription)).prescriptions
      .medications;
    if (mentioned === undefined || mentioned.length === 0) {
      return {
        medications: [],
        warnings: [
          'Modo offline: sugestões de medicamentos para o caso precisam de um modelo de IA configurado.',
        ],
        reasoning: OFFLINE_NOTE,
      };
    }
    return {
      medications: mentioned.map(withDosingHint),
      warnings: ['Verificar alergias antes da prescrição'],
      reasoning: `${OFFLINE_NOTE} Medicamentos citados no caso, com a posologia usual da tabela.`,
    };
  },
  fallback: () => MEDICATION_SUGGESTIONS_FALLBACK,
  onError: () => MEDICATION_SUGGESTIONS_ON_ERROR,
};
