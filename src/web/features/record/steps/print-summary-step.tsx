import { FileText, Printer } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { formatCrm } from '@shared/account/doctor-settings';
import type { Medication } from '@shared/records/medical-record';
import type { WorkingRecord } from '@shared/records/flow';
import { examLine, medicationLine } from '@shared/records/narrative';
import { GENDER_LABELS, hasPrintableContent } from '@shared/records/step-rules';
import type { SessionDoctor } from '../../../data/auth-client';
import { useSaveState } from '../../../data/doctor-data-context';
import { FINALIZED_OFFLINE_MESSAGE } from '../../../data/open-record';
import { useDoctorSettings } from '../../../data/settings';
import type { PresentedPrescription } from '@shared/api/prescriptions';
import { usePrescriptionActions, useReceitaIssue } from '../../../data/prescription-actions';
import { usePrescriptions } from '../../../data/prescriptions';
import {
  RECEITA_STATUS_LABELS,
  receitaStatus,
  visitReceitasOf,
  type VisitPrescription,
} from '@shared/prescriptions/visit-receita';
import { PrintPreviewDialog } from '../../../components/receitas/print-preview-dialog';
import { Button } from '../../../ui/button';
import { StatusToast, useStatusNotice } from '../../../ui/status-toast';
import { DocumentsSection } from '../../../components/documents/documents-section';
import { NOTHING_TO_PRINT, printRecord } from '../print-record';
import { FinishVisitButton, useFinalizedHere } from './finish-visit';
import { BackButton, QuietNotice, StepLayout } from './step-layout';

const NO_PRESCRIPTIONS: readonly PresentedPrescription[] = [];

/** Above the summary of a visit not yet finalised. */
export const IN_PROGRESS_SUMMARY_NOTICE =
  'Consulta em andamento: o prontuário ainda não foi finalizado. Confira o resumo e use “Finalizar consulta” para encerrar a consulta.';
const NO_MEDICATIONS: readonly Medication[] = [];

/**
 * docs/product.md, "Etapa Resumo e Impressão": the patient, the prescriptions (each printable, or
 * all at once, as a receita a pharmacy accepts), the exams, the visit's documents, the whole
 * record's print and, while the visit is open, 'Finalizar consulta' (finalised: 'Ver relatório').
 */
