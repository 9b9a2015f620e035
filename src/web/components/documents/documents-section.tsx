import {
  Ban,
  Copy,
  FileCheck2,
  FilePlus2,
  FileText,
  MessageCircle,
  PenLine,
  Send,
} from 'lucide-react';
import { useState } from 'react';
import {
  DOCUMENT_TITLES,
  documentAgreement,
  type ClinicalDocument,
  type DocumentStatus,
} from '@shared/documents/clinical-document';
import { orientacoesParagraphs } from '@shared/documents/document-text';
import { documentShareText, whatsAppLink } from '@shared/documents/sharing';
import { formatDateTime } from '@shared/lib/pt-br-format';
import type { WorkingRecord } from '@shared/records/flow';
import { documentPdfUrl, useDocumentActions, usePatientDocuments } from '../../data/documents';
import { ValidationAddressNotice } from '../signing/validation-address-notice';
import { isSignableReceita } from '@shared/prescriptions/state';
import { type ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { Button, buttonClassName } from '../../ui/button';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import {
  isClearedForSigning,
  receitaSafetyHold,
  useReceitasSafety,
} from '../receitas/receita-safety';
import { CancelDocumentDialog } from './cancel-document-dialog';
import { DeleteDraftDialog } from './delete-draft-dialog';
import { failureOf } from './document-dialog-parts';
import { NewDocumentDialog } from './new-document-dialog';
import { SignDocumentsDialog, type SigningBatch } from './sign-documents-dialog';

const STATUS_LABELS: Record<DocumentStatus, string> = {
  rascunho: 'Rascunho',
  emitido: 'Emitido',
  assinado: 'Assinado digitalmente',
  cancelado: 'Cancelado',
};

const STATUS_CLASSES: Record<DocumentStatus, string> = {
  rascunho: 'bg-surface-muted text-fg-muted',
  emitido: 'bg-accent-soft text-accent-fg',
  assinado: 'bg-success-soft text-success-fg',
  cancelado: 'bg-danger-soft text-danger-fg',
};

/**
 * Whether a document can still be signed: a draft (issued on signing) or an issued one. The
 * orientações ao paciente are signed only once approved: issuing them is the doctor's approval
 * (docs/documentos.md, "Orientações ao paciente").
 */
const signable = (document: ClinicalDocument) =>
  document.status === 'emitido' ||
  (document.status === 'rascunho' && document.kind !== 'orientacoes');

/**
 * Whether the document may be printed: every kind, a draft too (with its band), but the
 * orientações ao paciente only once approved — a draft of them is never handed to the patient
 * (docs/documentos.md, "Orientações ao paciente").
 */
const printable = (document: ClinicalDocument) =>
  document.kind !== 'orientacoes' || document.status !== 'rascunho';

/**
 * A patient's clinical documents (docs/documentos.md): atestados, declarations of attendance, exam
 * requests, referrals and reports — written from the visit when there is one, issued, signed
 * with the doctor's ICP-Brasil certificate (several at once, one password), and sent to the
 * patient as a link and a code that open them.
 */
export function DocumentsSection(props: {
  patient: { id: string; name: string; phone?: string | undefined };
  /** The visit the documents come from: it fills them and they belong to it. */
  record?: WorkingRecord;
  /** The section's heading level where it sits: h2 in the chart, h3 in a visit's step. */
  heading?: 'h2' | 'h3';
  /** The visit's receitas: 'Assinar todos' signs them with its documents, one password. */
  receitas?: readonly ReceitaPrescription[] | undefined;
}) {
  const Heading = props.heading ?? 'h2';
  const documents = usePatientDocuments(props.patient.id);
  const actions = useDocumentActions(props.patient.id);
  const { notice, show } = useStatusNotice();
  const [creating, setCreating] = useState(false);
  const [signing, setSigning] = useState<SigningBatch>();
  const [cancelling, setCancelling] = useState<ClinicalDocument>();
  const list = documents.data ?? [];
  const unsigned = list.filter(signable);
  const signableReceitas = (props.receitas ?? []).filter(isSignableReceita);
  // A receita signs only once its safety check has answered and every grave warning has the
  // doctor's reason (docs/receitas.md, "Segurança da prescrição"): the others wait for the print dialog, where reasons are written.
  const receitaSafety = useReceitasSafety(signableReceitas);
  const unsignedReceitas = signableReceitas.filter((receita) =>
    isClearedForSigning(receitaSafety, receita),
  );
  const receitasAwaitingReason = signableReceitas.filter(
    (receita) => receitaSafetyHold(receitaSafety, [receita]) === 'awaitingReason',
  ).length;
  const batchSize = unsigned.length + unsignedReceitas.length;

  const issue = (document: ClinicalDocument) =>
    actions.issue.mutate(document, {
      onSuccess: () =>
        show(`${DOCUMENT_TITLES[document.kind]} ${documentAgreement(document.kind).issued}.`),
      onError: (error) => show(failureOf(error), 'error'),
    });

  const copyLink = async (document: ClinicalDocument) => {
    if (!document.validation) return;
    try {
      await navigator.clipboard.writeText(
        documentShareText({ kind: document.kind, validation: document.validation }),
      );
      show('Link e código de validação copiados.');
    } catch {
      show('Não foi possível copiar. Selecione o link no PDF.', 'error');
    }
  };

  return (
    <section aria-labelledby="patient-documents" className="flex flex-col gap-3">
      <StatusToast notice={notice} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id="patient-documents" tabIndex={-1} className="text-lg font-semibold text-fg">
          Documentos
        </Heading>
        <div className="flex flex-wrap gap-2">
          {batchSize > 1 && (
            <Button
              variant="secondary"
              onClick={() => setSigning({ documents: unsigned, receitas: unsignedReceitas })}
            >
              <PenLine aria-hidden="true" size={18} /> Assinar todos ({batchSize})
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>
            <FilePlus2 aria-hidden="true" size={18} /> Novo documento
          </Button>
        </div>
      </div>

      {list.length > 0 && <ValidationAddressNotice />}
      {receitasAwaitingReason > 0 && (
        <p role="status" className="text-sm text-warning-fg">
          {receitasAwaitingReason === 1
            ? 'Uma receita tem aviso de segurança grave sem justificativa: justifique-o na impressão da receita para assiná-la.'
            : `${receitasAwaitingReason} receitas têm aviso de segurança grave sem justificativa: justifique-os na impressão das receitas para assiná-las.`}
        </p>
      )}

      {documents.isPending ? (
        <p role="status" className="text-sm text-fg-muted">
          Carregando documentos...
        </p>
      ) : documents.isError ? (
        <p role="alert" className="text-sm text-danger-fg">
          {failureOf(documents.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {props.record
            ? 'Nenhum documento ainda. “Novo documento” escreve um atestado, uma declaração de comparecimento, uma solicitação de exames, um encaminhamento, um relatório ou as orientações ao paciente.'
            : 'Nenhum documento ainda. “Novo documento” escreve um atestado, uma declaração de comparecimento, uma solicitação de exames, um encaminhamento ou um relatório.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface">
          {list.map((document) => (
            <li key={document.id} className="flex flex-col gap-2 px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <FileText aria-hidden="true" size={18} className="text-fg-muted" />
                <span className="font-medium text-fg">{DOCUMENT_TITLES[document.kind]}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[document.status]}`}
                >
                  {STATUS_LABELS[document.status]}
                </span>
                <span className="text-sm text-fg-muted">
                  {formatDateTime(document.issue?.at ?? document.createdAt)}
                </span>
              </div>
              {document.cancellation && (
                <p className="text-sm text-danger-fg">Motivo: {document.cancellation.reason}</p>
              )}
              {document.kind === 'orientacoes' && document.status === 'rascunho' && (
                <details className="text-sm text-fg">
                  <summary className="cursor-pointer text-fg-muted">
                    Ler o rascunho — aprove e emita para imprimir ou enviar ao paciente
                  </summary>
                  <div className="mt-2 flex flex-col gap-1 rounded-md border border-line bg-surface-muted p-3">
                    {orientacoesParagraphs(document.content).map((paragraph, index) => (
                      <p
                        key={index}
                        className={`whitespace-pre-wrap ${paragraph.startsWith('• ') ? 'pl-4' : ''}`}
                      >
                        {paragraph}
                      </p>
                    ))}
                  </div>
                </details>
              )}
              <div className="flex flex-wrap gap-2">
                {printable(document) && (
                  <a
                    href={documentPdfUrl(document.id)}
                    target="_blank"
                    rel="noopener"
                    className={buttonClassName('secondary', 'px-3 py-1.5')}
                  >
                    <FileText aria-hidden="true" size={16} />
                    {document.status === 'rascunho' ? 'Visualizar' : 'Visualizar e imprimir'}
                  </a>
                )}
                {document.status === 'assinado' && (
                  <a
                    href={documentPdfUrl(document.id)}
                    download={`${document.kind}-assinado.pdf`}
                    className={buttonClassName('secondary', 'px-3 py-1.5')}
                  >
                    <FileCheck2 aria-hidden="true" size={16} /> Baixar PDF assinado
                  </a>
                )}
                {document.status === 'rascunho' && (
                  <>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      disabled={actions.issue.isPending}
                      onClick={() => issue(document)}
                    >
                      <Send aria-hidden="true" size={16} />{' '}
                      {document.kind === 'orientacoes' ? 'Aprovar e emitir' : 'Emitir'}
                    </Button>
                    <DeleteDraftDialog
                      document={document}
                      onConfirm={() =>
                        actions.remove.mutate(document, {
                          onError: (error) => show(failureOf(error), 'error'),
                        })
                      }
                    />
                  </>
                )}
                {signable(document) && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    onClick={() => setSigning({ documents: [document], receitas: [] })}
                  >
                    <PenLine aria-hidden="true" size={16} /> Assinar digitalmente
                  </Button>
                )}
                {document.validation && document.status !== 'cancelado' && (
                  <>
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      onClick={() => void copyLink(document)}
                    >
                      <Copy aria-hidden="true" size={16} /> Copiar link
                    </Button>
                    <a
                      href={whatsAppLink(
                        documentShareText({ kind: document.kind, validation: document.validation }),
                        props.patient.phone,
                      )}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClassName('secondary', 'px-3 py-1.5')}
                    >
                      <MessageCircle aria-hidden="true" size={16} /> Enviar por WhatsApp
                    </a>
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5"
                      onClick={() => setCancelling(document)}
                    >
                      <Ban aria-hidden="true" size={16} /> Cancelar documento
                    </Button>
                  </>
                )}
              </div>
              {document.validation && document.status !== 'rascunho' && (
                <p className="text-xs text-fg-muted">
                  Código de validação:{' '}
                  <span className="font-mono">{document.validation.secretCode}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}

      {creating && (
        <NewDocumentDialog
          patient={props.patient}
          record={props.record}
          onClose={() => setCreating(false)}
          onDone={(text) => {
            setCreating(false);
            show(text);
          }}
        />
      )}
      {signing && (
        <SignDocumentsDialog
          batch={signing}
          patientId={props.patient.id}
          onClose={() => setSigning(undefined)}
          onDone={(count) => {
            setSigning(undefined);
            show(
              signing.receitas.length === 0
                ? count === 1
                  ? 'Documento assinado.'
                  : `${count} documentos assinados.`
                : `${count} assinados: receitas e documentos.`,
            );
          }}
        />
      )}
      {cancelling && (
        <CancelDocumentDialog
          document={cancelling}
          patientId={props.patient.id}
          onClose={() => setCancelling(undefined)}
          onDone={() => {
            setCancelling(undefined);
            show('Documento cancelado. Ele continua guardado, marcado como cancelado.');
          }}
        />
      )}
    </section>
  );
}
