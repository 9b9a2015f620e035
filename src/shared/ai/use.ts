import { z } from 'zod';

/**
 * The use of AI in a visit, recorded in its chart (docs/conformidade.md, "Uso de IA sob a CFM
 * 2.454/2026"): every AI or automatic step that touched the visit, who answered it, when, and
 * what the doctor did with it.
 */

/** Each AI route of `/api/ai/` that can touch a visit, by its path, as the chart names it. */
export const AI_USE_TASK_LABELS = {
  transcribe: 'Transcrição da gravação',
  extract: 'Extração dos dados da consulta',
  'structured-anamnesis': 'Anamnese estruturada',
  'medication-suggestions': 'Sugestão de medicamentos',
  'exam-suggestions': 'Sugestão de exames',
  'plan-suggestions': 'Sugestão de plano',
  'enhance-assessment': 'Revisão da avaliação',
  'cid-search': 'Busca de CID-10',
  'correct-text': 'Correção de texto',
  'process-section': 'Processamento de seção do prontuário',
  'extract-chat-info': 'Extração de dados da conversa',
  'consultation-feedback': 'Feedback da consulta',
  'extract-prescription': 'Extração da receita',
  'quick-prescription': 'Receita rápida',
  'detect-prescription': 'Detecção de prescrição na conversa',
  'should-create-record': 'Sugestão de prontuário na conversa',
  'item-info': 'Informação sobre medicamento ou exame',
  'patient-instructions': 'Orientações ao paciente',
  chat: 'Chat com o contexto do prontuário',
} as const;
export type AiUseTask = keyof typeof AI_USE_TASK_LABELS;
export const AI_USE_TASKS = Object.keys(AI_USE_TASK_LABELS) as [AiUseTask, ...AiUseTask[]];

/** What the doctor did with what the AI gave, where the app knows. */
export const AI_USE_OUTCOMES = ['accepted', 'edited', 'discarded'] as const;
export type AiUseOutcome = (typeof AI_USE_OUTCOMES)[number];
export const AI_USE_OUTCOME_LABELS: Readonly<Record<AiUseOutcome, string>> = {
  accepted: 'aceito',
  edited: 'editado',
  discarded: 'descartado',
};

/**
 * The outcome a use takes when the doctor's next act says `proposed`: the first word stands,
 * except that an answer accepted and then changed by hand becomes 'edited'. An answer once
 * discarded is gone from the screen, so nothing later changes it.
 * @returns the new outcome, or undefined when the use keeps the one it has
 */
export function nextAiUseOutcome(
  current: AiUseOutcome | undefined,
  proposed: AiUseOutcome,
): AiUseOutcome | undefined {
  if (current === undefined) return proposed;
  return current === 'accepted' && proposed === 'edited' ? 'edited' : undefined;
}

/** Who answered when no language model is configured: Prontu's own rules. */
export const OFFLINE_ENGINE_SOURCE = 'motor offline (regras)';
/** Who answered when the model failed and the task's default answer was given instead. */
export const FALLBACK_SOURCE = 'resposta padrão do Prontu (o modelo não respondeu)';

/** One use, as the record carries it. */
export const aiUseSchema = z.object({
  id: z.string(),
  task: z.enum(AI_USE_TASKS),
  /** The model's name, or {@link OFFLINE_ENGINE_SOURCE}, or {@link FALLBACK_SOURCE}. */
  source: z.string(),
  /** ISO 8601. */
  at: z.string(),
  outcome: z.enum(AI_USE_OUTCOMES).optional(),
});
export type AiUse = z.output<typeof aiUseSchema>;

/** `PUT /api/medical-records/:id/ai-use/:useId`: what the doctor did with it. */
export const aiUseOutcomeSchema = z.strictObject({ outcome: z.enum(AI_USE_OUTCOMES) });

/** The response header that names the use an AI answer added to its visit's chart. */
export const AI_USE_HEADER = 'X-Prontu-AI-Use';

