import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ExternalLink,
  FileDown,
  FilePlus2,
  Merge,
  Pencil,
  RefreshCw,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { SessionDoctor } from '../../data/auth-client';
import { isApiError } from '@shared/api/client';
import type { Patient, PatientWrite } from '@shared/patients/patient';
import type { TimelineItem } from '@shared/patients/chart';
import {
  ERASE_LEGAL_NOTE,
  birthDateText,
  eraseQuestion,
  fhirFileName,
  patientAgeLabel,
  patientInfoForVisit,
  SEX_LABELS,
} from '@shared/patients/display';
import { maskCns, maskCpf } from '@shared/patients/identifiers';
import { hasClinicalContent, RETENTION_EXPLANATION } from '@shared/records/retention';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { useOpenRecordActions } from '../../data/open-record';
import {
  currentPatientOf,
  patientFhirUrl,
  patientKeys,
  patientSummaryUrl,
  useErasePatient,
  usePatientChart,
  usePatientVitals,
  useUpdatePatient,
  type PatientTimelineQuery,
} from '../../data/patients';
import { documentPdfUrl } from '../../data/documents';
import { useDoctorSettings } from '../../data/settings';
import { useOpenTimelineItem } from '../../data/timeline-items';
import { Button, buttonClassName } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DialogFrame } from '../../ui/dialog-frame';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { ViewHeader } from '../../ui/view-header';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import { DocumentsSection } from '../../components/documents/documents-section';
import { AiConsentBox } from './ai-consent-box';
import { MergePatientDialog } from './merge-patient-dialog';
import { MoveVisitDialog } from './move-visit-dialog';
import { PatientFormDialog, type SaveOutcome } from './patient-form-dialog';
import { PatientTimeline } from './patient-timeline';
import { RenewalDialog } from './renewal-dialog';
import { VitalsCharts } from './vitals-charts';
import { errorText } from '../../data/api';
import { ChronicConditionsBox } from './chronic-conditions-box';

const PrintPreviewDialog = lazy(() =>
  import('../../components/receitas/print-preview-dialog').then((module) => ({
    default: module.PrintPreviewDialog,
  })),
);

const OPEN_FAILED = 'Não foi possível abrir. Verifique sua conexão e tente novamente.';

/**
 * A patient's chart (docs/product.md, "Ficha do paciente"): who she is and what to watch (allergies first),
 * her vital signs across visits, and everything done for her, newest first; from here a new
 * visit starts with her data filled in, and her medicines in use are renewed ('Renovar receita').
 */
export function PatientChart(props: {
  patientId: string;
  doctor: SessionDoctor;
  openView: WorkspaceViewProps['openView'];
  openPatient: WorkspaceViewProps['openPatient'];
  preloadView: WorkspaceViewProps['preloadView'];
}) {
  // Her data and her timeline in one call; her vital signs beside it, not once it has come.
  const { patient, timeline } = usePatientChart(props.patientId);
  const vitals = usePatientVitals(props.patientId);
  const back = (
    <Button variant="secondary" onClick={() => props.openPatient()}>
      <ArrowLeft aria-hidden="true" size={18} /> Pacientes
    </Button>
  );

  const notFound = timeline.isError && isApiError(timeline.error, 'not_found');
  if (!patient || notFound) {
    return (
      <div className="flex min-h-full flex-col">
        <ViewHeader title="Paciente">{back}</ViewHeader>
        <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
          {timeline.isError ? (
            <div
              role="alert"
              className="rounded-md border border-danger-fg bg-danger-soft p-4 text-sm text-danger-fg"
            >
              {notFound
                ? 'Paciente não encontrado. Ele pode ter sido apagado ou unido a outro cadastro.'
                : timeline.error.message}
            </div>
          ) : (
            <p role="status" className="text-fg-muted">
              Carregando paciente...
            </p>
          )}
        </div>
      </div>
    );
  }
  return (
    <LoadedChart {...props} patient={patient} timeline={timeline} vitals={vitals} back={back} />
  );
}

