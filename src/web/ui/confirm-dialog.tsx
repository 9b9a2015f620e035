import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactElement } from 'react';
import { Button } from './button';

/**
 * Asks before something that can't be undone. Focus stays inside while open and returns to the
 * button that opened it (`trigger`); Escape cancels.
 */
export function ConfirmDialog(props: {
  trigger: ReactElement;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            {props.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-fg-muted">
            {props.question}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancelar</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={props.onConfirm}>
                {props.confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
