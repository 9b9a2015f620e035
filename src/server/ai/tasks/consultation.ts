import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import { doctorMessagesText } from '@shared/ai/extraction-evidence';
import type { AiRecord, ConversationMessage } from '@shared/ai/tasks';
import { conversationText, recordSection } from './prompt';

/** The consultation text a task reads: the transcript, else what the doctor wrote in the chat. */
export function consultationOf(input: {
  messages?: ConversationMessage[] | undefined;
  transcript?: string | undefined;
}) {
  return input.transcript?.trim() || doctorMessagesText(input.messages ?? []);
}

/** What the offline engine knows of the consultation: the text's extraction over the record's. */
export function offlineExtraction(text: string, record: AiRecord | undefined): ExtractionResult {
  const fromText = text ? extractMedicalData(text) : emptyExtraction();
  if (!record) return fromText;
  const base = emptyExtraction();
  return {
    ...fromText,
    patientInfo: {
      ...base.patientInfo,
      ...record.patientInfo,
      ...definedFields(fromText.patientInfo),
    },
    symptoms: { ...base.symptoms, ...record.symptoms, ...definedFields(fromText.symptoms) },
    physicalExam: {
      ...record.physicalExam,
      ...definedFields(fromText.physicalExam),
      vitalSigns: { ...record.physicalExam?.vitalSigns, ...fromText.physicalExam.vitalSigns },
    },
    assessment: [record.assessment, fromText.assessment].filter(Boolean).join('\n\n'),
    plan: [record.plan, fromText.plan].filter(Boolean).join('\n\n'),
    prescriptions: {
      medications: [
        ...(record.prescriptions?.medications ?? []),
        ...(fromText.prescriptions.medications ?? []),
      ],
      exams: [...(record.prescriptions?.exams ?? []), ...(fromText.prescriptions.exams ?? [])],
    },
  };
}

/** The fields holding something: an empty list or text from the text does not erase the record's. */
function definedFields<T extends object>(part: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(part).filter(([, value]) =>
      Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '',
    ),
  ) as Partial<T>;
}

export type ConsultationInput = {
  messages?: ConversationMessage[] | undefined;
  transcript?: string | undefined;
  record?: AiRecord | undefined;
};

export const consultationPrompt = (input: ConsultationInput) =>
  [
    input.transcript?.trim() && `Transcrição da consulta:\n${input.transcript}`,
    input.messages?.length && `Conversa:\n${conversationText(input.messages)}`,
    recordSection(input.record).trim(),
  ]
    .filter(Boolean)
    .join('\n\n');
