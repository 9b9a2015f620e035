import type { AiUseOutcome } from '../../shared/ai-use';
import { recordsApi } from '../../shared/api/records';
import { api } from './api';

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
