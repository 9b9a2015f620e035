import { useState } from 'react';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { usePrescriptionActions } from '../../data/prescription-actions';
import type { ReceitaSafety } from './receita-safety';
import { SafetyWarnings } from './safety-warnings';

/** A reason is saved this long after the doctor stops typing it (and when she leaves the field). */
const REASON_SAVE_DELAY_MS = 800;

export const RECEITA_SAFETY_TEXT = {
  checking: 'Verificando a segurança da prescrição…',
  awaitingReason:
    'Escreva a justificativa de cada aviso grave ou contraindicado para imprimir, baixar ou assinar.',
} as const;

/**
 * The receita editor's safety warnings (docs/receitas.md, "Segurança da prescrição"): each chosen receita's, under her name when
 * there are several; a grave or contraindicated one asks for the doctor's reason, saved with the
 * receita. A signed or cancelled receita shows its warnings and the reasons it was issued with.
 */
export function ReceitaSafetyWarnings(props: {
  receitas: readonly ReceitaPrescription[];
  safety: ReadonlyMap<string, ReceitaSafety>;
}) {
  const actions = usePrescriptionActions();
  const [failure, setFailure] = useState<string>();
  const several = props.receitas.length > 1;
  return (
    <div className="mb-4 flex flex-col gap-3 empty:hidden">
      {props.receitas.map((receita) => {
        const warnings = props.safety.get(receita.id)?.warnings ?? [];
        // Only a draft takes a reason: an issued receita no longer changes.
        const closed = receita.isFinalized !== false;
        return (
          <SafetyWarnings
            key={receita.id}
            warnings={warnings}
            reasons={receita.safetyReasons ?? []}
            patientName={several ? receita.patientName : undefined}
            reasonDelayMs={REASON_SAVE_DELAY_MS}
            onReason={
              closed
                ? undefined
                : (warning, reason) => {
                    setFailure(undefined);
                    void actions.setSafetyReason(receita.id, warning, reason).then((result) => {
                      if (!result.ok) setFailure(result.error);
                    });
                  }
            }
          />
        );
      })}
      {failure && (
        <p role="alert" className="text-sm text-danger-fg">
          {failure}
        </p>
      )}
    </div>
  );
}
