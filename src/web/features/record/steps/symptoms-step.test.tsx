// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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

function renderSymptoms() {
  const doctor = createDoctorData();
  const record = draftRecord('symptoms');
  answerRecordSaves(doctor.server, record);
  putOpenRecord(doctor.cache, record);
  return { ...renderWithDoctorData(<OpenRecordStep />, doctor), user: userEvent.setup() };
}

/** The badge after 'Nível escolhido:'. */
const chosenLevel = () => {
  const badge = screen.getByText(/^Nível escolhido:/).querySelector('[data-intensity-colour]');
  if (!badge) throw new Error('No intensity badge');
  return { text: badge.textContent, colour: badge.getAttribute('data-intensity-colour') };
};

describe('SymptomsStep', () => {
  it('records no intensity until the doctor rates it', async () => {
    const { user, server } = renderSymptoms();
    expect(screen.getByRole('heading', { name: 'Sintomas' })).toBeTruthy();
    const select = screen.getByLabelText<HTMLSelectElement>('Intensidade');
    expect(select.selectedOptions[0]?.textContent).toBe('Não avaliada');
    expect(screen.getByText(/^Nível escolhido:/).textContent).toBe('Nível escolhido: não avaliada');

    await user.type(screen.getByLabelText('Queixa principal'), 'Cefaleia');
    await user.type(screen.getByLabelText('Duração'), '3 dias');

    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.symptoms).toEqual({
        chiefComplaint: 'Cefaleia',
        duration: '3 dias',
      });
    });
    expect(savedRecords(server).at(-1)?.steps).toContainEqual({
      type: 'symptoms',
      completed: true,
    });
  });

  it("takes a rating back with 'Não avaliada', keeping the rest of the symptoms", async () => {
    const { user, server } = renderSymptoms();
    await user.type(screen.getByLabelText('Queixa principal'), 'Tosse');
    await user.selectOptions(screen.getByLabelText('Intensidade'), 'Leve (1-3)');
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.symptoms).toEqual({
        chiefComplaint: 'Tosse',
        intensity: 'leve',
      });
    });

    await user.selectOptions(screen.getByLabelText('Intensidade'), 'Não avaliada');

    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.symptoms).toEqual({ chiefComplaint: 'Tosse' });
    });
    expect(screen.getByText(/^Nível escolhido:/).textContent).toBe('Nível escolhido: não avaliada');
  });

  it('shows the chosen intensity in its colour, and saves it', async () => {
    const { user, server } = renderSymptoms();

    await user.selectOptions(screen.getByLabelText('Intensidade'), 'Intensa (7-10)');

    expect(chosenLevel()).toEqual({ text: 'Intensa (7-10)', colour: 'red' });
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.symptoms).toEqual({ intensity: 'intensa' });
    });

    await user.selectOptions(screen.getByLabelText('Intensidade'), 'Moderada (4-6)');
    expect(chosenLevel()).toEqual({ text: 'Moderada (4-6)', colour: 'yellow' });
  });

  it("goes back to the patient with 'Voltar'", async () => {
    const { user, server } = renderSymptoms();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));

    expect(await screen.findByRole('heading', { name: 'Dados do Paciente' })).toBeTruthy();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.currentStep).toBe('patient-info');
    });
  });
});
