import { FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { Medication } from '../../../../shared/medical-record';
import type { WorkingRecord } from '../../../../shared/record-flow';
import { examLine, medicationLine, signatureLines } from '../../../../shared/record-narrative';
import { GENDER_LABELS, hasPrintableContent } from '../../../../shared/record-step-rules';
import { formatLongDate } from '../../../../shared/pt-br-format';
import { useDoctorSession } from '../../../auth-client';
import { useDoctorSettings } from '../../../doctor-settings';
import { Button } from '../../../ui/button';
import { PrintArea, printArea } from '../print-record';
import { BackButton, StepLayout } from './step-layout';

/**
 * Spec §2 Print summary: the patient, the prescriptions (each printable, or all at once), the
 * exams, the whole record's print and 'Finalizar Consulta' (the report view).
 */
export function PrintSummaryStep(props: { record: WorkingRecord; onOpenReport: () => void }) {
  const { record } = props;
  const info = record.patientInfo ?? {};
  const medications = record.prescriptions?.medications ?? [];
  const exams = record.prescriptions?.exams ?? [];
  // The medications the receita prints: all, or the one whose 'Imprimir' was pressed.
  const [toPrint, setToPrint] = useState<Medication[]>(medications);

  const printMedications = (chosen: Medication[]) => {
    // The print area must show the chosen set before the print dialog snapshots the page.
    flushSync(() => setToPrint(chosen));
    printArea('prescriptions', chosen.length > 0);
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
          <Button variant="secondary" onClick={() => printMedications(medications)}>
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
                  onClick={() => printMedications([medication])}
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
        <Button
          variant="secondary"
          onClick={() => printArea('record', hasPrintableContent(record))}
        >
          <Printer aria-hidden className="size-4" />
          Imprimir Prontuário Completo
        </Button>
      </div>

      <PrescriptionSheet patientName={info.name ?? ''} medications={toPrint} />
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

/** The receita on paper; the doctor's name and CRM come from their settings once signed in. */
function PrescriptionSheet(props: { patientName: string; medications: Medication[] }) {
  const session = useDoctorSession();
  return session.status === 'signed-in' ? (
    <SignedPrescriptionSheet doctorId={session.doctor.id} {...props} />
  ) : (
    <PrescriptionPaper {...props} signature={[]} />
  );
}

function SignedPrescriptionSheet(props: {
  doctorId: string;
  patientName: string;
  medications: Medication[];
}) {
  const settings = useDoctorSettings(props.doctorId).data;
  return <PrescriptionPaper {...props} signature={settings ? signatureLines(settings) : []} />;
}

function PrescriptionPaper(props: {
  patientName: string;
  medications: Medication[];
  signature: string[];
}) {
  return (
    <PrintArea kind="prescriptions">
      <article className="mx-auto flex max-w-[180mm] flex-col gap-6 p-8 font-serif">
        <h1 className="text-center text-2xl font-bold tracking-wide">Receituário</h1>
        <p>
          <strong>Paciente:</strong> {props.patientName.trim() || '________________________'}
        </p>
        <p>
          <strong>Data:</strong> {formatLongDate(new Date())}
        </p>
        <ol className="flex list-decimal flex-col gap-3 pl-6">
          {props.medications.map((medication, index) => (
            <li key={medication.id ?? `${medication.name}-${index}`}>
              {medicationLine(medication)}
            </li>
          ))}
        </ol>
        <div className="mt-16 text-center">
          <p>______________________</p>
          {props.signature.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </article>
    </PrintArea>
  );
}
