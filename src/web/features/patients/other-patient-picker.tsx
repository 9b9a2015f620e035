import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Patient } from '../../../shared/patient';
import { lastVisitLabel, patientAgeLabel } from '../../../shared/patient-display';
import { usePatientsList } from '../../data/patients';
import { Button } from '../../ui/button';
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

/** The dialog the picking happens in: its title, a close button, what it does, and the steps. */
export function PickerDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-hidden rounded-lg bg-surface p-6 shadow-xl">
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold text-fg">{props.title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" className="-mt-1 px-2" aria-label="Fechar">
                <X aria-hidden="true" size={18} />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-fg-muted">
            {props.description}
          </Dialog.Description>
          {props.open && props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
