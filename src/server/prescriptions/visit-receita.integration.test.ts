/**
 * One receita per visit, on the real server (docs/receitas.md, "A receita da consulta"): a visit
 * holds at most one draft and one valid issued receita, a draft written after the visit's receita
 * was issued is its new version and replaces it when issued, and no receita is issued or signed
 * past a grave safety warning without the doctor's reason — checked with what the visit knows of
 * the patient (a child's weight).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@shared/api/client';
import { prescriptionsApi } from '@shared/api/prescriptions';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { withSafetyReason } from '@shared/prescriptions/safety-warnings';
import { refusalOf } from '../testing/api-calls';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor } from '../testing/test-server';
import { newCpf, newPrescription, prescriptionInput } from './test-fixtures';

const fixture = useTestServer();

let api: ApiClient;
let otherApi: ApiClient;
/** The child's chart, with the CPF an antimicrobial's receita names (RDC 1.000/2025). */
let pedroId: string;

beforeAll(async () => {
  const [doctor, other] = await Promise.all([
    signUpDoctor(fixture.server.url),
    signUpDoctor(fixture.server.url),
  ]);
  api = doctor.browser.api;
  otherApi = other.browser.api;
  pedroId = (
    await api.call(patientsApi.create, {
      body: { name: 'Pedro Alves', sex: 'masculino', cpf: newCpf() },
    })
  ).patient.id;
});

/** A new visit of the doctor's: a 4-year-old of 16 kg. */
async function childVisit(client: ApiClient = api): Promise<string> {
  const created = await client.call(recordsApi.create, {
    body: {
      patientInfo: { name: 'Pedro Alves', age: 4, gender: 'masculino' },
      physicalExam: { vitalSigns: { weight: 16 } },
    },
  });
  return created.recordId;
}

/** 250 mg every 8 hours: about 47 mg/kg/day for 16 kg, a usual dose. */
const AMOXICILINA = {
  name: 'Amoxicilina',
  dosage: '250 mg',
  frequency: '8/8h',
  duration: '7 dias',
};
/** 2 g every 8 hours: 375 mg/kg/day for 16 kg, several times the usual maximum. */
const OVERDOSE = { ...AMOXICILINA, dosage: '2000 mg' };

describe('the receita of a visit', () => {
  it('is one: a second draft or issued receita of the visit answers the first', async () => {
    const recordId = await childVisit();
    const draft = await newPrescription(api, {
      recordId,
      patientId: pedroId,
      patientAge: '4 anos',
      medications: [AMOXICILINA],
    });
    expect(draft).toMatchObject({ recordId, isFinalized: false });
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await refusalOf(
        api.call(prescriptionsApi.create, {
          body: prescriptionInput({ recordId, patientId: pedroId, medications: [AMOXICILINA] }),
        }),
      );
      expect(again).toMatchObject({ status: 409, code: 'prescription_exists' });
      expect(again.body).toMatchObject({ prescription: { id: draft.id, recordId } });
    }

    const issued = await api.call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { isFinalized: true },
    });
    expect(issued.prescription.validation).toBeDefined();
    const issuedAgain = await refusalOf(
      api.call(prescriptionsApi.create, {
        body: prescriptionInput({
          recordId,
          patientId: pedroId,
          isFinalized: true,
          medications: [AMOXICILINA],
        }),
      }),
    );
    expect(issuedAgain.body).toMatchObject({
      code: 'prescription_exists',
      prescription: { id: draft.id },
    });
  });

  it('is replaced by its new version when that one is issued', async () => {
    const recordId = await childVisit();
    const first = await newPrescription(api, {
      recordId,
      patientId: pedroId,
      isFinalized: true,
      patientAge: '4 anos',
      medications: [AMOXICILINA],
    });
    // The prescription changed after it was issued: the visit's draft is its new version.
    const next = await newPrescription(api, {
      recordId,
      patientId: pedroId,
      patientAge: '4 anos',
      medications: [{ ...AMOXICILINA, duration: '10 dias' }],
    });
    expect(next.replacesId).toBe(first.id);
    const stillValid = (await api.call(prescriptionsApi.get, { params: { id: first.id } }))
      .prescription;
    expect(stillValid.cancellation).toBeUndefined();

    await api.call(prescriptionsApi.update, {
      params: { id: next.id },
      body: { isFinalized: true },
    });
    const replaced = (await api.call(prescriptionsApi.get, { params: { id: first.id } }))
      .prescription;
    expect(replaced.cancellation?.reason).toBe('Substituída por nova versão.');
    const list = await api.call(prescriptionsApi.list, { query: { limit: 100 } });
    const valid = list.prescriptions.filter(
      (prescription) => prescription.recordId === recordId && !prescription.cancellation,
    );
    expect(valid.map((prescription) => prescription.id)).toEqual([next.id]);
  });

  it("is never another doctor's visit", async () => {
    const theirs = await childVisit(otherApi);
    const refused = await refusalOf(
      api.call(prescriptionsApi.create, { body: prescriptionInput({ recordId: theirs }) }),
    );
    expect(refused).toMatchObject({ status: 404, message: 'Prontuário não encontrado.' });
  });
});