function LoadedChart(
  props: Parameters<typeof PatientChart>[0] & {
    patient: Patient;
    timeline: PatientTimelineQuery;
    vitals: ReturnType<typeof usePatientVitals>;
    back: ReactNode;
  },
) {
  const { patient, vitals } = props;
  const cache = useQueryClient();
  const recordActions = useOpenRecordActions();
  const settings = useDoctorSettings();
  const update = useUpdatePatient();
  const erase = useErasePatient();
  const opening = useOpenTimelineItem();
  // The timeline item being opened; one at a time.
  const busyId = opening.isPending ? opening.variables.id : undefined;
  const { notice, show } = useStatusNotice();
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const [moving, setMoving] = useState<TimelineItem>();
  const [starting, setStarting] = useState(false);
  const [openError, setOpenError] = useState<string>();
  const [receita, setReceita] = useState<readonly ReceitaPrescription[]>();
  const [renewing, setRenewing] = useState(false);
  const [explainingRetention, setExplainingRetention] = useState(false);
  const preloadRecordView = () => props.preloadView('medical-record');

  const saveEdit = async (input: PatientWrite): Promise<SaveOutcome> => {
    try {
      return {
        saved: await update.mutateAsync({ id: patient.id, version: patient.version, input }),
      };
    } catch (error) {
      return { refused: error, current: currentPatientOf(error) };
    }
  };

  /** 'Nova consulta': a record for her, her patient step filled in, opened in the record view. */
  const startVisit = async () => {
    if (starting) return;
    setStarting(true);
    try {
      // Never fails: without the server a local record starts, sent once it answers.
      await recordActions.create({
        patientInfo: patientInfoForVisit(patient),
        patientId: patient.id,
      });
      props.openView('medical-record');
    } finally {
      setStarting(false);
    }
  };

  /** A visit opens in the record view; a receita in the receitas dialog. */
  const openItem = (item: TimelineItem) => {
    if (busyId) return;
    setOpenError(undefined);
    if (item.kind === 'document') {
      // Orientações have no PDF until the doctor approves them (docs/documentos.md, "Orientações
      // ao paciente"): their draft is read and approved in the documents list.
      if (item.documentKind === 'orientacoes' && !item.finalized) {
        const documents = document.getElementById('patient-documents');
        documents?.scrollIntoView({ block: 'start' });
        documents?.focus();
        return;
      }
      // A document opens as its PDF: the signed file once signed.
      window.open(documentPdfUrl(item.id), '_blank', 'noopener');
      return;
    }
    opening.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: (opened) => {
          if (opened.kind === 'prescription') return setReceita([opened.prescription]);
          recordActions.open(opened.record);
          props.openView(
            'medical-record',
            opened.record.status === 'finalizado' ? 'report' : 'form',
          );
        },
        onError: (error) => setOpenError(errorText(error, OPEN_FAILED)),
      },
    );
  };

  const confirmErase = () => {
    erase.mutate(patient, { onSuccess: () => props.openPatient() });
  };

  const details = [
    patientAgeLabel(patient),
    patient.sex ? SEX_LABELS[patient.sex] : undefined,
    patient.birthDate ? `Nascimento ${birthDateText(patient.birthDate)}` : undefined,
  ].filter(Boolean);

  return (
    <div className="flex min-h-full flex-col">
      <StatusToast notice={notice} />
      <ViewHeader title={patient.name}>
        {props.back}
        <Button
          disabled={starting}
          onClick={() => void startVisit()}
          {...preloadOnIntent(preloadRecordView)}
        >
          <FilePlus2 aria-hidden="true" size={18} /> Nova consulta
        </Button>
        {patient.medications.length > 0 && (
          <Button variant="secondary" onClick={() => setRenewing(true)}>
            <RefreshCw aria-hidden="true" size={18} /> Renovar receita
          </Button>
        )}
        <Button variant="secondary" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" size={18} /> Editar
        </Button>
      </ViewHeader>

      <PatientFormDialog
        open={editing}
        onOpenChange={setEditing}
        title={`Editar ${patient.name}`}
        patient={patient}
        onSave={saveEdit}
        saving={update.isPending}
        onSaved={() => {
          setEditing(false);
          show('Paciente atualizado.');
        }}
      />
      <MergePatientDialog
        patient={patient}
        open={merging}
        onOpenChange={setMerging}
        onMerged={() => {
          setMerging(false);
          show('Pacientes unidos.');
        }}
      />
      <MoveVisitDialog
        visit={moving}
        patient={patient}
        onClose={() => setMoving(undefined)}
        onMoved={(to) => {
          setMoving(undefined);
          show(`Consulta movida para ${to.name}.`);
        }}
      />
      <RenewalDialog
        patient={patient}
        doctor={props.doctor}
        open={renewing}
        onOpenChange={setRenewing}
        onIssued={(issued) => {
          // Printed like any receita: its safety check runs in the print dialog.
          setRenewing(false);
          setReceita([issued]);
          void cache.invalidateQueries({ queryKey: patientKeys.timeline(patient.id) });
        }}
      />
      {receita && (
        <Suspense fallback={null}>
          <PrintPreviewDialog
            open
            onOpenChange={(open) => {
              if (!open) setReceita(undefined);
            }}
            prescriptions={receita}
            settings={{ ...settings, name: settings.name || props.doctor.name }}
          />
        </Suspense>
      )}

      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6">
        {erase.isError && (
          <p
            role="alert"
            className="rounded-md border border-danger-fg bg-danger-soft p-3 text-sm text-danger-fg"
          >
            {isApiError(erase.error, 'patient_changed')
              ? 'Este paciente foi alterado em outra aba ou dispositivo e não foi apagado. Os dados abaixo são os atuais: confira antes de apagar.'
              : erase.error.message}
          </p>
        )}
        <section aria-label="Dados do paciente" className="flex flex-col gap-4">
          {details.length > 0 && <p className="text-fg-muted">{details.join(' · ')}</p>}
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {patient.cpf && <Detail term="CPF">{maskCpf(patient.cpf)}</Detail>}
            {patient.passport && <Detail term="Passaporte">{patient.passport}</Detail>}
            {patient.cns && <Detail term="CNS">{maskCns(patient.cns)}</Detail>}
            {patient.phone && <Detail term="Telefone">{patient.phone}</Detail>}
            {patient.address?.city && (
              <Detail term="Cidade">
                {[patient.address.city, patient.address.uf].filter(Boolean).join('/')}
              </Detail>
            )}
          </dl>
          <Allergies allergies={patient.allergies} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ChronicConditionsBox patient={patient} />
            <ListBox
              title="Medicamentos em uso"
              items={patient.medications}
              empty="Nenhum registrado."
            />
          </div>
          {patient.notes && (
            <div className="text-sm">
              <h2 className="font-semibold text-fg">Observações</h2>
              <p className="whitespace-pre-line text-fg">{patient.notes}</p>
            </div>
          )}
          <AiConsentBox patient={patient} />
        </section>

        <section aria-labelledby="patient-vitals" className="flex flex-col gap-3">
          <h2 id="patient-vitals" className="text-lg font-semibold text-fg">
            Sinais vitais
          </h2>
          <VitalsCharts points={vitals.data} loading={vitals.isPending} error={vitals.error} />
        </section>

        <DocumentsSection patient={patient} />

        <section aria-labelledby="patient-timeline" className="flex flex-col gap-3">
          <h2 id="patient-timeline" className="text-lg font-semibold text-fg">
            Histórico
          </h2>
          {openError && (
            <p role="alert" className="text-sm text-danger-fg">
              {openError}
            </p>
          )}
          <PatientTimeline
            timeline={props.timeline}
            busyId={busyId}
            onOpen={openItem}
            onMove={setMoving}
          />
        </section>

        <section
          aria-labelledby="patient-data-actions"
          className="flex flex-col gap-3 border-t border-line pt-6"
        >
          <h2 id="patient-data-actions" className="text-lg font-semibold text-fg">
            Mais ações
          </h2>
          <div className="flex flex-wrap gap-2">
            <a
              href={patientFhirUrl(patient.id)}
              download={fhirFileName(patient.name)}
              className={buttonClassName('secondary')}
            >
              <FileDown aria-hidden="true" size={18} /> Exportar dados (FHIR)
            </a>
            <a
              href={patientSummaryUrl(patient.id)}
              target="_blank"
              rel="noopener"
              className={buttonClassName('secondary')}
            >
              <ExternalLink aria-hidden="true" size={18} /> Resumo para o paciente
              <span className="sr-only"> (abre em uma nova aba)</span>
            </a>
            <Button variant="secondary" onClick={() => setMerging(true)}>
              <Merge aria-hidden="true" size={18} /> Unir com outro paciente
            </Button>
            {patient.counts && hasClinicalContent(patient.counts) ? (
              <Button variant="secondary" onClick={() => setExplainingRetention(true)}>
                <Trash2 aria-hidden="true" size={18} /> Apagar paciente
              </Button>
            ) : (
              <ConfirmDialog
                trigger={
                  <Button variant="danger" disabled={erase.isPending}>
                    <Trash2 aria-hidden="true" size={18} /> Apagar paciente
                  </Button>
                }
                title="Apagar paciente"
                question={eraseQuestion(patient)}
                note={ERASE_LEGAL_NOTE}
                confirmLabel="Apagar"
                onConfirm={confirmErase}
              />
            )}
            <DialogFrame
              open={explainingRetention}
              onOpenChange={setExplainingRetention}
              title="O prontuário é guardado por 20 anos"
              size="narrow"
            >
              <div className="flex flex-col gap-4 overflow-y-auto p-4">
                <p className="text-fg">{RETENTION_EXPLANATION}</p>
                <div className="flex flex-wrap justify-end gap-2">
                  <a
                    href={patientFhirUrl(patient.id)}
                    download={fhirFileName(patient.name)}
                    className={buttonClassName('secondary')}
                  >
                    <FileDown aria-hidden="true" size={18} /> Exportar dados (FHIR)
                  </a>
                  <Button onClick={() => setExplainingRetention(false)}>Entendi</Button>
                </div>
              </div>
            </DialogFrame>
          </div>
        </section>
      </div>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-fg-muted">{term}</dt>
      <dd className="text-fg">{children}</dd>
    </>
  );
}

/** Her allergies, in red with a warning sign and the word 'Alergias': never colour alone. */
function Allergies({ allergies }: { allergies: readonly string[] }) {
  if (allergies.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        <span className="font-semibold text-fg">Alergias:</span> nenhuma registrada.
      </p>
    );
  }
  return (
    <div
      role="note"
      aria-labelledby="patient-allergies"
      className="rounded-md border border-danger-fg bg-danger-soft p-3 text-danger-fg"
    >
      <h2 id="patient-allergies" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" size={18} /> Alergias
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
        {allergies.map((allergy) => (
          <li key={allergy}>{allergy}</li>
        ))}
      </ul>
    </div>
  );
}

function ListBox(props: { title: string; items: readonly string[]; empty: string }) {
  return (
    <div className="rounded-md border border-line bg-surface p-3 text-sm">
      <h2 className="font-semibold text-fg">{props.title}</h2>
      {props.items.length === 0 ? (
        <p className="text-fg-muted">{props.empty}</p>
      ) : (
        <ul className="mt-1 list-disc pl-5 text-fg">
          {props.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
