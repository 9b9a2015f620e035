import { vi } from 'vitest';

/** A Map-backed stand-in for the browser's localStorage (tests of browser code run in Node). */
export class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

/**
 * Gives the test a fresh, empty `localStorage`; undo with `vi.unstubAllGlobals()`.
 * @returns the storage, to look at or fill directly
 */
export function stubLocalStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  return storage;
}
