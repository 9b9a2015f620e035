// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { medicationsApi } from '@shared/api/catalogues';
import type { PatientInfo, RecordPrescriptions } from '@shared/records/medical-record';
import type { SafetyWarning } from '@shared/prescriptions/safety-warnings';
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

const PENICILLIN_WARNING = 'Alergia a penicilina: amoxicilina é uma penicilina.';
const PENICILLIN_SAFETY_WARNING: SafetyWarning = {
  kind: 'alergia',
  severity: 'contraindicado',
  medications: ['Amoxicilina'],
  message: PENICILLIN_WARNING,
  reference: 'Alergia registrada no prontuário do paciente',
};

/**
 * The prescriptions step of a patient allergic to penicillin, with the medicine catalogue's
 * search and check answered: the check warns about amoxicillin only.
 */
function renderPrescriptions(
  prescriptions?: RecordPrescriptions,
  patientInfo: PatientInfo = { name: 'João Pereira', allergies: ['penicilina'] },
) {
  const doctor = createDoctorData();
  const record = draftRecord('prescriptions', {
    patientInfo,
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
    .on(medicationsApi.safetyCheck, ({ body }) =>
      json({
        warnings:
          body.medications.some((medication) => medication.name === 'Amoxicilina') &&
          body.patient?.allergies?.includes('penicilina')
            ? [PENICILLIN_SAFETY_WARNING]
            : [],
      }),
    );
  putOpenRecord(doctor.cache, record);
  return { ...renderWithDoctorData(<OpenRecordStep />, doctor), user: userEvent.setup() };
}

const continueButton = () => screen.getByRole('button', { name: 'Continuar' });

/** The safety warnings, once the debounced check has answered. */
async function findWarnings(): Promise<HTMLElement> {
  const heading = await screen.findByText(
    'Avisos de segurança da prescrição',
    {},
    { timeout: 3000 },
  );
  const section = heading.closest('section');
  if (!section) throw new Error('No warnings section');
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
    const item = within(warnings).getByRole('listitem');
    expect(item.textContent).toContain('Contraindicado');
    expect(item.textContent).toContain(PENICILLIN_WARNING);
    // One check, of the prescription as it settled (not one per render of the step).
    expect(server.requestsTo(medicationsApi.safetyCheck).map(({ body }) => body)).toEqual([
      {
        medications: [{ name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h' }],
        patient: { allergies: ['penicilina'] },
      },
    ]);
    // A contraindicated warning: the step goes on only with the doctor's reason, kept with it.
    expect(continueButton().hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText(
        'Escreva a justificativa de cada aviso grave ou contraindicado para continuar.',
      ),
    ).toBeTruthy();
    const reason = within(item).getByLabelText('Justificativa para manter (Amoxicilina)');
    await user.type(reason, 'Teste de provocação sob supervisão');
    await user.tab();
    await waitFor(() => {
      expect(continueButton().hasAttribute('disabled')).toBe(false);
    });
    await waitFor(() => {
      expect(savedRecords(server).at(-1)?.prescriptions?.safetyReasons).toEqual([
        {
          kind: 'alergia',
          severity: 'contraindicado',
          medications: ['Amoxicilina'],
          message: PENICILLIN_WARNING,
          reason: 'Teste de provocação sob supervisão',
        },
      ]);
    });

    await user.click(screen.getByRole('button', { name: 'Remover Amoxicilina' }));

    expect(screen.getByText('Nenhum medicamento prescrito.')).toBeTruthy();
    expect(screen.queryByText('Avisos de segurança da prescrição')).toBeNull();
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
          server
            .requestsTo(medicationsApi.safetyCheck)
            .map(({ body }) => body.medications.map((medication) => medication.name)),
        ).toEqual([['Amoxicilina'], ['Amoxicilina', 'Dipirona']]);
      },
      { timeout: 3000 },
    );
    expect(screen.getByText(PENICILLIN_WARNING)).toBeTruthy();
  });

  it('checks the prescription with the pregnancy and the creatinine clearance of the record', async () => {
    const { server } = renderPrescriptions(
      { medications: [{ id: 'm1', name: 'Enalapril', dosage: '10 mg' }] },
      { name: 'Ana Souza', gender: 'feminino', pregnant: true, creatinineClearance: 28 },
    );
    await waitFor(
      () => {
        expect(server.requestsTo(medicationsApi.safetyCheck).map(({ body }) => body)).toEqual([
          {
            medications: [{ name: 'Enalapril', dosage: '10 mg' }],
            patient: { sex: 'feminino', pregnant: true, creatinineClearance: 28 },
          },
        ]);
      },
      { timeout: 3000 },
    );
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
    expect(server.requestsTo(medicationsApi.safetyCheck)).toEqual([]);
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
