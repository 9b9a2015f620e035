import { describe, expect, it } from 'vitest';
import {
  digitsOf,
  formatCns,
  formatCpf,
  isValidCns,
  isValidCpf,
  maskCns,
  maskCpf,
} from './identifiers';

// Check digits worked out by hand (and by an independent script), not by this module.
describe('isValidCpf', () => {
  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '123.456.789-09',
    ' 123 456 789 09 ',
  ])('takes %s', (cpf) => expect(isValidCpf(cpf)).toBe(true));

  it.each([
    ['a wrong second check digit', '529.982.247-24'],
    ['a wrong first check digit', '529.982.247-35'],
    ['all the same digit', '111.111.111-11'],
    ['zeros', '000.000.000-00'],
    ['10 digits', '529.982.247-2'],
    ['12 digits', '529.982.247-255'],
    ['letters', '529.982.247-2A'],
    ['nothing', ''],
  ])('refuses %s', (_why, cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe('isValidCns', () => {
  it.each([
    ['a definitive card (1…)', '123456789010000'],
    ['a definitive card (2…)', '200000000000003'],
    ['a provisional card (8…), as printed', '898 0010 2800 0008'],
    ['a provisional card (7…)', '700000000000005'],
  ])('takes %s', (_why, cns) => expect(isValidCns(cns)).toBe(true));

  it.each([
    ['a wrong check', '898 0010 2800 0007'],
    ['a first digit no card has (3…)', '300000000000001'],
    ['14 digits', '89800102800000'],
    ['letters', '898 0010 2800 000X'],
  ])('refuses %s', (_why, cns) => expect(isValidCns(cns)).toBe(false));
});

describe('showing the identifiers', () => {
  it('keeps the digits only, and writes them in the usual form', () => {
    expect(digitsOf('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCns('898001028000008')).toBe('898 0010 2800 0008');
  });

  it('hides all but the last four digits', () => {
    expect(maskCpf('52998224725')).toBe('•••.•••.•47-25');
    expect(maskCns('898001028000008')).toBe('••• •••• •••• 0008');
  });
});
