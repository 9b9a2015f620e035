import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ComponentProps, ReactElement } from 'react';
import { Button } from './button';

/**
 * Asks before something that can't be undone, or that does more than the doctor may expect.
 * Focus stays inside while open and returns to the button that opened it (`trigger`); Escape
 * cancels. Without a trigger, `open` and `onOpenChange` control it (opened from a menu).
 */
export function ConfirmDialog(props: {
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  question: string;
  /** A second paragraph under the question (what the law says, what else goes with it). */
  note?: string;
  confirmLabel: string;
  /** The button that backs out: 'Cancelar' unless a plainer word says what stays ('Manter'). */
  cancelLabel?: string;
  /** 'danger' (the default) for what destroys; 'primary' for what creates. */
  confirmVariant?: ComponentProps<typeof Button>['variant'];
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root
      {...(props.open === undefined ? {} : { open: props.open })}
      {...(props.onOpenChange ? { onOpenChange: props.onOpenChange } : {})}
    >
      {props.trigger && <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            {props.title}
          </AlertDialog.Title>
          {props.note ? (
            // Both paragraphs are the description, read out when the dialog opens.
            <AlertDialog.Description asChild>
              <div className="mt-2 flex flex-col gap-2 text-fg-muted">
                <p>{props.question}</p>
                <p className="text-sm">{props.note}</p>
              </div>
            </AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="mt-2 text-fg-muted">
              {props.question}
            </AlertDialog.Description>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{props.cancelLabel ?? 'Cancelar'}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={props.confirmVariant ?? 'danger'} onClick={props.onConfirm}>
                {props.confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
