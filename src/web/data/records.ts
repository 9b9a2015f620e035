import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { recordsApi } from '@shared/api/records';
import {
  RECORD_PARTS,
  medicalRecordSchema,
  recordUpdateSchema,
  type MedicalRecord,
  type RecordUpdateInput,
} from '@shared/records/medical-record';
import { RECORDS_PAGE_SIZE, withoutRecord } from '@shared/records/list-rules';
import { LOCAL_RECORD_ID_PREFIX, type WorkingRecord } from '@shared/records/flow';
import { api } from './api';
import { doctorEntry } from './local-entries';
import type { PersistedQuery } from './query-persistence';
import type { WriteKind } from './write-queue';

/**
 * The doctor's records (`/api/medical-records`) in the browser (docs/architecture.md, "Camada
 * de dados"): the paged list, and the one record open in the workspace, kept on the device
 * under `currentMedicalRecord` so a reload, a crash or a power cut reopens it with
 * every word. Edits go to the server through the write queue: the whole content, 2 s after the
 * last keystroke, based on the version last seen (a newer one elsewhere asks the doctor). The
 * actions on the open record are in `open-record.ts`.
 */

export const recordKeys = {
  all: ['records'] as const,
  /** The record open in the workspace: `{ record }`, `record` null when none is. */
  open: ['records', 'open'] as const,
  list: ['records', 'list'] as const,
  detail: (id: string) => ['records', 'detail', id] as const,
  /** Records put aside on this device (see {@link backUpRecord}). */
  backups: ['records', 'backups'] as const,
};

/** A record as the browser holds it: a server one, or a local one not created yet. */
export const workingRecordSchema = medicalRecordSchema
  .omit({ userId: true, version: true })
  .extend({
    version: z.number().int().nonnegative().optional(),
  }) satisfies z.ZodType<WorkingRecord>;

export const openRecordSchema = z.object({ record: workingRecordSchema.nullable() });
export type OpenRecord = z.output<typeof openRecordSchema>;

/** The open record, kept on the device: a reload reopens it, with its unsent edits. */
export const persistedOpenRecord: PersistedQuery<OpenRecord> = {
  queryKey: recordKeys.open,
  entry: doctorEntry('currentMedicalRecord', openRecordSchema),
};

/** Records put aside when the doctor discarded them or the server refused them: the last 3. */
export const MAX_RECORD_BACKUPS = 3;

const recordBackupsSchema = z.object({
  backups: z.array(
    z.object({
      key: z.string(),
      timestamp: z.string(),
      patientName: z.string(),
      record: workingRecordSchema,
    }),
  ),
});
type RecordBackups = z.output<typeof recordBackupsSchema>;

/** The records put aside, kept on the device under `medicalRecordBackups`. */
export const persistedRecordBackups: PersistedQuery<RecordBackups> = {
  queryKey: recordKeys.backups,
  entry: doctorEntry('medicalRecordBackups', recordBackupsSchema),
};

/** The open record in the cache, if any. */
export function openRecordIn(cache: QueryClient): WorkingRecord | undefined {
  return cache.getQueryData<OpenRecord>(recordKeys.open)?.record ?? undefined;
}

/** Replaces the open record in the cache (none with `null`). */
export function setOpenRecord(cache: QueryClient, record: WorkingRecord | null): void {
  cache.setQueryData<OpenRecord>(recordKeys.open, { record });
}

/** Changes the open record in the cache if it is the one with `id`. */
function updateOpenRecord(
  cache: QueryClient,
  id: string,
  change: (record: WorkingRecord) => WorkingRecord,
): void {
  const open = openRecordIn(cache);
  if (open?.id === id) setOpenRecord(cache, change(open));
}

