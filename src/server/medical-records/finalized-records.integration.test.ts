import { beforeAll, describe, expect, it } from 'vitest';
import { ADDENDUM_MAX_LENGTH, type MedicalRecord } from '../../shared/medical-record';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let doctor: TestDoctorAccount;
beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url, 'Dra. Helena Prado');
});

/** A record with some content, finalised; fails the test if the API refuses. */
async function finalisedRecord(account = doctor): Promise<MedicalRecord> {
  const { records } = account.browser;
  const created = await records.create({
    patientInfo: { name: 'Maria Souza', age: 45 },
    symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
    plan: 'Analgesia',
  });
  if (!created.success) throw new Error(created.error);
  const finalised = await records.update(created.recordId, { status: 'finalizado' });
  if (!finalised.success) throw new Error(finalised.error);
  return finalised.record;
}

async function read(id: string, account = doctor): Promise<MedicalRecord> {
  const answer = await account.browser.records.get(id);
  if (!answer.success) throw new Error(answer.error);
  return answer.record;
}

async function etagOf(id: string): Promise<string | null> {
  const response = await doctor.browser.fetch(`/api/medical-records/${id}`);
  return response.headers.get('etag');
}

describe('a finalised record', () => {
  it('refuses any change of its content with 409 record_finalized and keeps it as it was', async () => {
    const record = await finalisedRecord();
    const { records } = doctor.browser;
    const changes = [
      { symptoms: { chiefComplaint: 'Texto trocado' } },
      { plan: null },
      { assessment: 'Acrescentado depois' },
      { currentStep: 'symptoms' as const },
      { status: 'finalizado' as const, plan: 'Outro plano' },
    ];
    for (const change of changes) {
      const answer = await records.update(record.id, change);
      expect(answer, JSON.stringify(change)).toMatchObject({
        success: false,
        status: 409,
        code: 'record_finalized',
      });
      expect(!answer.success && answer.error).toBe(
        'Este prontuário foi finalizado e não pode ser alterado. Registre a correção como adendo.',
      );
      expect(!answer.success && answer.record?.version).toBe(record.version);
    }
    // With the version it last saw, too: a finalised record is no version to choose between.
    const withIfMatch = await records.update(record.id, { plan: 'x' }, record.version);
    expect(withIfMatch).toMatchObject({ status: 409, code: 'record_finalized' });

    const after = await read(record.id);
    expect(after).toEqual(record);
    expect(after.status).toBe('finalizado');
    expect(after.symptoms).toEqual({ chiefComplaint: 'Cefaleia há 3 dias' });
  });

  it('answers a write that changes nothing with 200 and no new version', async () => {
    const record = await finalisedRecord();
    const before = await etagOf(record.id);
    const same = await doctor.browser.records.update(record.id, {
      status: 'finalizado',
      plan: 'Analgesia',
      patientInfo: { age: 45, name: 'Maria Souza' },
    });
    expect(same).toMatchObject({ success: true, status: 200 });
    expect(same.success && same.record.version).toBe(record.version);
    expect(await etagOf(record.id)).toBe(before);
  });

  it('is kept: DELETE answers 409 record_finalized and the record stays', async () => {
    const record = await finalisedRecord();
    const answer = await doctor.browser.records.remove(record.id);
    expect(answer).toMatchObject({
      success: false,
      status: 409,
      code: 'record_finalized',
    });
    expect(await read(record.id)).toEqual(record);
  });

  it('takes addenda: 201, author from the session, date and time, listed oldest first', async () => {
    const record = await finalisedRecord();
    expect(record.addenda).toEqual([]);
    const { records } = doctor.browser;

    const first = await records.addAddendum(record.id, {
      text: '  Paciente relatou alergia a AAS após a consulta.  ',
    });
    expect(first).toMatchObject({ success: true, status: 201 });
    if (!first.success) return;
    expect(first.addendum).toMatchObject({
      author: 'Dra. Helena Prado',
      text: 'Paciente relatou alergia a AAS após a consulta.',
    });
    expect(first.addendum.id).toMatch(/^addendum-/);
    expect(first.addendum.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const second = await records.addAddendum(record.id, { text: 'Retorno antecipado.' });
    expect(second.success).toBe(true);

    const after = await read(record.id);
    expect(after.addenda?.map((addendum) => addendum.text)).toEqual([
      'Paciente relatou alergia a AAS após a consulta.',
      'Retorno antecipado.',
    ]);
    expect(after.addenda?.[0]).toEqual(first.addendum);
    // The record itself is untouched; only its version says a reader now gets more.
    expect(after.plan).toBe('Analgesia');
    expect(after.status).toBe('finalizado');
    expect(after.updatedAt).toBe(record.updatedAt);
    expect(after.version).toBe(record.version + 2);
    expect(await etagOf(record.id)).toBe(`"${after.version}"`);

    const listed = await records.list({ status: 'finalizado', limit: 100 });
    const inList = listed.success && listed.records.find((item) => item.id === record.id);
    expect(inList && inList.addenda).toEqual(after.addenda);
  });

  it('offers no way to edit or delete an addendum', async () => {
    const record = await finalisedRecord();
    const added = await doctor.browser.records.addAddendum(record.id, { text: 'Original.' });
    if (!added.success) throw new Error(added.error);
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
    const viaRecord = await doctor.browser.records.update(record.id, {
      addenda: [],
    } as never);
    expect(viaRecord).toMatchObject({ success: false, status: 400 });
    expect((await read(record.id)).addenda).toEqual([added.addendum]);
  });
});

describe('addenda', () => {
  it('are refused on a record in progress with 409 record_not_finalized', async () => {
    const created = await doctor.browser.records.create({ patientInfo: { name: 'Rascunho' } });
    if (!created.success) throw new Error(created.error);
    const answer = await doctor.browser.records.addAddendum(created.recordId, { text: 'Nota.' });
    expect(answer).toMatchObject({
      success: false,
      status: 409,
      code: 'record_not_finalized',
    });
    expect(!answer.success && answer.error).toMatch(/edite-o diretamente/);
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
    const longest = await doctor.browser.records.addAddendum(record.id, {
      text: 'a'.repeat(ADDENDUM_MAX_LENGTH),
    });
    expect(longest.success).toBe(true);
    expect((await read(record.id)).addenda).toHaveLength(1);
  });

  it("answer 404 for another doctor's record, exactly like a missing one", async () => {
    const record = await finalisedRecord();
    const other = await signUpDoctor(fixture.server.url, 'Dr. Outro');
    const foreign = await other.browser.records.addAddendum(record.id, { text: 'Invasão.' });
    const missing = await other.browser.records.addAddendum('medical-record-nao-existe', {
      text: 'Invasão.',
    });
    expect(foreign).toMatchObject({ success: false, status: 404 });
    expect(foreign).toEqual(missing);
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
    const created = await doctor.browser.records.create({
      patientInfo: { name: 'Joana', allergies: ['dipirona'] },
      currentStep: 'symptoms',
    });
    if (!created.success) throw new Error(created.error);
    const { records } = doctor.browser;
    const id = created.recordId;
    expect(await etagOf(id)).toBe('"1"');

    // Clicking through to the step it is already on, resending the same content.
    const same = await records.update(
      id,
      { currentStep: 'symptoms', patientInfo: { allergies: ['dipirona'], name: 'Joana' } },
      1,
    );
    expect(same).toMatchObject({ success: true, status: 200 });
    expect(same.success && same.record.version).toBe(1);
    expect(await etagOf(id)).toBe('"1"');
    expect((await read(id)).updatedAt).toBe(created.record.updatedAt);

    const moved = await records.update(id, { currentStep: 'physical-exam' }, 1);
    expect(moved.success && moved.record.version).toBe(2);
    expect(await etagOf(id)).toBe('"2"');

    // A device still at version 1 that sends what the record already holds has nothing to
    // conflict about.
    const late = await records.update(id, { currentStep: 'physical-exam' }, 1);
    expect(late).toMatchObject({ success: true, status: 200 });
    expect(late.success && late.record.version).toBe(2);
    // One that sends something else does.
    const stale = await records.update(id, { plan: 'Plano' }, 1);
    expect(stale).toMatchObject({ status: 409, code: 'record_changed' });
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
    const { records } = doctor.browser;
    const created = await records.create({
      patientInfo: { name: 'Maria Silva', age: 45 },
      prescriptions: { medications: [amoxicilina] },
    });
    if (!created.success) throw new Error(created.error);
    const stored = (await read(created.recordId)).prescriptions?.medications?.[0];
    expect(stored?.dispenseQuantity).toEqual({
      amount: 21,
      unit: 'cápsulas',
      text: '21 (vinte e uma) cápsulas',
    });

    // The browser resends the item as it holds it, without the computed quantity.
    const { dispenseQuantity: _computed, ...asTyped } = amoxicilina;
    const again = await records.update(
      created.recordId,
      { prescriptions: { medications: [asTyped] } },
      1,
    );
    expect(again.success && again.record.version).toBe(1);

    // A doctor's own quantity is kept as written.
    const byDoctor = { amount: 2, unit: 'caixas', text: '2 (duas) caixas', enteredByDoctor: true };
    const edited = await records.update(
      created.recordId,
      { prescriptions: { medications: [{ ...asTyped, dispenseQuantity: byDoctor }] } },
      1,
    );
    expect(
      edited.success && edited.record.prescriptions?.medications?.[0]?.dispenseQuantity,
    ).toEqual(byDoctor);
  });
});
