import { describe, expect, it } from 'vitest';
import { pregnancyCanApply, statesPregnancy } from './pregnancy-applies';

describe('whether a pregnancy can apply', () => {
  it('asks a woman from 10 to 55, or one whose age is not yet known', () => {
    expect(pregnancyCanApply({ gender: 'feminino', age: 32 })).toBe(true);
    expect(pregnancyCanApply({ gender: 'feminino', age: 10 })).toBe(true);
    expect(pregnancyCanApply({ gender: 'feminino', age: 55 })).toBe(true);
    expect(pregnancyCanApply({ gender: 'feminino' })).toBe(true);
    expect(pregnancyCanApply({ gender: 'outro', age: 28 })).toBe(true);
  });

  it('does not ask a man, a patient of unknown sex, a girl of 9 or a woman of 67', () => {
    expect(pregnancyCanApply({ gender: 'masculino', age: 30 })).toBe(false);
    expect(pregnancyCanApply({ age: 30 })).toBe(false);
    expect(pregnancyCanApply(undefined)).toBe(false);
    expect(pregnancyCanApply({ gender: 'feminino', age: 9 })).toBe(false);
    expect(pregnancyCanApply({ gender: 'feminino', age: 56 })).toBe(false);
    expect(pregnancyCanApply({ gender: 'feminino', age: 67 })).toBe(false);
  });

  it('keeps a stale tick from being stated', () => {
    expect(statesPregnancy({ gender: 'feminino', age: 30, pregnant: true })).toBe(true);
    expect(statesPregnancy({ gender: 'feminino', age: 67, pregnant: true })).toBe(false);
    expect(statesPregnancy({ gender: 'masculino', pregnant: true })).toBe(false);
    expect(statesPregnancy({ gender: 'feminino', age: 30 })).toBe(false);
  });
});
