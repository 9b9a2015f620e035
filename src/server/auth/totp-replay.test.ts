import { describe, expect, it } from 'vitest';
import { hotpCode, matchingTotpStep, TOTP_STEP_SECONDS } from './totp-replay';

// RFC 4226, appendix D: the secret "12345678901234567890" and its first codes.
const RFC_KEY = Buffer.from('12345678901234567890', 'utf8');
const RFC_CODES = ['755224', '287082', '359152', '969429', '338314', '254676'];

describe('hotpCode', () => {
  it('gives the RFC 4226 test codes', () => {
    expect(RFC_CODES.map((_, counter) => hotpCode(RFC_KEY, counter))).toEqual(RFC_CODES);
  });
});

describe('matchingTotpStep', () => {
  const at = 1_796_479_000_000;
  const now = Math.floor(at / 1000 / TOTP_STEP_SECONDS);

  it('names the step of a code of the window: the previous, the current or the next', () => {
    for (const step of [now - 1, now, now + 1]) {
      expect(matchingTotpStep(RFC_KEY, hotpCode(RFC_KEY, step), at)).toBe(step);
    }
  });

  it('finds no step for a code outside the window, or not of 6 digits', () => {
    expect(matchingTotpStep(RFC_KEY, hotpCode(RFC_KEY, now - 2), at)).toBeUndefined();
    expect(matchingTotpStep(RFC_KEY, hotpCode(RFC_KEY, now + 2), at)).toBeUndefined();
    expect(matchingTotpStep(RFC_KEY, hotpCode(RFC_KEY, now).slice(0, 5), at)).toBeUndefined();
    expect(matchingTotpStep(RFC_KEY, `${hotpCode(RFC_KEY, now)}0`, at)).toBeUndefined();
  });
});
