// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import type { MedicalRecord } from '@shared/records/medical-record';
import { newWorkingRecord, type WorkingRecord } from '@shared/records/flow';
import {
  createDoctorData,
  json,
  putOpenRecord,
  renderWithDoctorData,
  type ScriptedServer,
} from '../../testing/render-with-doctor-data';
import { SAVE_STATUS_TEXT } from './record-save-status';
import { RecordConflictDialog } from './record-conflict-dialog';
import { api } from '../../data/api';
import { openRecordActions, useOpenRecord } from '../../data/open-record';
import { RecordSaveStatus } from './record-save-status';

/** Where the open record's edits stand, as the record's header says it. */
function SaveStatusLine() {
  return <RecordSaveStatus save={useOpenRecord().save} />;
}

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const PARACETAMOL = { id: 'm1', name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' };
const DIPIRONA = { id: 'm2', name: 'Dipirona', dosage: '500 mg', frequency: '6/6h' };

/**
 * The server's record saves (the step screens' helper pulls in every step, and the PDF viewer
 * with them): a save based on the version held is taken, any other is refused with 409
 * `record_changed` and the record as held.
 */
function answerSaves(server: ScriptedServer, record: WorkingRecord) {
  let held: MedicalRecord = { ...record, userId: 'doctor-1', version: record.version ?? 1 };
  server.on(recordsApi.update, ({ headers, body }) => {
    if (headers.get('if-match') !== `"${held.version}"`) {
      return json(
        { success: false, code: 'record_changed', error: 'Alterado em outro lugar.', record: held },
        { status: 409 },
      );
    }
    // A part sent as null is unset.
    const parts = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
    held = { ...held, ...(parts as Partial<MedicalRecord>), version: held.version + 1 };
    return json({ record: held });
  });
}

/**
 * A record this device read at version 1, while another device saved version
 * 2 with a second medicine: the doctor's next keystroke meets the conflict.
 */
function renderConflict() {
  const mine: WorkingRecord = {
    ...newWorkingRecord('rec-1', new Date('2026-12-06T10:00:00.000Z')),
    version: 1,
    currentStep: 'plan',
    patientInfo: { name: 'Maria Souza' },
    prescriptions: { medications: [PARACETAMOL] },
    plan: '- Analgesia',
  };
  const saved: WorkingRecord = {
    ...mine,
    version: 2,
    prescriptions: { medications: [PARACETAMOL, DIPIRONA] },
  };
  const doctor = createDoctorData();
  answerSaves(doctor.server, saved);
  putOpenRecord(doctor.cache, mine);
  const rendered = renderWithDoctorData(
    <>
      <SaveStatusLine />
      <RecordConflictDialog />
    </>,
    doctor,
  );
  return { ...rendered, actions: openRecordActions(doctor.cache, doctor.queue, api) };
}

describe('RecordConflictDialog', () => {
  it('focuses the choice that keeps everything saved, and says what the others discard', async () => {
    const user = userEvent.setup();
    const { server, actions } = renderConflict();
    // The doctor goes on typing the plan.
    actions.updatePart('plan', '- Analgesia\n- Retorno em 15 dias');

    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5_000 });
    expect(within(dialog).getByText('Este prontuário foi alterado em outra aba')).toBeTruthy();
    const join = within(dialog).getByRole('button', { name: 'Juntar as versões' });
    expect(document.activeElement).toBe(join);
    expect(join.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText('Descarta o que foi salvo em Prescrições — Medicamentos.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Descarta o que este dispositivo tem em Plano (fica guardado neste navegador).',
      ),
    ).toBeTruthy();

    await user.click(join);
    await waitFor(() => expect(screen.getByText(SAVE_STATUS_TEXT.saved)).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const joined = server.requestsTo(recordsApi.update).at(-1)?.body;
    expect(joined?.prescriptions?.medications?.map((medication) => medication.name)).toEqual([
      'Paracetamol',
      'Dipirona',
    ]);
    expect(joined?.plan).toBe('- Analgesia\n- Retorno em 15 dias');
  });
});
