import { useQueries } from '@tanstack/react-query';
import { warningsAwaitingReason, type SafetyWarning } from '../../shared/prescription-safety';
import type { ReceitaPrescription } from '../../shared/receita-document';
import { receitaSafetyCheck } from '../../shared/receita-safety';
import { patientQuery } from '../data/patients';
import { safetyCheckQuery } from './safety-warnings';

/** A receita's safety check: its warnings, and whether one still needs the doctor's reason. */
export interface ReceitaSafety {
  warnings: SafetyWarning[];
  /** Not answered yet: nothing is known, so it is not issued yet either. */
  checking: boolean;
  /** A grave or contraindicated warning without a reason: it cannot be issued yet. */
  awaitingReason: boolean;
}

const CHECKING: ReceitaSafety = { warnings: [], checking: true, awaitingReason: false };
const NOTHING_TO_CHECK: ReceitaSafety = { warnings: [], checking: false, awaitingReason: false };

/**
 * The prescribing safety check of each receita, with its patient's chart when it names her
 * (allergies, medicines in use). A signed or cancelled receita is past asking: its warnings show,
 * and none waits for a reason.
 * @returns each receita's check by its id
 */
export function useReceitasSafety(
  receitas: readonly ReceitaPrescription[],
): ReadonlyMap<string, ReceitaSafety> {
  const patientIds = [...new Set(receitas.flatMap(({ patientId }) => patientId ?? []))];
  const charts = useQueries({ queries: patientIds.map((id) => patientQuery(id)) });
  const chartOf = new Map(patientIds.map((id, index) => [id, charts[index]]));
  const checks = useQueries({
    queries: receitas.map((receita) => {
      const chart = receita.patientId === undefined ? undefined : chartOf.get(receita.patientId);
      const query = safetyCheckQuery(receitaSafetyCheck(receita, chart?.data));
      // Her allergies and medicines in use are part of the check: it waits for her chart (or
      // for its failure, and then goes on with the receita alone).
      return { ...query, enabled: query.enabled && chart?.isPending !== true };
    }),
  });
  return new Map(
    receitas.map((receita, index) => {
      if (receita.medications.length === 0) return [receita.id, NOTHING_TO_CHECK];
      const warnings = checks[index]?.data;
      if (!warnings) return [receita.id, CHECKING];
      const closed = receita.signedAt !== undefined || receita.cancellation !== undefined;
      const awaiting = warningsAwaitingReason(warnings, receita.safetyReasons ?? []);
      return [
        receita.id,
        { warnings, checking: false, awaitingReason: !closed && awaiting.length > 0 },
      ];
    }),
  );
}
