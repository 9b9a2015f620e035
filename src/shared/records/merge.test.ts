import { describe, expect, it } from 'vitest';
import { newWorkingRecord, type WorkingRecord } from './flow';
import { mergeRecordVersions } from './merge';

const base = (): WorkingRecord => ({
  ...newWorkingRecord('medical-record-1', new Date('2026-12-06T10:00:00Z')),
  version: 4,
});

describe('mergeRecordVersions', () => {
  it('keeps every saved medicine and adds what only this device has', () => {
    const saved: WorkingRecord = {
      ...base(),
      version: 5,
      prescriptions: {
        medications: [{ id: 'm1', name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' }],
      },
      plan: '- Analgesia',
    };
    const mine: WorkingRecord = {
      ...base(),
      currentStep: 'plan',
      prescriptions: {
        medications: [{ id: 'm2', name: 'Ibuprofeno', dosage: '600 mg', frequency: '8/8h' }],
      },
      plan: '- Analgesia\n- Retorno em 15 dias',
      assessment: 'Cefaleia tensional',
    };
    const merged = mergeRecordVersions(mine, saved);
    expect(merged.version).toBe(5);
    expect(merged.currentStep).toBe('plan');
    expect(merged.prescriptions?.medications?.map((medication) => medication.name)).toEqual([
      'Paracetamol',
      'Ibuprofeno',
    ]);
    // A text this device continued is the longer one; a part only it has is kept.
    expect(merged.plan).toBe('- Analgesia\n- Retorno em 15 dias');
    expect(merged.assessment).toBe('Cefaleia tensional');
  });

  it('keeps the saved value where both versions hold different ones', () => {
    const saved: WorkingRecord = {
      ...base(),
      version: 5,
      patientInfo: { name: 'Paula Reis da Silva', age: 40 },
    };
    const mine: WorkingRecord = { ...base(), patientInfo: { name: 'Paula R.', age: 41 } };
    const merged = mergeRecordVersions(mine, saved);
    expect(merged.patientInfo).toEqual({ name: 'Paula Reis da Silva', age: 40 });
    // Nothing of the saved version is ever lost, whichever version is passed as mine.
    expect(mergeRecordVersions(saved, saved)).toEqual({ ...saved, currentStep: saved.currentStep });
  });

  it('completes a step either version completed', () => {
    const saved = base();
    const mine: WorkingRecord = {
      ...base(),
      steps: base().steps.map((step) =>
        step.type === 'prescriptions' ? { ...step, completed: true } : step,
      ),
    };
    const merged = mergeRecordVersions(mine, { ...saved, version: 5 });
    expect(merged.steps.find((step) => step.type === 'prescriptions')?.completed).toBe(true);
  });
});
