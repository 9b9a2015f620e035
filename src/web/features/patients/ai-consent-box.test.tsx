// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import type { Patient } from '@shared/patients/patient';
import { patientKeys, usePatient } from '../../data/patients';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { AiConsentBox } from './ai-consent-box';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const JOAO: Patient = {
  id: 'patient-7',
  name: 'João Batista',
  allergies: [],
  chronicConditions: [],
  medications: [],
  version: 3,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
};

/** The box as her chart shows it: on the patient the cache holds. */
function ChartBox() {
  const patient = usePatient(JOAO.id).data;
  return patient ? <AiConsentBox patient={patient} /> : null;
}

function renderBox(patient: Patient) {
  const doctor = createDoctorData();
  doctor.cache.setQueryData(patientKeys.detail(patient.id), patient);
  let held = patient;
  doctor.server.on(patientsApi.get, () => json({ patient: held }));
  doctor.server.on(patientsApi.update, ({ body }) => {
    held = {
      ...held,
      version: held.version + 1,
      ...(body.aiConsent
        ? {
            aiConsent: {
              status: body.aiConsent,
              recordedBy: 'Dra. Ana Lima',
              at: '2026-12-06T14:05:00.000Z',
            },
          }
        : {}),
    };
    return json({ patient: held });
  });
  return { ...renderWithDoctorData(<ChartBox />, doctor), user: userEvent.setup() };
}

describe('AiConsentBox', () => {
  it('says when nothing was recorded, and records a refusal with who and when', async () => {
    const { user, server } = renderBox(JOAO);
    expect(screen.getByText('Ainda não registrado')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Registrar recusa' }));

    expect(await screen.findByText('Recusou o uso de IA')).toBeTruthy();
    expect(screen.getByText(/registrado por Dra\. Ana Lima em 06\/12\/2026/)).toBeTruthy();
    expect(
      screen.getByText(
        'Nenhum recurso de IA é usado nas consultas deste paciente: registre-as à mão.',
      ),
    ).toBeTruthy();
    // Sent with the version read, so no newer change of her chart is written over.
    const [sent] = server.requestsTo(patientsApi.update);
    expect(sent?.body.aiConsent).toBe('recusou');
    expect(sent?.headers.get('if-match')).toBe('"3"');
    // She may change her mind: the other word is offered, the same one is not.
    expect(screen.queryByRole('button', { name: 'Registrar recusa' })).toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Registrar ciência e acordo' })).toBeTruthy();
    });
  });
});
