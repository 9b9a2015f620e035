import {
  Ban,
  Copy,
  FileCheck2,
  FilePlus2,
  FileText,
  MessageCircle,
  PenLine,
  Send,
  Trash2,
} from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TITLES,
  documentAgreement,
  documentIssueOf,
  missingIssuerFields,
  type ClinicalDocument,
  type DocumentBody,
  type DocumentStatus,
} from '@shared/documents/clinical-document';
import { documentDraftOf, examRequestsByService } from '@shared/documents/prefill';
import { documentText } from '@shared/documents/document-text';
import { usePatient } from '../../data/patients';
import { useDoctorSettings } from '../../data/settings';
import { DocumentPreview } from './document-preview';
import { documentShareText, whatsAppLink } from '@shared/documents/sharing';
import { formatDateTime, listInWords } from '@shared/lib/pt-br-format';
import type { WorkingRecord } from '@shared/records/flow';
import { documentPdfUrl, useDocumentActions, usePatientDocuments } from '../../data/documents';
import { SigningPasswordDialog, type SigningTry } from '../signing/signing-password-dialog';
import { ValidationAddressNotice } from '../signing/validation-address-notice';
import { useReceitaSigning } from '../../data/prescriptions';
import { isSignableReceita } from '@shared/prescriptions/state';
import { type ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { printChoiceLabel } from '@shared/prescriptions/receita-print-selection';
import { Button, buttonClassName } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DialogFrame } from '../../ui/dialog-frame';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { useReceitasSafety } from '../receitas/receita-safety';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field';
import {
  documentBodyFrom,
  formValuesOf,
  isDocumentKind,
  type DocumentFormErrors,
  type DocumentFormValues,
} from './document-form-values';
import { errorText } from '../../data/api';

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

/** A dialog's `onOpenChange` that closes it when dismissed (Escape, outside). */
const dismissWith = (onClose: () => void) => (open: boolean) => {
  if (!open) onClose();
};

/** Why the dialog's last try failed, announced. */
function Failure(props: { text: string | undefined }) {
  if (props.text === undefined) return null;
  return (
    <p role="alert" className="text-sm text-danger-fg">
      {props.text}
    </p>
  );
}

const failureOf = (error: unknown) =>
  errorText(error, 'Não foi possível concluir. Tente novamente.');

/** Whether a document can still be signed: a draft (issued on signing) or an issued one. */
const signable = (document: ClinicalDocument) =>
  document.status === 'rascunho' || document.status === 'emitido';

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
  const unsignedReceitas = signableReceitas.filter((receita) => {
    const safety = receitaSafety.get(receita.id);
    return safety !== undefined && !safety.checking && !safety.awaitingReason;
  });
  const receitasAwaitingReason = signableReceitas.filter(
    (receita) => receitaSafety.get(receita.id)?.awaitingReason,
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
        <Heading id="patient-documents" className="text-lg font-semibold text-fg">
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
          Nenhum documento ainda. “Novo documento” escreve um atestado, uma declaração de
          comparecimento, uma solicitação de exames, um encaminhamento ou um relatório.
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
              <div className="flex flex-wrap gap-2">
                <a
                  href={documentPdfUrl(document.id)}
                  target="_blank"
                  rel="noopener"
                  className={buttonClassName('secondary', 'px-3 py-1.5')}
                >
                  <FileText aria-hidden="true" size={16} />
                  {document.status === 'rascunho' ? 'Visualizar' : 'Visualizar e imprimir'}
                </a>
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
                      <Send aria-hidden="true" size={16} /> Emitir
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" className="px-3 py-1.5">
                          <Trash2 aria-hidden="true" size={16} /> Excluir rascunho
                        </Button>
                      }
                      title="Excluir rascunho"
                      question={`Excluir o rascunho de ${DOCUMENT_TITLES[document.kind].toLowerCase()}?`}
                      confirmLabel="Excluir"
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
        <SignDialog
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
        <CancelDialog
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

