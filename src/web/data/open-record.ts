import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, isApiError, type ApiClient } from '@shared/api/client';
import { recordsApi } from '@shared/api/records';
import {
  medicalRecordSchema,
  type MedicalRecord,
  type RecordContent,
  type RecordStep,
} from '@shared/records/medical-record';
import {
  STEP_OF_PART,
  isLocalRecordId,
  markStep,
  mergeExtraction,
  newWorkingRecord,
  nextStep,
  previousStep,
  type EditablePart,
  type WorkingRecord,
} from '@shared/records/flow';
import type { Patient } from '@shared/patients/patient';
import { mergeRecordVersions } from '@shared/records/merge';
import { visitPatientInfo } from '@shared/patients/chart';
import { api } from './api';
import { useDoctorData, useWriteQueueState } from './doctor-data-context';
import {
  addAddendumWrite,
  backUpRecord,
  contentOf,
  createRecordWrite,
  deleteRecordWrite,
  newLocalRecordId,
  openRecordIn,
  readRecordFresh,
  recordKeys,
  removeFromRecordsList,
  saveRecordWrite,
  setOpenRecord,
  withContent,
  type OpenRecord,
} from './records';
import type { QueuedWrite } from '@shared/sync/write-queue';
import type { EntitySaveState, WriteQueue, WriteResult } from './write-queue';

/**
 * The prontuário open in the workspace (docs/product.md, "Criar, abrir, sair e cancelar"): one
 * per doctor and browser. Its state is in the query cache (`recordKeys.open`, kept on the
 * device); every change is shown at once and handed to the write queue, which saves it 2 s
 * after the last keystroke and keeps it on the device while the server cannot be reached.
 * A newer version saved elsewhere is never overwritten without the doctor's choice.
 */

/** Said where the doctor finalised a record while the server could not be reached. */
export const FINALIZED_OFFLINE_MESSAGE =
  'Sem conexão — o prontuário será finalizado assim que o servidor responder.';

/** Where the open record's edits are, for its header and the conflict dialog. */
export interface SaveStatus {
  state: EntitySaveState;
  /** On `conflict`: the version the server holds. */
  serverRecord?: MedicalRecord;
  /** On `failed`: the server's message. */
  error?: string;
}

const RECORD = 'record';

/**
 * Reads the open record again from the server (when its cached copy is stale: on start, after
 * 5 minutes): a newer version saved elsewhere is taken, unless this device has edits of its own
 * still to send (they are based on the version seen, and the server decides); a record deleted
 * elsewhere closes. Without an answer, the copy on the device stays.
 */
async function refreshOpenRecord(
  cache: QueryClient,
  queue: WriteQueue,
  client: ApiClient,
  signal: AbortSignal,
): Promise<OpenRecord> {
  const held = openRecordIn(cache);
  const unchangedSince = (current: WorkingRecord | undefined) =>
    current?.id === held?.id && queue.pendingFor(RECORD, current?.id ?? '').length === 0;
  if (!held || isLocalRecordId(held.id) || !unchangedSince(held)) return { record: held ?? null };
  try {
    const { record: server } = await client.call(recordsApi.get, {
      params: { id: held.id },
      signal,
    });
    const current = openRecordIn(cache);
    if (!current || !unchangedSince(current)) return { record: current ?? null };
    return { record: server.version > (current.version ?? 0) ? server : current };
  } catch (error) {
    const current = openRecordIn(cache);
    if (isApiError(error, 'not_found') && current?.id === held.id) return { record: null };
    return { record: current ?? null };
  }
}

/** The open record and where its edits stand, re-rendering on every change. */
export function useOpenRecord(): { record: WorkingRecord | undefined; save: SaveStatus } {
  const cache = useQueryClient();
  const { queue } = useDoctorData();
  const { data } = useQuery({
    queryKey: recordKeys.open,
    queryFn: ({ signal }) => refreshOpenRecord(cache, queue, api, signal),
  });
  // The queue's state changes when a save leaves, lands, fails or conflicts.
  useWriteQueueState();
  const record = data?.record ?? undefined;
  return { record, save: record ? saveStatusOf(queue, record.id) : { state: 'saved' } };
}

function saveStatusOf(queue: WriteQueue, id: string): SaveStatus {
  const state = queue.saveStateOf(RECORD, id);
  if (state === 'conflict') {
    const serverRecord = medicalRecordSchema.safeParse(queue.conflictOf(RECORD, id));
    return serverRecord.success ? { state, serverRecord: serverRecord.data } : { state };
  }
  const error = queue.refusalOf(RECORD, id);
  return state === 'failed' && error ? { state, error } : { state };
}

/**
 * A record read from the server as this device must show it: its own writes not yet answered
 * (queued, on their way, or left by a closed page) shown over it, as the queue will send them;
 * and when the device already holds a newer version of it (a save answered after the read
 * left), the device's copy.
 * @param read - the record as the server answered
 * @param held - the record open on this device, if any
 * @param pending - this record's writes still in the queue, oldest first
 */