describe('the safety hold on the server', () => {
  it("checks a visit's receita with the child's weight, and issues it only with the doctor's reason", async () => {
    const recordId = await childVisit();
    const draft = await newPrescription(api, {
      recordId,
      patientId: pedroId,
      patientName: 'Pedro Alves',
      patientAge: '4 anos',
      medications: [OVERDOSE],
    });
    const { warnings } = await api.call(prescriptionsApi.safety, { params: { id: draft.id } });
    const dose = warnings.find((warning) => warning.kind === 'dose');
    expect(dose).toMatchObject({ severity: 'grave' });
    if (!dose) throw new Error('no dose warning');

    const refused = await refusalOf(
      api.call(prescriptionsApi.update, { params: { id: draft.id }, body: { isFinalized: true } }),
    );
    expect(refused).toMatchObject({ status: 409, code: 'safety_reason_required' });
    expect(refused.body).toMatchObject({ warnings: [{ kind: 'dose', severity: 'grave' }] });
    // An antimicrobial's receita is never signed digitally: it goes on paper.
    expect(
      await refusalOf(
        api.call(prescriptionsApi.sign, { params: { id: draft.id }, body: { password: 'x' } }),
      ),
    ).toMatchObject({ status: 409, code: 'sncr_required' });
    // Nor issued at once.
    const atOnce = await refusalOf(
      api.call(prescriptionsApi.create, {
        body: prescriptionInput({
          recordId,
          patientId: pedroId,
          isFinalized: true,
          medications: [OVERDOSE],
        }),
      }),
    );
    expect(atOnce).toMatchObject({ status: 409, code: 'safety_reason_required' });
    expect(
      (await api.call(prescriptionsApi.get, { params: { id: draft.id } })).prescription,
    ).toMatchObject({ isFinalized: false });

    const safetyReasons = withSafetyReason([], dose, 'Dose conferida com a pediatra.');
    const reasoned = await api.call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { safetyReasons },
    });
    const issued = await api.call(prescriptionsApi.update, {
      params: { id: draft.id },
      body: { isFinalized: true },
      ifMatch: reasoned.prescription.version,
    });
    expect(issued.prescription).toMatchObject({ isFinalized: true, safetyReasons });
  });
});

describe("a patient's timeline", () => {
  it('says when a receita was signed or cancelled, not only issued', async () => {
    const { patient } = await api.call(patientsApi.create, {
      body: { name: 'Rita Lopes', birthDate: '1970-01-02', cpf: newCpf() },
    });
    const issued = await newPrescription(api, {
      patientId: patient.id,
      isFinalized: true,
      medications: [AMOXICILINA],
    });
    const draft = await newPrescription(api, { patientId: patient.id, medications: [AMOXICILINA] });
    await api.call(prescriptionsApi.cancel, {
      params: { id: issued.id },
      body: { reason: 'Prescrita por engano.' },
    });
    const { items } = await api.call(patientsApi.timeline, { params: { id: patient.id } });
    const life = (id: string) => {
      const item = items.find((entry) => entry.id === id);
      return item && { finalized: item.finalized, receitaLife: item.receitaLife };
    };
    expect(life(issued.id)).toEqual({ finalized: true, receitaLife: 'cancelada' });
    expect(life(draft.id)).toEqual({ finalized: false, receitaLife: undefined });
  });
});
