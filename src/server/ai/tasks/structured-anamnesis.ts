import { buildStructuredAnamnesis } from '@clinical/anamnesis/structured-anamnesis';
import { anamnesisRequestSchema, structuredAnamnesisAnswerSchema } from '@shared/ai/tasks';
import type { AiTask } from '../ai-task';
import {
  consultationOf,
  offlineExtraction,
  type ConsultationInput,
  consultationPrompt,
} from './consultation';
import { system } from './prompt';

export const structuredAnamnesisTask: AiTask<
  ConsultationInput,
  ReturnType<typeof buildStructuredAnamnesis>
> = {
  path: 'structured-anamnesis',
  request: anamnesisRequestSchema,
  answer: structuredAnamnesisAnswerSchema,
  system: system(
    'Você é um médico experiente. Escreva a anamnese estruturada da consulta. Use "Não informado" quando o dado não foi dito e "Não avaliado" para exame não realizado.',
    '{"identificacao": {"nome": "...", "sexo": "...", "idade": "..."}, "queixaPrincipal": "...", "historiaDoencaAtual": "...", "antecedentesPessoais": "...", "antecedentesFamiliares": "...", "habitosVida": "...", "exameFisico": "...", "historiaSocial": "...", "hipotesesDiagnosticas": "...", "condutas": "...", "orientacoes": "...", "resumoClinico": "...", "confidence": 0.0}',
  ),
  prompt: consultationPrompt,
  offline: (input) => {
    const text = consultationOf(input);
    return buildStructuredAnamnesis(offlineExtraction(text, input.record), text || undefined);
  },
  // docs/product.md, "Tarefas e respostas padrão": a failed anamnesis is swallowed; the offline
  // engine's is the honest empty-ish one.
  fallback: (input) => {
    const text = consultationOf(input);
    return buildStructuredAnamnesis(offlineExtraction(text, input.record), text || undefined);
  },
};