/** The whole content of a record as a write: absent parts sent as `null`, so they are unset. */
export function contentOf(record: WorkingRecord): RecordUpdateInput {
  const content: Record<string, unknown> = {
    status: record.status,
    currentStep: record.currentStep,
    steps: record.steps,
  };
  for (const part of RECORD_PARTS) content[part] = record[part] ?? null;
  // Only when set: a record kept on a device from before visits had patients must not unlink
  // the patient the server gave it since. Unlinking sends `null` itself (open-record.ts).
  if (record.patientId) content.patientId = record.patientId;
  return content;
}

/** The record with a written content (the other way round from {@link contentOf}). */
export function withContent(record: WorkingRecord, content: RecordUpdateInput): WorkingRecord {
  const { userId: _owner, id: _id, ...written } = content;
  // `null` unsets a part: it is left out of the record.
  const unset = new Set(
    Object.entries(written).flatMap(([part, value]) => (value === null ? [part] : [])),
  );
  const kept = Object.entries({ ...record, ...written }).filter(([part]) => !unset.has(part));
  return Object.fromEntries(kept) as WorkingRecord;
}

/**
 * The open record once the server answered a write: its identity (id, version, creation) and the
 * uses of AI it recorded are the server's; its content stays as on screen, since the doctor may
 * have typed since the write left.
 */
function withServerIdentity(record: WorkingRecord, saved: MedicalRecord): WorkingRecord {
  return {
    ...record,
    id: saved.id,
    version: saved.version,
    createdAt: saved.createdAt,
    ...(saved.aiUse ? { aiUse: saved.aiUse } : {}),
  };
}

/** A new local id, for a record created while the server cannot be reached. */
export function newLocalRecordId(now: number): string {
  return `${LOCAL_RECORD_ID_PREFIX}${now}`;
}

const recordContentPayload = recordUpdateSchema as z.ZodType<RecordUpdateInput>;

type CreateAnswer = { recordId: string; record: MedicalRecord };
type RecordAnswer = { record: MedicalRecord };

/** Creates a record: the first write of one started on this device. */
export const createRecordWrite: WriteKind<RecordUpdateInput, CreateAnswer> = {
  name: 'record.create',
  resource: 'record',
  payload: recordContentPayload,
  send: (client, write) => {
    const { id: _id, ...content } = write.payload;
    return client.call(recordsApi.create, { body: content });
  },
  identify: (answer) => ({ entityId: answer.record.id, version: answer.record.version }),
  settled: (cache, write, answer) => {
    updateOpenRecord(cache, write.entityId, (record) => withServerIdentity(record, answer.record));
  },
};

/** Saves the whole content of a record, based on the version last seen. */
export const saveRecordWrite: WriteKind<RecordUpdateInput, RecordAnswer> = {
  name: 'record.save',
  resource: 'record',
  payload: recordContentPayload,
  // Spec: the server save waits for 2 s of quiet; keystrokes meanwhile fold into one write.
  quietMs: 2_000,
  // The newer content replaces the older, but an unlink (`patientId: null`) the newer write
  // does not mention still goes.
  fold: (older, newer) =>
    newer.payload.patientId === undefined && older.payload.patientId !== undefined
      ? { ...newer.payload, patientId: older.payload.patientId }
      : newer.payload,
  send: (client, write) =>
    client.call(recordsApi.update, {
      params: { id: write.entityId },
      body: write.payload,
      ifMatch: write.version,
    }),
  identify: (answer) => ({ version: answer.record.version }),
  // After a reload the kept record may be older than the queued write: the write wins.
  show: (cache, write) => {
    updateOpenRecord(cache, write.entityId, (record) => withContent(record, write.payload));
  },
  settled: (cache, write, answer) => {
    updateOpenRecord(cache, write.entityId, (record) => withServerIdentity(record, answer.record));
  },
  refused: (cache, write, error) => {
    const current = medicalRecordSchema.safeParse(
      typeof error.body === 'object' && error.body !== null && 'record' in error.body
        ? error.body.record
        : undefined,
    );
    if (error.code === 'record_changed' && current.success) {
      // Saved meanwhile in another tab or device: the doctor chooses which version to keep.
      return { kind: 'ask', current: current.data };
    }
    if (error.code === 'record_finalized' && current.success) {
      // Finalised on another device: it reads as it was signed there. What this device had
      // typed is put aside, and the message says to write an addendum instead.
      const open = openRecordIn(cache);
      if (open?.id === write.entityId) {
        backUpRecord(cache, withContent(open, write.payload));
        setOpenRecord(cache, current.data);
      }
      return { kind: 'drop', message: error.message };
    }
    if (error.code === 'not_found') {
      // Deleted elsewhere while open here: created again as a new record, so no word is lost.
      const localId = newLocalRecordId(Date.now());
      updateOpenRecord(cache, write.entityId, (record) => ({ ...record, id: localId }));
      return {
        kind: 'replace',
        writes: [
          {
            kind: createRecordWrite as WriteKind<unknown, unknown>,
            entityId: localId,
            payload: write.payload,
            creates: true,
          },
        ],
      };
    }
    return { kind: 'drop' };
  },
};

