// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AGE_ERROR } from '@shared/records/step-rules';
import { patientsApi } from '@shared/api/patients';
import type { Patient } from '@shared/patients/patient';
import {
  createDoctorData,
  json,
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

const MARIA: Patient = {
  id: 'patient-maria',
  name: 'Maria Aparecida Souza',
  age: 63,
  sex: 'feminino',
  allergies: ['Dipirona'],
  chronicConditions: ['Hipertensão'],
  medications: ['Losartana 50 mg'],
  version: 3,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-10-12T12:00:00.000Z',
  lastVisit: { date: '2026-10-12T13:00:00.000Z' },
};

/**
 * The patient-info step of a fresh draft, its saves answered by the server, and the doctor's
 * patients whose name starts with what is typed.
 */
function renderPatientInfo(patients: readonly Patient[] = []) {
  const doctor = createDoctorData();
  const record = draftRecord('patient-info');
  answerRecordSaves(doctor.server, record);
  doctor.server.on(patientsApi.list, ({ query }) => {
    const typed = (query.get('q') ?? '').toLowerCase();
    return json({
      patients: patients.filter((patient) => patient.name.toLowerCase().startsWith(typed)),
    });
  });
  doctor.server.on(patientsApi.get, () => json({ patient: MARIA }));
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

  it('keeps a pregnancy and the creatinine clearance for the safety check, and says a wrong clearance', async () => {
    const { user, server } = renderPatientInfo();
    await user.selectOptions(screen.getByLabelText('Sexo'), 'Feminino');
    await user.click(screen.getByLabelText('Gestante'));
    const clearance = screen.getByLabelText('Clearance de creatinina (mL/min)');
    await user.type(clearance, '300');
    expect(screen.getByText('Informe um número entre 0 e 250.')).toBeTruthy();
    await user.clear(clearance);
    await user.type(clearance, '42,5');
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo).toEqual({
        gender: 'feminino',
        pregnant: true,
        creatinineClearance: 42.5,
      });
    });
    // A man is never asked whether he is pregnant; what was ticked goes with the change.
    await user.selectOptions(screen.getByLabelText('Sexo'), 'Masculino');
    expect(screen.queryByLabelText('Gestante')).toBeNull();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo).toEqual({
        gender: 'masculino',
        creatinineClearance: 42.5,
      });
    });
  });

  it("asks 'Gestante' only of a woman of childbearing age", async () => {
    const { user, server } = renderPatientInfo();
    // Before the sex is chosen, the question does not arise.
    expect(screen.queryByLabelText('Gestante')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Sexo'), 'Feminino');
    await user.type(screen.getByLabelText('Idade'), '32');
    await user.click(screen.getByLabelText('Gestante'));
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo).toMatchObject({ age: 32, pregnant: true });
    });

    // Corrected to 67: the box goes away (the report then ignores the tick: statesPregnancy).
    await user.clear(screen.getByLabelText('Idade'));
    await user.type(screen.getByLabelText('Idade'), '67');
    expect(screen.queryByLabelText('Gestante')).toBeNull();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo?.age).toBe(67);
    });
    await user.selectOptions(screen.getByLabelText('Sexo'), 'Masculino');
    await user.clear(screen.getByLabelText('Idade'));
    await user.type(screen.getByLabelText('Idade'), '30');
    expect(screen.queryByLabelText('Gestante')).toBeNull();
  });

  it('records a teleconsulta only when the doctor ticks the consent, with its moment, and takes it back', async () => {
    const { user, server } = renderPatientInfo();
    const consent = screen.getByRole('checkbox', { name: /^Teleconsulta: o paciente consentiu/ });
    expect(consent).toHaveProperty('checked', false);
    const before = Date.now();

    await user.click(consent);

    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.teleconsulta).toBeDefined();
    });
    const consentAt = Date.parse(savedRecords(server).at(-1)?.teleconsulta?.consentAt ?? '');
    expect(consentAt).toBeGreaterThanOrEqual(before);
    expect(screen.getByText(/^Consentimento registrado em/)).toBeTruthy();

    await user.click(consent);
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.teleconsulta).toBeNull();
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

  it('offers her patients with the typed name and starts the visit from the chosen one', async () => {
    const { user, server } = renderPatientInfo([MARIA]);

    await user.type(screen.getByLabelText('Nome completo'), 'Maria');
    await user.type(screen.getByLabelText('Alergias'), 'látex');
    const offer = await screen.findByRole('button', {
      name: 'Maria Aparecida Souza, 63 anos — última consulta 12/10/2026',
    });
    await user.click(offer);

    await waitFor(() => {
      const saved = savedRecords(server).at(-1);
      expect(saved?.patientId).toBe('patient-maria');
      expect(saved?.patientInfo).toEqual({
        name: 'Maria Aparecida Souza',
        age: 63,
        gender: 'feminino',
        allergies: ['Dipirona', 'látex'],
        chronicConditions: ['Hipertensão'],
        medications: ['Losartana 50 mg'],
      });
    });
    expect(await screen.findByText(/Consulta na ficha de/)).toBeTruthy();

    // The wrong Maria: unlinked (sent as null, folded into later saves or sent before them),
    // and no later save names her again.
    await user.click(screen.getByRole('button', { name: 'Trocar paciente' }));
    await user.type(screen.getByLabelText('Condições crônicas'), ', asma');
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.patientInfo?.chronicConditions).toEqual([
        'Hipertensão',
        'asma',
      ]);
    });
    const afterUnlink = savedRecords(server).slice(
      savedRecords(server).findLastIndex((saved) => saved.patientId === 'patient-maria') + 1,
    );
    expect(afterUnlink[0]?.patientId).toBeNull();
    expect(afterUnlink.slice(1).every((saved) => saved.patientId === undefined)).toBe(true);
  });
});
