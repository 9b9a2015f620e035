import { vi } from 'vitest';

/** A Map-backed stand-in for the browser's localStorage (unit tests run without a browser). */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/**
 * Gives the test a fresh, empty `window.localStorage`; undo with `vi.unstubAllGlobals()`.
 * @returns the storage, to look at or fill directly
 */
export function stubLocalStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
  return storage;
}
