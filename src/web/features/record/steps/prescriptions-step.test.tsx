// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { medicationsApi } from '../../../../shared/api/catalogues';
import type { RecordPrescriptions } from '../../../../shared/medical-record';
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

const PENICILLIN_WARNING = 'Amoxicilina: paciente com alergia a penicilina.';

/**
 * The prescriptions step of a patient allergic to penicillin, with the medicine catalogue's
 * search and check answered: the check warns about amoxicillin only.
 */
function renderPrescriptions(prescriptions?: RecordPrescriptions) {
  const doctor = createDoctorData();
  const record = draftRecord('prescriptions', {
    patientInfo: { name: 'João Pereira', allergies: ['penicilina'] },
    ...(prescriptions ? { prescriptions } : {}),
  });
  answerRecordSaves(doctor.server, record);
  doctor.server
    .on(medicationsApi.search, () =>
      json({
        results: [
          { name: 'amoxicilina', strengths: ['500 mg'] },
          { name: 'amoxicilina + clavulanato', strengths: ['500 mg + 125 mg', '875 mg + 125 mg'] },
        ],
      }),
    )
    .on(medicationsApi.check, ({ body }) =>
      json({
        warnings:
          body.medication.name === 'Amoxicilina' && body.allergies.includes('penicilina')
            ? [PENICILLIN_WARNING]
            : [],
      }),
    );
  putOpenRecord(doctor.cache, record);
  return { ...renderWithDoctorData(<OpenRecordStep />, doctor), user: userEvent.setup() };
}

const continueButton = () => screen.getByRole('button', { name: 'Continuar' });

/** 'Avisos Importantes', once the debounced check has answered. */
async function findWarnings(): Promise<HTMLElement> {
  const heading = await screen.findByText('Avisos Importantes', {}, { timeout: 3000 });
  const section = heading.closest('section');
  if (!section) throw new Error('No warnings section');
  expect(section.getAttribute('role')).toBe('status');
  return section;
}

const noPrescription = () =>
  screen.queryByRole('checkbox', { name: 'Sem prescrição nesta consulta' });

describe('PrescriptionsStep', () => {
  it('adds a medicine chosen in the autocomplete, warns about the allergy, and removes it', async () => {
    const { user, server } = renderPrescriptions();
    expect(screen.getByRole('heading', { name: 'Prescrições e Exames' })).toBeTruthy();
    expect(screen.getByText('Nenhum medicamento prescrito.')).toBeTruthy();
    expect(continueButton().hasAttribute('disabled')).toBe(true);

    const name = screen.getByRole('combobox', { name: 'Nome do medicamento' });
    await user.type(name, 'amox');
    const found = await screen.findByRole('listbox', { name: 'Medicamentos encontrados' });
    expect(
      within(found)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Amoxicilina500 mg', 'Amoxicilina + clavulanato500 mg + 125 mg, 875 mg + 125 mg']);
    // From 2 letters, after the typing pauses.
    const searched = server.requestsTo(medicationsApi.search).map(({ query }) => query.get('q'));
    expect(searched.at(-1)).toBe('amox');
    expect(searched).not.toContain('a');

    await user.click(within(found).getByRole('option', { name: /^Amoxicilina\s*500 mg$/ }));

    expect((name as HTMLInputElement).value).toBe('Amoxicilina');
    expect(name.getAttribute('aria-expanded')).toBe('false');
    // The only strength is the dosage.
    expect(screen.getByLabelText<HTMLInputElement>('Dosagem').value).toBe('500 mg');
    await user.type(screen.getByLabelText('Frequência'), '8/8h');
    await user.type(screen.getByLabelText('Duração'), '7 dias');
    await user.click(screen.getByRole('button', { name: 'Adicionar medicamento' }));

    expect(screen.getByText('Amoxicilina 500 mg — 8/8h — por 7 dias')).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('');
    expect(continueButton().hasAttribute('disabled')).toBe(false);
    expect(noPrescription()).toBeNull();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.prescriptions?.medications).toEqual([
        {
          id: expect.any(String) as string,
          name: 'Amoxicilina',
          dosage: '500 mg',
          frequency: '8/8h',
          duration: '7 dias',
        },
      ]);
    });

    // The check waits 600 ms after the last change to the list.
    const warnings = await findWarnings();
    expect(within(warnings).getByRole('listitem').textContent).toBe(PENICILLIN_WARNING);
    // One check, of the list as it settled (not one per render of the step).
    expect(server.requestsTo(medicationsApi.check).map(({ body }) => body)).toEqual([
      {
        medication: { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h' },
        allergies: ['penicilina'],
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remover Amoxicilina' }));

    expect(screen.getByText('Nenhum medicamento prescrito.')).toBeTruthy();
    expect(screen.queryByText('Avisos Importantes')).toBeNull();
    expect(noPrescription()).toBeTruthy();
    expect(continueButton().hasAttribute('disabled')).toBe(true);
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.prescriptions?.medications).toEqual([]);
    });
  });

  it('checks every medicine again when the list changes, keeping the warning on screen meanwhile', async () => {
    const { user, server } = renderPrescriptions({
      medications: [{ id: 'm1', name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h' }],
    });
    expect(within(await findWarnings()).getByText(PENICILLIN_WARNING)).toBeTruthy();

    await user.type(screen.getByRole('combobox', { name: 'Nome do medicamento' }), 'Dipirona');
    await user.click(screen.getByRole('button', { name: 'Adicionar medicamento' }));

    expect(screen.getByText(PENICILLIN_WARNING)).toBeTruthy();
    await waitFor(
      () => {
        expect(
          server.requestsTo(medicationsApi.check).map(({ body }) => body.medication.name),
        ).toEqual(['Amoxicilina', 'Amoxicilina', 'Dipirona']);
      },
      { timeout: 3000 },
    );
    expect(screen.getByText(PENICILLIN_WARNING)).toBeTruthy();
  });

  it("goes on with nothing prescribed once the doctor ticks 'Sem prescrição nesta consulta'", async () => {
    const { user, server } = renderPrescriptions();
    const box = noPrescription();
    if (!box) throw new Error('No "Sem prescrição" checkbox');

    await user.click(box);

    expect((box as HTMLInputElement).checked).toBe(true);
    expect(continueButton().hasAttribute('disabled')).toBe(false);
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.prescriptions).toEqual({ noPrescription: true });
    });
    expect(savedRecords(server).at(-1)?.steps).toContainEqual({
      type: 'prescriptions',
      completed: true,
    });
    expect(server.requestsTo(medicationsApi.check)).toEqual([]);
  });

  it('adds an exam with its type, priority and justification', async () => {
    const { user, server } = renderPrescriptions();

    await user.type(screen.getByLabelText(/^Nome do exame/), 'Hemograma completo');
    await user.selectOptions(screen.getByLabelText('Prioridade'), 'Urgente');
    await user.type(screen.getByLabelText('Justificativa'), 'Febre há 5 dias');
    await user.click(screen.getByRole('button', { name: 'Adicionar exame' }));

    expect(
      screen.getByText('Hemograma completo (laboratorial, urgente) — Febre há 5 dias'),
    ).toBeTruthy();
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.prescriptions?.exams).toEqual([
        {
          id: expect.any(String) as string,
          name: 'Hemograma completo',
          type: 'laboratorial',
          priority: 'urgente',
          justification: 'Febre há 5 dias',
        },
      ]);
    });
  });
});
