import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ReceitaPrescription } from '../../shared/receita-document';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../local-storage';
import { browserPrescriptionBackend } from './prescription-api';
import {
  PrescriptionStore,
  type PrescriptionSnapshot,
  type PrescriptionStorage,
} from './prescription-store';

/** The store's three entries, under the spec's local-storage names (§3). */
const STORE_KEYS = {
  saved: STORAGE_KEYS.savedPrescriptions,
  batches: STORAGE_KEYS.savedPrescriptionBatches,
  active: STORAGE_KEYS.activePrescription,
} as const;

const browserPrescriptionStorage: PrescriptionStorage = {
  read: (key) => readStorage(STORE_KEYS[key]),
  write: (key, value) => {
    writeStorage(STORE_KEYS[key], value);
  },
  remove: (key) => {
    removeStorage(STORE_KEYS[key]);
  },
};

const PrescriptionContext = createContext<PrescriptionStore | undefined>(undefined);

/**
 * Holds the doctor's receitas and lotes for every view of the workspace. On start it reopens
 * the work left in this browser, sends what the server missed and reads the saved ones; it sends
 * again when the network or the tab comes back.
 */
export function PrescriptionProvider(props: { userId: string; children: ReactNode }) {
  const [store] = useState(() => {
    const created = new PrescriptionStore(
      props.userId,
      browserPrescriptionStorage,
      browserPrescriptionBackend,
    );
    created.restore();
    return created;
  });
  useEffect(() => {
    void store.load();
    const onOnline = () => {
      void store.sync();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && store.getSnapshot().status === 'offline') {
        void store.sync();
      }
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      store.dispose();
    };
  }, [store]);
  return (
    <PrescriptionContext.Provider value={store}>{props.children}</PrescriptionContext.Provider>
  );
}

/** The prescriptions' store (its actions); throws outside the provider (spec §8). */
export function usePrescriptionStore(): PrescriptionStore {
  const store = useContext(PrescriptionContext);
  if (!store) throw new Error('usePrescription must be used within a PrescriptionProvider');
  return store;
}

/** The receitas and lotes, re-rendering on every change. */
export function usePrescription(): PrescriptionSnapshot & { store: PrescriptionStore } {
  const store = usePrescriptionStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, store };
}

/**
 * The receitas given, each as the store now holds it (after a quantity was overwritten, say), so
 * a view opened with a copy shows the latest; one the store does not hold is shown as given.
 * @param prescriptions - the receitas, in the order to show them
 */
export function useLatestPrescriptions(
  prescriptions: readonly ReceitaPrescription[],
): readonly ReceitaPrescription[] {
  const store = usePrescriptionStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return useMemo(
    () =>
      prescriptions.map(
        (prescription) =>
          (snapshot.current?.id === prescription.id
            ? snapshot.current
            : snapshot.saved.find((saved) => saved.id === prescription.id)) ?? prescription,
      ),
    [prescriptions, snapshot],
  );
}
