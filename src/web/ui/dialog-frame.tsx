import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/** How wide a dialog is: a picker, a form, or a document beside its options (tall too). */
type DialogSize = 'narrow' | 'form' | 'document';

const PANEL_SIZE: Record<DialogSize, string> = {
  narrow: 'max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))]',
  form: 'max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100vw-2rem))]',
  document: 'h-[min(56rem,calc(100dvh-2rem))] w-[min(56rem,calc(100vw-2rem))]',
};

/**
 * A dialog's frame: the page dimmed behind, the panel centred (focus kept inside it and given
 * back on closing; Escape or 'Fechar' closes it), its header with the title, what it is about
 * when there is something to say, and the close button. What it holds comes below the header.
 * @param outside - rendered with the dialog but outside its panel (a print area)
 */
export function DialogFrame(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size: DialogSize;
  children: ReactNode;
  outside?: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          // Without a description, none is announced (Radix asks for one otherwise).
          {...(props.description === undefined ? { 'aria-describedby': undefined } : {})}
          className={`fixed top-1/2 left-1/2 z-50 flex ${PANEL_SIZE[props.size]} -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-surface shadow-xl`}
        >
          <header className="flex items-start justify-between gap-2 border-b border-line p-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold break-words text-fg">
                {props.title}
              </Dialog.Title>
              {props.description !== undefined && (
                <Dialog.Description className="mt-1 text-sm text-fg-muted">
                  {props.description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" className="shrink-0 px-2" aria-label="Fechar">
                <X aria-hidden="true" className="size-4" />
              </Button>
            </Dialog.Close>
          </header>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
      {props.outside}
    </Dialog.Root>
  );
}
