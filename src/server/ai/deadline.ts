/**
 * An abort signal that fires after `ms`, like `AbortSignal.timeout(ms)` and with the same
 * TimeoutError reason, but held by a plain timer. Passed only into `AbortSignal.any`, a
 * `AbortSignal.timeout` signal nothing else references can be garbage-collected before it fires,
 * and the call then waits for the provider as long as it likes (seen as a rare CI failure of the
 * timeout tests). The timer does not keep the process alive.
 * @param ms - how long the call may take
 */
export function deadlineSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => {
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms).unref();
  return controller.signal;
}
