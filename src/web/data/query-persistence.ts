import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readEntry, writeEntry, type DoctorEntry } from './local-entries';

/**
 * Some queries are kept on the device (docs/architecture.md, "Dados no aparelho"), so a reload
 * shows the doctor's settings and receitas at once — and offline at all — while the server is
 * asked again. Each such query is kept whole under its own entry, named as docs/product.md, "O que fica no navegador" names them
 * (`doctorSettings`, `savedPrescriptions`…), and read back through the entry's schema.
 */

/** A query kept on the device: its data is the entry's value. */
export interface PersistedQuery<T extends object> {
  queryKey: QueryKey;
  entry: DoctorEntry<T>;
  /**
   * What of the data is written, when not all of it may be: a chat reply still arriving is left
   * out, so a reload never shows half of it as whole. All of it when absent.
   */
  toStored?: (data: T) => T;
}

/** How long after the last change the entries are written, so a burst of changes writes once. */
const WRITE_DELAY_MS = 500;

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Puts this doctor's kept queries back into the cache, as stale (so they are fetched again).
 * Data already in the cache (a fetch that was quicker) is never replaced.
 */
export function restoreQueries(
  cache: QueryClient,
  userId: string,
  persisted: readonly PersistedQuery<object>[],
): void {
  for (const { queryKey, entry } of persisted) {
    const stored = readEntry(entry, userId);
    if (stored !== undefined && cache.getQueryData(queryKey) === undefined) {
      cache.setQueryData(queryKey, stored, { updatedAt: 0 });
    }
  }
}

/**
 * Keeps the named queries on the device while the doctor works: written half a second after a
 * change, and at once when the page is hidden or closed.
 * @returns a function that stops it, writing what is pending
 */
export function persistQueries(
  cache: QueryClient,
  userId: string,
  persisted: readonly PersistedQuery<object>[],
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = new Set<PersistedQuery<object>>();
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const query of changed) {
      const data: unknown = cache.getQueryData(query.queryKey);
      if (typeof data !== 'object' || data === null) continue;
      writeEntry(query.entry, query.toStored ? query.toStored(data) : data, userId);
    }
    changed.clear();
  };
  const unsubscribe = cache.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const changedKey = event.query.queryKey as QueryKey;
    const query = persisted.find((candidate) => sameKey(candidate.queryKey, changedKey));
    if (!query) return;
    changed.add(query);
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  const onHide = () => {
    if (timer !== undefined) write();
  };
  // Outside a browser (the data layer's tests in Node) there is no page to hide.
  const page = typeof window === 'undefined' ? undefined : window;
  const visibility = typeof document === 'undefined' ? undefined : document;
  page?.addEventListener('pagehide', onHide);
  visibility?.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', onHide);
    visibility?.removeEventListener('visibilitychange', onHide);
    if (timer !== undefined) write();
  };
}
