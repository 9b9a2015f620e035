import { parseQuickPrescription } from '@clinical/prescriptions/quick-prescription';
import {
  EMPTY_PRESCRIPTION_EXTRACTION,
  prescriptionExtractionAnswerSchema,
  quickPrescriptionRequestSchema,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { withComputedQuantities } from './medicines';
import { system } from './prompt';

export const quickPrescriptionTask: AiTask<{ text: string }, typeof EMPTY_PRESCRIPTION_EXTRACTION> =
  {
    path: 'quick-prescription',
    request: quickPrescriptionRequestSchema,
    answer: prescriptionExtractionAnswerSchema,
    system: system(
      'Transforme o pedido do médico numa receita: paciente, idade, diagnóstico e cada medicamento com dose (dosage, ex.: "500mg"), dose por tomada como escrita (dosePerIntake, ex.: "1 comprimido", "10 gotas"), frequência por extenso (ex.: "A cada 8 horas"), duração, dias de tratamento e instruções, sem abreviações.',
      '{"patientName": "...", "patientAge": "...", "diagnosis": "...", "medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "...", "quantity": "<dias de tratamento>", "instructions": "..."}], "notes": "...", "confidence": 0.0, "extractedSections": ["patientName", "medications"]}',
    ),
    prompt: ({ text }) => text,
    // The quantity to dispense is computed here from the parts, never a model's number.
    finish: (_input, answer) => ({
      ...answer,
      medications: withComputedQuantities(answer.medications),
    }),
    // docs/product.md, "Receita rápida": when the model fails, the rule parser answers, silently.
    offline: ({ text }) => parseQuickPrescription(text),
    fallback: ({ text }) => parseQuickPrescription(text),
  };
