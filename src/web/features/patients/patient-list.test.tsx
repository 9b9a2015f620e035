// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import type { Patient } from '@shared/patients/patient';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { PatientList } from './patient-list';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const patient = (id: string, name: string, extra: Partial<Patient> = {}): Patient => ({
  id,
  name,
  allergies: [],
  chronicConditions: [],
  medications: [],
  version: 1,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
  ...extra,
});

const MARIA = patient('patient-1', 'Maria Aparecida da Silva', {
  age: 65,
  sex: 'feminino',
  lastVisit: { date: '2026-10-12T13:00:00' },
});
const JOAO = patient('patient-2', 'João Pedro Lima', {
  lastVisit: { date: '2025-05-02T09:00:00', age: 40 },
});

function renderList(pages: Record<string, { patients: Patient[]; nextCursor?: string }>) {
  const doctor = createDoctorData();
  doctor.server.on(patientsApi.list, ({ query }) => {
    const key = `${query.get('q') ?? ''}|${query.get('cursor') ?? ''}`;
    return json(pages[key] ?? { patients: [] });
  });
  const onOpen = vi.fn<(id: string) => void>();
  renderWithDoctorData(<PatientList onOpen={onOpen} />, doctor);
  return { server: doctor.server, onOpen, user: userEvent.setup() };
}

const list = () => screen.getByRole('region', { name: 'Lista de pacientes' });

describe('PatientList', () => {
  it('shows each patient with age, sex and last visit, and pages with “Carregar mais”', async () => {
    const { user, onOpen } = renderList({
      '|': { patients: [MARIA], nextCursor: 'cursor-2' },
      '|cursor-2': { patients: [JOAO] },
    });
    const maria = await within(list()).findByRole('button', { name: /Maria Aparecida da Silva/ });
    expect(maria.textContent).toContain('65 anos · Feminino · última consulta 12/10/2026');
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    const joao = await within(list()).findByRole('button', { name: /João Pedro Lima/ });
    // No birth date: the age her last visit gave, with its day.
    expect(joao.textContent).toContain('40 anos em 02/05/2025 · última consulta 02/05/2025');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    await user.click(joao);
    expect(onOpen).toHaveBeenCalledWith('patient-2');
  });

  it('searches as the doctor types, once she pauses', async () => {
    const { user, server } = renderList({
      '|': { patients: [MARIA, JOAO] },
      'mar apar|': { patients: [MARIA] },
    });
    await within(list()).findByRole('button', { name: /João Pedro Lima/ });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar paciente' }), 'mar apar');
    await waitFor(() => {
      expect(within(list()).queryByRole('button', { name: /João Pedro Lima/ })).toBeNull();
    });
    // One search for what was typed, not one per key.
    const searches = server.requestsTo(patientsApi.list).map((request) => request.query.get('q'));
    expect(searches).toEqual([null, 'mar apar']);
  });

  it('says when nothing is found, and when there is no patient yet', async () => {
    const { user } = renderList({});
    await screen.findByText('Nenhum paciente ainda.');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar paciente' }), 'zzz');
    await screen.findByText('Nenhum paciente encontrado para “zzz”.');
  });
});