/** One use as the chart's 'Uso de IA' prints it: 'Sugestão de exames — motor offline (regras) — aceito'. */
export function aiUseLine(use: AiUse, when: (iso: string) => string): string {
  const outcome = use.outcome ? ` — ${AI_USE_OUTCOME_LABELS[use.outcome]}` : '';
  return `${when(use.at)} — ${AI_USE_TASK_LABELS[use.task]} — ${use.source}${outcome}`;
}

/** How far back Settings looks at the doctor's own uses of AI. */
export const AI_USE_SUMMARY_DAYS = 30;

/** One feature's uses in the period: how many, and what the doctor did with them where known. */
export const aiUseFeatureSummarySchema = z.object({
  task: z.enum(AI_USE_TASKS),
  total: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  edited: z.number().int().nonnegative(),
  discarded: z.number().int().nonnegative(),
});
export type AiUseFeatureSummary = z.output<typeof aiUseFeatureSummarySchema>;

/** `GET /api/settings/ai-use`: the doctor's uses of AI since `since`, per feature. */
export const aiUseSummarySchema = z.object({
  since: z.string(),
  features: z.array(aiUseFeatureSummarySchema),
});
export type AiUseSummary = z.output<typeof aiUseSummarySchema>;

/**
 * Per feature, from counts grouped by task and outcome: the features in the order of
 * {@link AI_USE_TASK_LABELS}, only those used.
 */
export function summariseAiUses(
  counts: readonly { task: AiUseTask; outcome: AiUseOutcome | null; count: number }[],
): AiUseFeatureSummary[] {
  const byTask = new Map<AiUseTask, AiUseFeatureSummary>();
  for (const { task, outcome, count } of counts) {
    const feature = byTask.get(task) ?? { task, total: 0, accepted: 0, edited: 0, discarded: 0 };
    feature.total += count;
    if (outcome) feature[outcome] += count;
    byTask.set(task, feature);
  }
  return AI_USE_TASKS.flatMap((task) => {
    const feature = byTask.get(task);
    return feature ? [feature] : [];
  });
}

/** The patient's word on AI in her care (CFM 2.454/2026): told and agreed, or refused. */
export const AI_CONSENT_STATUSES = ['informada', 'recusou'] as const;
export type AiConsentStatus = (typeof AI_CONSENT_STATUSES)[number];

/** As her chart keeps it: what she said, who recorded it and when. */
export const aiConsentSchema = z.object({
  status: z.enum(AI_CONSENT_STATUSES),
  recordedBy: z.string(),
  /** ISO 8601. */
  at: z.string(),
});
export type AiConsent = z.output<typeof aiConsentSchema>;

/**
 * What the doctor confirms before a consultation is recorded: the patient is told when AI is
 * used in her care, and may refuse it. Never ticked for her, never inferred.
 */
export const RECORDING_CONSENT_LABEL =
  'Confirmo que o paciente foi informado da gravação e do uso de IA na consulta, e concordou.';

/** What the screens say of a patient who refused AI in her care. */
export const AI_REFUSED_NOTICE = 'Paciente recusou o uso de IA';

/** What the screens say when the doctor switched AI off in her settings. */
export const AI_DISABLED_NOTICE = 'IA desligada nas Configurações';

/**
 * Why AI may not help with this visit, as the screens say it, or undefined when it may: the
 * doctor switched it off, or the visit's patient refused it. The server refuses the same
 * (409 `ai_disabled`, `ai_refused`); the screens say it before anything is asked.
 */
export function aiBlockedBecause(
  settings: { aiEnabled: boolean },
  consent: AiConsent | undefined,
): string | undefined {
  if (!settings.aiEnabled) return AI_DISABLED_NOTICE;
  return consent?.status === 'recusou' ? AI_REFUSED_NOTICE : undefined;
}

/** Her word on AI as her chart states it: 'Ciente e de acordo', 'Recusou', or not yet asked. */
export const AI_CONSENT_LABELS: Readonly<Record<AiConsentStatus | 'none', string>> = {
  informada: 'Ciente e de acordo com o uso de IA',
  recusou: 'Recusou o uso de IA',
  none: 'Ainda não registrado',
};
