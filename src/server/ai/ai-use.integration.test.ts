import { describe, expect, it } from 'vitest';
import { OFFLINE_ENGINE_SOURCE } from '@shared/ai/use';
import { aiApi } from '@shared/api/ai';
import type { ApiClient } from '@shared/api/client';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import { settingsApi } from '@shared/api/settings';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { refusalOf } from '../testing/api-calls';
import { useSignedInTestServer } from '../testing/server-fixture';
import { signUpDoctor } from '../testing/test-server';

// docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026": the AI routes record their use in the
// visit's chart, refuse a patient who refused AI and a doctor who switched it off.

const running = useSignedInTestServer(() => ({ AI_RATE_LIMIT_PER_MINUTE: '10000' }));
const api = (): ApiClient => running().doctor.browser.api;

const CASE = 'Paciente com tosse e febre há 3 dias, prescrevo amoxicilina.';
const RECORD = { symptoms: { chiefComplaint: 'Tosse e febre' } };

async function patientWith(aiConsent?: 'informada' | 'recusou') {
  const { patient } = await api().call(patientsApi.create, {
    body: { name: 'Maria Souza', ...(aiConsent ? { aiConsent } : {}) },
  });
  return patient;
}

async function visitOf(patientId?: string) {
  const { recordId } = await api().call(recordsApi.create, {
    body: {
      ...(patientId ? { patientId } : {}),
      patientInfo: { name: 'Maria Souza', age: 45 },
      symptoms: { chiefComplaint: 'Tosse e febre' },
    },
  });
  return recordId;
}

const readRecord = async (id: string) =>
  (await api().call(recordsApi.get, { params: { id } })).record;

