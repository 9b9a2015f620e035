import { useState, type SyntheticEvent } from 'react';
import {
  DOCUMENT_TITLES,
  documentAgreement,
  type ClinicalDocument,
} from '@shared/documents/clinical-document';
import { useDocumentActions } from '../../data/documents';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { TextAreaField } from '../../ui/text-field';
import { dismissWith, Failure, failureOf } from './document-dialog-parts';

/** Cancels an issued or signed document with the doctor's reason: it stays kept, marked cancelled. */
export function CancelDocumentDialog(props: {
  document: ClinicalDocument;
  patientId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const actions = useDocumentActions(props.patientId);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (actions.cancel.isPending) return;
    actions.cancel.mutate(
      { document: props.document, reason },
      { onSuccess: props.onDone, onError: (error) => setFailure(failureOf(error)) },
    );
  };

  return (
    <DialogFrame
      open
      onOpenChange={dismissWith(props.onClose)}
      title={`Cancelar ${documentAgreement(props.document.kind).article} ${DOCUMENT_TITLES[props.document.kind].toLowerCase()}`}
      description="O documento continua guardado e a página de validação passa a dizer que foi cancelado. Para corrigi-lo, emita um novo."
      size="narrow"
    >
      <form noValidate className="flex flex-col gap-4 p-5" onSubmit={submit}>
        <TextAreaField
          label="Motivo do cancelamento"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Failure text={failure} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={props.onClose}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" aria-disabled={actions.cancel.isPending}>
            Cancelar documento
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
