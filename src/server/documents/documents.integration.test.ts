import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { documentsApi, type DocumentWrite } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { refusalOf } from '../testing/api-calls';
import { pdfPagesText } from '../testing/pdf-text';
import { formatDate, formatTime } from '@shared/lib/pt-br-format';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';

const fixture = useTestServer();

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'helena@clinica.com.br',
};

/** A new patient of the doctor's; only the first one named Maria has a CPF (one per doctor). */
async function newPatient(api: ApiClient, name = 'Maria Aparecida dos Santos') {
  const cpf = name === 'Maria Aparecida dos Santos' ? { cpf: '529.982.247-25' } : {};
  return (
    await api.call(patientsApi.create, {
      body: { name, birthDate: '12/03/1961', sex: 'feminino', ...cpf },
    })
  ).patient;
}

const atestado = (patientId: string, recordId?: string): DocumentWrite => ({
  kind: 'atestado',
  patientId,
  ...(recordId === undefined ? {} : { recordId }),
  content: { days: 3, startDate: '2026-11-26', showCid: false },
});

describe('documents API without a session', () => {
  it('answers 401 on every call', async () => {
    const anonymous = new TestBrowser(fixture.server.url).api;
    const params = { id: 'document-00000000-0000-0000-0000-000000000000' };
    const refusals = await Promise.all([
      refusalOf(anonymous.call(documentsApi.create, { body: atestado('patient-x') })),
      refusalOf(anonymous.call(documentsApi.list, { query: { patientId: 'patient-x' } })),
      refusalOf(anonymous.call(documentsApi.get, { params })),
      refusalOf(
        anonymous.call(documentsApi.update, { params, body: { content: { text: 'Relatório.' } } }),
      ),
      refusalOf(anonymous.call(documentsApi.remove, { params })),
      refusalOf(anonymous.call(documentsApi.issue, { params })),
      refusalOf(anonymous.call(documentsApi.cancel, { params, body: { reason: 'Erro.' } })),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });
});

describe('documents API', () => {
  let doctor: TestDoctorAccount;
  let other: TestDoctorAccount;
  beforeAll(async () => {
    [doctor, other] = await Promise.all([
      signUpDoctor(fixture.server.url),
      signUpDoctor(fixture.server.url),
    ]);
    await doctor.browser.api.call(settingsApi.replace, { body: PROFILE });
  });

  it('keeps a draft editable, then freezes it at issue with who issued it, for whom and when', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api);
    const created = await fetchAnswer(doctor.browser, 'POST', '/api/documents', {
      json: atestado(patient.id),
    });
    expect(created).toMatchObject({ status: 201, etag: '"1"' });
    const { document: draft } = documentsApi.create.readAnswer(created.body, new Headers());
    expect(draft).toMatchObject({
      kind: 'atestado',
      status: 'rascunho',
      patientId: patient.id,
      content: { days: 3, startDate: '2026-11-26', showCid: false },
      version: 1,
    });
    expect(draft.issue).toBeUndefined();
    expect(draft.validation).toBeUndefined();

    const edited = await api.call(documentsApi.update, {
      params: { id: draft.id },
      body: { content: { days: 5, startDate: '27/11/2026', showCid: true, cid: 'j11' } },
      ifMatch: 1,
    });
    expect(edited.document).toMatchObject({
      version: 2,
      content: { days: 5, startDate: '2026-11-27', showCid: true, cid: 'J11' },
    });

    const before = Date.now();
    const { document: issued } = await api.call(documentsApi.issue, { params: { id: draft.id } });
    expect(issued.status).toBe('emitido');
    expect(issued.issue).toEqual({
      at: issued.issue?.at,
      doctor: {
        name: 'Dra. Helena Prado',
        crm: '123456',
        crmState: 'SP',
        address: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
        phone: '(11) 3456-7890',
        email: 'helena@clinica.com.br',
      },
      patient: {
        name: 'Maria Aparecida dos Santos',
        cpf: '52998224725',
        birthDate: '1961-03-12',
        sex: 'feminino',
      },
    });
    // The date and the time of issue (CFM 2.299/2021), to the millisecond.
    expect(Date.parse(issued.issue?.at ?? '')).toBeGreaterThanOrEqual(before - 1);
    expect(issued.validation?.url).toMatch(/\/validar\/[\w-]{22}$/);
    expect(issued.validation?.secretCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);

    // Frozen: neither its content nor its copy of the doctor and the patient change again.
    const refusal = await refusalOf(
      api.call(documentsApi.update, {
        params: { id: draft.id },
        body: { content: { days: 1, startDate: '2026-11-27', showCid: false } },
      }),
    );
    expect(refusal).toMatchObject({ status: 409, code: 'document_issued' });
    expect(
      await refusalOf(api.call(documentsApi.issue, { params: { id: draft.id } })),
    ).toMatchObject({ status: 409, code: 'document_issued' });
    expect(
      await refusalOf(api.call(documentsApi.remove, { params: { id: draft.id } })),
    ).toMatchObject({ status: 409, code: 'document_issued' });
    await api.call(settingsApi.replace, { body: { ...PROFILE, clinicPhone: '(11) 99999-0000' } });
    await api.call(patientsApi.update, {
      params: { id: patient.id },
      body: { name: 'Maria Aparecida Souza', birthDate: '12/03/1961' },
    });
    const reread = await api.call(documentsApi.get, { params: { id: draft.id } });
    expect(reread.document).toEqual(issued);
    await api.call(settingsApi.replace, { body: PROFILE });
  });

  it('prints a PDF that reads as typed, with the validation address and code once issued', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Ñusta Ayala Çelik');
    const { document } = await api.call(documentsApi.create, {
      body: {
        kind: 'relatorio',
        patientId: patient.id,
        content: {
          text: 'Glicemia ≥ 126 mg/dL em duas medidas; vitamina B12 500 µg, ½ comprimido → manter.\n\nΔ da PA: sem alteração. Пациент стабилен.',
        },
      },
    });
    const pdfOf = async () => {
      const response = await doctor.browser.fetch(`/api/documents/${document.id}/pdf`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toBe('no-store');
      return new Uint8Array(await response.arrayBuffer());
    };
    const [draftPage] = await pdfPagesText(await pdfOf());
    expect(draftPage).toContain('RASCUNHO — sem validade até ser emitido');
    expect(draftPage).not.toContain('Código de validação');

    const { document: issued } = await api.call(documentsApi.issue, {
      params: { id: document.id },
    });
    const pages = await pdfPagesText(await pdfOf());
    // Lines wrapped where the page ends them: compared with single spaces. NFKC: the font
    // draws µ (micro) and μ (mu) with one glyph, which a reader gives back as μ.
    const text = pages.join('\n').replace(/\s+/g, ' ').normalize('NFKC');
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Dra. Helena Prado',
      'CRM/SP 123456',
      'Av. Paulista, 1000, sala 12 — São Paulo/SP',
      'RELATÓRIO MÉDICO',
      'Paciente: Ñusta Ayala Çelik',
      'Glicemia ≥ 126 mg/dL em duas medidas; vitamina B12 500 µg, ½ comprimido → manter.',
      'Δ da PA: sem alteração. Пациент стабилен.',
      `Código de validação: ${issued.validation?.secretCode}`,
      issued.validation?.url ?? 'no url',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected.normalize('NFKC'));
    }
    expect(issued.validation?.url).toMatch(
      new RegExp(`^${fixture.server.url.replace(/\/$/, '')}/validar/`),
    );
    expect(text).not.toContain('RASCUNHO');
    expect(text).not.toContain('?');
  });

  it('heads the PDF with the clinic and its CNES as they were at issue', async () => {
    const clinicDoctor = await signUpDoctor(fixture.server.url);
    const { api } = clinicDoctor.browser;
    await api.call(settingsApi.replace, {
      body: { ...PROFILE, clinicName: 'Clínica Bem Viver', cnes: '1234567' },
    });
    const patient = await newPatient(api);
    const { document } = await api.call(documentsApi.create, { body: atestado(patient.id) });
    await api.call(documentsApi.issue, { params: { id: document.id } });
    const pdfText = async () => {
      const response = await clinicDoctor.browser.fetch(`/api/documents/${document.id}/pdf`);
      return (await pdfPagesText(new Uint8Array(await response.arrayBuffer())))
        .join('\n')
        .replace(/\s+/g, ' ');
    };
    const issued = await pdfText();
    expect(issued).toContain('CRM/SP 123456 Clínica Bem Viver · CNES 1234567 Av. Paulista');
    expect(issued).toContain('de 26/11/2026 a 28/11/2026');
    // Another clinic in the settings later: the issued document keeps the one it was issued at.
    await api.call(settingsApi.replace, {
      body: { ...PROFILE, clinicName: 'Consultório Centro', cnes: '7654321' },
    });
    expect(await pdfText()).toBe(issued);
  });

  it('says a document from a teleconsulta was one, with the consent the visit recorded', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Rita de Cássia Gomes');
    const consentAt = '2026-11-27T12:58:00.000Z';
    const { recordId } = await api.call(recordsApi.create, {
      body: {
        patientId: patient.id,
        patientInfo: { name: 'Rita de Cássia Gomes' },
        teleconsulta: { consentAt },
      },
    });
    expect(
      (await api.call(recordsApi.get, { params: { id: recordId } })).record.teleconsulta,
    ).toEqual({ consentAt });
    const { document } = await api.call(documentsApi.create, {
      body: atestado(patient.id, recordId),
    });
    const { document: issued } = await api.call(documentsApi.issue, {
      params: { id: document.id },
    });
    expect(issued.issue?.teleconsulta).toEqual({ consentAt });
    const response = await doctor.browser.fetch(`/api/documents/${document.id}/pdf`);
    const text = (await pdfPagesText(new Uint8Array(await response.arrayBuffer())))
      .join('\n')
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      `Atendimento realizado por teleconsulta (CFM 2.314/2022), com o consentimento da paciente registrado em ${formatDate(consentAt)} às ${formatTime(consentAt)}.`,
    );
    // A document of a visit in person says nothing of it.
    const inPerson = await api.call(documentsApi.create, { body: atestado(patient.id) });
    await api.call(documentsApi.issue, { params: { id: inPerson.document.id } });
    const inPersonPdf = await doctor.browser.fetch(`/api/documents/${inPerson.document.id}/pdf`);
    expect(
      (await pdfPagesText(new Uint8Array(await inPersonPdf.arrayBuffer()))).join(' '),
    ).not.toContain('teleconsulta');
  });

  it('cancels an issued document with a reason and keeps it, marked cancelled', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'João Batista Lima');
    const { document } = await api.call(documentsApi.create, { body: atestado(patient.id) });
    expect(
      await refusalOf(
        api.call(documentsApi.cancel, { params: { id: document.id }, body: { reason: 'Erro.' } }),
      ),
    ).toMatchObject({ status: 409, code: 'document_draft' });
    await api.call(documentsApi.issue, { params: { id: document.id } });
    expect(
      await refusalOf(
        api.call(documentsApi.cancel, { params: { id: document.id }, body: { reason: ' ' } }),
      ),
    ).toMatchObject({
      status: 400,
      message: 'Motivo do cancelamento (reason): não pode ficar vazio',
    });
    const { document: cancelled } = await api.call(documentsApi.cancel, {
      params: { id: document.id },
      body: { reason: 'Dias de afastamento digitados errado; emitido outro.' },
    });
    expect(cancelled.status).toBe('cancelado');
    expect(cancelled.cancellation).toEqual({
      at: cancelled.cancellation?.at,
      reason: 'Dias de afastamento digitados errado; emitido outro.',
    });
    expect(cancelled.issue).toBeDefined();
    expect(
      await refusalOf(
        api.call(documentsApi.cancel, {
          params: { id: document.id },
          body: { reason: 'De novo.' },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'document_cancelled' });
    const { documents } = await api.call(documentsApi.list, { query: { patientId: patient.id } });
    expect(documents.map((each) => [each.id, each.status])).toEqual([[document.id, 'cancelado']]);
  });

  it('deletes a draft, and refuses a write over a newer version', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Ana Clara Souza');
    const { document } = await api.call(documentsApi.create, {
      body: { kind: 'relatorio', patientId: patient.id, content: { text: 'Paciente estável.' } },
    });
    await api.call(documentsApi.update, {
      params: { id: document.id },
      body: { content: { text: 'Paciente estável, sem queixas.' } },
    });
    const stale = await refusalOf(
      api.call(documentsApi.update, {
        params: { id: document.id },
        body: { content: { text: 'Outra versão.' } },
        ifMatch: 1,
      }),
    );
    expect(stale).toMatchObject({ status: 409, code: 'document_changed' });
    expect(stale.body).toMatchObject({
      document: { version: 2, content: { text: 'Paciente estável, sem queixas.' } },
    });
    await api.call(documentsApi.remove, { params: { id: document.id } });
    expect(
      await refusalOf(api.call(documentsApi.get, { params: { id: document.id } })),
    ).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('checks each kind’s content, its CID against the catalogue, and its visit', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Pedro Henrique Alves');
    const unknownCode = await refusalOf(
      api.call(documentsApi.create, {
        body: {
          kind: 'exames',
          patientId: patient.id,
          content: { exams: [{ name: 'Hemograma' }], clinicalIndication: 'Astenia.', cid: 'D49.9' },
        },
      }),
    );
    expect(unknownCode).toMatchObject({
      status: 400,
      message: 'CID-10 não encontrado na tabela: D49.9.',
    });
    const anotherPatient = await newPatient(api, 'Rita de Cássia Gomes');
    const { recordId } = await api.call(recordsApi.create, {
      body: { patientId: anotherPatient.id, patientInfo: { name: 'Rita de Cássia Gomes' } },
    });
    expect(
      await refusalOf(api.call(documentsApi.create, { body: atestado(patient.id, recordId) })),
    ).toMatchObject({ status: 400, message: 'Este prontuário é de outro paciente.' });
    const fromVisit = await api.call(documentsApi.create, {
      body: atestado(anotherPatient.id, recordId),
    });
    expect(fromVisit.document.recordId).toBe(recordId);
    const wrongKind = await refusalOf(
      api.call(documentsApi.update, {
        params: { id: fromVisit.document.id },
        body: { content: { text: 'Relatório no lugar do atestado.' } },
      }),
    );
    expect(wrongKind.status).toBe(400);
  });

  it('refuses to issue while the settings lack what a document must carry', async () => {
    const incomplete = await signUpDoctor(fixture.server.url);
    const { api } = incomplete.browser;
    await api.call(settingsApi.replace, {
      body: { ...DEFAULT_DOCTOR_SETTINGS, name: 'Dr. Paulo Reis' },
    });
    const patient = await newPatient(api);
    const { document } = await api.call(documentsApi.create, {
      body: {
        kind: 'comparecimento',
        patientId: patient.id,
        content: { date: '2026-11-27', from: '08:30', to: '09:15' },
      },
    });
    const refusal = await refusalOf(api.call(documentsApi.issue, { params: { id: document.id } }));
    expect(refusal).toMatchObject({
      status: 409,
      code: 'issuer_incomplete',
      message:
        'Para emitir a declaração de comparecimento, preencha nas Configurações: CRM e UF, endereço e telefone ou e-mail.',
    });
  });

  it('answers 404 for another doctor’s documents and patients, on every route', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Beatriz Nogueira');
    const { document } = await api.call(documentsApi.create, { body: atestado(patient.id) });
    const theirs = other.browser.api;
    const params = { id: document.id };
    const refusals = await Promise.all([
      refusalOf(theirs.call(documentsApi.get, { params })),
      refusalOf(
        theirs.call(documentsApi.update, {
          params,
          body: { content: { days: 9, startDate: '2026-11-27', showCid: false } },
        }),
      ),
      refusalOf(theirs.call(documentsApi.remove, { params })),
      refusalOf(theirs.call(documentsApi.issue, { params })),
      refusalOf(theirs.call(documentsApi.cancel, { params, body: { reason: 'Não é meu.' } })),
      refusalOf(theirs.call(documentsApi.list, { query: { patientId: patient.id } })),
      refusalOf(theirs.call(documentsApi.create, { body: atestado(patient.id) })),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 404 });
    const mine = await api.call(documentsApi.get, { params });
    expect(mine.document).toEqual(document);
  });

  it('follows her visits when two patients are merged, her issue’s copy unchanged', async () => {
    const { api } = doctor.browser;
    const kept = await newPatient(api, 'Cecília Meireles Prado');
    const duplicate = await newPatient(api, 'Cecilia M. Prado');
    const { document } = await api.call(documentsApi.create, { body: atestado(duplicate.id) });
    const { document: issued } = await api.call(documentsApi.issue, {
      params: { id: document.id },
    });
    await api.call(patientsApi.merge, { params: { id: kept.id }, body: { otherId: duplicate.id } });
    const { documents } = await api.call(documentsApi.list, { query: { patientId: kept.id } });
    expect(documents).toEqual([
      { ...issued, patientId: kept.id, version: issued.version, updatedAt: issued.updatedAt },
    ]);
    expect(documents[0]?.issue?.patient.name).toBe('Cecilia M. Prado');
  });

  it('shows in her timeline beside her visits and receitas, titled by its kind', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Iracema Fontes Leal');
    const { recordId } = await api.call(recordsApi.create, {
      body: { patientId: patient.id, patientInfo: { name: 'Iracema Fontes Leal' } },
    });
    const { document: draft } = await api.call(documentsApi.create, {
      body: atestado(patient.id, recordId),
    });
    const { document: referral } = await api.call(documentsApi.create, {
      body: {
        kind: 'encaminhamento',
        patientId: patient.id,
        content: {
          specialty: 'Neurologia',
          reason: 'Cefaleia refratária.',
          summary: 'Há 6 meses.',
        },
      },
    });
    await api.call(documentsApi.issue, { params: { id: referral.id } });
    await api.call(documentsApi.cancel, {
      params: { id: referral.id },
      body: { reason: 'Especialidade errada.' },
    });
    const { items } = await api.call(patientsApi.timeline, { params: { id: patient.id } });
    expect(items.map(({ kind, id, title, finalized }) => ({ kind, id, title, finalized }))).toEqual(
      [
        { kind: 'document', id: referral.id, title: 'Encaminhamento — cancelado', finalized: true },
        { kind: 'document', id: draft.id, title: 'Atestado médico', finalized: false },
        { kind: 'record', id: recordId, title: 'Consulta', finalized: false },
      ],
    );
  });

  it('keeps the patient in her record when she has one, and is counted in her chart', async () => {
    const { api } = doctor.browser;
    const patient = await newPatient(api, 'Lúcia Helena Castro');
    const { document } = await api.call(documentsApi.create, { body: atestado(patient.id) });
    await api.call(documentsApi.issue, { params: { id: document.id } });
    const header = await api.call(patientsApi.get, { params: { id: patient.id } });
    expect(header.patient.counts).toEqual({ records: 0, prescriptions: 0, documents: 1 });
    const refused = await refusalOf(api.call(patientsApi.erase, { params: { id: patient.id } }));
    expect(refused).toMatchObject({ status: 409, code: 'retention_required' });
    expect(await api.call(documentsApi.get, { params: { id: document.id } })).toMatchObject({
      document: { id: document.id, status: 'emitido' },
    });
  });
});
