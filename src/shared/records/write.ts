import {
  RECORD_PARTS,
  RECORD_STEPS,
  canChangeStatus,
  type RecordContent,
  type RecordCreateInput,
  type RecordStatus,
  type RecordStep,
  type RecordStepState,
  type RecordUpdateInput,
} from './medical-record';

/** The content a record holds once every required part has a value. */
export type StoredRecordContent = RecordContent & {
  status: RecordStatus;
  currentStep: RecordStep;
  steps: RecordStepState[];
};

export type RecordWriteResult =
  { ok: true; content: StoredRecordContent } | { ok: false; error: string };

/**
 * All seven steps in order, keeping the completion the caller gave for any of them; with none
 * given, the step list of a new record.
 */
export function normalizeSteps(steps: readonly RecordStepState[] | undefined): RecordStepState[] {
  const completed = new Map(steps?.map((step) => [step.type, step.completed]));
  return RECORD_STEPS.map((type) => ({ type, completed: completed.get(type) ?? false }));
}

/**
 * A new record: starts at patient-info, em_andamento, with no step completed
 * (docs/product.md, "As sete etapas").
 */
export function buildNewRecordContent(input: RecordCreateInput): StoredRecordContent {
  let content: StoredRecordContent = {
    status: 'em_andamento',
    currentStep: input.currentStep ?? 'patient-info',
    steps: normalizeSteps(input.steps ?? undefined),
  };
  for (const part of RECORD_PARTS) {
    const value = input[part];
    if (value !== null && value !== undefined) content = { ...content, [part]: value };
  }
  return input.status === 'finalizado' ? finalize(content) : content;
}

/**
 * Applies a partial update to a stored record: each given part replaces the stored one, `null`
 * unsets it (the step and step list go back to their initial value), absent parts stay as
 * they are.
 * Finalising also completes the print-summary step; a finalised record cannot be reopened.
 */
export function applyRecordUpdate(
  current: StoredRecordContent,
  update: RecordUpdateInput,
): RecordWriteResult {
  const { status, currentStep, steps } = update;
  if (status && !canChangeStatus(current.status, status)) {
    return { ok: false, error: 'Um prontuário finalizado não pode voltar a ficar em andamento' };
  }
  let next: StoredRecordContent = { ...current };
  for (const part of RECORD_PARTS) {
    const value = update[part];
    if (value !== undefined) next = { ...next, [part]: value ?? undefined };
  }
  if (currentStep !== undefined) next.currentStep = currentStep ?? 'patient-info';
  if (steps !== undefined) next.steps = normalizeSteps(steps ?? undefined);
  const finalising = status === 'finalizado' && current.status !== 'finalizado';
  return { ok: true, content: finalising ? finalize(next) : next };
}

/** What a write does to a stored record (see {@link planRecordUpdate}). */
export type RecordUpdatePlan =
  | { kind: 'write'; content: StoredRecordContent }
  | { kind: 'unchanged' }
  | { kind: 'finalized' }
  | { kind: 'rejected'; error: string };

/**
 * Decides a write before it happens. A finalised record's content is locked (CFM 1.821/2007;
 * corrections are addenda): a write that would change any of it is `finalized`, a bare request
 * to reopen it is `rejected` as before. A write that leaves the record reading exactly as it
 * does is `unchanged` (no new version, so no other device sees a conflict). Otherwise, the
 * content to write.
 */
export function planRecordUpdate(
  current: StoredRecordContent,
  update: RecordUpdateInput,
): RecordUpdatePlan {
  if (current.status === 'finalizado') {
    const { status: _status, ...content } = update;
    const result = applyRecordUpdate(current, content);
    if (result.ok && !sameRecordContent(current, result.content)) return { kind: 'finalized' };
  }
  const result = applyRecordUpdate(current, update);
  if (!result.ok) return { kind: 'rejected', error: result.error };
  if (sameRecordContent(current, result.content)) return { kind: 'unchanged' };
  if (current.status === 'finalizado') return { kind: 'finalized' };
  return { kind: 'write', content: result.content };
}

/**
 * Whether two record contents read the same. Object keys may come in any order (JSONB does not
 * keep it) and a key holding `undefined` is the same as a missing one; array order matters.
 */
export function sameRecordContent(a: StoredRecordContent, b: StoredRecordContent): boolean {
  return sameJsonValue(a, b);
}

function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJsonValue(item, b[index]))
    );
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keysOf = (value: Record<string, unknown>) =>
    Object.keys(value).filter((key) => value[key] !== undefined);
  const keys = keysOf(a);
  return (
    keys.length === keysOf(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJsonValue(a[key], b[key]))
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function finalize(content: StoredRecordContent): StoredRecordContent {
  return {
    ...content,
    status: 'finalizado',
    steps: content.steps.map((step) =>
      step.type === 'print-summary' ? { ...step, completed: true } : step,
    ),
  };
}