function NewDocumentDialog(props: {
  patient: { id: string; name: string };
  record: WorkingRecord | undefined;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const actions = useDocumentActions(props.patient.id);
  const [values, setValues] = useState<DocumentFormValues>(() =>
    formValuesOf(documentDraftOf('atestado', props.record, new Date())),
  );
  const [errors, setErrors] = useState<DocumentFormErrors>({});
  const [failure, setFailure] = useState<string>();
  const busy = actions.create.isPending || actions.issue.isPending;

  const set = (field: keyof DocumentFormValues) => ({
    value: String(values[field]),
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const chooseKind = (kind: string) => {
    if (!isDocumentKind(kind)) return;
    setValues(formValuesOf(documentDraftOf(kind, props.record, new Date())));
    setErrors({});
  };

  const outcome = documentBodyFrom(values);
  const bodies = 'body' in outcome ? documentsToIssue(outcome.body, props.record) : [];
  const settings = useDoctorSettings();
  const patient = usePatient(props.patient.id).data;
  const missing = missingIssuerFields(settings);
  // The words of each document as issuing it now would print them, from the same builder the
  // server's PDF uses (docs/documentos.md, "Ler antes de emitir").
  const issueNow = documentIssueOf(
    settings,
    {
      name: patient?.name ?? props.patient.name,
      cpf: patient?.cpf ?? null,
      passport: patient?.passport ?? null,
      cns: patient?.cns ?? null,
      birthDate: patient?.birthDate ?? null,
      sex: patient?.sex ?? null,
    },
    new Date(),
    props.record?.teleconsulta ?? undefined,
  );
  const previews = bodies.map((body) => documentText(body, issueNow));

  /** Saves the draft (or drafts) and, with `andIssue`, issues them at once. */
  const save = async (andIssue: boolean) => {
    if (busy) return;
    if ('errors' in outcome) {
      setErrors(outcome.errors);
      return;
    }
    setErrors({});
    setFailure(undefined);
    try {
      for (const body of bodies) {
        const draft = await actions.create.mutateAsync({
          ...body,
          patientId: props.patient.id,
          ...(props.record ? { recordId: props.record.id } : {}),
        });
        if (andIssue) await actions.issue.mutateAsync(draft);
      }
      const kind = outcome.body.kind;
      const agreement = documentAgreement(kind);
      props.onDone(
        bodies.length > 1
          ? `${bodies.length} solicitações de exames ${andIssue ? 'emitidas' : 'salvas como rascunho'}, uma para cada serviço.`
          : `${DOCUMENT_TITLES[kind]} ${andIssue ? agreement.issued : `${agreement.saved} como rascunho`}.`,
      );
    } catch (error) {
      // The form keeps every word: nothing typed is lost on a refusal.
      setFailure(failureOf(error));
    }
  };

  return (
    <DialogFrame
      open
      onOpenChange={dismissWith(props.onClose)}
      title="Novo documento"
      description={`Para ${props.patient.name}. Revise abaixo o texto, exatamente como será impresso: um documento emitido não muda mais.`}
      size="form"
    >
      <form
        noValidate
        className="flex flex-col gap-4 overflow-y-auto p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void save(true);
        }}
      >
        <SelectField
          label="Tipo de documento"
          value={values.kind}
          onChange={(event) => chooseKind(event.target.value)}
        >
          {DOCUMENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {DOCUMENT_TITLES[kind]}
            </option>
          ))}
        </SelectField>
        <KindFields values={values} set={set} setValues={setValues} errors={errors} />
        <section aria-labelledby="document-preview-heading" className="flex flex-col gap-2">
          <h3 id="document-preview-heading" className="text-sm font-semibold text-fg">
            Texto a emitir
          </h3>
          {missing.length > 0 && (
            <p className="text-sm text-warning-fg">
              Para emitir, preencha nas Configurações: {listInWords(missing)}.
            </p>
          )}
          {previews.length > 1 && (
            <p className="text-sm text-fg-muted">
              Exames de laboratório e de imagem saem em solicitações separadas, uma para cada
              serviço.
            </p>
          )}
          {previews.length === 0 ? (
            <p className="text-sm text-fg-muted">
              Preencha os campos acima para ver o texto do documento.
            </p>
          ) : (
            previews.map((text, index) => (
              <DocumentPreview
                key={index}
                text={text}
                label={
                  previews.length > 1
                    ? `Solicitação ${index + 1} de ${previews.length}`
                    : text.title
                }
              />
            ))
          )}
        </section>
        <Failure text={failure} />
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
          <Button variant="ghost" onClick={props.onClose}>
            Voltar
          </Button>
          <Button variant="secondary" aria-disabled={busy} onClick={() => void save(false)}>
            Salvar rascunho
          </Button>
          <Button type="submit" aria-disabled={busy}>
            <Send aria-hidden="true" size={18} /> Emitir
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/**
 * The documents the dialog's form issues: itself, or an exam request split by service
 * (docs/documentos.md, "Solicitação de exames").
 */
function documentsToIssue(body: DocumentBody, record: WorkingRecord | undefined): DocumentBody[] {
  if (body.kind !== 'exames') return [body];
  return examRequestsByService(body.content, record?.prescriptions?.exams ?? []).map((content) => ({
    kind: 'exames',
    content,
  }));
}

type FieldBinding = ReturnType<
  (field: keyof DocumentFormValues) => {
    value: string;
    error: string | undefined;
    onChange: (event: { target: { value: string } }) => void;
  }
>;

/**
 * The CID, asked for and printed only once the patient has authorised it (docs/documentos.md, "Ciclo de vida").
 * @param props.where - where it would appear: 'no atestado', 'na solicitação'
 */
function CidWithAuthorisation(props: {
  values: DocumentFormValues;
  set: (field: keyof DocumentFormValues) => FieldBinding;
  setValues: (update: (current: DocumentFormValues) => DocumentFormValues) => void;
  where: string;
}) {
  return (
    <>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          className="mt-1"
          checked={props.values.showCid}
          onChange={(event) =>
            props.setValues((current) => ({ ...current, showCid: event.target.checked }))
          }
        />
        {`O(a) paciente autorizou que conste o diagnóstico (CID-10) ${props.where}`}
      </label>
      {props.values.showCid && <TextField label="CID-10" {...props.set('cid')} />}
    </>
  );
}

function KindFields(props: {
  values: DocumentFormValues;
  set: (field: keyof DocumentFormValues) => FieldBinding;
  setValues: (update: (current: DocumentFormValues) => DocumentFormValues) => void;
  errors: DocumentFormErrors;
}) {
  const { set } = props;
  switch (props.values.kind) {
    case 'atestado':
      return (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Dias de afastamento" inputMode="numeric" {...set('days')} />
            <TextField label="A partir de" type="date" {...set('startDate')} />
          </div>
          <CidWithAuthorisation {...props} where="no atestado" />
        </>
      );
    case 'comparecimento':
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label="Data" type="date" {...set('date')} />
          <TextField label="Das" type="time" {...set('from')} />
          <TextField label="Às" type="time" {...set('to')} />
        </div>
      );
    case 'exames':
      return (
        <>
          <TextAreaField label="Exames" rows={5} hint="Um exame por linha." {...set('exams')} />
          <TextAreaField label="Indicação clínica" rows={2} {...set('clinicalIndication')} />
          <CidWithAuthorisation {...props} where="na solicitação" />
        </>
      );
    case 'encaminhamento':
      return (
        <>
          <TextField label="Especialidade" {...set('specialty')} />
          <TextAreaField label="Motivo do encaminhamento" rows={2} {...set('reason')} />
          <TextAreaField label="Resumo clínico" rows={8} {...set('summary')} />
        </>
      );
    case 'relatorio':
      return <TextAreaField label="Texto do relatório" rows={12} {...set('text')} />;
  }
}

