import { describe, expect, it } from 'vitest';
import { localDay } from './local-day';

describe('localDay', () => {
  it("is the day on this machine's calendar, with two-digit month and day", () => {
    expect(localDay(new Date(2026, 2, 1, 23, 59))).toBe('2026-03-01');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});
