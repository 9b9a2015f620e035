// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrescriptionExtraction } from '@shared/ai/tasks';
import { API_ERRORS } from '@shared/api/errors';
import { aiApi } from '@shared/api/ai';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { prescriptionsApi, type PresentedPrescription } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import { RECORD_SUGGESTION_TEXT } from '@shared/chat/conversation';
import { ANSWER_CUT_ERROR, CHAT_ERROR_MESSAGES } from '@shared/chat/errors';
import { CHAT_INPUT_MAX_LENGTH } from '@shared/chat/rules';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { emptyExtraction } from '@shared/ai/extraction';
import type { Patient } from '@shared/patients/patient';
import { newWorkingRecord, type WorkingRecord } from '@shared/records/flow';
import {
  COMMAND_GUARD_MESSAGES,
  SLASH_COMMANDS,
  slashCommandById,
  unknownCommandMessage,
} from '@shared/chat/slash-commands';
import {
  findSpecialistAgent,
  GENERAL_CHAT_TITLE,
  type SpecialistAgent,
} from '@shared/chat/specialist-agents';
import type { SessionDoctor } from '../../data/auth-client';
import {
  createDoctorData,
  json,
  openTextStream,
  putOpenRecord,
  putSettings,
  renderWithDoctorData,
  textStream,
  type ScriptedServer,
} from '../../testing/render-with-doctor-data';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import ChatView from './chat-view';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The chat screen as the doctor uses it: questions answered by a server that streams its
 * replies, the specialists, the slash commands and the receitas they write. Only the network's
 * edge is the test's (render-with-doctor-data.tsx); what reached the server is checked with
 * what the screen shows.
 */

const DOCTOR: SessionDoctor = { id: 'doctor-1', name: 'Dra. Ana Lima', email: 'ana@example.com' };

/**
 * The chat of a doctor with a complete profile, no receitas saved yet. After a reply, once
 * the conversation has more than two messages, the chat asks whether to suggest a record or a
 * receita: neither, unless a test answers otherwise.
 */
function renderChat(openRecord?: WorkingRecord) {
  const doctor = createDoctorData({ userId: DOCTOR.id });
  if (openRecord) putOpenRecord(doctor.cache, openRecord);
  putSettings(doctor.cache, {
    ...DEFAULT_DOCTOR_SETTINGS,
    name: 'Dra. Ana Lima',
    crm: '123456',
    crmState: 'SP',
  });
  doctor.server
    .on(prescriptionsApi.list, () => json({ prescriptions: [] }))
    .on(batchesApi.list, () => json({ batches: [] }))
    .on(aiApi.shouldCreateRecord, () => json({ shouldCreate: false }, { source: 'model' }))
    .on(aiApi.detectPrescription, () =>
      json({ hasPrescription: false, confidence: 0.1 }, { source: 'model' }),
    );
  const openView = vi.fn<WorkspaceViewProps['openView']>();
  const rendered = renderWithDoctorData(
    <ChatView
      doctor={DOCTOR}
      openView={openView}
      recordMode="form"
      preloadView={() => undefined}
      patientId={undefined}
      openPatient={() => undefined}
    />,
    doctor,
  );
  return { ...rendered, openView, user: userEvent.setup() };
}

/** Answers the chat's questions, in order, with these answers (one each). */
function answerChat(server: ScriptedServer, ...answers: (() => Response)[]) {
  server.on(aiApi.chat, () => {
    const answer = answers.shift();
    if (!answer) throw new Error('The chat was asked more questions than the test answers.');
    return answer();
  });
}

const messageBox = () =>
  screen.getByRole<HTMLTextAreaElement>('combobox', { name: 'Mensagem para o Prontu' });
const sendButton = () => screen.queryByRole('button', { name: 'Enviar mensagem' });
const conversation = () => screen.getByRole('log', { name: 'Conversa com o Prontu' });
/** No reply on its way (the conversation is no longer busy). */
const replyOver = () => expect(conversation().getAttribute('aria-busy')).toBe('false');
const welcome = () => screen.queryByRole('heading', { name: `Olá, ${DOCTOR.name}!` });

/**
 * The conversation as the doctor reads it, one entry a line: the screen reader's 'Você:' and
 * 'Prontu:' say who wrote it; a note of the chat has neither.
 */
