import { CheckCircle2 } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  finalizationGaps,
  type FinalizationField,
  type FinalizationGap,
  type WorkingRecord,
} from '@shared/records/flow';
import { FINALIZED_OFFLINE_MESSAGE, useOpenRecordActions } from '../../../data/open-record';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QuietNotice } from './step-layout';

/** The texts of the visit's one end. */
const FINISH_VISIT_TEXT = {
  action: 'Finalizar consulta',
  keepEditing: 'Continuar editando',
  title: (patientName: string) => `Finalizar a consulta de ${patientName}?`,
  locks:
    'O prontuário será finalizado e não poderá mais ser alterado. Correções e informações posteriores serão registradas como adendos datados.',
  next: 'Em seguida, o resumo mostra as receitas e os documentos desta consulta.',
} as const;

/**
 * The control holding a part finalising needs carries `data-finalization-field="<field>"`: it is
 * focused when the doctor is sent to it.
 */
const FINALIZATION_FIELD_ATTRIBUTE = 'data-finalization-field';

interface FinishVisit {
  /** The message for `field` when the doctor was sent to it and it still lacks. */
  messageFor: (field: FinalizationField) => string | undefined;
  /** Sends the doctor to the step and field of `gap`, saying what lacks there. */
  show: (gap: FinalizationGap) => void;
  /** Called once the record is finalised (on the server, or on this device while offline). */
  onFinalized: () => void;
  /** Whether the open record was finalised on this screen (not opened finalised). */
  finalizedHere: boolean;
}

/** Outside a record's step screen (a step rendered on its own): nothing to show or send to. */
const FinishVisitContext = createContext<FinishVisit>({
  messageFor: () => undefined,
  show: () => undefined,
  onFinalized: () => undefined,
  finalizedHere: false,
});

/**
 * Around the open record's step screen: remembers which missing part the doctor was sent to
 * (its message stays next to the field until it is filled) and puts the focus on that field
 * once its step is shown. It lives above the step, so it outlives the step change.
 */
export function FinishVisitProvider(props: {
  record: WorkingRecord;
  onFinalized: () => void;
  children: ReactNode;
}) {
  const { record, onFinalized } = props;
  const actions = useOpenRecordActions();
  const [shown, setShown] = useState<FinalizationField>();
  const [request, setRequest] = useState(0);
  const [finalizedId, setFinalizedId] = useState<string>();
  /** The field still to be focused: its step may not be on screen yet. */
  const focusPending = useRef<FinalizationField>(undefined);
  const gaps = useMemo(() => finalizationGaps(record), [record]);

  useEffect(() => {
    const field = focusPending.current;
    if (!field) return;
    const control = document.querySelector<HTMLElement>(
      `[${FINALIZATION_FIELD_ATTRIBUTE}="${field}"]`,
    );
    if (!control) return;
    control.focus();
    focusPending.current = undefined;
  }, [request, record.currentStep]);

  const show = useCallback(
    (gap: FinalizationGap) => {
      setShown(gap.field);
      focusPending.current = gap.field;
      setRequest((count) => count + 1);
      actions.goToStep(gap.step);
    },
    [actions],
  );

  const value = useMemo<FinishVisit>(
    () => ({
      messageFor: (field) =>
        field === shown ? gaps.find((gap) => gap.field === field)?.message : undefined,
      show,
      onFinalized: () => {
        setFinalizedId(record.id);
        onFinalized();
      },
      finalizedHere: finalizedId === record.id,
    }),
    [shown, gaps, show, onFinalized, finalizedId, record.id],
  );
  return <FinishVisitContext value={value}>{props.children}</FinishVisitContext>;
}

/** The message to show next to `field`, if finalising was asked for and it still lacks. */
export function useFinalizationMessage(field: FinalizationField): string | undefined {
  return useContext(FinishVisitContext).messageFor(field);
}

/** Whether the open record was just finalised here, rather than opened already finalised. */
export function useFinalizedHere(): boolean {
  return useContext(FinishVisitContext).finalizedHere;
}

/**
 * docs/product.md, "Finalização do prontuário": the visit's one end, on the plan step and on the
 * summary alike. It first checks what finalising needs; a part that lacks sends the doctor to its
 * field, which says so. Otherwise it asks once, naming the patient and what finalising locks, and
 * finalises: the record view moves to the summary, with the visit's receitas and documents.
 */
export function FinishVisitButton(props: { record: WorkingRecord }) {
  const finish = useContext(FinishVisitContext);
  const actions = useOpenRecordActions();
  const [confirming, setConfirming] = useState(false);
  const [finalizing, setFinalizing] = useState(false);
  const [offline, setOffline] = useState(false);
  const current = () => (actions.record?.id === props.record.id ? actions.record : props.record);
  const patientName = current().patientInfo?.name?.trim() ?? '';

  const request = () => {
    const gap = finalizationGaps(current())[0];
    if (gap) finish.show(gap);
    else setConfirming(true);
  };

  const finalize = async () => {
    setFinalizing(true);
    setOffline(false);
    const outcome = await actions.finalize();
    setFinalizing(false);
    // Kept on the device, it is finalised here all the same (the queue sends it later).
    if (outcome === 'sent' || outcome === 'kept') finish.onFinalized();
    if (outcome === 'kept') setOffline(true);
  };

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <Button disabled={finalizing} onClick={request}>
        <CheckCircle2 aria-hidden className="size-4" />
        {FINISH_VISIT_TEXT.action}
      </Button>
      {offline && <QuietNotice tone="warning">{FINALIZED_OFFLINE_MESSAGE}</QuietNotice>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FINISH_VISIT_TEXT.title(patientName)}
        question={FINISH_VISIT_TEXT.locks}
        note={FINISH_VISIT_TEXT.next}
        confirmLabel={FINISH_VISIT_TEXT.action}
        confirmVariant="primary"
        cancelLabel={FINISH_VISIT_TEXT.keepEditing}
        onConfirm={() => void finalize()}
      />
    </div>
  );
}
