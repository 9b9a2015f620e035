import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { OFFLINE_ENGINE_SOURCE } from '@shared/ai/use';
import { aiApi } from '@shared/api/ai';
import type { ApiClient } from '@shared/api/client';
import { documentsApi } from '@shared/api/documents';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { settingsApi } from '@shared/api/settings';
import type { OrientacoesContent } from '@shared/documents/clinical-document';
import { patientMedicinesOf } from '@shared/documents/patient-instructions';
import { posologySentence } from '@shared/prescriptions/posology';
import type { Medication } from '@shared/records/medical-record';
import { refusalOf } from '../testing/api-calls';
import { pdfPagesText } from '../testing/pdf-text';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';

// docs/documentos.md, "Orientações ao paciente": drafted offline from the visit, recorded in its
// AI use, edited and approved (issued) by the doctor before the page can be printed.

const fixture = useTestServer();

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

const MEDICATIONS: Medication[] = [
  {
    name: 'Losartana',
    dosage: '50 mg',
    dosePerIntake: '1 comprimido',
    frequency: '1x ao dia',
    duration: 'uso contínuo',
  },
  {
    name: 'Amoxicilina',
    dosage: '500 mg',
    dosePerIntake: '1 cápsula',
    frequency: 'A cada 8 horas',
    duration: '7 dias',
  },
];

const VISIT = {
  patientInfo: { name: 'Maria Aparecida dos Santos', age: 63 },
  symptoms: { chiefComplaint: 'Dor de garganta e febre' },
  assessment: 'Hipertensão arterial sistêmica. Faringoamigdalite bacteriana.',
  plan: 'Dieta hipossódica. Hidratação. Retorno em 30 dias.',
  prescriptions: { medications: MEDICATIONS },
};

