import { recordsApi } from '@shared/api/records';
import type { MedicalRecord, RecordStep } from '@shared/records/medical-record';
import { newWorkingRecord, type WorkingRecord } from '@shared/records/flow';
import type { SessionDoctor } from '../../../data/auth-client';
import { useOpenRecord } from '../../../data/open-record';
import { json, type ScriptedServer } from '../../../testing/render-with-doctor-data';
import { RecordSaveStatus } from '../record-save-status';
import { RecordStepScreen } from './record-step-screen';

/**
 * What the record steps' component tests share: the open record's step as the record view shows
 * it, a draft record to open, and the records API as a server keeps it.
 */

export const TEST_DOCTOR: SessionDoctor = {
  id: 'doctor-1',
  name: 'Dra. Ana Lima',
  email: 'ana.lima@example.com',
};

/** Shown in place of the summary step, which reaches the receitas (not under test here). */
export const SUMMARY_STAND_IN = 'Resumo do prontuário';

/**
 * The open record's current step, re-rendered on every change, as the record view's form shows
 * it, under the header's line saying where the edits are (the rest of the frame — step bar,
 * tabs — left out). The summary step is replaced by {@link SUMMARY_STAND_IN}: it prints
 * receitas, which live in src/web/prescriptions.
 */
export function OpenRecordStep(props: { onFinalized?: () => void }) {
  const { record, save } = useOpenRecord();
  if (!record) return <p>Nenhum prontuário aberto</p>;
  return (
    <>
      <RecordSaveStatus save={save} />
      {record.currentStep === 'print-summary' ? (
        <p>{SUMMARY_STAND_IN}</p>
      ) : (
        <RecordStepScreen
          record={record}
          doctor={TEST_DOCTOR}
          onFinalized={props.onFinalized ?? (() => undefined)}
          onOpenReport={() => undefined}
        />
      )}
    </>
  );
}

/** A draft on the server (version 1), open at `step`, with `content`. */
export function draftRecord(step: RecordStep, content: Partial<WorkingRecord> = {}): WorkingRecord {
  return {
    ...newWorkingRecord('rec-1', new Date('2025-03-10T14:00:00.000Z')),
    version: 1,
    currentStep: step,
    ...content,
  };
}

/**
 * Answers the record's saves as the server does: each `PUT` based on the version it holds is
 * taken and answered with the next version; one based on another version is refused with 409
 * `record_changed`, as a save from a stale copy would be.
 * @param record - the record as the server holds it before the test
 */
export function answerRecordSaves(server: ScriptedServer, record: WorkingRecord): void {
  let held: MedicalRecord = { ...record, userId: TEST_DOCTOR.id, version: record.version ?? 1 };
  server.on(recordsApi.update, ({ headers, body }) => {
    if (headers.get('if-match') !== `"${held.version}"`) {
      return json(
        { success: false, code: 'record_changed', error: 'Alterado em outro lugar.', record: held },
        { status: 409 },
      );
    }
    // A part sent as null is unset.
    const parts = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
    held = {
      id: held.id,
      userId: held.userId,
      createdAt: held.createdAt,
      ...(parts as Omit<MedicalRecord, 'id' | 'userId' | 'createdAt' | 'version' | 'updatedAt'>),
      version: held.version + 1,
      updatedAt: new Date().toISOString(),
    };
    return json({ record: held });
  });
  server.on(recordsApi.setAiUseOutcome, () => json({ record: held }));
}

/** The outcomes of AI uses the screen told the server, oldest first. */
export function outcomesSent(server: ScriptedServer) {
  return server.requestsTo(recordsApi.setAiUseOutcome).map((request) => ({
    useId: request.params['useId'],
    outcome: request.body.outcome,
  }));
}

/** The bodies of the record saves the server received, oldest first. */
export function savedRecords(server: ScriptedServer) {
  return server.requestsTo(recordsApi.update).map((request) => request.body);
}
