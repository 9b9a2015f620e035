import { useEffect, useRef, useState } from 'react';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '../../../shared/doctor-settings';
import { buildRecordNarrative } from '../../../shared/record-narrative';
import type { SessionDoctor } from '../../auth-client';
import { useCurrentRecord } from '../../current-record/current-record';
import { useDoctorSettings } from '../../doctor-settings';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { ViewHeader } from '../../ui/view-header';
import type { RecordDisplayMode, WorkspaceViewProps } from '../../workspace-views';
import { PrintArea, printArea } from './print-record';
import { RecordEmptyState } from './record-empty-state';
import { RECORD_PANEL_ID, RecordHeader, RecordModeTabs, recordTabId } from './record-header';
import { RecordStepBar } from './record-step-bar';
import { RecordStepScreen } from './steps/record-step-screen';
import { AnamnesisView } from './views/anamnesis-view';
import { FeedbackView } from './views/feedback-view';
import { NarrativeReport } from './views/narrative-report';

/**
 * Whether the chat holds a conversation (it decides the 'Anamnese' tab and 'Gerar Anamnese
 * Estruturada'). The chat's messages belong to the chat issue; until it shares them, none exist.
 */
const hasChatMessages = (): boolean => false;

/** The first control a doctor types into, skipping read-only ones (the computed BMI). */
const FIRST_FIELD =
  'input:not([type="hidden"]):not([readonly]):not([disabled]), select:not([disabled]), textarea:not([readonly]):not([disabled])';

/**
 * The doctor's settings for the documents (signature, record template); the defaults with the
 * session's name until they load, and the session's name while the profile has none, so the
 * signature block never reads blank.
 */
function useRecordSettings(doctor: SessionDoctor): DoctorSettings {
  const saved = useDoctorSettings(doctor.id).data ?? DEFAULT_DOCTOR_SETTINGS;
  return saved.name.trim() ? saved : { ...saved, name: doctor.name };
}

/**
 * The prontuário (spec §2 Medical record flow): with no open record, the SOAP empty state;
 * otherwise its header, the four display modes and, whatever the mode, the narrative record
 * ready in the print area so printing works from every step.
 */
export default function MedicalRecordView(props: WorkspaceViewProps) {
  const { doctor, openView, recordMode } = props;
  const { record, save, store } = useCurrentRecord();
  const settings = useRecordSettings(doctor);
  const { notice, show } = useStatusNotice();
  const [starting, setStarting] = useState(false);
  /** Set by 'Iniciar Prontuário' until the new record's first field has the focus. */
  const focusFirstField = useRef(false);
  const formRef = useRef<HTMLDivElement>(null);
  const recordId = record?.id;

  // A record just started: the doctor types at once. This runs after the new screen's own
  // arrival focus (children's effects run first), so the first field wins over the heading.
  useEffect(() => {
    if (!focusFirstField.current || recordId === undefined) return;
    const field = formRef.current?.querySelector<HTMLElement>(FIRST_FIELD);
    if (!field) return;
    field.focus();
    focusFirstField.current = false;
  }, [recordId, recordMode]);

  const start = async () => {
    if (starting) return;
    setStarting(true);
    focusFirstField.current = true;
    try {
      await store.create();
      if (recordMode !== 'form') openView('medical-record', 'form');
    } catch (error) {
      // create() falls back to a local record itself; anything else is a bug to log, and the
      // focus request must not linger until some later record opens.
      focusFirstField.current = false;
      console.error('Falha ao iniciar o prontuário:', error);
    } finally {
      setStarting(false);
    }
  };

  const chatHasMessages = hasChatMessages();

  if (!record) {
    return (
      <div className="flex min-h-full min-w-0 flex-col">
        <ViewHeader title="Prontuário" />
        <RecordEmptyState
          starting={starting}
          onCancel={() => openView('chat')}
          onStart={() => void start()}
          onGenerateAnamnesis={
            chatHasMessages
              ? () => {
                  // The chat issue draws the anamnesis from its messages into the new record.
                  void start().then(() => openView('medical-record', 'anamnesis'));
                }
              : undefined
          }
        />
      </div>
    );
  }

  const modes: RecordDisplayMode[] = [
    'form',
    'report',
    // Spec §2: only with a conversation or an anamnesis; kept while the address asks for it.
    ...(record.structuredAnamnesis || chatHasMessages || recordMode === 'anamnesis'
      ? (['anamnesis'] as const)
      : []),
    'feedback',
  ];
  const narrative = buildRecordNarrative(record, settings, new Date());
  const printRecord = () => printArea('record', true);

  return (
    <div className="flex min-h-full min-w-0 flex-col">
      <RecordHeader
        record={record}
        save={save}
        settings={settings}
        notify={show}
        onEdit={() => openView('medical-record', 'form')}
        onCancel={() => {
          void store.cancel().then(() => openView('chat'));
        }}
      />
      <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-4 px-4 py-4 sm:px-6">
        <RecordModeTabs
          modes={modes}
          selected={recordMode}
          onSelect={(mode) => openView('medical-record', mode)}
        />
        <div
          role="tabpanel"
          id={RECORD_PANEL_ID}
          aria-labelledby={recordTabId(recordMode)}
          className="flex min-w-0 flex-col gap-4"
        >
          {recordMode === 'form' && (
            <>
              <RecordStepBar record={record} onSelect={(step) => store.goToStep(step)} />
              <div ref={formRef} className="min-w-0">
                <RecordStepScreen
                  record={record}
                  onFinalized={() => {
                    // Spec §4: finalising clears the record and returns to chat (the chat
                    // summary message is the chat issue's).
                    store.clear({ explicitExit: true });
                    openView('chat');
                  }}
                  onOpenReport={() => openView('medical-record', 'report')}
                />
              </div>
            </>
          )}
          {recordMode === 'report' && (
            <NarrativeReport narrative={narrative} variant="screen" onPrint={printRecord} />
          )}
          {recordMode === 'anamnesis' && <AnamnesisView anamnesis={record.structuredAnamnesis} />}
          {recordMode === 'feedback' && (
            <FeedbackView
              feedback={record.consultationFeedback}
              patientName={record.patientInfo?.name?.trim() || 'Paciente sem nome'}
            />
          )}
        </div>
      </div>
      <StatusToast notice={notice} />
      <PrintArea kind="record">
        <NarrativeReport narrative={narrative} variant="print" />
      </PrintArea>
    </div>
  );
}
