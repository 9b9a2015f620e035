import { FileText, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatCrm } from '../../../../shared/doctor-settings';
import type { Medication } from '../../../../shared/medical-record';
import type { WorkingRecord } from '../../../../shared/record-flow';
import { examLine, medicationLine } from '../../../../shared/record-narrative';
import { GENDER_LABELS, hasPrintableContent } from '../../../../shared/record-step-rules';
import type { SessionDoctor } from '../../../auth-client';
import { useSaveState } from '../../../data/doctor-data-context';
import { FINALIZED_OFFLINE_MESSAGE } from '../../../data/open-record';
import { useDoctorSettings } from '../../../data/settings';
import type { PresentedPrescription } from '../../../../shared/api/prescriptions';
import { usePrescriptionActions } from '../../../data/prescription-actions';
import { usePrescriptions } from '../../../data/prescriptions';
import { localDay } from '../../../../shared/prescription-draft';
import { PrintPreviewDialog } from '../../../prescriptions/print-preview-dialog';
import { Button } from '../../../ui/button';
import { DocumentsSection } from '../../../documents/documents-section';
import { NOTHING_TO_PRINT, printRecord } from '../print-record';
import { BackButton, QuietNotice, StepLayout } from './step-layout';

const NO_PRESCRIPTIONS: readonly PresentedPrescription[] = [];

/**
 * docs/product.md, "Etapa Resumo e Impressão": the patient, the prescriptions (each printable, or
 * all at once, as a receita a pharmacy accepts), the exams, the whole record's print and 'Finalizar
 * Consulta'.
 */
export function PrintSummaryStep(props: {
  record: WorkingRecord;
  doctor: SessionDoctor;
  onOpenReport: () => void;
}) {
  const { record } = props;
  const info = record.patientInfo ?? {};
  const medications = record.prescriptions?.medications ?? [];
  const exams = record.prescriptions?.exams ?? [];
  const prescriptionActions = usePrescriptionActions();
  const { saved } = usePrescriptions();
  // The visit's receitas: this patient's, of today, signed with its documents in one go.
  const today = localDay(new Date());
  const visitReceitas = useMemo(
    () =>
      record.patientId
        ? saved.filter(
            (prescription) =>
              prescription.patientId === record.patientId && prescription.date === today,
          )
        : NO_PRESCRIPTIONS,
    [saved, record.patientId, today],
  );
  const settings = useDoctorSettings();
  // Finalised on this device while the server could not be reached: it is sent when it answers.
  const saveState = useSaveState('record', record.id);
  const signedBy = { ...settings, name: settings.name || props.doctor.name };
  // The receita issued from the record, shown in the print preview.
  const [issued, setIssued] = useState<readonly PresentedPrescription[]>();
  const [issuing, setIssuing] = useState(false);
  const [issueError, setIssueError] = useState<string>();

  /**
   * Issues a receita of the chosen medicines (all, or the one whose 'Imprimir' was pressed):
   * saved like any other, so the print carries the server's special-control marks.
   */
  const printMedications = async (chosen: Medication[]) => {
    if (chosen.length === 0) {
      window.alert(NOTHING_TO_PRINT.prescriptions);
      return;
    }
    // The reasons the doctor gave in the prescription step for these medicines go with them.
    const names = new Set(chosen.map((medication) => medication.name));
    const reasons = (record.prescriptions?.safetyReasons ?? []).filter((reason) =>
      reason.medications.some((name) => names.has(name)),
    );
    setIssuing(true);
    setIssueError(undefined);
    const result = await prescriptionActions.quick(
      {
        patientName: info.name?.trim() ?? '',
        patientAge: info.age === undefined ? '' : String(info.age),
        diagnosis: '',
        medications: chosen,
        notes: record.prescriptions?.additionalNotes?.trim() ?? '',
        confidence: 1,
        extractedSections: [],
      },
      { name: signedBy.name, crm: formatCrm(settings) },
      {
        ...(record.patientId ? { patientId: record.patientId } : {}),
        ...(info.gender ? { patientSex: info.gender } : {}),
        ...(reasons.length > 0 ? { safetyReasons: reasons } : {}),
      },
    );
    setIssuing(false);
    if (result.ok) setIssued([result.value]);
    else setIssueError(result.error);
  };

  return (
    <StepLayout
      title="Resumo e Impressão"
      footer={
        <>
          <BackButton />
          <Button onClick={props.onOpenReport}>
            <FileText aria-hidden className="size-4" />
            Finalizar Consulta
          </Button>
        </>
      }
    >
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
          <Button
            variant="secondary"
            disabled={issuing}
            onClick={() => void printMedications(medications)}
          >
            <Printer aria-hidden className="size-4" />
            Imprimir Todas as Prescrições
          </Button>
        </div>
        {medications.length === 0 ? (
          <p className="text-sm text-fg-muted">Nenhum medicamento prescrito.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {medications.map((medication, index) => (
              <li
                key={medication.id ?? `${medication.name}-${index}`}
                className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="text-sm text-fg">{medicationLine(medication)}</span>
                <Button
                  variant="ghost"
                  className="self-start sm:self-auto"
                  aria-label={`Imprimir ${medication.name}`}
                  disabled={issuing}
                  onClick={() => void printMedications([medication])}
                >
                  <Printer aria-hidden className="size-4" />
                  Imprimir
                </Button>
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
        <Button variant="secondary" onClick={() => printRecord(hasPrintableContent(record))}>
          <Printer aria-hidden className="size-4" />
          Imprimir Prontuário Completo
        </Button>
      </div>

      {issueError && (
        <p role="alert" className="text-sm text-danger-fg">
          {issueError}
        </p>
      )}

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
        open={issued !== undefined}
        onOpenChange={(open) => {
          if (!open) setIssued(undefined);
        }}
        prescriptions={issued ?? NO_PRESCRIPTIONS}
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
