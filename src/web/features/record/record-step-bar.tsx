import { Check } from 'lucide-react';
import { RECORD_STEPS, type RecordStep } from '@shared/records/medical-record';
import { isStepComplete, STEP_LABELS, type WorkingRecord } from '@shared/records/flow';

/**
 * The seven steps of the record (docs/product.md, "As sete etapas"), numbered, each a button: the
 * doctor may jump to any step. The current step is `aria-current="step"`; complete ones carry a
 * check and say so to screen readers. The bar wraps rather than scrolls, so no name is ever cut;
 * on a phone only the current step shows its name beside its number (the others keep it for
 * screen readers and show it from `sm` up).
 */
export function RecordStepBar(props: {
  record: WorkingRecord;
  onSelect: (step: RecordStep) => void;
}) {
  const { record, onSelect } = props;

  return (
    <nav aria-label="Etapas do prontuário" className="min-w-0">
      <ol className="relative flex flex-wrap gap-1">
        {RECORD_STEPS.map((step, index) => {
          const current = step === record.currentStep;
          const complete = isStepComplete(record, step);
          return (
            <li key={step}>
              <button
                type="button"
                aria-current={current ? 'step' : undefined}
                data-step={step}
                onClick={() => onSelect(step)}
                className={`flex items-center gap-2 rounded-md px-2 py-2 text-sm whitespace-nowrap sm:px-3 ${
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
                <span className={current ? undefined : 'sr-only sm:not-sr-only'}>
                  {STEP_LABELS[step]}
                </span>
                {complete && <span className="sr-only">{' (concluída)'}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
