import { aiBlockedBecause, type AiUseOutcome } from '@shared/ai/use';
import { recordsApi } from '@shared/api/records';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { api } from './api';
import { usePatient } from './patients';
import { useSettingsQuery } from './settings';

/** One use of AI in a visit's chart, as the answer that added it names it. */
export interface AiUseRef {
  recordId: string;
  useId: string;
}

/**
 * What this tab has already said of each use: a screen says it once, and a failed call is not
 * tried again on the next keystroke.
 */
const said = new Set<string>();

/**
 * Tells the server what the doctor did with an AI answer (docs/conformidade.md, "Uso de IA sob
 * a CFM 2.454/2026"); the server keeps the first word, but for accepted-then-edited. It is a
 * fact for monitoring, not the doctor's writing: it never holds the screen, and a failure is
 * logged, not shown nor retried.
 * @param use - the answer's use, absent when the visit was not named (nothing to tell)
 */
export function reportAiOutcome(use: AiUseRef | undefined, outcome: AiUseOutcome): void {
  if (!use) return;
  const key = `${use.useId}:${outcome}`;
  if (said.has(key)) return;
  said.add(key);
  api
    .call(recordsApi.setAiUseOutcome, {
      params: { id: use.recordId, useId: use.useId },
      body: { outcome },
    })
    .catch((error: unknown) => {
      console.warn('Não foi possível registrar o que foi feito com a resposta da IA.', error);
    });
}

/** The use an answer added to its visit's chart, when the request named the visit. */
export function aiUseOf(
  visit: { recordId?: string },
  useId: string | undefined,
): AiUseRef | undefined {
  return visit.recordId && useId ? { recordId: visit.recordId, useId } : undefined;
}

/**
 * Why AI may not help with the visit of this patient, as the screens say it (docs/conformidade.md,
 * "Uso de IA sob a CFM 2.454/2026"): `reason` is undefined when it may. `known` is false while her
 * chart or the settings are still being read: a screen that asks by itself waits for it; one that
 * waits for a click offers AI meanwhile, and the server refuses all the same.
 */
export function useAiBlock(patientId: string | undefined): {
  known: boolean;
  reason: string | undefined;
} {
  const settings = useSettingsQuery();
  const patient = usePatient(patientId);
  return {
    known: settings.data !== undefined && (patientId === undefined || patient.data !== undefined),
    reason: aiBlockedBecause(
      settings.data?.settings ?? DEFAULT_DOCTOR_SETTINGS,
      patient.data?.aiConsent,
    ),
  };
}
