// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openRecordIn } from '../../../data/records';
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

/** The system fields the form no longer shows: it blanks them in every save. */
const BLANKED_SYSTEMS = {
  head: '',
  neck: '',
  chest: '',
  heart: '',
  abdomen: '',
  extremities: '',
  neurological: '',
  skin: '',
};

function renderPhysicalExam() {
  const doctor = createDoctorData();
  const record = draftRecord('physical-exam');
  answerRecordSaves(doctor.server, record);
  putOpenRecord(doctor.cache, record);
  return { ...renderWithDoctorData(<OpenRecordStep />, doctor), user: userEvent.setup() };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('PhysicalExamStep', () => {
  it('computes the BMI from weight and height as they are typed, and saves it with them', async () => {
    const { user, server } = renderPhysicalExam();
    expect(screen.getByRole('heading', { name: 'Exame Físico' })).toBeTruthy();
    expect(input('IMC').readOnly).toBe(true);
    expect(input('IMC').value).toBe('');

    await user.type(input('Peso'), '70,5');
    // No height yet: no BMI.
    expect(input('IMC').value).toBe('');
    await user.type(input('Altura'), '170');

    // 70.5 / 1.7² = 24.39…, shown with one decimal and a comma.
    expect(input('IMC').value).toBe('24,4');
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.physicalExam).toEqual({
        vitalSigns: { weight: 70.5, height: 170, bmi: 24.4 },
        generalAppearance: '',
        ...BLANKED_SYSTEMS,
      });
    });
  });

  it('puts the exam in the record 300 ms after the last keystroke, then saves it', async () => {
    const { user, server, cache } = renderPhysicalExam();

    await user.type(input('Pressão arterial'), '120/80');
    await user.type(input('Temperatura'), '36,5');
    await user.type(screen.getByLabelText('Exame físico'), 'BEG, corado');

    // Just typed: still the step's draft, not yet the record's.
    expect(openRecordIn(cache)?.physicalExam?.generalAppearance).not.toBe('BEG, corado');
    await waitFor(() => {
      expect(openRecordIn(cache)?.physicalExam?.generalAppearance).toBe('BEG, corado');
    });
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.physicalExam).toEqual({
        vitalSigns: { bloodPressure: '120/80', temperature: 36.5 },
        generalAppearance: 'BEG, corado',
        ...BLANKED_SYSTEMS,
      });
    });
  });

  it('says a vital is out of range once the doctor leaves it, and keeps it out of the record', async () => {
    const { user, server } = renderPhysicalExam();
    const temperature = input('Temperatura');

    await user.type(temperature, '50');
    // Still typing: '3' may be on its way to '36,5'.
    expect(temperature.getAttribute('aria-invalid')).toBeNull();
    await user.tab();

    expect(temperature.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Informe um número entre/)).toBeTruthy();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.physicalExam?.vitalSigns).toEqual({});
    });
  });
});
