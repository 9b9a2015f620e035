import {
  RECORD_PARTS,
  SERVER_RECORD_ID_PREFIX,
  type MedicalRecord,
  type RecordContent,
  type RecordStep,
  type RecordUpdateInput,
} from '../../shared/medical-record';
import {
  LOCAL_RECORD_ID_PREFIX,
  STEP_OF_PART,
  isLocalRecordId,
  markStep,
  mergeExtraction,
  newWorkingRecord,
  nextStep,
  previousStep,
  type EditablePart,
  type WorkingRecord,
} from '../../shared/record-flow';
import type { ApiFailure, RecordsClient } from '../../shared/records-client';

/**
 * Where the record's latest edits are:
 * - `saved`: on the server;
 * - `saving`: on their way;
 * - `offline`: only on this device, retried until the server answers again;
 * - `conflict`: another tab or device saved a newer version; the doctor chooses which to keep;
 * - `failed`: the server refused them (kept on this device; the message says why). When the
 *   record was finalised elsewhere, the server's version is shown and the refused edits are
 *   kept as a local backup.
 */
export type SaveState = 'saved' | 'saving' | 'offline' | 'conflict' | 'failed';

export interface SaveStatus {
  state: SaveState;
  /** On `conflict`: the version the server holds. */
  serverRecord?: MedicalRecord;
  /** On `failed`: the server's message. */
  error?: string;
}

export interface CurrentRecordSnapshot {
  record: WorkingRecord | undefined;
  save: SaveStatus;
}

/** What the browser keeps of the open record (spec §3 Local storage "current record"). */
interface StoredCurrentRecord {
  userId: string;
  record: WorkingRecord;
  /** True while the server lacks some of the edits. */
  unsynced: boolean;
}

/** Spec §3 Local backup entry, plus the record itself so it can be brought back. */
export interface RecordBackup {
  key: string;
  timestamp: string;
  patientName: string;
  userId: string;
  record: WorkingRecord;
}

export const MAX_RECORD_BACKUPS = 3;

/** The browser storage the store writes to; `window.localStorage` wrapped in the app. */
export interface RecordStorage {
  read(key: 'current' | 'explicitExit' | 'backups'): string | null;
  write(key: 'current' | 'explicitExit' | 'backups', value: string): void;
  remove(key: 'current' | 'explicitExit' | 'backups'): void;
}

/** Spec §9 delays, and the retry backoff of failed saves. */
export interface RecordStoreTimings {
  localSaveMs: number;
  serverSaveMs: number;
  retryDelaysMs: readonly number[];
}

export const RECORD_STORE_TIMINGS: RecordStoreTimings = {
  localSaveMs: 1_000,
  serverSaveMs: 2_000,
  retryDelaysMs: [1_000, 2_000, 4_000, 8_000, 15_000],
};

type Listener = () => void;

/** A request that got no answer at all (spec §8 connection error). */
const NO_CONNECTION = 'Erro de conexão. Verifique sua internet e tente novamente.';

/** A failure that says nothing about the record: the server or the network did not answer. */
function isUnreachable(failure: ApiFailure): boolean {
  return failure.status === 0 || failure.status >= 500;
}

/**
 * The open prontuário (spec §4): one per signed-in doctor and browser tab. Every edit lands in
 * memory at once, in local storage after 1 s and on the server after 2 s of quiet. A save the
 * server cannot take now (no network, server down) is kept and retried with backoff; a newer
 * version saved elsewhere is never overwritten without the doctor's choice.
 */
export class CurrentRecordStore {
  private snapshot: CurrentRecordSnapshot = { record: undefined, save: { state: 'saved' } };
  private readonly listeners = new Set<Listener>();
  private localTimer: ReturnType<typeof setTimeout> | undefined;
  private serverTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every edit, so a save knows whether edits arrived while it was in flight. */
  private revision = 0;
  private savedRevision = 0;
  private saving: Promise<void> | undefined;
  private retryAttempt = 0;
  private disposed = false;

