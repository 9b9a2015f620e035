import { useLayoutEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { CONTROL_CLASSES, Field } from './field';
import { applyMask, caretAfterMask, type InputMask } from './input-masks';

/**
 * The keyboard a phone shows for each mask. No maxLength: a date pasted with spaces
 * ('15 / 03 / 1959') would be cut before the mask could tidy it; the mask keeps 8 digits.
 */
const MASK_INPUTS: Record<InputMask, InputHTMLAttributes<HTMLInputElement>> = {
  date: { inputMode: 'numeric' },
  phone: { type: 'tel', inputMode: 'tel' },
};

/**
 * A labelled input that shows a date as dd/mm/aaaa or a Brazilian phone as (11) 98765-4321 while
 * it is typed (input-masks.ts), with its error under it like any {@link Field}. The value it
 * reports is the masked text.
 */
export function MaskedTextField({
  label,
  hint,
  error,
  mask,
  value,
  onValueChange,
  className = '',
  ...inputProps
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  mask: InputMask;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  // The mask adds and removes characters: put the caret back after the digit just typed.
  useLayoutEffect(() => {
    const position = caret.current;
    caret.current = null;
    if (position === null || input.current !== document.activeElement) return;
    input.current?.setSelectionRange(position, position);
  }, [value]);

  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          ref={input}
          className={`${CONTROL_CLASSES} ${className}`}
          {...control}
          {...MASK_INPUTS[mask]}
          {...inputProps}
          value={value}
          onChange={(event) => {
            const typed = event.target.value;
            const masked = applyMask(mask, typed);
            caret.current = caretAfterMask(
              typed,
              event.target.selectionStart ?? typed.length,
              masked,
            );
            onValueChange(masked);
          }}
        />
      )}
    </Field>
  );
}
