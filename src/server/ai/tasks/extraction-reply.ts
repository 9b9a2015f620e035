import { evidenceOfOwnValues, type ValueQuotes } from '@clinical/evidence/quoted-evidence';
import { extractWithRuleSpans } from '@clinical/extraction/extract-medical-data';
import type { ExtractionResult } from '@shared/ai/extraction';
import type { EvidencedExtraction } from '@shared/ai/extraction-evidence';
import { assessmentToText, planToText } from '@shared/ai/extraction-paragraphs';
import { extractionResultSchema } from '@shared/ai/tasks';
import { z } from 'zod';
import { parseModelJson } from '../model-json';
import { extractionWithQuantities } from './medicines';

export const EXTRACTION_FORMAT =
  '{"patientInfo": {"name": "...", "age": 0, "gender": "masculino|feminino|outro", "allergies": [], "medications": [], "chronicConditions": []}, ' +
  '"symptoms": {"chiefComplaint": "...", "currentSymptoms": [], "duration": "...", "intensity": "leve|moderada|intensa", "additionalInfo": "..."}, ' +
  '"physicalExam": {"vitalSigns": {"bloodPressure": "120/80", "heartRate": 0, "respiratoryRate": 0, "temperature": 0, "oxygenSaturation": 0, "height": 0, "weight": 0}, "generalAppearance": "..."}, ' +
  '"assessment": "...", "plan": "...", "prescriptions": {"medications": [{"name": "...", "dosage": "...", "dosePerIntake": "...", "frequency": "...", "duration": "..."}], "exams": [{"name": "..."}]}, ' +
  '"confidence": 0.0, "extractedSections": ["patientInfo", "symptoms", "physicalExam", "assessment", "plan", "prescriptions"]} ' +
  '(omita o que não foi dito)';

/**
 * How a consultation is spoken, for a model that reads it (docs/product.md, "Fala como se fala"):
 * the same readings the offline engine makes, so a transcript without punctuation, with a relative
 * talking, loses nothing and files nothing in the wrong place.
 */
export const SPEECH_INSTRUCTION = [
  'A consulta pode ser uma transcrição sem pontuação, com o paciente, um acompanhante e o médico falando.',
  'Em "patientInfo.medications", liste todos os medicamentos que o paciente usa hoje, por longa que seja a lista, mesmo ditos sem vírgulas.',
  'Deixe fora dela o que ele parou, suspendeu ou nega usar, e o que é de um parente.',
  'Em "prescriptions.medications", ponha tudo o que o médico prescreve ou administra hoje, mesmo dito de passagem ("vou fazer um soro", "leva dipirona").',
  'Condições de um parente (histórico familiar) não são do paciente. Um diagnóstico feito hoje vai em "assessment", nunca em "chronicConditions".',
  'Idade gestacional (semanas de gravidez, DUM) nunca é "duration": ponha-a em "additionalInfo".',
  'Medidas feitas em casa ou em outro serviço não são os sinais vitais de hoje: ponha-as em "additionalInfo".',
].join(' ');

/**
 * A model's extraction as the record reads it: object-shaped assessment and plan become the
 * labelled paragraphs of docs/product.md, "Mescla de dados extraídos", then each field is validated
 * on its own.
 */
export function readExtractionReply(reply: string): unknown {
  const raw = parseModelJson(reply);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const fields = raw as Record<string, unknown>;
  return {
    ...fields,
    assessment: assessmentToText(fields.assessment),
    plan: planToText(fields.plan),
  };
}

/**
 * The verbatim quotes a model gives for its values (docs/api.md, "Motor offline"): the server finds each in the text
 * itself; what is missing or wrong is dropped here and the value becomes unsupported.
 */
const valueQuotesSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .catch({});

/**
 * The instruction to quote each value, verbatim, from where it must come.
 * @param source - 'da consulta', 'das mensagens do médico'
 */
export const quotesInstruction = (source: string) =>
  `Para cada valor extraído, copie em "quotes" o trecho literal ${source} que o sustenta, ` +
  'palavra por palavra, com o caminho do campo como chave: "patientInfo.name", ' +
  '"patientInfo.allergies[0]", "physicalExam.vitalSigns.bloodPressure", ' +
  `"prescriptions.medications[1]", "assessment". Um valor sem trecho literal ${source} não deve ` +
  'ser extraído. Exemplo: {"patientInfo": {"allergies": ["dipirona"]}, "quotes": ' +
  '{"patientInfo.allergies[0]": "tenho alergia a dipirona"}}';

/** A model's extraction with the quotes it gives for its values. */
export type QuotedExtraction = ExtractionResult & { quotes: ValueQuotes };

export const quotedExtractionSchema: z.ZodType<QuotedExtraction> = z
  .intersection(extractionResultSchema, z.object({ quotes: valueQuotesSchema.default({}) }))
  .transform(({ quotes, ...extraction }) => ({ ...extraction, quotes }));

export const noEvidence = (extraction: ExtractionResult): EvidencedExtraction => ({
  ...extraction,
  evidence: {},
  unsupported: [],
});

/** The offline engine's extraction of a text, with the words each value came from. */
export function offlineEvidencedExtraction(text: string): EvidencedExtraction {
  const { result, ruleSpans } = extractWithRuleSpans(text);
  const extraction = extractionWithQuantities(result);
  return { ...noEvidence(extraction), evidence: evidenceOfOwnValues(text, extraction, ruleSpans) };
}
