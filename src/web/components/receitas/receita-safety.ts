import { useQueries } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { warningsAwaitingReason, type SafetyWarning } from '@shared/prescriptions/safety-warnings';
import { isLocalId } from '@shared/prescriptions/state';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { api } from '../../data/api';
import { useDoctorData } from '../../data/doctor-data-context';
import { PRESCRIPTION } from '../../data/prescriptions';

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
 * The ids among `ids` with a write still on its way to the server: what the server would check
 * is not yet what the doctor sees.
 */
function useUnsentIds(ids: readonly string[]): ReadonlySet<string> {
  const { queue } = useDoctorData();
  const unsent = useSyncExternalStore(queue.subscribe, () =>
    ids
      .filter((id) => {
        const state = queue.saveStateOf(PRESCRIPTION, id);
        return state === 'saving' || state === 'offline';
      })
      .join('\n'),
  );
  return new Set(unsent === '' ? [] : unsent.split('\n'));
}

/**
 * The prescribing safety check of each receita, as the server makes it (`GET
 * /api/prescriptions/:id/safety`): with her chart and the visit it came from (a child's weight, a
 * pregnancy, the clearance) — the same check that decides whether the server issues or signs it
 * (docs/receitas.md, "Onde a checagem aparece"). Until the server has the receita as the doctor
 * sees it (made offline, an edit on its way) and has answered, it is checking: nothing leaves. A
 * failed check keeps it checking too, never passes it. A signed or cancelled receita is past
 * asking: its warnings show, and none waits for a reason.
 * @returns each receita's check by its id
 */
export function useReceitasSafety(
  receitas: readonly ReceitaPrescription[],
): ReadonlyMap<string, ReceitaSafety> {
  const unsent = useUnsentIds(receitas.map((receita) => receita.id));
  const checks = useQueries({
    queries: receitas.map((receita) => ({
      queryKey: ['receita-safety', receita.id, receita.version] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api.call(prescriptionsApi.safety, { params: { id: receita.id }, signal })).warnings,
      enabled:
        receita.medications.length > 0 &&
        !isLocalId(receita.id) &&
        receita.version !== undefined &&
        !unsent.has(receita.id),
      staleTime: 30_000,
    })),
  });
  return new Map(
    receitas.map((receita, index) => {
      if (receita.medications.length === 0) return [receita.id, NOTHING_TO_CHECK];
      const warnings = unsent.has(receita.id) ? undefined : checks[index]?.data;
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

/** Why receitas are held: their check has not answered, or a grave warning awaits a reason. */
export type ReceitaSafetyHold = 'checking' | 'awaitingReason';

/**
 * Why `receitas` cannot leave yet — printed, saved, copied or signed (docs/receitas.md,
 * "Segurança da prescrição"): one whose check has not answered (one not checked at all counts as
 * such: nothing is known of it), else one with a grave or contraindicated warning without the
 * doctor's reason; undefined when none holds them.
 * @param safety - each receita's check by its id, as {@link useReceitasSafety} gives it
 */
export function receitaSafetyHold(
  safety: ReadonlyMap<string, ReceitaSafety>,
  receitas: readonly Pick<ReceitaPrescription, 'id'>[],
): ReceitaSafetyHold | undefined {
  const checks = receitas.map((receita) => safety.get(receita.id));
  if (checks.some((check) => check === undefined || check.checking)) return 'checking';
  if (checks.some((check) => check?.awaitingReason)) return 'awaitingReason';
  return undefined;
}

/** Whether a receita's safety check lets it be signed now: answered, no reason awaited. */
export function isClearedForSigning(
  safety: ReadonlyMap<string, ReceitaSafety>,
  receita: Pick<ReceitaPrescription, 'id'>,
): boolean {
  return receitaSafetyHold(safety, [receita]) === undefined;
}
