import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DoctorSettings } from '@shared/account/doctor-settings';
import { recordSummaryMessage } from '@shared/records/chat-context';
import { patientNameOf } from '@shared/records/list-rules';
import { buildRecordNarrative } from '@shared/records/narrative';
import type { SessionDoctor } from '../../data/auth-client';
import {
  generateAnamnesisFromConversation,
  startRecordFromConversation,
} from '../../data/record-from-chat';
import { useOpenRecord, useOpenRecordActions } from '../../data/open-record';
import { useChatConversation, useChatConversationActions } from '../../data/chat';
import { useDoctorSettings } from '../../data/settings';
import { ChatModeButtons } from '../../ui/chat/chat-mode-buttons';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { ViewHeader } from '../../ui/view-header';
import type { RecordDisplayMode, WorkspaceViewProps } from '../../data/workspace-views';
import { PrintArea } from '../../ui/print-area';
import { FinalizedRecordBanner } from './finalized-record-banner';
import {
  PatientChangesDialog,
  chartChangesOf,
  type PendingChartChanges,
} from './patient-changes-dialog';
import { printRecord } from './print-record';
import { RecordEmptyState } from './record-empty-state';
import { RECORD_PANEL_ID, RecordHeader, RecordModeTabs, recordTabId } from './record-header';
import { RecordStepBar } from './record-step-bar';
import { RecordStepScreen } from './steps/record-step-screen';
import { AnamnesisView } from './views/anamnesis-view';
import { FeedbackView } from './views/feedback-view';
import { NarrativeReport } from './views/narrative-report';
import { errorText } from '../../data/api';

/** The first control a doctor types into, skipping read-only ones (the computed BMI). */
const FIRST_FIELD =
  'input:not([type="hidden"]):not([readonly]):not([disabled]), select:not([disabled]), textarea:not([readonly]):not([disabled])';

/**
 * The doctor's settings for the documents (signature, record template); the defaults with the
 * session's name until they load, and the session's name while the profile has none, so the
 * signature block never reads blank.
 */
function useRecordSettings(doctor: SessionDoctor): DoctorSettings {
  const saved = useDoctorSettings();
  return saved.name.trim() ? saved : { ...saved, name: doctor.name };
}

/**
 * The prontuário (docs/product.md, "Tela do prontuário"): with no open record, the SOAP empty
 * state; otherwise its header, the four display modes and, whatever the mode, the narrative record
 * ready in the print area so printing works from every step.
 */
export default function MedicalRecordView(props: WorkspaceViewProps) {
  const { doctor, openView, recordMode } = props;
  const { record, save } = useOpenRecord();
  const actions = useOpenRecordActions();
  const chat = useChatConversation();
  const chatActions = useChatConversationActions();
  const settings = useRecordSettings(doctor);
  const { notice, show } = useStatusNotice();
  const [starting, setStarting] = useState(false);
  const cache = useQueryClient();
  /** A finalised visit's changes to the patient's chart, waiting for the doctor's say-so. */
  const [chartChanges, setChartChanges] = useState<PendingChartChanges>();
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
      await actions.create();
      if (recordMode !== 'form') openView('medical-record', 'form');
    } catch (error) {
      // create() keeps a local record itself offline; anything else is a bug to log, and the
      // focus request must not linger until some later record opens.
      focusFirstField.current = false;
      console.error('Falha ao iniciar o prontuário:', error);
    } finally {
      setStarting(false);
    }
  };

  // docs/product.md, "Modos de exibição": a conversation decides the 'Anamnese' tab and
  // 'Gerar Anamnese Estruturada'.
  const chatHasMessages = chat.messages.some((message) => message.role !== 'system');

  const generateAnamnesis = async () => {
    if (starting) return;
    setStarting(true);
    try {
      await startRecordFromConversation(actions, chat.messages);
      await generateAnamnesisFromConversation(actions, chat.messages);
      openView('medical-record', 'anamnesis');
    } catch (error) {
      show(errorText(error, 'Não foi possível gerar a anamnese.'), 'error');
    } finally {
      setStarting(false);
    }
  };

  const backToChat = (mode: 'general' | 'specialist') => {
    if (mode !== chat.mode) chatActions.setMode(mode);
    openView('chat');
  };

  if (!record) {
    return (
      <div className="flex min-h-full min-w-0 flex-col">
        <ViewHeader title="Prontuário">
          <ChatModeButtons
            onGeneral={() => backToChat('general')}
            onSpecialists={() => backToChat('specialist')}
          />
        </ViewHeader>
        <RecordEmptyState
          starting={starting}
          onCancel={() => openView('chat')}
          onStart={() => void start()}
          onGenerateAnamnesis={chatHasMessages ? () => void generateAnamnesis() : undefined}
        />
      </div>
    );
  }

  const modes: RecordDisplayMode[] = [
    'form',
    'report',
    // docs/product.md, "Modos de exibição": only with a conversation or an anamnesis; kept while
    // the address asks for it.
    ...(record.structuredAnamnesis || chatHasMessages || recordMode === 'anamnesis'
      ? (['anamnesis'] as const)
      : []),
    'feedback',
  ];
  const narrative = buildRecordNarrative(record, settings, new Date());

  return (
    <div className="flex min-h-full min-w-0 flex-col">
      <RecordHeader
        record={record}
        save={save}
        settings={settings}
        notify={show}
        onEdit={() => openView('medical-record', 'form')}
        onCancel={() => {
          void actions.cancel().then(() => openView('chat'));
        }}
      />
      <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-4 px-4 py-4 sm:px-6">
        <div className="flex justify-end">
          <ChatModeButtons
            onGeneral={() => backToChat('general')}
            onSpecialists={() => backToChat('specialist')}
          />
        </div>
        {record.status === 'finalizado' && (
          <FinalizedRecordBanner
            record={record}
            actions={actions}
            notify={(text) => show(text)}
            onClose={() => actions.clear()}
          />
        )}
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
              <RecordStepBar record={record} onSelect={(step) => actions.goToStep(step)} />
              <div ref={formRef} className="min-w-0">
                <RecordStepScreen
                  record={record}
                  doctor={doctor}
                  onFinalized={() => {
                    // docs/product.md, "Finalização do prontuário": a summary is posted in the
                    // chat, and the record stays open on its summary step: that is where its
                    // receitas and documents are printed (finalising has already moved it there).
                    const finalized = actions.record;
                    if (finalized) {
                      chatActions.post(
                        'assistant',
                        recordSummaryMessage(finalized, patientNameOf(finalized)),
                        'record',
                      );
                      chartChangesOf(cache, finalized).then(setChartChanges, () =>
                        show('Não foi possível ler a ficha do paciente para atualizá-la.', 'error'),
                      );
                    }
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
      <PatientChangesDialog
        pending={chartChanges}
        onDone={(message) => {
          setChartChanges(undefined);
          if (message) show(message);
        }}
      />
      <StatusToast notice={notice} />
      <PrintArea kind="record">
        <NarrativeReport narrative={narrative} variant="print" />
      </PrintArea>
    </div>
  );
}
