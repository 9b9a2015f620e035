import { ArrowLeft, ArrowRight } from 'lucide-react';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { EditablePart, WorkingRecord } from '@shared/records/flow';
import { useOpenRecordActions } from '../../../data/open-record';
import { Button } from '../../../ui/button';

/**
 * True while the step shown belongs to a finalised record: its content is locked, so the form
 * is shown with every control disabled and only the navigation between steps stays.
 */
export const StepReadOnlyContext = createContext(false);

/**
 * One step screen: its `<h2>` title, the form, and the navigation row at the bottom. Read-only
 * (a finalised record), the form sits in a disabled fieldset and the row only navigates.
 */
export function StepLayout(props: {
  title: string;
  description?: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const readOnly = useContext(StepReadOnlyContext);
  // A finalised record's step: its form shown but disabled, and only the way through the steps.
  const body = readOnly ? (
    <fieldset disabled className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
      <legend className="sr-only">{`${props.title} (somente leitura)`}</legend>
      {props.children}
    </fieldset>
  ) : (
    props.children
  );
  return (
    <section className="flex flex-col gap-6" aria-labelledby="record-step-title">
      <header>
        <h2 id="record-step-title" className="text-lg font-semibold text-fg">
          {props.title}
        </h2>
        {!readOnly && props.description && (
          <p className="text-sm text-fg-muted">{props.description}</p>
        )}
      </header>
      {body}
      <footer className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
        {readOnly ? (
          <>
            <BackButton />
            <ContinueButton />
          </>
        ) : (
          props.footer
        )}
      </footer>
    </section>
  );
}

/** 'Voltar' to the previous step. */
export function BackButton() {
  const actions = useOpenRecordActions();
  return (
    <Button variant="secondary" onClick={() => actions.goToPreviousStep()}>
      <ArrowLeft aria-hidden className="size-4" />
      Voltar
    </Button>
  );
}

/** 'Continuar' to the next step. */
export function ContinueButton(props: { disabled?: boolean; describedBy?: string }) {
  const actions = useOpenRecordActions();
  return (
    <Button
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onClick={() => actions.goToNextStep()}
    >
      Continuar
      <ArrowRight aria-hidden className="size-4" />
    </Button>
  );
}

/**
 * Writes one part of *this* record, from its value in the open record at that moment
 * (so a late write never rests on a stale render). A late write (a draft committed while the
 * step unmounts) is dropped once another record is open, so it can never land in the wrong one.
 */
export function usePartWriter<P extends EditablePart>(record: WorkingRecord, part: P) {
  const actions = useOpenRecordActions();
  const recordId = record.id;
  return useCallback(
    (next: (current: WorkingRecord[P]) => WorkingRecord[P]) => {
      const current = actions.record;
      if (current?.id === recordId) actions.updatePart(part, next(current[part]));
    },
    [actions, recordId, part],
  );
}

/** A quiet, polite notice under a control (AI unavailable, offline…). */
export function QuietNotice(props: { tone?: 'info' | 'warning' | 'danger'; children: ReactNode }) {
  const tone = props.tone ?? 'info';
  const classes = {
    info: 'bg-surface-muted text-fg-muted',
    warning: 'bg-warning-soft text-warning-fg',
    danger: 'bg-danger-soft text-danger-fg',
  }[tone];
  return (
    <p
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-md px-3 py-2 text-sm ${classes}`}
    >
      {props.children}
    </p>
  );
}
