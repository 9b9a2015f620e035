import { UserSearch } from 'lucide-react';
import { useId } from 'react';
import { CONTROL_CLASSES } from '../../ui/field';

/**
 * The box a patient is searched in (name word starts, CPF, CNS or birth date), with its icon and
 * a label for screen readers.
 */
export function PatientSearchInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <UserSearch
        aria-hidden="true"
        size={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-fg-muted"
      />
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${CONTROL_CLASSES} pl-10`}
      />
    </>
  );
}
