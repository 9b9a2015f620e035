import { useState } from 'react';
import type { Patient } from '@shared/patients/patient';
import { mergeQuestion } from '@shared/patients/display';
import { useMergePatients, usePatient } from '../../data/patients';
import { OtherPatientPicker, PickedPatientStep, PickerDialog } from './other-patient-picker';

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
    <PickerDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Unir com outro paciente"
      description={`Busque o cadastro repetido de ${props.patient.name}. As consultas e receitas do outro cadastro passam para este paciente, e ele deixa de existir.`}
    >
      <MergeSteps {...props} />
    </PickerDialog>
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
      <PickedPatientStep
        question={
          other.isPending ? (
            <p role="status" className="text-sm text-fg-muted">
              Carregando...
            </p>
          ) : other.isError ? (
            <p role="alert" className="text-sm text-danger-fg">
              {other.error.message}
            </p>
          ) : (
            <p className="font-medium text-fg">{mergeQuestion(other.data)}</p>
          )
        }
        error={merge.error}
        pending={merge.isPending}
        ready={other.data !== undefined}
        action="Unir"
        running="Unindo..."
        onBack={() => {
          merge.reset();
          setOtherId(undefined);
        }}
        onConfirm={() =>
          merge.mutate(
            { id: props.patient.id, otherId },
            { onSuccess: (merged) => props.onMerged(merged) },
          )
        }
      />
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
