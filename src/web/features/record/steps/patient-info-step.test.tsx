// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AGE_ERROR } from '../../../../shared/record-step-rules';
import {
  createDoctorData,
  putOpenRecord,
  renderWithDoctorData,
} from '../../../testing/render-with-doctor-data';
import {
  answerRecordSaves,
  draftRecord,
  OpenRecordStep,
  savedRecords,
} from './record-steps.testing';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

/** The patient-info step of a fresh draft, its saves answered by the server. */
function renderPatientInfo() {
  const doctor = createDoctorData();
  const record = draftRecord('patient-info');
  answerRecordSaves(doctor.server, record);
  putOpenRecord(doctor.cache, record);
  return { ...renderWithDoctorData(<OpenRecordStep />, doctor), user: userEvent.setup() };
}

describe('PatientInfoStep', () => {
  it('saves what the doctor types: name, age, sex and the comma-separated lists', async () => {
    const { user, server } = renderPatientInfo();
    expect(screen.getByRole('heading', { name: 'Dados do Paciente' })).toBeTruthy();

    await user.type(screen.getByLabelText('Nome completo'), 'Maria Souza');
    await user.type(screen.getByLabelText('Idade'), '54');
    await user.selectOptions(screen.getByLabelText('Sexo'), 'Feminino');
    await user.type(screen.getByLabelText('Alergias'), 'dipirona, penicilina');
    await user.type(screen.getByLabelText('Condições crônicas'), 'hipertensão');

    // The list keeps the text as typed (a trailing ', ' can be typed on the way to the next one).
    expect(screen.getByLabelText<HTMLInputElement>('Alergias').value).toBe('dipirona, penicilina');
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo).toEqual({
        name: 'Maria Souza',
        age: 54,
        gender: 'feminino',
        allergies: ['dipirona', 'penicilina'],
        chronicConditions: ['hipertensão'],
      });
    });
    expect(savedRecords(server).at(-1)?.steps).toContainEqual({
      type: 'patient-info',
      completed: true,
    });
  });

  it('says when the age is not one, and leaves it out of the record', async () => {
    const { user, server } = renderPatientInfo();
    const age = screen.getByLabelText('Idade');

    await user.type(age, '200');

    expect(screen.getByText(AGE_ERROR)).toBeTruthy();
    expect(age.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo).toEqual({});
    });

    await user.clear(age);
    await user.type(age, '20');
    expect(screen.queryByText(AGE_ERROR)).toBeNull();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo).toEqual({ age: 20 });
    });
  });

  it("goes on to the symptoms with 'Continuar', and the record is saved there", async () => {
    const { user, server } = renderPatientInfo();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { name: 'Sintomas' })).toBeTruthy();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.currentStep).toBe('symptoms');
    });
  });
});