/** Deletes a draft record (the doctor cancelled it), if it is still the version seen. */
export const deleteRecordWrite: WriteKind<Record<string, never>, unknown> = {
  name: 'record.delete',
  resource: 'record',
  payload: z.object({}).strict(),
  send: (client, write) =>
    client.call(recordsApi.remove, { params: { id: write.entityId }, ifMatch: write.version }),
  identify: () => ({}),
};

/** Adds a dated addendum to a finalised record. */
export const addAddendumWrite: WriteKind<{ text: string }, { record: MedicalRecord }> = {
  name: 'record.addendum',
  resource: 'record',
  payload: z.object({ text: z.string().min(1) }),
  send: (client, write) =>
    client.call(recordsApi.addAddendum, { params: { id: write.entityId }, body: write.payload }),
  identify: (answer) => ({ version: answer.record.version }),
  settled: (cache, write, answer) => {
    updateOpenRecord(cache, write.entityId, (record) => ({
      ...record,
      addenda: answer.record.addenda,
      version: answer.record.version,
    }));
  },
};

/** Puts a record aside on the device (the newest 3 are kept). */
export function backUpRecord(cache: QueryClient, record: WorkingRecord): void {
  cache.setQueryData(recordKeys.backups, (current: RecordBackups | undefined) => {
    const timestamp = new Date().toISOString();
    const backup = {
      key: `medicalRecordBackup-${record.id}-${Date.parse(timestamp)}`,
      timestamp,
      patientName: record.patientInfo?.name ?? '',
      record,
    };
    return { backups: [backup, ...(current?.backups ?? [])].slice(0, MAX_RECORD_BACKUPS) };
  });
}

/** The doctor's records, newest first, 20 at a time ('Carregar Mais' asks for the next page). */
export function useRecordsList() {
  return useInfiniteQuery({
    queryKey: recordKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api.call(recordsApi.list, {
        query: { limit: RECORDS_PAGE_SIZE, lastEvaluatedKey: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.lastEvaluatedKey,
    // The record view changes records without telling this list: read it each time it shows.
    refetchOnMount: 'always',
  });
}

type RecordPages = InfiniteData<{
  records: MedicalRecord[];
  lastEvaluatedKey?: string | undefined;
}>;

/** Takes a deleted record out of the loaded list at once, without reading every page again. */
export function removeFromRecordsList(cache: QueryClient, id: string): void {
  cache.setQueryData<RecordPages>(recordKeys.list, (data) =>
    data ? { ...data, pages: withoutRecord(data.pages, id) } : data,
  );
  // A read already on its way may still carry the record; its answer must not bring it back.
  if (cache.isFetching({ queryKey: recordKeys.list }) > 0) {
    void cache.invalidateQueries({ queryKey: recordKeys.list });
  }
}

/** Reads a record fresh from the server (another tab may have changed it since the list). */
export function readRecordFresh(cache: QueryClient, id: string): Promise<MedicalRecord> {
  return cache.query({
    queryKey: recordKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.call(recordsApi.get, { params: { id }, signal })).record,
    staleTime: 0,
  });
}
