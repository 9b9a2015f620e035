import { describe, expect, it } from 'vitest';
import { daysUntilExpiry, isHolderName } from './signing-certificate';

describe('isHolderName', () => {
  it.each([
    ['Dra. Ana Lima', 'ANA MARIA LIMA'],
    ['Ana Maria Lima', 'ANA MARIA LIMA'],
    ['Dr. José Conceição', 'JOSE DA CONCEICAO'],
  ])('%j is the holder %j', (typed, holder) => {
    expect(isHolderName(typed, holder)).toBe(true);
  });

  it.each([
    ['Ana Souza', 'ANA MARIA LIMA'],
    ['Lima Ana', 'ANA MARIA LIMA'],
    ['Dra.', 'ANA MARIA LIMA'],
    ['', 'ANA MARIA LIMA'],
  ])('%j is not the holder %j', (typed, holder) => {
    expect(isHolderName(typed, holder)).toBe(false);
  });
});

describe('daysUntilExpiry', () => {
  it('counts whole days, negative once expired', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(daysUntilExpiry({ notAfter: '2026-12-27T12:00:00.000Z' }, now)).toBe(30);
    expect(daysUntilExpiry({ notAfter: '2026-11-26T12:00:00.000Z' }, now)).toBe(-1);
  });
});
