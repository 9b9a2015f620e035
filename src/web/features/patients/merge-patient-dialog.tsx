import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { Patient } from '../../../shared/patient';
import { lastVisitLabel, mergeQuestion, patientAgeLabel } from '../../../shared/patient-display';
import { useMergePatients, usePatient, usePatientsList } from '../../data/patients';
import { Button } from '../../ui/button';
import { PatientSearchInput } from './patient-search-input';
import { useDebouncedValue } from '../../ui/use-debounced-value';

/**
 * 'Unir com outro paciente': the same person registered twice. The doctor finds the other one,
 * sees how many visits she brings ('Unir Maria A. (2 consultas) a este paciente?') and confirms;
 * her visits and receitas move to this patient and the other registration goes.
 */
export function MergePatientDialog(props: {
  patient: Patient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMerged: (patient: Patient) => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-hidden rounded-lg bg-surface p-6 shadow-xl">
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold text-fg">
              Unir com outro paciente
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" className="-mt-1 px-2" aria-label="Fechar">
                <X aria-hidden="true" size={18} />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-fg-muted">
            Busque o cadastro repetido de {props.patient.name}. As consultas e receitas do outro
            cadastro passam para este paciente, e ele deixa de existir.
          </Dialog.Description>
          {props.open && <MergeSteps {...props} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MergeSteps(props: {
  patient: Patient;
  onOpenChange: (open: boolean) => void;
  onMerged: (patient: Patient) => void;
}) {
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), 250);
  const [otherId, setOtherId] = useState<string>();
  const found = usePatientsList(query);
  const other = usePatient(otherId);
  const merge = useMergePatients();

  if (otherId) {
    return (
      <div className="flex flex-col gap-4">
        {other.isPending ? (
          <p role="status" className="text-sm text-fg-muted">
            Carregando...
          </p>
        ) : other.isError ? (
          <p role="alert" className="text-sm text-danger-fg">
            {other.error.message}
          </p>
        ) : (
          <p className="font-medium text-fg">{mergeQuestion(other.data)}</p>
        )}
        {merge.isError && (
          <p role="alert" className="text-sm text-danger-fg">
            {merge.error.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              merge.reset();
              setOtherId(undefined);
            }}
          >
            Voltar
          </Button>
          <Button
            disabled={!other.data || merge.isPending}
            onClick={() =>
              merge.mutate(
                { id: props.patient.id, otherId },
                { onSuccess: (merged) => props.onMerged(merged) },
              )
            }
          >
            {merge.isPending ? 'Unindo...' : 'Unir'}
          </Button>
        </div>
      </div>
    );
  }

  const candidates = (found.data?.pages.flatMap((page) => page.patients) ?? []).filter(
    (candidate) => candidate.id !== props.patient.id,
  );
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="relative">
        <PatientSearchInput
          label="Buscar o outro paciente"
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
                onClick={() => setOtherId(candidate.id)}
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
