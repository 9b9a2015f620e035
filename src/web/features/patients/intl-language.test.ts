import { describe, expect, it } from 'vitest';
import { isIntlLanguage } from './intl-language';

describe('isIntlLanguage', () => {
  it('accepts the languages browsers report', () => {
    expect(isIntlLanguage('pt-BR')).toBe(true);
    expect(isIntlLanguage('en-us')).toBe(true);
  });

  it("refuses what a Chromium under LANG=C reports, on which uPlot's module would throw", () => {
    expect(isIntlLanguage('en-US@posix')).toBe(false);
    expect(() => new Intl.NumberFormat('en-US@posix')).toThrow(RangeError);
    expect(isIntlLanguage('')).toBe(false);
  });
});
