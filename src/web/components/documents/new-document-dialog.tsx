import { Send } from 'lucide-react';
import { useState } from 'react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TITLES,
  documentAgreement,
  documentIssueOf,
  missingIssuerFields,
  type DocumentBody,
} from '@shared/documents/clinical-document';
import { documentDraftOf, examRequestsByService } from '@shared/documents/prefill';
import { documentText } from '@shared/documents/document-text';
import { draftOutcome } from '@shared/documents/patient-instructions';
import { listInWords } from '@shared/lib/pt-br-format';
import type { WorkingRecord } from '@shared/records/flow';
import { reportAiOutcome } from '../../data/ai-use';
import { useDocumentActions } from '../../data/documents';
import { usePatient } from '../../data/patients';
import { useDoctorSettings } from '../../data/settings';
import { Button } from '../../ui/button';
import { DialogFrame } from '../../ui/dialog-frame';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field';
import { DocumentPreview } from './document-preview';
import { dismissWith, Failure, failureOf } from './document-dialog-parts';
import {
  documentBodyFrom,
  formValuesOf,
  isDocumentKind,
  type DocumentFormErrors,
  type DocumentFormValues,
} from './document-form-values';
import {
  PatientInstructionsFields,
  type PatientInstructionsDraft,
} from './patient-instructions-fields';

/**
 * A new document for the patient, written from the visit when there is one: saved as a draft or
 * issued at once, its words shown as they will be printed. The orientações ao paciente, which
 * only a visit writes, may start from a draft the doctor asks for; issuing them is her approval
 * (docs/documentos.md, "Orientações ao paciente").
 */
export function NewDocumentDialog(props: {
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
  // The orientações' draft, to tell the visit's chart what the doctor did with it.
  const [aiDraft, setAiDraft] = useState<PatientInstructionsDraft>();
  const busy = actions.create.isPending || actions.issue.isPending;
  const kinds = DOCUMENT_KINDS.filter((kind) => kind !== 'orientacoes' || props.record);

  /** A draft the doctor let go of: replaced, left for another kind, or closed unsaved. */
  const discardDraft = () => {
    reportAiOutcome(aiDraft?.use, 'discarded');
    setAiDraft(undefined);
  };

  const close = () => {
    discardDraft();
    props.onClose();
  };

  const set = (field: TypedField) => ({
    value: String(values[field]),
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const chooseKind = (kind: string) => {
    if (!isDocumentKind(kind)) return;
    discardDraft();
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
        // Saved, the draft's words are kept or changed for good: what she did is told now, even
        // if issuing then fails.
        if (aiDraft && body.kind === 'orientacoes') {
          reportAiOutcome(aiDraft.use, draftOutcome(aiDraft.text, body.content));
          setAiDraft(undefined);
        }
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
      onOpenChange={dismissWith(close)}
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
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {DOCUMENT_TITLES[kind]}
            </option>
          ))}
        </SelectField>
        {values.kind === 'orientacoes' && props.record ? (
          <PatientInstructionsFields
            record={props.record}
            values={values}
            errors={errors}
            setValues={setValues}
            draft={aiDraft}
            onDrafted={(draft) => {
              // A new draft replaces the last one, which the doctor did not keep.
              reportAiOutcome(aiDraft?.use, 'discarded');
              setAiDraft(draft);
            }}
          />
        ) : (
          <KindFields values={values} set={set} setValues={setValues} errors={errors} />
        )}
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
          <Button variant="ghost" onClick={close}>
            Voltar
          </Button>
          <Button variant="secondary" aria-disabled={busy} onClick={() => void save(false)}>
            Salvar rascunho
          </Button>
          <Button type="submit" aria-disabled={busy}>
            <Send aria-hidden="true" size={18} />{' '}
            {values.kind === 'orientacoes' ? 'Aprovar e emitir' : 'Emitir'}
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

/** The fields a control types into: every one but the orientações' medicines, which are shown. */
type TypedField = Exclude<keyof DocumentFormValues, 'medicines'>;

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
  set: (field: TypedField) => FieldBinding;
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
  set: (field: TypedField) => FieldBinding;
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
    case 'orientacoes':
      // Only from a visit, in PatientInstructionsFields.
      return null;
  }
}
