/**
 * The AI tasks of docs/product.md, "Tarefas e respostas padrão", one per route under `/api/ai/`:
 * the model's instructions, the offline engine's answer and the fallback (resposta padrão) for
 * each. The chat itself streams and lives in `chat-routes.ts`.
 */

import { defineAiTask } from '../ai-task';
import { correctTextTask } from './correct-text';
import { planSuggestionsTask } from './plan-suggestions';
import { medicationSuggestionsTask } from './medication-suggestions';
import { examSuggestionsTask } from './exam-suggestions';
import { enhanceAssessmentTask } from './enhance-assessment';
import { cidSearchTask } from './cid-search';
import { processSectionTask } from './process-section';
import { extractTask } from './extract';
import { extractChatInfoTask } from './extract-chat-info';
import { shouldCreateRecordTask } from './should-create-record';
import { structuredAnamnesisTask } from './structured-anamnesis';
import { consultationFeedbackTask } from './consultation-feedback';
import { detectPrescriptionTask } from './detect-prescription';
import { extractPrescriptionTask } from './extract-prescription';
import { quickPrescriptionTask } from './quick-prescription';
import { itemInfoTask } from './item-info';
import { patientInstructionsTask } from './patient-instructions';

/** Every structured task (the table of docs/product.md, "Tarefas e respostas padrão"). */
export const AI_TASKS = [
  defineAiTask(correctTextTask),
  defineAiTask(planSuggestionsTask),
  defineAiTask(medicationSuggestionsTask),
  defineAiTask(examSuggestionsTask),
  defineAiTask(enhanceAssessmentTask),
  defineAiTask(cidSearchTask),
  defineAiTask(processSectionTask),
  defineAiTask(extractTask),
  defineAiTask(extractChatInfoTask),
  defineAiTask(shouldCreateRecordTask),
  defineAiTask(structuredAnamnesisTask),
  defineAiTask(consultationFeedbackTask),
  defineAiTask(detectPrescriptionTask),
  defineAiTask(extractPrescriptionTask),
  defineAiTask(itemInfoTask),
  defineAiTask(quickPrescriptionTask),
  defineAiTask(patientInstructionsTask),
];
