// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiApi } from '@shared/api/ai';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import type { WorkingRecord } from '@shared/records/flow';
import { recordContentOf } from '../../../data/record-from-chat';
import { FAST_TIMINGS } from '../../../data/browser-tab.testing';
import {
  createDoctorData,
  json,
  putOpenRecord,
  renderWithDoctorData,
  unreachable,
} from '../../../testing/render-with-doctor-data';
import { SAVE_STATUS_TEXT } from '../record-save-status';
import { PlanStep } from './plan-step';
import {
  answerRecordSaves,
  draftRecord,
  OpenRecordStep,
  outcomesSent,
  savedRecords,
  SUMMARY_STAND_IN,
} from './record-steps.testing';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);
afterEach(() => {
  vi.restoreAllMocks();
});

const SUGGESTIONS = {
  suggestions: ['Dipirona 1 g se dor', 'Retorno em 7 dias se persistir'],
  reasoning: 'Cefaleia tensional sem sinais de alarme.',
  urgencyLevel: 'low',
  followUpRecommendation: 'Retorno em 7 dias',
};

/** A draft at the plan step, nothing prescribed on purpose (so the doctor may go on). */
function planRecord(content: Partial<WorkingRecord> = {}): WorkingRecord {
  return draftRecord('plan', {
    patientInfo: { name: 'Maria Aparecida dos Santos' },
    symptoms: { chiefComplaint: 'Cefaleia', intensity: 'leve' },
    prescriptions: { noPrescription: true },
    ...content,
  });
}

/**
 * The plan step of the open record, its saves answered, the suggestions answered by the model.
 * @param options.timings - the write queue's (its quiet period stands for the record's 2 s)
 */
function renderPlan(
  options: {
    record?: WorkingRecord;
    timings?: typeof FAST_TIMINGS;
    onFinalized?: () => void;
    /** The use of AI each answer names, by its count. */
    aiUse?: (count: number) => string;
  } = {},
) {
  const doctor = createDoctorData(options.timings ? { timings: options.timings } : {});
  const record = options.record ?? planRecord();
  answerRecordSaves(doctor.server, record);
  let answers = 0;
  doctor.server.on(aiApi.planSuggestions, () =>
    json(SUGGESTIONS, {
      source: 'model',
      ...(options.aiUse ? { aiUse: options.aiUse(++answers) } : {}),
    }),
  );
  putOpenRecord(doctor.cache, record);
  const rendered = renderWithDoctorData(
    <OpenRecordStep {...(options.onFinalized ? { onFinalized: options.onFinalized } : {})} />,
    doctor,
  );
  return { ...rendered, record, user: userEvent.setup() };
}

const planField = () => screen.getByLabelText<HTMLTextAreaElement>('Plano de tratamento');
const suggestionsPanel = () => screen.getByRole('complementary', { name: 'Sugestões' });
const finalizeButton = () => screen.getByRole('button', { name: 'Finalizar consulta' });
const confirmation = () =>
  screen.findByRole('alertdialog', { name: 'Finalizar a consulta de Maria Aparecida dos Santos?' });

/** 'Finalizar consulta', then the confirmation's own 'Finalizar consulta'. */
async function finalizeAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(finalizeButton());
  const dialog = await confirmation();
  await user.click(within(dialog).getByRole('button', { name: 'Finalizar consulta' }));
}