export function PrintSummaryStep(props: {
  record: WorkingRecord;
  doctor: SessionDoctor;
  onOpenReport: () => void;
}) {
  const { record } = props;
  const info = record.patientInfo ?? {};
  const medications = record.prescriptions?.medications ?? NO_MEDICATIONS;
  const exams = record.prescriptions?.exams ?? [];
  const prescriptionActions = usePrescriptionActions();
  const { saved } = usePrescriptions();
  // The visit's receita (docs/receitas.md, "A receita da consulta"): its draft, else its valid
  // issued one. 'Assinar todos' signs it with the visit's documents.
  const { draft, issued } = useMemo(() => visitReceitasOf(saved, record.id), [saved, record.id]);
  const visitReceita = draft ?? issued;
  const visitReceitas = useMemo(
    () => (visitReceita ? [visitReceita] : NO_PRESCRIPTIONS),
    [visitReceita],
  );
  const settings = useDoctorSettings();
  // Finalised on this device while the server could not be reached: it is sent when it answers.
  const saveState = useSaveState('record', record.id);
  const signedBy = { ...settings, name: settings.name || props.doctor.name };
  // The receita the print dialog was opened with (it follows its edits and new versions).
  const [printing, setPrinting] = useState<readonly PresentedPrescription[]>();
  const visitReceitaIssue = useReceitaIssue().visitReceita;
  const issuing = visitReceitaIssue.isPending;
  const [issueError, setIssueError] = useState<string>();
  const { notice, show } = useStatusNotice();

  // What the step says the receita is; the receita follows it while the visit is open.
  const visit: VisitPrescription = useMemo(
    () => ({
      recordId: record.id,
      patientId: record.patientId ?? undefined,
      patientName: info.name ?? '',
      patientAge: info.age,
      patientSex: info.gender,
      medications,
      notes: record.prescriptions?.additionalNotes,
      safetyReasons: record.prescriptions?.safetyReasons,
    }),
    [
      record.id,
      record.patientId,
      info.name,
      info.age,
      info.gender,
      medications,
      record.prescriptions,
    ],
  );
  const prescriber = useMemo(
    () => ({ name: signedBy.name, crm: formatCrm(settings) }),
    [signedBy.name, settings],
  );
  const visitKey = JSON.stringify(visit);
  const open = record.status !== 'finalizado';
  const finalizedHere = useFinalizedHere();
  // While the visit is open, its receita says what the step says (a draft written over, or a
  // new version of the issued one), so 'Assinar todos' signs what the step now prescribes. A
  // visit just finalised from the plan step lands here with its receita's draft still to write
  // (or to bring up to date), so the summary shows it as when finalised from here; an issued
  // receita stays as it was issued, and a visit opened finalised is only read.
  const followsVisit = open || (finalizedHere && (draft !== undefined || issued === undefined));
  useEffect(() => {
    if (!followsVisit || medications.length === 0) return;
    void prescriptionActions.visitReceita(visit, prescriber).then((result) => {
      if (!result.ok) console.warn('Receita da consulta não atualizada.', result.error);
    });
    // visitKey stands for the visit's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followsVisit, visitKey, prescriber, prescriptionActions]);

  /** Opens the visit's receita in the print dialog: the one receita of the visit, never a new one. */
  const printReceita = async () => {
    if (medications.length === 0) {
      show(NOTHING_TO_PRINT.prescriptions, 'error');
      return;
    }
    setIssueError(undefined);
    const result = await visitReceitaIssue.mutateAsync([visit, prescriber]);
    if (result.ok) setPrinting([result.value]);
    else setIssueError(result.error);
  };

  return (
    <StepLayout
      title="Resumo e Impressão"
      footer={
        <>
          <BackButton />
          {open ? (
            <FinishVisitButton record={record} />
          ) : (
            <Button variant="secondary" onClick={props.onOpenReport}>
              <FileText aria-hidden className="size-4" />
              Ver relatório
            </Button>
          )}
        </>
      }
    >
      {/* An open visit's summary is a preview: it must never read as a finished visit. */}
      {open && <QuietNotice tone="warning">{IN_PROGRESS_SUMMARY_NOTICE}</QuietNotice>}
      {record.status === 'finalizado' && saveState === 'offline' && (
        <QuietNotice tone="warning">{FINALIZED_OFFLINE_MESSAGE}</QuietNotice>
      )}
      <section aria-labelledby="summary-patient" className="rounded-md border border-line p-4">
        <h3 id="summary-patient" className="text-base font-semibold text-fg">
          Dados do Paciente
        </h3>
        <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <SummaryEntry term="Nome" value={info.name?.trim() || 'Não informado'} />
          <SummaryEntry
            term="Idade"
            value={info.age === undefined ? 'Não informada' : `${info.age} anos`}
          />
          <SummaryEntry
            term="Sexo"
            value={info.gender ? GENDER_LABELS[info.gender] : 'Não informado'}
          />
        </dl>
      </section>

      <section aria-labelledby="summary-prescriptions" className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h3 id="summary-prescriptions" className="text-base font-semibold text-fg">
            Prescrições
          </h3>
          <Button variant="secondary" disabled={issuing} onClick={() => void printReceita()}>
            <Printer aria-hidden className="size-4" />
            Imprimir Todas as Prescrições
          </Button>
        </div>
        {visitReceita && (
          <p className="text-sm text-fg-muted">
            Receita da consulta:{' '}
            <span className="font-medium text-fg">
              {RECEITA_STATUS_LABELS[receitaStatus(visitReceita)]}
            </span>
            {draft && issued ? ' (nova versão da receita emitida)' : ''}
          </p>
        )}
        {medications.length === 0 ? (
          <p className="text-sm text-fg-muted">Nenhum medicamento prescrito.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {medications.map((medication, index) => (
              <li
                key={medication.id ?? `${medication.name}-${index}`}
                className="rounded-md border border-line bg-surface p-3 text-sm text-fg"
              >
                {medicationLine(medication)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="summary-exams" className="flex flex-col gap-3">
        <h3 id="summary-exams" className="text-base font-semibold text-fg">
          Exames
        </h3>
        {exams.length === 0 ? (
          <p className="text-sm text-fg-muted">Nenhum exame solicitado.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {exams.map((exam, index) => (
              <li
                key={exam.id ?? `${exam.name}-${index}`}
                className="rounded-md border border-line bg-surface p-3 text-sm text-fg"
              >
                {examLine(exam)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div>
        <Button
          variant="secondary"
          onClick={() =>
            hasPrintableContent(record) ? printRecord() : show(NOTHING_TO_PRINT.record, 'error')
          }
        >
          <Printer aria-hidden className="size-4" />
          Imprimir Prontuário Completo
        </Button>
      </div>

      {issueError && (
        <p role="alert" className="text-sm text-danger-fg">
          {issueError}
        </p>
      )}
      <StatusToast notice={notice} />

      {record.patientId ? (
        <DocumentsSection
          patient={{ id: record.patientId, name: info.name?.trim() || 'Paciente' }}
          record={record}
          heading="h3"
          receitas={visitReceitas}
        />
      ) : (
        <section aria-labelledby="summary-documents" className="flex flex-col gap-2">
          <h3 id="summary-documents" className="text-base font-semibold text-fg">
            Documentos
          </h3>
          <p className="text-sm text-fg-muted">
            Vincule esta consulta a um paciente, na etapa do paciente, para emitir atestados,
            solicitações de exames, encaminhamentos e relatórios.
          </p>
        </section>
      )}
      <PrintPreviewDialog
        open={printing !== undefined}
        onOpenChange={(open) => {
          if (!open) setPrinting(undefined);
        }}
        prescriptions={printing ?? NO_PRESCRIPTIONS}
        settings={signedBy}
      />
    </StepLayout>
  );
}

function SummaryEntry(props: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-fg-muted">{props.term}</dt>
      <dd className="font-medium text-fg">{props.value}</dd>
    </div>
  );
}
