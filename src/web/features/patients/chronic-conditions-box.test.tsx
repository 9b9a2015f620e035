// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cid10Api } from '@shared/api/catalogues';
import { patientsApi } from '@shared/api/patients';
import type { Patient } from '@shared/patients/patient';
import type { Cid10SearchResult } from '@shared/records/cid10-search';
import { patientKeys, usePatient } from '../../data/patients';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { ChronicConditionsBox } from './chronic-conditions-box';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const ROSA: Patient = {
  id: 'patient-9',
  name: 'Rosa Lima',
  sex: 'feminino',
  allergies: [],
  chronicConditions: ['Hipertensão arterial', 'DM2 (CID-10 E11.9)'],
  medications: [],
  version: 4,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
};

const ESSENTIAL_HYPERTENSION: Cid10SearchResult = {
  code: 'I10',
  description: 'Hipertensão essencial (primária)',
  category: 'Hipertensão essencial (primária)',
  categoryCode: 'I10',
  chapter: { number: 9, title: 'Doenças do aparelho circulatório' },
  relevance: 100,
};

function ChartBox() {
  const patient = usePatient(ROSA.id).data;
  return patient ? <ChronicConditionsBox patient={patient} /> : null;
}

function renderBox() {
  const doctor = createDoctorData();
  doctor.cache.setQueryData(patientKeys.detail(ROSA.id), ROSA);
  let held = ROSA;
  doctor.server.on(patientsApi.get, () => json({ patient: held }));
  doctor.server.on(patientsApi.update, ({ body }) => {
    held = { ...held, version: held.version + 1, chronicConditions: body.chronicConditions ?? [] };
    return json({ patient: held });
  });
  doctor.server.on(cid10Api.search, () => json({ results: [ESSENTIAL_HYPERTENSION] }));
  return { ...renderWithDoctorData(<ChartBox />, doctor), user: userEvent.setup() };
}

describe('ChronicConditionsBox', () => {
  it('offers a code for an uncoded condition and writes it only when the doctor confirms', async () => {
    const { user, server } = renderBox();
    expect(screen.getByText('· CID-10 E11.9')).toBeTruthy();
    // DM2 already has its code: nothing to suggest for it.
    expect(screen.getAllByRole('button', { name: /Sugerir CID/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sugerir CID para Hipertensão arterial' }));
    const offer = await screen.findByRole('group', {
      name: 'CID sugerido para Hipertensão arterial',
    });
    expect(offer.textContent).toContain('I10 — Hipertensão essencial (primária)');
    const [search] = server.requestsTo(cid10Api.search);
    expect(search?.query.get('q')).toBe('Hipertensão arterial');
    expect(search?.query.get('sex')).toBe('feminino');
    // Offered is not written.
    expect(server.requestsTo(patientsApi.update)).toHaveLength(0);

    await user.click(within(offer).getByRole('button', { name: 'Confirmar CID' }));

    expect(await screen.findByText('· CID-10 I10')).toBeTruthy();
    const [sent] = server.requestsTo(patientsApi.update);
    expect(sent?.body.chronicConditions).toEqual([
      'Hipertensão arterial (CID-10 I10)',
      'DM2 (CID-10 E11.9)',
    ]);
    expect(sent?.headers.get('if-match')).toBe('"4"');
  });

  it('near miss: a discarded suggestion writes nothing', async () => {
    const { user, server } = renderBox();
    await user.click(screen.getByRole('button', { name: 'Sugerir CID para Hipertensão arterial' }));
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(server.requestsTo(patientsApi.update)).toHaveLength(0);
  });
});
