import { beforeAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { ADDENDUM_MAX_LENGTH, type MedicalRecord } from '@shared/records/medical-record';
import { refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';
import { fetchAnswer } from '../testing/wire';

const fixture = useTestServer();

let doctor: TestDoctorAccount;
beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url, 'Dra. Helena Prado');
});

/** A record with some content, finalised; fails the test if the API refuses. */
async function finalisedRecord(account = doctor): Promise<MedicalRecord> {
  const { api } = account.browser;
  const created = await api.call(recordsApi.create, {
    body: {
      patientInfo: { name: 'Maria Souza', age: 45 },
      symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
      plan: 'Analgesia',
    },
  });
  const finalised = await api.call(recordsApi.update, {
    params: { id: created.recordId },
    body: { status: 'finalizado' },
  });
  return finalised.record;
}

async function read(id: string, account = doctor): Promise<MedicalRecord> {
  return (await account.browser.api.call(recordsApi.get, { params: { id } })).record;
}

async function etagOf(id: string): Promise<string | null> {
  const response = await doctor.browser.fetch(`/api/medical-records/${id}`);
  return response.headers.get('etag');
}

describe('a finalised record', () => {
  it('refuses any change of its content with 409 record_finalized and keeps it as it was', async () => {
    const record = await finalisedRecord();
    const { api } = doctor.browser;
    const params = { id: record.id };
    const changes = [
      { symptoms: { chiefComplaint: 'Texto trocado' } },
      { plan: null },
      { assessment: 'Acrescentado depois' },
      { currentStep: 'symptoms' as const },
      { status: 'finalizado' as const, plan: 'Outro plano' },
    ];
    for (const change of changes) {
      const refusal = await refusalOf(api.call(recordsApi.update, { params, body: change }));
      expect(refusal, JSON.stringify(change)).toMatchObject({
        status: 409,
        code: 'record_finalized',
        body: { success: false, record: { version: record.version } },
      });
      expect(refusal.message).toBe(
        'Este prontuário foi finalizado e não pode ser alterado. Registre a correção como adendo.',
      );
    }
    // With the version it last saw, too: a finalised record is no version to choose between.
    const withIfMatch = api.call(recordsApi.update, {
      params,
      body: { plan: 'x' },
      ifMatch: record.version,
    });
    await expect(withIfMatch).rejects.toMatchObject({ status: 409, code: 'record_finalized' });

    const after = await read(record.id);
    expect(after).toEqual(record);
    expect(after.status).toBe('finalizado');
    expect(after.symptoms).toEqual({ chiefComplaint: 'Cefaleia há 3 dias' });
  });

  it('answers a write that changes nothing with 200 and no new version', async () => {
    const record = await finalisedRecord();
    const before = await etagOf(record.id);
    const same = await fetchAnswer(doctor.browser, 'PUT', `/api/medical-records/${record.id}`, {
      json: {
        status: 'finalizado',
        plan: 'Analgesia',
        patientInfo: { age: 45, name: 'Maria Souza' },
      },
    });
    expect(same).toMatchObject({
      status: 200,
      body: { success: true, record: { version: record.version } },
    });
    expect(await etagOf(record.id)).toBe(before);
  });

  it('is kept: DELETE answers 409 record_finalized and the record stays', async () => {
    const record = await finalisedRecord();
    const refusal = await refusalOf(
      doctor.browser.api.call(recordsApi.remove, { params: { id: record.id } }),
    );
    expect(refusal).toMatchObject({ status: 409, code: 'record_finalized' });
    expect(await read(record.id)).toEqual(record);
  });

  it('takes addenda: 201, author from the session, date and time, listed oldest first', async () => {
    const record = await finalisedRecord();
    expect(record.addenda).toEqual([]);
    const { api } = doctor.browser;
    const params = { id: record.id };

    // The first on the wire: its 201 is no part of what the typed client answers.
    const first = await fetchAnswer(
      doctor.browser,
      'POST',
      `/api/medical-records/${record.id}/addenda`,
      {
        json: { text: '  Paciente relatou alergia a AAS após a consulta.  ' },
      },
    );
    expect(first).toMatchObject({ status: 201, body: { success: true } });
    const { addendum } = recordsApi.addAddendum.readAnswer(first.body, new Headers());
    expect(addendum).toMatchObject({
      author: 'Dra. Helena Prado',
      text: 'Paciente relatou alergia a AAS após a consulta.',
    });
    expect(addendum.id).toMatch(/^addendum-/);
    expect(addendum.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    await api.call(recordsApi.addAddendum, { params, body: { text: 'Retorno antecipado.' } });

    const after = await read(record.id);
    expect(after.addenda?.map((addendum) => addendum.text)).toEqual([
      'Paciente relatou alergia a AAS após a consulta.',
      'Retorno antecipado.',
    ]);
    expect(after.addenda?.[0]).toEqual(addendum);
    // The record itself is untouched; only its version says a reader now gets more.
    expect(after.plan).toBe('Analgesia');
    expect(after.status).toBe('finalizado');
    expect(after.updatedAt).toBe(record.updatedAt);
    expect(after.version).toBe(record.version + 2);
    expect(await etagOf(record.id)).toBe(`"${after.version}"`);

    const listed = await api.call(recordsApi.list, { query: { status: 'finalizado', limit: 100 } });
    const inList = listed.records.find((item) => item.id === record.id);
    expect(inList?.addenda).toEqual(after.addenda);
  });

  it('offers no way to edit or delete an addendum', async () => {
    const record = await finalisedRecord();
    const { api } = doctor.browser;
    const params = { id: record.id };
    const added = await api.call(recordsApi.addAddendum, { params, body: { text: 'Original.' } });
    const path = `/api/medical-records/${record.id}/addenda/${added.addendum.id}`;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await doctor.browser.fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'DELETE' ? undefined : JSON.stringify({ text: 'Trocado.' }),
      });
      expect(response.status, method).toBe(404);
    }
    // Nor through the record: addenda are no writable part of it.
    const viaRecord = api.call(recordsApi.update, { params, body: { addenda: [] } as never });
    await expect(viaRecord).rejects.toMatchObject({ status: 400 });
    expect((await read(record.id)).addenda).toEqual([added.addendum]);
  });
});

