import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

/** The note a view shows until the issue that fills it lands. */
export function UnderConstruction({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-line bg-surface-muted p-4 text-sm text-fg-muted">
      <Construction aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
      <span>
        <strong className="font-semibold text-fg">Em construção.</strong> {children}
      </span>
    </p>
  );
}
