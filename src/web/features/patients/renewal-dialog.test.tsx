// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi, type PresentedPrescription } from '@shared/api/prescriptions';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import type { Patient } from '@shared/patients/patient';
import type { RenewalItem } from '@shared/patients/chart';
import { localDay } from '@shared/lib/local-day';
import {
  createDoctorData,
  json,
  putSettings,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { RenewalDialog } from './renewal-dialog';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const MARIA: Patient = {
  id: 'patient-1',
  name: 'Maria Aparecida',
  age: 63,
  sex: 'feminino',
  allergies: [],
  chronicConditions: ['Hipertensão'],
  medications: ['Losartana 50 mg', 'AAS 100 mg'],
  version: 1,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
};

const ITEMS: RenewalItem[] = [
  {
    inUse: 'Losartana 50 mg',
    medication: {
      name: 'Losartana',
      dosage: '50 mg',
      dosePerIntake: '1 comprimido',
      frequency: '1x ao dia',
      duration: 'uso contínuo',
    },
    lastPrescribed: { kind: 'record', id: 'visit-1', date: '2026-10-12T13:00:00.000Z' },
  },
  { inUse: 'AAS 100 mg', medication: { name: 'AAS', dosage: '100 mg', duration: 'uso contínuo' } },
];

function renderRenewal() {
  const doctor = createDoctorData();
  putSettings(doctor.cache, {
    ...DEFAULT_DOCTOR_SETTINGS,
    name: 'Dra. Ana Lima',
    crm: '123456',
    crmState: 'SP',
  });
  doctor.server
    .on(patientsApi.renewal, () => json({ items: ITEMS }))
    .on(prescriptionsApi.create, ({ body }) => {
      const at = '2026-11-02T14:00:00.000Z';
      const created = {
        ...(body as PresentedPrescription),
        id: 'rx-1',
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      return json({ prescription: created }, { status: 201 });
    });
  const onIssued = vi.fn<(receita: PresentedPrescription) => void>();
  renderWithDoctorData(
    <RenewalDialog
      patient={MARIA}
      doctor={{ id: 'doctor-1', name: 'Ana Lima', email: 'ana@example.com' }}
      open
      onOpenChange={() => undefined}
      onIssued={onIssued}
    />,
    doctor,
  );
  return { server: doctor.server, onIssued, user: userEvent.setup() };
}

describe('RenewalDialog', () => {
  it('renews her medicines for continuous use, the one without posology once written', async () => {
    const { server, onIssued, user } = renderRenewal();
    const list = await screen.findByRole('list', { name: 'Medicamentos a renovar' });
    const [losartana, aas] = within(list).getAllByRole('listitem');
    expect(losartana?.textContent).toContain(
      'Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.',
    );
    expect(losartana?.textContent).toContain('Última prescrição: consulta de 12/10/2026');
    expect(aas?.textContent).toContain('Nenhuma prescrição anterior diz como tomar');

    // Nothing is guessed: the receita waits for the doctor to say how to take the AAS.
    const issue = screen.getByRole('button', { name: 'Emitir receita' });
    expect(issue).toHaveProperty('disabled', true);
    expect(screen.getByText('Escreva como tomar AAS, ou desmarque.')).toBeTruthy();
    if (!aas) throw new Error('no AAS line');
    await user.type(within(aas).getByLabelText('Frequência'), '1x ao dia');
    await user.type(within(aas).getByLabelText('Instruções'), 'após o almoço');
    await waitFor(() => expect(issue).toHaveProperty('disabled', false));
    await user.click(issue);

    await waitFor(() => expect(onIssued).toHaveBeenCalledTimes(1));
    expect(server.requestsTo(prescriptionsApi.create).map(({ body }) => body)).toEqual([
      expect.objectContaining({
        patientName: 'Maria Aparecida',
        patientAge: '63',
        patientSex: 'feminino',
        patientId: 'patient-1',
        date: localDay(new Date()),
        doctorName: 'Dra. Ana Lima',
        doctorCRM: 'CRM/SP 123456',
        isFinalized: true,
        medications: [
          expect.objectContaining({
            name: 'Losartana',
            dosage: '50 mg',
            dosePerIntake: '1 comprimido',
            frequency: '1x ao dia',
            duration: 'uso contínuo',
          }),
          expect.objectContaining({
            name: 'AAS',
            dosage: '100 mg',
            frequency: '1x ao dia',
            instructions: 'após o almoço',
            duration: 'uso contínuo',
          }),
        ],
      }),
    ]);
  });

  it('leaves out a medicine the doctor unticks', async () => {
    const { server, onIssued, user } = renderRenewal();
    const list = await screen.findByRole('list', { name: 'Medicamentos a renovar' });
    await user.click(within(list).getByRole('checkbox', { name: /AAS 100 mg/ }));
    await user.click(screen.getByRole('button', { name: 'Emitir receita' }));
    await waitFor(() => expect(onIssued).toHaveBeenCalledTimes(1));
    const [sent] = server.requestsTo(prescriptionsApi.create);
    expect(sent?.body.medications?.map((medication) => medication.name)).toEqual(['Losartana']);
  });
});
