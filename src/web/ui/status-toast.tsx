import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';

export type StatusTone = 'success' | 'error';
export interface StatusNotice {
  text: string;
  tone: StatusTone;
  /** Distinguishes two equal messages in a row, so each is announced. */
  id: number;
}

const VISIBLE_MS = 5000;

/**
 * The alerts of docs/product.md, "Avisos e confirmações" as a polite, self-dismissing notice
 * instead of a blocking popup.
 */
export function useStatusNotice() {
  const [notice, setNotice] = useState<StatusNotice>();
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(undefined), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const show = useCallback((text: string, tone: StatusTone = 'success') => {
    setNotice({ text, tone, id: Date.now() });
  }, []);
  return { notice, show };
}

/** Always in the page, so screen readers announce what appears in it. */
export function StatusToast({ notice }: { notice: StatusNotice | undefined }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed top-4 left-1/2 z-50 -translate-x-1/2"
    >
      {notice && (
        <p
          key={notice.id}
          className={`flex items-center gap-2 rounded-md border px-4 py-2 text-sm font-medium shadow-lg ${
            notice.tone === 'success'
              ? 'border-success-fg bg-success-soft text-success-fg'
              : 'border-danger-fg bg-danger-soft text-danger-fg'
          }`}
        >
          {notice.tone === 'success' ? (
            <CheckCircle2 aria-hidden="true" size={18} />
          ) : (
            <CircleAlert aria-hidden="true" size={18} />
          )}
          {notice.text}
        </p>
      )}
    </div>
  );
}
