// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aiApi } from '@shared/api/ai';
import { documentsApi } from '@shared/api/documents';
import { healthApi } from '@shared/api/health';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import {
  documentIssueOf,
  type ClinicalDocument,
  type DocumentBody,
} from '@shared/documents/clinical-document';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import { documentText, restEndDay, signatureLines } from '@shared/documents/document-text';
import { localDay } from '@shared/lib/local-day';
import type { Patient } from '@shared/patients/patient';
import { formatDate } from '@shared/lib/pt-br-format';
import type { PatientInstructionsAnswer } from '@shared/documents/patient-instructions';
import { newWorkingRecord, type WorkingRecord } from '@shared/records/flow';
import {
  createDoctorData,
  json,
  putSettings,
  renderWithDoctorData,
  type TestDoctorData,
} from '../../testing/render-with-doctor-data';
import { DocumentsSection } from './documents-section';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const SETTINGS: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicName: 'Clínica Bem Viver',
  cnes: '1234567',
  clinicAddress: 'Av. Paulista, 1000 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

const MARIA: Patient = {
  id: 'patient-1',
  name: 'Maria Aparecida Souza',
  birthDate: '1963-03-12',
  sex: 'feminino',
  cpf: '52998224725',
  allergies: [],
  chronicConditions: [],
  medications: [],
  version: 1,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
};

const VISIT: WorkingRecord = {
  ...newWorkingRecord('medical-record-1', new Date()),
  patientId: MARIA.id,
  assessment: 'Cefaleia há 3 dias.\nG43.0 - Enxaqueca sem aura',
  prescriptions: {
    exams: [
      { name: 'Hemograma completo', type: 'laboratorial' },
      { name: 'Ressonância magnética de crânio', type: 'imagem' },
    ],
  },
};

/** What a model drafts for the orientações: the words, and the prescription's medicines. */
const MODEL_DRAFT: PatientInstructionsAnswer = {
  condition: 'Você tem enxaqueca, um tipo de dor de cabeça que volta de tempos em tempos.',
  care: 'Durma e acorde sempre nos mesmos horários.',
  warningSigns:
    'Ligue para o SAMU (192) ou vá ao pronto-socorro mais próximo se tiver:\n• a pior dor de cabeça da sua vida',
  followUp: 'Volte para uma nova consulta em 30 dias.',
  medicines: [],
};

/** The documents section of the visit, with a server that creates and issues what it gets. */
function renderSection(): TestDoctorData {
  const doctor = createDoctorData();
  putSettings(doctor.cache, SETTINGS);
  let created = 0;
  const documents = new Map<string, ClinicalDocument>();
  doctor.server
    .on(documentsApi.list, () => json({ documents: [...documents.values()] }))
    .on(patientsApi.get, () => json({ patient: MARIA }))
    // Once a document exists, the section says where its QR code leads.
    .on(healthApi.get, () => json({ ok: true }))
    .on(documentsApi.create, ({ body }) => {
      const at = new Date().toISOString();
      const document = {
        ...(body as DocumentBody),
        id: `document-${++created}`,
        status: 'rascunho',
        patientId: MARIA.id,
        version: 1,
        createdAt: at,
        updatedAt: at,
      } as ClinicalDocument;
      documents.set(document.id, document);
      return json({ document }, { status: 201 });
    })
    // The orientações' draft, by a model; its use, recorded on the visit.
    .on(aiApi.patientInstructions, () => json(MODEL_DRAFT, { source: 'model', aiUse: 'ai-use-1' }))
    .on(recordsApi.setAiUseOutcome, () =>
      json({ record: { ...VISIT, userId: 'doctor-1', version: VISIT.version ?? 1 } }),
    )
    .on(documentsApi.issue, ({ params }) => {
      const draft = documents.get(params.id ?? '');
      if (!draft) return json({ success: false, error: 'Não encontrado.' }, { status: 404 });
      const issued = { ...draft, status: 'emitido', version: 2 } as ClinicalDocument;
      documents.set(issued.id, issued);
      return json({ document: issued });
    });
  renderWithDoctorData(
    <DocumentsSection patient={{ id: MARIA.id, name: MARIA.name }} record={VISIT} />,
    doctor,
  );
  return doctor;
}

/** A preview's lines, as the doctor reads them. */
const linesOf = (element: HTMLElement) =>
  [...element.querySelectorAll('p')].map((line) => line.textContent);

