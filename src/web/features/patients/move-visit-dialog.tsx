import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { Patient } from '../../../shared/patient';
import { patientOfferLabel, type TimelineItem } from '../../../shared/patient-chart';
import { formatDate } from '../../../shared/pt-br-format';
import { useMoveVisit } from '../../data/patients';
import { Button } from '../../ui/button';
import { OtherPatientPicker } from './other-patient-picker';

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
    <Dialog.Root open={props.visit !== undefined} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-hidden rounded-lg bg-surface p-6 shadow-xl">
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold text-fg">
              Mover consulta para outro paciente
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" className="-mt-1 px-2" aria-label="Fechar">
                <X aria-hidden="true" size={18} />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-fg-muted">
            {props.visit &&
              `A consulta de ${formatDate(props.visit.date)} sai da ficha de ${props.patient.name} e passa para a do paciente escolhido. O conteúdo dela não muda.`}
          </Dialog.Description>
          {props.visit && <MoveSteps {...props} visit={props.visit} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
    <div className="flex flex-col gap-4">
      <p className="font-medium text-fg">
        Mover a consulta de {formatDate(props.visit.date)} para {patientOfferLabel(target)}?
      </p>
      {move.isError && (
        <p role="alert" className="text-sm text-danger-fg">
          {move.error.message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            move.reset();
            setTarget(undefined);
          }}
        >
          Voltar
        </Button>
        <Button
          disabled={move.isPending}
          onClick={() =>
            move.mutate(
              { recordId: props.visit.id, fromId: props.patient.id, toId: target.id },
              { onSuccess: () => props.onMoved(target) },
            )
          }
        >
          {move.isPending ? 'Movendo...' : 'Mover'}
        </Button>
      </div>
    </div>
  );
}
