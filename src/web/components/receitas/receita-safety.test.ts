import { describe, expect, it } from 'vitest';
import { isClearedForSigning, receitaSafetyHold, type ReceitaSafety } from './receita-safety';

const answered: ReceitaSafety = { warnings: [], checking: false, awaitingReason: false };
const checking: ReceitaSafety = { warnings: [], checking: true, awaitingReason: false };
const awaiting: ReceitaSafety = { warnings: [], checking: false, awaitingReason: true };

const safety = new Map<string, ReceitaSafety>([
  ['answered', answered],
  ['checking', checking],
  ['awaiting', awaiting],
]);
const receitas = (...ids: string[]) => ids.map((id) => ({ id }));

describe('receitaSafetyHold', () => {
  it('holds nothing when every check has answered without a reason awaited', () => {
    expect(receitaSafetyHold(safety, receitas('answered'))).toBeUndefined();
    expect(receitaSafetyHold(safety, [])).toBeUndefined();
  });

  it('holds receitas whose check has not answered, before any awaiting a reason', () => {
    expect(receitaSafetyHold(safety, receitas('answered', 'checking'))).toBe('checking');
    expect(receitaSafetyHold(safety, receitas('awaiting', 'checking'))).toBe('checking');
  });

  it('holds a receita with a grave warning awaiting the doctor’s reason', () => {
    expect(receitaSafetyHold(safety, receitas('answered', 'awaiting'))).toBe('awaitingReason');
  });

  it('counts a receita never checked as still checking', () => {
    expect(receitaSafetyHold(safety, receitas('answered', 'unknown'))).toBe('checking');
  });
});

describe('isClearedForSigning', () => {
  it('clears only a receita whose check answered with no reason awaited', () => {
    expect(isClearedForSigning(safety, { id: 'answered' })).toBe(true);
    expect(isClearedForSigning(safety, { id: 'checking' })).toBe(false);
    expect(isClearedForSigning(safety, { id: 'awaiting' })).toBe(false);
    expect(isClearedForSigning(safety, { id: 'unknown' })).toBe(false);
  });
});
