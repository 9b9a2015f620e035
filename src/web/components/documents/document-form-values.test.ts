import { describe, expect, it } from 'vitest';
import { documentBodyFrom, formValuesOf } from './document-form-values';

describe('the new-document form', () => {
  it('round-trips a pre-filled exam request, one exam per line', () => {
    const values = formValuesOf({
      kind: 'exames',
      content: { exams: [{ name: 'Hemograma' }, { name: 'TSH' }], clinicalIndication: 'Fadiga' },
    });
    expect(values.exams).toBe('Hemograma\nTSH');
    expect(documentBodyFrom({ ...values, exams: 'Hemograma\n\n  TSH  \n' })).toEqual({
      body: {
        kind: 'exames',
        content: { exams: [{ name: 'Hemograma' }, { name: 'TSH' }], clinicalIndication: 'Fadiga' },
      },
    });
  });

  it("says what is wrong under each field, in the API's words", () => {
    const values = formValuesOf({
      kind: 'atestado',
      content: { days: 1, startDate: '2026-11-27', showCid: false },
    });
    const outcome = documentBodyFrom({ ...values, days: '', showCid: true });
    expect(outcome).toEqual({
      errors: {
        days: 'Informe os dias de afastamento.',
      },
    });
    const withDays = documentBodyFrom({ ...values, showCid: true });
    expect(withDays).toEqual({
      errors: { cid: 'Informe o CID-10 que a paciente autorizou constar no atestado.' },
    });
  });

  it('sends a CID only with the patient’s authorisation', () => {
    const values = formValuesOf({
      kind: 'exames',
      content: { exams: [{ name: 'TSH' }], clinicalIndication: 'Fadiga', cid: 'E03.9' },
    });
    expect(values).toMatchObject({ showCid: false, cid: 'E03.9' });
    expect(documentBodyFrom(values)).toEqual({
      body: { kind: 'exames', content: { exams: [{ name: 'TSH' }], clinicalIndication: 'Fadiga' } },
    });
    expect(documentBodyFrom({ ...values, showCid: true })).toEqual({
      body: {
        kind: 'exames',
        content: { exams: [{ name: 'TSH' }], clinicalIndication: 'Fadiga', cid: 'E03.9' },
      },
    });
  });
});