export function recordWithOwnWrites(
  read: MedicalRecord,
  held: WorkingRecord | undefined,
  pending: readonly QueuedWrite[],
): WorkingRecord {
  const base: WorkingRecord =
    held?.id === read.id && (held.version ?? 0) > read.version ? held : read;
  return pending.reduce<WorkingRecord>((record, write) => {
    if (write.kind !== saveRecordWrite.name) return record;
    const content = saveRecordWrite.payload.safeParse(write.payload);
    return content.success ? withContent(record, content.data) : record;
  }, base);
}

export type OpenRecordActions = ReturnType<typeof openRecordActions>;

/** What the doctor does with the open record, wherever they are in the workspace. */
export function useOpenRecordActions(): OpenRecordActions {
  const cache = useQueryClient();
  const { queue } = useDoctorData();
  return useMemo(() => openRecordActions(cache, queue, api), [cache, queue]);
}

/**
 * The actions on the open record, over the query cache and the write queue.
 * @param cache - the query cache holding the open record
 * @param queue - the write queue its edits go through
 * @param client - the API, for what is not queued (deleting from the list)
 * @param now - the clock (tests fix it)
 */
export function openRecordActions(
  cache: QueryClient,
  queue: WriteQueue,
  client: ApiClient,
  now: () => Date = () => new Date(),
) {
  const current = () => openRecordIn(cache);
  /** The open record, if its content may still change (a finalised one may not). */
  const editable = () => {
    const record = current();
    return record?.status === 'finalizado' ? undefined : record;
  };
  const show = (record: WorkingRecord | null) => {
    // A read of the server still on its way must not put back what the doctor just changed.
    void cache.cancelQueries({ queryKey: recordKeys.open });
    setOpenRecord(cache, record);
  };
  /** An edit of the open draft: shown at once, kept on the device, saved after 2 s of quiet. */
  /** @param unlink - also take the record from its patient (`contentOf` never sends that) */
  const edit = (record: WorkingRecord, unlink = false): Promise<WriteResult<unknown>> => {
    const edited = { ...record, updatedAt: now().toISOString() };
    show(edited);
    return queue.submit(saveRecordWrite, {
      entityId: edited.id,
      payload: unlink ? { ...contentOf(edited), patientId: null } : contentOf(edited),
      version: edited.version,
    });
  };

  /** Shows another step; on a finalised record only on this device. */
  const goToStep = (step: RecordStep): void => {
    const record = current();
    if (!record || record.currentStep === step) return;
    if (record.status === 'finalizado') show({ ...record, currentStep: step });
    else void edit({ ...record, currentStep: step });
  };

  return {
    /** The open record as it is now (not a render's copy). */
    get record(): WorkingRecord | undefined {
      return current();
    },

    /**
     * A fresh record, opened at once and created on the server; while the server cannot be
     * reached it is a local `record-<ms>` that the queue creates once it answers.
     * @returns the record, under the server's id when the server answered
     */
    async create(initial: RecordContent & { patientId?: string } = {}): Promise<WorkingRecord> {
      const record: WorkingRecord = {
        ...newWorkingRecord(newLocalRecordId(now().getTime()), now()),
        ...initial,
      };
      show(record);
      await queue.submit(createRecordWrite, {
        entityId: record.id,
        payload: contentOf(record),
        creates: true,
      });
      return current() ?? record;
    },

    /**
     * Opens a record read from the server. Edits of the one open before are still sent.
     * A read is never newer than what this device itself wrote (docs/durabilidade.md, "Fechar o
     * navegador no meio da consulta"): edits still queued for this record — a closed page's,
     * taken over at start — are shown over it, and a read older than the version this device
     * already holds (answers that crossed) does not replace it.
     */
    open(record: MedicalRecord): void {
      show(recordWithOwnWrites(record, current(), queue.pendingFor(RECORD, record.id)));
    },

    /** Replaces a part and marks its step complete. A finalised record's content never changes. */
    updatePart<P extends EditablePart>(part: P, value: WorkingRecord[P]): void {
      const record = editable();
      if (!record) return;
      void edit({ ...record, [part]: value, steps: markStep(record.steps, STEP_OF_PART[part]) });
    },

    /**
     * Makes the open draft a visit of this patient: her id, and what the patient step lacks
     * filled from her chart (what the doctor already typed stays; her lists join the visit's).
     */
    linkPatient(patient: Patient): void {
      const record = editable();
      if (!record) return;
      void edit({
        ...record,
        patientId: patient.id,
        patientInfo: visitPatientInfo(patient, record.patientInfo),
      });
    },

    /** Takes the open draft from its patient (the doctor picked the wrong one). */
    unlinkPatient(): void {
      const record = editable();
      if (!record) return;
      const { patientId: _patientId, ...unlinked } = record;
      void edit(unlinked, true);
    },

    /** Merges extracted data (chat, voice) by the record's merge rules (record-flow.ts). */
    mergeExtraction(extraction: Parameters<typeof mergeExtraction>[1]): void {
      const record = editable();
      if (record) void edit(mergeExtraction(record, extraction));
    },

    /** Stores a part that is no step's content (consultation feedback, anamnesis). */
    setPart<P extends 'consultationFeedback' | 'structuredAnamnesis'>(
      part: P,
      value: WorkingRecord[P],
    ): void {
      const record = editable();
      if (record) void edit({ ...record, [part]: value });
    },

    goToStep,

    goToNextStep(): void {
      const record = current();
      if (record) goToStep(nextStep(record.currentStep));
    },

    goToPreviousStep(): void {
      const record = current();
      if (record) goToStep(previousStep(record.currentStep));
    },

    /**
     * Finalises the record (shown on its summary step, where its documents are printed) and
     * sends it at once.
     * @returns `sent` once the server has it; `kept` when it could not be reached (the record is
     *   finalised on this device and sent when the server answers); `refused` or `conflict`
     */
    async finalize(): Promise<WriteResult<unknown>['status']> {
      const record = editable();
      if (!record) return 'refused';
      const saved = edit({
        ...record,
        status: 'finalizado',
        currentStep: 'print-summary',
        steps: markStep(record.steps, 'print-summary'),
      });
      queue.sendNow(RECORD, record.id);
      return (await saved).status;
    },

    /** Appends a dated addendum to the open, finalised record (its content stays as it was). */
    addAddendum(text: string): Promise<WriteResult<unknown>> {
      const record = current();
      if (!record) return Promise.resolve({ status: 'kept' });
      return queue.submit(addAddendumWrite, { entityId: record.id, payload: { text } });
    },

    /** Closes the record (the doctor leaves it); it is not reopened on the next start. */
    clear(): void {
      show(null);
    },

    /**
     * Cancels the open record: put aside on this device, closed, and deleted on the server
     * (unless it was finalised, or changed elsewhere since).
     */
    async cancel(): Promise<void> {
      const record = current();
      if (!record) return;
      backUpRecord(cache, record);
      show(null);
      const neverCreated =
        isLocalRecordId(record.id) ||
        queue.pendingFor(RECORD, record.id).some((write) => write.creates);
      queue.discard(RECORD, record.id);
      if (neverCreated || record.status === 'finalizado') return;
      await queue.submit(deleteRecordWrite, {
        entityId: record.id,
        payload: {},
        version: record.version,
      });
    },

    /**
     * Deletes a record from the list, if it is still the version the doctor saw; deleting the
     * open one also closes it.
     * @returns the refusal (a newer version elsewhere: `record_changed`), if any
     */
    async delete(id: string, version?: number): Promise<ApiError | undefined> {
      if (!isLocalRecordId(id)) {
        try {
          await client.call(recordsApi.remove, { params: { id }, ifMatch: version });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (error.code !== 'not_found') return error;
        }
      }
      queue.discard(RECORD, id);
      if (current()?.id === id) show(null);
      return undefined;
    },

    /**
     * After a conflict: join both versions (the saved one, with what only this device has —
     * nothing saved is lost), keep this device's version (saved over the newer one) or take
     * the saved one. Whatever this device's version loses is put aside on the device first.
     */
    resolveConflict(keep: 'both' | 'mine' | 'theirs'): void {
      const record = current();
      if (!record) return;
      const server = medicalRecordSchema.safeParse(queue.conflictOf(RECORD, record.id));
      if (!server.success) return;
      const entity = { resource: RECORD, entityId: record.id };
      if (keep === 'mine') {
        queue.choose(entity, 'mine', server.data.version);
        show({ ...record, version: server.data.version });
        return;
      }
      backUpRecord(cache, record);
      queue.choose(entity, 'theirs', server.data.version);
      if (keep === 'theirs') show(server.data);
      else void edit(mergeRecordVersions(record, server.data));
    },

    /**
     * Sends every pending edit now (sign-out).
     * @returns whether the server has every edit
     */
    saveAll(): Promise<boolean> {
      return queue.flush();
    },
  };
}