describe('the new-document dialog', () => {
  it("shows, as she types, the atestado's words as the PDF prints them", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Novo documento' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo documento' });
    const days = within(dialog).getByLabelText('Dias de afastamento');
    await user.clear(days);
    await user.type(days, '3');
    const preview = within(dialog).getByRole('article', { name: 'Atestado médico' });
    const today = localDay(new Date());
    await waitFor(() => expect(preview.textContent).toContain('Maria Aparecida Souza'));

    // The same words, line by line, as the text the server lays out in the PDF.
    const body: DocumentBody = {
      kind: 'atestado',
      content: { days: 3, startDate: today, showCid: false },
    };
    const issue = documentIssueOf(
      SETTINGS,
      {
        ...MARIA,
        cpf: MARIA.cpf ?? null,
        passport: null,
        cns: null,
        birthDate: '1963-03-12',
        sex: 'feminino',
      },
      new Date(),
    );
    const text = documentText(body, issue);
    const expected = [
      ...text.issuer,
      text.title.toUpperCase(),
      ...text.patient,
      ...text.paragraphs,
      text.issuedAt,
      ...signatureLines(text),
    ];
    // The minute may turn between the two: the date-and-time line is compared by its date.
    const withoutMinute = (lines: (string | null)[]) =>
      lines.map((line) => line?.replace(/às \d{2}:\d{2}/, 'às hh:mm'));
    expect(withoutMinute(linesOf(preview))).toEqual(withoutMinute(expected));
    expect(text.issuer).toContain('Clínica Bem Viver · CNES 1234567');
    expect(preview.textContent).toContain(
      `de ${formatDate(`${today}T00:00:00`)} a ${formatDate(`${restEndDay(today, 3)}T00:00:00`)}`,
    );

    // The visit's CID waits for the patient's authorisation.
    expect(preview.textContent).not.toContain('G43.0');
    await user.click(within(dialog).getByLabelText(/autorizou que conste o diagnóstico/));
    expect(within(dialog).getByLabelText('CID-10')).toHaveProperty('value', 'G43.0');
    expect(preview.textContent).toContain('CID-10: G43.0 — informado a pedido da paciente.');
  });

  it('issues laboratory and imaging exams as two requests, each previewed', async () => {
    const user = userEvent.setup();
    const doctor = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Novo documento' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo documento' });
    await user.selectOptions(within(dialog).getByLabelText('Tipo de documento'), 'exames');
    const laboratory = within(dialog).getByRole('article', { name: 'Solicitação 1 de 2' });
    const imaging = within(dialog).getByRole('article', { name: 'Solicitação 2 de 2' });
    expect(laboratory.textContent).toContain('• Hemograma completo');
    expect(laboratory.textContent).not.toContain('Ressonância');
    expect(imaging.textContent).toContain('• Ressonância magnética de crânio');
    // No CID on either until she authorises it.
    expect(dialog.textContent).not.toContain('CID-10: G43.0');
    await user.click(within(dialog).getByLabelText(/autorizou que conste o diagnóstico/));
    expect(laboratory.textContent).toContain('CID-10: G43.0');

    await user.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    await screen.findByText('2 solicitações de exames emitidas, uma para cada serviço.');
    const sent = doctor.server.sent.filter((request) => request.method === 'POST');
    expect(sent.map((request) => request.path)).toEqual([
      '/api/documents',
      '/api/documents/document-1/issue',
      '/api/documents',
      '/api/documents/document-2/issue',
    ]);
    expect(sent[0]?.body).toMatchObject({
      kind: 'exames',
      recordId: VISIT.id,
      content: { exams: [{ name: 'Hemograma completo' }], cid: 'G43.0' },
    });
    expect(sent[2]?.body).toMatchObject({
      content: { exams: [{ name: 'Ressonância magnética de crânio' }], cid: 'G43.0' },
    });
  });

  it("says the orientações are the AI's draft, and offers no print nor signature before approval", async () => {
    const user = userEvent.setup();
    const doctor = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Novo documento' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo documento' });
    await user.selectOptions(within(dialog).getByLabelText('Tipo de documento'), 'orientacoes');
    await user.click(within(dialog).getByRole('button', { name: 'Redigir rascunho' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Rascunho escrito pela IA. Revise e edite cada parte antes de aprovar.',
    );
    expect(within(dialog).getByLabelText('O que você tem')).toHaveProperty(
      'value',
      MODEL_DRAFT.condition,
    );
    const followUp = within(dialog).getByLabelText('Quando voltar');
    await user.clear(followUp);
    await user.type(followUp, 'Volte em 15 dias.');
    const preview = within(dialog).getByRole('article', { name: 'Orientações ao paciente' });
    expect(preview.textContent).toContain('Volte em 15 dias.');
    expect(within(dialog).queryByRole('button', { name: 'Emitir' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar rascunho' }));
    await screen.findByText('Orientações ao paciente salvas como rascunho.');
    expect(
      doctor.server.sent.find(
        (request) => request.method === 'POST' && request.path === '/api/documents',
      )?.body,
    ).toMatchObject({
      kind: 'orientacoes',
      recordId: VISIT.id,
      content: { condition: MODEL_DRAFT.condition, followUp: 'Volte em 15 dias.', medicines: [] },
    });
    // She changed the draft: the visit's record of AI use says so.
    await waitFor(() =>
      expect(
        doctor.server.sent.find((request) => request.path.endsWith('/ai-use/ai-use-1'))?.body,
      ).toEqual({ outcome: 'edited' }),
    );

    const item = (await screen.findByText('Rascunho', { exact: true })).closest('li');
    if (!item) throw new Error('the draft is not listed');
    expect(within(item).queryByRole('link', { name: /Visualizar/ })).toBeNull();
    expect(within(item).queryByRole('button', { name: /Assinar digitalmente/ })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Aprovar e emitir' }));
    await screen.findByText('Orientações ao paciente emitidas.');
    expect(await within(item).findByRole('link', { name: 'Visualizar e imprimir' })).toBeTruthy();
  });
});
