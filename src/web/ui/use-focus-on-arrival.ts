import { useEffect, useRef } from 'react';

/** Set once the first screen has shown: the page load itself must not move the focus. */
let firstScreenShown = false;

/**
 * Moves the focus to a screen's heading when the doctor navigates to it, so keyboard and
 * screen-reader users land on the new content instead of on the page's body. Give the heading
 * `tabIndex={-1}`.
 */
export function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (firstScreenShown) ref.current?.focus({ preventScroll: true });
    // After this render settles (React's development double-run included), later screens count
    // as navigation.
    const timer = window.setTimeout(() => {
      firstScreenShown = true;
    });
    return () => window.clearTimeout(timer);
  }, []);
  return ref;
}