describe('addenda', () => {
  it('are refused on a record in progress with 409 record_not_finalized', async () => {
    const { api } = doctor.browser;
    const created = await api.call(recordsApi.create, {
      body: { patientInfo: { name: 'Rascunho' } },
    });
    const refusal = await refusalOf(
      api.call(recordsApi.addAddendum, {
        params: { id: created.recordId },
        body: { text: 'Nota.' },
      }),
    );
    expect(refusal).toMatchObject({
      status: 409,
      code: 'record_not_finalized',
      body: { success: false },
    });
    expect(refusal.message).toMatch(/edite-o diretamente/);
    expect((await read(created.recordId)).version).toBe(1);
  });

  it('validate their text: 400 when empty, blank, too long, with NUL or not text', async () => {
    const record = await finalisedRecord();
    const invalid: { body: unknown; message: RegExp }[] = [
      { body: {}, message: /Texto/ },
      { body: { text: '' }, message: /Texto.*vazio/ },
      { body: { text: '   \n ' }, message: /Texto.*vazio/ },
      { body: { text: 'a'.repeat(ADDENDUM_MAX_LENGTH + 1) }, message: /5000 caracteres/ },
      { body: { text: 'antes\u0000depois' }, message: /caractere inválido em text\./ },
      { body: { text: 42 }, message: /Texto/ },
      { body: { text: 'ok', author: 'Outro nome' }, message: /não reconhecido: author/ },
    ];
    for (const { body, message } of invalid) {
      const response = await doctor.browser.fetch(`/api/medical-records/${record.id}/addenda`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const answer = (await response.json()) as { success: boolean; error: string };
      expect(answer.success).toBe(false);
      expect(answer.error).toMatch(message);
    }
    await doctor.browser.api.call(recordsApi.addAddendum, {
      params: { id: record.id },
      body: { text: 'a'.repeat(ADDENDUM_MAX_LENGTH) },
    });
    expect((await read(record.id)).addenda).toHaveLength(1);
  });

  it("answer 404 for another doctor's record, exactly like a missing one", async () => {
    const record = await finalisedRecord();
    const other = await signUpDoctor(fixture.server.url, 'Dr. Outro');
    const addAddendumTo = (id: string) =>
      refusalOf(
        other.browser.api.call(recordsApi.addAddendum, {
          params: { id },
          body: { text: 'Invasão.' },
        }),
      );
    const foreign = await addAddendumTo(record.id);
    const missing = await addAddendumTo('medical-record-nao-existe');
    expect(foreign).toMatchObject({ status: 404, code: 'not_found', body: { success: false } });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect((await read(record.id)).addenda).toEqual([]);
  });

  it('answer 401 without a session', async () => {
    const record = await finalisedRecord();
    const response = await fetch(`${fixture.server.url}/api/medical-records/${record.id}/addenda`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Sem sessão.' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('writes to a record in progress', () => {
  it('keep the version and ETag when they change nothing, and bump them when they do', async () => {
    const { api } = doctor.browser;
    const created = await api.call(recordsApi.create, {
      body: { patientInfo: { name: 'Joana', allergies: ['dipirona'] }, currentStep: 'symptoms' },
    });
    const id = created.recordId;
    const params = { id };
    expect(await etagOf(id)).toBe('"1"');

    // Clicking through to the step it is already on, resending the same content.
    const same = await api.call(recordsApi.update, {
      params,
      body: { currentStep: 'symptoms', patientInfo: { allergies: ['dipirona'], name: 'Joana' } },
      ifMatch: 1,
    });
    expect(same.record.version).toBe(1);
    expect(await etagOf(id)).toBe('"1"');
    expect((await read(id)).updatedAt).toBe(created.record.updatedAt);

    const moved = await api.call(recordsApi.update, {
      params,
      body: { currentStep: 'physical-exam' },
      ifMatch: 1,
    });
    expect(moved.record.version).toBe(2);
    expect(await etagOf(id)).toBe('"2"');

    // A device still at version 1 that sends what the record already holds has nothing to
    // conflict about.
    const late = await api.call(recordsApi.update, {
      params,
      body: { currentStep: 'physical-exam' },
      ifMatch: 1,
    });
    expect(late.record.version).toBe(2);
    // One that sends something else does.
    const stale = api.call(recordsApi.update, { params, body: { plan: 'Plano' }, ifMatch: 1 });
    await expect(stale).rejects.toMatchObject({ status: 409, code: 'record_changed' });
  });
});

describe("a record's prescribed medicines", () => {
  it('carry their quantity to dispense, computed by the server; resending them changes nothing', async () => {
    const amoxicilina = {
      name: 'Amoxicilina',
      dosage: '500mg',
      frequency: '8/8h',
      duration: '7 dias',
      // A client's number is not trusted: the server computes it from the parts.
      dispenseQuantity: { amount: 7, unit: 'dias', text: '7 (sete)' },
    };
    const { api } = doctor.browser;
    const created = await api.call(recordsApi.create, {
      body: {
        patientInfo: { name: 'Maria Silva', age: 45 },
        prescriptions: { medications: [amoxicilina] },
      },
    });
    const params = { id: created.recordId };
    const stored = (await read(created.recordId)).prescriptions?.medications?.[0];
    expect(stored?.dispenseQuantity).toEqual({
      amount: 21,
      unit: 'cápsulas',
      text: '21 (vinte e uma) cápsulas',
    });

    // The browser resends the item as it holds it, without the computed quantity.
    const { dispenseQuantity: _computed, ...asTyped } = amoxicilina;
    const again = await api.call(recordsApi.update, {
      params,
      body: { prescriptions: { medications: [asTyped] } },
      ifMatch: 1,
    });
    expect(again.record.version).toBe(1);

    // A doctor's own quantity is kept as written.
    const byDoctor = { amount: 2, unit: 'caixas', text: '2 (duas) caixas', enteredByDoctor: true };
    const edited = await api.call(recordsApi.update, {
      params,
      body: { prescriptions: { medications: [{ ...asTyped, dispenseQuantity: byDoctor }] } },
      ifMatch: 1,
    });
    expect(edited.record.prescriptions?.medications?.[0]?.dispenseQuantity).toEqual(byDoctor);
  });
});
