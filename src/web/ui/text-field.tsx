import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { CONTROL_CLASSES, Field } from './field';

interface FieldTexts {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A labelled input with its error message under it. */
export function TextField({
  label,
  hint,
  error,
  className = '',
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & FieldTexts) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input className={`${CONTROL_CLASSES} ${className}`} {...control} {...inputProps} />
      )}
    </Field>
  );
}

/** A labelled multi-line text area. */
export function TextAreaField({
  label,
  hint,
  error,
  className = '',
  ...areaProps
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldTexts) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          className={`${CONTROL_CLASSES} text-sm ${className}`}
          {...control}
          {...areaProps}
        />
      )}
    </Field>
  );
}

/** A labelled native select (keyboard and screen-reader friendly on every platform). */
export function SelectField({
  label,
  hint,
  error,
  className = '',
  children,
  ...selectProps
}: SelectHTMLAttributes<HTMLSelectElement> & FieldTexts) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select
          className={`${CONTROL_CLASSES} h-[42px] ${className}`}
          {...control}
          {...selectProps}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
