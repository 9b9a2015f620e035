import { Bot, FileText, FilePlus2, Pill, MessageSquarePlus, Smartphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { suggestionOf, type ChatMessage } from '@shared/chat/conversation';
import { CHAT_INPUT_MAX_LENGTH, chatInputPlaceholder } from '@shared/chat/rules';
import {
  findSpecialistAgent,
  GENERAL_CHAT_DESCRIPTION,
  GENERAL_CHAT_TITLE,
  type SpecialistAgentId,
} from '@shared/chat/specialist-agents';
import { AI_DISABLED_NOTICE } from '@shared/ai/use';
import type { PresentedPrescription } from '@shared/api/prescriptions';
import { useAiBlock } from '../../data/ai-use';
import { NEW_RECORD_FOR_ANAMNESIS } from '../../data/record-from-chat';
import { useOpenRecord, useOpenRecordActions } from '../../data/open-record';
import { usePrescriptions } from '../../data/prescriptions';
import { useChatConversation, useChatConversationActions } from '../../data/chat';
import { useDoctorSettings } from '../../data/settings';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ChatInput } from '../../ui/chat/chat-input';
import { ChatModeButtons } from '../../ui/chat/chat-mode-buttons';
import { MessageList, type ChatListMessage } from '../../ui/chat/message-list';
import { ToolsMenu } from '../../ui/chat/tools-menu';
import { preloadOnIntent } from '../../ui/preload-on-intent';
import { StatusToast, useStatusNotice } from '../../ui/status-toast';
import { useFocusOnArrival } from '../../ui/use-focus-on-arrival';
import { AgentAvatar, AgentPicker } from './agent-picker';
import { commandSuggestions } from './slash-command-runner';
import { TreatmentCard } from './treatment-card';
import { useChatActions } from './use-chat-actions';
import { useConversationAutoUpdate } from './use-conversation-auto-update';
import { useMobileConsultationSwitch } from './use-mobile-consultation-switch';

const NO_PRESCRIPTIONS: readonly PresentedPrescription[] = [];

// Not part of the first screen: the print preview (and the receita layout it brings) loads the
// first time the chat opens it.
const PrintPreviewDialog = lazy(() =>
  import('../../components/receitas/print-preview-dialog').then((module) => ({
    default: module.PrintPreviewDialog,
  })),
);

/**
 * The chat (docs/product.md, "Chat"): the start screen with the agent selection, the conversation
 * with the general assistant or a specialist, replies streamed in as Markdown, and the open
 * record beside it — its card, its buttons, and the auto-update from the conversation.
 */
