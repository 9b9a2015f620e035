import { describe, expect, it } from 'vitest';
import { parseWorkspaceSearch } from './workspace-views';

describe('parseWorkspaceSearch', () => {
  it('falls back to the chat on an unknown or default view', () => {
    expect(parseWorkspaceSearch({})).toEqual({});
    expect(parseWorkspaceSearch({ view: 'chat' })).toEqual({});
    expect(parseWorkspaceSearch({ view: 'pacientes' })).toEqual({});
  });

  it('keeps the record view’s display mode, not the form', () => {
    expect(parseWorkspaceSearch({ view: 'medical-record', mode: 'report' })).toEqual({
      view: 'medical-record',
      mode: 'report',
    });
    expect(parseWorkspaceSearch({ view: 'medical-record', mode: 'form' })).toEqual({
      view: 'medical-record',
    });
  });

  it('reads the patients list, and a patient’s chart by her id', () => {
    expect(parseWorkspaceSearch({ view: 'patients' })).toEqual({ view: 'patients' });
    expect(
      parseWorkspaceSearch({
        view: 'patients',
        patient: 'patient-0b7c6a1e-8a53-4b7e-9d61-2f0e0c1f5a10',
      }),
    ).toEqual({ view: 'patients', patient: 'patient-0b7c6a1e-8a53-4b7e-9d61-2f0e0c1f5a10' });
  });

  it('drops a patient id that no patient could have', () => {
    for (const patient of ['', 'a/b', '../x', 'x'.repeat(201), 42, ['patient-1'], 'p\u0000']) {
      expect(parseWorkspaceSearch({ view: 'patients', patient })).toEqual({ view: 'patients' });
    }
  });

  it('keeps a patient only with the patients view, a mode only with the record view', () => {
    expect(parseWorkspaceSearch({ view: 'medical-record', patient: 'patient-1' })).toEqual({
      view: 'medical-record',
    });
    expect(parseWorkspaceSearch({ view: 'patients', mode: 'report' })).toEqual({
      view: 'patients',
    });
  });
});
