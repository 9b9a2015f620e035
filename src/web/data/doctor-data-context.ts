import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EntitySaveState, WriteQueue, WriteQueueState } from './write-queue';

/**
 * The signed-in doctor's data in the browser (docs/architecture.md, "Camada de dados"): the
 * query cache (server state, the part kept on the device restored at once) and the offline write
 * queue. Every signed-in screen sits inside it; signing out is {@link DoctorData.forget}.
 */
export interface DoctorData {
  userId: string;
  queue: WriteQueue;
  /** Sends what is queued. @returns whether the server has everything */
  flush: () => Promise<boolean>;
  /** On sign-out: the cache, the queue and every entry of this doctor leave the browser. */
  forget: () => void;
}

export const DoctorDataContext = createContext<DoctorData | undefined>(undefined);

/** The signed-in doctor's data; throws outside {@link DoctorDataProvider}. */
export function useDoctorData(): DoctorData {
  const data = useContext(DoctorDataContext);
  if (!data) throw new Error('useDoctorData must be used within a DoctorDataProvider');
  return data;
}

/** The write queue's state, re-rendering when it changes. */
export function useWriteQueueState(): WriteQueueState {
  const { queue } = useDoctorData();
  return useSyncExternalStore(queue.subscribe, queue.getState);
}

/** Where an entity's edits stand (saved, saving, offline, conflict, failed). */
export function useSaveState(resource: string, entityId: string | undefined): EntitySaveState {
  const { queue } = useDoctorData();
  return useSyncExternalStore(queue.subscribe, () =>
    entityId === undefined ? 'saved' : queue.saveStateOf(resource, entityId),
  );
}
