import { useState } from 'react';
import type { Patient } from '../../../shared/patient';
import { lastVisitLabel, patientAgeLabel } from '../../../shared/patient-display';
import { usePatientsList } from '../../data/patients';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { PatientSearchInput } from './patient-search-input';

/**
 * Another of the doctor's patients, searched and picked: for a merge, or to move a visit to.
 * Each is shown with her age and last visit, so homonyms can be told apart.
 */
export function OtherPatientPicker(props: {
  /** The patient whose chart is open: never offered. */
  exceptId: string;
  label: string;
  onPick: (patient: Patient) => void;
}) {
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), 250);
  const found = usePatientsList(query);
  const candidates = (found.data?.pages.flatMap((page) => page.patients) ?? []).filter(
    (candidate) => candidate.id !== props.exceptId,
  );
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="relative">
        <PatientSearchInput
          label={props.label}
          placeholder="Nome, CPF, CNS ou data de nascimento"
          value={typed}
          onChange={setTyped}
        />
      </div>
      {found.isPending ? (
        <p className="text-sm text-fg-muted">Carregando pacientes...</p>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-fg-muted">Nenhum outro paciente encontrado.</p>
      ) : (
        <ul
          aria-label="Pacientes encontrados"
          className="flex min-h-0 flex-col divide-y divide-line overflow-y-auto rounded-md border border-line"
        >
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <button
                type="button"
                onClick={() => props.onPick(candidate)}
                className="flex w-full flex-col items-start px-3 py-2 text-left hover:bg-surface-muted focus-visible:bg-surface-muted"
              >
                <span className="font-medium text-fg">{candidate.name}</span>
                <span className="text-xs text-fg-muted">
                  {[patientAgeLabel(candidate), lastVisitLabel(candidate)]
                    .filter(Boolean)
                    .join(' · ') || 'Sem consultas'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
