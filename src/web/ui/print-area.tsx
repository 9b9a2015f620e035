import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What the browser's print dialog prints: the whole record, or receitas. */
export type PrintKind = 'record' | 'receitas';

/**
 * Content that exists only on paper: rendered beside the app (a direct child of `<body>`), so
 * the print stylesheet (styles.css) can print it alone, on A4, with none of the app around it.
 */
export function PrintArea(props: { kind: PrintKind; children: ReactNode; className?: string }) {
  return createPortal(
    <div data-print-area={props.kind} className={props.className ?? 'bg-white p-0 text-black'}>
      {props.children}
    </div>,
    document.body,
  );
}

/**
 * Opens the browser's print dialog for one area (a `PrintArea` of that kind must be on the
 * page); the app comes back on screen when printing ends.
 */
export function printOnly(kind: PrintKind): void {
  const root = document.documentElement;
  root.dataset.printing = kind;
  const done = () => {
    delete root.dataset.printing;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
