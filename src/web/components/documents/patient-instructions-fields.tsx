import { Sparkles } from 'lucide-react';
import type { AiSource } from '@shared/ai/protocol';
import {
  PATIENT_INSTRUCTIONS_HEADINGS,
  type PatientInstructionsText,
} from '@shared/documents/patient-instructions';
import { isLocalRecordId, type WorkingRecord } from '@shared/records/flow';
import type { AiUseRef } from '../../data/ai-use';
import { useAiBlock } from '../../data/ai-use';
import { usePatientInstructionsDraft } from '../../data/patient-instructions';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-field';
import { Failure, failureOf } from './document-dialog-parts';
import type { DocumentFormErrors, DocumentFormValues } from './document-form-values';

/** A draft the dialog holds: its words as drafted, who wrote them, and the use it recorded. */
export interface PatientInstructionsDraft {
  text: PatientInstructionsText;
  source: AiSource;
  notice?: string;
  use?: AiUseRef;
}

/** Who drafted it, as the doctor is told, with the reminder that the page is hers to approve. */
function draftedBy(draft: PatientInstructionsDraft): string {
  const review = 'Revise e edite cada parte antes de aprovar.';
  switch (draft.source) {
    case 'offline':
      return `Modo offline: rascunho pelas regras do Prontu, sem modelo de IA. ${review}`;
    case 'fallback':
      return `A IA não respondeu${draft.notice ? ` (${draft.notice})` : ''}: rascunho pelas regras do Prontu. ${review}`;
    case 'model':
      return `Rascunho escrito pela IA. ${review}`;
  }
}

/**
 * Why the draft cannot be asked for this visit, or undefined when it can: the chart must record
 * the use (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026"), so the visit must be on the
 * server and still open; AI may be off or refused.
 */
function draftBlockedBecause(
  record: WorkingRecord,
  aiBlock: string | undefined,
): string | undefined {
  if (aiBlock) return `${aiBlock}: escreva as orientações abaixo.`;
  if (record.status === 'finalizado') {
    return 'Consulta finalizada: o uso de IA não pode mais ser registrado nela, então o rascunho não é redigido. Escreva as orientações abaixo.';
  }
  if (isLocalRecordId(record.id)) {
    return 'A consulta ainda não foi salva no servidor: aguarde um instante para pedir o rascunho.';
  }
  return undefined;
}

/**
 * The orientações ao paciente in the new-document dialog (docs/documentos.md, "Orientações ao
 * paciente"): 'Redigir rascunho' asks for the draft, which only fills the sections; the doctor
 * edits each one, and the medicines are the prescription's, shown as they will print.
 */
export function PatientInstructionsFields(props: {
  record: WorkingRecord;
  values: DocumentFormValues;
  errors: DocumentFormErrors;
  setValues: (update: (current: DocumentFormValues) => DocumentFormValues) => void;
  draft: PatientInstructionsDraft | undefined;
  /** A new draft arrived: the dialog keeps it to tell, later, what the doctor did with it. */
  onDrafted: (draft: PatientInstructionsDraft) => void;
}) {
  const drafting = usePatientInstructionsDraft();
  const aiBlock = useAiBlock(props.record.patientId ?? undefined).reason;
  const blocked = draftBlockedBecause(props.record, aiBlock);
  const headings = PATIENT_INSTRUCTIONS_HEADINGS;

  const askDraft = () => {
    if (drafting.isPending || blocked) return;
    drafting.mutate(props.record, {
      onSuccess: (answer) => {
        const text: PatientInstructionsText = {
          condition: answer.condition,
          care: answer.care,
          warningSigns: answer.warningSigns,
          followUp: answer.followUp,
        };
        props.setValues((current) => ({ ...current, ...text, medicines: answer.medicines }));
        props.onDrafted({
          text,
          source: answer.source,
          ...(answer.notice ? { notice: answer.notice } : {}),
          ...(answer.use ? { use: answer.use } : {}),
        });
      },
    });
  };

  const area = (field: 'condition' | 'care' | 'warningSigns' | 'followUp', rows: number) => (
    <TextAreaField
      label={headings[field]}
      rows={rows}
      value={props.values[field]}
      error={props.errors[field]}
      onChange={(event) => {
        const value = event.target.value;
        props.setValues((current) => ({ ...current, [field]: value }));
      }}
    />
  );

  return (
    <>
      <p className="text-sm text-fg-muted">
        A página que o paciente leva para casa, em palavras simples e falando com ele. Nada é
        impresso nem entregue ao paciente antes de você aprovar.
      </p>
      <div className="flex flex-col gap-2 rounded-md border border-line bg-surface-muted p-3">
        {blocked ? (
          <p className="text-sm text-fg-muted">{blocked}</p>
        ) : (
          <div>
            <Button variant="secondary" aria-disabled={drafting.isPending} onClick={askDraft}>
              <Sparkles aria-hidden="true" size={18} />
              {drafting.isPending
                ? 'Redigindo...'
                : props.draft
                  ? 'Redigir de novo'
                  : 'Redigir rascunho'}
            </Button>
          </div>
        )}
        {props.draft && !drafting.isPending && (
          <p role="status" className="text-sm text-fg">
            {draftedBy(props.draft)}
          </p>
        )}
        <Failure
          text={
            drafting.isError
              ? `Não foi possível redigir o rascunho: ${failureOf(drafting.error)}`
              : undefined
          }
        />
      </div>
      {area('condition', 4)}
      <section aria-labelledby="orientacoes-medicines" className="flex flex-col gap-1">
        <h4 id="orientacoes-medicines" className="text-sm font-medium text-fg">
          {headings.medicines}
        </h4>
        <p className="text-xs text-fg-muted">
          Da prescrição da consulta, como a receita imprime. Para mudar um remédio, mude a
          prescrição.
        </p>
        {props.values.medicines.length === 0 ? (
          <p className="text-sm text-fg-muted">Nenhum remédio prescrito nesta consulta.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm text-fg">
            {props.values.medicines.map((medicine, index) => (
              <li key={index}>
                <span className="font-medium">{medicine.name}</span>:{' '}
                {medicine.posology || 'use como está escrito na receita.'}
              </li>
            ))}
          </ul>
        )}
        {props.errors.medicines && (
          <p role="alert" className="text-sm text-danger-fg">
            {props.errors.medicines}
          </p>
        )}
      </section>
      {area('care', 4)}
      {area('warningSigns', 7)}
      {area('followUp', 3)}
    </>
  );
}
