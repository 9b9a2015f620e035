import { describe, expect, it } from 'vitest';
import {
  applyRecordUpdate,
  buildNewRecordContent,
  normalizeSteps,
  planRecordUpdate,
  sameRecordContent,
} from './write';

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

describe('planRecordUpdate', () => {
  const finalised = () =>
    buildNewRecordContent({ patientInfo: { name: 'Ana' }, status: 'finalizado' });

  it('writes a real change to a record in progress', () => {
    expect(planRecordUpdate(fresh(), { plan: 'Retorno em 7 dias' })).toEqual({
      kind: 'write',
      content: { ...fresh(), plan: 'Retorno em 7 dias' },
    });
  });

  it('calls a write that leaves the record as it reads unchanged', () => {
    const current = fresh();
    expect(planRecordUpdate(current, {})).toEqual({ kind: 'unchanged' });
    expect(planRecordUpdate(current, { plan: 'Repouso', symptoms: null })).toEqual({
      kind: 'unchanged',
    });
    expect(
      planRecordUpdate(current, {
        status: 'em_andamento',
        currentStep: 'patient-info',
        steps: normalizeSteps(undefined),
        patientInfo: { name: 'Maria' },
      }),
    ).toEqual({ kind: 'unchanged' });
  });

  it('sees moving to another step as a change', () => {
    expect(planRecordUpdate(fresh(), { currentStep: 'symptoms' }).kind).toBe('write');
  });

  it('refuses any change to a finalised record, and accepts one that changes nothing', () => {
    expect(planRecordUpdate(finalised(), { symptoms: { chiefComplaint: 'Tosse' } })).toEqual({
      kind: 'finalized',
    });
    expect(planRecordUpdate(finalised(), { patientInfo: null }).kind).toBe('finalized');
    expect(planRecordUpdate(finalised(), { status: 'finalizado' })).toEqual({ kind: 'unchanged' });
    expect(planRecordUpdate(finalised(), { patientInfo: { name: 'Ana' } }).kind).toBe('unchanged');
  });

  it('still refuses a bare reopening as bad input, and a reopening with changes as locked', () => {
    expect(planRecordUpdate(finalised(), { status: 'em_andamento' }).kind).toBe('rejected');
    expect(
      planRecordUpdate(finalised(), { status: 'em_andamento', patientInfo: { name: 'Ana' } }).kind,
    ).toBe('rejected');
    // A device that missed the finalisation sends its whole record, status and all.
    expect(planRecordUpdate(finalised(), { status: 'em_andamento', plan: 'Novo' }).kind).toBe(
      'finalized',
    );
  });
});

describe('sameRecordContent', () => {
  it('ignores key order and keys holding undefined', () => {
    const a = { ...fresh(), patientInfo: { name: 'Maria', age: 40 } };
    const b = { ...fresh(), plan: 'Repouso', patientInfo: { age: 40, name: 'Maria' } };
    expect(sameRecordContent(a, b)).toBe(true);
    expect(sameRecordContent({ ...a, assessment: undefined }, b)).toBe(true);
  });

  it('tells apart a different value, a missing key and a reordered list', () => {
    const base = { ...fresh(), patientInfo: { name: 'Maria', allergies: ['a', 'b'] } };
    expect(sameRecordContent(base, { ...base, patientInfo: { name: 'Maria' } })).toBe(false);
    expect(
      sameRecordContent(base, { ...base, patientInfo: { name: 'Maria', allergies: ['b', 'a'] } }),
    ).toBe(false);
    expect(sameRecordContent(base, { ...base, plan: 'Outro' })).toBe(false);
    expect(sameRecordContent(base, { ...base, assessment: '' })).toBe(false);
  });
});