export default function ChatView({ doctor, openView, preloadView }: WorkspaceViewProps) {
  const chat = useChatConversation();
  const chatActions = useChatConversationActions();
  const { record } = useOpenRecord();
  const recordStore = useOpenRecordActions();
  const { notice, show } = useStatusNotice();
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  const prescriptions = usePrescriptions();
  const settings = useDoctorSettings();
  // AI switched off, or the open visit's patient refused it: the chat neither reads nor fills
  // her record (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026").
  const aiBlock = useAiBlock(record?.patientId).reason;
  const aiDisabled = aiBlock === AI_DISABLED_NOTICE;
  const autoUpdate = useConversationAutoUpdate(
    recordStore,
    chat.messages,
    record?.status === 'em_andamento' && aiBlock === undefined,
  );
  const actions = useChatActions({
    doctor,
    openView,
    messages: chat.messages,
    record,
    recordStore,
    aiBlock,
    autoUpdate,
    warn: (message) => show(message, 'error'),
  });
  const { busy, printJob } = actions;
  // Once opened, the dialog stays mounted, as it was before it loaded on demand.
  const [printOpened, setPrintOpened] = useState(false);
  if (printJob !== undefined && !printOpened) setPrintOpened(true);

  const agent =
    chat.mode === 'specialist' && chat.agentId ? findSpecialistAgent(chat.agentId) : undefined;
  const activeRecord = record?.status === 'em_andamento' ? record : undefined;
  const hasPatientInfo = Boolean(
    activeRecord?.patientInfo?.name?.trim() || activeRecord?.patientInfo?.age !== undefined,
  );
  const placeholder = chatInputPlaceholder({
    hasPatientInfo,
    mode: chat.mode,
    ...(agent ? { agentName: agent.name } : {}),
    ...(activeRecord?.patientInfo?.name ? { patientName: activeRecord.patientInfo.name } : {}),
  });
  const loading = chat.status !== 'idle';
  const hasMessages = chat.messages.length > 0;
  useMobileConsultationSwitch(doctor.id, hasMessages, () => openView('mobile-consultation'));

  /** With no record open, the doctor is asked first: the anamnesis creates one. */
  const [confirmNewRecord, setConfirmNewRecord] = useState(false);
  const requestAnamnesis = () => {
    if (recordStore.record) actions.generateAnamnesis();
    else setConfirmNewRecord(true);
  };

  const listMessages: ChatListMessage[] = chat.messages.map((message) => {
    const offers = suggestionOf(message);
    const open =
      offers === 'record'
        ? !record
        : offers === 'prescription' && prescriptions.current === undefined;
    return toListMessage(message, {
      canStart: open && !actions.dismissedSuggestions.has(message.id),
      starting: busy,
      onStart: () =>
        offers === 'prescription' ? actions.startPrescription(message.id) : actions.startRecord(),
      onDismiss: () => actions.dismissSuggestion(message.id),
    });
  });

  const title = agent
    ? agent.name
    : chat.mode === 'specialist'
      ? 'Especialistas'
      : GENERAL_CHAT_TITLE;
  const description = agent
    ? agent.description
    : chat.mode === 'specialist'
      ? 'Escolha um especialista para começar a conversa.'
      : GENERAL_CHAT_DESCRIPTION;

  return (
    // Below lg the shell's top bar takes its part of the screen (and the install banner its own):
    // the chat fills exactly the rest, so its message box is never below the fold.
    <div className="flex h-[calc(100dvh-var(--shell-top-bar-height)-var(--install-banner-height,0px))] min-w-0 flex-col lg:h-dvh">
      <StatusToast notice={notice} />
      {printOpened && (
        <Suspense fallback={null}>
          <PrintPreviewDialog
            open={printJob !== undefined}
            onOpenChange={(open) => {
              if (!open) actions.closePrint();
            }}
            batchName={printJob?.batchName}
            prescriptions={printJob?.prescriptions ?? NO_PRESCRIPTIONS}
            initialSelection={printJob?.selectedIds}
            settings={{ ...settings, name: settings.name || doctor.name }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmNewRecord}
        onOpenChange={setConfirmNewRecord}
        {...NEW_RECORD_FOR_ANAMNESIS}
        confirmVariant="primary"
        onConfirm={actions.generateAnamnesis}
      />
      {/* On a phone one row: the title, and the buttons as icons (their names stay for screen
          readers and as tooltips). */}
      <header className="flex items-center justify-between gap-2 border-b border-line bg-surface px-3 py-2 sm:flex-wrap sm:gap-3 sm:px-6 sm:py-3">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {agent ? (
            <AgentAvatar agent={agent} />
          ) : (
            <Bot aria-hidden="true" className="text-accent-fg" />
          )}
          <div className="min-w-0">
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="truncate text-base font-semibold text-fg sm:text-lg"
            >
              {title}
            </h1>
            <p className="hidden truncate text-sm text-fg-muted sm:block">{description}</p>
          </div>
        </div>
        <div className="flex items-center gap-1 max-sm:shrink-0 sm:flex-wrap sm:gap-2">
          <ChatModeButtons
            iconsOnPhones
            mode={chat.mode}
            onGeneral={() => chatActions.setMode('general')}
            onSpecialists={() => chatActions.setMode('specialist')}
          />
          <RecordButton
            status={record?.status}
            starting={busy}
            onNew={actions.startRecord}
            onOpen={() =>
              openView('medical-record', record?.status === 'finalizado' ? 'report' : undefined)
            }
            onIntent={() => preloadView('medical-record')}
          />
          <Button
            variant="secondary"
            className={`lg:hidden ${ICON_ON_PHONES}`}
            title="Consulta Mobile"
            onClick={() => openView('mobile-consultation')}
            {...preloadOnIntent(() => preloadView('mobile-consultation'))}
          >
            <Smartphone aria-hidden="true" size={18} />
            <span className="max-sm:sr-only">Consulta Mobile</span>
          </Button>
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          {activeRecord && (
            <div className="flex flex-col gap-2 px-3 pt-2 sm:px-6 sm:pt-4">
              {/* On a phone the folded card says it (Prontuário ativo) when opened. */}
              <p className="self-start rounded-full bg-success-soft px-3 py-0.5 text-xs font-medium text-success-fg max-sm:hidden">
                Prontuário em andamento salvo
              </p>
              <TreatmentCard
                record={activeRecord}
                onLeave={actions.leaveTreatment}
                autoUpdate={autoUpdate}
              />
            </div>
          )}
          {hasMessages ? (
            <MessageList
              label="Conversa com o Prontu"
              messages={listMessages}
              thinking={chat.status === 'waiting'}
              busy={loading}
              emptyState={null}
            />
          ) : (
            <StartScreen
              doctorName={doctor.name}
              mode={chat.mode}
              onGeneral={() => chatActions.setMode('general')}
              onChooseAgent={(id) => chatActions.chooseAgent(id)}
            />
          )}
          <div className="border-t border-line bg-surface p-3">
            {aiBlock && (
              <p role="status" className="pb-2 text-sm text-fg-muted">
                {aiDisabled
                  ? `${aiBlock}: ligue-a para conversar com o Prontu.`
                  : `${aiBlock}: o chat não lê nem altera este prontuário.`}
              </p>
            )}
            <ChatInput
              label="Mensagem para o Prontu"
              placeholder={placeholder}
              maxLength={CHAT_INPUT_MAX_LENGTH}
              disabled={loading || busy || aiDisabled}
              onSend={(text) => void actions.send(text)}
              suggest={commandSuggestions}
              voice
              tools={
                <ToolsMenu
                  items={[
                    ...(!record
                      ? [
                          {
                            label: 'Iniciar prontuário com a conversa',
                            icon: FilePlus2,
                            onSelect: actions.startRecord,
                          },
                        ]
                      : []),
                    ...(hasMessages
                      ? [
                          {
                            label: 'Gerar Anamnese Estruturada',
                            icon: FileText,
                            onSelect: requestAnamnesis,
                          },
                          {
                            label: 'Nova conversa',
                            icon: MessageSquarePlus,
                            onSelect: () => chatActions.newConversation(),
                          },
                        ]
                      : []),
                  ]}
                  disabled={busy}
                />
              }
            />
          </div>
        </div>
        {chat.mode === 'specialist' && hasMessages && (
          <aside
            aria-label="Especialistas"
            className="hidden w-80 shrink-0 flex-col gap-3 overflow-y-auto border-l border-line bg-surface-muted p-4 lg:flex"
          >
            <Button variant="secondary" onClick={() => chatActions.newConversation()}>
              <MessageSquarePlus aria-hidden="true" size={16} /> Nova conversa
            </Button>
            <AgentPicker selected={chat.agentId} onSelect={(id) => chatActions.chooseAgent(id)} />
          </aside>
        )}
      </div>
    </div>
  );
}

function toListMessage(
  message: ChatMessage,
  suggestion: {
    canStart: boolean;
    starting: boolean;
    onStart: () => void;
    onDismiss: () => void;
  },
): ChatListMessage {
  const base: ChatListMessage = {
    id: message.id,
    role: message.role,
    content: message.content,
    ...(message.kind === 'error' ? { isError: true } : {}),
    ...(message.source === 'offline' ? { offline: true } : {}),
  };
  const offers = suggestionOf(message);
  if (!offers || !suggestion.canStart) return base;
  return {
    ...base,
    actions: (
      <>
        <Button className="px-3 py-1" disabled={suggestion.starting} onClick={suggestion.onStart}>
          {offers === 'prescription' ? (
            <>
              <Pill aria-hidden="true" size={16} /> Criar Receita
            </>
          ) : (
            <>
              <FilePlus2 aria-hidden="true" size={16} /> Iniciar Prontuário
            </>
          )}
        </Button>
        <Button variant="ghost" className="px-3 py-1" onClick={suggestion.onDismiss}>
          Agora não
        </Button>
      </>
    ),
  };
}

/** A header button on a phone: its icon only, its name read by screen readers. */
const ICON_ON_PHONES = 'max-sm:px-2.5';

/**
 * The top bar (docs/product.md, "Tela inicial e cabeçalho do chat"): 'Novo Prontuário'; 'Continuar
 * Prontuário' for a record in progress (with the green pulsing dot 'Há dados salvos'); 'Visualizar
 * Prontuário Aberto' for a finalised one.
 */
function RecordButton(props: {
  status: 'em_andamento' | 'finalizado' | undefined;
  starting: boolean;
  onNew: () => void;
  onOpen: () => void;
  onIntent: () => void;
}) {
  const intent = preloadOnIntent(props.onIntent);
  if (props.status === undefined) {
    return (
      <Button
        onClick={props.onNew}
        disabled={props.starting}
        className={ICON_ON_PHONES}
        title="Novo Prontuário"
        {...intent}
      >
        <FilePlus2 aria-hidden="true" size={18} />
        <span className="max-sm:sr-only">Novo Prontuário</span>
      </Button>
    );
  }
  if (props.status === 'finalizado') {
    return (
      <Button
        onClick={props.onOpen}
        className={ICON_ON_PHONES}
        title="Visualizar Prontuário Aberto"
        {...intent}
      >
        <FileText aria-hidden="true" size={18} />
        <span className="max-sm:sr-only">Visualizar Prontuário Aberto</span>
      </Button>
    );
  }
  return (
    <Button
      onClick={props.onOpen}
      className={`relative ${ICON_ON_PHONES}`}
      title="Continuar Prontuário"
      {...intent}
    >
      <FileText aria-hidden="true" size={18} />
      <span className="max-sm:sr-only">Continuar Prontuário</span>
      <span
        title="Há dados salvos"
        aria-label="Há dados salvos"
        role="img"
        className="absolute -top-1 -right-1 size-3 animate-pulse rounded-full border-2 border-surface bg-success-fg"
      />
    </Button>
  );
}

/**
 * No messages yet (docs/product.md, "Tela inicial e cabeçalho do chat"): the welcome, and the
 * choice of the general chat or a specialist.
 */
function StartScreen(props: {
  doctorName: string;
  mode: 'general' | 'specialist';
  onGeneral: () => void;
  onChooseAgent: (id: SpecialistAgentId) => void;
}) {
  return (
    <section
      aria-labelledby="chat-welcome"
      className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col gap-6 overflow-y-auto px-4 py-6 sm:px-6"
    >
      <div className="flex flex-col gap-2">
        <h2 id="chat-welcome" className="text-2xl font-semibold text-fg">
          Olá, {props.doctorName}!
        </h2>
        <p className="text-fg-muted">
          Sou o Prontu, seu assistente de saúde. Converse comigo como com um colega: descreva o
          caso, tire dúvidas de conduta, doses e CID-10, no modo geral ou com um dos 20 agentes
          especialistas.
        </p>
      </div>
      <button
        type="button"
        aria-pressed={props.mode === 'general'}
        onClick={props.onGeneral}
        className={`flex items-start gap-3 rounded-lg border p-4 text-left hover:bg-surface-muted ${
          props.mode === 'general' ? 'border-accent bg-accent-soft/40' : 'border-line bg-surface'
        }`}
      >
        <Bot aria-hidden="true" className="mt-0.5 text-accent-fg" />
        <span className="flex flex-col">
          <span className="font-semibold text-fg">{GENERAL_CHAT_TITLE}</span>
          <span className="text-sm text-fg-muted">{GENERAL_CHAT_DESCRIPTION}</span>
        </span>
      </button>
      <div className="flex flex-col gap-2">
        <h2 className="font-semibold text-fg">Ou escolha um especialista</h2>
        <AgentPicker selected={undefined} onSelect={props.onChooseAgent} />
      </div>
    </section>
  );
}