/** What one password signs: documents, and the visit's receitas with them. */
interface SigningBatch {
  documents: readonly ClinicalDocument[];
  receitas: readonly ReceitaPrescription[];
}

type BatchItem =
  { id: string; document: ClinicalDocument } | { id: string; receita: ReceitaPrescription };

function SignDialog(props: {
  batch: SigningBatch;
  patientId: string;
  onClose: () => void;
  onDone: (count: number) => void;
}) {
  const actions = useDocumentActions(props.patientId);
  const receitaSigning = useReceitaSigning();
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
  return (
    <SigningPasswordDialog
      items={items}
      labelOf={(item) =>
        'receita' in item
          ? `Receita — ${printChoiceLabel(item.receita)}`
          : `${DOCUMENT_TITLES[item.document.kind]}${
              item.document.status === 'rascunho'
                ? ` (será ${documentAgreement(item.document.kind).issued} ao assinar)`
                : ''
            }`
      }
      description={
        props.batch.receitas.length === 0
          ? 'Com seu certificado ICP-Brasil. A senha assina estes documentos e não é guardada.'
          : 'Com seu certificado ICP-Brasil. A senha assina estas receitas e documentos e não é guardada.'
      }
      sign={sign}
      onClose={props.onClose}
      onDone={props.onDone}
    />
  );
}

function CancelDialog(props: {
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
      title={`Cancelar ${DOCUMENT_TITLES[props.document.kind].toLowerCase()}`}
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
