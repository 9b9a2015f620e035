import { describe, expect, it } from 'vitest';
import { mustKeepRecord, retentionEndOf, retentionRefusal } from './retention';

describe('record retention', () => {
  it('keeps a record 20 calendar years from its last entry', () => {
    const last = new Date(2026, 11, 5, 10, 30);
    expect(retentionEndOf(last)).toEqual(new Date(2046, 11, 5, 10, 30));
    expect(mustKeepRecord(last, new Date(2046, 11, 5, 10, 29))).toBe(true);
    expect(mustKeepRecord(last, new Date(2046, 11, 5, 10, 31))).toBe(false);
  });

  it('refuses naming the law, the period and the day', () => {
    const text = retentionRefusal(new Date(2026, 11, 5, 10, 30));
    expect(text).toContain('Lei 13.787/2018');
    expect(text).toContain('20 anos a partir do último registro');
    expect(text).toContain('até 05/12/2046');
    expect(text).toContain('Nada foi apagado.');
  });
});
