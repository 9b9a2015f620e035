import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createRecordsClient } from '../../shared/records-client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../local-storage';
import {
  CurrentRecordStore,
  type CurrentRecordSnapshot,
  type RecordStorage,
} from './current-record-store';

/** The store's three keys, kept in the browser's local storage under the spec's names. */
const STORE_KEYS = {
  current: STORAGE_KEYS.currentRecord,
  explicitExit: STORAGE_KEYS.recordExplicitExit,
  backups: STORAGE_KEYS.recordBackups,
} as const;

export const browserRecordStorage: RecordStorage = {
  read: (key) => readStorage(STORE_KEYS[key]),
  write: (key, value) => {
    writeStorage(STORE_KEYS[key], value);
  },
  remove: (key) => {
    removeStorage(STORE_KEYS[key]);
  },
};

/** The records API from the browser: same origin, the session cookie. */
export const browserRecordsClient = createRecordsClient((path, init) =>
  fetch(path, { ...init, credentials: 'same-origin' }),
);

const CurrentRecordContext = createContext<CurrentRecordStore | undefined>(undefined);

/**
 * Holds the doctor's open prontuário for every view of the workspace. On start it reopens the
 * record left open (spec §4); it writes pending edits when the page is hidden and retries
 * failed saves when the network or the tab comes back.
 */
export function CurrentRecordProvider(props: { userId: string; children: ReactNode }) {
  const [store] = useState(
    () => new CurrentRecordStore(props.userId, browserRecordsClient, browserRecordStorage),
  );
  useEffect(() => {
    void store.restore();
    const onHide = () => {
      store.flushLocal();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') store.flushLocal();
      else store.retryNow();
    };
    const onOnline = () => {
      store.retryNow();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      store.dispose();
    };
  }, [store]);
  return (
    <CurrentRecordContext.Provider value={store}>{props.children}</CurrentRecordContext.Provider>
  );
}

/** The open record's store (its actions); throws outside the provider, like the spec's context. */
export function useCurrentRecordStore(): CurrentRecordStore {
  const store = useContext(CurrentRecordContext);
  if (!store) throw new Error('useCurrentRecord must be used within a CurrentRecordProvider');
  return store;
}

/** The open record and where its edits are, re-rendering on every change. */
export function useCurrentRecord(): CurrentRecordSnapshot & { store: CurrentRecordStore } {
  const store = useCurrentRecordStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, store };
}
