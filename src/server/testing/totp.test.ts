import { describe, expect, it } from 'vitest';
import { computeTotpCode, decodeBase32 } from './totp';

describe('computeTotpCode', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890", last 6 of the 8-digit values.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('decodes base32', () => {
    expect(decodeBase32(rfcSecret).toString()).toBe('12345678901234567890');
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC 6238 code at %i s', (seconds, code) => {
    expect(computeTotpCode(rfcSecret, seconds * 1000)).toBe(code);
  });
});
