import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { api } from './api';
import { DoctorDataContext, type DoctorData } from './doctor-data-context';
import { forgetDoctorEntries } from './local-entries';
import { persistQueries, restoreQueries } from './query-persistence';
import { queryClient } from './query-client';
import { PERSISTED_QUERIES, WRITE_KINDS } from './registry';
import { forgetCloudSigning } from './signing-sessions';
import { WriteQueue } from './write-queue';

/**
 * The doctor's data as the page opens: the kept queries back in the cache before the first
 * screen renders, so it shows them at once. The writes earlier pages left are taken over when
 * sending starts.
 */
function loadDoctorData(userId: string): DoctorData & { start: () => () => void } {
  restoreQueries(queryClient, userId, PERSISTED_QUERIES);
  const queue = new WriteQueue({ userId, api, cache: queryClient, kinds: WRITE_KINDS });
  let stop: () => void = () => undefined;
  /** Starts sending and keeping the cache; @returns how to stop */
  const start = () => {
    const stopPersisting = persistQueries(queryClient, userId, PERSISTED_QUERIES);
    const retry = () => queue.retryNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') retry();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    queue.resume();
    stop = () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
      stopPersisting();
      void queue.stop();
    };
    return stop;
  };
  return {
    userId,
    queue,
    flush: () => queue.flush(),
    forget: () => {
      stop();
      queue.clear();
      queryClient.clear();
      forgetDoctorEntries();
      forgetCloudSigning();
      if (pageData?.data.queue === queue) pageData = undefined;
    },
    start,
  };
}

/**
 * The signed-in doctor's data on this page: one, whichever screen shows it. Moving between
 * `/` and `/settings` mounts another frame, but the queue (and the write it may be sending) and
 * the cache stay the same; another doctor, or signing out, ends it.
 */
let pageData: { userId: string; data: ReturnType<typeof loadDoctorData> } | undefined;

function doctorDataOfPage(userId: string): ReturnType<typeof loadDoctorData> {
  if (pageData?.userId !== userId) pageData = { userId, data: loadDoctorData(userId) };
  return pageData.data;
}

/** Holds the signed-in doctor's data for every screen inside it. */
export function DoctorDataProvider(props: { userId: string; children: ReactNode }) {
  const data = doctorDataOfPage(props.userId);
  useEffect(() => data.start(), [data]);
  return (
    <QueryClientProvider client={queryClient}>
      <DoctorDataContext.Provider value={data}>{props.children}</DoctorDataContext.Provider>
    </QueryClientProvider>
  );
}
