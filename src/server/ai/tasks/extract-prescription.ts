import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { doctorMessagesText } from '@shared/ai/extraction-evidence';
import {
  EMPTY_PRESCRIPTION_EXTRACTION,
  conversationRequestSchema,
  prescriptionExtractionAnswerSchema,
  type AiRecord,
  type ConversationMessage,
} from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { withComputedQuantities, withDosingHint } from './medicines';
import { system, conversationText, recordSection } from './prompt';

/**
 * docs/product.md, "Limiares de confiança": the confidence of a prescription extraction — name 0.2,
 * medicines up to 0.7, diagnosis 0.1.
 */
function prescriptionConfidence(
  hasName: boolean,
  medicines: number,
  hasDiagnosis: boolean,
): number {
  const score = (hasName ? 0.2 : 0) + Math.min(0.7, medicines * 0.35) + (hasDiagnosis ? 0.1 : 0);
  return Math.round(score * 100) / 100;
}

export const extractPrescriptionTask: AiTask<
  { messages: ConversationMessage[]; record?: AiRecord | undefined },
  typeof EMPTY_PRESCRIPTION_EXTRACTION
> = {
  path: 'extract-prescription',
  request: conversationRequestSchema,
  answer: prescriptionExtractionAnswerSchema,
  system: system(
    'Extraia da conversa a receita médica: paciente, idade, diagnóstico e cada medicamento com dose, frequência, duração e instruções.',
    '{"patientName": "...", "patientAge": "...", "diagnosis": "...", "medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "...", "instructions": "..."}], "notes": "...", "confidence": 0.0, "extractedSections": ["patientName", "medications"]}',
  ),
  prompt: ({ messages, record }) => `${conversationText(messages)}${recordSection(record)}`,
  finish: (_input, answer) => ({
    ...answer,
    medications: withComputedQuantities(answer.medications),
  }),
  offline: ({ messages, record }) => {
    const found = extractMedicalData(doctorMessagesText(messages));
    const patientName = found.patientInfo.name ?? record?.patientInfo?.name ?? '';
    const age = found.patientInfo.age ?? record?.patientInfo?.age;
    const diagnosis = found.assessment || record?.assessment || '';
    const medications = withComputedQuantities(
      (found.prescriptions.medications ?? []).map(withDosingHint),
    );
    return {
      patientName,
      patientAge: age === undefined ? '' : String(age),
      diagnosis,
      medications,
      notes: '',
      confidence: prescriptionConfidence(
        Boolean(patientName),
        medications.length,
        Boolean(diagnosis),
      ),
      extractedSections: [
        ...(patientName ? ['patientName'] : []),
        ...(age !== undefined ? ['patientAge'] : []),
        ...(diagnosis ? ['diagnosis'] : []),
        ...(medications.length ? ['medications'] : []),
      ],
    };
  },
  fallback: () => EMPTY_PRESCRIPTION_EXTRACTION,
};
