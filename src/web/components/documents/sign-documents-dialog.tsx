import {
  DOCUMENT_TITLES,
  documentAgreement,
  type ClinicalDocument,
} from '@shared/documents/clinical-document';
import { type ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { printChoiceLabel } from '@shared/prescriptions/receita-print-selection';
import { useDocumentActions } from '../../data/documents';
import { useReceitaSigning } from '../../data/prescriptions';
import { useSessionBatchSigning } from '../../data/signing-sessions';
import { SigningPasswordDialog, type SigningTry } from '../signing/signing-password-dialog';
import { failureOf } from './document-dialog-parts';

/** What one password signs: documents, and the visit's receitas with them. */
export interface SigningBatch {
  documents: readonly ClinicalDocument[];
  receitas: readonly ReceitaPrescription[];
}

type BatchItem =
  { id: string; document: ClinicalDocument } | { id: string; receita: ReceitaPrescription };

/**
 * Signs a batch of documents, and the visit's receitas with them, with one typing of the
 * certificate's password — or with one authorisation of her cloud certificate, all in a single
 * request to the PSC (docs/assinatura-nuvem.md, "Lote: uma autorização para os papéis da
 * consulta"), where all are signed or none.
 */
export function SignDocumentsDialog(props: {
  batch: SigningBatch;
  patientId: string;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const actions = useDocumentActions(props.patientId);
  const receitaSigning = useReceitaSigning();
  const sessionSigning = useSessionBatchSigning();
  const items: BatchItem[] = [
    ...props.batch.receitas.map((receita) => ({ id: receita.id, receita })),
    ...props.batch.documents.map((document) => ({ id: document.id, document })),
  ];
  /** Signs the items in order (receitas, then documents), stopping at the first refusal. */
  const sign = async (batch: readonly BatchItem[], password: string): Promise<SigningTry> => {
    const receitas = batch.flatMap((item) => ('receita' in item ? [item.receita] : []));
    const documents = batch.flatMap((item) => ('document' in item ? [item.document] : []));
    try {
      const signedReceitas = await receitaSigning.mutateAsync({
        prescriptions: receitas,
        password,
      });
      const receitaIds = signedReceitas.signed.map((receita) => receita.id);
      if (signedReceitas.failure !== undefined) {
        return { signedIds: receitaIds, failure: failureOf(signedReceitas.failure) };
      }
      const signedDocuments = await actions.sign.mutateAsync({ documents, password });
      return {
        signedIds: [...receitaIds, ...signedDocuments.signed.map((document) => document.id)],
        failure:
          signedDocuments.failure === undefined ? undefined : failureOf(signedDocuments.failure),
      };
    } finally {
      // The mutations keep no copy of the password once the try is over.
      receitaSigning.reset();
      actions.sign.reset();
    }
  };
  /** Signs the items with one session and one request: all of them, or none. */
  const signWithSession = async (
    batch: readonly BatchItem[],
    sessionId: string,
  ): Promise<SigningTry> => {
    try {
      await sessionSigning.mutateAsync({
        sessionId,
        batch: {
          patientId: props.patientId,
          documentIds: batch.flatMap((item) => ('document' in item ? [item.document.id] : [])),
          prescriptionIds: batch.flatMap((item) => ('receita' in item ? [item.receita.id] : [])),
        },
      });
      return { signedIds: batch.map((item) => item.id) };
    } catch (failure) {
      return { signedIds: [], failure: failureOf(failure) };
    } finally {
      sessionSigning.reset();
    }
  };
  return (
    <SigningPasswordDialog
      items={items}
      labelOf={(item) =>
        'receita' in item
          ? `Receita — ${printChoiceLabel(item.receita)}`
          : `${DOCUMENT_TITLES[item.document.kind]}${
              item.document.status === 'rascunho'
                ? ` (${documentAgreement(item.document.kind).willBe} ${documentAgreement(item.document.kind).issued} ao assinar)`
                : ''
            }`
      }
      description={
        props.batch.receitas.length === 0
          ? 'Com seu certificado ICP-Brasil. A senha assina estes documentos e não é guardada.'
          : 'Com seu certificado ICP-Brasil. A senha assina estas receitas e documentos e não é guardada.'
      }
      sign={sign}
      signWithSession={signWithSession}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  );
}
