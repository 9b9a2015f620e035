import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { localToday } from '@shared/lib/local-day';
import type { Patient, PatientWrite } from '@shared/patients/patient';
import { ageOn } from '@shared/patients/search';
import { refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { TestBrowser, signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';

const fixture = useTestServer();

const MARIA: PatientWrite = {
  name: 'Maria Aparecida dos Santos',
  birthDate: '12/03/1961',
  sex: 'feminino',
  cpf: '529.982.247-25',
  cns: '898 0010 2800 0008',
  phone: '(11) 98765-4321',
  address: {
    street: 'Rua das Flores',
    number: '12',
    city: 'São Paulo',
    uf: 'SP',
    cep: '01310-100',
  },
  allergies: ['dipirona'],
  chronicConditions: ['hipertensão'],
  medications: ['losartana 50 mg'],
  notes: 'Prefere consultas pela manhã.',
};

/** `counts` of a patient nothing is kept about yet (GET /:id). */
const NOTHING_KEPT = { records: 0, prescriptions: 0, documents: 0 };

async function createPatient(api: ApiClient, body: PatientWrite): Promise<Patient> {
  return (await api.call(patientsApi.create, { body })).patient;
}

/** The names a search answers, every page walked. */
async function namesFound(api: ApiClient, q: string): Promise<string[]> {
  return (await walkList(api, { q })).map((patient) => patient.name);
}

/** Every page of a list, with the size of each. */
async function walkList(
  api: ApiClient,
  query: { q?: string; limit?: number },
  pageSizes: number[] = [],
): Promise<Patient[]> {
  const found: Patient[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.call(patientsApi.list, { query: { ...query, cursor } });
    found.push(...page.patients);
    pageSizes.push(page.patients.length);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

describe('patients API without a session', () => {
  it('answers 401 on every call', async () => {
    const anonymous = new TestBrowser(fixture.server.url).api;
    const params = { id: 'patient-x' };
    const refusals = await Promise.all([
      refusalOf(anonymous.call(patientsApi.list)),
      refusalOf(anonymous.call(patientsApi.create, { body: { name: 'Maria' } })),
      refusalOf(anonymous.call(patientsApi.get, { params })),
      refusalOf(anonymous.call(patientsApi.update, { params, body: { name: 'Maria' } })),
      refusalOf(anonymous.call(patientsApi.erase, { params })),
      refusalOf(anonymous.call(patientsApi.timeline, { params })),
      refusalOf(anonymous.call(patientsApi.chart, { params })),
      refusalOf(anonymous.call(patientsApi.vitals, { params })),
      refusalOf(anonymous.call(patientsApi.merge, { params, body: { otherId: 'patient-y' } })),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });
});

describe('patients API', () => {
  let doctor: TestDoctorAccount;
  let other: TestDoctorAccount;
  beforeAll(async () => {
    [doctor, other] = await Promise.all([
      signUpDoctor(fixture.server.url),
      signUpDoctor(fixture.server.url),
    ]);
  });

  it('creates, reads, updates and erases a patient, with the age from the birth date', async () => {
    const { api } = doctor.browser;
    const created = await fetchAnswer(doctor.browser, 'POST', '/api/patients', { json: MARIA });
    expect(created).toMatchObject({ status: 201, etag: '"1"', body: { success: true } });
    const { patient } = patientsApi.create.readAnswer(created.body, new Headers());
    expect(patient.id).toMatch(/^patient-/);
    expect(patient).toEqual({
      id: patient.id,
      name: 'Maria Aparecida dos Santos',
      birthDate: '1961-03-12',
      age: ageOn('1961-03-12', localToday()),
      sex: 'feminino',
      cpf: '52998224725',
      cns: '898001028000008',
      phone: '(11) 98765-4321',
      address: {
        street: 'Rua das Flores',
        number: '12',
        city: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
      },
      allergies: ['dipirona'],
      chronicConditions: ['hipertensão'],
      medications: ['losartana 50 mg'],
      notes: 'Prefere consultas pela manhã.',
      version: 1,
      createdAt: expect.any(String) as string,
      updatedAt: expect.any(String) as string,
    });

    const params = { id: patient.id };
    const read = await fetchAnswer(doctor.browser, 'GET', `/api/patients/${patient.id}`);
    // Asked for alone, she comes with how much is kept about her; no visit yet, so no lastVisit.
    expect(read).toEqual({
      status: 200,
      etag: '"1"',
      body: { success: true, patient: { ...patient, counts: NOTHING_KEPT } },
    });

    // A visit: her latest, with her age on that day, in the chart and in the list.
    const visit = await api.call(recordsApi.create, {
      body: { patientId: patient.id, patientInfo: { name: patient.name, age: 65 } },
    });
    expect(visit.record.patientId).toBe(patient.id);
    const lastVisit = { date: visit.record.createdAt, age: 65 };
    expect((await api.call(patientsApi.get, { params })).patient).toEqual({
      ...patient,
      lastVisit,
      counts: { records: 1, prescriptions: 0, documents: 0 },
    });
    const listed = await api.call(patientsApi.list, { query: { q: 'maria aparecida' } });
    expect(listed.patients).toEqual([{ ...patient, lastVisit }]);

    // The whole patient is sent: what is left out is cleared.
    const { patient: updated } = await api.call(patientsApi.update, {
      params,
      body: { name: 'Maria Aparecida Santos', allergies: ['dipirona', 'penicilina'] },
      ifMatch: 1,
    });
    expect(updated).toEqual({
      id: patient.id,
      name: 'Maria Aparecida Santos',
      allergies: ['dipirona', 'penicilina'],
      chronicConditions: [],
      medications: [],
      version: 2,
      createdAt: patient.createdAt,
      updatedAt: expect.any(String) as string,
    });

    // With a visit, her record is kept (20 years from its last entry): nothing goes.
    const retained = await fetchAnswer(doctor.browser, 'DELETE', `/api/patients/${patient.id}`);
    expect(retained).toMatchObject({
      status: 409,
      body: { success: false, code: 'retention_required' },
    });
    expect((await api.call(patientsApi.get, { params })).patient).toMatchObject({
      version: 2,
      counts: { records: 1, prescriptions: 0, documents: 0 },
    });

    // The visit opened by mistake is discarded: she has nothing clinical, and goes.
    await api.call(recordsApi.remove, { params: { id: visit.recordId } });
    const erased = await fetchAnswer(doctor.browser, 'DELETE', `/api/patients/${patient.id}`);
    expect(erased).toEqual({
      status: 200,
      etag: undefined,
      body: { success: true, erased: { records: 0, prescriptions: 0, documents: 0 } },
    });
    const refusals = [
      await refusalOf(api.call(patientsApi.get, { params })),
      await refusalOf(api.call(patientsApi.update, { params, body: { name: 'X' } })),
      await refusalOf(api.call(patientsApi.erase, { params })),
    ];
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('answers 404 to another doctor on every route, and never lists or finds her', async () => {
    const patient = await createPatient(doctor.browser.api, {
      name: 'Helena Prado',
      cpf: '111.444.777-35',
      birthDate: '1980-01-02',
    });
    const params = { id: patient.id };
    const theirs = other.browser.api;
    const refusals = [
      await refusalOf(theirs.call(patientsApi.get, { params })),
      await refusalOf(theirs.call(patientsApi.update, { params, body: { name: 'Outra' } })),
      await refusalOf(
        theirs.call(patientsApi.update, { params, body: { name: 'Outra' }, ifMatch: 1 }),
      ),
      await refusalOf(theirs.call(patientsApi.erase, { params })),
      await refusalOf(theirs.call(patientsApi.erase, { params, ifMatch: 1 })),
    ];
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        status: 404,
        code: 'not_found',
        body: { success: false, code: 'not_found', error: 'Paciente não encontrado.' },
      });
    }
    for (const q of [undefined, 'helena', 'hel pra', '111.444.777-35', '02/01/1980']) {
      const page = await theirs.call(patientsApi.list, { query: { q } });
      expect(page.patients.map((found) => found.id)).not.toContain(patient.id);
    }
    // Nothing changed for her doctor.
    const mine = await doctor.browser.api.call(patientsApi.get, { params });
    expect(mine.patient).toEqual({ ...patient, counts: NOTHING_KEPT });
  });

  it('finds patients by name words, CPF or CNS in any punctuation, and birth date', async () => {
    const searcher = await signUpDoctor(fixture.server.url);
    const { api } = searcher.browser;
    await createPatient(api, MARIA);
    await createPatient(api, { name: 'José da Silva', birthDate: '1955-07-30' });
    await createPatient(api, { name: 'Mariana Apolinário' });
    await createPatient(api, { name: 'Ana Maria Braga', cpf: '123.456.789-09' });
    await createPatient(api, { name: 'Josefa Martins' });

    expect(await namesFound(api, 'mar apar')).toEqual(['Maria Aparecida dos Santos']);
    expect(await namesFound(api, 'APAR mar')).toEqual(['Maria Aparecida dos Santos']);
    expect(await namesFound(api, 'jose')).toEqual(['José da Silva', 'Josefa Martins']);
    expect(await namesFound(api, 'José Silva')).toEqual(['José da Silva']);
    // 'mar' starts a word of each: first the names it begins, then in name order.
    expect(await namesFound(api, 'mar')).toEqual([
      'Maria Aparecida dos Santos',
      'Mariana Apolinário',
      'Ana Maria Braga',
      'Josefa Martins',
    ]);
    // Each typed word needs a name word of its own: 'Ana Maria Braga' has one 'mar…' only.
    expect(await namesFound(api, 'mar mar')).toEqual([]);
    expect(await namesFound(api, 'ria')).toEqual([]);
    expect(await namesFound(api, 'apolinario')).toEqual(['Mariana Apolinário']);

    for (const cpf of ['529.982.247-25', '52998224725', '529 982 247 25']) {
      expect(await namesFound(api, cpf)).toEqual(['Maria Aparecida dos Santos']);
    }
    for (const cns of ['898 0010 2800 0008', '898001028000008']) {
      expect(await namesFound(api, cns)).toEqual(['Maria Aparecida dos Santos']);
    }
    expect(await namesFound(api, '12/03/1961')).toEqual(['Maria Aparecida dos Santos']);
    expect(await namesFound(api, '30/07/1955')).toEqual(['José da Silva']);
    expect(await namesFound(api, '01/01/1990')).toEqual([]);
    expect(await namesFound(api, '   ')).toHaveLength(5);
  });

  it('pages the list and a search in name order, nothing skipped or repeated', async () => {
    const pager = await signUpDoctor(fixture.server.url);
    const { api } = pager.browser;
    // Homonyms included: the id keeps their order.
    const names = [
      'Carla Souza',
      'Bruno Souza',
      'Ana Souza',
      'Ana Souza',
      'Davi Lima',
      'Érica Souza',
    ];
    const created: Patient[] = [];
    for (const name of names) created.push(await createPatient(api, { name }));

    const pageSizes: number[] = [];
    const all = await walkList(api, { limit: 2 }, pageSizes);
    expect(pageSizes).toEqual([2, 2, 2]);
    expect(all.map((patient) => patient.name)).toEqual([
      'Ana Souza',
      'Ana Souza',
      'Bruno Souza',
      'Carla Souza',
      'Davi Lima',
      'Érica Souza',
    ]);
    expect(new Set(all.map((patient) => patient.id)).size).toBe(6);

    const searchPages: number[] = [];
    const souzas = await walkList(api, { q: 'souza', limit: 2 }, searchPages);
    expect(searchPages).toEqual([2, 2, 1]);
    expect(souzas.map((patient) => patient.name)).toEqual([
      'Ana Souza',
      'Ana Souza',
      'Bruno Souza',
      'Carla Souza',
      'Érica Souza',
    ]);

    const badCursor = await fetchAnswer(pager.browser, 'GET', '/api/patients?cursor=nope');
    expect(badCursor).toMatchObject({ status: 400, body: { success: false, code: 'validation' } });
    const badLimit = await fetchAnswer(pager.browser, 'GET', '/api/patients?limit=0');
    expect(badLimit).toMatchObject({ status: 400, body: { success: false, code: 'validation' } });
  });

  it('puts the best match of a name search first, and pages it without a skip or a repeat', async () => {
    const searcher = await signUpDoctor(fixture.server.url);
    const { api } = searcher.browser;
    for (const name of [
      'Silvana Costa',
      'Maria Silvânia',
      'Bruno Silva',
      'Silva Neto',
      'Ana Silva',
    ]) {
      await createPatient(api, { name });
    }
    const pageSizes: number[] = [];
    const found = await walkList(api, { q: 'silva', limit: 2 }, pageSizes);
    // The whole word before a word that only starts with it; among those, the name it begins
    // first; then name order.
    expect(found.map((patient) => patient.name)).toEqual([
      'Silva Neto',
      'Ana Silva',
      'Bruno Silva',
      'Silvana Costa',
      'Maria Silvânia',
    ]);
    expect(pageSizes).toEqual([2, 2, 1]);

    // A cursor belongs to the kind of list that gave it.
    const listCursor = (await api.call(patientsApi.list, { query: { limit: 1 } })).nextCursor;
    const searchCursor = (await api.call(patientsApi.list, { query: { q: 'silva', limit: 1 } }))
      .nextCursor;
    for (const [q, cursor] of [
      ['silva', listCursor],
      [undefined, searchCursor],
    ] as const) {
      const query = new URLSearchParams({ cursor: cursor ?? '', ...(q ? { q } : {}) });
      expect(await fetchAnswer(searcher.browser, 'GET', `/api/patients?${query}`)).toMatchObject({
        status: 400,
        body: { success: false, code: 'validation', error: 'Cursor de paginação inválido.' },
      });
    }
  });

  it('refuses an invalid CPF or CNS with 400 validation, in Portuguese', async () => {
    const { api } = doctor.browser;
    const badCpf = await refusalOf(
      api.call(patientsApi.create, { body: { name: 'Pedro', cpf: '529.982.247-24' } }),
    );
    expect(badCpf).toMatchObject({ status: 400, code: 'validation' });
    expect(badCpf.message).toContain('CPF inválido: confira os 11 dígitos.');
    const badCns = await refusalOf(
      api.call(patientsApi.create, { body: { name: 'Pedro', cns: '898 0010 2800 0007' } }),
    );
    expect(badCns).toMatchObject({ status: 400, code: 'validation' });
    expect(badCns.message).toContain('CNS inválido');
    const noName = await fetchAnswer(doctor.browser, 'POST', '/api/patients', { json: {} });
    expect(noName).toMatchObject({ status: 400, body: { success: false, code: 'validation' } });
  });

  it('keeps one patient per CPF and per CNS for a doctor: 409 patient_duplicate', async () => {
    const owner = await signUpDoctor(fixture.server.url);
    const { api } = owner.browser;
    const first = await createPatient(api, { name: 'Rita Lopes', cpf: '529.982.247-25' });
    const sameCpf = await fetchAnswer(owner.browser, 'POST', '/api/patients', {
      json: { name: 'Rita L.', cpf: '52998224725' },
    });
    expect(sameCpf).toEqual({
      status: 409,
      etag: undefined,
      body: {
        success: false,
        code: 'patient_duplicate',
        error: 'Já existe um paciente seu com este CPF.',
        field: 'cpf',
        patientId: first.id,
      },
    });
    const withCns = await createPatient(api, { name: 'Rosa Lopes', cns: '700000000000005' });
    const sameCns = await refusalOf(
      api.call(patientsApi.create, { body: { name: 'Rosa', cns: '700 0000 0000 0005' } }),
    );
    expect(sameCns).toMatchObject({
      status: 409,
      code: 'patient_duplicate',
      body: { field: 'cns', patientId: withCns.id },
    });
    // Changing another patient to a taken CPF is refused too, and changes nothing.
    const moved = await refusalOf(
      api.call(patientsApi.update, {
        params: { id: withCns.id },
        body: { name: 'Rosa Lopes', cpf: '529.982.247-25' },
      }),
    );
    expect(moved).toMatchObject({ status: 409, code: 'patient_duplicate' });
    expect((await api.call(patientsApi.get, { params: { id: withCns.id } })).patient).toEqual({
      ...withCns,
      counts: NOTHING_KEPT,
    });
    // Keeping her own CPF is no duplicate; another doctor may have a patient with it.
    await api.call(patientsApi.update, {
      params: { id: first.id },
      body: { name: 'Rita Lopes', cpf: '529.982.247-25', phone: '(21) 3333-4444' },
    });
    await createPatient(other.browser.api, { name: 'Rita Lopes', cpf: '529.982.247-25' });
  });

  it('answers 409 patient_changed with the current patient when If-Match is stale', async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Tereza Cristina' });
    const params = { id: patient.id };
    const firstTab = await api.call(patientsApi.update, {
      params,
      body: { name: 'Tereza Cristina', allergies: ['látex'] },
      ifMatch: 1,
    });
    expect(firstTab.patient.version).toBe(2);

    const stale = await refusalOf(
      api.call(patientsApi.update, { params, body: { name: 'Tereza C.' }, ifMatch: 1 }),
    );
    expect(stale).toMatchObject({
      status: 409,
      code: 'patient_changed',
      body: { patient: { name: 'Tereza Cristina', allergies: ['látex'], version: 2 } },
    });
    const staleErase = await refusalOf(api.call(patientsApi.erase, { params, ifMatch: 1 }));
    expect(staleErase).toMatchObject({
      status: 409,
      code: 'patient_changed',
      body: { patient: { version: 2 } },
    });
    expect((await api.call(patientsApi.get, { params })).patient).toEqual({
      ...firstTab.patient,
      counts: NOTHING_KEPT,
    });

    const badIfMatch = await doctor.browser.fetch(`/api/patients/${patient.id}`, {
      method: 'DELETE',
      headers: { 'if-match': 'abc' },
    });
    expect(badIfMatch.status).toBe(400);
    const erased = await api.call(patientsApi.erase, { params, ifMatch: 2 });
    expect(erased.erased).toEqual({ records: 0, prescriptions: 0, documents: 0 });
    await expect(api.call(patientsApi.get, { params })).rejects.toMatchObject({ status: 404 });
  });

  it("records each access to a patient in the audit trail, by the patient's id", async () => {
    const { api } = doctor.browser;
    const patient = await createPatient(api, { name: 'Lúcia Ramos' });
    await api.call(patientsApi.get, { params: { id: patient.id } });
    const audit = await fetchAnswer(doctor.browser, 'GET', `/api/audit?entityId=${patient.id}`);
    expect(audit).toMatchObject({
      status: 200,
      body: {
        entries: [
          { entityType: 'patient', action: 'read' },
          { entityType: 'patient', action: 'create' },
        ],
      },
    });
  });
});
