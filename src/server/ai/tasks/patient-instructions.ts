import {
  completeModelDraft,
  draftPatientInstructions,
} from '@clinical/patient-instructions/offline-draft';
import {
  patientInstructionsReplySchema,
  patientInstructionsRequestSchema,
  patientMedicinesOf,
  type PatientInstructionsAnswer,
  type PatientInstructionsRequest,
  type PatientInstructionsText,
} from '@shared/documents/patient-instructions';
import type { AiRecord } from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import { recordSection } from './prompt';

/**
 * The model's instructions. Unlike the other tasks, the page is for the patient: plain words,
 * not medical language (docs/documentos.md, "Orientações ao paciente"), and no dose — the
 * medicines section is the prescription's, by code.
 */
const SYSTEM = [
  'Você é um médico escrevendo as orientações que o paciente leva para casa depois da consulta.',
  'Escreva em português do Brasil, falando diretamente com o paciente ("você"), em frases curtas e palavras simples, sem termos técnicos nem abreviações (escreva "pressão alta", nunca "HAS"; "diabetes", nunca "DM2").',
  'Use apenas o que está no prontuário: não invente diagnóstico, exame nem conduta.',
  'condition: o que o paciente tem, explicado em palavras simples. care: os cuidados em casa que o plano pede (alimentação, repouso, hidratação…), um por linha, ou "" se o plano não pede nenhum. warningSigns: quando procurar atendimento de urgência — ligar para o SAMU (192) ou ir ao pronto-socorro —, uma linha de abertura e um sinal por linha, começando com "- ". followUp: quando voltar, com o prazo de retorno do plano, se houver.',
  'Não escreva nomes de remédios com doses, quantidades, horários nem duração do tratamento: essa parte vem da receita, copiada pelo sistema.',
  'Responda somente com um objeto JSON válido, sem texto antes ou depois, sem blocos de código.',
  'Formato: {"condition": "...", "care": "...", "warningSigns": "...", "followUp": "..."}',
].join('\n');

/** The answer: the drafted sections and the prescription's medicines, copied by code. */
function answerOf(record: AiRecord, text: PatientInstructionsText): PatientInstructionsAnswer {
  return { ...text, medicines: patientMedicinesOf(record.prescriptions?.medications) };
}

/**
 * `POST /api/ai/patient-instructions`: the draft of the orientações ao paciente for the visit's
 * record. The model writes the words; the offline engine writes them by rules when there is no
 * model, and stands in as the fallback when the model fails. Either way the medicines come from
 * the prescription, and the doctor edits and approves the page before it is issued.
 */
export const patientInstructionsTask: AiTask<
  PatientInstructionsRequest,
  PatientInstructionsAnswer,
  PatientInstructionsText
> = {
  path: 'patient-instructions',
  request: patientInstructionsRequestSchema,
  answer: patientInstructionsReplySchema,
  model: 'reasoning',
  system: SYSTEM,
  prompt: ({ record }) => recordSection(record).trim() || 'Prontuário sem dados.',
  finish: ({ record }, reply) => answerOf(record, completeModelDraft(reply, record)),
  offline: ({ record }) => answerOf(record, draftPatientInstructions(record)),
  fallback: ({ record }) => answerOf(record, draftPatientInstructions(record)),
};
