import { RECORD_PARTS } from './medical-record';
import type { WorkingRecord } from './flow';

/**
 * Two versions of one record as one, losing nothing that was saved (docs/durabilidade.md,
 * "Fechar o navegador no meio da consulta"): the safe choice of the conflict dialog. Part by part
 * and field by field, what only one version has is kept; a text one version continues is the
 * longer one; lists keep every item of the saved version and add this device's other items.
 * Where both versions hold different values (a true clash), the saved one stays.
 * @param mine - the record as this device has it
 * @param saved - the newer version the server holds
 * @returns the merged record, on the saved version (its id, version and status)
 */
export function mergeRecordVersions(mine: WorkingRecord, saved: WorkingRecord): WorkingRecord {
  let merged: WorkingRecord = { ...saved, currentStep: mine.currentStep };
  for (const part of RECORD_PARTS) {
    const value = mergeValue(mine[part], saved[part]);
    merged = { ...merged, [part]: value };
  }
  const done = new Set(
    [...mine.steps, ...saved.steps].filter((step) => step.completed).map((step) => step.type),
  );
  merged.steps = saved.steps.map((step) => ({ ...step, completed: done.has(step.type) }));
  return merged;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const idOf = (item: unknown) =>
  isObject(item) && typeof item.id === 'string' ? item.id : JSON.stringify(item);

function mergeValue(mine: unknown, saved: unknown): unknown {
  if (isEmpty(saved)) return isEmpty(mine) ? saved : mine;
  if (isEmpty(mine)) return saved;
  if (typeof mine === 'string' && typeof saved === 'string') {
    return mine.startsWith(saved) ? mine : saved;
  }
  if (Array.isArray(mine) && Array.isArray(saved)) {
    const savedItems: unknown[] = saved;
    const kept = new Set(savedItems.map(idOf));
    return [...savedItems, ...(mine as unknown[]).filter((item) => !kept.has(idOf(item)))];
  }
  if (isObject(mine) && isObject(saved)) {
    const keys = new Set([...Object.keys(saved), ...Object.keys(mine)]);
    return Object.fromEntries([...keys].map((key) => [key, mergeValue(mine[key], saved[key])]));
  }
  return saved;
}
