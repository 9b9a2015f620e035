import { describe, expect, it } from 'vitest';
import { applyRecordUpdate, buildNewRecordContent, normalizeSteps } from './record-write';

const fresh = () => buildNewRecordContent({ patientInfo: { name: 'Maria' }, plan: 'Repouso' });

describe('buildNewRecordContent', () => {
  it('starts em_andamento at patient-info with no step completed', () => {
    const content = buildNewRecordContent({
      userId: 'u',
      patientInfo: { name: 'Maria' },
      symptoms: null,
    });
    expect(content).toEqual({
      patientInfo: { name: 'Maria' },
      status: 'em_andamento',
      currentStep: 'patient-info',
      steps: normalizeSteps(undefined),
    });
  });

  it('keeps the step and completions a client already had (a local record being synchronised)', () => {
    const content = buildNewRecordContent({
      currentStep: 'symptoms',
      steps: [{ type: 'patient-info', completed: true }],
    });
    expect(content.currentStep).toBe('symptoms');
    expect(content.steps[0]).toEqual({ type: 'patient-info', completed: true });
    expect(content.steps).toHaveLength(7);
  });

  it('creates an already finalised record with print-summary completed', () => {
    const content = buildNewRecordContent({ status: 'finalizado' });
    expect(content.status).toBe('finalizado');
    expect(content.steps.at(-1)).toEqual({ type: 'print-summary', completed: true });
  });
});

describe('applyRecordUpdate', () => {
  it('replaces given parts, unsets null ones and keeps the rest', () => {
    const result = applyRecordUpdate(fresh(), { assessment: 'Cefaleia', plan: null });
    expect(result).toEqual({
      ok: true,
      content: { ...fresh(), assessment: 'Cefaleia', plan: undefined },
    });
    expect(result.ok && result.content.plan).toBeUndefined();
  });

  it('resets required parts set to null to their initial value', () => {
    const moved = applyRecordUpdate(fresh(), { currentStep: 'plan' });
    const reset = moved.ok
      ? applyRecordUpdate(moved.content, { currentStep: null, steps: null })
      : moved;
    expect(reset.ok && reset.content.currentStep).toBe('patient-info');
    expect(reset.ok && reset.content.steps).toEqual(normalizeSteps(undefined));
  });

  it('finalising completes print-summary and keeps the content', () => {
    const result = applyRecordUpdate(fresh(), { status: 'finalizado' });
    expect(result.ok && result.content.status).toBe('finalizado');
    expect(
      result.ok && result.content.steps.find((s) => s.type === 'print-summary')?.completed,
    ).toBe(true);
    expect(result.ok && result.content.plan).toBe('Repouso');
  });

  it('refuses to reopen a finalised record', () => {
    const finalised = applyRecordUpdate(fresh(), { status: 'finalizado' });
    if (!finalised.ok) throw new Error('setup');
    expect(applyRecordUpdate(finalised.content, { status: 'em_andamento' })).toEqual({
      ok: false,
      error: 'Um prontuário finalizado não pode voltar a ficar em andamento',
    });
    expect(applyRecordUpdate(finalised.content, { plan: 'Correção' }).ok).toBe(true);
  });

  it('ignores the id and userId echoed by the client', () => {
    expect(applyRecordUpdate(fresh(), { id: 'x', userId: 'y' })).toEqual({
      ok: true,
      content: fresh(),
    });
  });
});
