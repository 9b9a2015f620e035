import { persistedChatConversation } from './chat';
import {
  createPrescriptionWrite,
  deletePrescriptionWrite,
  finalizePrescriptionWrite,
  persistedActivePrescription,
  persistedSavedPrescriptions,
  setDispenseQuantityWrite,
  setSafetyReasonsWrite,
  updatePrescriptionWrite,
} from './prescriptions';
import {
  addToBatchWrite,
  createBatchWrite,
  deleteBatchWrite,
  finalizeBatchWrite,
  persistedSavedBatches,
} from './prescription-batches';
import type { PersistedQuery } from './query-persistence';
import {
  addAddendumWrite,
  createRecordWrite,
  deleteRecordWrite,
  persistedOpenRecord,
  persistedRecordBackups,
  saveRecordWrite,
} from './records';
import { persistedSettings, resetSettingsWrite, saveSettingsWrite } from './settings';
import type { WriteKind } from './write-queue';

/**
 * Every kind of write the app queues and every query it keeps on the device, in one list: the
 * queue must know a kind to send a write left from an earlier visit, whatever screen opens first.
 */
export const WRITE_KINDS = [
  saveSettingsWrite,
  resetSettingsWrite,
  createRecordWrite,
  saveRecordWrite,
  deleteRecordWrite,
  addAddendumWrite,
  createPrescriptionWrite,
  updatePrescriptionWrite,
  finalizePrescriptionWrite,
  setDispenseQuantityWrite,
  setSafetyReasonsWrite,
  deletePrescriptionWrite,
  createBatchWrite,
  addToBatchWrite,
  finalizeBatchWrite,
  deleteBatchWrite,
] as unknown as readonly WriteKind<never, never>[];

export const PERSISTED_QUERIES = [
  persistedSettings,
  persistedOpenRecord,
  persistedRecordBackups,
  persistedChatConversation,
  persistedActivePrescription,
  persistedSavedPrescriptions,
  persistedSavedBatches,
] as unknown as readonly PersistedQuery<object>[];