describe('PlanStep', () => {
  it('asks for suggestions once per record: coming back to the plan shows them without asking again', async () => {
    const { user, server, record } = renderPlan();
    expect(screen.getByRole('heading', { name: 'Plano de Tratamento' })).toBeTruthy();
    expect(within(suggestionsPanel()).getByText('Gerando sugestões...')).toBeTruthy();

    expect(await within(suggestionsPanel()).findByText('Dipirona 1 g se dor')).toBeTruthy();
    expect(within(suggestionsPanel()).getByText('Baixa')).toBeTruthy();
    expect(within(suggestionsPanel()).getByText('Retorno em 7 dias')).toBeTruthy();
    // The model wrote them: no 'Sugestões gerais' label.
    expect(within(suggestionsPanel()).queryByText(/^Sugestões gerais/)).toBeNull();
    // Named by its visit, whose chart records the use of AI.
    expect(server.requestsTo(aiApi.planSuggestions).map(({ body }) => body)).toEqual([
      { record: recordContentOf(record), recordId: record.id },
    ]);

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Prescrições e Exames' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await within(suggestionsPanel()).findByText('Dipirona 1 g se dor')).toBeTruthy();
    expect(server.requestsTo(aiApi.planSuggestions)).toHaveLength(1);
  });

  it("'Atualizar' asks again, with the record as it is by then; the unused ones were discarded", async () => {
    const { user, server } = renderPlan({ aiUse: (count) => `ai-use-plan-${count}` });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');
    await user.type(planField(), 'Repouso');

    await user.click(within(suggestionsPanel()).getByRole('button', { name: 'Atualizar' }));

    await waitFor(() => {
      expect(server.requestsTo(aiApi.planSuggestions)).toHaveLength(2);
    });
    expect(server.requestsTo(aiApi.planSuggestions)[1]?.body).toMatchObject({
      record: { plan: 'Repouso' },
    });
    expect(await within(suggestionsPanel()).findByText('Dipirona 1 g se dor')).toBeTruthy();
    await waitFor(() => {
      expect(outcomesSent(server)).toEqual([{ useId: 'ai-use-plan-1', outcome: 'discarded' }]);
    });
  });

  it('asks nothing of the AI for a patient who refused it, and says so', async () => {
    const doctor = createDoctorData();
    const record = planRecord({ patientId: 'patient-1' });
    answerRecordSaves(doctor.server, record);
    doctor.server.on(patientsApi.get, () =>
      json({
        patient: {
          id: 'patient-1',
          name: 'Maria Aparecida',
          allergies: [],
          chronicConditions: [],
          medications: [],
          aiConsent: { status: 'recusou', recordedBy: 'Dra. Ana', at: '2026-11-02T13:00:00.000Z' },
          version: 2,
          createdAt: '2026-01-10T12:00:00.000Z',
          updatedAt: '2026-11-02T13:00:00.000Z',
        },
      }),
    );
    putOpenRecord(doctor.cache, record);
    const { server } = renderWithDoctorData(<OpenRecordStep />, doctor);

    expect(
      await within(suggestionsPanel()).findByText(
        'Paciente recusou o uso de IA: o plano é escrito sem IA.',
      ),
    ).toBeTruthy();
    expect(within(suggestionsPanel()).getByRole('button', { name: 'Atualizar' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(server.requestsTo(aiApi.planSuggestions)).toEqual([]);
  });

  it('says when the suggestions are the general ones, the AI being unavailable', async () => {
    const doctor = createDoctorData();
    const record = planRecord();
    doctor.server.on(aiApi.planSuggestions, () =>
      json({ success: false, code: 'provider_failed', error: 'Falhou.' }, { status: 502 }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    putOpenRecord(doctor.cache, record);
    renderWithDoctorData(<OpenRecordStep />, doctor);

    expect(
      await within(suggestionsPanel()).findByText('Sugestões gerais (IA indisponível)'),
    ).toBeTruthy();
    // A face-to-face visit is not told to see a doctor in person.
    expect(
      within(suggestionsPanel()).getByText('Investigação complementar conforme evolução do quadro'),
    ).toBeTruthy();
    expect(
      within(suggestionsPanel()).queryByText(
        'Avaliação clínica presencial para confirmação diagnóstica',
      ),
    ).toBeNull();
  });

  it('adds a suggestion to the plan as a bullet line, and saves the plan once the doctor stops typing', async () => {
    // A longer quiet period than the tests' usual 10 ms, standing for the record's 2 s.
    const { user, server } = renderPlan({
      timings: { ...FAST_TIMINGS, quietMs: 500 },
      aiUse: () => 'ai-use-plan-added',
    });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');

    await user.type(planField(), 'Repouso relativo');
    const [, returnButton] = within(suggestionsPanel()).getAllByRole('button', {
      name: 'Adicionar ao Plano',
    });
    if (!returnButton) throw new Error('No second suggestion');
    await user.click(returnButton);

    expect(planField().value).toBe('Repouso relativo\n- Retorno em 7 dias se persistir');
    // Each keystroke restarted the quiet period: nothing has been sent yet.
    expect(savedRecords(server)).toEqual([]);
    await waitFor(() => {
      expect(savedRecords(server)).toHaveLength(1);
    });
    expect(savedRecords(server)[0]?.plan).toBe(
      'Repouso relativo\n- Retorno em 7 dias se persistir',
    );
    expect(savedRecords(server)[0]?.steps).toContainEqual({ type: 'plan', completed: true });
    expect(outcomesSent(server)).toEqual([{ useId: 'ai-use-plan-added', outcome: 'accepted' }]);
  });

  it("'Finalizar consulta' asks once, naming the patient and what it locks, then sends the finalised record and moves on to the summary", async () => {
    const onFinalized = vi.fn();
    const { user, server } = renderPlan({
      record: planRecord({ plan: 'Dipirona 1 g se dor' }),
      // No quiet period would pass before the test ends: the finalised record must not wait.
      timings: { ...FAST_TIMINGS, quietMs: 60_000 },
      onFinalized,
    });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');

    await user.click(finalizeButton());
    const dialog = await confirmation();
    expect(dialog.textContent).toContain(
      'O prontuário será finalizado e não poderá mais ser alterado. Correções e informações posteriores serão registradas como adendos datados.',
    );
    expect(savedRecords(server)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar consulta' }));

    expect(await screen.findByText(SUMMARY_STAND_IN)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => {
      expect(onFinalized).toHaveBeenCalledTimes(1);
    });
    expect(savedRecords(server)).toHaveLength(1);
    expect(savedRecords(server)[0]).toMatchObject({
      status: 'finalizado',
      currentStep: 'print-summary',
      plan: 'Dipirona 1 g se dor',
    });
  });

  it("'Continuar editando' leaves the visit open and sends nothing", async () => {
    const onFinalized = vi.fn();
    const { user, server } = renderPlan({
      record: planRecord({ plan: 'Dipirona 1 g se dor' }),
      onFinalized,
    });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');

    await user.click(finalizeButton());
    await user.click(
      within(await confirmation()).getByRole('button', { name: 'Continuar editando' }),
    );

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Plano de Tratamento' })).toBeTruthy();
    expect(savedRecords(server)).toEqual([]);
    expect(onFinalized).not.toHaveBeenCalled();
  });

  it('with a blank plan, says so under the plan and puts the focus there, asking nothing', async () => {
    const { user, server } = renderPlan();
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');
    // Offered, never silently disabled.
    expect(finalizeButton().hasAttribute('disabled')).toBe(false);

    await user.click(finalizeButton());

    const message = await screen.findByText(
      'Escreva o plano de tratamento para finalizar a consulta.',
    );
    expect(planField().getAttribute('aria-describedby')).toContain(message.id);
    expect(planField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(planField());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(savedRecords(server)).toEqual([]);

    // Written, the message goes; the visit can be finalised.
    await user.type(planField(), 'Retorno em 7 dias');
    expect(
      screen.queryByText('Escreva o plano de tratamento para finalizar a consulta.'),
    ).toBeNull();
    await user.click(finalizeButton());
    expect(await confirmation()).toBeTruthy();
  });

  it('without a name, goes to the patient step and says so under the name', async () => {
    const { user, server } = renderPlan({
      record: planRecord({ patientInfo: {}, plan: 'Retorno em 7 dias' }),
    });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');

    await user.click(finalizeButton());

    expect(await screen.findByRole('heading', { name: 'Dados do Paciente' })).toBeTruthy();
    const name = screen.getByLabelText('Nome completo');
    const message = screen.getByText('Informe o nome do paciente para finalizar a consulta.');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    await waitFor(() => {
      expect(document.activeElement).toBe(name);
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Only the step change was saved; the record is still open.
    expect(savedRecords(server).map((saved) => saved.status)).not.toContain('finalizado');
  });

  it('with the prescriptions undecided, goes to their step and says what finalising waits for', async () => {
    const { user } = renderPlan({
      record: planRecord({ prescriptions: {}, plan: 'Retorno em 7 dias' }),
    });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');

    await user.click(finalizeButton());

    expect(await screen.findByRole('heading', { name: 'Prescrições e Exames' })).toBeTruthy();
    const noPrescription = screen.getByRole('checkbox', { name: 'Sem prescrição nesta consulta' });
    const message = screen.getByText(
      'Adicione pelo menos um medicamento ou exame, ou marque “Sem prescrição nesta consulta”, para finalizar a consulta.',
    );
    expect(noPrescription.getAttribute('aria-describedby')).toBe(message.id);
    // The plan is written on its own step only.
    expect(screen.queryByLabelText(/plano de tratamento/i)).toBeNull();
    await waitFor(() => {
      expect(document.activeElement).toBe(noPrescription);
    });
  });

  it('offline, the finalised record is kept on the device and sent when the server answers', async () => {
    const onFinalized = vi.fn();
    const { user, server, record, queue } = renderPlan({
      record: planRecord({ plan: 'Dipirona 1 g se dor' }),
      onFinalized,
    });
    await within(suggestionsPanel()).findByText('Dipirona 1 g se dor');
    server.on(recordsApi.update, unreachable);

    await finalizeAndConfirm(user);

    // The record view moves to the summary at once, finalised on this device.
    expect(await screen.findByText(SUMMARY_STAND_IN)).toBeTruthy();
    expect(await screen.findByText(SAVE_STATUS_TEXT.offline)).toBeTruthy();
    expect(queue.pendingFor('record', record.id)[0]?.payload).toMatchObject({
      status: 'finalizado',
    });
    // Finalised on this device: the record view goes on (its summary says the rest).
    await waitFor(() => {
      expect(onFinalized).toHaveBeenCalledOnce();
    });

    answerRecordSaves(server, record);
    await waitFor(() => {
      expect(queue.pendingFor('record', record.id)).toEqual([]);
    });
    expect(screen.getByText(SAVE_STATUS_TEXT.saved)).toBeTruthy();
    expect(onFinalized).toHaveBeenCalledOnce();
  });

  it('on its own, the step says the record will be finalised once the server answers', async () => {
    // The plan step kept on screen with its record as it was (the record view leaves it at once
    // for the summary, see the test above): its notice for a finalisation kept on the device.
    const doctor = createDoctorData();
    const record = planRecord({ plan: 'Dipirona 1 g se dor' });
    doctor.server
      .on(aiApi.planSuggestions, () => json(SUGGESTIONS, { source: 'model' }))
      .on(recordsApi.update, unreachable);
    putOpenRecord(doctor.cache, record);
    renderWithDoctorData(<PlanStep record={record} />, doctor);
    const user = userEvent.setup();

    await finalizeAndConfirm(user);

    expect((await screen.findByText(/^Sem conexão/)).textContent).toBe(
      'Sem conexão — o prontuário será finalizado assim que o servidor responder.',
    );
    expect(finalizeButton().hasAttribute('disabled')).toBe(false);
  });
});
