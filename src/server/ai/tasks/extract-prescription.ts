import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { prescriptionConfidence } from '@clinical/prescriptions/quick-prescription';
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
      confidence: prescriptionConfidence({ patientName, diagnosis, medications }),
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
