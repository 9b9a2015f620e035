import type { Bundle, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { fhirIssuesOf } from '@clinical/fhir/testing/fhir-validator';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { newPrescription } from '../prescriptions/test-fixtures';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';

/** A GET from the doctor's tab, read whole: status, headers and text. */
async function fetchText(account: TestDoctorAccount, path: string) {
  const response = await account.browser.fetch(path);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const fixture = useTestServer();

let doctor: TestDoctorAccount;
let other: TestDoctorAccount;
let patientId: string;

beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url, 'Dra. Helena Prado');
  other = await signUpDoctor(fixture.server.url, 'Dr. Caio Lemos');
  const { api } = doctor.browser;
  const { patient } = await api.call(patientsApi.create, {
    body: {
      name: 'Maria Aparecida da Silva',
      birthDate: '12/03/1961',
      sex: 'feminino',
      cpf: '529.982.247-25',
      cns: '898 0010 2800 0008',
      allergies: ['Dipirona'],
      chronicConditions: ['Hipertensão arterial'],
      medications: ['Losartana 50 mg'],
      address: {
        street: 'Rua das Flores',
        number: '10',
        city: 'Recife',
        uf: 'PE',
        cep: '50000-000',
      },
    },
  });
  patientId = patient.id;
  const visit = await api.call(recordsApi.create, {
    body: {
      patientId,
      patientInfo: { name: patient.name, age: 65, gender: 'feminino' },
      symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
      physicalExam: {
        vitalSigns: { bloodPressure: '150x95', heartRate: 88, temperature: 36.8, weight: 72 },
      },
      assessment: 'I10 - Hipertensão essencial (primária)',
      prescriptions: {
        medications: [
          { name: 'Losartana', dosage: '100 mg', frequency: '1 vez ao dia', duration: '30 dias' },
        ],
        exams: [],
      },
      plan: 'Retorno em 30 dias.',
    },
  });
  await api.call(recordsApi.update, {
    params: { id: visit.recordId },
    body: { status: 'finalizado' },
  });
  await newPrescription(api, { patientName: patient.name, patientId });
});

/** Every resource of the bundle, with what the FHIR R4 validator finds wrong in it. */
function invalidResources(bundle: Bundle): { resource: string; issues: string[] }[] {
  const resources: Resource[] = (bundle.entry ?? []).flatMap((entry) => entry.resource ?? []);
  return [bundle, ...resources]
    .map((resource) => ({ resource: resource.resourceType, issues: fhirIssuesOf(resource) }))
    .filter((checked) => checked.issues.length > 0);
}

describe("a patient's data for her to take away", () => {
  it('exports her as a FHIR R4 Bundle that the validator accepts, as a file', async () => {
    const answer = await fetchText(doctor, `/api/patients/${patientId}/fhir`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="paciente-maria-aparecida-da-silva.fhir.json"',
    );
    const bundle = JSON.parse(answer.text) as Bundle;
    expect(bundle.resourceType).toBe('Bundle');
    expect(invalidResources(bundle)).toEqual([]);

    const types = (bundle.entry ?? []).map((entry) => entry.resource?.resourceType);
    for (const type of [
      'Patient',
      'Encounter',
      'Condition',
      'AllergyIntolerance',
      'MedicationStatement',
      'MedicationRequest',
      'Observation',
    ]) {
      expect(types).toContain(type);
    }
    const patient = bundle.entry?.find(
      (entry) => entry.resource?.resourceType === 'Patient',
    )?.resource;
    expect(
      patient?.resourceType === 'Patient' && patient.identifier?.map((id) => id.value),
    ).toEqual(['52998224725', '898001028000008']);
    expect(patient).toMatchObject({
      birthDate: '1961-03-12',
      gender: 'female',
    });
    const observations = (bundle.entry ?? []).flatMap((entry) =>
      entry.resource?.resourceType === 'Observation' ? [entry.resource] : [],
    );
    const pressure = observations.find((observation) =>
      observation.code.coding?.some((coding) => coding.code === '85354-9'),
    );
    expect(pressure?.component?.map((part) => part.valueQuantity)).toEqual([
      expect.objectContaining({ value: 150, unit: 'mmHg', code: 'mm[Hg]' }),
      expect.objectContaining({ value: 95, unit: 'mmHg', code: 'mm[Hg]' }),
    ]);
    const medicationRequests = types.filter((type) => type === 'MedicationRequest');
    // The visit's losartana and the receita's item.
    expect(medicationRequests.length).toBeGreaterThanOrEqual(2);
  });

  it('codes the diagnosis written in the assessment and her coded condition, and prints them', async () => {
    const { api } = doctor.browser;
    const { patient } = await api.call(patientsApi.create, {
      body: {
        name: 'Joana Prado',
        birthDate: '02/05/1974',
        sex: 'feminino',
        chronicConditions: ['Diabetes tipo 2 (CID-10 E11.9)'],
      },
    });
    await api.call(recordsApi.create, {
      body: {
        patientId: patient.id,
        patientInfo: { name: patient.name, age: 52, gender: 'feminino' },
        assessment: 'HAS (CID-10 I10), sem lesão de órgão-alvo.',
      },
    });

    const answer = await fetchText(doctor, `/api/patients/${patient.id}/fhir`);
    expect(answer.status).toBe(200);
    const bundle = JSON.parse(answer.text) as Bundle;
    expect(invalidResources(bundle)).toEqual([]);
    const conditions = (bundle.entry ?? []).flatMap((entry) =>
      entry.resource?.resourceType === 'Condition' ? [entry.resource] : [],
    );
    expect(conditions.map((condition) => condition.code)).toEqual([
      {
        coding: [
          {
            system: 'https://terminologia.saude.gov.br/fhir/CodeSystem/BRCID10',
            code: 'E11.9',
            display: 'Diabetes mellitus não-insulino-dependente - sem complicações',
          },
        ],
        text: 'Diabetes tipo 2',
      },
      {
        coding: [
          {
            system: 'https://terminologia.saude.gov.br/fhir/CodeSystem/BRCID10',
            code: 'I10',
            display: 'Hipertensão essencial (primária)',
          },
        ],
        text: 'HAS',
      },
    ]);
    const encounter = bundle.entry?.find(
      (entry) => entry.resource?.resourceType === 'Encounter',
    )?.resource;
    expect(encounter?.resourceType === 'Encounter' && encounter.diagnosis).toHaveLength(1);

    const summary = await fetchText(doctor, `/api/patients/${patient.id}/summary`);
    expect(summary.text).toContain('Diagnósticos (CID-10)');
    expect(summary.text).toContain('I10 — HAS');
  });

  it('gives a readable summary page with no script and a strict policy', async () => {
    const answer = await fetchText(doctor, `/api/patients/${patientId}/summary`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(answer.text).toContain('<html lang="pt-BR">');
    expect(answer.text).toContain('Maria Aparecida da Silva');
    expect(answer.text).toContain('Dipirona');
    expect(answer.text).not.toContain('<script');
  });

  it('answers 404 to another doctor, and records each export in the audit trail', async () => {
    for (const path of ['fhir', 'summary']) {
      const answer = await fetchText(other, `/api/patients/${patientId}/${path}`);
      expect(answer.status).toBe(404);
    }
    const trail = await fetchText(doctor, `/api/audit?entityId=${patientId}`);
    const actions = (JSON.parse(trail.text) as { entries: { action: string }[] }).entries.map(
      (entry) => entry.action,
    );
    expect(actions.filter((action) => action === 'export').length).toBeGreaterThanOrEqual(2);
  });
});
