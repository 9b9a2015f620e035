import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { Patient } from '../../../shared/patient';
import { mergeQuestion } from '../../../shared/patient-display';
import { useMergePatients, usePatient } from '../../data/patients';
import { Button } from '../../ui/button';
import { OtherPatientPicker } from './other-patient-picker';

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
  const [otherId, setOtherId] = useState<string>();
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

  return (
    <OtherPatientPicker
      exceptId={props.patient.id}
      label="Buscar o outro paciente"
      onPick={(other) => setOtherId(other.id)}
    />
  );
}
