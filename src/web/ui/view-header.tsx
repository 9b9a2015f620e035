import type { ReactNode } from 'react';
import { useFocusOnArrival } from './use-focus-on-arrival';

/** A view's title bar: its heading and, on the right, its actions. */
export function ViewHeader({ title, children }: { title: string; children?: ReactNode }) {
  const headingRef = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-surface px-6 py-4">
      <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-fg">
        {title}
      </h1>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </header>
  );
}
