import { hashKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a query asks the server for while the
 * doctor is still typing. Values are compared by content (as query keys are), so a new object
 * with the same content does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const content = hashKey([value]);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
    // `content` stands for `value`: only a change of content restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [content, delayMs]);
  return settled;
}