describe('the use of AI in a visit', () => {
  it("adds each answer for the visit to its chart, named by the offline engine, with the doctor's outcome", async () => {
    const recordId = await visitOf();
    const before = Date.now();
    const suggested = await api().call(aiApi.examSuggestions, {
      body: { record: RECORD, caseDescription: CASE, recordId },
    });
    await api().call(aiApi.cidSearch, { body: { text: 'pneumonia', recordId } });
    // Without the visit's id, nothing is attributed to it.
    await api().call(aiApi.cidSearch, { body: { text: 'cefaleia' } });
    expect(suggested.useId).toMatch(/^ai-use-/);

    const record = await readRecord(recordId);
    expect(record.aiUse?.map(({ task, source }) => ({ task, source }))).toEqual([
      { task: 'exam-suggestions', source: OFFLINE_ENGINE_SOURCE },
      { task: 'cid-search', source: OFFLINE_ENGINE_SOURCE },
    ]);
    const at = Date.parse(record.aiUse?.[0]?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(record.aiUse?.[0]).not.toHaveProperty('outcome');

    const { record: marked } = await api().call(recordsApi.setAiUseOutcome, {
      params: { id: recordId, useId: suggested.useId ?? '' },
      body: { outcome: 'edited' },
    });
    expect(marked.aiUse?.[0]?.outcome).toBe('edited');
    // The first word stands: a later 'accepted' from another screen does not undo the edit.
    const { record: again } = await api().call(recordsApi.setAiUseOutcome, {
      params: { id: recordId, useId: suggested.useId ?? '' },
      body: { outcome: 'accepted' },
    });
    expect(again.aiUse?.[0]?.outcome).toBe('edited');
    const refusal = await refusalOf(
      api().call(recordsApi.setAiUseOutcome, {
        params: { id: recordId, useId: suggested.useId ?? '' },
        body: { outcome: 'talvez' as 'accepted' },
      }),
    );
    expect(refusal).toMatchObject({ status: 400, code: 'validation' });
  });

  it('locks the uses with the finalised visit: none added, none changed', async () => {
    const recordId = await visitOf();
    const { useId } = await api().call(aiApi.cidSearch, { body: { text: 'asma', recordId } });
    await api().call(recordsApi.update, {
      params: { id: recordId },
      body: { status: 'finalizado' },
    });
    const after = await api().call(aiApi.cidSearch, { body: { text: 'asma', recordId } });
    expect(after.useId).toBeUndefined();
    expect((await readRecord(recordId)).aiUse).toHaveLength(1);
    expect(
      await refusalOf(
        api().call(recordsApi.setAiUseOutcome, {
          params: { id: recordId, useId: useId ?? '' },
          body: { outcome: 'accepted' },
        }),
      ),
    ).toMatchObject({ status: 409, code: 'record_finalized' });
  });

  it("answers 404 for another doctor's visit, and records nothing in it", async () => {
    const recordId = await visitOf();
    const other = await signUpDoctor(running().server.url, 'Dr. Outro');
    for (const call of [
      () => other.browser.api.call(aiApi.cidSearch, { body: { text: 'asma', recordId } }),
      () =>
        other.browser.api.call(recordsApi.setAiUseOutcome, {
          params: { id: recordId, useId: 'ai-use-x' },
          body: { outcome: 'accepted' },
        }),
    ]) {
      expect(await refusalOf(call())).toMatchObject({ status: 404 });
    }
    expect((await readRecord(recordId)).aiUse).toEqual([]);
  });
});

describe("the patient's word on AI", () => {
  it('keeps who recorded it and when, and a write that leaves it out keeps it', async () => {
    const patient = await patientWith('informada');
    expect(patient.aiConsent?.status).toBe('informada');
    expect(patient.aiConsent?.recordedBy).toBe(running().doctor.name);
    expect(Number.isNaN(Date.parse(patient.aiConsent?.at ?? ''))).toBe(false);
    const { patient: edited } = await api().call(patientsApi.update, {
      params: { id: patient.id },
      body: { name: 'Maria Souza', cpf: '529.982.247-25' },
    });
    expect(edited.aiConsent).toEqual(patient.aiConsent);
    const { patient: refused } = await api().call(patientsApi.update, {
      params: { id: patient.id },
      body: { name: 'Maria Souza', aiConsent: 'recusou' },
    });
    expect(refused.aiConsent?.status).toBe('recusou');
  });

  it('refuses every AI route for a patient who refused: 409 ai_refused, nothing recorded', async () => {
    const patient = await patientWith('recusou');
    const recordId = await visitOf(patient.id);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(64)], { type: 'audio/webm' }), 'a.webm');
    for (const call of [
      () =>
        api().call(aiApi.examSuggestions, {
          body: { record: RECORD, caseDescription: CASE, recordId },
        }),
      () => api().call(aiApi.structuredAnamnesis, { body: { transcript: CASE, recordId } }),
      () => api().call(aiApi.transcribe, { query: { recordId }, body: form }),
      () =>
        api().call(aiApi.chat, {
          body: {
            messages: [{ role: 'user', content: CASE }],
            mode: 'general',
            recordId,
            recordContext: { symptoms: { chiefComplaint: 'Tosse' } },
          },
        }),
      () =>
        api().call(aiApi.chat, {
          body: {
            messages: [{ role: 'user', content: CASE }],
            mode: 'general',
            patientId: patient.id,
          },
        }),
    ]) {
      expect(await refusalOf(call())).toMatchObject({ status: 409, code: 'ai_refused' });
    }
    expect((await readRecord(recordId)).aiUse).toEqual([]);
  });

  it('answers 409 ai_disabled to a doctor who switched AI off, and again once she switches it on', async () => {
    const doctor = await signUpDoctor(running().server.url, 'Dra. Sem IA');
    const { api: hers } = doctor.browser;
    await hers.call(settingsApi.replace, {
      body: { ...DEFAULT_DOCTOR_SETTINGS, aiEnabled: false },
    });
    expect(await refusalOf(hers.call(aiApi.cidSearch, { body: { text: 'asma' } }))).toMatchObject({
      status: 409,
      code: 'ai_disabled',
    });
    await hers.call(settingsApi.replace, { body: { ...DEFAULT_DOCTOR_SETTINGS, aiEnabled: true } });
    expect((await hers.call(aiApi.cidSearch, { body: { text: 'asma' } })).source).toBe('offline');
  });

  it("counts a doctor's own uses of the last 30 days per feature and outcome, and no one else's", async () => {
    const doctor = await signUpDoctor(running().server.url, 'Dra. Monitora');
    const { api: hers } = doctor.browser;
    const { recordId } = await hers.call(recordsApi.create, {
      body: { symptoms: { chiefComplaint: 'Tosse' } },
    });
    const outcomes = ['accepted', 'edited', 'discarded', undefined] as const;
    for (const outcome of outcomes) {
      const { useId } = await hers.call(aiApi.examSuggestions, {
        body: { record: RECORD, caseDescription: CASE, recordId },
      });
      if (outcome) {
        await hers.call(recordsApi.setAiUseOutcome, {
          params: { id: recordId, useId: useId ?? '' },
          body: { outcome },
        });
      }
    }
    await hers.call(aiApi.cidSearch, { body: { text: 'asma', recordId } });

    const summary = await hers.call(settingsApi.aiUse, {});
    expect(Date.now() - Date.parse(summary.since)).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000);
    expect(summary.features).toEqual([
      { task: 'exam-suggestions', total: 4, accepted: 1, edited: 1, discarded: 1 },
      { task: 'cid-search', total: 1, accepted: 0, edited: 0, discarded: 0 },
    ]);
    // Another doctor's uses are hers alone.
    const other = await signUpDoctor(running().server.url, 'Dra. Outra');
    expect((await other.browser.api.call(settingsApi.aiUse, {})).features).toEqual([]);
  });
});
