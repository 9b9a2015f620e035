import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { deadlineSignal } from './deadline';

// A real collection, as `node --expose-gc` gives: the flag is set, then `gc` read from a fresh context.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

describe('deadlineSignal', () => {
  it('aborts with a TimeoutError once the time is up, not before', () => {
    vi.useFakeTimers();
    try {
      const signal = deadlineSignal(1000);
      vi.advanceTimersByTime(999);
      expect(signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(signal.aborted).toBe(true);
      expect(signal.reason).toBeInstanceOf(DOMException);
      expect((signal.reason as DOMException).name).toBe('TimeoutError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('fires through AbortSignal.any even after a garbage collection', async () => {
    const combined = AbortSignal.any([deadlineSignal(20), new AbortController().signal]);
    // With AbortSignal.timeout(20) in its place, Node 20 loses the timeout here.
    await new Promise((resolve) => setTimeout(resolve, 5));
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(combined.aborted).toBe(true);
  });
});