  constructor(
    private readonly userId: string,
    private readonly client: RecordsClient,
    private readonly storage: RecordStorage,
    private readonly timings: RecordStoreTimings = RECORD_STORE_TIMINGS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // --- subscription (React reads it with useSyncExternalStore) ---------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CurrentRecordSnapshot => this.snapshot;

  private publish(next: Partial<CurrentRecordSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  get record(): WorkingRecord | undefined {
    return this.snapshot.record;
  }

  // --- start-up ----------------------------------------------------------------------------------

  /**
   * Reopens the record this doctor had open, unless they left it on purpose (explicit exit).
   * Edits the server missed are sent again; otherwise a newer server version is taken.
   */
  async restore(): Promise<void> {
    if (this.storage.read('explicitExit') === 'true') return;
    const stored = this.readStored();
    if (!stored) return;
    this.revision = stored.unsynced ? 1 : 0;
    this.savedRevision = 0;
    this.publish({ record: stored.record, save: { state: stored.unsynced ? 'saving' : 'saved' } });
    if (stored.unsynced) {
      await this.saveNow();
      return;
    }
    if (isLocalRecordId(stored.record.id)) return;
    const answer = await this.call(() => this.client.get(stored.record.id));
    const current = this.snapshot.record;
    if (!answer || current?.id !== stored.record.id || this.revision !== this.savedRevision) return;
    if (answer.success) {
      if (answer.record.version > (current.version ?? 0)) this.replace(answer.record);
    } else if (answer.status === 404) {
      // Deleted elsewhere (another tab, another device): nothing left to reopen.
      this.forgetCurrent();
    }
  }

  private readStored(): StoredCurrentRecord | undefined {
    const raw = this.storage.read('current');
    if (raw === null) return undefined;
    try {
      const stored = JSON.parse(raw) as Partial<StoredCurrentRecord>;
      const id = stored.record?.id;
      const ownId =
        typeof id === 'string' &&
        (id.startsWith(LOCAL_RECORD_ID_PREFIX) || id.startsWith(SERVER_RECORD_ID_PREFIX));
      if (stored.userId !== this.userId || !ownId || !stored.record) return undefined;
      return { userId: this.userId, record: stored.record, unsynced: Boolean(stored.unsynced) };
    } catch {
      console.error('Prontuário salvo no navegador está corrompido; ignorado.');
      return undefined;
    }
  }

  // --- actions of spec §4 ------------------------------------------------------------------------

  /**
   * A fresh record: created on the server and loaded under its id; when the server cannot be
   * reached, a local `record-<timestamp>` that is sent to the server once it answers again.
   * Whatever was open and unsaved is kept as a backup first.
   */
  async create(initial: RecordContent = {}): Promise<WorkingRecord> {
    this.backUpIfUnsynced();
    this.storage.remove('explicitExit');
    const answer = await this.call(() => this.client.create(initial));
    let record: WorkingRecord;
    if (answer?.success) {
      record = answer.record;
      this.revision = this.savedRevision = 0;
      this.publish({ record, save: { state: 'saved' } });
      this.writeLocal();
    } else {
      record = {
        ...newWorkingRecord(`${LOCAL_RECORD_ID_PREFIX}${Date.now()}`, this.now()),
        ...initial,
      };
      this.revision = 1;
      this.savedRevision = 0;
      this.publish({ record, save: { state: 'offline' } });
      this.writeLocal();
      this.scheduleRetry();
    }
    return record;
  }

  /** Opens a record read from the server (the records list), keeping an unsaved one as backup. */
  open(record: MedicalRecord): void {
    if (this.snapshot.record?.id === record.id && this.revision !== this.savedRevision) return;
    this.backUpIfUnsynced();
    this.storage.remove('explicitExit');
    this.replace(record);
  }

  /**
   * Replaces a part and marks its step complete (spec §4 "each update … marks that step
   * complete"). A finalised record's content is locked: nothing changes.
   */
  updatePart<P extends EditablePart>(part: P, value: WorkingRecord[P]): void {
    const record = this.editableRecord();
    if (!record) return;
    this.edit({
      ...record,
      [part]: value,
      steps: markStep(record.steps, STEP_OF_PART[part]),
    });
  }

  /** Merges extracted data (chat, voice) by the rules of spec §4. */
  mergeExtraction(extraction: Parameters<typeof mergeExtraction>[1]): void {
    const record = this.editableRecord();
    if (record) this.edit(mergeExtraction(record, extraction));
  }

  /** Stores another part that is no step's content (consultation feedback, anamnesis). */
  setPart<P extends 'consultationFeedback' | 'structuredAnamnesis'>(
    part: P,
    value: WorkingRecord[P],
  ): void {
    const record = this.editableRecord();
    if (record) this.edit({ ...record, [part]: value });
  }

  /**
   * Shows another step. On a finalised record this only changes what this device shows: the
   * server keeps the record as it was finalised.
   */
  goToStep(step: RecordStep): void {
    const record = this.snapshot.record;
    if (!record || record.currentStep === step) return;
    if (record.status === 'finalizado') {
      this.publish({ record: { ...record, currentStep: step } });
      this.writeLocal();
      return;
    }
    this.edit({ ...record, currentStep: step });
  }

  goToNextStep(): void {
    const record = this.snapshot.record;
    if (record) this.goToStep(nextStep(record.currentStep));
  }

  goToPreviousStep(): void {
    const record = this.snapshot.record;
    if (record) this.goToStep(previousStep(record.currentStep));
  }

  /**
   * Finalises the record (status finalizado, print-summary complete, shown on the summary step
   * where its documents are printed) and waits for the server.
   * @returns whether the server has it; if not, the record stays open and keeps retrying
   */
  async finalize(): Promise<boolean> {
    const record = this.editableRecord();
    if (!record) return false;
    this.edit({
      ...record,
      status: 'finalizado',
      currentStep: 'print-summary',
      steps: markStep(record.steps, 'print-summary'),
    });
    await this.saveNow();
    return this.snapshot.save.state === 'saved';
  }

  /**
   * Appends an addendum to the open, finalised record (its content stays as it was).
   * @returns undefined once the server has it, else the failure to show
   */
  async addAddendum(text: string): Promise<ApiFailure | undefined> {
    const record = this.snapshot.record;
    if (!record || isLocalRecordId(record.id)) {
      return { success: false, status: 0, error: NO_CONNECTION };
    }
    const answer = await this.call(() => this.client.addAddendum(record.id, { text }));
    if (!answer) return { success: false, status: 0, error: NO_CONNECTION };
    if (!answer.success) return answer;
    const current = this.snapshot.record;
    if (current?.id === record.id) {
      this.publish({
        record: { ...current, addenda: answer.record.addenda, version: answer.record.version },
      });
      this.writeLocal();
    }
    return undefined;
  }

  /**
   * Closes the record (spec §4 Clearing): optionally backed up locally first, removed from local
   * storage, and with `explicitExit` not reopened on the next start.
   */
  clear(options: { backup?: boolean; explicitExit?: boolean } = {}): void {
    if (options.backup) this.backUp();
    if (options.explicitExit) this.storage.write('explicitExit', 'true');
    this.forgetCurrent();
  }

  /**
   * Cancels the open record: its data is discarded (the server copy deleted, unless it was
   * finalised), a local backup kept, and it is not reopened.
   */
  async cancel(): Promise<void> {
    const record = this.snapshot.record;
    if (!record) return;
    this.clear({ backup: true, explicitExit: true });
    if (!isLocalRecordId(record.id) && record.status !== 'finalizado') {
      await this.call(() => this.client.remove(record.id, record.version));
    }
  }

  /**
   * Deletes a record on the server; deleting the open one also clears it and its local copy.
   * @param version - the version the doctor saw (If-Match): one changed since elsewhere is not
   *   deleted, and the answer is the 409 `record_changed` with the current record
   */
  async delete(id: string, version?: number): Promise<ApiFailure | undefined> {
    if (!isLocalRecordId(id)) {
      const answer = await this.call(() => this.client.remove(id, version));
      if (!answer) return { success: false, status: 0, error: NO_CONNECTION };
      if (!answer.success && answer.status !== 404) return answer;
    }
    if (this.snapshot.record?.id === id) this.forgetCurrent();
    return undefined;
  }

  /**
   * After a conflict: keep this tab's version (saved over the newer one) or take the server's.
   */
  async resolveConflict(keep: 'mine' | 'theirs'): Promise<void> {
    const { record, save } = this.snapshot;
    if (!record || save.state !== 'conflict' || !save.serverRecord) return;
    if (keep === 'theirs') {
      this.replace(save.serverRecord);
      return;
    }
    this.edit({ ...record, version: save.serverRecord.version });
    await this.saveNow();
  }

  /** Writes the pending local save at once (the page is being hidden or closed). */
  flushLocal(): void {
    if (this.localTimer === undefined) return;
    clearTimeout(this.localTimer);
    this.localTimer = undefined;
    this.writeLocal();
  }

  /** Retries a pending server save now (the network came back, the tab became visible). */
  retryNow(): void {
    if (this.revision !== this.savedRevision && this.snapshot.save.state !== 'conflict') {
      this.retryAttempt = 0;
      void this.saveNow();
    }
  }

  /**
   * Sends any pending edits now.
   * @returns whether the server has every edit
   */
  async saveAll(): Promise<boolean> {
    if (this.snapshot.save.state === 'conflict') return false;
    this.retryAttempt = 0;
    await this.saveNow();
    return this.revision === this.savedRevision;
  }

  /** On sign-out: the open record and the backups leave this browser. */
  forgetAll(): void {
    this.forgetCurrent();
    this.storage.remove('backups');
    this.storage.remove('explicitExit');
  }

  /** The newest backups of this doctor, newest first. */
  backups(): RecordBackup[] {
    return this.readBackups().filter((backup) => backup.userId === this.userId);
  }

  dispose(): void {
    this.flushLocal();
    clearTimeout(this.serverTimer);
    this.disposed = true;
    this.listeners.clear();
  }

  // --- saving ------------------------------------------------------------------------------------

  /** The open record, if its content may still change (a finalised one may not). */
  private editableRecord(): WorkingRecord | undefined {
    const record = this.snapshot.record;
    return record?.status === 'finalizado' ? undefined : record;
  }

  private edit(record: WorkingRecord): void {
    this.revision += 1;
    const save: SaveStatus =
      this.snapshot.save.state === 'conflict' || this.snapshot.save.state === 'offline'
        ? this.snapshot.save
        : { state: 'saving' };
    this.publish({ record: { ...record, updatedAt: this.now().toISOString() }, save });
    clearTimeout(this.localTimer);
    this.localTimer = setTimeout(() => {
      this.localTimer = undefined;
      this.writeLocal();
    }, this.timings.localSaveMs);
    if (this.snapshot.save.state === 'conflict') return;
    clearTimeout(this.serverTimer);
    this.serverTimer = setTimeout(() => void this.saveNow(), this.timings.serverSaveMs);
  }

  /** Takes a record as the server has it: no unsaved edits, nothing to send. */
  private replace(record: WorkingRecord): void {
    clearTimeout(this.serverTimer);
    this.revision = this.savedRevision = 0;
    this.retryAttempt = 0;
    this.publish({ record, save: { state: 'saved' } });
    this.writeLocal();
  }

  private forgetCurrent(): void {
    clearTimeout(this.localTimer);
    clearTimeout(this.serverTimer);
    this.localTimer = this.serverTimer = undefined;
    this.revision = this.savedRevision = 0;
    this.storage.remove('current');
    this.publish({ record: undefined, save: { state: 'saved' } });
  }

  private writeLocal(): void {
    const record = this.snapshot.record;
    if (!record) return;
    const stored: StoredCurrentRecord = {
      userId: this.userId,
      record,
      unsynced: this.revision !== this.savedRevision,
    };
    this.storage.write('current', JSON.stringify(stored));
  }

  /** Sends the latest edits; one save at a time, and another right after if edits arrived. */
  async saveNow(): Promise<void> {
    clearTimeout(this.serverTimer);
    this.serverTimer = undefined;
    while (this.saving) await this.saving;
    if (this.revision === this.savedRevision || this.disposed) return;
    this.saving = this.sendLatest().finally(() => {
      this.saving = undefined;
    });
    await this.saving;
  }

  private async sendLatest(): Promise<void> {
    const record = this.snapshot.record;
    if (!record) return;
    const revision = this.revision;
    this.publish({ save: { state: 'saving' } });
    const answer = isLocalRecordId(record.id)
      ? await this.call(() => this.client.create(contentOf(record)))
      : await this.call(() => this.client.update(record.id, contentOf(record), record.version));
    const current = this.snapshot.record;
    if (!current || !(current.id === record.id)) return; // cleared or replaced meanwhile
    if (!answer || (!answer.success && isUnreachable(answer))) {
      this.publish({ save: { state: 'offline' } });
      this.writeLocal();
      this.scheduleRetry();
      return;
    }
    this.retryAttempt = 0;
    if (answer.success) {
      this.savedRevision = revision;
      const saved = answer.record;
      // Edits typed while the save was in flight stay; only the server's identity is taken.
      this.publish({
        record: { ...current, id: saved.id, version: saved.version, createdAt: saved.createdAt },
        save: { state: revision === this.revision ? 'saved' : 'saving' },
      });
      this.writeLocal();
      if (revision !== this.revision) this.scheduleServerSave();
      return;
    }
    if (answer.status === 409 && answer.code === 'record_finalized' && answer.record) {
      // Finalised on another device meanwhile: it reads as it was signed there. What this
      // device had typed is kept as a backup, and the message says what to do instead.
      this.backUp();
      this.replace(answer.record);
      this.publish({ save: { state: 'failed', error: answer.error } });
      return;
    }
    if (answer.status === 409 && answer.record) {
      this.publish({ save: { state: 'conflict', serverRecord: answer.record } });
      this.writeLocal();
      return;
    }
    if (answer.status === 404) {
      // Deleted elsewhere while open here: saved again as a new record, so no word is lost.
      this.publish({ record: { ...current, id: `${LOCAL_RECORD_ID_PREFIX}${Date.now()}` } });
      await this.sendLatest();
      return;
    }
    this.publish({ save: { state: 'failed', error: answer.error } });
    this.writeLocal();
  }

  private scheduleServerSave(): void {
    clearTimeout(this.serverTimer);
    this.serverTimer = setTimeout(() => void this.saveNow(), this.timings.serverSaveMs);
  }

  private scheduleRetry(): void {
    const delays = this.timings.retryDelaysMs;
    const delay = delays[Math.min(this.retryAttempt, delays.length - 1)] ?? 1_000;
    this.retryAttempt += 1;
    clearTimeout(this.serverTimer);
    this.serverTimer = setTimeout(() => void this.saveNow(), delay);
  }

  /** Runs an API call; a network failure (no answer at all) comes back as `undefined`. */
  private async call<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch {
      return undefined;
    }
  }

  // --- backups -----------------------------------------------------------------------------------

  private backUpIfUnsynced(): void {
    if (this.snapshot.record && this.revision !== this.savedRevision) this.backUp();
  }

  private backUp(): void {
    const record = this.snapshot.record;
    if (!record) return;
    const timestamp = this.now().toISOString();
    const backup: RecordBackup = {
      key: `medicalRecordBackup-${record.id}-${Date.parse(timestamp)}`,
      timestamp,
      patientName: record.patientInfo?.name ?? '',
      userId: this.userId,
      record,
    };
    const kept = [backup, ...this.readBackups()].slice(0, MAX_RECORD_BACKUPS);
    this.storage.write('backups', JSON.stringify(kept));
  }

  private readBackups(): RecordBackup[] {
    const raw = this.storage.read('backups');
    if (raw === null) return [];
    try {
      const backups: unknown = JSON.parse(raw);
      return Array.isArray(backups) ? (backups as RecordBackup[]) : [];
    } catch {
      console.error('Cópias de segurança de prontuários corrompidas; ignoradas.');
      return [];
    }
  }
}

/** The whole content of a record as a write: absent parts sent as `null`, so they are unset. */
export function contentOf(record: WorkingRecord): RecordUpdateInput {
  const content: Record<string, unknown> = {
    status: record.status,
    currentStep: record.currentStep,
    steps: record.steps,
  };
  for (const part of RECORD_PARTS) content[part] = record[part] ?? null;
  return content;
}
