import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A local draft of a value the record store holds, for inputs whose text is not the stored value
 * ('36,' on the way to 36,5; 'dipirona, ' on the way to a second allergy).
 *
 * - `change` updates the draft and commits it: at once, or `delayMs` after the last change.
 * - `flush` commits a pending draft now (on blur); unmounting commits it too, so no word is lost.
 * - When the store's value changes from elsewhere (another tab's version kept, a chat merge),
 *   the draft follows it — unless the draft already says the same thing, or holds edits not
 *   yet committed (those are committed next and win).
 */
export function useDraft<S, D>(options: {
  value: S;
  toDraft: (value: S) => D;
  matches: (draft: D, value: S) => boolean;
  commit: (draft: D) => void;
  delayMs?: number;
}): { draft: D; change: (draft: D) => void; flush: () => void } {
  const { value, toDraft, matches, commit, delayMs = 0 } = options;
  const [state, setState] = useState(() => ({
    draft: toDraft(value),
    seen: value,
    pending: false,
  }));

  // Adjusting state to a changed store value while rendering (React's documented pattern for
  // state derived from props): an effect would show the stale draft for one frame.
  let current = state;
  if (!Object.is(state.seen, value)) {
    const keep = state.pending || matches(state.draft, value);
    current = { draft: keep ? state.draft : toDraft(value), seen: value, pending: state.pending };
    setState(current);
  }

  const commitRef = useRef(commit);
  const pendingRef = useRef<{ draft: D } | undefined>(undefined);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  const flush = useCallback(() => {
    clearTimeout(timerRef.current);
    const pending = pendingRef.current;
    if (!pending) return;
    pendingRef.current = undefined;
    commitRef.current(pending.draft);
    setState((previous) => ({ ...previous, pending: false }));
  }, []);

  const change = useCallback(
    (draft: D) => {
      if (delayMs <= 0) {
        setState((previous) => ({ ...previous, draft }));
        commitRef.current(draft);
        return;
      }
      pendingRef.current = { draft };
      setState((previous) => ({ ...previous, draft, pending: true }));
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  // Leaving the step (or the record view) commits what is still pending.
  useEffect(() => flush, [flush]);

  return { draft: current.draft, change, flush };
}
