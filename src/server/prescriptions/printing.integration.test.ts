import { beforeAll, describe, expect, it } from 'vitest';
import { patientsApi } from '@shared/api/patients';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { recordsApi } from '@shared/api/records';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { formatDate, formatTime } from '@shared/lib/pt-br-format';
import { receitaPrintInput } from '@shared/prescriptions/receita-print-selection';
import { refusalOf } from '../testing/api-calls';
import { pdfPagesText } from '../testing/pdf-text';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';
import { newPrescription, prescriptionInput } from './test-fixtures';

const fixture = useTestServer();

const PROFILE = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  prescriptionsPerPage: 2,
};

const SERTRALINA = { name: 'Sertralina', dosage: '50 mg', frequency: '1x ao dia', quantity: '30' };
const AMOXICILINA = {
  name: 'Amoxicilina',
  dosage: '500 mg',
  frequency: 'de 8 em 8 horas',
  duration: '7 dias',
};

const count = (text: string | undefined, part: string) => (text ?? '').split(part).length - 1;

describe('receitas printed by the server', () => {
  let doctor: TestDoctorAccount;
  let other: TestDoctorAccount;
  let patientId: string;
  beforeAll(async () => {
    [doctor, other] = await Promise.all([
      signUpDoctor(fixture.server.url),
      signUpDoctor(fixture.server.url),
    ]);
    await doctor.browser.api.call(settingsApi.replace, { body: PROFILE });
    const { patient } = await doctor.browser.api.call(patientsApi.create, {
      body: {
        name: 'Maria Aparecida dos Santos',
        birthDate: '12/03/1961',
        sex: 'feminino',
        address: {
          street: 'Rua das Flores',
          number: '100',
          city: 'São Paulo',
          uf: 'SP',
          cep: '01234-567',
        },
      },
    });
    patientId = patient.id;
  });

  const pdfPages = async (path: string, init?: RequestInit) => {
    const response = await doctor.browser.fetch(path, init);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      pages: await pdfPagesText(bytes),
      disposition: response.headers.get('content-disposition'),
    };
  };

  it("prints a stored receita: antimicrobial and controlled apart, the chart's sex and address", async () => {
    const prescription = await newPrescription(doctor.browser.api, {
      patientName: 'Maria Aparecida dos Santos',
      patientAge: '65',
      patientId,
      medications: [SERTRALINA, AMOXICILINA],
    });
    // Written with her sex and address from the chart: the screen and the paper agree.
    expect(prescription).toMatchObject({
      patientId,
      patientSex: 'feminino',
      patientAddress: 'Rua das Flores, 100 — São Paulo/SP, CEP 01234-567',
    });
    const { pages, disposition } = await pdfPages(`/api/prescriptions/${prescription.id}/pdf`);
    expect(disposition).toBe(
      'inline; filename="receita-maria-aparecida-dos-santos-2026-03-01.pdf"',
    );
    // One page per sheet, each with its two vias: the controlled one, then the antimicrobial.
    expect(pages).toHaveLength(2);
    const [controlled, antimicrobial] = pages;
    expect(count(controlled, 'Receituário de Controle Especial')).toBe(2);
    expect(controlled).toContain('Sertralina 50 mg');
    expect(controlled).not.toContain('Amoxicilina');
    expect(controlled).toContain('Endereço: Rua das Flores, 100 — São Paulo/SP, CEP 01234-567');
    expect(count(controlled, 'Válida por 30 dias a partir da data de emissão.')).toBe(2);

    expect(count(antimicrobial, 'Receita de Antimicrobiano')).toBe(2);
    expect(antimicrobial).not.toContain('Sertralina');
    expect(count(antimicrobial, 'Amoxicilina 500 mg')).toBe(2);
    expect(count(antimicrobial, 'Idade: 65 anos')).toBe(2);
    expect(count(antimicrobial, 'Sexo: Feminino')).toBe(2);
    expect(count(antimicrobial, 'Válida por 10 dias a partir da data de emissão.')).toBe(2);
    expect(antimicrobial).toContain('1ª via — Farmácia');
    expect(antimicrobial).toContain('2ª via — Paciente');
    for (const page of pages) {
      expect(page).toContain('Dra. Helena Prado');
      expect(page).toContain('CRM/SP 123456');
    }
    expect(pages[1]).toContain('Página 2 de 2');

    const audit = await fetchAnswer(
      doctor.browser,
      'GET',
      `/api/audit?entityId=${prescription.id}`,
    );
    expect(audit).toMatchObject({
      status: 200,
      body: { entries: [{ entityType: 'prescription', action: 'read' }, { action: 'create' }] },
    });
  });

  it('prints what the device holds, unsaved edits and Unicode included, named after a lote', async () => {
    const saved = await newPrescription(doctor.browser.api, { patientId });
    const held = {
      ...saved,
      notes: 'Dose ≥ 2 comprimidos — ½ à noite; 50 µg → ok',
      medications: [{ ...AMOXICILINA, dosage: '875 mg', control: undefined }],
    };
    const local = {
      ...prescriptionInput({ patientName: 'João Lima', patientSex: 'masculino' }),
      id: 'prescription-local-1',
      createdAt: saved.createdAt,
      updatedAt: saved.updatedAt,
      medications: [{ name: 'Dipirona', dosage: '500 mg' }],
      diagnosis: '',
      notes: '',
      patientAge: '',
    };
    const body = receitaPrintInput([held, local], 'Manhã de quinta');
    const { pages, disposition } = await pdfPages('/api/prescriptions/pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(disposition).toMatch(
      /^inline; filename="receitas-lote-manha-de-quinta-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = pages.join('\n');
    expect(text.normalize('NFKC')).toContain(
      'Observações: Dose ≥ 2 comprimidos — ½ à noite; 50 µg → ok'.normalize('NFKC'),
    );
    expect(text).toContain('Amoxicilina 875 mg');
    expect(text).not.toContain('Amoxicilina 500 mg');
    expect(text).toContain('Sexo: Feminino');
    expect(text).toContain('Paciente: João Lima');
    expect(text).toContain('Dipirona 500 mg');

    // Audited as a read of the stored receita among them.
    const audit = await fetchAnswer(doctor.browser, 'GET', `/api/audit?entityId=${saved.id}`);
    expect(audit).toMatchObject({
      status: 200,
      body: { entries: [{ entityType: 'prescription', action: 'read' }, { action: 'create' }] },
    });
  });

  it('says a receita of a teleconsulta was one, stored or held by the device', async () => {
    const { api } = doctor.browser;
    const consentAt = '2026-11-27T12:58:00.000Z';
    const { recordId } = await api.call(recordsApi.create, {
      body: { patientId, teleconsulta: { consentAt } },
    });
    const saved = await newPrescription(api, { patientId, recordId });
    const line = `Atendimento por teleconsulta (CFM 2.314/2022), com consentimento da paciente registrado em ${formatDate(consentAt)} às ${formatTime(consentAt)}.`;
    const stored = await pdfPages(`/api/prescriptions/${saved.id}/pdf`);
    expect(stored.pages.join(' ').replace(/\s+/g, ' ')).toContain(line);
    const held = await pdfPages('/api/prescriptions/pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(receitaPrintInput([saved], undefined)),
    });
    expect(held.pages.join(' ').replace(/\s+/g, ' ')).toContain(line);
    // A receita of a visit in person says nothing of it.
    const inPerson = await newPrescription(api, { patientId });
    const plain = await pdfPages(`/api/prescriptions/${inPerson.id}/pdf`);
    expect(plain.pages.join(' ')).not.toContain('teleconsulta');
  });

  it('heads the receita with the clinic and its CNES when the settings have them', async () => {
    const { api } = doctor.browser;
    const receita = await newPrescription(api, { patientId });
    const before = await pdfPages(`/api/prescriptions/${receita.id}/pdf`);
    expect(before.pages.join(' ')).not.toContain('CNES');
    await api.call(settingsApi.update, {
      body: { clinicName: 'Clínica Bem Viver', cnes: '1234567' },
    });
    try {
      const after = await pdfPages(`/api/prescriptions/${receita.id}/pdf`);
      expect(after.pages.join(' ').replace(/\s+/g, ' ')).toContain(
        'Clínica Bem Viver · CNES 1234567 Av. Paulista, 1000, sala 12',
      );
    } finally {
      await api.call(settingsApi.update, { body: { clinicName: '', cnes: '' } });
    }
  });

  it('prints the generic name after a brand, stored or held by the device', async () => {
    const prescription = await newPrescription(doctor.browser.api, {
      medications: [
        { name: 'Amoxil BD', dosage: '875 mg', frequency: '12/12h', duration: '7 dias' },
        { name: 'Tylenol', dosage: '750 mg', frequency: '6/6h', duration: '3 dias' },
      ],
    });
    // The API answers the generic name beside the brand, as it answers the control mark.
    expect(prescription.medications.map((medication) => medication.genericName)).toEqual([
      'amoxicilina',
      'paracetamol',
    ]);
    const stored = await pdfPages(`/api/prescriptions/${prescription.id}/pdf`);
    const text = stored.pages.join('\n');
    expect(text).toContain('Amoxil BD (amoxicilina) 875 mg');
    expect(text).toContain('Tylenol (paracetamol) 750 mg');

    // What the device holds goes without the server's marks, which the server makes again.
    const body = receitaPrintInput([prescription], undefined);
    expect(body.prescriptions[0]?.medications?.[0]).not.toHaveProperty('genericName');
    const held = await pdfPages('/api/prescriptions/pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(held.pages.join('\n')).toContain('Amoxil BD (amoxicilina) 875 mg');
  });

  it("is 404 for another doctor's receita or patient, and 400 for what cannot print", async () => {
    const prescription = await newPrescription(doctor.browser.api, { patientId });
    const theirs = await other.browser.fetch(`/api/prescriptions/${prescription.id}/pdf`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ success: false, code: 'not_found' });

    const { api } = other.browser;
    const naming = await refusalOf(
      api.file(prescriptionsApi.pdf, {
        body: { prescriptions: [prescriptionInput({ patientId })] },
      }),
    );
    expect(naming).toMatchObject({ status: 404, message: 'Paciente não encontrado.' });

    const empty = await refusalOf(api.file(prescriptionsApi.pdf, { body: { prescriptions: [] } }));
    expect(empty).toMatchObject({ status: 400, code: 'validation' });
    expect(empty.message).toBe('Prescrições (prescriptions): deve ter ao menos 1 item');

    const unknownField = await refusalOf(
      api.file(prescriptionsApi.pdf, {
        body: {
          prescriptions: [{ ...prescriptionInput(), signature: 'x' } as never],
        },
      }),
    );
    expect(unknownField).toMatchObject({ status: 400, code: 'validation' });
    expect(unknownField.message).toBe(
      'Prescrições (prescriptions.0): campo não reconhecido: signature',
    );
  });
});