/**
 * Appends a dated addendum to the open, finalised record: `refused` carries the server's
 * refusal; `kept` means it waits on this device for the server.
 */
export function useAddAddendum(actions: OpenRecordActions) {
  return useMutation({ mutationFn: (text: string) => actions.addAddendum(text) });
}

/**
 * What the records list does to one of its records, each mutation pending while it runs (its
 * `variables` say which row is busy).
 */
export function useRecordsListActions() {
  const cache = useQueryClient();
  const actions = useOpenRecordActions();
  return {
    /** Reads the record fresh (another tab may have changed it) before it is shown. */
    read: useMutation({
      mutationFn: (record: MedicalRecord) => readRecordFresh(cache, record.id),
      onError: (error, record) => {
        // Deleted elsewhere: it should not stay in the list to fail again.
        if (isApiError(error, 'not_found')) removeFromRecordsList(cache, record.id);
      },
    }),
    remove: useMutation({
      mutationFn: async (record: MedicalRecord) => {
        const refusal = await actions.delete(record.id, record.version);
        if (refusal) throw refusal;
      },
      onSuccess: (_answer, record) => removeFromRecordsList(cache, record.id),
      onError: (error) => {
        // Changed in another tab since the list was read: kept, and the list shows it as it is.
        if (isApiError(error, 'record_changed'))
          void cache.refetchQueries({ queryKey: recordKeys.list });
      },
    }),
  };
}
