import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatMessage } from '@shared/chat/conversation';
import { formatCrm } from '@shared/account/doctor-settings';
import { patientNameOf } from '@shared/records/list-rules';
import { visitOfAiRequest, type WorkingRecord } from '@shared/records/flow';
import {
  generateAnamnesisFromConversation,
  recordContentOf,
  startRecordFromConversation,
} from '../../data/record-from-chat';
import type { OpenRecordActions } from '../../data/open-record';
import { usePrescriptionActions } from '../../data/prescription-actions';
import { usePrescriptions } from '../../data/prescriptions';
import { useChatConversationActions, useSendChatMessage } from '../../data/chat';
import { useDoctorSettings } from '../../data/settings';
import { errorText } from '../../data/api';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import { runSlashCommand } from './slash-command-runner';
import {
  runPrescriptionCommand,
  startPrescriptionFromConversation,
  type PrintRequest,
} from './prescription-commands';
import type { AutoUpdateControls } from './use-conversation-auto-update';

/**
 * The chat's actions (docs/product.md, "Chat"): a message or a slash command sent, a record or a
 * receita started from the conversation, the structured anamnesis, leaving the visit. While one
 * runs, `busy` holds the buttons and the message box.
 */
export function useChatActions(input: {
  doctor: WorkspaceViewProps['doctor'];
  openView: WorkspaceViewProps['openView'];
  messages: readonly ChatMessage[];
  /** The open record, in progress or finalised. */
  record: WorkingRecord | undefined;
  recordStore: OpenRecordActions;
  /** Why the chat may not read the open record, when it may not. */
  aiBlock: string | undefined;
  autoUpdate: AutoUpdateControls;
  /** Shows an action's failure (the screen's toast). */
  warn: (message: string) => void;
}) {
  const { doctor, openView, messages, record, recordStore, aiBlock } = input;
  const chatActions = useChatConversationActions();
  const sendMessage = useSendChatMessage();
  const queryCache = useQueryClient();
  const prescriptions = usePrescriptions();
  const prescriptionActions = usePrescriptionActions();
  const settings = useDoctorSettings();
  const [printJob, setPrintJob] = useState<PrintRequest>();
  const [dismissedSuggestions, setDismissedSuggestions] = useState<ReadonlySet<string>>(
    () => new Set(),
  );
  const activeRecord = record?.status === 'em_andamento' ? record : undefined;
  const prescriber = { name: settings.name || doctor.name, crm: formatCrm(settings) };

  const dismissSuggestion = (id: string) =>
    setDismissedSuggestions((current) => new Set(current).add(id));

  /** A slash command; resolves to whether it was one (else the text goes to the model). */
  const command = useMutation({
    mutationFn: (text: string) =>
      runSlashCommand(text, {
        chat: chatActions,
        record: recordStore,
        openView,
        queryCache,
        state: {
          hasPrescription: prescriptions.current !== undefined,
          hasBatch: prescriptions.batch !== undefined,
        },
        runPrescriptionCommand: (slashCommand, commandText) =>
          runPrescriptionCommand(slashCommand, commandText, {
            prescriptions: prescriptionActions,
            doctor: prescriber,
            settings: { ...settings, name: settings.name || doctor.name },
            messages,
            openRecordPatientName: record?.patientInfo?.name,
            openPrint: setPrintJob,
            warn: input.warn,
          }),
      }),
  });

  /**
   * 'Criar Receita' (docs/product.md, "Sugestões de prontuário e de receita"): the receita from the
   * conversation, posted as a command answer.
   */
  const prescriptionFromChat = useMutation({
    mutationFn: (_suggestionId: string) =>
      startPrescriptionFromConversation({
        prescriptions: prescriptionActions,
        doctor: prescriber,
        messages,
      }),
    onSuccess: (answer, suggestionId) => {
      // Answered once: a later receita does not bring the buttons back.
      dismissSuggestion(suggestionId);
      chatActions.post('assistant', answer, 'command');
    },
  });

  const recordFromChat = useMutation({
    mutationFn: () => startRecordFromConversation(recordStore, messages),
    onSuccess: () => openView('medical-record'),
  });

  const anamnesis = useMutation({
    mutationFn: async () => {
      // A finalised record is locked: the anamnesis goes into a new one.
      if (!activeRecord) await startRecordFromConversation(recordStore, messages);
      await generateAnamnesisFromConversation(recordStore, messages);
    },
    onSuccess: () => openView('medical-record', 'anamnesis'),
    onError: (error) => input.warn(errorText(error, 'Não foi possível gerar a anamnese.')),
  });

  const busy =
    command.isPending ||
    prescriptionFromChat.isPending ||
    recordFromChat.isPending ||
    anamnesis.isPending;

  const send = async (text: string) => {
    if (text.startsWith('/') && (await command.mutateAsync(text))) return;
    const withRecord = aiBlock === undefined ? activeRecord : undefined;
    sendMessage(text, {
      ...(withRecord ? { record: recordContentOf(withRecord) } : {}),
      ...(withRecord
        ? { visit: { ...visitOfAiRequest(withRecord), patientId: withRecord.patientId } }
        : {}),
      hasPrescription: prescriptions.current !== undefined,
    });
  };

  const leaveTreatment = () => {
    if (!activeRecord) return;
    const name = patientNameOf(activeRecord);
    input.autoUpdate.stop();
    recordStore.clear();
    chatActions.post(
      'system',
      `Atendimento de ${name} encerrado. O prontuário continua salvo em Prontuários.`,
    );
  };

  return {
    busy,
    send,
    startPrescription: (suggestionId: string) => {
      if (!busy) prescriptionFromChat.mutate(suggestionId);
    },
    startRecord: () => {
      if (!busy) recordFromChat.mutate();
    },
    generateAnamnesis: () => {
      if (!busy) anamnesis.mutate();
    },
    leaveTreatment,
    dismissedSuggestions,
    dismissSuggestion,
    /** What the print preview shows, once a command opened it. */
    printJob,
    closePrint: () => setPrintJob(undefined),
  };
}
