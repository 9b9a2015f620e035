import { useState, type ReactNode } from 'react';
import type { Patient } from '@shared/patients/patient';
import { lastVisitLabel, patientAgeLabel } from '@shared/patients/display';
import { usePatientsList } from '../../data/patients';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
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

/**
 * The step after a patient was picked: the question, what went wrong if the action failed,
 * 'Voltar' to pick again, and the action.
 */
export function PickedPatientStep(props: {
  question: ReactNode;
  error: Error | null;
  pending: boolean;
  /** Whether the action may run yet (the question may still be loading). */
  ready: boolean;
  action: string;
  /** The action's label while it runs ('Unindo...'). */
  running: string;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {props.question}
      {props.error && (
        <p role="alert" className="text-sm text-danger-fg">
          {props.error.message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onBack}>
          Voltar
        </Button>
        <Button disabled={!props.ready || props.pending} onClick={props.onConfirm}>
          {props.pending ? props.running : props.action}
        </Button>
      </div>
    </div>
  );
}

/** The dialog the picking happens in: its title, what it does, and the steps. */
export function PickerDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      size="narrow"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 p-4">{props.children}</div>
    </DialogFrame>
  );
}