const shownMessages = () => Array.from(conversation().children, (line) => line.textContent);

/** The bubbles of the assistant's messages, oldest first. */
const assistantBubbles = () =>
  Array.from(conversation().querySelectorAll<HTMLElement>('[data-role="assistant"]'));

/** Types the message and presses Enter, as the doctor sends it. */
async function send(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(messageBox());
  await user.paste(text);
  await user.keyboard('{Enter}');
}

/** Until the chat, after a reply, has asked whether to suggest a record and a receita. */
async function suggestionsChecked(server: ScriptedServer, times: number) {
  await waitFor(() => {
    expect(server.requestsTo(aiApi.shouldCreateRecord)).toHaveLength(times);
    expect(server.requestsTo(aiApi.detectPrescription)).toHaveLength(times);
  });
}

describe('ChatView', () => {
  it('welcomes the doctor, streams the reply into the conversation and sends the exchange with the next question', async () => {
    const { user, server } = renderChat();
    const reply = openTextStream({ source: 'model' });
    answerChat(
      server,
      () => reply.response,
      () => textStream(['Sim, ', 'ajuste pela função renal.'], { source: 'model' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: GENERAL_CHAT_TITLE })).toBeTruthy();
    expect(welcome()).toBeTruthy();
    expect(screen.queryByRole('log')).toBeNull();
    expect(messageBox().placeholder).toBe('Faça uma pergunta médica...');

    await send(user, 'Qual a dose de amoxicilina para adulto?');

    // Asked, and waiting for the first words.
    expect(await screen.findByText('Pensando...')).toBeTruthy();
    expect(welcome()).toBeNull();
    expect(shownMessages()).toEqual([
      'Você: Qual a dose de amoxicilina para adulto?',
      'Pensando...',
    ]);
    expect(messageBox().value).toBe('');
    // The next question can be written meanwhile, but not sent until the reply is whole.
    await send(user, 'E na insuficiência renal?');
    expect(sendButton()).toBeNull();
    expect(messageBox().value).toBe('E na insuficiência renal?');
    expect(server.requestsTo(aiApi.chat).map(({ body }) => body)).toEqual([
      {
        messages: [{ role: 'user', content: 'Qual a dose de amoxicilina para adulto?' }],
        mode: 'general',
      },
    ]);

    reply.write('500 mg');
    await waitFor(() => {
      expect(shownMessages()).toEqual([
        'Você: Qual a dose de amoxicilina para adulto?',
        'Prontu: 500 mg',
      ]);
    });
    // Still arriving: screen readers wait for it whole, and the next question waits too.
    expect(conversation().getAttribute('aria-busy')).toBe('true');
    expect(sendButton()).toBeNull();

    reply.write(' de 8/8 h por 7 dias.');
    reply.end();
    await waitFor(() => {
      expect(sendButton()).toBeTruthy();
    });
    expect(shownMessages()).toEqual([
      'Você: Qual a dose de amoxicilina para adulto?',
      'Prontu: 500 mg de 8/8 h por 7 dias.',
    ]);
    expect(conversation().getAttribute('aria-busy')).toBe('false');
    expect(server.requestsTo(aiApi.chat)).toHaveLength(1);

    await user.click(sendButton() as HTMLElement);

    await waitFor(() => {
      expect(shownMessages().at(-1)).toBe('Prontu: Sim, ajuste pela função renal.');
    });
    expect(server.requestsTo(aiApi.chat).at(-1)?.body).toEqual({
      messages: [
        { role: 'user', content: 'Qual a dose de amoxicilina para adulto?' },
        { role: 'assistant', content: '500 mg de 8/8 h por 7 dias.' },
        { role: 'user', content: 'E na insuficiência renal?' },
      ],
      mode: 'general',
    });
    // Four messages: the chat asks, with them, whether to suggest a record and a receita.
    await suggestionsChecked(server, 1);
    expect(server.requestsTo(aiApi.shouldCreateRecord)[0]?.body.messages).toHaveLength(4);
    expect(shownMessages()).toHaveLength(4);
  });

  it("labels the offline engine's answer 'Modo offline', and a model's not", async () => {
    const { user, server } = renderChat();
    answerChat(
      server,
      () => textStream(['Cefaleia tensional: ', 'analgésico simples.'], { source: 'offline' }),
      () => textStream(['Dipirona 1 g até 6/6 h.'], { source: 'model' }),
    );

    await send(user, 'Conduta na cefaleia tensional?');
    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(1);
      replyOver();
    });
    const [offline] = assistantBubbles();
    expect(offline?.textContent).toBe(
      'Prontu: Cefaleia tensional: analgésico simples.Modo offline',
    );

    await send(user, 'Qual analgésico?');
    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(2);
      replyOver();
    });
    const [first, model] = assistantBubbles();
    expect(within(first as HTMLElement).getByText('Modo offline')).toBeTruthy();
    expect(model?.textContent).toBe('Prontu: Dipirona 1 g até 6/6 h.');
    expect(within(model as HTMLElement).queryByText('Modo offline')).toBeNull();
    await suggestionsChecked(server, 1);
  });

  it("shows the provider's failure as the assistant's message, and the doctor can ask again", async () => {
    const { user, server } = renderChat();
    answerChat(
      server,
      () =>
        json(
          { success: false, code: 'provider_quota', error: API_ERRORS.provider_quota.message },
          { status: 502 },
        ),
      () => textStream(['Pode sim.'], { source: 'model' }),
    );

    await send(user, 'Posso associar ibuprofeno?');

    await waitFor(() => {
      expect(shownMessages()).toEqual([
        'Você: Posso associar ibuprofeno?',
        `Prontu: ${CHAT_ERROR_MESSAGES.quota}`,
      ]);
    });
    replyOver();

    await send(user, 'E com paracetamol?');
    await waitFor(() => {
      expect(shownMessages().at(-1)).toBe('Prontu: Pode sim.');
    });
    // The error is the screen's, not part of what the model reads.
    expect(server.requestsTo(aiApi.chat).at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Posso associar ibuprofeno?' },
      { role: 'user', content: 'E com paracetamol?' },
    ]);
    await suggestionsChecked(server, 1);
  });

  it('keeps what arrived of a reply cut off, and says it was interrupted', async () => {
    const { user, server } = renderChat();
    const reply = openTextStream({ source: 'model' });
    answerChat(server, () => reply.response);

    await send(user, 'Quais os sinais de alarme da cefaleia?');
    reply.write('Início súbito');
    await waitFor(() => {
      expect(shownMessages().at(-1)).toBe('Prontu: Início súbito');
    });
    reply.breakOff();

    await waitFor(() => {
      expect(shownMessages()).toEqual([
        'Você: Quais os sinais de alarme da cefaleia?',
        'Prontu: Início súbito',
        `Prontu: ${ANSWER_CUT_ERROR}`,
      ]);
    });
    replyOver();
  });

  it('offers a record when the server finds a patient in the conversation; "Agora não" puts the offer away', async () => {
    const { user, server } = renderChat();
    server.on(aiApi.shouldCreateRecord, () => json({ shouldCreate: true }, { source: 'model' }));
    answerChat(
      server,
      () => textStream(['Qual a queixa?'], { source: 'model' }),
      () => textStream(['Há quanto tempo?'], { source: 'model' }),
    );

    await send(user, 'Paciente Maria Souza, 54 anos');
    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(1);
      replyOver();
    });
    await send(user, 'Dor de cabeça');

    expect(await screen.findByText(RECORD_SUGGESTION_TEXT)).toBeTruthy();
    const offer = assistantBubbles().at(-1) as HTMLElement;
    expect(within(offer).getByRole('button', { name: 'Iniciar Prontuário' })).toBeTruthy();

    await user.click(within(offer).getByRole('button', { name: 'Agora não' }));

    expect(within(offer).queryByRole('button')).toBeNull();
    expect(offer.textContent).toBe(`Prontu: ${RECORD_SUGGESTION_TEXT}`);
  });

  it('talks with the chosen specialist, and "Nova conversa" starts over with them', async () => {
    const { user, server } = renderChat();
    const cardiologist = findSpecialistAgent('cardiologist') as SpecialistAgent;
    answerChat(server, () => textStream(['Solicite um ECG.'], { source: 'model' }));

    // The first two of each category show; the others after 'Ver mais'.
    expect(screen.queryByRole('button', { name: new RegExp(`^${cardiologist.name}`) })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^${cardiologist.name}`) }));

    expect(screen.getByRole('heading', { level: 1, name: cardiologist.name })).toBeTruthy();
    expect(shownMessages()).toEqual([
      `Consulta agora com o ${cardiologist.name}. ${cardiologist.description}`,
    ]);
    const modes = screen.getByRole('group', { name: 'Modo do chat' });
    expect(
      within(modes).getByRole('button', { name: 'Especialistas' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(messageBox().placeholder).toBe(`Consulte o ${cardiologist.name}...`);

    await send(user, 'Dor torácica ao esforço');
    await waitFor(() => {
      expect(shownMessages().at(-1)).toBe('Prontu: Solicite um ECG.');
    });
    // The note stays on the screen; the model gets the exchange and who it is talking to.
    expect(server.requestsTo(aiApi.chat).map(({ body }) => body)).toEqual([
      {
        messages: [{ role: 'user', content: 'Dor torácica ao esforço' }],
        mode: 'specialist',
        agentId: 'cardiologist',
      },
    ]);

    const specialists = screen.getByRole('complementary', { name: 'Especialistas' });
    await user.click(within(specialists).getByRole('button', { name: 'Nova conversa' }));

    expect(screen.queryByRole('log')).toBeNull();
    expect(welcome()).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: cardiologist.name })).toBeTruthy();
    expect(messageBox().placeholder).toBe(`Consulte o ${cardiologist.name}...`);
  });

  it('"Nova conversa" in the tools menu clears the conversation, and a reply on its way stays out', async () => {
    const { user, server } = renderChat();
    const stopped = openTextStream({ source: 'model' });
    answerChat(
      server,
      () => stopped.response,
      () => textStream(['Olá! Como posso ajudar?'], { source: 'model' }),
    );

    await send(user, 'Paciente com febre há 3 dias');
    stopped.write('Febre há 3 dias');
    await waitFor(() => {
      expect(shownMessages().at(-1)).toBe('Prontu: Febre há 3 dias');
    });

    await user.click(screen.getByRole('button', { name: 'Ferramentas' }));
    await user.click(screen.getByRole('menuitem', { name: 'Nova conversa' }));

    expect(screen.queryByRole('log')).toBeNull();
    expect(welcome()).toBeTruthy();
    // No reply is awaited any more: the doctor may ask at once.
    await user.type(messageBox(), 'Oi');
    expect(sendButton()).toBeTruthy();
    stopped.write(' pede investigação.');
    stopped.end();

    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(shownMessages()).toEqual(['Você: Oi', 'Prontu: Olá! Como posso ajudar?']);
    });
    expect(server.requestsTo(aiApi.chat).at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Oi' },
    ]);
  });

  it('suggests the commands as "/" is typed, and answers the help in the conversation', async () => {
    const { user, server } = renderChat();
    const recordHelp = slashCommandById('record-help');
    const prescriptionHelp = slashCommandById('prescription-help');

    await user.type(messageBox(), '/');
    const commands = screen.getByRole('listbox', { name: 'Comandos' });
    expect(within(commands).getAllByRole('option').length).toBeGreaterThan(1);
    expect(messageBox().getAttribute('aria-expanded')).toBe('true');

    await user.type(messageBox(), 'ajuda');
    expect(
      within(screen.getByRole('listbox', { name: 'Comandos' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      `${recordHelp.name}${recordHelp.description}`,
      `${prescriptionHelp.name}${prescriptionHelp.description}`,
    ]);

    // Down to the second, Enter completes it; Enter again sends it.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(messageBox().value).toBe(`${prescriptionHelp.name} `);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');

    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(1);
    });
    expect(shownMessages()[0]).toBe(`Você: ${prescriptionHelp.name}`);
    const help = assistantBubbles()[0]?.textContent ?? '';
    for (const command of SLASH_COMMANDS.filter(({ group }) => group === 'prescription')) {
      expect(help).toContain(command.name);
    }
    expect(help).not.toContain(slashCommandById('start-record').name);
    // Answered in the browser: nothing went to the model.
    expect(server.requestsTo(aiApi.chat)).toEqual([]);
  });

  it('answers an unknown command, and a receita command with no receita open, without asking the model', async () => {
    const { user, server } = renderChat();

    await send(user, '/receitar amoxicilina');
    await waitFor(() => {
      expect(shownMessages()).toEqual([
        'Você: /receitar amoxicilina',
        `Prontu: ${unknownCommandMessage('/receitar')}`,
      ]);
    });

    await send(user, '/finalizar-receita');
    await waitFor(() => {
      expect(shownMessages().slice(2)).toEqual([
        'Você: /finalizar-receita',
        `Prontu: ${COMMAND_GUARD_MESSAGES.noPrescription}`,
      ]);
    });
    expect(server.requestsTo(aiApi.chat)).toEqual([]);
  });

  it('/finalizar-prontuario asks what finalising needs, like "Finalizar consulta", and finalises nothing without it', async () => {
    const { user, server } = renderChat({
      ...newWorkingRecord('rec-1', new Date('2026-11-21T14:30:00.000Z')),
      version: 1,
      patientInfo: { name: 'Maria Souza' },
    });

    await send(user, '/finalizar-prontuario');

    // The answer lists what lacks (shown as a Markdown list).
    const answer = await within(conversation()).findByText(/O prontuário não foi finalizado:/);
    const items = await within(answer.closest('li, div') ?? answer).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Adicione pelo menos um medicamento ou exame, ou marque “Sem prescrição nesta consulta”, para finalizar a consulta.',
      'Escreva o plano de tratamento para finalizar a consulta.',
    ]);
    expect(server.requestsTo(recordsApi.update)).toEqual([]);
  });

  it('/iniciar-receita writes the receita on the server and shows it; /finalizar-receita saves it', async () => {
    const { user, server } = renderChat();
    const extraction: PrescriptionExtraction = {
      patientName: 'João Silva',
      patientAge: '52',
      diagnosis: 'Hipertensão arterial',
      medications: [
        { name: 'Losartana', dosage: '50 mg', frequency: '1 vez ao dia', duration: 'uso contínuo' },
      ],
      notes: '',
      confidence: 0.9,
      extractedSections: [],
    };
    let held: PresentedPrescription | undefined;
    server
      .on(aiApi.quickPrescription, () => json(extraction, { source: 'model' }))
      .on(prescriptionsApi.create, ({ body }) => {
        const at = '2026-03-10T14:00:00.000Z';
        held = {
          ...(body as PresentedPrescription),
          id: 'rx-1',
          createdAt: at,
          updatedAt: at,
          version: 1,
        };
        return json({ prescription: held });
      })
      .on(prescriptionsApi.update, ({ body }) => {
        if (!held) throw new Error('No receita was created.');
        held = {
          ...held,
          ...(body as Partial<PresentedPrescription>),
          version: (held.version ?? 0) + 1,
        };
        return json({ prescription: held });
      });

    await send(user, '/iniciar-receita João Silva, 52 anos, hipertensão arterial');

    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(1);
    });
    expect(server.requestsTo(aiApi.quickPrescription).map(({ body }) => body)).toEqual([
      { text: 'João Silva, 52 anos, hipertensão arterial' },
    ]);
    expect(server.requestsTo(prescriptionsApi.create).map(({ body }) => body)).toEqual([
      expect.objectContaining({
        patientName: 'João Silva',
        patientAge: '52',
        diagnosis: 'Hipertensão arterial',
        medications: [
          expect.objectContaining({
            name: 'Losartana',
            dosage: '50 mg',
            frequency: '1 vez ao dia',
            duration: 'uso contínuo',
          }),
        ],
        doctorName: 'Dra. Ana Lima',
        doctorCRM: 'CRM/SP 123456',
        isFinalized: false,
      }),
    ]);
    const started = assistantBubbles()[0]?.textContent ?? '';
    expect(started).toContain('Receita de João Silva, 52 anos');
    expect(started).toContain('Diagnóstico: Hipertensão arterial');
    // The receita's medicines are a numbered list.
    expect(started).toContain('Losartana — 50 mg — 1 vez ao dia — uso contínuo');
    expect(started).toContain(
      'Receita iniciada. Use /adicionar-medicamento, /finalizar-receita ou /cancelar-receita.',
    );

    await send(user, '/finalizar-receita');

    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(2);
    });
    const finalized = server.requestsTo(prescriptionsApi.update);
    expect(finalized.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: 'rx-1' }, body: { isFinalized: true } },
    ]);
    expect(finalized[0]?.headers.get('if-match')).toBe('"1"');
    expect(assistantBubbles()[1]?.textContent).toContain(
      'Receita finalizada e salva. Use /imprimir-receitas para imprimir.',
    );
    expect(server.requestsTo(aiApi.chat)).toEqual([]);
  });

  it('/iniciar-prontuario with a name two of her patients share starts the record for it, and leaves the choice of chart to her', async () => {
    const { user, server } = renderChat();
    const samePatient = (id: string, name: string): Patient => ({
      id,
      name,
      allergies: [],
      chronicConditions: [],
      medications: [],
      version: 1,
      createdAt: '2026-01-10T12:00:00.000Z',
      updatedAt: '2026-01-10T12:00:00.000Z',
    });
    const empty = emptyExtraction();
    // The record as the server holds it: what each write sent, over the last version.
    let held: Record<string, unknown> & { id: string; version: number } = {
      ...newWorkingRecord('rec-1', new Date('2026-03-10T14:00:00.000Z')),
      userId: DOCTOR.id,
      version: 1,
    };
    server
      .on(recordsApi.create, ({ body }) => {
        held = { ...held, ...body };
        return json({ recordId: held.id, record: held });
      })
      .on(recordsApi.update, ({ body }) => {
        held = { ...held, ...body, version: held.version + 1 };
        return json({ record: held });
      })
      .on(aiApi.extractChatInfo, () =>
        json(
          {
            ...empty,
            // The extraction read another name: the one typed first is the record's.
            patientInfo: { ...empty.patientInfo, name: 'Ana', age: 34 },
            confidence: 0.5,
            evidence: {},
            unsupported: [],
          },
          { source: 'offline' },
        ),
      )
      .on(patientsApi.list, () =>
        json({
          patients: [
            samePatient('patient-1', 'Ana Lúcia Martins'),
            samePatient('patient-2', 'ana lucia martins'),
            samePatient('patient-3', 'Ana Lúcia Martins Souza'),
          ],
        }),
      );

    await send(user, '/iniciar-prontuario Ana Lúcia Martins, 34 anos, dor de cabeça há 3 dias');

    await waitFor(() => {
      expect(assistantBubbles()).toHaveLength(1);
    });
    expect(assistantBubbles()[0]?.textContent).toBe(
      'Prontu: Prontuário iniciado para Ana Lúcia Martins (confiança 50%). Há 2 pacientes seus com este nome: escolha a ficha na etapa Paciente. Use /mostrar-prontuario para abri-lo.',
    );
    expect(server.requestsTo(recordsApi.create).map(({ body }) => body.patientInfo)).toEqual([
      { name: 'Ana Lúcia Martins' },
    ]);
    expect(server.requestsTo(patientsApi.list).map(({ query }) => query.get('q'))).toEqual([
      'Ana Lúcia Martins',
    ]);
    expect(server.requestsTo(patientsApi.create)).toEqual([]);
    expect(server.requestsTo(aiApi.chat)).toEqual([]);
  });

  it('sends only a text with words in it, cut at the limit', async () => {
    const { user, server } = renderChat();
    answerChat(server, () => textStream(['Recebido.'], { source: 'model' }));
    expect(sendButton()).toBeNull();
    expect(screen.getByText(`0/${CHAT_INPUT_MAX_LENGTH}`)).toBeTruthy();

    await send(user, '   ');
    expect(sendButton()).toBeNull();
    expect(screen.queryByRole('log')).toBeNull();

    await user.clear(messageBox());
    await user.paste('a'.repeat(CHAT_INPUT_MAX_LENGTH + 100));
    expect(messageBox().value).toHaveLength(CHAT_INPUT_MAX_LENGTH);
    expect(screen.getByText(`${CHAT_INPUT_MAX_LENGTH}/${CHAT_INPUT_MAX_LENGTH}`)).toBeTruthy();
    await user.click(sendButton() as HTMLElement);

    await waitFor(() => {
      expect(shownMessages().at(-1)).toBe('Prontu: Recebido.');
    });
    expect(server.requestsTo(aiApi.chat).map(({ body }) => body.messages)).toEqual([
      [{ role: 'user', content: 'a'.repeat(CHAT_INPUT_MAX_LENGTH) }],
    ]);
    expect(messageBox().value).toBe('');
    expect(sendButton()).toBeNull();
  });
});