/** Words as read, whatever the PDF's line breaks. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('orientações ao paciente', () => {
  let doctor: TestDoctorAccount;
  let other: TestDoctorAccount;
  const api = (): ApiClient => doctor.browser.api;

  beforeAll(async () => {
    [doctor, other] = await Promise.all([
      signUpDoctor(fixture.server.url),
      signUpDoctor(fixture.server.url),
    ]);
    await doctor.browser.api.call(settingsApi.replace, { body: PROFILE });
  });

  async function newVisit() {
    const { patient } = await api().call(patientsApi.create, {
      body: { name: 'Maria Aparecida dos Santos', birthDate: '12/03/1963', sex: 'feminino' },
    });
    const { recordId } = await api().call(recordsApi.create, {
      body: { patientId: patient.id, ...VISIT },
    });
    return { patientId: patient.id, recordId };
  }

  /** The offline draft for the visit, as the dialog asks for it. */
  const draftFor = (recordId: string) =>
    api().call(aiApi.patientInstructions, { body: { record: VISIT, recordId } });

  it("drafts offline from the visit's plan and prescription, and records the use on the visit", async () => {
    const { recordId } = await newVisit();
    const drafted = await draftFor(recordId);

    expect(drafted.source).toBe('offline');
    // The diagnoses in plain words, never the doctor's terms.
    expect(drafted.answer.condition).toMatch(/pressão alta/);
    expect(drafted.answer.condition).toMatch(/garganta/);
    expect(drafted.answer.condition).not.toMatch(/sistêmica|Faringoamigdalite/);
    // The plan's care and return, the warning signs with SAMU 192.
    expect(drafted.answer.care).toMatch(/pouco sal/);
    expect(drafted.answer.care).toMatch(/água/);
    expect(drafted.answer.followUp).toMatch(/30 dias/);
    expect(drafted.answer.warningSigns).toMatch(/SAMU \(192\)/);
    // The medicines, to the letter the receita's: name, strength and posology sentence.
    expect(drafted.answer.medicines).toEqual(
      MEDICATIONS.map((item) => ({
        name: `${item.name} ${item.dosage ?? ''}`.trim(),
        posology: posologySentence(item).trim(),
      })),
    );

    const { record } = await api().call(recordsApi.get, { params: { id: recordId } });
    expect(record.aiUse?.map(({ id, task, source }) => ({ id, task, source }))).toEqual([
      { id: drafted.useId, task: 'patient-instructions', source: OFFLINE_ENGINE_SOURCE },
    ]);
  });

  it('is created as a draft, edited, and printed only once approved (issued), as edited', async () => {
    const { patientId, recordId } = await newVisit();
    const { answer } = await draftFor(recordId);
    const content: OrientacoesContent = {
      condition: answer.condition,
      medicines: answer.medicines,
      care: answer.care,
      warningSigns: answer.warningSigns,
      followUp: answer.followUp,
    };
    const { document: draft } = await api().call(documentsApi.create, {
      body: { kind: 'orientacoes', patientId, recordId, content },
    });
    expect(draft).toMatchObject({ kind: 'orientacoes', status: 'rascunho', content });

    const edited = {
      ...content,
      followUp: 'Volte daqui a 30 dias, com a pressão anotada no caderninho.',
    };
    const { document: saved } = await api().call(documentsApi.update, {
      params: { id: draft.id },
      body: { content: edited },
      ifMatch: 1,
    });
    expect(saved.content).toEqual(edited);

    // Before approval, no PDF to print nor signature: the doctor issues it first.
    const unapproved = await fetchAnswer(doctor.browser, 'GET', `/api/documents/${draft.id}/pdf`);
    expect(unapproved.status).toBe(409);
    expect(JSON.stringify(unapproved.body)).toMatch(/Aprove e emita as orientações/);
    // Her history says what the draft is, so the chart opens it to be read, not as a PDF.
    const { items } = await api().call(patientsApi.timeline, { params: { id: patientId } });
    expect(items.find((item) => item.id === draft.id)).toMatchObject({
      kind: 'document',
      documentKind: 'orientacoes',
      finalized: false,
    });
    expect(
      await refusalOf(
        api().call(documentsApi.sign, {
          params: { id: draft.id },
          body: { password: 'qualquer' },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'document_draft' });

    const { document: issued } = await api().call(documentsApi.issue, {
      params: { id: draft.id },
    });
    expect(issued.status).toBe('emitido');
    expect(issued.content).toEqual(edited);

    const pdf = await doctor.browser.fetch(`/api/documents/${draft.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const printed = words(
      (await pdfPagesText(new Uint8Array(await pdf.arrayBuffer()))).join(' '),
    ).normalize('NFKC');
    expect(printed).toContain('ORIENTAÇÕES AO PACIENTE');
    expect(printed).toContain(words(edited.followUp).normalize('NFKC'));
    expect(printed).not.toContain(words(content.followUp));
    for (const medicine of answer.medicines) {
      expect(printed).toContain(words(`${medicine.name}: ${medicine.posology}`).normalize('NFKC'));
    }
  });

  it("takes the medicines only as the visit's prescription has them, when saved and when issued", async () => {
    const { patientId, recordId } = await newVisit();
    const { answer } = await draftFor(recordId);
    const { medicines, ...drafted } = answer;
    const content: OrientacoesContent = { ...drafted, medicines };

    // A dose changed by hand, or a page with no visit, is refused.
    const retyped = content.medicines.map((item, index) =>
      index === 0 ? { ...item, posology: 'Tomar 2 comprimidos por dia.' } : item,
    );
    expect(
      await refusalOf(
        api().call(documentsApi.create, {
          body: {
            kind: 'orientacoes',
            patientId,
            recordId,
            content: { ...drafted, medicines: retyped },
          },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await refusalOf(
        api().call(documentsApi.create, {
          body: { kind: 'orientacoes', patientId, content: { ...drafted, medicines: [] } },
        }),
      ),
    ).toMatchObject({ status: 400 });

    // The prescription changes after the draft: the draft is not issued out of date.
    const { document: draft } = await api().call(documentsApi.create, {
      body: { kind: 'orientacoes', patientId, recordId, content },
    });
    const changed = MEDICATIONS.slice(0, 1);
    await api().call(recordsApi.update, {
      params: { id: recordId },
      body: { prescriptions: { medications: changed } },
    });
    expect(
      await refusalOf(api().call(documentsApi.issue, { params: { id: draft.id } })),
    ).toMatchObject({ status: 400 });
    const { document: redone } = await api().call(documentsApi.update, {
      params: { id: draft.id },
      body: { content: { ...content, medicines: patientMedicinesOf(changed) } },
    });
    const { document: issued } = await api().call(documentsApi.issue, {
      params: { id: redone.id },
    });
    expect(issued.content).toMatchObject({ medicines: patientMedicinesOf(changed) });
  });

  it("answers 404 to another doctor, for the document and for the visit's draft", async () => {
    const { patientId, recordId } = await newVisit();
    const { answer } = await draftFor(recordId);
    const { document } = await api().call(documentsApi.create, {
      body: { kind: 'orientacoes', patientId, recordId, content: answer },
    });
    const stranger = other.browser.api;
    const params = { id: document.id };
    for (const call of [
      () => stranger.call(documentsApi.get, { params }),
      () => stranger.call(documentsApi.issue, { params }),
      () => stranger.call(documentsApi.update, { params, body: { content: answer } }),
      () => stranger.call(aiApi.patientInstructions, { body: { record: VISIT, recordId } }),
    ]) {
      expect(await refusalOf(call())).toMatchObject({ status: 404 });
    }
    const pdf = await fetchAnswer(other.browser, 'GET', `/api/documents/${document.id}/pdf`);
    expect(pdf.status).toBe(404);
    // Nothing was recorded in her visit by the other doctor's call.
    const { record } = await api().call(recordsApi.get, { params: { id: recordId } });
    expect(record.aiUse).toHaveLength(1);
    const { document: still } = await api().call(documentsApi.get, { params });
    expect(still.status).toBe('rascunho');
  });
});
