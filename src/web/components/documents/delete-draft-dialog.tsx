import { Trash2 } from 'lucide-react';
import {
  DOCUMENT_TITLES,
  documentAgreement,
  type ClinicalDocument,
} from '@shared/documents/clinical-document';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** The 'Excluir rascunho' button and the question it asks before a draft is deleted. */
export function DeleteDraftDialog(props: { document: ClinicalDocument; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="px-3 py-1.5">
          <Trash2 aria-hidden="true" size={16} /> Excluir rascunho
        </Button>
      }
      title="Excluir rascunho"
      question={`Excluir o rascunho ${documentAgreement(props.document.kind).of} ${DOCUMENT_TITLES[props.document.kind].toLowerCase()}?`}
      confirmLabel="Excluir"
      onConfirm={props.onConfirm}
    />
  );
}
