import { errorText } from '../../data/api';

/** A dialog's `onOpenChange` that closes it when dismissed (Escape, outside). */
export const dismissWith = (onClose: () => void) => (open: boolean) => {
  if (!open) onClose();
};

/** Why the dialog's last try failed, announced. */
export function Failure(props: { text: string | undefined }) {
  if (props.text === undefined) return null;
  return (
    <p role="alert" className="text-sm text-danger-fg">
      {props.text}
    </p>
  );
}

export const failureOf = (error: unknown) =>
  errorText(error, 'Não foi possível concluir. Tente novamente.');
