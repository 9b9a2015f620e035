import { useState } from 'react';
import type { Patient } from '@shared/patients/patient';
import { patientOfferLabel, type TimelineItem } from '@shared/patients/chart';
import { formatDate } from '@shared/lib/pt-br-format';
import { useMoveVisit } from '../../data/patients';
import { OtherPatientPicker, PickedPatientStep, PickerDialog } from './other-patient-picker';

/**
 * 'Mover para outro paciente': a finalised visit filed under the wrong patient (a homonym, a
 * repeated registration) goes to the right one. Its content never changes: it leaves this chart
 * and appears in hers. (A draft changes patient in its own patient step.)
 */
export function MoveVisitDialog(props: {
  /** The visit to move; the dialog is open while there is one. */
  visit: TimelineItem | undefined;
  patient: Patient;
  onClose: () => void;
  onMoved: (to: Patient) => void;
}) {
  return (
    <PickerDialog
      open={props.visit !== undefined}
      onOpenChange={(open) => !open && props.onClose()}
      title="Mover consulta para outro paciente"
      description={
        props.visit &&
        `A consulta de ${formatDate(props.visit.date)} sai da ficha de ${props.patient.name} e passa para a do paciente escolhido. O conteúdo dela não muda.`
      }
    >
      {props.visit && <MoveSteps {...props} visit={props.visit} />}
    </PickerDialog>
  );
}

function MoveSteps(props: {
  visit: TimelineItem;
  patient: Patient;
  onMoved: (to: Patient) => void;
}) {
  const [target, setTarget] = useState<Patient>();
  const move = useMoveVisit();

  if (!target) {
    return (
      <OtherPatientPicker
        exceptId={props.patient.id}
        label="Buscar o paciente certo"
        onPick={setTarget}
      />
    );
  }
  return (
    <PickedPatientStep
      question={
        <p className="font-medium text-fg">
          Mover a consulta de {formatDate(props.visit.date)} para {patientOfferLabel(target)}?
        </p>
      }
      error={move.error}
      pending={move.isPending}
      ready
      action="Mover"
      running="Movendo..."
      onBack={() => {
        move.reset();
        setTarget(undefined);
      }}
      onConfirm={() =>
        move.mutate(
          { recordId: props.visit.id, fromId: props.patient.id, toId: target.id },
          { onSuccess: () => props.onMoved(target) },
        )
      }
    />
  );
}
