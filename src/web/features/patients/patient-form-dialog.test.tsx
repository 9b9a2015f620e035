// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Patient, PatientWrite } from '@shared/patients/patient';
import { PatientFormDialog, type SaveOutcome } from './patient-form-dialog';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

/** The new-patient dialog, with what it asked to save. */
function renderNewPatientForm() {
  const saves: PatientWrite[] = [];
  const saved: Patient[] = [];
  render(
    <PatientFormDialog
      open
      onOpenChange={() => undefined}
      title="Novo paciente"
      onSave={(input): Promise<SaveOutcome> => {
        saves.push(input);
        return Promise.resolve({
          saved: {
            id: 'patient-1',
            name: input.name,
            allergies: [],
            chronicConditions: [],
            medications: [],
            version: 1,
            createdAt: '2026-01-10T12:00:00.000Z',
            updatedAt: '2026-01-10T12:00:00.000Z',
          },
        });
      }}
      saving={false}
      onSaved={(patient) => saved.push(patient)}
    />,
  );
  return { saves, saved };
}

describe('PatientFormDialog', () => {
  it('shows the birth date and the phone typed as digits with their punctuation', async () => {
    const user = userEvent.setup();
    const { saves } = renderNewPatientForm();
    await user.type(screen.getByLabelText('Nome completo'), 'Maria Aparecida dos Santos');
    await user.type(screen.getByLabelText('Data de nascimento'), '15031959');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    expect(screen.getByLabelText('Data de nascimento')).toHaveProperty('value', '15/03/1959');
    expect(screen.getByLabelText('Telefone')).toHaveProperty('value', '(11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Salvar paciente' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ birthDate: '15/03/1959', phone: '(11) 98765-4321' });
  });

  it('focuses an impossible birth date with its message, and sends nothing', async () => {
    const user = userEvent.setup();
    const { saves } = renderNewPatientForm();
    await user.type(screen.getByLabelText('Nome completo'), 'Maria Aparecida dos Santos');
    await user.type(screen.getByLabelText('Data de nascimento'), '31021959');
    await user.click(screen.getByRole('button', { name: 'Salvar paciente' }));
    const birthDate = screen.getByLabelText('Data de nascimento');
    await waitFor(() => expect(document.activeElement).toBe(birthDate));
    expect(birthDate.getAttribute('aria-invalid')).toBe('true');
    const described = (birthDate.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Data de nascimento inválida: use dd/mm/aaaa.');
    expect(saves).toEqual([]);
  });
});
