import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './iso-timestamp';

describe('isoTimestamp', () => {
  it('writes what toISOString writes, at the edges of days, months, years and eras', () => {
    const texts = [
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2000-02-29T12:00:00.001Z',
      '1900-02-28T23:59:59.999Z',
      '1900-03-01T00:00:00.000Z',
      '2024-12-31T23:59:59.999Z',
      '2026-11-27T04:55:19.123Z',
      '1600-02-29T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '0001-03-01T07:08:09.010Z',
      '9999-12-31T23:59:59.999Z',
    ];
    for (const text of texts) expect(isoTimestamp(new Date(text))).toBe(text);
  });

  it('agrees with toISOString on twenty thousand dates across the years', () => {
    let seed = 20261127;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let index = 0; index < 20_000; index++) {
      const ms = Math.round((next() * 2 - 1) * 60_000_000_000_000) + Date.UTC(1970, 0, 1);
      const date = new Date(ms);
      expect(isoTimestamp(date)).toBe(date.toISOString());
    }
  });

  it('leaves years beyond 9999 and before 0 to the engine, and an invalid date throws', () => {
    const far = new Date(Date.UTC(10_000, 0, 1));
    expect(isoTimestamp(far)).toBe('+010000-01-01T00:00:00.000Z');
    const before = new Date(Date.UTC(-1, 11, 31));
    expect(isoTimestamp(before)).toBe(before.toISOString());
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
