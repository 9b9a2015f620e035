import { Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { RECORD_STEPS, type RecordStep } from '../../../shared/medical-record';
import { isStepComplete, STEP_LABELS, type WorkingRecord } from '../../../shared/record-flow';

/**
 * The seven steps of the record (docs/product.md, "As sete etapas"), numbered, each a button: the
 * doctor may jump to any step. The current step is `aria-current="step"`; complete ones carry a
 * check and say so to screen readers. On a narrow screen the bar scrolls sideways instead of
 * widening the page.
 */
export function RecordStepBar(props: {
  record: WorkingRecord;
  onSelect: (step: RecordStep) => void;
}) {
  const { record, onSelect } = props;
  const currentRef = useRef<HTMLButtonElement>(null);

  // Keeps the current step in sight when the bar is wider than the screen (phones).
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [record.currentStep]);

  return (
    <nav aria-label="Etapas do prontuário" className="min-w-0">
      {/* `relative` keeps the screen-reader-only texts inside the scrolling box: absolutely
          positioned, they would otherwise widen the page on a phone. */}
      <ol className="relative flex gap-1 overflow-x-auto pb-1">
        {RECORD_STEPS.map((step, index) => {
          const current = step === record.currentStep;
          const complete = isStepComplete(record, step);
          return (
            <li key={step} className="shrink-0">
              <button
                type="button"
                ref={current ? currentRef : undefined}
                aria-current={current ? 'step' : undefined}
                data-step={step}
                onClick={() => onSelect(step)}
                className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${
                  current
                    ? 'bg-accent-soft font-semibold text-accent-fg'
                    : 'text-fg-muted hover:bg-surface-muted hover:text-fg'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                    complete
                      ? 'bg-success-soft text-success-fg'
                      : current
                        ? 'bg-accent text-on-accent'
                        : 'border border-line bg-surface text-fg-muted'
                  }`}
                >
                  {complete ? <Check size={14} strokeWidth={3} /> : index + 1}
                </span>
                {/* The name reads '7. Resumo (concluída)': the number stays even when the check
                    replaces it, and the spaces are explicit because inline spans add none. */}
                <span className="sr-only">{`${index + 1}. `}</span>
                <span>{STEP_LABELS[step]}</span>
                {complete && <span className="sr-only">{' (concluída)'}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
