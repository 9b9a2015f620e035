/**
 * Starts loading what a control opens as soon as the doctor shows intent — pointer over it or
 * keyboard focus on it — so the click finds the code already there.
 * @param preload - starts the load; must not throw (a failed preload is reported on use)
 */
export function preloadOnIntent(preload: () => void): {
  onPointerEnter: () => void;
  onFocus: () => void;
} {
  return { onPointerEnter: preload, onFocus: preload };
}
