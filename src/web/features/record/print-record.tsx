import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What the browser's print dialog prints: the whole record or the record's prescriptions. */
export type PrintKind = 'record' | 'prescriptions';

export const NOTHING_TO_PRINT = {
  record: 'Nenhum prontuário para imprimir!',
  prescriptions: 'Nenhuma prescrição para imprimir!',
} as const;

/**
 * Content that exists only on paper: rendered beside the app (a direct child of `<body>`), so
 * the print stylesheet (styles.css) can print it alone, on A4, with none of the app around it.
 */
export function PrintArea(props: { kind: PrintKind; children: ReactNode }) {
  return createPortal(
    <div data-print-area={props.kind} className="bg-white p-0 text-black">
      {props.children}
    </div>,
    document.body,
  );
}

/**
 * Opens the print dialog for one area (a `PrintArea` of that kind must be on the page). With
 * nothing to print, the spec's alert says so instead (§5).
 */
export function printArea(kind: PrintKind, hasContent: boolean): void {
  if (!hasContent) {
    window.alert(NOTHING_TO_PRINT[kind]);
    return;
  }
  const root = document.documentElement;
  root.dataset.printing = kind;
  const done = () => {
    delete root.dataset.printing;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
