import { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '@shared/api/client';
import { openRecordActions } from './open-record';
import { prescriptionActions } from './prescription-actions';
import { prescriptionQueries } from './prescriptions';
import { persistQueries, restoreQueries } from './query-persistence';
import { PERSISTED_QUERIES, WRITE_KINDS } from './registry';
import { WriteQueue, type LivePages } from './write-queue';

/** The pages of one test browser that are open: what the Web Locks API tells a real one. */
let pagesOpened = 0;

export class TestPages {
  private readonly open = new Set<string>();

  /** A new page, open until {@link close}. */
  page(): LivePages {
    pagesOpened += 1;
    const id = `page-${pagesOpened}`;
    this.open.add(id);
    return { id, alive: () => Promise.resolve(new Set(this.open)) };
  }

  close(page: LivePages): void {
    this.open.delete(page.id);
  }
}

/** Short waits, so quiet periods and retries happen within a test; their order is what counts. */
export const FAST_TIMINGS = { quietMs: 10, retryDelayMs: () => 30 };

/**
 * One browser tab of a doctor, in Node: the data layer as the web app runs it — the query cache
 * with its kept queries restored, the write queue (taking over what closed tabs left), the open
 * record's and the prescriptions' actions — over the real server through the doctor's session.
 */
export function openTab(options: {
  userId: string;
  /** The doctor's session: a test client that sends their cookie. */
  browser: { fetch(path: string, init: RequestInit): Promise<Response> };
  pages: TestPages;
}) {
  const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  restoreQueries(cache, options.userId, PERSISTED_QUERIES);
  const page = options.pages.page();
  const client = createApiClient((path, init) => options.browser.fetch(path, init));
  const queue = new WriteQueue({
    userId: options.userId,
    api: client,
    cache,
    kinds: WRITE_KINDS,
    pages: page,
    timings: FAST_TIMINGS,
  });
  const stopPersisting = persistQueries(cache, options.userId, PERSISTED_QUERIES);
  queue.resume();
  const prescriptionReads = prescriptionQueries(cache, queue, client);
  return {
    cache,
    queue,
    record: openRecordActions(cache, queue, client),
    prescriptions: prescriptionActions(cache, queue),
    /** Reads the saved receitas and lotes from the server, as the chat does when it shows. */
    async readPrescriptions() {
      await Promise.all([
        cache.query({ ...prescriptionReads.saved, staleTime: 0 }),
        cache.query({ ...prescriptionReads.batches, staleTime: 0 }),
      ]);
    },
    /** The tab is closed: it stops sending (the write on its way lands) and keeps its queries. */
    async close() {
      await queue.stop();
      stopPersisting();
      options.pages.close(page);
      cache.clear();
    },
  };
}

export type TestTab = ReturnType<typeof openTab>;

/** Waits until `condition` holds, polling every 10 ms. */
export async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
